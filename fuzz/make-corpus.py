#!/usr/bin/env python3
"""Writes the seed corpus of asc-fuzz-pipeline from the test inputs.

Every .mlir file under the given directories is split at `// -----` lines (the
cases of a -split-input-file test); each case without its comment-only lines
becomes one seed: a byte of pipeline options (0: the defaults) and the text.
Seeds are named by the hash of their content, so rerunning is idempotent.

  make-corpus.py -o DIR test/ examples/
"""
import argparse
import hashlib
import os
import re

SPLIT = re.compile(r"^// -----\s*$", re.MULTILINE)


def cases(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    for case in SPLIT.split(text):
        lines = [l for l in case.splitlines() if not l.lstrip().startswith("//")]
        body = "\n".join(lines).strip()
        if body:
            yield body + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", dest="output", required=True)
    parser.add_argument("roots", nargs="+")
    args = parser.parse_args()
    os.makedirs(args.output, exist_ok=True)
    wanted = set()
    for root in args.roots:
        for directory, _, files in os.walk(root):
            for name in sorted(files):
                if not name.endswith(".mlir"):
                    continue
                for case in cases(os.path.join(directory, name)):
                    seed = b"\0" + case.encode()
                    digest = hashlib.sha1(seed).hexdigest()
                    wanted.add(digest)
                    path = os.path.join(args.output, digest)
                    if not os.path.exists(path):
                        with open(path, "wb") as out:
                            out.write(seed)
    # Seeds of cases that no longer exist go.
    for name in os.listdir(args.output):
        if name not in wanted:
            os.remove(os.path.join(args.output, name))
    print("%d seeds in %s" % (len(wanted), args.output))


if __name__ == "__main__":
    main()
