#!/usr/bin/env python3
"""Plots bandwidth against transfer size for the three columns of a
clcuda-bench CSV (--csv): host-to-device and device-to-host side by side,
pinned solid and pageable dashed, the bars spanning min to max.

usage: plot_bandwidth.py RESULTS.csv OUTPUT.png
"""
import csv
import re
import sys

COLUMNS = ["NVIDIA OpenCL", "clcuda", "raw CUDA"]
COLORS = {"NVIDIA OpenCL": "#76b900", "clcuda": "#1f77b4", "raw CUDA": "#444444"}
PANELS = [("H2D", "host to device"), ("D2H", "device to host")]
UNITS = {"B": 1, "KiB": 1024, "MiB": 1024**2, "GiB": 1024**3}


def size_in_bytes(label):
    match = re.fullmatch(r"(\d+) (B|KiB|MiB|GiB)", label.strip())
    if not match:
        raise ValueError(f"not a transfer size: {label!r}")
    return int(match.group(1)) * UNITS[match.group(2)]


def size_label(size):
    for unit in ("GiB", "MiB", "KiB"):
        if size >= UNITS[unit] and size % UNITS[unit] == 0:
            return f"{size // UNITS[unit]} {unit}"
    return f"{size} B"


def number(text):
    return None if text == "n/a" else float(text)


def read_series(path):
    """{(direction, memory, column): [(bytes, median, min, max)]}"""
    series = {}
    with open(path, newline="", encoding="utf-8") as file:
        for row in csv.DictReader(file):
            match = re.fullmatch(r"(H2D|D2H) (pageable|pinned)", row["measure"])
            if not match:
                continue
            for column in COLUMNS:
                median = number(row[column])
                if median is None:
                    continue
                point = (size_in_bytes(row["size/param"]), median,
                         number(row[f"{column} min"]), number(row[f"{column} max"]))
                series.setdefault((match.group(1), match.group(2), column), []).append(point)
    return series


def plot(series, output):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(1, 2, figsize=(12, 4.8), sharey=True)
    sizes_seen = sorted({p[0] for points in series.values() for p in points})
    for axis, (direction, title) in zip(axes, PANELS):
        for column in COLUMNS:
            for memory, style in (("pinned", "-"), ("pageable", "--")):
                points = sorted(series.get((direction, memory, column), []))
                if not points:
                    continue
                sizes = [p[0] for p in points]
                medians = [p[1] for p in points]
                below = [p[1] - p[2] for p in points]
                above = [p[3] - p[1] for p in points]
                axis.errorbar(sizes, medians, yerr=[below, above], fmt=style + "o",
                              markersize=3, capsize=2, color=COLORS[column],
                              label=f"{column}, {memory}")
        axis.set_xscale("log", base=2)
        axis.set_yscale("log")
        axis.set_xticks(sizes_seen, [size_label(size) for size in sizes_seen], rotation=45)
        axis.minorticks_off()
        axis.set_xlabel("transfer size")
        axis.set_title(f"{direction}: {title}")
        axis.grid(True, which="both", alpha=0.3)
    axes[0].set_ylabel("bandwidth (GB/s)")
    axes[0].legend(fontsize="small", loc="upper left")
    figure.suptitle("Transfer bandwidth: NVIDIA OpenCL, clcuda, raw CUDA (median, min-max)")
    figure.tight_layout()
    figure.savefig(output, dpi=120)


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    series = read_series(argv[1])
    if not series:
        print(f"{argv[1]}: no transfer rows with numbers", file=sys.stderr)
        return 1
    plot(series, argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
