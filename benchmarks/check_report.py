#!/usr/bin/env python3
"""Checks that a clcuda-bench report is well formed: the CSV (--csv) and the
markdown (--markdown) of one run, against the measures table the program is
built from.

usage: check_report.py MEASURES.def REPORT.csv REPORT.md [--require COLUMN]... [--all-families]

Every column the markdown header shows as present must have a number in
every row (and min <= median <= max), but where column_may_lack_number
says a row leaves it n/a by design; an absent one ("n/a: why") must be
n/a throughout, and its reason is printed. --require names a column
("nvidia", "clcuda", "raw") that must be present; --all-families asks for
rows of every measure family (a run without --measures). Exit 0 when all holds,
else 1 with every problem listed.
"""
import csv
import re
import sys

COLUMNS = {"nvidia": "NVIDIA OpenCL", "clcuda": "clcuda", "raw": "raw CUDA"}
TABLE = ["measure", "size/param", "unit", "NVIDIA OpenCL", "clcuda", "raw CUDA",
         "clcuda/raw", "clcuda/NVIDIA", "goal", "met?"]
CSV_HEADER = TABLE + [f"{title} {bound}" for title in COLUMNS.values()
                      for bound in ("min", "max")]


def measure_titles(def_path):
    titles = {}
    pattern = re.compile(r'^CLCUDA_BENCH_MEASURE\(\w+, "(\w+)", "([^"]+)", "[^"]*"\)')
    with open(def_path, encoding="utf-8") as file:
        for line in file:
            match = pattern.match(line)
            if match:
                titles[match.group(2)] = match.group(1)
    return titles


def is_number(text):
    try:
        float(text)
        return True
    except ValueError:
        return False


def markdown_cells(line):
    """The cells of a markdown table line, honouring escaped pipes."""
    cells = re.split(r"(?<!\\)\|", line.strip())
    return [cell.strip().replace("\\|", "|") for cell in cells[1:-1]]


def column_may_lack_number(measure, key, description):
    """Cells n/a by design: only clcuda's verbose build log has phases, and
    raw CUDA's warm build of an application's kernel would repeat its cold
    row (NVRTC has no cache). The command-buffer replay needs
    cl_khr_command_buffer 0.9.8, which clcuda has: only a stand-in for it
    (the clcuda column on another platform, e.g. PoCL) may lack it. NVIDIA's
    OpenCL enqueues one by one there instead, so it always has a number."""
    if measure == "program build, cold, one phase":
        return key != "clcuda"
    if measure == "small kernels, command buffer replay":
        return key == "clcuda" and not description.startswith("platform 'clcuda'")
    return measure == "program build, warm" and key == "raw"


def check(def_path, csv_path, md_path, required, all_families):
    problems = []
    titles = measure_titles(def_path)
    if not titles:
        return [f"{def_path}: no CLCUDA_BENCH_MEASURE rows"]

    with open(md_path, encoding="utf-8") as file:
        markdown = file.read().splitlines()
    presence = {}
    descriptions = {}
    for key, title in COLUMNS.items():
        header = [markdown_cells(line) for line in markdown
                  if line.startswith(f"| {title} |")]
        if len(header) != 1 or len(header[0]) != 2:
            problems.append(f"markdown: no header line for the {title} column")
            continue
        presence[key] = not header[0][1].startswith("n/a")
        descriptions[key] = header[0][1]
        if not presence[key]:
            print(f"{title} column absent: {header[0][1][len('n/a: '):]}")
            if key in required:
                problems.append(f"{title} column is required but absent")
    if not any(presence.get(key) for key in ("nvidia", "clcuda")):
        problems.append("no OpenCL column is present")

    table_start = [i for i, line in enumerate(markdown) if markdown_cells(line) == TABLE]
    if len(table_start) != 1:
        return problems + ["markdown: the results table header is missing or repeated"]
    start = table_start[0]
    if markdown[start + 1] != "|" + "---|" * len(TABLE):
        problems.append("markdown: the table's separator line is malformed")
    md_rows = []
    for line in markdown[start + 2:]:
        if not line.startswith("|"):
            break
        md_rows.append(markdown_cells(line))

    with open(csv_path, newline="", encoding="utf-8") as file:
        rows = list(csv.reader(file))
    if not rows or rows[0] != CSV_HEADER:
        return problems + [f"csv: header is {rows[0] if rows else 'missing'}"]
    rows = rows[1:]
    if len(rows) != len(md_rows):
        problems.append(f"csv has {len(rows)} rows, the markdown table {len(md_rows)}")
    if not rows:
        problems.append("csv: no rows")

    families = set()
    for number, (row, md_row) in enumerate(zip(rows, md_rows), start=2):
        where = f"csv line {number}"
        if len(row) != len(CSV_HEADER):
            problems.append(f"{where}: {len(row)} fields, expected {len(CSV_HEADER)}")
            continue
        if len(md_row) != len(TABLE):
            problems.append(f"{where}: the markdown line has {len(md_row)} cells")
        elif md_row[:3] != row[:3]:
            problems.append(f"{where}: the markdown line is about {md_row[:3]}, not {row[:3]}")
        fields = dict(zip(CSV_HEADER, row))
        if fields["measure"] not in titles:
            problems.append(f"{where}: unknown measure {fields['measure']!r}")
        else:
            families.add(titles[fields["measure"]])
        if not fields["size/param"] or not fields["unit"]:
            problems.append(f"{where}: empty size/param or unit")
        for key, title in COLUMNS.items():
            cells = [fields[title], fields[f"{title} min"], fields[f"{title} max"]]
            if presence.get(key):
                if cells == ["n/a"] * 3 and column_may_lack_number(
                        fields["measure"], key, descriptions[key]):
                    continue
                if not all(is_number(cell) for cell in cells):
                    problems.append(f"{where} ({fields['measure']}, {fields['size/param']}): "
                                    f"{title} has no number: {cells}")
                elif not float(cells[1]) <= float(cells[0]) <= float(cells[2]):
                    problems.append(f"{where}: {title} median outside min..max: {cells}")
            elif cells != ["n/a"] * 3:
                problems.append(f"{where}: {title} is absent but has {cells}")
        for ratio in ("clcuda/raw", "clcuda/NVIDIA"):
            if fields[ratio] != "n/a" and not is_number(fields[ratio]):
                problems.append(f"{where}: {ratio} is {fields[ratio]!r}")
        if fields["met?"] not in ("", "yes", "no", "n/a"):
            problems.append(f"{where}: met? is {fields['met?']!r}")
        if bool(fields["goal"]) != bool(fields["met?"]):
            problems.append(f"{where}: goal {fields['goal']!r} with met? {fields['met?']!r}")
    print(f"{len(rows)} rows, measure families: {', '.join(sorted(families))}")
    missing = set(titles.values()) - families
    if all_families and missing:
        problems.append(f"no rows for the measure families {', '.join(sorted(missing))}")
    return problems


def main(argv):
    args = argv[1:]
    all_families = "--all-families" in args
    args = [arg for arg in args if arg != "--all-families"]
    required = []
    while "--require" in args:
        at = args.index("--require")
        if at + 1 >= len(args) or args[at + 1] not in COLUMNS:
            print(__doc__, file=sys.stderr)
            return 2
        required.append(args[at + 1])
        del args[at:at + 2]
    if len(args) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    problems = check(*args, required, all_families)
    for problem in problems:
        print(f"problem: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
