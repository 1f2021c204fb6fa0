#!/usr/bin/env python3
"""The cost model's sensitivity, example by example.

Runs every kernel of examples/ as written and with --asc-sync-placement under
`asc-run --cost-sweep --json` and prints, per kernel and placement, the
total cycles and the overlap at this run's parameters, then for each
assumed parameter (docs/Runtime.md, "Cost model") the figures at the low
and the high end of its range. An overlap quoted from asc-run can be
quoted with the range this table gives it.

Usage: bench/cost_sweep_examples.py [--build DIR] [--example NAME...]
"""
import argparse
import glob
import json
import os
import subprocess
import sys


def runs(asc_run, path, extra):
    p = subprocess.run([asc_run, path, "--json", "--cost-sweep", *extra],
                       capture_output=True, text=True)
    reports = [json.loads(line) for line in p.stdout.splitlines()
               if line.startswith("{")]
    if p.returncode != 0 or not reports:
        sys.exit(f"asc-run {path} {' '.join(extra)} failed ({p.returncode}):\n"
                 f"{p.stdout}{p.stderr}")
    return reports


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=os.path.join(root, "build"))
    parser.add_argument("--example", action="append",
                        help="only this example (a file name in examples/)")
    args = parser.parse_args()
    asc_run = os.path.join(args.build, "bin", "asc-run")
    paths = sorted(glob.glob(os.path.join(root, "examples", "*.mlir")))
    if args.example:
        paths = [p for p in paths if os.path.basename(p) in args.example]
    for path in paths:
        for label, extra in (("as written", []), ("placed", ["--asc-sync-placement"])):
            for report in runs(asc_run, path, extra):
                cost = report["cost"]
                total, overlap = cost["total_cycles"], cost["overlap_cycles"]
                print(f"{os.path.basename(path)} {report['kernel']} ({label}): "
                      f"total {total:.0f}, overlap {overlap:.0f}")
                by_param = {}
                for v in cost["sweep"]:
                    by_param.setdefault(v["param"], []).append(v)
                for param, (low, high) in by_param.items():
                    def cell(v):
                        return (f"{v['value']:g}: total {v['total_cycles']:.0f}, "
                                f"overlap {v['overlap_cycles']:.0f}")
                    print(f"  {param:16} {cell(low):40} {cell(high)}")


if __name__ == "__main__":
    main()
