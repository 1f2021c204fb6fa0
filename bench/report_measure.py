"""The measuring half of bench/report.py: runs the kernels through asc-opt,
asc-run and the placement oracle, and times the pass; returns the
measurements as data (the JSON `--data` writes) for report_render.py.
"""
import datetime
import json
import os
import pathlib
import platform
import re
import subprocess
import sys
import tempfile

# The benchmark modules beside this script (bench/ is on sys.path when it
# runs; the report's tests put it there).
import analysis_scaling as scaling
import oracle_placement

ROOT = pathlib.Path(__file__).resolve().parent.parent


def log(*args):
    print(*args, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------

# name -> bench_kernel.py arguments (full run, quick run)
BENCH_KERNELS = {
    "bench-rounds": (["--shape", "rounds", "--ops", "48", "--objects", "2",
                      "--vector-ops", "6", "--waits-after-issue"],
                     ["--shape", "rounds", "--ops", "30", "--objects", "2",
                      "--vector-ops", "2", "--waits-after-issue"]),
    # The same kernel with every output's extent stated (asc.output_elements,
    # which asc-run checks): the alias doubt between the objects' outputs
    # that stops the placement on bench-rounds is gone.
    "bench-rounds-stated": (["--shape", "rounds", "--ops", "48", "--objects",
                             "2", "--vector-ops", "6", "--waits-after-issue",
                             "--output-elements", "256"],
                            ["--shape", "rounds", "--ops", "30", "--objects",
                             "2", "--vector-ops", "2", "--waits-after-issue",
                             "--output-elements", "256"]),
    "bench-objects": (["--shape", "objects", "--size", "4"],
                      ["--shape", "objects", "--size", "2"]),
    "bench-unwaited": (["--shape", "unwaited", "--size", "4"],
                       ["--shape", "unwaited", "--size", "2"]),
}


def kernels(tmp, quick):
    """[(name, kernel path, launch path)]: the examples with a launch file,
    then the generated benchmark kernels."""
    out = []
    for mlir in sorted((ROOT / "examples").glob("*.mlir")):
        launch = mlir.with_name(mlir.stem + ".launch.json")
        if launch.exists():
            out.append((mlir.stem, mlir, launch))
    for name, (full, small) in BENCH_KERNELS.items():
        mlir = tmp / f"{name}.mlir"
        launch = tmp / f"{name}.launch.json"
        with open(mlir, "w") as f:
            subprocess.run([sys.executable, str(ROOT / "bench" / "bench_kernel.py")]
                           + (small if quick else full) + ["--launch", str(launch)],
                           stdout=f, check=True)
        out.append((name, mlir, launch))
    return out


class Tools:
    def __init__(self, build):
        self.opt = str(pathlib.Path(build) / "bin" / "asc-opt")
        self.run = str(pathlib.Path(build) / "bin" / "asc-run")
        opt_help = subprocess.run([self.opt, "--help"], capture_output=True,
                                  text=True).stdout
        run_help = subprocess.run([self.run, "--help"], capture_output=True,
                                  text=True).stdout
        self.pipeline = "pipeline-loops" in opt_help or \
            "pipeline-loops" in run_help
        self.run_pipeline_flag = "--asc-pipeline-loops" in run_help
        self.cost_sweep = "--cost-sweep" in run_help

    def asc_run(self, kernel, launch, flags=()):
        """The summed cost of the launch's runs, or {"ok": False, ...}."""
        cmd = [self.run, str(kernel), "--launch", str(launch), "--json"] + \
            list(flags)
        proc = subprocess.run(cmd, capture_output=True, text=True)
        reports = [json.loads(l) for l in proc.stdout.splitlines()
                   if l.startswith("{")]
        if proc.returncode != 0 or not reports or any(
                r.get("verdict") != "ok" for r in reports):
            why = ",".join(sorted({r.get("verdict", "?") for r in reports})) \
                or (proc.stderr.strip().splitlines() or ["?"])[-1]
            return {"ok": False, "why": why}
        return oracle_placement.summarize(reports)

    def opt_to(self, kernel, flags, out):
        proc = subprocess.run([self.opt, str(kernel)] + flags + ["-o", str(out)],
                              capture_output=True, text=True)
        return proc.returncode == 0, proc.stderr


# The oracle's seeds, cap on asc-run runs and exhaustive limit.
ORACLE_FULL = {"seeds": "1,2,3", "cap": 150, "exhaustive": 24}
ORACLE_QUICK = {"seeds": "1", "cap": 4, "exhaustive": 4}


def run_oracle(build, kernel, launch, base, quick, out_mlir):
    cmd = [sys.executable, str(ROOT / "bench" / "oracle_placement.py"),
           str(kernel), "--launch", str(launch), "--build", str(build),
           "--base", base, "--output", str(out_mlir)]
    settings = ORACLE_QUICK if quick else ORACLE_FULL
    cmd += ["--seeds", settings["seeds"], "--cap", str(settings["cap"]),
            "--exhaustive", str(settings["exhaustive"])]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["?"])[-1]
        return {"best": None, "notes": [f"oracle failed: {last}"]}
    return json.loads(proc.stdout)


def remarks(tools, kernel, promote):
    """The placement pass's remarks: {line: text}."""
    option = "emit-remarks=true" + (" promote-sync=true" if promote else "")
    proc = subprocess.run([tools.opt, str(kernel),
                           f"--asc-sync-placement={option}",
                           "--mlir-print-op-on-diagnostic=false", "-o",
                           "/dev/null"], capture_output=True, text=True)
    out = {}
    for line in proc.stderr.splitlines():
        m = re.match(r".*?:(\d+):\d+: remark: (.*)", line)
        if m:
            out.setdefault(int(m.group(1)), m.group(2))
    return out


def loop_remarks(tools, kernel):
    """The loop pipelining pass's remark per candidate loop (pipelined, or
    what blocked it): {line: text}; a kernel with none has no loop that
    issues Matmul work."""
    proc = subprocess.run([tools.opt, str(kernel),
                           "--asc-pipeline-loops=emit-remarks=true",
                           "--mlir-print-op-on-diagnostic=false", "-o",
                           "/dev/null"], capture_output=True, text=True)
    out = {}
    for line in proc.stderr.splitlines():
        m = re.match(r".*?:(\d+):\d+: remark: (loop .*)", line)
        if m:
            out.setdefault(int(m.group(1)), m.group(2))
    return out


def pct(part, whole):
    if whole is None or part is None or whole <= 0:
        return None
    return 100.0 * part / whole


def measure_kernel(tools, build, name, kernel, launch, tmp, quick):
    log(f"report: kernel {name}")
    row = {"kernel": name}
    written = tools.asc_run(kernel, launch)
    placed = tools.asc_run(kernel, launch, ["--asc-sync-placement"])
    promoted = tools.asc_run(kernel, launch, ["--asc-sync-placement",
                                              "--asc-promote-sync"])
    pipelined = None
    if tools.pipeline:
        if tools.run_pipeline_flag:
            pipelined = tools.asc_run(kernel, launch, ["--asc-sync-placement",
                                                       "--asc-pipeline-loops"])
        else:
            out = tmp / f"{name}.pipelined.mlir"
            ok, _ = tools.opt_to(kernel, [
                "--asc-sync-placement=pipeline-loops=true"], out)
            pipelined = tools.asc_run(out, launch) if ok else {
                "ok": False, "why": "asc-opt failed"}
    # The oracle over the kernel as written; over the promoted kernel too
    # when promote-sync changes the code.
    oracles = {"written": run_oracle(build, kernel, launch, "written", quick,
                                     tmp / f"{name}.oracle.mlir")}
    promoted_text = tmp / f"{name}.promoted-base.mlir"
    tools.opt_to(kernel, ["--asc-sync-placement=promote-sync=true "
                          "hoist-issues=false"], promoted_text)
    placed_text = tmp / f"{name}.placed-base.mlir"
    tools.opt_to(kernel, ["--asc-sync-placement=hoist-issues=false"],
                 placed_text)
    if promoted_text.read_text() != placed_text.read_text():
        oracles["promoted"] = run_oracle(build, kernel, launch, "promoted",
                                         quick,
                                         tmp / f"{name}.oracle-promoted.mlir")
    # The pipelined loop structure is a space of its own, reported apart.
    pipelined_oracle = None
    if tools.pipeline:
        pipelined_text = tmp / f"{name}.pipelined-base.mlir"
        tools.opt_to(kernel, ["--asc-sync-placement=pipeline-loops=true "
                              "hoist-issues=false"], pipelined_text)
        if pipelined_text.read_text() != placed_text.read_text():
            pipelined_oracle = run_oracle(
                build, kernel, launch, "pipelined", quick,
                tmp / f"{name}.oracle-pipelined.mlir")
    hand = oracles["written"].get("hand_written") or {"ok": False}

    def cyc(r):
        return r["cycles"] if r and r.get("ok") else None

    def ovl(r):
        return r["overlap"] if r and r.get("ok") else None

    best = {base: o.get("best") for base, o in oracles.items()}
    ow, op = best.get("written"), best.get("promoted")
    overall = min((b for b in (ow, op) if b), key=lambda b: b["cycles"],
                  default=None)
    row.update({
        "hand-written cycles": cyc(hand),
        "as written cycles": cyc(written),
        "placed cycles": cyc(placed),
        "promote-sync cycles": cyc(promoted),
        "pipelined cycles": cyc(pipelined) if tools.pipeline else "n/a",
        "oracle cycles": cyc(overall),
        "oracle base": ("promoted" if overall is op and op else "written")
        if overall else None,
        "limit cycles": (written.get("limit_cycles") if written.get("ok")
                         else None),
        "placed overlap": ovl(placed),
        "oracle overlap (as written)": ovl(ow),
        "placement overlap % of oracle": pct(ovl(placed), ovl(ow)),
        "promote-sync overlap": ovl(promoted),
        "oracle overlap (promoted)": ovl(op) if op else ovl(ow),
        "promote-sync overlap % of oracle": pct(
            ovl(promoted), ovl(op) if op else ovl(ow)),
        "oracle search": "; ".join(
            f"{base}: {o.get('search', '?')}, space {o.get('space', '?')}, "
            f"{o.get('runs', '?')} runs" + (" (capped)" if o.get("capped") else "")
            for base, o in oracles.items()),
        "oracle verify-sync": "; ".join(
            f"{base}: " + ("accepts" if b.get("verify") else "rejects")
            for base, b in best.items() if b),
        "limit per block": written.get("limit_per_block"),
        "oracle pipelined cycles": cyc(pipelined_oracle.get("best"))
        if pipelined_oracle else None,
        "oracle pipelined verify-sync": (
            "accepts" if pipelined_oracle["best"].get("verify") else "rejects")
        if pipelined_oracle and pipelined_oracle.get("best") else None,
        "oracle pipelined search": (
            f"{pipelined_oracle.get('search', '?')}, space "
            f"{pipelined_oracle.get('space', '?')}, "
            f"{pipelined_oracle.get('runs', '?')} runs"
            + (" (capped)" if pipelined_oracle.get("capped") else ""))
        if pipelined_oracle else None,
    })
    # A looping kernel (a loop that issues Matmul work): its best run with
    # the loop rotated or promoted against the pipelined bound of that run.
    loops = loop_remarks(tools, kernel) if tools.pipeline else {}
    looped = [(label, r) for label, r in (("pipelined", pipelined),
                                          ("promote-sync", promoted))
              if r and r.get("ok") and r.get("pipelined_bound_cycles")]
    if loops and looped:
        label, best_run = min(looped, key=lambda lr: lr[1]["cycles"])
        row.update({
            "loops": "; ".join(f"line {l}: {t}" for l, t in sorted(loops.items())),
            "pipelined bound cycles": best_run["pipelined_bound_cycles"],
            "looped best": label,
            "looped / pipelined bound": best_run["cycles"]
            / best_run["pipelined_bound_cycles"]})
    # Shortfalls: the remarks at the waits the oracle put elsewhere than the
    # pass did (the oracle's moves name them by source line).
    reasons = []
    for base, o in oracles.items():
        b = o.get("best")
        cycles_of = placed if base == "written" else promoted
        if not b or not cycles_of.get("ok") or \
                cycles_of["cycles"] <= b["cycles"]:
            continue
        marks = remarks(tools, kernel, base == "promoted")
        moved = {m["id"]: m for m in o["movables"]}
        lines = sorted({moved[i]["line"] for i in b.get("moves", {})
                        if moved[i]["kind"] == "wait"})
        found = [f"line {l}: {marks[l]}" for l in lines if l in marks]
        if not found:
            found = [f"line {l}: {t}" for l, t in sorted(marks.items())]
        issues = sorted({moved[i]["line"] for i in b.get("moves", {})
                         if moved[i]["kind"] == "issue"})
        label = "placed" if base == "written" else "promote-sync"
        text = f"{label}: " + (" | ".join(found) or "no remark")
        if issues:
            text += f" (the oracle also moves the issues at lines {issues})"
        reasons.append(text)
    row["shortfall reason"] = " || ".join(reasons)
    for base, o in oracles.items():
        for note in o.get("notes", []):
            row.setdefault("notes", []).append(f"oracle ({base}): {note}")
    failed = [f"{label}: {r.get('why')}" for label, r in
              (("as written", written), ("placed", placed),
               ("promote-sync", promoted), ("hand-written", hand),
               ("pipelined", pipelined)) if r and not r.get("ok")]
    if failed:
        row.setdefault("notes", []).extend(failed)
    # The sensitivity: the placed kernel and the oracle's candidate
    # re-costed at each assumed parameter's ends.
    row["sweep"] = []
    oracle_file = tmp / f"{name}.oracle.mlir"
    if tools.cost_sweep and ow and oracle_file.exists():
        sp = tools.asc_run(kernel, launch, ["--asc-sync-placement", "--cost-sweep"])
        so = tools.asc_run(oracle_file, launch, ["--asc-verify-sync=false",
                                                 "--cost-sweep"])
        if sp.get("ok") and so.get("ok"):
            row["sweep"] = sweep_pct(sp["sweep"], so["sweep"])
    return row


def sweep_pct(placed, oracle):
    """{(param, value): placed overlap % of the oracle's}, summed over the
    launches."""
    def total(entries):
        out = {}
        for e in entries:
            key = (e["param"], e["value"])
            out[key] = out.get(key, 0) + e["overlap_cycles"]
        return out
    p, o = total(placed), total(oracle)
    return [[key[0], key[1], pct(p[key], o.get(key))] for key in p]


# ---------------------------------------------------------------------------
# Compile time
# ---------------------------------------------------------------------------

def op_count(path):
    # Every op of the generated kernels stands on a line of its own.
    n = 0
    with open(path) as f:
        for line in f:
            s = line.strip()
            if s and not s.startswith(("//", "}", "!", "^")) and s != "{":
                n += 1
    return n


def compile_time(tools, tmp, quick, repeat):
    if quick:
        ops_sizes = [1_000, 4_000]
        shapes = {"objects": [10, 40], "unwaited": [16, 64]}
    else:
        ops_sizes = [1_000, 10_000, 100_000, 1_000_000]
        shapes = {"objects": [100, 1_000, 10_000],
                  "unwaited": [160, 1_600, 16_000]}
    cases = []
    for n in ops_sizes:
        cases.append(("10k-op functions", n,
                      ["--shape", "rounds", "--ops", str(n), "--functions",
                       str(max(1, n // 10_000))]))
    for n in ops_sizes:
        cases.append(("one function", n, ["--shape", "rounds", "--ops", str(n),
                                          "--functions", "1"]))
    for shape, sizes in shapes.items():
        for n in sizes:
            cases.append((f"{shape}", n, ["--shape", shape, "--size", str(n)]))
    flags = ["-mlir-timing", "--mlir-disable-threading", "-o", "/dev/null"]
    rows = []
    previous = {}
    for shape, size, gen in cases:
        kernel = tmp / f"ct-{shape.replace(' ', '_')}-{size}.mlir"
        with open(kernel, "w") as f:
            subprocess.run([sys.executable, str(ROOT / "bench" / "bench_kernel.py")]
                           + gen, stdout=f, check=True)
        place = base = None
        peak = 0.0
        for _ in range(repeat):
            err, mb = scaling.run([tools.opt, str(kernel), "--asc-sync-placement",
                                   "--verify-each=false"] + flags)
            t = scaling.timing(err, "AscSyncPlacement")
            place = t if place is None else min(place, t)
            peak = max(peak, mb)
            err, base_mb = scaling.run([tools.opt, str(kernel)] + flags)
            t = scaling.timing(err, "Total")
            base = t if base is None else min(base, t)
        ops = op_count(kernel)
        growth = None
        if shape in previous:
            p_size, p_place = previous[shape]
            growth = (place / max(p_place, 1e-4), size / p_size)
        previous[shape] = (size, place)
        row = {"shape": shape, "size": size, "ops": ops, "place_s": place,
               "base_s": base, "ratio": place / base if base else None,
               "growth": growth, "peak_MB": peak, "base_peak_MB": base_mb}
        log(f"report: compile time {shape} {size}: place {place:.4f}s base "
            f"{base:.4f}s ratio {row['ratio']:.2f} peak {peak:.0f} MB")
        rows.append(row)
    return rows


def machine():
    cpu = platform.processor() or platform.machine()
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = ""
    try:
        kb = int(open("/proc/meminfo").readline().split()[1])
        mem = f", {kb / 1024 / 1024:.0f} GB RAM"
    except (OSError, ValueError, IndexError):
        pass
    return f"{cpu}, {os.cpu_count()} CPUs{mem}, {platform.system()} " \
           f"{platform.release()}"


def git_describe():
    proc = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short",
                           "HEAD"], capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain",
                            "--untracked-files=no"], capture_output=True,
                           text=True).stdout.strip()
    return proc.stdout.strip() + (" (with local changes)" if dirty else "")


def pyasc_tutorials(build):
    """pyasc's tutorial kernels as pyasc emits them and as asc-mlir does
    (bench/pyasc_cycles.py), where PYASC_DIR names a pyasc checkout; None
    without one."""
    if not os.environ.get("PYASC_DIR"):
        return None
    log("report: pyasc's tutorials")
    proc = subprocess.run([sys.executable, str(ROOT / "bench" / "pyasc_cycles.py"),
                           "--build", str(build), "--json-only"],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        return {"error": (proc.stderr.strip().splitlines() or ["?"])[-1]}
    result = json.loads(proc.stdout)
    result["git"] = git_describe()
    return result


def cann_async_fixes(build):
    """CANN's async Atlas A2 samples as written and after `asc-check
    --fix` (bench/cann_samples.py), where ASC_DEVKIT_EXAMPLES names
    asc-devkit's examples/; None without it."""
    examples = os.environ.get("ASC_DEVKIT_EXAMPLES")
    if not examples:
        return None
    log("report: CANN's async samples before and after asc-check --fix")
    import cann_samples
    return {"samples": cann_samples.async_fix_cycles(str(build), examples),
            "git": git_describe()}


def measure(args):
    started = datetime.datetime.now(datetime.timezone.utc)
    tools = Tools(args.build)
    with tempfile.TemporaryDirectory(prefix="asc-report-") as tmp:
        tmp = pathlib.Path(tmp)
        rows = []
        for name, kernel, launch in kernels(tmp, args.quick):
            if args.skip_cycles or (args.only and
                                    name not in args.only.split(",")):
                continue
            rows.append(measure_kernel(tools, args.build, name, kernel, launch,
                                       tmp, args.quick))
        times = [] if args.skip_compile_time else compile_time(
            tools, tmp, args.quick, args.repeat)
    pyasc = pyasc_tutorials(args.build)
    cann_async = cann_async_fixes(args.build)
    elapsed = (datetime.datetime.now(datetime.timezone.utc) - started).seconds
    return {"rows": rows, "times": times, "pyasc": pyasc,
            "cann_async": cann_async, "meta": {
        "quick": args.quick, "repeat": args.repeat,
        "oracle": ORACLE_QUICK if args.quick else ORACLE_FULL,
        "pipeline": tools.pipeline, "cost_sweep": tools.cost_sweep,
        "started": started.strftime("%Y-%m-%d %H:%M"), "elapsed": elapsed,
        "machine": machine(), "git": git_describe()}}
