#!/usr/bin/env python3
"""Prints the compatibility corpus's results as a markdown table, and every
case whose outcome differs between the reference and clcuda.

    testsuite/compat/summary.py build/compat
"""
import json
import sys
from pathlib import Path

from verdict import PlatformRun

COLUMNS = ("pocl", "nvidia", "clcuda")


def cell(run: dict) -> str:
    platform_run = PlatformRun(**run)
    return platform_run.summary() + (f", {platform_run.seconds:.0f} s" if platform_run.seconds else "")


def main() -> int:
    compat_dir = Path(sys.argv[1] if len(sys.argv) > 1 else "build/compat")
    results = [json.loads(p.read_text()) for p in sorted(compat_dir.glob("*/results.json"))]
    if not results:
        print(f"no results in {compat_dir}", file=sys.stderr)
        return 1
    print("| app | " + " | ".join(COLUMNS) + " | verdict |")
    print("|---|" + "---|" * (len(COLUMNS) + 1))
    for result in results:
        runs, comparison = result["runs"], result["comparison"]
        cells = [cell(runs[c]) if c in runs else "" for c in COLUMNS]
        print(f"| {result['app']} | " + " | ".join(cells) + f" | {comparison['verdict']}: {comparison['reason']} |")
    for result in results:
        comparison = result["comparison"]
        for difference in comparison["differences"]:
            mark = "REGRESSION" if difference["regression"] else "difference"
            print(f"{result['app']}: {mark}: {difference['case']}: {comparison['reference']} "
                  f"{difference['reference']}, clcuda {difference['tested']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
