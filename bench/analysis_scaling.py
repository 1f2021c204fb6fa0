#!/usr/bin/env python3
"""Benchmark (not a test) of --asc-verify-sync and --asc-sync-placement along
each dimension their cost could grow with: operations in one function,
region nesting depth, CFG blocks, Matmul objects, async issues in flight.

For each dimension it generates kernels of two or more sizes with
bench/bench_kernel.py and prints, measured in this one run:
  - verify_s, place_s: the pass's own wall time, the fastest of --repeat
    rounds (default 3; a round runs every size of the dimension)
    (-mlir-timing, one thread, without the verifier run after each pass:
    MLIR's dominance check costs depth^2 on deep nests and is part of
    base_s already),
  - base_s: the wall time of parse+verify+print of the same file (asc-opt
    without passes), the fastest of as many runs,
  - place/base: the ratio of the two,
  - growth: how much place_s grew from the previous size, next to how much
    the size grew (linear cost: the two match),
  - peak_MB: the peak resident memory of the placement run (wait4 rusage),
  - extra_MB: how much the placement run's peak exceeds parse+verify+
    print's, the memory the pass touches first: on a virtual machine the
    first touch of a page can cost more than the work done in it,
  - base_growth, cse_growth: the growth of base_s and, as a control, of
    upstream MLIR's --cse on the same file (one linear walk with a hash
    table): what the machine does to linear work as the kernel outgrows
    its caches.

MLIR's parser recurses once per nesting level; the nesting runs get a 1 GB
stack so that it reaches 5,000 levels (stock mlir-opt overflows the default
8 MB stack near 3,900 nested scf.if). The analyses themselves recurse over
nothing.

With --instructions it counts instructions instead (valgrind's callgrind,
installed when missing): the passes' own (only their runOnOperation is
collected) and parse+verify+print's, one run each, the same on any
machine. Time on a machine with caches grows faster than the instructions
once the kernel and the analysis leave the caches; the instructions show
the algorithm's growth alone.

Usage: bench/analysis_scaling.py [--build BUILD_DIR] [--quick] [--repeat N]
                                 [--instructions] [DIMENSION...]
  --quick: small sizes only (a smoke run: seconds, numbers meaningless).
"""
import argparse
import os
import pathlib
import re
import resource
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent

# dimension -> (bench_kernel.py arguments for a size, sizes, quick sizes)
DIMENSIONS = {
    "ops": (lambda n: ["--shape", "rounds", "--ops", str(n)],
            [100_000, 1_000_000], [2_000, 4_000]),
    # The hand-written form of the same rounds: every wait right after its
    # issue, so placement pairs and moves every one (pairing once walked
    # every access a state kept: quadratic, unseen by the row above).
    "ops-waits-after-issue": (lambda n: ["--shape", "rounds", "--ops", str(n),
                                         "--waits-after-issue"],
                              [100_000, 1_000_000], [2_000, 4_000]),
    "nesting": (lambda n: ["--shape", "nesting", "--size", str(n)],
                [500, 5_000], [20, 40]),
    "nesting+matmul": (lambda n: ["--shape", "nesting", "--size", str(n),
                                  "--relevant-inside"],
                       [500, 5_000], [20, 40]),
    "blocks": (lambda n: ["--shape", "blocks", "--size", str(n)],
               [1_000, 10_000], [100, 200]),
    "objects": (lambda n: ["--shape", "objects", "--size", str(n)],
                [1_000, 10_000], [20, 40]),
    "unwaited": (lambda n: ["--shape", "unwaited", "--size", str(n)],
                 [1_600, 16_000], [20, 40]),
    # The shapes of soundness round 2: calls in flight until their fetch
    # loop ends, other names of objects, CFG loops and narrow counters,
    # creations reached again.
    "fetches": (lambda n: ["--shape", "fetches", "--size", str(n)],
                [1_000, 10_000], [20, 40]),
    "names": (lambda n: ["--shape", "names", "--size", str(n)],
              [2_000, 20_000], [20, 40]),
    "cf-loops": (lambda n: ["--shape", "cf-loops", "--size", str(n)],
                 [500, 5_000], [20, 40]),
    "recreate": (lambda n: ["--shape", "recreate", "--size", str(n)],
                 [1_000, 10_000], [20, 40]),
}


def big_stack():
    resource.setrlimit(resource.RLIMIT_STACK,
                       (1 << 30, resource.getrlimit(resource.RLIMIT_STACK)[1]))


def run(cmd):
    """Runs `cmd`; returns (stderr, peak RSS in MB). Fails on a non-zero
    exit."""
    stderr, usage = run_with_usage(cmd)
    return stderr, usage.ru_maxrss / 1024


def run_with_usage(cmd):
    """Runs `cmd`; returns (stderr, its resource usage). Fails on a non-zero
    exit."""
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True,
                            preexec_fn=big_stack)
    stderr = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.exit(f"failed ({proc.returncode}): {' '.join(cmd)}\n{stderr}")
    return stderr, usage


def write_kernel(tmp, dimension, make_args, size):
    kernel = pathlib.Path(tmp) / f"{dimension}-{size}.mlir"
    with open(kernel, "w") as out:
        subprocess.run([sys.executable, str(ROOT / "bench" / "bench_kernel.py")]
                       + make_args(size), stdout=out, check=True)
    return kernel


def ensure_valgrind():
    if subprocess.run(["which", "valgrind"], capture_output=True).returncode:
        subprocess.run(["apt-get", "install", "-y", "-q", "valgrind"],
                       check=True, stdout=subprocess.DEVNULL)


def instructions(cmd, collect=None):
    """The instructions callgrind counts for `cmd`: all of them, or only
    those under the function matching `collect`."""
    flags = ["--callgrind-out-file=/dev/null"]
    if collect:
        flags += [f"--toggle-collect={collect}"]
    stderr, _ = run(["valgrind", "--tool=callgrind"] + flags + cmd)
    match = re.search(r"Collected : ([0-9]+)", stderr)
    return int(match.group(1))


def timing(stderr, name):
    # "    0.2256 ( 29.1%)    AscSyncPlacement"
    match = re.search(r"^\s*([0-9.]+) \(\s*[0-9.]+%\)\s+" + re.escape(name)
                      + r"\s*$", stderr, re.M)
    return float(match.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=str(ROOT / "build"))
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs per measurement; the fastest is kept")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions (callgrind) instead of "
                        "timing")
    parser.add_argument("dimensions", nargs="*", default=list(DIMENSIONS))
    args = parser.parse_args()
    opt = str(pathlib.Path(args.build) / "bin" / "asc-opt")
    if args.instructions:
        return count_instructions(args, opt)
    timing_flags = ["-mlir-timing", "--mlir-disable-threading", "-o",
                    "/dev/null"]
    print(f"{'dimension':>15} {'size':>9} {'verify_s':>9} {'place_s':>9} "
          f"{'base_s':>8} {'place/base':>10} {'growth':>16} {'peak_MB':>8} "
          f"{'base_growth':>11} {'cse_growth':>10} {'extra_MB':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        for dimension in args.dimensions:
            make_args, sizes, quick_sizes = DIMENSIONS[dimension]
            sizes = quick_sizes if args.quick else sizes
            kernels = [write_kernel(tmp, dimension, make_args, size)
                       for size in sizes]
            # Each time is the fastest of --repeat rounds. A round runs
            # every size, and for each the four commands, one after the
            # other: on a shared machine a slow minute (other jobs, or
            # memory the hypervisor has to back again) then hits one
            # sample of each size, not the whole of one size, which a
            # growth ratio would take for the algorithm's.
            best = [Sample() for _ in sizes]
            for _ in range(args.repeat):
                for kernel, sample in zip(kernels, best):
                    sample.measure(opt, kernel, timing_flags)
            previous = None
            for size, sample in zip(sizes, best):
                growth = base_growth = cse_growth = "-"
                if previous:
                    growth = (f"{sample.place / max(previous[1].place, 1e-4):.1f}x"
                              f" for {size / previous[0]:.0f}x")
                    base_growth = (
                        f"{sample.base / max(previous[1].base, 1e-4):.1f}x")
                    cse_growth = (
                        f"{sample.cse / max(previous[1].cse, 1e-5):.1f}x")
                print(f"{dimension:>15} {size:>9} {sample.verify:>9.3f} "
                      f"{sample.place:>9.3f} {sample.base:>8.3f} "
                      f"{sample.place / sample.base:>10.2f} {growth:>16} "
                      f"{sample.peak:>8.0f} {base_growth:>11} "
                      f"{cse_growth:>10} {sample.extra:>9.0f}", flush=True)
                previous = (size, sample)


class Sample:
    """The fastest times seen for one kernel, and its largest memory."""

    def __init__(self):
        self.verify = self.place = self.base = self.cse = float("inf")
        self.peak = self.extra = 0

    def measure(self, opt, kernel, timing_flags):
        verify_err, _ = run([opt, str(kernel), "--asc-verify-sync",
                             "--verify-each=false"] + timing_flags)
        place_err, place_usage = run_with_usage(
            [opt, str(kernel), "--asc-sync-placement",
             "--verify-each=false"] + timing_flags)
        base_err, base_usage = run_with_usage([opt, str(kernel)]
                                              + timing_flags)
        cse_err, _ = run([opt, str(kernel), "--cse", "--verify-each=false"]
                         + timing_flags)
        self.verify = min(self.verify, timing(verify_err, "AscVerifySync"))
        self.place = min(self.place, timing(place_err, "AscSyncPlacement"))
        self.base = min(self.base, timing(base_err, "Total"))
        self.cse = min(self.cse, timing(cse_err, "CSE"))
        self.peak = max(self.peak, place_usage.ru_maxrss / 1024)
        self.extra = max(self.extra, (place_usage.ru_maxrss
                                      - base_usage.ru_maxrss) / 1024)


def count_instructions(args, opt):
    ensure_valgrind()
    print(f"{'dimension':>15} {'size':>9} {'verify_Mi':>10} {'place_Mi':>10} "
          f"{'base_Mi':>10} {'place/base':>10} {'growth':>16} "
          f"{'base growth':>12}")
    with tempfile.TemporaryDirectory() as tmp:
        # What asc-opt costs before it reads a kernel (loading, registering
        # the dialects): not part of parse+verify+print.
        empty = pathlib.Path(tmp) / "empty.mlir"
        empty.write_text("module {}\n")
        startup = instructions([opt, str(empty), "-o", "/dev/null"])
        for dimension in args.dimensions:
            make_args, sizes, quick_sizes = DIMENSIONS[dimension]
            previous = None
            for size in quick_sizes if args.quick else sizes:
                kernel = write_kernel(tmp, dimension, make_args, size)
                common = [opt, str(kernel), "--verify-each=false", "-o",
                          "/dev/null"]
                verify = instructions(common + ["--asc-verify-sync"],
                                      "*AscVerifySync*runOnOperation*")
                place = instructions(common + ["--asc-sync-placement"],
                                     "*AscSyncPlacement*runOnOperation*")
                base = instructions([opt, str(kernel), "-o", "/dev/null"]) \
                    - startup
                growth = base_growth = "-"
                if previous:
                    factor = size / previous[0]
                    growth = f"{place / previous[1]:.1f}x for {factor:.0f}x"
                    base_growth = f"{base / previous[2]:.1f}x"
                print(f"{dimension:>15} {size:>9} {verify / 1e6:>10.1f} "
                      f"{place / 1e6:>10.1f} {base / 1e6:>10.1f} "
                      f"{place / base:>10.2f} {growth:>16} {base_growth:>12}",
                      flush=True)
                previous = (size, place, base)


if __name__ == "__main__":
    main()
