#!/usr/bin/env python3
"""Checks bench/report.py's CSV: the columns the report promises, a column
whose name has `oracle` and `%`, and one row for every kernel the report
measures (each example with a launch file, each benchmark kernel).

Usage: check-report-csv.py SOURCE_ROOT RESULTS.csv
"""
import csv
import pathlib
import sys

root = pathlib.Path(sys.argv[1])
sys.path.insert(0, str(root / "bench"))
import report  # noqa: E402

with open(sys.argv[2], newline="") as f:
    rows = list(csv.DictReader(f))
columns = list(rows[0].keys()) if rows else []
missing = [c for c in report.CSV_COLUMNS if c not in columns]
if missing:
    sys.exit(f"report csv: missing columns {missing}")
oracle_pct = [c for c in columns if "oracle" in c and "%" in c]
if not oracle_pct:
    sys.exit("report csv: no column with 'oracle' and '%' in its name")
expected = [m.stem for m in sorted((root / "examples").glob("*.mlir"))
            if m.with_name(m.stem + ".launch.json").exists()]
expected += list(report.BENCH_KERNELS)
names = [r["kernel"] for r in rows]
absent = [k for k in expected if k not in names]
if absent:
    sys.exit(f"report csv: no row for {absent}")
if len(names) != len(set(names)):
    sys.exit("report csv: a kernel has two rows")
for r in rows:
    for c in ("as written cycles", "placed cycles", "oracle cycles"):
        if not r[c]:
            sys.exit(f"report csv: {r['kernel']} has no {c!r}")
print(f"report csv: {len(rows)} kernels, {len(expected)} expected, "
      f"columns {', '.join(repr(c) for c in oracle_pct)}")
