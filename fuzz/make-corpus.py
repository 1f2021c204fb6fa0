#!/usr/bin/env python3
"""Writes the seed corpus of asc-fuzz-pipeline from the test inputs.

Every .mlir file under the given directories is split at `// -----` lines (the
cases of a -split-input-file test); each case without its comment-only lines
becomes seeds: a byte of pipeline options and the text, once with the
defaults (0) and once with the transforms on (TRANSFORMS: promote-sync, and
the remarks' bit, which turns on pipeline-loops; asc-fuzz-pipeline.cpp,
PipelineOptions), so that a mutation of a seed reaches the pipeliner, the
versioning and the promotion from the start. With --generated N the random
generator's kernels of the shapes those transforms take (utils/asc_random,
shapes.py: tiling-stride loops, narrow counters, view-form fetch loops,
kernels using their workspace argument, synchronous fetch loops) are seeds
too: seeds 0 to N-1 with every top-level step followed by a shape.
Seeds are named by the hash of their content, so rerunning is idempotent.

  make-corpus.py -o DIR [--generated N] test/ examples/
"""
import argparse
import hashlib
import os
import re
import sys

SPLIT = re.compile(r"^// -----\s*$", re.MULTILINE)
# The option bytes every case is seeded with: the defaults, and promote-sync
# (bit 1) with the remarks' bit (bit 3), which also turns on pipeline-loops.
OPTION_BYTES = (0x00, 0x0A)
# asc-fuzz-pipeline's -max_len (run-fuzzers.sh): longer kernels are not seeds.
MAX_LEN = 16384
# The generator's features of the transforms' shapes; a generated kernel is a
# seed when it has one of them.
SHAPE_FEATURES = {"tiling-loop", "tiling-loop-i8", "tiling-loop-i16",
                  "tiling-loop-wraps", "view-fetch-loop", "view-fetch-loop-tiling",
                  "user-workspace", "own-workspace", "sync-fetch-ub", "tile-loop",
                  "narrow-loop", "carried-loop"}


def cases(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    for case in SPLIT.split(text):
        lines = [l for l in case.splitlines() if not l.lstrip().startswith("//")]
        body = "\n".join(lines).strip()
        if body:
            yield body + "\n"


def strip_comments(text):
    lines = [l for l in text.splitlines() if not l.lstrip().startswith("//")]
    return "\n".join(lines).strip() + "\n"


def generated_cases(count):
    """The random generator's kernels of seeds 0 to count-1 that have a shape
    of the transforms, without comments."""
    utils = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "utils")
    sys.path.insert(0, utils)
    from asc_random.generate import generate_valid  # pylint: disable=import-outside-toplevel
    for seed in range(count):
        text, _, gen = generate_valid(seed, shape_share=1.0, own_workspace_share=0.5)
        if SHAPE_FEATURES & set(gen.features):
            yield strip_comments(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", dest="output", required=True)
    parser.add_argument("--generated", type=int, default=0, metavar="N",
                        help="also seed the random generator's kernels 0 to N-1 "
                             "that have a shape of the transforms")
    parser.add_argument("roots", nargs="+")
    args = parser.parse_args()
    os.makedirs(args.output, exist_ok=True)
    wanted = set()

    def add(case):
        for option in OPTION_BYTES:
            seed = bytes([option]) + case.encode()
            if len(seed) > MAX_LEN:
                continue
            digest = hashlib.sha1(seed).hexdigest()
            wanted.add(digest)
            path = os.path.join(args.output, digest)
            if not os.path.exists(path):
                with open(path, "wb") as out:
                    out.write(seed)

    for root in args.roots:
        for directory, _, files in os.walk(root):
            for name in sorted(files):
                if not name.endswith(".mlir"):
                    continue
                for case in cases(os.path.join(directory, name)):
                    add(case)
    generated = 0
    for case in generated_cases(args.generated):
        add(case)
        generated += 1
    # Seeds of cases that no longer exist go.
    for name in os.listdir(args.output):
        if name not in wanted:
            os.remove(os.path.join(args.output, name))
    print("%d seeds in %s (%d generated kernels)" % (len(wanted), args.output, generated))


if __name__ == "__main__":
    main()
