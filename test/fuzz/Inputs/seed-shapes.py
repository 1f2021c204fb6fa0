"""Counts the seeds of asc-fuzz-pipeline that reach the transforms' shapes
(fuzz/make-corpus.py): with the transforms' option byte, and holding a
tiling-stride loop, a narrow counter, a view-form fetch (and one whose view
goes to a call or a subview), a kernel using its workspace argument, a
synchronous Iterate loop."""
import os
import re
import sys

SHAPES = {
    "transforms-byte": lambda b, t: b[0] == 0x0A,
    "tiling-stride-loop": lambda b, t: "asc.tiling.get" in t and re.search(r"scf\.for .*: i(8|16|32) \{", t),
    "narrow-counter": lambda b, t: re.search(r"scf\.for .*: i(8|16) \{", t),
    "view-fetch": lambda b, t: re.search(r"asc\.matmul\.get_tensor_c %\w+ \{sync = false\} : \S+ -> ", t),
    # A view fetch whose view goes, within the next lines, to a call or a
    # subview (a consumer that may read no memory; shapes.py VIEW_CONSUMERS).
    "view-fetch-consumer": lambda b, t: re.search(
        r"(%\w+) = asc\.matmul\.get_tensor_c %\w+ \{sync = false\} : \S+ -> \S+\n"
        r"(?:[^\n]*\n){0,3}?[^\n]*(?:func\.call @\w+\(\1[,)]|asc\.subview \1\[)", t),
    "workspace-kernel": lambda b, t: "asc.block_workspace" in t and "asc.get_user_workspace" in t,
    "sync-iterate-loop": lambda b, t: re.search(r"scf\.while[^\n]*\n[^\n]*asc\.matmul\.iterate %\w+ :", t),
}

counts = dict.fromkeys(SHAPES, 0)
for name in sorted(os.listdir(sys.argv[1])):
    with open(os.path.join(sys.argv[1], name), "rb") as f:
        data = f.read()
    text = data[1:].decode("utf-8", errors="replace")
    for shape, test in SHAPES.items():
        if test(data, text):
            counts[shape] += 1
for shape, count in counts.items():
    print(f"{shape}: {count}")
