#!/usr/bin/env python3
"""`make report`: the measured results of the sync placement, written to
docs/Results.md with a CSV (docs/Results.csv) and PNG plots beside it.

1. Cycles per kernel (asc-run's cost model, the launch's seed), for every
   example with a launch file and the benchmark kernels of
   bench/bench_kernel.py (shapes rounds, objects, unwaited; rounds again
   with every output's extent stated, bench-rounds-stated):
     hand-written  each wait right after its issue (-test-asc-apply-placement)
     as written    the kernel as it is
     placed        --asc-sync-placement
     promote-sync  --asc-sync-placement=promote-sync=true
     pipelined     --asc-sync-placement with pipeline-loops, when asc-opt
                   has the option (else "n/a")
     oracle        bench/oracle_placement.py: the fastest race-free placement
                   (several seeds), over the kernel as written and, when
                   promote-sync changes it, over the promoted kernel
     limit         max(cube busy, vector busy) of the slowest block
   then the overlap achieved as a percentage of the oracle's, and for every
   shortfall the pass's remarks (emit-remarks) at the waits the oracle put
   elsewhere.
2. The cost model's sensitivity: the placement's overlap as a percentage of
   the oracle's with each assumed cost parameter at its low and high end
   (asc-run --cost-sweep; "n/a" while asc-run has no sweep). The oracle's
   candidate is re-costed, not searched again.
3. Compile time: --asc-sync-placement's own time as a ratio to parse+verify+
   print (asc-opt without passes), best of --repeat runs, single-threaded,
   from 1k to 1M operations as many 10k-op functions and as one function,
   and for many Matmul objects and many issues in flight, with the peak RSS
   of the placement run.

Plots need matplotlib of the system Python (/usr/bin/python3); the script
installs python3-matplotlib with apt-get when it is missing (--no-plots
skips them).

Usage: bench/report.py [--build DIR] [--out DIR] [--quick] [--no-plots]
  --quick  a smoke run: small kernels and sizes, one seed, a tiny oracle
           cap (seconds to minutes; the numbers mean nothing)
  --skip-cycles / --skip-compile-time, then --render DATA --times-from DATA2:
           the cycles and the compile times measured in two runs (the
           cycles do not depend on the machine's load, the times do)
"""
import argparse
import csv
import datetime
import json
import os
import pathlib
import platform
import re
import shutil
import subprocess
import sys
import tempfile

# The benchmark modules beside this script (bench/ is on sys.path when it
# runs; the report's tests put it there).
import analysis_scaling as scaling
import oracle_placement

ROOT = pathlib.Path(__file__).resolve().parent.parent
PLOT_PYTHON = "/usr/bin/python3"




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


# ---------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------

CSV_COLUMNS = ["kernel", "hand-written cycles", "as written cycles",
               "placed cycles", "promote-sync cycles", "pipelined cycles",
               "oracle cycles", "oracle base", "limit cycles",
               "placed overlap", "oracle overlap (as written)",
               "placement overlap % of oracle", "promote-sync overlap",
               "oracle overlap (promoted)", "promote-sync overlap % of oracle",
               "pass cycles saved % of oracle", "oracle search",
               "oracle verify-sync", "shortfall reason",
               "oracle pipelined cycles", "oracle pipelined verify-sync",
               "oracle pipelined search",
               "pipelined bound cycles", "looped best",
               "looped / pipelined bound", "loops"]


def derive(rows):
    """Columns computed from the measured ones (also when rendering saved
    data): the cycles the pass saves over the hand-written form (its best
    of placed and promote-sync) as a percentage of those the oracle saves."""
    for r in rows:
        hand, oracle = r.get("hand-written cycles"), r.get("oracle cycles")
        passes = [r[c] for c in ("placed cycles", "promote-sync cycles")
                  if isinstance(r.get(c), (int, float))]
        saved = None
        if isinstance(hand, (int, float)) and isinstance(oracle, (int, float)) \
                and passes and hand - oracle > 0:
            saved = 100.0 * (hand - min(passes)) / (hand - oracle)
        r["pass cycles saved % of oracle"] = saved
    return rows


def fmt(value, digits=0):
    if value is None:
        return "—"
    if isinstance(value, str):
        return value
    if isinstance(value, float):
        return f"{value:,.{digits}f}"
    return str(value)


def write_csv(rows, path):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(CSV_COLUMNS)
        for row in rows:
            w.writerow(["" if row.get(c) is None else
                        (f"{row[c]:.{3 if '/' in c else 1}f}"
                         if isinstance(row[c], float) else row[c])
                        for c in CSV_COLUMNS])


def ensure_matplotlib():
    probe = [PLOT_PYTHON, "-c", "import matplotlib"]
    if subprocess.run(probe, capture_output=True).returncode == 0:
        return True
    log("report: installing python3-matplotlib (apt-get)")
    prefix = [] if os.geteuid() == 0 else ["sudo"]
    subprocess.run(prefix + ["apt-get", "install", "-y", "python3-matplotlib"],
                   stdout=subprocess.DEVNULL)
    return subprocess.run(probe, capture_output=True).returncode == 0


def plot(rows, times, out):
    data = out / "results-plot-data.json"
    data.write_text(json.dumps({"kernels": rows, "times": times}))
    try:
        subprocess.run([PLOT_PYTHON, str(ROOT / "bench" / "report_plots.py"),
                        str(data), str(out)], check=True)
    finally:
        data.unlink()


def target_lines(rows, times):
    lines = []
    have = [r for r in rows if r.get("placement overlap % of oracle") is not None]
    below = [r for r in have if r["placement overlap % of oracle"] < 95]
    lines.append(
        f"- Placement at least 95% of the oracle's overlap where the oracle "
        f"finds any: {len(have) - len(below)} of {len(have)} kernels"
        + (" — **not met** on " + ", ".join(
            f"{r['kernel']} ({r['placement overlap % of oracle']:.0f}%)"
            for r in below) if below else " — met") + ".")
    saved = [r for r in rows if r.get("pass cycles saved % of oracle")
             is not None]
    short = [r for r in saved if r["pass cycles saved % of oracle"] < 95]
    lines.append(
        "- The same by cycles (the cycles the pass saves over the "
        "hand-written form, as a percentage of those the oracle saves): "
        f"{len(saved) - len(short)} of {len(saved)} kernels at 95% or more"
        + (" — met" if not short else " — **not met** on " + ", ".join(
            f"{r['kernel']} ({r['pass cycles saved % of oracle']:.0f}%)"
            for r in short)) + ".")
    full = [r for r in have if r["placement overlap % of oracle"] < 99.95]
    lines.append(
        "- 100% of the oracle's overlap where no alias doubt exists: "
        + (f"{len(have) - len(full)} of {len(have)} kernels at 100%"
           + ("" if not full else "; below: " + ", ".join(
               f"{r['kernel']} ({r['placement overlap % of oracle']:.1f}%: "
               f"{r['shortfall reason'] or 'no remark'})" for r in full)))
        + ".")
    pipelined = [r for r in rows if isinstance(r.get("pipelined cycles"),
                                               (int, float))]
    looping = [r for r in rows if isinstance(
        r.get("looped / pipelined bound"), (int, float))]
    if not pipelined:
        lines.append("- Every looping example within 10% of the pipelined "
                     "bound once pipelined: n/a (no `pipeline-loops` option "
                     "in this build).")
    elif not looping:
        lines.append("- Every looping example within 10% of the pipelined "
                     "bound once pipelined: no kernel has a loop that issues "
                     "Matmul work.")
    else:
        far = [r for r in looping if r["looped / pipelined bound"] > 1.10]
        lines.append(
            "- Every looping example within 10% of the pipelined bound once "
            f"pipelined (or promoted): {len(looping) - len(far)} of "
            f"{len(looping)} looping kernels"
            + (" — met" if not far else " — **not met** on " + ", ".join(
                f"{r['kernel']} ({r['looped / pipelined bound']:.2f}x)"
                for r in far)) + ".")
    ratios = [t for t in times if t["ratio"] is not None]
    over = [t for t in ratios if t["ratio"] >= 1.0]
    if not ratios:
        lines.append("- Compile time: not measured in this run.")
        return lines
    lines.append(
        f"- Placement under 1.0x parse+verify+print at every size: "
        + ("met" if not over else "**not met** at " + ", ".join(
            f"{t['shape']} {t['size']:,} ({t['ratio']:.2f}x)" for t in over))
        + f" (largest {max(t['ratio'] for t in ratios):.2f}x).")
    # Growth per 10x of size, on the steps of 10x (smaller steps would
    # magnify the noise of the timer).
    per10 = [(t, t["growth"][0]) for t in times
             if t["growth"] and t["growth"][1] >= 9.5]
    bad = [(t, g) for t, g in per10 if g >= 12]
    if not per10:
        lines.append("- Growth under 12x per 10x: no step of 10x in this run.")
    else:
        lines.append(
            "- Growth under 12x per 10x: " + (
                "met" if not bad else "**not met** at " + ", ".join(
                    f"{t['shape']} to {t['size']:,} ({g:.1f}x per 10x)"
                    for t, g in bad))
            + f" (largest {max(g for _, g in per10):.1f}x per 10x).")
    return lines


def write_markdown(data, out, plots):
    rows, times, meta = data["rows"], data["times"], data["meta"]
    md = []
    cmd = "bench/report.py --quick" if meta["quick"] else "make report"
    md.append("# Measured results: the sync placement against an oracle\n")
    md.append(
        f"Generated by `{cmd}` (`bench/report.py`) on {meta['started']} UTC "
        f"in {max(1, round(meta['elapsed'] / 60))} min, on {meta['machine']}; "
        f"git {meta['git']}. "
        + ("Every number below comes from that one run; " if not meta.get("times")
           else "Every cycle count below comes from that one run; ")
        + "rerun the command to reproduce it (the cycles are asc-run's cost "
        "model, deterministic for a given build; the compile times depend "
        "on the machine and its load, best of "
        f"{meta['repeat']} runs)."
        + (" The tables were rendered again from that run's data "
           "(`bench/report.py --render build/report-data.json`)."
           if meta.get("rendered") else "")
        + (" The compile times come from another run of the report "
           f"(`--times-from`), on {meta['times']['started']} "
           f"UTC (git {meta['times']['git']}, {meta['times']['machine']}), "
           "measured apart so that the load of the oracle's runs does not "
           "bias them (each ratio is still one run's)."
           if meta.get("times") else "") + "\n")
    if meta["quick"]:
        md.append("**This is a smoke run (`--quick`): small sizes, a tiny "
                  "oracle cap; the numbers mean nothing.**\n")
    md.append("## Targets\n")
    md.extend(target_lines(rows, times))
    md.append("")
    md.append("## Method\n")
    md.append(
        "The oracle (`bench/oracle_placement.py`, a tool, not a test) takes "
        "the space from `asc-opt -test-asc-placement-space`: each wait may "
        "stand at any distinct position from right after its issue to the "
        "end of its block, each async issue at any from right after its "
        "operands' definitions to right before a use of its results, "
        "neither across an op on its Matmul object that the protocol "
        "orders with it (a wait may pass the next call's setters); the "
        "order of the async issues of one block (each object's own kept) "
        "is a dimension of its own, since the cube runs them in the order "
        "they are posted. Each candidate "
        "(`-test-asc-apply-placement`) goes through `asc-opt "
        "--asc-verify-sync` (recorded: the analysis is conservative where "
        "it has alias doubt, and the oracle bounds what any placement could "
        "reach) and `asc-run --asc-verify-sync=false` with its race and protocol "
        "checker; a candidate is kept only when every seed "
        f"({meta['oracle']['seeds']}) runs ok. Spaces of at most "
        f"{meta['oracle']['exhaustive']} candidates are searched "
        "exhaustively; larger ones by "
        "a screen (each movable's best race-free gap on its own, by binary "
        "search) and a branch and bound whose node is its optimistic "
        "completion, one search per order of the issues, exact under two "
        "stated assumptions: feasibility is monotone and separable along "
        "each movable's gaps, and, the order of the issues fixed, moving a "
        "wait later or an issue earlier never costs cycles. At most "
        f"{meta['oracle']['cap']} asc-run runs a search; a capped search is "
        "marked. Ties keep the "
        "kernel as written.\n")
    md.append("## Cycles per kernel\n")
    md.append(
        "asc-run's cost model, the launch's seed; `hand-written` is each "
        "wait moved right after its issue, `placed` `--asc-sync-placement`, "
        "`promote` `promote-sync=true`, `pipelined` the `pipeline-loops` "
        "option (" + ("present" if meta["pipeline"] else
                      "n/a: asc-opt has no such option in this build") +
        "), `oracle` the fastest race-free placement `bench/oracle_placement.py` "
        "found (over the kernel as written and, where promote-sync changes "
        "it, over the promoted kernel; race free at seeds "
        f"{meta['oracle']['seeds']}), `limit` max(cube busy, vector busy) of the "
        "slowest block (summed over a file's launches). Overlap: asc-run's "
        "`overlap_cycles`; `placed %` is the placement's overlap as a "
        "percentage of the oracle's over the kernel as written, `promote %` "
        "promote-sync's against the oracle over the promoted kernel "
        "(— where the oracle finds no overlap). `cycles saved %`: the "
        "cycles the pass saves over the hand-written form (the better of "
        "placed and promote-sync) as a percentage of those the oracle saves "
        "(— where the oracle saves none); the overlap counts only the "
        "core's own work while a call is in flight, the cycles also count "
        "calls in flight together.\n")
    md.append("| kernel | hand-written | as written | placed | promote | "
              "pipelined | oracle | limit | placed overlap | oracle overlap (as written) "
              "| placed % | promote % | cycles saved % |")
    md.append("|---|" + "---:|" * 12)
    for r in rows:
        md.append("| " + " | ".join([
            r["kernel"], fmt(r["hand-written cycles"]),
            fmt(r["as written cycles"]), fmt(r["placed cycles"]),
            fmt(r["promote-sync cycles"]), fmt(r["pipelined cycles"]),
            fmt(r["oracle cycles"]) + (" (p)" if r.get("oracle base") ==
                                       "promoted" else ""),
            fmt(r["limit cycles"]), fmt(r["placed overlap"]),
            fmt(r["oracle overlap (as written)"]),
            fmt(r["placement overlap % of oracle"], 1),
            fmt(r["promote-sync overlap % of oracle"], 1),
            fmt(r["pass cycles saved % of oracle"], 1)]) + " |")
    if any(r.get("oracle base") == "promoted" for r in rows):
        md.append("\n(p): the oracle's best is over the promoted kernel.")
    md.append("")
    looping = [r for r in rows if r.get("pipelined bound cycles")]
    if looping:
        md.append("### Looping kernels against the pipelined bound\n")
        md.append(
            "A kernel loops when the loop pipelining pass has a remark for "
            "one of its loops (`--asc-pipeline-loops=emit-remarks=true`: "
            "pipelined, or what blocked it). `bound`: the pipelined bound of "
            "the better of the pipelined and the promote-sync run, per "
            "block max(cube busy, vector busy) plus one call's cube work "
            "(the block's cube busy cycles over its calls that gave the "
            "cube work, asc-run's `cube_calls`: the prologue a rotated loop "
            "cannot hide), summed over the launches.\n")
        md.append("`oracle (pipelined)`: the oracle's search over the "
                  "pipelined kernel (`--base pipelined`: the loops rotated, "
                  "the waits and issues moved within that structure); "
                  "(r): `--asc-verify-sync` rejects the oracle's candidate "
                  "(an alias the analysis cannot rule out: the oracle knows "
                  "the launch's sizes, the compiler does not).\n")
        md.append("| kernel | pipelined | oracle (pipelined) | promote | bound "
                  "| best | best / bound | the loops (the pass's remarks) |")
        md.append("|---|---:|---:|---:|---:|---|---:|---|")
        for r in looping:
            md.append("| " + " | ".join([
                r["kernel"], fmt(r["pipelined cycles"]),
                fmt(r.get("oracle pipelined cycles")) + (
                    " (r)" if r.get("oracle pipelined verify-sync") == "rejects"
                    else ""),
                fmt(r["promote-sync cycles"]),
                fmt(r["pipelined bound cycles"]), r["looped best"],
                f"{r['looped / pipelined bound']:.2f}",
                cell(r["loops"])]) + " |")
        md.append("")
    if plots:
        md.append("![cycles per kernel](results-cycles.png)\n")
    md.append("### pyasc's tutorials: pyasc's Ascend C and asc-mlir's\n")
    pyasc = data.get("pyasc")
    if not pyasc:
        md.append("Not measured: set `PYASC_DIR` to a pyasc checkout with "
                  "libpyasc built (docs/Pyasc.md) and `make report` adds "
                  "them (`bench/pyasc_cycles.py`).\n")
    elif "error" in pyasc:
        md.append(f"`bench/pyasc_cycles.py` failed: {cell(pyasc['error'])}\n")
    else:
        md.append(
            "Each of pyasc's Matmul tutorials traced by pyasc itself, then "
            "run in asc-run four ways: the `ascendc.cpp` pyasc emits, "
            "unchanged; asc-mlir's import of the same IR, synchronous like "
            "pyasc's; placed; placed and promoted. The four outputs are "
            "bit-identical (the script fails otherwise)"
            + (f"; measured at git {pyasc['git']}" if pyasc.get("git") else "")
            + ".\n")
        md.append("| tutorial | kernel | pyasc's Ascend C | asc-mlir | placed "
                  "| placed + promoted |")
        md.append("|---|---|---:|---:|---:|---:|")
        for t in pyasc["tutorials"]:
            md.append(f"| {t['tutorial']} | `{t['kernel']}` | "
                      f"{fmt(t['pyasc'])} | {fmt(t['ours'])} | "
                      f"{fmt(t['placed'])} | {fmt(t['promoted'])} |")
        md.append("")
    md.append("### The oracle's search and the shortfalls\n")
    md.append("| kernel | search | oracle's placement and verify-sync | "
              "shortfall reason (the pass's remarks) | notes |")
    md.append("|---|---|---|---|---|")
    for r in rows:
        md.append("| " + " | ".join([
            r["kernel"], (r["oracle search"] or "—") + (
                f"; pipelined: {r['oracle pipelined search']}"
                if r.get("oracle pipelined search") else ""),
            r["oracle verify-sync"] or "—",
            cell(r["shortfall reason"] or "none"),
            cell("; ".join(r.get("notes", [])))]) + " |")
    md.append("")
    md.append("## The cost model's sensitivity\n")
    if not meta["cost_sweep"]:
        md.append("n/a: this build's asc-run has no `--cost-sweep` (it comes "
                  "with the runtime-handshake branch's cost model).\n")
    else:
        keys = sorted({(p, v) for r in rows for p, v, _ in r["sweep"]})
        md.append("The placement's overlap as a percentage of the oracle's "
                  "(the `placed %` column) with each assumed parameter of "
                  "asc-run's cost model at the low and the high end of its "
                  "range (`asc-run --cost-sweep`); the oracle's candidate is "
                  "the one found at the default parameters, re-costed.\n")
        shown = [r for r in rows
                 if any(x is not None for _, _, x in r["sweep"])]
        if not shown:
            md.append("No kernel has an oracle overlap to compare with.\n")
        else:
            md.append("| parameter = value | " + " | ".join(
                r["kernel"] for r in shown) + " |")
            md.append("|---|" + "---:|" * len(shown))
            md.append("| (this run's values) | " + " | ".join(
                fmt(r["placement overlap % of oracle"], 1) for r in shown)
                + " |")
            for p, v in keys:
                md.append(f"| {p} = {v:g} | " + " | ".join(
                    fmt({(q, w): x for q, w, x in r["sweep"]}.get((p, v)), 1)
                    for r in shown) + " |")
            md.append("\n(— : the oracle's candidate overlaps nothing "
                      "there.) Kernels without an oracle overlap at any "
                      "value are left out.\n")
    md.append("## Compile time\n")
    md.append(
        "`--asc-sync-placement`'s own time (`-mlir-timing`, one thread, "
        "`--verify-each=false`) against parse+verify+print of the same file "
        "(asc-opt without passes), best of "
        f"{meta['repeat']} runs; kernels from `bench/bench_kernel.py` (`rounds`: "
        "4 Matmul objects a function, async issues with vector work between "
        "issue and wait; `objects`: N objects in one function; `unwaited`: N "
        "issues in flight at once). Growth: the pass's time over the "
        "previous size's, for that many times the size; peak: the placement "
        "run's maximum RSS (wait4).\n")
    md.append("| shape | size | ops | pass s | parse+verify+print s | ratio | "
              "growth | peak MB (pass run) | peak MB (no pass) |")
    md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for t in times:
        growth = "—" if not t["growth"] else \
            f"{t['growth'][0]:.1f}x for {t['growth'][1]:.0f}x"
        md.append(f"| {t['shape']} | {t['size']:,} | {t['ops']:,} | "
                  f"{t['place_s']:.4f} | {t['base_s']:.4f} | {t['ratio']:.2f} | "
                  f"{growth} | {t['peak_MB']:.0f} | {t['base_peak_MB']:.0f} |")
    md.append("")
    if plots:
        md.append("![compile time against size](results-compile-time.png)\n")
    md.append("Data: [Results.csv](Results.csv) (one row per kernel).\n")
    (out / "Results.md").write_text("\n".join(md))


def cell(text):
    """Text fit for a Markdown table cell."""
    return " ".join(str(text).split()).replace("|", "\\|")


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


def main():
    parser = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=str(ROOT / "build"))
    parser.add_argument("--out", default=str(ROOT / "docs"))
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--no-plots", action="store_true")
    parser.add_argument("--repeat", type=int, default=None,
                        help="compile-time runs per size (default 3; 1 with "
                        "--quick)")
    parser.add_argument("--skip-compile-time", action="store_true")
    parser.add_argument("--skip-cycles", action="store_true",
                        help="measure only the compile time")
    parser.add_argument("--times-from", metavar="DATA",
                        help="with --render: the compile times from another "
                        "run's --data (the cycles are deterministic, the "
                        "times want a quiet machine)")
    parser.add_argument("--only", help="comma-separated kernel names")
    parser.add_argument("--data", help="also write the measurements here "
                        "(JSON)")
    parser.add_argument("--render", metavar="DATA",
                        help="measure nothing: write the report from the "
                        "JSON --data wrote")
    args = parser.parse_args()
    if args.repeat is None:
        args.repeat = 1 if args.quick else 3
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.times_from and not args.render:
        parser.error("--times-from goes with --render")
    if args.render:
        data = json.loads(pathlib.Path(args.render).read_text())
        if args.times_from:
            times = json.loads(pathlib.Path(args.times_from).read_text())
            data["times"] = times["times"]
            data["meta"]["times"] = times["meta"]
            if not data.get("pyasc"):
                data["pyasc"] = times.get("pyasc")
    else:
        data = measure(args)
        if args.data:
            pathlib.Path(args.data).write_text(json.dumps(data, indent=1))
    derive(data["rows"])
    if args.render:
        data["meta"]["rendered"] = True
    write_csv(data["rows"], out / "Results.csv")
    plots = False
    if not args.no_plots:
        if ensure_matplotlib():
            plot(data["rows"], data["times"], out)
            plots = True
        else:
            log("report: no matplotlib; no plots")
    write_markdown(data, out, plots)
    log(f"report: wrote {out / 'Results.md'}, {out / 'Results.csv'}"
        + (", the plots" if plots else ""))


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
    elapsed = (datetime.datetime.now(datetime.timezone.utc) - started).seconds
    return {"rows": rows, "times": times, "pyasc": pyasc, "meta": {
        "quick": args.quick, "repeat": args.repeat,
        "oracle": ORACLE_QUICK if args.quick else ORACLE_FULL,
        "pipeline": tools.pipeline, "cost_sweep": tools.cost_sweep,
        "started": started.strftime("%Y-%m-%d %H:%M"), "elapsed": elapsed,
        "machine": machine(), "git": git_describe()}}


if __name__ == "__main__":
    main()
