#!/usr/bin/env python3
"""An application's cold start on each platform: hashcat's benchmark of one
hash mode (`hashcat -b -m MODE`, its optimized kernels) timed from process
start to exit, with every kernel cache empty (hashcat's, clcuda's and NVIDIA's
compute cache). Most of that time is building the mode's kernels; the rest is
the few seconds hashcat spends measuring its speed, which is printed too.

Columns: nvidia (NVIDIA's OpenCL), clcuda, cuda (hashcat's own CUDA backend,
which compiles the same kernels with the NVRTC clcuda uses and runs them on
the driver API: the application's raw CUDA), and pocl where asked. The runs
take turns (every column once per repetition) so that drift spreads evenly.

    app_start.py --build-dir build [--staged DIR] [--modes 0,1400,1700,10900,3200]
                 [--repetitions 3] [--columns nvidia,clcuda,cuda] [--output FILE.json]

hashcat comes from the compatibility corpus's pinned packages (--staged, as
for run_compat.py, else downloaded). Prints a markdown table of medians and
clcuda's ratios. See docs/performance.md, "An application's cold start".
"""
from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "testsuite" / "compat"))
from apps import APPS, Context, hashcat_install  # noqa: E402
from fetch import FetchError  # noqa: E402
from run_compat import library_env, platforms, prepare_packages, with_empty_caches  # noqa: E402

OPENCL_COLUMNS = ("nvidia", "clcuda", "pocl")
RAW_CUDA = "cuda"
DEFAULT_MODES = (0, 1400, 1700, 10900, 3200)  # MD5, SHA-256, SHA-512, PBKDF2-HMAC-SHA256, bcrypt
BACKEND_FLAGS = {
    # The CPU too on OpenCL: PoCL's device is one (NVIDIA's and clcuda's platforms have only GPUs).
    "opencl": ["--backend-ignore-cuda", "--backend-ignore-hip", "--opencl-device-types", "1,2"],
    RAW_CUDA: ["--backend-ignore-opencl", "--backend-ignore-hip"],
}
RUN_SECONDS_LIMIT = 600


@dataclass
class Sample:
    column: str
    mode: int
    seconds: float
    hashes_per_second: int | None  # None when hashcat printed no speed: the run failed
    status: int | None  # hashcat's exit status; None when it ran out of time


def speed_of(output: str, mode: int) -> int | None:
    """The hashes a second of `hashcat -b --machine-readable` output, whose result
    lines read DEVICE:MODE:CLOCK:MEMORY_CLOCK:MILLISECONDS:HASHES_PER_SECOND."""
    for line in output.splitlines():
        fields = line.strip().split(":")
        if len(fields) == 6 and all(f.isdigit() or f.replace(".", "", 1).isdigit() for f in fields) \
                and fields[1] == str(mode):
            return int(fields[5])
    return None


def summarize(samples: list[Sample], columns: list[str], modes: list[int]) -> list[dict]:
    """Per mode: each column's median seconds and speed over its successful runs
    (None where none succeeded), and clcuda's seconds as a ratio to each other column."""
    rows = []
    for mode in modes:
        row: dict = {"mode": mode, "seconds": {}, "speed": {}, "failed": {}, "ratio": {}}
        for column in columns:
            good = [s for s in samples if s.column == column and s.mode == mode and s.hashes_per_second]
            row["failed"][column] = sum(1 for s in samples if s.column == column and s.mode == mode) - len(good)
            row["seconds"][column] = statistics.median(s.seconds for s in good) if good else None
            row["speed"][column] = statistics.median(s.hashes_per_second for s in good) if good else None
        tested = row["seconds"].get("clcuda")
        for column in columns:
            other = row["seconds"][column]
            if column != "clcuda" and tested and other:
                row["ratio"][column] = tested / other
        rows.append(row)
    return rows


def megahashes(hashes_per_second: float | None) -> str:
    """MH/s to four significant digits, without an exponent (bcrypt's are below one)."""
    if not hashes_per_second:
        return "n/a"
    value = hashes_per_second / 1e6
    return f"{value:.{max(0, 3 - math.floor(math.log10(value)))}f}"


def markdown(rows: list[dict], columns: list[str]) -> str:
    def cell(value, form):
        return form.format(value) if value is not None else "n/a"
    others = [c for c in columns if c != "clcuda"] if "clcuda" in columns else []
    header = ["mode", *(f"{c} s" for c in columns), *(f"clcuda/{c}" for c in others),
              *(f"{c} MH/s" for c in columns), "failed runs"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for row in rows:
        failed = ", ".join(f"{c} {n}" for c, n in row["failed"].items() if n) or "none"
        lines.append("| " + " | ".join([
            str(row["mode"]),
            *(cell(row["seconds"][c], "{:.2f}") for c in columns),
            *(cell(row["ratio"].get(c), "{:.2f}") for c in others),
            *(megahashes(row["speed"][c]) for c in columns),
            failed]) + " |")
    return "\n".join(lines)


def nvrtc_for_hashcat(build_dir: Path, work: Path) -> Path | None:
    """A directory holding libnvrtc.so, the unversioned name hashcat opens, linked
    to the libnvrtc clcuda itself resolves; None when it resolves none."""
    ldd = subprocess.run(["ldd", str(build_dir / "lib" / "libclcuda.so")], capture_output=True, text=True)
    for line in ldd.stdout.splitlines():
        name, _, resolved = line.strip().partition(" => ")
        if name.startswith("libnvrtc.so") and resolved.startswith("/"):
            directory = work / "nvrtc"
            directory.mkdir(exist_ok=True)
            link = directory / "libnvrtc.so"
            link.unlink(missing_ok=True)
            link.symlink_to(resolved.split()[0])
            return directory
    return None


def column_environments(columns: list[str], build_dir: Path, work: Path, prefix: Path,
                        python: str) -> tuple[dict[str, dict], dict[str, str]]:
    """column -> environment for the columns that can run here, and column -> why not for the others."""
    found = platforms(build_dir, work, prefix, python)
    envs, missing = {}, {}
    for column in columns:
        if column == RAW_CUDA:
            nvrtc = nvrtc_for_hashcat(build_dir, work)
            if nvrtc is None:
                missing[column] = "libclcuda.so resolves no libnvrtc here"
                continue
            env = dict(os.environ, **library_env(prefix))
            env["LD_LIBRARY_PATH"] = os.pathsep.join([str(nvrtc), env["LD_LIBRARY_PATH"]])
            envs[column] = env
        elif column not in found:
            missing[column] = "not installed"
        elif found[column][2]:
            missing[column] = found[column][2]
        else:
            envs[column] = found[column][0]
    return envs, missing


def cold_start(column: str, env: dict, mode: int, prefix: Path, run_dir: Path, python: str) -> Sample:
    shutil.rmtree(run_dir, ignore_errors=True)
    run_dir.mkdir(parents=True)
    context = Context(prefix, run_dir, with_empty_caches(env, run_dir), python, time.monotonic() + RUN_SECONDS_LIMIT)
    binary = hashcat_install(context)  # its kernel cache, beside the binary, starts empty
    backend = BACKEND_FLAGS[RAW_CUDA if column == RAW_CUDA else "opencl"]
    started = time.monotonic()
    status, output = context.command(
        [str(binary), "-b", "-m", str(mode), "--machine-readable", "--quiet",
         "--force",  # PoCL is "not a native runtime": hashcat asks for --force to go on
         *backend], "hashcat.log")
    seconds = time.monotonic() - started
    return Sample(column, mode, round(seconds, 3), speed_of(output, mode) if status == 0 else None, status)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build-dir", type=Path, required=True)
    parser.add_argument("--staged", type=Path, default=os.environ.get("CLCUDA_COMPAT_STAGED") or None)
    parser.add_argument("--work-dir", type=Path, help="default: BUILD/app-start")
    parser.add_argument("--modes", default=",".join(map(str, DEFAULT_MODES)))
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--columns", default="nvidia,clcuda,cuda",
                        help=f"of {', '.join([*OPENCL_COLUMNS, RAW_CUDA])}, comma-separated")
    parser.add_argument("--output", type=Path, help="every sample and the summary, as JSON")
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args()
    columns = args.columns.split(",")
    unknown = set(columns) - {*OPENCL_COLUMNS, RAW_CUDA}
    if unknown:
        parser.error(f"unknown columns: {', '.join(sorted(unknown))}")
    modes = [int(m) for m in args.modes.split(",")]
    build_dir = args.build_dir.resolve()
    work = (args.work_dir or build_dir / "app-start").resolve()
    prefix = work / "prefix"
    work.mkdir(parents=True, exist_ok=True)
    try:
        prepare_packages(APPS["hashcat"], args.staged, work, prefix, args.python)
    except FetchError as error:
        print(f"app_start: cannot get hashcat's packages: {error}", file=sys.stderr)
        return 2
    envs, missing = column_environments(columns, build_dir, work, prefix, args.python)
    for column, why in missing.items():
        print(f"app_start: column {column} is n/a: {why}", flush=True)
    samples: list[Sample] = []
    for repetition in range(args.repetitions):
        for mode in modes:
            for column, env in envs.items():
                sample = cold_start(column, env, mode, prefix, work / "runs" / f"{column}-m{mode}", args.python)
                samples.append(sample)
                print(f"app_start: {column} -m {mode} #{repetition + 1}: {sample.seconds:.2f} s, "
                      f"{sample.hashes_per_second or 'no'} H/s, status {sample.status}", flush=True)
    rows = summarize(samples, columns, modes)
    print(markdown(rows, columns))
    if args.output:
        args.output.write_text(json.dumps({"samples": [asdict(s) for s in samples], "rows": rows,
                                           "missing": missing}, indent=1))
    return 0 if all(s.hashes_per_second for s in samples) else 1


if __name__ == "__main__":
    sys.exit(main())
