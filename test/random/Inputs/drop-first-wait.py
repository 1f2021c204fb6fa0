#!/usr/bin/env python3
"""A deliberately broken asc-opt for asc-random-test's own test: it runs the
real asc-opt ($REAL_ASC_OPT) and, when the pipeline places waits without
re-checking them, deletes the first wait from the output."""
import os
import subprocess
import sys

args = sys.argv[1:]
result = subprocess.run([os.environ["REAL_ASC_OPT"], *args], stdin=sys.stdin,
                        capture_output=True, text=True)
out = result.stdout
placing = any(a.startswith("--asc-sync-placement") for a in args)
if placing and "--asc-verify-sync" not in args and result.returncode == 0:
    lines = out.split("\n")
    for i, line in enumerate(lines):
        if "asc.matmul.wait_" in line:
            del lines[i]
            break
    out = "\n".join(lines)
sys.stdout.write(out)
sys.stderr.write(result.stderr)
sys.exit(result.returncode)
