#!/usr/bin/env python3
"""pyasc's tutorial kernels in asc-run: pyasc's Ascend C next to asc-mlir's.

Traces pyasc's Matmul tutorials (python/tutorials/03-05 of PYASC_DIR) with
pyasc itself (test/Pyasc/Inputs/trace_pyasc.py), imports them
(asc-translate --import-pyasc) and runs in asc-run, with the launch files of
test/Pyasc/Inputs, four versions of each kernel: the ascendc.cpp pyasc emits
(unchanged), asc-mlir's as imported (synchronous, like pyasc's), placed
(--asc-sync-placement), placed + promoted (--asc-promote-sync), and
promoted with what a user may state that pyasc's IR cannot
(--pyasc-no-alias-arguments --pyasc-block-workspace=65536, launched with a
workspace 65536 bytes a block bigger). Prints
the total cycles of each as a Markdown table, then the same as JSON; every
run must match its reference with a clean race checker, and the outputs of
the four must be bit-identical (their digests), or the script fails.

Usage: PYASC_DIR=/path/to/pyasc bench/pyasc_cycles.py [--build DIR] [--json-only]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

TUTORIALS = [
    ("03", "03_matmul_mix/matmul_mix.py", "matmul_kernel", [],
     "03_matmul_mix.launch.json"),
    ("04", "04_matmul_cube_only/matmul_cube_only.py", "matmul_kernel",
     ["--pyasc-cube-only"], "04_matmul_cube_only.launch.json"),
    ("05", "05_matmul_leakyrelu/matmul_leakyrelu.py", "matmul_leakyrelu_kernel",
     [], "05_matmul_leakyrelu.launch.json"),
]
VARIANTS = [
    ("ours", []),
    ("placed", ["--asc-sync-placement"]),
    ("promoted", ["--asc-sync-placement", "--asc-promote-sync"]),
]
# What the user may state that pyasc's IR cannot (docs/Pyasc.md): distinct
# argument buffers, and this much user workspace per core for promotion's
# Iterate loops; run with a workspace that much bigger per block.
STATED_IMPORT = ["--pyasc-no-alias-arguments", "--pyasc-block-workspace=65536"]
STATED_BYTES_PER_BLOCK = 65536


def with_block_workspace(launch, out):
    """`launch` with every workspace buffer grown by STATED_BYTES_PER_BLOCK
    per block, its references made absolute; written to `out`."""
    with open(launch) as f:
        spec = json.load(f)
    folder = os.path.dirname(os.path.abspath(launch))
    for entry in spec["launches"]:
        if "reference" in entry:
            entry["reference"] = os.path.join(folder, entry["reference"])
        for arg in entry["args"]:
            if arg.get("role") == "workspace":
                arg["bytes"] += STATED_BYTES_PER_BLOCK * entry["blocks"]
    with open(out, "w") as f:
        json.dump(spec, f)
    return out


def run(argv, env=None):
    p = subprocess.run(argv, capture_output=True, text=True, env=env)
    if p.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed ({p.returncode}):\n{p.stdout}{p.stderr}")
    return p.stdout


def asc_run(tool, cpp, launch):
    out = run([tool, "--cpp", cpp, "--launch", launch, "--json"])
    report = json.loads([l for l in out.splitlines() if l.startswith("{")][0])
    if report["verdict"] != "ok":
        sys.exit(f"asc-run {cpp}: {report['verdict']}: {report['checker']}")
    return report


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=os.path.join(root, "build"))
    parser.add_argument("--json-only", action="store_true")
    args = parser.parse_args()
    pyasc = os.environ.get("PYASC_DIR")
    if not pyasc:
        sys.exit("set PYASC_DIR to a pyasc checkout with libpyasc built "
                 "(docs/Pyasc.md)")
    python = os.environ.get("PYASC_PYTHON") or "/usr/bin/python3"
    bindir = os.path.join(args.build, "bin")
    translate = os.path.join(bindir, "asc-translate")
    tool = os.path.join(bindir, "asc-run")
    inputs = os.path.join(root, "test", "Pyasc", "Inputs")
    env = dict(os.environ,
               PYTHONPATH=os.pathsep.join([os.path.join(pyasc, "python"),
                                           os.path.join(root, "python")]),
               PYASC_COMPILER="/bin/true", PYASC_LINKER="/bin/true",
               ASC_MLIR_TOOLS_DIR=bindir)
    env.setdefault("ASC_RUN_CACHE", os.path.join(args.build, "asc-run-cache"))
    os.environ["ASC_RUN_CACHE"] = env["ASC_RUN_CACHE"]
    work = tempfile.mkdtemp(prefix="pyasc-cycles-")
    rows = []
    try:
        for name, script, kernel, import_flags, launch in TUTORIALS:
            out = os.path.join(work, name)
            run([python, os.path.join(inputs, "trace_pyasc.py"), "tutorial",
                 os.path.join(pyasc, "python", "tutorials", script), out], env)
            launch = os.path.join(inputs, launch)
            row = {"tutorial": name, "kernel": kernel}
            reports = {"pyasc": asc_run(
                tool, os.path.join(out, kernel, "ascendc.cpp"), launch)}
            imported = os.path.join(work, name + ".mlir")
            run([translate, "--import-pyasc", *import_flags,
                 os.path.join(out, kernel, "codegen.mlir"),
                 "--mlir-print-debuginfo", "-o", imported])
            for label, flags in VARIANTS:
                cpp = os.path.join(work, f"{name}-{label}.cpp")
                run([translate, "--asc-to-ascendc", *flags, imported, "-o", cpp])
                reports[label] = asc_run(tool, cpp, launch)
            stated = os.path.join(work, name + "-stated.mlir")
            run([translate, "--import-pyasc", *import_flags, *STATED_IMPORT,
                 os.path.join(out, kernel, "codegen.mlir"), "-o", stated])
            cpp = os.path.join(work, f"{name}-stated.cpp")
            run([translate, "--asc-to-ascendc", "--asc-sync-placement",
                 "--asc-promote-sync", stated, "-o", cpp])
            reports["stated"] = asc_run(tool, cpp, with_block_workspace(
                launch, os.path.join(work, name + "-stated.launch.json")))
            digests = {label: [o["digest"] for o in r["outputs"]]
                       for label, r in reports.items()}
            if len({tuple(d) for d in digests.values()}) != 1:
                sys.exit(f"tutorial {name}: the outputs differ: {digests}")
            for label, r in reports.items():
                row[label] = r["cost"]["total_cycles"]
                row[label + "_overlap"] = r["cost"]["overlap_cycles"]
            row["digest"] = digests["pyasc"]
            rows.append(row)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if not args.json_only:
        print("| tutorial | kernel | pyasc's Ascend C | asc-mlir | placed "
              "| placed + promoted | promoted, user-stated |")
        print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
        for r in rows:
            print(f"| {r['tutorial']} | `{r['kernel']}` | {r['pyasc']:.0f} "
                  f"| {r['ours']:.0f} | {r['placed']:.0f} "
                  f"| {r['promoted']:.0f} | {r['stated']:.0f} |")
        print()
    print(json.dumps({"tutorials": rows}, indent=2))


if __name__ == "__main__":
    main()
