#!/usr/bin/env python3
"""Runs Khronos OpenCL-CTS suites against one or more OpenCL platforms.

Each subtest runs in its own process with a timeout, so a crash or a hang
costs one result, not the suite. The CTS itself is built separately and kept
outside this repository (docs/conformance.md).

  run_cts.py --cts-build DIR --platform clcuda=/path/libclcuda.so \
             --platform nvidia=/usr/lib/libnvidia-opencl.so.1 \
             --suites test_api,test_basic --out results/

Several platforms run in one pool of --jobs processes, their subtests
interleaved, so that each meets the same load on the machine. Subtests
marked --alone run first, one at a time; then those given their own --limit,
longest first, since they set how long the run takes; then the rest.

A subtest passes only if the harness really ran a test: one that reports
pass without having tested anything (a conversion the device lacks, a name
the suite did not take) is "not tested". Most suites run what --list names;
SUITE_RULES says how the others are run and what shows they tested. The
image subtests too long for one limit run a process per channel data type
(the suites' own format filter): "3D CL_FLOAT", "3D read float CL_FLOAT";
test_image_streams' 3D reads a process per format, "3D read float CL_FLOAT
CL_RGBA"; a part the device lists no format of is a skip.

Writes results/<platform>.csv (suite, subtest, status, seconds) and
results/summary.md (per suite: pass/fail/skip/crash/timeout/not run/not
tested per platform, every subtest that failed, crashed, timed out or was
not tested, what passes on one platform but not on another, and the slowest
subtests). --baseline
NAME=CSV adds an earlier run's results (say NVIDIA's) to the comparison
without running them again; with only baselines it just compares.
--shard K/N runs every N-th subtest of each suite from the K-th, so that a
run too long for one sitting (a machine lent for ten minutes a command)
is N runs, whose CSVs --baseline merges: NAME=shard1/NAME.csv
NAME=shard2/NAME.csv ... writes OUT/NAME.csv and one summary. A later CSV
also replaces an earlier one's "not run" rows: a run past its --deadline
is completed by a second run of what it did not run (--subtests).
--gpus N (or a list, 1,2,3) spreads the pool over a machine's GPUs, each
subtest on the least busy one, so that a machine of several GPUs runs more
at once. Builds are as cold as the caller's CLCUDA_CACHE and
CUDA_CACHE_DISABLE make them; --fresh-caches gives each subtest empty cache
directories of its own with both platforms' caches on, as a new user has
them.
"""
import argparse
import concurrent.futures
import contextlib
import csv
import dataclasses
import itertools
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import threading
import time

NOT_TESTED = "not tested"
STATUSES = ("pass", "fail", "skip", "crash", "timeout", "not run", NOT_TESTED)
SLOWEST_SHOWN = 15


def conversion_names():
    """The conversions test_conversions takes as arguments, destination[_sat]
    [_rounding]_source: 1,045 names from the lists of
    test_conformance/conversions/test_conversions.cpp (gTypeNames,
    gSaturationNames, gRoundingModeNames; no _sat to a floating-point type),
    in the order its ParseArgs would list them. The binary cannot list them
    itself: the harness answers --list with the one registered test,
    "conversions", before it calls ParseArgs."""
    types = ("uchar", "char", "ushort", "short", "uint", "int", "half", "float", "double",
             "ulong", "long")
    roundings = ("", "_rte", "_rtp", "_rtn", "_rtz")
    return tuple(f"{destination}{saturation}{rounding}_{source}"
                 for destination in types for source in types
                 for saturation in (("",) if destination in ("half", "float", "double")
                                    else ("", "_sat"))
                 for rounding in roundings)


@dataclasses.dataclass(frozen=True)
class SuiteRule:
    """How to run a suite whose --list or results file does not tell."""
    subtests: tuple = None     # one process each; None: the names --list prints
    options: tuple = ()        # arguments given before the subtest
    parts: tuple = ()          # a process per part, its words given before the subtest,
                               # reported as "SUBTEST PART"; (): one process
    parted: tuple = ()         # the subtests run in parts; (): all of them
    reported_as: str = None    # the results-file entry its subtests pass under; None: their own
    tested: str = None         # a pass whose output lacks this pattern tested nothing
    untested: str = NOT_TESTED # the status of such a pass
    by_channel_type: tuple = ()  # image subtests run a process per channel data type
                                 # (each part, if parted), "SUBTEST [PART] CL_TYPE"
    by_channel_order: tuple = ()  # of those, subtests or parts that run a process per
                                  # channel data type and order, "SUBTEST [PART] CL_TYPE CL_ORDER"
    outcomes: tuple = ()       # (pattern, status): a pass whose output says it did not test


# The channel data types the image suites take as an argument that keeps
# only the formats of that type, grouped as test_conformance/images/common.cpp
# (b8f8906c) groups them by what a kernel reads them as; every name
# get_channel_type_from_name knows (but Apple's) is in one group or is
# CL_UNORM_INT24, which no kernel of those suites reads.
CHANNEL_TYPES_READ_AS = {
    "float": ("CL_UNORM_SHORT_565", "CL_UNORM_SHORT_555", "CL_UNORM_INT_101010",
              "CL_UNORM_INT_101010_2", "CL_UNORM_INT_2_101010_EXT", "CL_UNORM_INT8",
              "CL_SNORM_INT8", "CL_UNORM_INT16", "CL_SNORM_INT16", "CL_FLOAT", "CL_HALF_FLOAT",
              "CL_UNORM_INT10X6_EXT", "CL_UNORM_INT12X4_EXT", "CL_UNORM_INT14X2_EXT"),
    "int": ("CL_SIGNED_INT8", "CL_SIGNED_INT16", "CL_SIGNED_INT32"),
    "uint": ("CL_UNSIGNED_INT8", "CL_UNSIGNED_INT16", "CL_UNSIGNED_INT32",
             "CL_UNSIGNED_INT10X6_EXT", "CL_UNSIGNED_INT12X4_EXT", "CL_UNSIGNED_INT14X2_EXT"),
}
CHANNEL_TYPES = (*itertools.chain(*CHANNEL_TYPES_READ_AS.values()), "CL_UNORM_INT24")
# The channel orders the image suites take as an argument that keeps only
# the formats of that order (get_channel_order_from_name, b8f8906c; Apple's
# aside). Every pair of a type and an order is a process of its own, not
# only the pairs the specification allows, so that no format a device lists
# is left out.
CHANNEL_ORDERS = ("CL_R", "CL_A", "CL_Rx", "CL_RG", "CL_RA", "CL_RGx", "CL_RGB", "CL_RGBx",
                  "CL_RGBA", "CL_BGRA", "CL_ARGB", "CL_INTENSITY", "CL_LUMINANCE", "CL_DEPTH",
                  "CL_DEPTH_STENCIL", "CL_sRGB", "CL_sRGBx", "CL_sRGBA", "CL_sBGRA", "CL_ABGR")
# The image suites print a format's header, "[CL_RGBA CL_FLOAT 4]...", as they
# start testing it, and "NOT RUNNING: [...]" for one their filter left out.
FORMAT_TESTED = r"(?m)^\[CL_"

# Image subtests too long for one time limit on a device with many formats:
# a process per channel data type, so that each ends within the limit. A
# channel type of test_image_streams' 3D reads takes longer still (about
# 100 s a format on an H200, every sampler computed on the host): a process
# per format.
LONG_IMAGE_SUBTESTS = ("2Darray", "3D")

# Read from the CTS at b8f8906c; every other suite's --list names are the
# arguments its binary takes (the image suites' included).
SUITE_RULES = {
    # Each conversion runs under the registered test "conversions", which
    # reports pass for a name it cannot parse ("Unable to parse function
    # name ... Skipping....") and for a double or half conversion the device
    # lacks, silently; DoTest prints "Wimp pass" or "passed" once it has.
    "test_conversions": SuiteRule(subtests=conversion_names(), reported_as="conversions",
                                  tested=r"\t(Wimp pass|passed)"),
    # doTest returns 0, a pass, for a function it skips (math_brute_force/main.cpp).
    "test_bruteforce": SuiteRule(outcomes=(
        (r"Correctly rounded divide and sqrt are not supported", "skip"),
        (r"is missing implementation, skipping function", NOT_TESTED))),
    # A partition type the device lacks is logged "... is not supported on
    # device ... Skipping test..." and the subtest passes
    # (device_partition/test_device_partition.cpp): it tested something only
    # if it partitioned the device.
    "test_device_partition": SuiteRule(tested=r"Testing on device \S+ partition type"),
    # As opencl_conformance_tests_full.csv runs it on a GPU: linear filtering
    # is required of CPUs only, and without a filter the suite tests both.
    # Each image type runs in parts the suite's own arguments select: reads,
    # writes and read_write images ("read", "write", "read_write"; all three
    # without one), each of int, uint and float results ("int", "uint",
    # "float"; all three without one). A whole 2D run takes longer than one
    # limit on a device with many formats, cl_khr_image2d_from_buffer and
    # read_write images. A device without read_write images tests nothing
    # in that part (kernelHelpers.cpp, checkForReadWriteImageSupport).
    "test_image_streams": SuiteRule(
        options=("CL_FILTER_NEAREST",),
        parts=tuple(f"{access} {result}" for access in ("read", "write", "read_write")
                    for result in ("int", "uint", "float")),
        parted=("1D", "1Darray", "2D", "2Darray", "3D"),
        by_channel_type=("2D", *LONG_IMAGE_SUBTESTS),
        by_channel_order=("3D read",),
        outcomes=((r"READ_WRITE_IMAGE tests skipped", "skip"),)),
    **{suite: SuiteRule(by_channel_type=LONG_IMAGE_SUBTESTS)
       for suite in ("test_cl_get_info", "test_cl_fill_images", "test_cl_read_write_images",
                     "test_kernel_image_methods")},
}
DEFAULT_RULE = SuiteRule()


def find_suite(cts_build, suite):
    matches = sorted(pathlib.Path(cts_build).resolve().glob(f"test_conformance/**/{suite}"))
    executables = [m for m in matches if m.is_file() and os.access(m, os.X_OK)]
    if not executables:
        raise SystemExit(f"run_cts: {suite} not found under {cts_build}/test_conformance")
    return executables[0]


def list_subtests(binary, env):
    listing = subprocess.run([str(binary), "--list"], env=env, cwd=binary.parent,
                             capture_output=True, text=True, timeout=120)
    return [line.strip() for line in listing.stdout.splitlines()
            if line.startswith("\t") and line.strip()]


def vendors_env(library, scratch):
    """An environment in which the ICD loader sees exactly one platform."""
    vendors = pathlib.Path(scratch) / f"vendors-{abs(hash(library))}"
    vendors.mkdir(exist_ok=True)
    (vendors / "platform.icd").write_text(library)  # no newline: old loaders keep it
    env = dict(os.environ)
    env["OCL_ICD_VENDORS"] = str(vendors)
    env["OCL_ICD_FILENAMES"] = library
    env["CL_WIMPY_MODE"] = "1"
    return env


def judge(results, subtest, rule, output):
    """The status of a subtest that ran to its end, from the harness's
    results file and the subtest's output. At b8f8906c the harness prints no
    count that would show an empty run ("PASSED sub-test." for none as for
    one), so a pass counts only if the results file names the subtest and
    the output shows no sign of an empty run."""
    if results is None:  # no results file: the harness gave up before running the subtest
        return "fail"
    status = results.get(rule.reported_as or subtest)
    if status is None:  # the harness ran, but not this subtest
        return NOT_TESTED
    if status != "pass":
        return status
    for pattern, said in rule.outcomes:
        if re.search(pattern, output):
            return said
    if rule.tested and not re.search(rule.tested, output):
        return rule.untested
    return "pass"


def invocations(rule, subtest):
    """(the name reported, the arguments, the rule) of each process that runs
    a subtest. A part of one channel data type that found no format of it
    on the device is a skip."""
    parted = rule.parts and (not rule.parted or subtest in rule.parted)
    parts = [(f"{subtest} {part}", part.split()) for part in rule.parts] if parted \
        else [(subtest, [])]
    if subtest not in rule.by_channel_type:
        return [(reported, (*rule.options, *words, subtest), rule) for reported, words in parts]
    one_type = dataclasses.replace(rule, tested=FORMAT_TESTED, untested="skip")
    return [(" ".join((reported, channel_type, *order)),
             (*rule.options, *words, channel_type, *order, subtest), one_type)
            for reported, words in parts
            for channel_type in channel_types_of(words)
            for order in channel_orders_of(rule, reported)]


def channel_orders_of(rule, reported):
    """The channel order filters of a part's processes: each order, or none."""
    if not set(rule.by_channel_order).isdisjoint(enclosing_names(reported)):
        return [(order,) for order in CHANNEL_ORDERS]
    return [()]


def channel_types_of(part_words):
    """The channel data types a part can test: those its kernels read as
    the part's result type (int, uint, float), or all."""
    for result, channel_types in CHANNEL_TYPES_READ_AS.items():
        if result in part_words:
            return channel_types
    return CHANNEL_TYPES


def enclosing_names(reported):
    """A reported name and the subtest and parts it belongs to, the nearest
    first: "3D read float CL_FLOAT", "3D read float", "3D read", "3D"."""
    words = reported.split()
    return [" ".join(words[:end]) for end in range(len(words), 0, -1)]


def own_limit(limits, suite, reported):
    """The --limit of a subtest or part, or of the nearest one it belongs to;
    None if none has one."""
    return next((limits[(suite, name)] for name in enclosing_names(reported)
                 if (suite, name) in limits), None)


def run_subtest(binary, subtest, arguments, rule, env, timeout, scratch):
    with tempfile.NamedTemporaryFile(dir=scratch, suffix=".json", delete=False) as result_file:
        result_path = result_file.name
    env = dict(env, CL_CONFORMANCE_RESULTS_FILENAME=result_path)
    started = time.monotonic()
    try:
        process = subprocess.run([str(binary), *arguments], env=env,
                                 cwd=binary.parent, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, timeout=timeout)
        output = process.stdout.decode(errors="replace")
        try:
            results = json.loads(pathlib.Path(result_path).read_text())["results"]
        except (OSError, ValueError, KeyError):
            results = None
        status = judge(results, subtest, rule, output)
        if process.returncode < 0:  # killed by a signal
            status = "crash"
    except subprocess.TimeoutExpired as expired:
        output = (expired.stdout or b"").decode(errors="replace")
        status = "timeout"
    finally:
        pathlib.Path(result_path).unlink(missing_ok=True)
    return status, time.monotonic() - started, output


@contextlib.contextmanager
def fresh_caches(env, scratch):
    """The subtest's own empty cache directories, with clcuda's kernel cache
    and CUDA's compute cache (NVIDIA's OpenCL's) on whatever the caller set:
    a subtest that builds one program many times compiles it once, as for a
    new user with the default settings (--fresh-caches)."""
    with tempfile.TemporaryDirectory(dir=scratch) as home:
        fresh = {key: value for key, value in env.items()
                 if key not in ("CLCUDA_CACHE", "CUDA_CACHE_DISABLE")}
        fresh.update(CLCUDA_CACHE_DIR=f"{home}/clcuda", CUDA_CACHE_PATH=f"{home}/cuda")
        yield fresh


class Gate:
    """Lets subtests run together, except those that must run alone: a
    subtest that fills the GPU's memory (test_allocations) makes the others'
    contexts and allocations fail. One waiting to run alone holds back new
    starts, so it is not starved."""

    def __init__(self):
        self.changed = threading.Condition()
        self.running = 0
        self.alone_running = False
        self.alone_waiting = 0

    @contextlib.contextmanager
    def enter(self, alone):
        with self.changed:
            if alone:
                self.alone_waiting += 1
                self.changed.wait_for(lambda: self.running == 0)
                self.alone_waiting -= 1
                self.alone_running = True
            else:
                self.changed.wait_for(lambda: not self.alone_running and not self.alone_waiting)
            self.running += 1
        try:
            yield
        finally:
            with self.changed:
                self.running -= 1
                if alone:
                    self.alone_running = False
                self.changed.notify_all()


class Gpus:
    """Spreads the pool over a machine's GPUs (--gpus): each subtest sees
    one, the one with the fewest subtests on it when it starts, through
    CUDA_VISIBLE_DEVICES, which NVIDIA's OpenCL and clcuda both honour."""

    def __init__(self, devices):
        self.lock = threading.Lock()
        self.devices = devices
        self.running = [0] * len(devices)

    @contextlib.contextmanager
    def take(self, env):
        if not self.devices:
            yield env
            return
        with self.lock:
            slot = self.running.index(min(self.running))
            self.running[slot] += 1
        try:
            yield dict(env, CUDA_VISIBLE_DEVICES=self.devices[slot])
        finally:
            with self.lock:
                self.running[slot] -= 1


def parse_gpus(spec):
    """N -> devices 0..N-1 (none for 1: the environment's own); a list
    (1,2,3) -> those devices."""
    if "," in spec:
        devices = spec.split(",")
    elif spec.isdigit() and int(spec) >= 1:
        devices = [str(i) for i in range(int(spec))] if int(spec) > 1 else []
    else:
        raise argparse.ArgumentTypeError(f"{spec!r} is not a count or a list of GPUs")
    if not all(device.isdigit() for device in devices):
        raise argparse.ArgumentTypeError(f"{spec!r} is not a count or a list of GPUs")
    return devices


def runs_alone(suite, subtest, alone):
    return suite in alone or f"{suite}:{subtest}" in alone


def selection(suite, names):
    """What --subtests chooses in `suite`: subtests or parts of them ("2D
    write float"), named for every suite or, after "SUITE:", for one."""
    return {name.partition(":")[2] if ":" in name else name for name in names
            if ":" not in name or name.startswith(suite + ":")}


def merge_rows(earlier, later):
    """An earlier run's rows with a later one's: shards add theirs, and a
    run of what a deadline left "not run" (--subtests) replaces those rows."""
    rows = {(suite, subtest): row for row in earlier for suite, subtest in [row[:2]]}
    for row in later:
        if rows.get(row[:2], ("", "", "not run"))[2] == "not run":
            rows[row[:2]] = row
    return list(rows.values())


def parse_shard(spec):
    """K/N -> (K, N), 1 <= K <= N."""
    k, _, n = spec.partition("/")
    if not (k.isdigit() and n.isdigit() and 1 <= int(k) <= int(n)):
        raise argparse.ArgumentTypeError(f"{spec!r} is not K/N with 1 <= K <= N")
    return int(k), int(n)


def in_shard(suite, subtests, k, n):
    """Shard k of n of a suite's subtests: every n-th from the k-th, the same
    on every platform, so that n runs (one per call of a time-limited
    machine) cover the suite once and their CSVs merge (--baseline)."""
    return [t for i, t in enumerate(subtests) if i % n == k - 1]


def parse_limit(spec):
    """SUITE:SUBTEST=SECONDS -> ((suite, subtest), seconds)."""
    name, _, seconds = spec.partition("=")
    suite, _, subtest = name.partition(":")
    if not subtest or not seconds:
        raise argparse.ArgumentTypeError(f"{spec!r} is not SUITE:SUBTEST=SECONDS")
    return (suite, subtest), float(seconds)


def start_order(work, args):
    """Alone subtests first: one waiting to run alone holds back every new
    start until the pool is empty, which behind a long subtest idles the
    pool. Then the long ones, so that they end with the rest."""
    def rank(item):
        suite, subtest = item[2], item[4]
        if runs_alone(suite, subtest, args.alone):
            return (0, 0.0)
        seconds = own_limit(args.limit, suite, subtest)
        if seconds is not None:
            return (1, -seconds)
        return (2, 0.0)
    return sorted(work, key=rank)  # stable: the platforms keep taking turns


def run_platforms(platforms, args, scratch, log_dir):
    """Runs every platform's subtests in one pool, interleaved, so that each
    platform meets the same load on the machine (the CPU that builds kernels,
    the GPU that the processes time-slice) and the GPU stays busy to the end."""
    queues = []
    for name, library in platforms:
        env = vendors_env(library, scratch)
        work = []
        for suite in args.suites:
            binary = find_suite(args.cts_build, suite)
            rule = SUITE_RULES.get(suite, DEFAULT_RULE)
            subtests = rule.subtests or list_subtests(binary, env)
            chosen = selection(suite, args.subtests) if args.subtests else None
            if chosen is not None:
                subtests = [t for t in subtests
                            if t in chosen or any(c.startswith(t + " ") for c in chosen)]
            if args.shard:
                subtests = in_shard(suite, subtests, *args.shard)
            work.extend((name, env, suite, binary, reported, part_rule, subtest, arguments)
                        for subtest in subtests
                        for reported, arguments, part_rule in invocations(rule, subtest)
                        if chosen is None or not chosen.isdisjoint(enclosing_names(reported)))
        queues.append(work)
    work = start_order([item for round_ in itertools.zip_longest(*queues) for item in round_ if item],
                       args)
    deadline = None if args.deadline is None else time.monotonic() + args.deadline
    gate = Gate()
    gpus = Gpus(args.gpus)

    def run(item):
        name, env, suite, binary, reported, rule, subtest, arguments = item
        caches = fresh_caches if args.fresh_caches else lambda env, _: contextlib.nullcontext(env)
        with gate.enter(runs_alone(suite, reported, args.alone)), gpus.take(env) as env, \
                caches(env, scratch) as env:
            if deadline is not None and time.monotonic() >= deadline:
                return name, suite, reported, "not run", 0.0, ""
            timeout = own_limit(args.limit, suite, reported) or args.timeout
            return (name, suite, reported) + run_subtest(binary, subtest, arguments, rule, env,
                                                         timeout, scratch)

    results = {name: [] for name, _ in platforms}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        # Reported as they end: a long subtest started early holds back no line.
        futures = [pool.submit(run, item) for item in work]
        for future in concurrent.futures.as_completed(futures):
            name, suite, subtest, status, seconds, output = future.result()
            results[name].append((suite, subtest, status, round(seconds, 2)))
            if status not in ("pass", "not run"):
                (log_dir / f"{name}.{suite}.{subtest.replace(' ', '.')}.log").write_text(
                    output[-20000:])
            print(f"{name:8} {suite:28} {subtest:50} {status:10} {seconds:7.1f}s", flush=True)
    for rows in results.values():
        rows.sort()
    return results


def limits_line(args):
    """The time limits the run gave its subtests, for the summary: a --limit
    equal to --timeout only started its subtest early, and is counted."""
    own = "".join(f"; {suite} {subtest}: {seconds:g} s"
                  for (suite, subtest), seconds in sorted(args.limit.items())
                  if seconds != args.timeout)
    early = sum(1 for seconds in args.limit.values() if seconds == args.timeout)
    first = f"; {early} started first with it" if early else ""
    caches = "; caches: fresh and on for each subtest" if args.fresh_caches else ""
    return f"time limit: {args.timeout:g} s a subtest{first}{own}{caches}"


def summarize(results, out, preamble=()):
    suites = sorted({row[0] for rows in results.values() for row in rows})
    platforms = list(results)
    lines = [*preamble, "| suite | " + " | ".join(f"{p} {'/'.join(STATUSES)}" for p in platforms) + " |",
             "|---|" + "---|" * len(platforms)]
    for suite in suites:
        cells = []
        for platform in platforms:
            counts = {s: 0 for s in STATUSES}
            for row in results[platform]:
                if row[0] == suite:
                    counts[row[2]] += 1
            cells.append("/".join(str(counts[s]) for s in STATUSES))
        lines.append(f"| {suite} | " + " | ".join(cells) + " |")
    totals = []
    for platform in platforms:
        counts = {s: sum(1 for row in results[platform] if row[2] == s) for s in STATUSES}
        totals.append("/".join(str(counts[s]) for s in STATUSES))
    lines.append("| **total** | " + " | ".join(totals) + " |")
    lines.append("")
    passed = {p: {row[:2] for row in rows if row[2] == "pass"} for p, rows in results.items()}
    for platform in platforms:
        for other in platforms:
            if other == platform:
                continue
            only = sorted(passed[other] - passed[platform])
            lines.append(f"### passes on {other}, not on {platform}: {len(only)}")
            lines.extend(f"- {suite} {subtest}" for suite, subtest in only)
            lines.append("")
    for platform in platforms:
        failing = [row for row in results[platform] if row[2] not in ("pass", "skip", "not run")]
        lines.append(f"### {platform}: {len(failing)} subtests did not pass")
        lines.extend(f"- {suite} {subtest}: {status}" for suite, subtest, status, _ in failing)
        lines.append("")
    lines.extend(slowest_table(results))
    (out / "summary.md").write_text("\n".join(lines))
    print("\n".join(lines))


def slowest_table(results, count=SLOWEST_SHOWN):
    """The subtests that took longest on any platform, with each platform's time."""
    timings = {p: {row[:2]: row[2:] for row in rows} for p, rows in results.items()}
    keys = {key for rows in timings.values() for key in rows}
    longest = sorted(keys, key=lambda key: -max(t.get(key, ("", 0.0))[1] for t in timings.values()))
    lines = [f"### the {min(count, len(longest))} slowest subtests (seconds, status)", "",
             "| suite | subtest | " + " | ".join(timings) + " |",
             "|---|---|" + "---|" * len(timings)]
    for suite, subtest in longest[:count]:
        cells = [f"{t[(suite, subtest)][1]:.1f} {t[(suite, subtest)][0]}" if (suite, subtest) in t
                 else "-" for t in timings.values()]
        lines.append(f"| {suite} | {subtest} | " + " | ".join(cells) + " |")
    lines.append("")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cts-build", help="the CTS build directory (to run --platform)")
    parser.add_argument("--platform", action="append", default=[], metavar="NAME=LIBRARY",
                        help="an OpenCL ICD library to test, named; several run in one pool")
    parser.add_argument("--suites", required=True, type=lambda s: s.split(","))
    parser.add_argument("--subtests", type=lambda s: set(s.split(",")),
                        help="only these subtests, or parts of subtests (\"2D write float\"); "
                        "SUITE:NAME for one suite's")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per subtest")
    parser.add_argument("--limit", action="append", type=parse_limit, default=[],
                        metavar="SUITE:SUBTEST=SECONDS",
                        help="a subtest's own time limit, in place of --timeout")
    parser.add_argument("--jobs", type=int, default=4, help="subtests run at once")
    parser.add_argument("--gpus", type=parse_gpus, default=[],
                        help="GPUs to spread the subtests over (CUDA_VISIBLE_DEVICES), the "
                        "least busy first: a count N (0..N-1) or a list (1,2,3)")
    parser.add_argument("--alone", type=lambda s: set(s.split(",")), default=set(),
                        metavar="SUITE[:SUBTEST],...",
                        help="subtests that run with nothing else running (say test_allocations)")
    parser.add_argument("--deadline", type=float,
                        help="seconds after which no further subtest starts (reported 'not run')")
    parser.add_argument("--fresh-caches", action="store_true",
                        help="each subtest with empty cache directories of its own and both "
                        "platforms' caches on (the default settings of a new user), whatever "
                        "CLCUDA_CACHE and CUDA_CACHE_DISABLE say")
    parser.add_argument("--out", required=True, type=pathlib.Path)
    parser.add_argument("--shard", type=parse_shard, metavar="K/N",
                        help="run only shard K of N of each suite's subtests")
    parser.add_argument("--baseline", action="append", default=[], metavar="NAME=CSV",
                        help="an earlier run's CSV (from --out) to compare with, not run again; "
                             "one NAME given several CSVs (the shards of a run) merges them "
                             "into OUT/NAME.csv")
    args = parser.parse_args()
    args.limit = dict(args.limit)
    if not args.platform and not args.baseline:
        parser.error("nothing to do: give --platform or --baseline")
    if args.platform and not args.cts_build:
        parser.error("--platform needs --cts-build")
    args.out.mkdir(parents=True, exist_ok=True)
    log_dir = args.out / "logs"
    log_dir.mkdir(exist_ok=True)

    results = {}
    merged = set()
    for spec in args.baseline:
        name, _, path = spec.partition("=")
        if name in results:
            merged.add(name)
        with open(path, newline="") as f:
            rows = [(r["suite"], r["subtest"], r["status"], float(r["seconds"]))
                    for r in csv.DictReader(f) if r["suite"] in args.suites]
        results[name] = merge_rows(results.get(name, []), rows)
    platforms = [spec.partition("=")[::2] for spec in args.platform]
    with tempfile.TemporaryDirectory() as scratch:
        ran = run_platforms(platforms, args, scratch, log_dir) if platforms else {}
    results.update(ran)
    for name in [*merged, *ran]:
        results[name].sort()
        with open(args.out / f"{name}.csv", "w", newline="") as f:
            writer = csv.writer(f)
            writer.writerow(("suite", "subtest", "status", "seconds"))
            writer.writerows(results[name])
    summarize(results, args.out, [limits_line(args), ""] if platforms else [])
    return 0


if __name__ == "__main__":
    sys.exit(main())
