#!/usr/bin/env python3
"""Frames the JSON-RPC messages of a `-lit-test` style file for the wire.

The messages in FILE are separated by `// -----` lines; every other line
starting with `//` is dropped. Each message is written to stdout behind the
`Content-Length` header the Language Server Protocol requires, as an editor
would send it.
Usage: frame-messages.py FILE
"""
import sys


def main():
    with open(sys.argv[1]) as f:
        text = f.read()
    out = sys.stdout.buffer
    for chunk in text.split("// -----\n"):
        lines = [l for l in chunk.splitlines() if not l.startswith("//")]
        body = "\n".join(lines).strip().encode()
        if body:
            out.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    out.flush()


if __name__ == "__main__":
    main()
