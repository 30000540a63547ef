"""The corpus: real OpenCL applications and libraries that check their own
results, each pinned to one version, with how to run it on one platform and
read its verdicts. docs/compatibility.md describes each and its results.

Every application runs with exactly one OpenCL platform visible (the runner's
environment), so each one's "platform 0, device 0" is the platform under test.
"""
from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from fetch import Deb, PyPackage
from verdict import FAILED, PASSED, SKIPPED, PlatformRun

COMPAT_DIR = Path(__file__).resolve().parent

# numpy and pytest: the GPU machine's Python has them; fetched only where missing.
HOST_PYTHON_PACKAGES = [
    PyPackage("numpy", "2.4.6"), PyPackage("pytest", "9.2.0"), PyPackage("iniconfig", "2.3.1"),
    PyPackage("pluggy", "1.7.0"), PyPackage("packaging", "26.4"), PyPackage("pygments", "2.21.0"),
]
PYOPENCL_PACKAGES = [
    PyPackage("pyopencl", "2026.1.2"), PyPackage("pytools", "2026.1.1"),
    PyPackage("platformdirs", "4.14.8"), PyPackage("siphash24", "1.9"),
    PyPackage("typing_extensions", "4.16.0"), PyPackage("mako", "1.4.3"),
    PyPackage("markupsafe", "3.0.4"),
]
# Debian's loader, for the Debian programs and the runner's probe: it reads
# OCL_ICD_VENDORS, as PyOpenCL's bundled copy does. Every app gets it.
ICD_LOADER = Deb("ocl-icd-libopencl1", "2.3.1-1")


@dataclass
class Context:
    """What an application's run on one platform needs."""

    prefix: Path  # the unpacked packages: usr/..., site/ (wheels), src/ (sdists)
    work: Path  # this run's own directory (also its HOME), empty at the start
    env: dict[str, str]  # the platform's environment, loader and libraries included
    python: str
    deadline: float  # time.monotonic() by which the run must end

    def remaining(self) -> float:
        return max(1.0, self.deadline - time.monotonic())

    def command(self, argv: list[str], log_name: str, cwd: Path | None = None,
                env: dict[str, str] | None = None) -> tuple[int | None, str]:
        """Runs argv, keeps its output in work/log_name; returns (exit status or
        None when it ran out of time, output)."""
        try:
            done = subprocess.run(argv, cwd=cwd or self.work, env=env or self.env,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  timeout=self.remaining())
            status, output = done.returncode, done.stdout
        except subprocess.TimeoutExpired as expired:
            status, output = None, expired.stdout or b""
        text = output.decode(errors="replace")
        (self.work / log_name).write_text(text)
        return status, text


@dataclass
class App:
    name: str
    packages: list
    run: Callable[[Context, PlatformRun], None]  # fills the run's outcomes, results, notes, broken
    minutes: float  # time limit of one platform's run
    uses_pytest: bool = False
    # Without a GPU, also run on clcuda over the stand-in CUDA driver to check
    # that every program it builds translates and compiles (its kernels do not run).
    builds_on_stand_in: bool = False


# ---------------------------------------------------------------- pytest suites

MAX_CRASH_RESTARTS = 20
# PyOpenCL names parametrized tests after the device or the platform: the same test on two platforms must match.
PLATFORM_IN_TEST_ID = re.compile(r"<pyopencl\.(Device) '[^']*' on '[^']*'>|<pyopencl\.(Platform) '[^']*'>")


def platform_neutral(test_id: str) -> str:
    """test_id with PyOpenCL's device and platform names replaced by `device` and `platform`."""
    return PLATFORM_IN_TEST_ID.sub(lambda match: (match[1] or match[2]).lower(), test_id)


def read_outcomes_log(path: Path) -> tuple[dict[str, str], list[str]]:
    """The pytest_outcomes plugin's log: each test's outcome (a failed phase
    wins over a skip, a skip over a pass) and the tests that started and never
    reported (the one a crash hit)."""
    outcomes: dict[str, str] = {}
    started: list[str] = []
    rank = {PASSED: 0, SKIPPED: 1, FAILED: 2}
    if path.exists():
        for line in path.read_text().splitlines():
            record = json.loads(line)
            test = record["test"]
            if record["event"] == "start":
                started.append(test)
            elif rank[record["outcome"]] >= rank.get(outcomes.get(test, PASSED), 0):
                outcomes[test] = record["outcome"]
    return outcomes, [t for t in started if t not in outcomes]


def run_pytest(context: Context, run: PlatformRun, args: list[str], cwd: Path) -> None:
    """Runs a test suite under pytest, going on after a crash without the tests
    already done, and records every test's outcome."""
    log = context.work / "outcomes.jsonl"
    done_list = context.work / "done-tests.txt"
    env = dict(context.env, COMPAT_OUTCOMES_LOG=str(log), COMPAT_DONE_TESTS=str(done_list),
               PYTHONPATH=os.pathsep.join(filter(None, [str(COMPAT_DIR), context.env.get("PYTHONPATH")])))
    done_list.write_text("")
    argv = [context.python, "-m", "pytest", "-p", "pytest_outcomes", "-p", "no:cacheprovider",
            "-q", "-rfE", "--durations=10", *args]
    crashed: list[str] = []
    for attempt in range(MAX_CRASH_RESTARTS + 1):
        status, output = context.command(argv, f"pytest-{attempt}.log", cwd=cwd, env=env)
        outcomes, unfinished = read_outcomes_log(log)
        if status is None:
            run.broken = f"timed out in {unfinished[-1] if unfinished else 'collection'}"
            break
        if status in (0, 1):  # finished: all passed / some failed
            break
        if status in (2, 3, 4, 5):  # interrupted, internal error, usage error, nothing collected
            if status != 5:
                run.broken = f"pytest exit status {status}: {output.strip().splitlines()[-1:]}"
            break
        if not unfinished:
            run.broken = f"pytest died (status {status}) outside any test"
            break
        crashed.append(f"{unfinished[-1]} (status {status})")
        with open(done_list, "a") as f:  # the crashed test counts as done: it is not run again
            f.write("".join(t + "\n" for t in [*outcomes, *unfinished]))
    else:
        run.broken = f"crashed more than {MAX_CRASH_RESTARTS} times"
    outcomes, unfinished = read_outcomes_log(log)
    for test in unfinished:
        outcomes[test] = FAILED
    run.outcomes = {platform_neutral(t): o for t, o in outcomes.items()}
    run.notes += [f"crashed in {c}" for c in crashed]


def run_pyopencl(context: Context, run: PlatformRun) -> None:
    tests = context.prefix / "src" / "pyopencl-2026.1.2" / "test"
    # Platform 0, device 0: the only platform in this environment.
    context.env.update(PYOPENCL_TEST="0:0", PYOPENCL_CTX="0:0")
    # From test/, not the sdist's root: there `import pyopencl` would find the uncompiled sources.
    run_pytest(context, run, ["."], cwd=tests)


# The parts of reikna's suite that take about 2 minutes of CPU on PoCL (the
# whole FFT and matrix-product tests take 10 more); test_cbrng (random
# numbers) needs scipy, 35 MiB more to carry.
REIKNA_TESTS = ["test/test_algorithms", "test/test_linalg/test_norm.py", "test/test_fft/test_fft.py::test_local"]


def run_reikna(context: Context, run: PlatformRun) -> None:
    source = context.prefix / "src" / "reikna-0.9.0"
    run_pytest(context, run, ["--api=ocl", "--double=no", "-m", "not perf", *REIKNA_TESTS], cwd=source)


def run_silx(context: Context, run: PlatformRun) -> None:
    run_pytest(context, run, ["--pyargs", "silx.opencl"], cwd=context.work)


# ---------------------------------------------------------------- hashcat

@dataclass(frozen=True)
class HashcatCase:
    name: str
    mode: int
    plaintext: str
    mask: str

    def hash_line(self) -> str:
        data = self.plaintext.encode()
        if self.mode == 0:
            return hashlib.md5(data).hexdigest()
        if self.mode == 1400:
            return hashlib.sha256(data).hexdigest()
        if self.mode == 1700:
            return hashlib.sha512(data).hexdigest()
        if self.mode == 10900:  # PBKDF2-HMAC-SHA256, hashcat's sha256:ITERATIONS:SALT:DIGEST
            salt, iterations = b"clcuda-compat", 1000
            digest = hashlib.pbkdf2_hmac("sha256", data, salt, iterations, dklen=24)
            return f"sha256:{iterations}:{base64.b64encode(salt).decode()}:{base64.b64encode(digest).decode()}"
        if self.mode == 3200 and self.plaintext == "hashcat":
            # Python has no bcrypt: hashcat's own example hash of "hashcat" (cost 5), the same
            # string glibc's crypt("hashcat", "$2a$05$LhayLxezLhK1LhWvKxCyLO") gives.
            return "$2a$05$LhayLxezLhK1LhWvKxCyLOj0j1u.Kj0jZ0pEmm134uzrQlFvQJLF6"
        raise ValueError(f"no hash for mode {self.mode}")


HASHCAT_CASES = [
    HashcatCase("md5 mask attack (-m 0)", 0, "cl9a", "?l?l?d?l"),
    HashcatCase("sha256 mask attack (-m 1400)", 1400, "gpu7", "?l?l?l?d"),
    HashcatCase("sha512 mask attack (-m 1700)", 1700, "ok3", "?l?l?d"),
    HashcatCase("pbkdf2-sha256 mask attack (-m 10900)", 10900, "ab12", "ab?d?d"),
    # bcrypt keeps its S-boxes in __local: 4 KiB a work-item, past 48 KiB a work-group.
    HashcatCase("bcrypt mask attack (-m 3200)", 3200, "hashcat", "hash?l?l?l"),
]
# hashcat's kernels for NVIDIA (platform and device vendor both NVIDIA's) use inline PTX
# (HAS_BFE, HAS_LOP3, HAS_PRMT...). hashcat caches each kernel's CL_PROGRAM_BINARIES: NVIDIA's
# OpenCL gives PTX, which marks each asm statement with a comment; clcuda's linked programs
# keep the preprocessed CUDA source they were compiled from, where only the asm statements
# of the branches taken are left.
INLINE_PTX_MARKS = (b"// begin inline asm", b"asm volatile (")
HASHCAT_NVIDIA_PATH = "NVIDIA code path: inline PTX in the built kernels"


# What hashcat-data installs in /usr/share/hashcat.
HASHCAT_DATA = ("OpenCL", "charsets", "hashcat.hcstat2", "layouts", "masks", "modules", "rules", "tools", "tunings")


def hashcat_install(context: Context) -> Path:
    """A private copy of hashcat's install folder for this run: hashcat keeps its
    kernel cache, sessions and logs beside its binary when it is not in /usr/bin,
    so runs side by side, or one after another, share nothing."""
    shared = context.prefix / "usr" / "share" / "hashcat"
    install = context.work / "hashcat"
    install.mkdir()
    for name in HASHCAT_DATA:
        (install / name).symlink_to(shared / name)
    binary = install / "hashcat"
    binary.write_bytes((context.prefix / "usr" / "bin" / "hashcat").read_bytes())
    binary.chmod(0o755)
    return binary


def run_hashcat(context: Context, run: PlatformRun) -> None:
    """Cracks a hash made here with a mask attack, per mode. Before attacking,
    hashcat runs its own self-test of the mode's kernels on the device."""
    binary = hashcat_install(context)
    for case in HASHCAT_CASES:
        tag = f"m{case.mode}"
        (context.work / f"{tag}.hash").write_text(case.hash_line() + "\n")
        cracked = context.work / f"{tag}.cracked"
        status, output = context.command(
            [str(binary), "-m", str(case.mode), "-a", "3", f"{tag}.hash", case.mask,
             "--potfile-disable", "--outfile", str(cracked), "--outfile-format", "2",
             "--force",  # PoCL is "not a native runtime": hashcat asks for --force to go on
             "--opencl-device-types", "1,2",  # the CPU too: PoCL's device is one
             "--backend-ignore-cuda", "--backend-ignore-hip", "--quiet", "--session", tag],
            f"{tag}.log")
        recovered = cracked.read_text().strip() if cracked.exists() else ""
        run.results[case.name] = recovered or f"nothing recovered (exit status {status})"
        run.outcomes[case.name] = PASSED if status == 0 and recovered == case.plaintext else FAILED
        if "self-test failed" in output.lower():
            run.notes.append(f"{case.name}: kernel self-test failed")
        if status is None:
            run.broken = f"timed out in {case.name}"
            return
    kernels = sorted(binary.parent.glob("kernels/*.kernel"))
    with_ptx = [k.name for k in kernels if any(mark in k.read_bytes() for mark in INLINE_PTX_MARKS)]
    run.outcomes[HASHCAT_NVIDIA_PATH] = PASSED if with_ptx else FAILED
    run.notes.append(f"{len(with_ptx)} of {len(kernels)} cached kernels hold inline PTX: {', '.join(with_ptx)}")


# ---------------------------------------------------------------- CLBlast

# Level 1, 2 and 3 routines and the non-BLAS ones, each against the reference
# BLAS; xgemm, xsymm and xtrsm are left out: each takes 3 to 5 minutes on PoCL,
# most of it compiling kernel variants.
CLBLAST_ROUTINES = ["xaxpy", "xdot", "xnrm2", "xamax", "xgemv", "xger", "xsyrk", "xomatcopy", "xim2col"]
CLBLAST_ROUTINE = re.compile(r"Starting tests for the '(\w+)' routine")
CLBLAST_COUNTS = re.compile(r"(\d+) test\(s\) (passed|skipped|failed)")
ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")


def parse_clblast(output: str) -> dict[str, tuple[int, int, int]]:
    """Each routine's (passed, skipped, failed) from a CLBlast test's output."""
    counts: dict[str, tuple[int, int, int]] = {}
    for block in re.split(r"\* Running on OpenCL device", ANSI_ESCAPE.sub("", output))[1:]:
        routine = CLBLAST_ROUTINE.search(block)
        if not routine:
            continue
        found = {kind: int(n) for n, kind in CLBLAST_COUNTS.findall(block.split("Completed all test-cases")[-1])}
        counts[routine.group(1)] = (found.get("passed", 0), found.get("skipped", 0), found.get("failed", 0))
    return counts


def run_clblast(context: Context, run: PlatformRun) -> None:
    """Each routine in every precision: a precision the device lacks is the test's own skip."""
    for routine in CLBLAST_ROUTINES:
        status, output = context.command(
            [str(context.prefix / "usr" / "bin" / f"clblast_test_{routine}"), "-platform", "0", "-device", "0"],
            f"{routine}.log")
        counts = parse_clblast(output)
        for name, (passed, skipped, failed) in counts.items():
            run.outcomes[name] = FAILED if failed else PASSED if passed else SKIPPED
            run.notes.append(f"{name}: {passed} passed, {skipped} skipped, {failed} failed")
        if status is None:
            run.broken = f"timed out in {routine}"
            return
        if status != 0 and not counts:
            run.outcomes[routine] = FAILED
            run.notes.append(f"{routine}: exit status {status} before any result")


# ---------------------------------------------------------------- clFFT

# Layouts: 1 complex interleaved, 2 complex planar, 3 hermitian interleaved, 5 real.
CLFFT_CASES = {
    "1D c2c 1024": ["-x", "1024"],
    "1D c2c 1000 inverse (radix 2 and 5)": ["-x", "1000", "--inv"],
    "1D c2c 243 out-of-place (radix 3)": ["-x", "243", "-o"],
    "1D c2c 4096 batch 8 planar": ["-x", "4096", "-b", "8", "--inLayout", "2", "--outLayout", "2"],
    "2D c2c 64x64 out-of-place": ["-x", "64", "-y", "64", "-o"],
    "3D c2c 16x16x16 double": ["-x", "16", "-y", "16", "-z", "16", "--double"],
    "1D r2c 2048 out-of-place": ["-x", "2048", "-o", "--inLayout", "5", "--outLayout", "3"],
    "2D c2r 128x32 out-of-place double": ["-x", "128", "-y", "32", "-o", "--inLayout", "3",
                                          "--outLayout", "5", "--double"],
}


def run_clfft(context: Context, run: PlatformRun) -> None:
    """clFFT's client checks each transform it runs against its own reference."""
    for index, (name, args) in enumerate(CLFFT_CASES.items()):
        status, output = context.command(
            [str(context.prefix / "usr" / "bin" / "clFFT-client"), "--platform", "0", "--device", "0", *args],
            f"case-{index}.log")
        if status is None:
            run.broken = f"timed out in {name}"
            return
        passed = status == 0 and "Internal Client Test *****PASS*****" in output
        run.outcomes[name] = PASSED if passed else FAILED
        if not passed:
            run.notes.append(f"{name}: exit status {status}: {output.strip().splitlines()[-1:]}")


# Longest on PoCL first; docs/compatibility.md says what each exercises.
APPS = {app.name: app for app in [
    App("pyopencl", PYOPENCL_PACKAGES + [PyPackage("pyopencl", "2026.1.2", sdist=True)],
        run_pyopencl, minutes=45, uses_pytest=True, builds_on_stand_in=True),
    App("hashcat", [Deb("hashcat", "6.2.6+ds1-1+b1"), Deb("hashcat-data", "6.2.6+ds1-1"),
                    Deb("libminizip1", "1.1-8+deb12u1"), Deb("libxxhash0", "0.8.1-1")],
        run_hashcat, minutes=20, builds_on_stand_in=True),
    App("clblast", [Deb("clblast-tests", "1.5.3-3"), Deb("libclblast1", "1.5.3-3"), Deb("libblas3", "3.11.0-2")],
        run_clblast, minutes=20),
    App("clfft", [Deb("clfft-client", "2.12.2-3.2"), Deb("libclfft2", "2.12.2-3.2"),
                  Deb("libboost-program-options1.74.0", "1.74.0+ds1-21")],
        run_clfft, minutes=15),
    App("reikna", PYOPENCL_PACKAGES + [PyPackage("funcsigs", "1.0.2"), PyPackage("reikna", "0.9.0", sdist=True)],
        run_reikna, minutes=20, uses_pytest=True, builds_on_stand_in=True),
    App("silx", PYOPENCL_PACKAGES + [PyPackage("silx", "3.1.3"), PyPackage("h5py", "3.16.0"),
                                     PyPackage("fabio", "2026.6.0"), PyPackage("filelock", "4.3.1")],
        run_silx, minutes=20, uses_pytest=True),
]}
