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
import json
import pathlib

# The report's two halves beside this script (bench/ is on sys.path when it
# runs; the report's tests put it there and read CSV_COLUMNS and
# BENCH_KERNELS from here).
from report_measure import BENCH_KERNELS, ROOT, log, measure  # noqa: F401
from report_render import (CSV_COLUMNS, derive, ensure_matplotlib,  # noqa: F401
                           plot, write_csv, write_markdown)


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


if __name__ == "__main__":
    main()
