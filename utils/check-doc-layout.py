#!/usr/bin/env python3
"""Check that the layout table of docs/SyncPlacement.md names every file.

Usage: check-doc-layout.py ROOT

Every `.cpp` file of lib/Transforms/ and lib/Dialect/Asc/Analysis/, and
every header of lib/Transforms/ (the private ones the transformations
share), must be named in the section `## Layout` of ROOT's
docs/SyncPlacement.md, by its file name (the table abbreviates the
folders). Prints one `missing: path` per file that is not, then
`N file(s) missing`; exits 1 when N > 0.
"""

import os
import re
import sys

FOLDERS = [
    ("lib/Transforms", (".cpp", ".h")),
    ("lib/Dialect/Asc/Analysis", (".cpp",)),
]


def layout_section(doc):
    """The text of the `## Layout` section (up to the next `## `)."""
    match = re.search(r"^## Layout.*?(?=^## |\Z)", doc, re.M | re.S)
    return match.group(0) if match else ""


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    root = argv[1]
    with open(os.path.join(root, "docs", "SyncPlacement.md")) as f:
        section = layout_section(f.read())
    named = set(re.findall(r"[A-Za-z0-9_]+\.(?:cpp|h)\b", section))
    missing = []
    for folder, suffixes in FOLDERS:
        directory = os.path.join(root, folder)
        if not os.path.isdir(directory):
            continue
        for name in sorted(os.listdir(directory)):
            if name.endswith(suffixes) and name not in named:
                missing.append(os.path.join(folder, name))
    for path in missing:
        print("missing: " + path)
    print("%d file(s) missing" % len(missing))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
