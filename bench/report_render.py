"""The rendering half of bench/report.py: from the measurements (the data
report_measure.py returns, or a JSON `--data` wrote) the CSV, the plots and
docs/Results.md.
"""
import csv
import json
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
PLOT_PYTHON = "/usr/bin/python3"


def log(*args):
    print(*args, file=sys.stderr, flush=True)


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
    md.extend(cann_async_section(data.get("cann_async")))
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


def cann_async_section(cann):
    """The CANN async samples as written and after `asc-check --fix`."""
    md = ["### CANN's async samples: as written and after `asc-check --fix`\n"]
    if not cann:
        md.append("Skipped: set `ASC_DEVKIT_EXAMPLES` to asc-devkit's "
                  "`examples/` and `make report` adds the Atlas A2 Matmul "
                  "samples with an async (`<false>`) call, each run in "
                  "asc-run (`--cpp`) as written and after `asc-check --fix` "
                  "on a copy (`bench/cann_samples.py`).\n")
        return md
    md.append(
        "Each Atlas A2 Matmul sample with an async (`<false>`) call, run in "
        "asc-run (`--cpp`, the sample's launch file) as written and after "
        "`asc-check --fix` on a copy of its folder: the lines the fix "
        "changed, the cycles (summed over the launch's runs), whether the "
        "outputs' digests are equal, the race checker's verdict"
        + (f"; measured at git {cann['git']}" if cann.get("git") else "")
        + ".\n")
    md.append("| sample | fix: lines changed | cycles as written | after "
              "--fix | overlap before / after | digests equal | race checker "
              "before / after | note |")
    md.append("|---|---:|---:|---:|---:|---|---|---|")
    for r in cann["samples"]:
        if "before" not in r:
            md.append(f"| `{r['sample']}` | {r['lines changed']} | — | — | — "
                      f"| — | — | {cell(r.get('why', ''))} |")
            continue
        b, a = r["before"], r["after"]
        md.append(
            f"| `{r['sample']}` | {r['lines changed']} | {b['cycles']:,} | "
            f"{a['cycles']:,} | {b['overlap']:,} / {a['overlap']:,} | "
            f"{'yes' if r['digests equal'] else 'NO'} | "
            f"{', '.join(b['checker'])} / {', '.join(a['checker'])} | "
            f"{cell(r.get('why', ''))} |")
    md.append("")
    return md


def cell(text):
    """Text fit for a Markdown table cell."""
    return " ".join(str(text).split()).replace("|", "\\|")
