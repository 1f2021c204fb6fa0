#!/usr/bin/env python3
"""Mutation fuzzing of asc-check: random edits of Ascend C kernels.

Each mutant is a kernel with one edit a user might make by mistake or on
purpose (a line deleted, duplicated or swapped with its neighbour, a
template flag flipped, a `return;` or `break;` inserted, an identifier
dropped). asc-check must answer every one with exit 0 (clean), 1 (a rule
broken) or 2 (refused or not parsed, one diagnostic): anything else (a
crash, an assertion, a timeout) is a failure, and the mutant is kept.

  utils/asc-check-mutate.py --count N --seed S [--asc-check BIN]
                            [--keep DIR] KERNEL...
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile


def mutate(lines, rng):
    """One random edit of `lines` and its description."""
    text_lines = [i for i, l in enumerate(lines) if l.strip() and
                  not l.lstrip().startswith(("//", "#"))]
    if not text_lines:
        return lines, "none"
    i = rng.choice(text_lines)
    kind = rng.choice(["delete", "duplicate", "swap", "flip", "return",
                       "break", "drop-identifier"])
    out = list(lines)
    if kind == "delete":
        del out[i]
    elif kind == "duplicate":
        out.insert(i, lines[i])
    elif kind == "swap" and i + 1 < len(lines):
        out[i], out[i + 1] = out[i + 1], out[i]
    elif kind == "flip":
        flipped = re.sub(r"\b(true|false)\b",
                         lambda m: "false" if m.group(1) == "true" else "true",
                         lines[i], count=1)
        out[i] = flipped
    elif kind == "return":
        out.insert(i, "return;\n")
    elif kind == "break":
        out.insert(i, "break;\n")
    else:
        words = list(re.finditer(r"\b[A-Za-z_]\w*\b", lines[i]))
        if words:
            w = rng.choice(words)
            out[i] = lines[i][:w.start()] + lines[i][w.end():]
    return out, "%s at line %d" % (kind, i + 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kernels", nargs="+")
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--asc-check", default=os.path.join(
        os.path.dirname(__file__), "..", "build", "bin", "asc-check"))
    parser.add_argument("--keep", help="folder for the failing mutants")
    parser.add_argument("--timeout", type=int, default=120)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    sources = []
    for path in args.kernels:
        with open(path) as f:
            sources.append((path, f.readlines()))
    counts = {0: 0, 1: 0, 2: 0}
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(args.count):
            path, lines = rng.choice(sources)
            mutant, what = mutate(lines, rng)
            # Beside the original, so its own headers stay on the path.
            name = os.path.join(os.path.dirname(os.path.abspath(path)),
                                ".mutant-%d-%s" % (os.getpid(),
                                                   os.path.basename(path)))
            with open(name, "w") as f:
                f.writelines(mutant)
            try:
                run = subprocess.run([args.asc_check, "--quiet", name],
                                     stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE,
                                     timeout=args.timeout)
                status = run.returncode
                detail = run.stderr.decode(errors="replace")[-2000:]
            except subprocess.TimeoutExpired:
                status, detail = "timeout", ""
            if status in counts:
                counts[status] += 1
            else:
                failures.append((path, what, status))
                if args.keep:
                    os.makedirs(args.keep, exist_ok=True)
                    kept = os.path.join(args.keep, "mutant-%d-%s" %
                                        (n, os.path.basename(path)))
                    with open(kept, "w") as f:
                        f.writelines(mutant)
                print("FAIL %s (%s): exit %s\n%s" % (path, what, status,
                                                     detail))
            os.unlink(name)
    print("%d mutants: %d clean, %d with a violation, %d refused, "
          "%d failures" % (args.count, counts[0], counts[1], counts[2],
                           len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
