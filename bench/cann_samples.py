#!/usr/bin/env python3
"""How many of CANN's Atlas A2 Matmul samples asc-run takes unchanged.

Walks examples/01_simd_cpp_api of an asc-devkit checkout
(ASC_DEVKIT_EXAMPLES) for the samples that use the Matmul high-level API
(their .asc includes lib/matmul_intf.h) and whose README names Atlas A2, and
for each one:

1. compiles the device part asc-run runs (`asc-run --cpp X.asc --emit-cpp`:
   the .asc with its host code blanked by Clang's parse) against asc-run's
   runtime with the host compiler (-fsyntax-only), as asc-run compiles it;
   the first error names what stops it (a missing API, a missing header);
2. runs it, if test/asc-run/Inputs/cann-samples has a launch file for it,
   and counts it when it matches its reference with a clean checker, or as
   refused when asc-run stops it naming what it does not model (exit 4).

Prints one line per sample and the totals (Markdown with --markdown); the
figures of docs/Runtime.md come from it. Exit 0 unless a sample with a
launch file fails otherwise.

Usage: ASC_DEVKIT_EXAMPLES=/tmp/devkit/examples bench/cann_samples.py
           [--build DIR] [--markdown]
"""
import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LAUNCHES = os.path.join(ROOT, "test", "asc-run", "Inputs", "cann-samples")


def a2_matmul_samples(examples):
    """The .asc files of 01_simd_cpp_api that use the Matmul API on A2."""
    found = []
    base = os.path.join(examples, "01_simd_cpp_api")
    for dirpath, _, files in os.walk(base):
        for name in files:
            if not name.endswith(".asc"):
                continue
            path = os.path.join(dirpath, name)
            with open(path, encoding="utf-8", errors="replace") as f:
                if '"lib/matmul_intf.h"' not in f.read():
                    continue
            readme = os.path.join(dirpath, "README.md")
            text = ""
            if os.path.exists(readme):
                with open(readme, encoding="utf-8", errors="replace") as f:
                    text = f.read()
            if "Atlas A2" in text:
                found.append(path)
    return sorted(found)


def first_error(stderr):
    """The first compiler error, without its path."""
    for line in stderr.splitlines():
        m = re.search(r":(\d+):\d+: (fatal )?error: (.*)", line)
        if m:
            return "line %s: %s" % (m.group(1), m.group(3))
    return stderr.strip().splitlines()[-1] if stderr.strip() else "?"


def compile_device_part(asc_run, cxx, runtime, path, tmp):
    """Whether the device part compiles; the first error otherwise."""
    emitted = subprocess.run(
        [asc_run, "--cpp", path, "--launch",
         os.path.join(LAUNCHES, "matmul.launch.json"), "--emit-cpp"],
        capture_output=True, text=True)
    if emitted.returncode != 0:
        return False, "asc-run: " + emitted.stderr.strip()
    device = os.path.join(tmp, "device.cpp")
    with open(device, "w") as f:
        f.write('#line 1 "%s"\n' % path)
        # --emit-cpp's first lines list what was blanked.
        f.write("".join(l + "\n" for l in emitted.stdout.splitlines()
                        if not l.startswith("// asc-run: blanked")))
    run = subprocess.run(
        [cxx, "-std=c++17", "-fsyntax-only", "-w",
         "-Wno-missing-template-arg-list-after-template-kw",
         "-D__NPU_ARCH__=2201", "-I", runtime,
         "-iquote", os.path.dirname(path), device],
        capture_output=True, text=True)
    if run.returncode == 0:
        return True, ""
    return False, first_error(run.stderr)


def run_sample(asc_run, path):
    """The verdict of a sample with a launch file (None without one)."""
    name = os.path.splitext(os.path.basename(path))[0]
    launch = os.path.join(LAUNCHES, name + ".launch.json")
    if not os.path.exists(launch):
        return None
    run = subprocess.run([asc_run, "--cpp", path, "--launch", launch],
                         capture_output=True, text=True)
    ok = (run.returncode == 0 and "matches the reference" in run.stdout
          and "no race" in run.stdout)
    if ok:
        return "ok"
    refused = re.search(r"with (.*): not modelled by asc-run", run.stdout)
    if run.returncode == 4 and refused:
        return "refused: " + refused.group(1)
    return "fails (exit %d)" % run.returncode


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    examples = os.environ.get("ASC_DEVKIT_EXAMPLES")
    if not examples:
        sys.exit("set ASC_DEVKIT_EXAMPLES to the examples/ of asc-devkit")
    asc_run = os.path.join(args.build, "bin", "asc-run")
    cxx = (os.environ.get("CXX") or shutil.which("clang++-22")
           or shutil.which("clang++") or shutil.which("g++"))
    runtime = os.path.join(ROOT, "runtime")
    samples = a2_matmul_samples(examples)
    compiled = ran = failed = 0
    blockers = collections.Counter()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for path in samples:
            rel = os.path.relpath(path, os.path.join(examples,
                                                     "01_simd_cpp_api"))
            ok, error = compile_device_part(asc_run, cxx, runtime, path, tmp)
            verdict = run_sample(asc_run, path) if ok else None
            compiled += ok
            ran += verdict == "ok"
            failed += verdict is not None and verdict != "ok" and \
                not verdict.startswith("refused")
            if not ok:
                blockers[re.sub(r"^line \d+: ", "", error)] += 1
            rows.append((rel, "compiles" if ok else "does not compile",
                         verdict or ("no launch file" if ok else ""),
                         error))
    if args.markdown:
        print("| sample | device part | run | first error |")
        print("| --- | --- | --- | --- |")
        for rel, state, verdict, error in rows:
            print("| `%s` | %s | %s | %s |" % (rel, state, verdict,
                                             error.replace("|", "\\|")))
    else:
        for rel, state, verdict, error in rows:
            print("%-78s %-17s %-15s %s" % (rel, state, verdict, error))
    print()
    print("%d Atlas A2 Matmul samples: %d compile against the runtime, "
          "%d run unchanged and match their references" %
          (len(samples), compiled, ran))
    print("What stops the others, most often first:")
    for error, count in blockers.most_common():
        print("  %2d  %s" % (count, error))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
