"""The launch element types, as asc-run and its launcher know them.

The table is runtime/asc_run/launch/element_types.def (one
ASC_RUN_ELEMENT_TYPE(NAME, CPP_TYPE, BYTES, KIND) row per type, shared with
tools/asc-run and the launcher); this module reads its rows so that the
generator spells no size of its own.
"""
import os
import re

DEF_FILE = os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..",
                        "runtime", "asc_run", "launch", "element_types.def")

_ROW = re.compile(r"^ASC_RUN_ELEMENT_TYPE\(\s*(\w+)\s*,\s*(\w+)\s*,\s*(\d+)\s*,"
                  r"\s*(\w+)\s*\)", re.MULTILINE)


def _read_rows():
    with open(DEF_FILE, encoding="utf-8") as f:
        rows = _ROW.findall(f.read())
    if not rows:
        raise SystemExit(f"asc_random: no ASC_RUN_ELEMENT_TYPE rows in {DEF_FILE}")
    return rows


# Launch name -> bytes of one element ("f16" -> 2), in the table's order.
BYTES = {name: int(size) for name, _cpp, size, _kind in _read_rows()}
