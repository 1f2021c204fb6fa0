#!/usr/bin/env python3
"""Counts the emitted C++ lines that contain a cast.

Reads Ascend C source files and prints, per file, the number of non-empty
lines, how many of them contain a scalar cast (a static_cast or C-style cast
to an integer, float or bool type: the casts integer arithmetic brings) and
how many a pointer cast (the `(__gm__ half *)ptr` SetGlobalBuffer needs), with
percentages. With --max-percent, exits 1 when a file's scalar casts reach it.
"""

import argparse
import re
import sys

SCALAR = r"(?:u?int(?:8|16|32|64)_t|size_t|bool|float|double|half|bfloat16_t)"
SCALAR_C_STYLE = re.compile(r"\(" + SCALAR + r"\s*\)\s*[\w(]")
SCALAR_NAMED = re.compile(r"\b(?:static|const)_cast\s*<\s*" + SCALAR + r"\s*>")
POINTER = re.compile(
    r"\((?:__gm__\s+)?\w+\s*\*+\s*\)\s*[\w(]|\breinterpret_cast\s*<")


def count(path):
    lines = [line for line in open(path) if line.strip()]
    scalar = sum(1 for line in lines
                 if SCALAR_C_STYLE.search(line) or SCALAR_NAMED.search(line))
    pointer = sum(1 for line in lines if POINTER.search(line))
    return len(lines), scalar, pointer


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("files", nargs="+")
    parser.add_argument("--max-percent", type=float)
    args = parser.parse_args()
    failed = False
    for path in args.files:
        total, scalar, pointer = count(path)
        percent = 100.0 * scalar / total if total else 0.0
        pointer_percent = 100.0 * pointer / total if total else 0.0
        print(f"{path}: {total} lines, {scalar} with a scalar cast "
              f"({percent:.1f}%), {pointer} with a pointer cast "
              f"({pointer_percent:.1f}%)")
        if args.max_percent is not None and percent >= args.max_percent:
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
