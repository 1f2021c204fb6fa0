#!/usr/bin/env python3
"""Print the checked MLIR examples of a Markdown document as one test input.

Usage: doc-examples.py DOC.md KIND

A fenced ```mlir block preceded by the line `<!-- example: KIND -->` is an
example of that kind (for docs/Protocol.md: `verify` runs through the op
verifiers, `verify-sync` also through --asc-verify-sync). The block marked
`<!-- example: prelude -->` (type aliases) is put in front of every example.
The examples are printed as `// -----`-separated chunks for
`asc-opt -split-input-file -verify-diagnostics`, each starting with a comment
that names its line in the document, so that a failure points back to it.
Exits 1 when the document has no example of that kind: a renamed marker must
not turn the test into one that checks nothing.
"""

import re
import sys


def examples(lines):
    """(kind, first line number, block text) of every marked mlir block."""
    kind, index = None, 0
    while index < len(lines):
        marker = re.fullmatch(r"\s*<!-- example: ([\w-]+) -->\s*", lines[index])
        if marker:
            kind = marker.group(1)
        elif lines[index].strip() == "```mlir" and kind:
            start, body = index + 2, []
            index += 1
            while index < len(lines) and lines[index].strip() != "```":
                body.append(lines[index])
                index += 1
            yield kind, start, "\n".join(body)
            kind = None
        elif lines[index].strip():
            kind = None  # a marker applies to the block right after it
        index += 1


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    path, wanted = argv[1], argv[2]
    with open(path, encoding="utf-8") as f:
        found = list(examples(f.read().splitlines()))
    prelude = "\n".join(text for kind, _, text in found if kind == "prelude")
    chunks = ["// %s:%d\n%s\n%s" % (path, line, prelude, text)
              for kind, line, text in found if kind == wanted]
    if not chunks:
        print("%s: no example marked '%s'" % (path, wanted), file=sys.stderr)
        return 1
    print("\n\n// -----\n\n".join(chunks))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
