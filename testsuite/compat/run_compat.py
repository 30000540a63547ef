#!/usr/bin/env python3
"""Runs one application of the compatibility corpus on every OpenCL platform
there is (PoCL, NVIDIA's OpenCL, clcuda), each alone in its own environment,
and compares clcuda's verdicts with the reference's (NVIDIA, else PoCL).

    run_compat.py APP --build-dir build [--staged DIR]

Packages come from --staged (a directory stage.py filled, for a machine
without network), else are downloaded into BUILD/compat/downloads. Writes
BUILD/compat/APP/results.json and results.csv (--work-dir moves BUILD/compat). Exit status: 0 PASS, 1 FAIL,
77 SKIPPED (no network, or clcuda has no device: the reference still runs).
See docs/compatibility.md.
"""
from __future__ import annotations

import argparse
import csv
import ctypes
import dataclasses
import fcntl
import json
import os
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from apps import APPS, HOST_PYTHON_PACKAGES, ICD_LOADER, App, Context
from fetch import FetchError, download, unpack
from verdict import (EXIT_CODES, PlatformRun, compare, choose_reference, mark_if_nothing_ran, stand_in_builds,
                     with_stand_in_builds)

COMPAT_DIR = Path(__file__).resolve().parent
PLATFORM_ORDER = ("pocl", "nvidia", "clcuda")  # the order of the runs and columns
STAND_IN = "clcuda-stand-in"  # clcuda over the stand-in CUDA driver: builds only
REFERENCE_PREFERENCE = ("nvidia", "pocl")
LIBRARY_DIRS = ("usr/lib/x86_64-linux-gnu", "usr/lib/x86_64-linux-gnu/blas")


def column_of(platform_name: str) -> str | None:
    """The result column of a CL_PLATFORM_NAME; None for platforms outside the comparison."""
    if platform_name == "clcuda":
        return "clcuda"
    if "NVIDIA" in platform_name:
        return "nvidia"
    if "Portable Computing Language" in platform_name:
        return "pocl"
    return None


def cuda_device_present() -> bool:
    """Whether clcuda must run here: the CUDA driver loads and sees a device."""
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return False
    count = ctypes.c_int()
    return cuda.cuInit(0) == 0 and cuda.cuDeviceGetCount(ctypes.byref(count)) == 0 and count.value > 0


def packages_for(app: App, python: str) -> list:
    packages = [*app.packages, ICD_LOADER]
    if app.uses_pytest:
        has_host_packages = subprocess.run([python, "-c", "import numpy, pytest"],
                                           capture_output=True).returncode == 0
        if not has_host_packages:
            packages += HOST_PYTHON_PACKAGES
    return list(dict.fromkeys(packages))


def prepare_packages(app: App, staged: Path | None, compat_dir: Path, prefix: Path, python: str) -> None:
    """Unpacks app's packages into prefix: from staged (stage.py's directory),
    else downloaded into compat_dir/downloads. Raises FetchError."""
    packages = packages_for(app, python)
    downloads = staged.resolve() if staged else compat_dir / "downloads"
    if not staged:
        downloads.mkdir(parents=True, exist_ok=True)
        with open(downloads / ".lock", "w") as lock:  # apps running side by side share the cache
            fcntl.flock(lock, fcntl.LOCK_EX)
            download(packages, downloads)
    unpack(packages, downloads, prefix)


def library_env(prefix: Path) -> dict[str, str]:
    paths = [str(prefix / d) for d in LIBRARY_DIRS]
    return {"LD_LIBRARY_PATH": os.pathsep.join(filter(None, [*paths, os.environ.get("LD_LIBRARY_PATH")])),
            "PYTHONPATH": os.pathsep.join(filter(None, [str(prefix / "site"), os.environ.get("PYTHONPATH")]))}


def platforms(build_dir: Path, work: Path, prefix: Path, python: str) -> dict[str, tuple[dict, str, str]]:
    """Each platform the loader would see, alone: column -> (environment, description, why unavailable)."""
    vendors = work / "vendors"
    shutil.rmtree(vendors, ignore_errors=True)
    # The differential harness writes the vendors directory: clcuda, the system's ICDs, an unregistered NVIDIA.
    written = subprocess.run([str(build_dir / "bin" / "differential"), "--write-vendors-dir", str(vendors)],
                             capture_output=True, text=True)
    if written.returncode != 0:
        raise RuntimeError(f"differential --write-vendors-dir: {written.stderr.strip() or written.stdout.strip()}")
    loader = prefix / "usr/lib/x86_64-linux-gnu/libOpenCL.so.1"
    found: dict[str, tuple[dict, str, str]] = {}
    for icd in sorted(vendors.glob("*.icd")):
        alone = work / "platforms" / icd.stem
        shutil.rmtree(alone, ignore_errors=True)
        alone.mkdir(parents=True)
        shutil.copy(icd, alone / icd.name)  # .icd files keep their lack of a final newline
        library = icd.read_text().strip()
        # ocl-icd (Debian's, and the one in PyOpenCL's wheel) reads OCL_ICD_VENDORS; Khronos' loader OCL_ICD_FILENAMES.
        env = dict(os.environ, **library_env(prefix), OCL_ICD_VENDORS=str(alone), OCL_ICD_FILENAMES=library)
        probed = subprocess.run([python, str(COMPAT_DIR / "probe.py"), str(loader)],
                                env=env, capture_output=True, text=True)
        try:
            answer = json.loads(probed.stdout)
        except json.JSONDecodeError:
            answer = {"error": f"the probe died (status {probed.returncode}): {probed.stderr.strip()[-200:]}"}
        column = column_of(answer.get("platform", "")) or column_of_library(library)
        if column is None or column in found:
            continue
        devices = answer.get("devices", [])
        description = f"{answer.get('platform', library)} / {', '.join(devices) or 'no device'}"
        unavailable = answer.get("error", "") if not devices else ""
        if not devices and not unavailable:
            unavailable = f"{answer['platform']} has no device"
            if column == "clcuda":
                unavailable += " (no CUDA device or driver here)"
        found[column] = (env, description, unavailable)
    return found


def column_of_library(library: str) -> str | None:
    # A platform whose probe failed is still named, by its library, so its column says why.
    return next((column for column in PLATFORM_ORDER if column in os.path.basename(library)), None)


def with_empty_caches(env: dict[str, str], run_dir: Path) -> dict[str, str]:
    """env with run_dir as HOME and cache: PoCL's, clcuda's, NVIDIA's, PyOpenCL's and
    hashcat's kernel caches start empty. Python's user site stays where it was
    (numpy or pytest may be installed there)."""
    return dict(env, HOME=str(run_dir), XDG_CACHE_HOME=str(run_dir / ".cache"),
                CUDA_CACHE_PATH=str(run_dir / ".nv" / "ComputeCache"), PYTHONDONTWRITEBYTECODE="1",
                PYTHONUSERBASE=os.environ.get("PYTHONUSERBASE") or os.path.expanduser("~/.local"))


def run_on(app: App, column: str, env: dict, prefix: Path, work: Path, python: str) -> PlatformRun:
    run_dir = work / column
    shutil.rmtree(run_dir, ignore_errors=True)
    run_dir.mkdir(parents=True)
    run = PlatformRun(column)
    started = time.monotonic()
    context = Context(prefix, run_dir, with_empty_caches(env, run_dir), python, started + app.minutes * 60)
    app.run(context, run)
    run.seconds = round(time.monotonic() - started, 1)
    mark_if_nothing_ran(run)
    return run


def run_platforms(app: App, envs: dict[str, dict], prefix: Path, work: Path, python: str,
                  side_by_side: bool) -> dict[str, PlatformRun]:
    """Runs app on each platform of envs (column -> environment), in envs' order:
    one after the other (the reference first, so its results are there even
    if clcuda hangs), or all at the same time."""
    with ThreadPoolExecutor(max_workers=len(envs) if side_by_side and envs else 1) as pool:
        futures = {column: pool.submit(run_on, app, column, env, prefix, work, python)
                   for column, env in envs.items()}
        return {column: future.result() for column, future in futures.items()}


def write_results(work: Path, app: App, runs: dict[str, PlatformRun], comparison) -> None:
    (work / "results.json").write_text(json.dumps({
        "app": app.name,
        "runs": {column: dataclasses.asdict(run) for column, run in runs.items()},
        "comparison": dataclasses.asdict(comparison),
    }, indent=1))
    columns = [c for c in PLATFORM_ORDER if c in runs]
    cases = sorted({case for run in runs.values() for case in run.outcomes})
    with open(work / "results.csv", "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["case", *columns])
        for case in cases:
            writer.writerow([case, *(runs[c].outcomes.get(case, "") for c in columns)])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("app", choices=sorted(APPS))
    parser.add_argument("--build-dir", type=Path, required=True)
    parser.add_argument("--staged", type=Path, default=os.environ.get("CLCUDA_COMPAT_STAGED") or None,
                        help="the packages, staged by stage.py (default: $CLCUDA_COMPAT_STAGED, else download)")
    parser.add_argument("--work-dir", type=Path, help="where downloads, unpacked packages and results go "
                                                      "(default: BUILD/compat)")
    parser.add_argument("--platforms", default=os.environ.get("CLCUDA_COMPAT_PLATFORMS", ",".join(PLATFORM_ORDER)),
                        help="the columns to run, comma-separated (default: $CLCUDA_COMPAT_PLATFORMS, else all)")
    parser.add_argument("--minutes", type=float, default=os.environ.get("CLCUDA_COMPAT_MINUTES"),
                        help="time limit of one platform's run (default: $CLCUDA_COMPAT_MINUTES, else the app's)")
    parser.add_argument("--python", default=sys.executable, help="the Python that runs the pytest suites")
    parser.add_argument("--side-by-side", action="store_true",
                        default=os.environ.get("CLCUDA_COMPAT_SIDE_BY_SIDE") == "1",
                        help="run the platforms at the same time, not one after the other (default: "
                             "$CLCUDA_COMPAT_SIDE_BY_SIDE=1): both GPU columns in the time of one")
    args = parser.parse_args()
    app = APPS[args.app]
    if args.minutes:
        app = dataclasses.replace(app, minutes=args.minutes)
    selected = args.platforms.split(",")
    build_dir = args.build_dir.resolve()
    compat_dir = (args.work_dir or build_dir / "compat").resolve()
    work = compat_dir / app.name
    prefix = work / "prefix"
    work.mkdir(parents=True, exist_ok=True)

    try:
        prepare_packages(app, args.staged, compat_dir, prefix, args.python)
    except FetchError as error:
        print(f"{app.name}: SKIPPED: could not get its packages: {error}")
        return EXIT_CODES["SKIPPED"]

    try:
        found = platforms(build_dir, work, prefix, args.python)
    except (OSError, RuntimeError) as error:
        print(f"{app.name}: FAIL: cannot list the platforms: {error}")
        return EXIT_CODES["FAIL"]
    runs: dict[str, PlatformRun] = {}
    to_run: dict[str, dict] = {}
    for column in PLATFORM_ORDER:
        if column not in selected:
            runs[column] = PlatformRun(column, unavailable="not selected (--platforms)")
            continue
        if column not in found:
            runs[column] = PlatformRun(column, unavailable="not installed")
            continue
        env, description, unavailable = found[column]
        print(f"{app.name} on {column}: {description}" + (f" (unavailable: {unavailable})" if unavailable else ""),
              flush=True)
        runs[column] = PlatformRun(column, description, unavailable=unavailable)
        if not unavailable:
            to_run[column] = env
    stand_in_log = work / STAND_IN / "builds.log"
    stand_in_driver = build_dir / "lib" / "fakecuda"
    check_builds = (app.builds_on_stand_in and "clcuda" in selected and "clcuda" in found
                    and not cuda_device_present() and stand_in_driver.is_dir())
    if check_builds:
        env = found["clcuda"][0]
        to_run[STAND_IN] = dict(env, LD_LIBRARY_PATH=os.pathsep.join([str(stand_in_driver), env["LD_LIBRARY_PATH"]]),
                                CLCUDA_LOG="build", CLCUDA_LOG_FILE=str(stand_in_log))
    ran = run_platforms(app, to_run, prefix, work, args.python, args.side_by_side or check_builds)
    ran.pop(STAND_IN, None)
    for column, run in ran.items():
        run.description = runs[column].description
        runs[column] = run

    reference = choose_reference(runs, REFERENCE_PREFERENCE)
    comparison = compare(runs, reference, "clcuda", tested_must_run=cuda_device_present())
    if check_builds:
        builds, failed = stand_in_builds(stand_in_log.read_text() if stand_in_log.exists() else "")
        print(f"clcuda with the stand-in driver (builds only): {builds} program builds, {failed} failed "
              f"(log: {stand_in_log}; the application's output: {stand_in_log.parent})")
        comparison = with_stand_in_builds(comparison, builds, failed)
    write_results(work, app, runs, comparison)

    for column, run in runs.items():
        print(f"{column}: {run.summary()}" + (f" in {run.seconds} s" if run.seconds else ""))
        for note in run.notes:
            print(f"  {column}: {note}")
    for difference in comparison.differences:
        mark = "REGRESSION" if difference.regression else "difference"
        print(f"  {mark}: {difference.case}: {reference} {difference.reference}, clcuda {difference.tested}")
    print(f"{app.name}: {comparison.verdict}: {comparison.reason} (results in {work / 'results.json'})")
    return EXIT_CODES[comparison.verdict]


if __name__ == "__main__":
    sys.exit(main())
