#!/usr/bin/env python3
"""Check that the files of the Matmul analyses include each other one way.

Usage: check-analysis-layering.py ROOT

A unit is a header of include/asc/Dialect/Asc/Analysis/ together with the
source of lib/Dialect/Asc/Analysis/ of the same name (a source without a
header is a unit of its own). A unit depends on the units whose headers
its files include. Prints each cycle found as `cycle: A -> B -> A`, then
`N cycle(s)`; exits 1 when N > 0. The header of one unit included by the
source of another is how a circle of calls shows (docs/SyncPlacement.md,
"Layout").
"""

import os
import re
import sys

HEADERS = "include/asc/Dialect/Asc/Analysis"
SOURCES = "lib/Dialect/Asc/Analysis"
INCLUDE = re.compile(r'^#include "asc/Dialect/Asc/Analysis/(\w+)\.h"', re.M)


def units(root):
    """Each unit's name and the units it includes."""
    graph = {}
    for folder, suffix in ((HEADERS, ".h"), (SOURCES, ".cpp")):
        directory = os.path.join(root, folder)
        if not os.path.isdir(directory):
            continue
        for name in sorted(os.listdir(directory)):
            if not name.endswith(suffix):
                continue
            unit = name[: -len(suffix)]
            with open(os.path.join(directory, name)) as f:
                included = set(INCLUDE.findall(f.read()))
            graph.setdefault(unit, set()).update(included - {unit})
    for targets in list(graph.values()):
        for target in targets:
            graph.setdefault(target, set())
    return graph


def cycles(graph):
    """One cycle per strongly connected part with more than one unit."""
    found = []
    state = {}

    def visit(unit, path):
        state[unit] = "open"
        path.append(unit)
        for target in sorted(graph[unit]):
            if state.get(target) == "open":
                found.append(path[path.index(target):] + [target])
            elif target not in state:
                visit(target, path)
        path.pop()
        state[unit] = "done"

    for unit in sorted(graph):
        if unit not in state:
            visit(unit, [])
    return found


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    found = cycles(units(argv[1]))
    for cycle in found:
        print("cycle: " + " -> ".join(cycle))
    print(f"{len(found)} cycle(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
