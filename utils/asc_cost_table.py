#!/usr/bin/env python3
"""Prints the cost-model table of docs/SyncPlacement.md ("Loop pipelining").

For every example kernel (examples/NN-*.mlir) and each launch of its launch
file that `--launch-index` selects (default: the first launch of each
kernel), runs asc-run --json as written, placed (--asc-sync-placement), pipelined
(--asc-sync-placement --asc-pipeline-loops) and promoted (--asc-sync-placement
--asc-promote-sync), and prints one Markdown row: the total cycles of each, the
busiest unit per block in the pipelined run, max(cube busy / cube cores, vector busy / blocks)
(asc-run sums the cube's busy cycles over the cube cores and the vector
core's, V, MTE2 or MTE3 busy, over the blocks; the examples' blocks are
balanced), and the pipelined bound: that plus one issue's cube work (cube
busy / issues, the prologue a rotated loop cannot hide).

  utils/asc_cost_table.py [--asc-run build/bin/asc-run] [--examples examples]
"""

import argparse
import glob
import json
import os
import re
import subprocess
import sys

CONFIGS = [
    ("written", []),
    ("placed", ["--asc-sync-placement"]),
    ("pipelined", ["--asc-sync-placement", "--asc-pipeline-loops"]),
    ("promoted", ["--asc-sync-placement", "--asc-promote-sync"]),
]


def run(asc_run, kernel_file, flags):
    proc = subprocess.run([asc_run, kernel_file, "--json"] + flags,
                          capture_output=True, text=True)
    results = []
    for line in proc.stdout.splitlines():
        line = line.strip()
        if line.startswith("{"):
            results.append(json.loads(line))
    return results


def count_issues(kernel_file, launch):
    """Issues per launch: the trip count the tiling gives times the issues
    per iteration, for the looping examples; one per Matmul object else."""
    text = open(kernel_file).read()
    issues = len(re.findall(r"asc\.matmul\.(iterate_all|iterate_batch|"
                            r"iterate_n_batch|iterate) ", text))
    return max(issues, 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--asc-run", default="build/bin/asc-run")
    parser.add_argument("--examples", default="examples")
    parser.add_argument("--issues", default="",
                        help="example=N,...: issues per launch (default: "
                             "the issue ops in the kernel, one per block)")
    args = parser.parse_args()
    overrides = dict(item.split("=") for item in args.issues.split(",") if item)
    print("| example | kernel | written | placed | pipelined | promoted | "
          "max(cube, vector) per block | pipelined bound | pipelined / bound |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for kernel_file in sorted(glob.glob(os.path.join(args.examples,
                                                     "[0-9][0-9]-*.mlir"))):
        name = os.path.basename(kernel_file)[:-5]
        runs = {label: run(args.asc_run, kernel_file, flags)
                for label, flags in CONFIGS}
        seen = set()
        for index, written in enumerate(runs["written"]):
            if written["kernel"] in seen:
                continue
            seen.add(written["kernel"])
            blocks = written["blocks"]
            # The bound from the pipelined run's busy cycles: the vector
            # core's (V, MTE2 or MTE3 busy) shrink where its units overlap.
            pipelined_run = runs["pipelined"][index] \
                if index < len(runs["pipelined"]) else written
            cost = pipelined_run["cost"]
            # Cube busy is summed over the cube cores, vector busy (V, MTE2
            # or MTE3 busy) over the blocks.
            cube_cores = cost.get("cube_cores") or blocks
            busiest = max(cost["cube_busy_cycles"] / cube_cores,
                          cost["vector_busy_cycles"] / blocks)
            issues = int(overrides.get(name[:2], 0)) or \
                count_issues(kernel_file, index) * blocks
            bound = busiest + cost["cube_busy_cycles"] / issues
            cells = []
            for label, _ in CONFIGS:
                result = runs[label][index] if index < len(runs[label]) else None
                if not result or result["verdict"] != "ok":
                    cells.append("fails")
                    continue
                same = (result["outputs"] == written["outputs"] or
                        [o["digest"] for o in result["outputs"]] ==
                        [o["digest"] for o in written["outputs"]])
                cells.append("%d%s" % (result["cost"]["total_cycles"],
                                       "" if same else " (differs)"))
            pipelined = runs["pipelined"][index]["cost"]["total_cycles"]
            print("| %s | %s | %s | %.0f | %.0f | %.2f |" % (
                name, written["kernel"], " | ".join(cells), busiest, bound,
                pipelined / bound))
    return 0


if __name__ == "__main__":
    sys.exit(main())
