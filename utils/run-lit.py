#!/usr/bin/env python3
"""Runs lit on a test directory and ends with the line 'N passed, N failed'.

The counts come from lit's own xunit report, so CI reads exactly what lit
decided. Exits non-zero when any test failed or lit itself failed.
Usage: run-lit.py LIT TEST_DIR [lit arguments...]
"""
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET


def main():
    lit, test_dir, extra = sys.argv[1], sys.argv[2], sys.argv[3:]
    with tempfile.NamedTemporaryFile(suffix=".xml") as report:
        status = subprocess.call(
            [lit, "-sv", "--xunit-xml-output", report.name, test_dir] + extra)
        try:
            suites = ET.parse(report.name).getroot()
        except ET.ParseError:
            print("0 passed, 1 failed")
            return 1
    passed = failed = skipped = 0
    for case in suites.iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            failed += 1
        elif case.find("skipped") is not None:
            skipped += 1
        else:
            passed += 1
    line = f"{passed} passed, {failed} failed"
    if skipped:
        line += f", {skipped} skipped"
    print(line)
    return 1 if failed or status != 0 else 0


if __name__ == "__main__":
    sys.exit(main())
