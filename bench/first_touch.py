#!/usr/bin/env python3
"""Probe (not a test) of what the first touch of fresh memory costs on this
machine: maps anonymous memory, writes one byte per 4 KiB page, and prints
the time of that first pass next to a second pass over the same pages.

The analyses' tables grow with a function (docs/SyncPlacement.md, "Cost"),
and on a virtual machine the first write to a page can cost more than the
work later done in it: the guest faults, and the hypervisor may have to
back the page too. Where that cost changes from one run to the next, so
does every wall-time figure of bench/analysis_scaling.py that allocates a
lot; run this before and after a benchmark to see the machine's state.

Usage: bench/first_touch.py [--huge] [--runs N] MEGABYTES...
  --huge: advise the mapping for transparent huge pages (MADV_HUGEPAGE),
          as AnalysisArena does for its slabs.
"""
import argparse
import mmap
import time

PAGE = 4096


def touch(megabytes, huge):
    size = megabytes << 20
    memory = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    if huge and hasattr(mmap, "MADV_HUGEPAGE"):
        memory.madvise(mmap.MADV_HUGEPAGE)
    view = memoryview(memory)
    start = time.perf_counter()
    for offset in range(0, size, PAGE):
        view[offset] = 1
    first = time.perf_counter() - start
    start = time.perf_counter()
    for offset in range(0, size, PAGE):
        view[offset] = 2
    second = time.perf_counter() - start
    view.release()
    memory.close()
    return first, second


def main():
    parser = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--huge", action="store_true")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("megabytes", type=int, nargs="+")
    args = parser.parse_args()
    print(f"{'MB':>6} {'pages':>6} {'first_ms':>9} {'GB/s':>6} "
          f"{'second_ms':>10}")
    for megabytes in args.megabytes:
        for _ in range(args.runs):
            first, second = touch(megabytes, args.huge)
            print(f"{megabytes:>6} {'huge' if args.huge else '4k':>6} "
                  f"{first * 1e3:>9.1f} {megabytes / 1024 / first:>6.2f} "
                  f"{second * 1e3:>10.1f}", flush=True)


if __name__ == "__main__":
    main()
