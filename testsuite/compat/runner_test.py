"""The compat runner's own logic (ctest compat_runner): verdicts, and reading
what the applications report. Needs no network, GPU or application."""
import importlib.util
import json
import re
import sys
import tempfile
import threading
import time
import unittest
from pathlib import Path

from apps import APPS, App, Context, parse_clblast, platform_neutral, read_outcomes_log, run_pytest
from run_compat import run_platforms
from verdict import (FAILED, PASSED, SKIPPED, Comparison, PlatformRun, choose_reference, compare,
                     mark_if_nothing_ran, stand_in_builds, with_stand_in_builds)


def ran(platform, outcomes, results=None):
    run = PlatformRun(platform, outcomes=dict(outcomes), results=dict(results or {}))
    mark_if_nothing_ran(run)
    return run


class StandInBuildsTest(unittest.TestCase):
    LOG = ("clcuda: build for clcuda fake CUDA device 0 (sm_90): ok; cache miss, stored; total 9.1 ms\n"
           "clcuda: build for clcuda fake CUDA device 0 (sm_90): failed; translate 2.0 ms; total 2.1 ms\n"
           "clcuda: compile for clcuda fake CUDA device 0 (sm_90): ok; total 3.0 ms\n"
           "clcuda: link for clcuda fake CUDA device 0 (sm_90): ok; total 1.0 ms\n"
           "clcuda: cuLaunchKernel(grid 1x1x1, block 1x1x1, 0 shared bytes) failed: CUDA_ERROR_X\n")

    def test_counts_builds_compiles_and_links(self):
        self.assertEqual(stand_in_builds(self.LOG), (4, 1))
        self.assertEqual(stand_in_builds(""), (0, 0))

    def test_a_failed_build_fails_a_skipped_comparison(self):
        skipped = Comparison("SKIPPED", "clcuda: no device", "pocl")
        self.assertEqual(with_stand_in_builds(skipped, 4, 1).verdict, "FAIL")
        self.assertIn("1 of 4", with_stand_in_builds(skipped, 4, 1).reason)
        self.assertEqual(with_stand_in_builds(skipped, 4, 0).verdict, "SKIPPED")

    def test_no_build_at_all_is_not_a_pass(self):
        skipped = Comparison("SKIPPED", "clcuda: no device", "pocl")
        self.assertEqual(with_stand_in_builds(skipped, 0, 0).verdict, "FAIL")


class VerdictTest(unittest.TestCase):
    def test_zero_tests_ran_is_not_a_pass(self):
        reference = ran("pocl", {})
        self.assertIn("no test ran", reference.broken)
        runs = {"pocl": reference, "clcuda": PlatformRun("clcuda", unavailable="no device")}
        self.assertEqual(compare(runs, "pocl", "clcuda", tested_must_run=False).verdict, "FAIL")

    def test_only_skips_is_not_a_pass(self):
        self.assertTrue(ran("pocl", {"a": SKIPPED, "b": SKIPPED}).broken)

    def test_a_case_failing_only_on_clcuda_is_reported(self):
        runs = {"nvidia": ran("nvidia", {"a": PASSED, "b": PASSED}),
                "clcuda": ran("clcuda", {"a": PASSED, "b": FAILED})}
        comparison = compare(runs, "nvidia", "clcuda", tested_must_run=True)
        self.assertEqual(comparison.verdict, "FAIL")
        self.assertEqual([(d.case, d.reference, d.tested) for d in comparison.regressions], [("b", PASSED, FAILED)])

    def test_a_case_missing_on_clcuda_is_a_regression(self):
        runs = {"nvidia": ran("nvidia", {"a": PASSED, "b": PASSED}), "clcuda": ran("clcuda", {"a": PASSED})}
        self.assertEqual(compare(runs, "nvidia", "clcuda", tested_must_run=True).verdict, "FAIL")

    def test_failing_on_both_or_only_on_the_reference_passes(self):
        runs = {"nvidia": ran("nvidia", {"a": PASSED, "b": FAILED, "c": FAILED}),
                "clcuda": ran("clcuda", {"a": PASSED, "b": FAILED, "c": PASSED})}
        comparison = compare(runs, "nvidia", "clcuda", tested_must_run=True)
        self.assertEqual(comparison.verdict, "PASS")
        self.assertEqual([(d.case, d.regression) for d in comparison.differences], [("c", False)])

    def test_different_printed_results_fail(self):
        runs = {"nvidia": ran("nvidia", {"md5": PASSED}, {"md5": "cl9a"}),
                "clcuda": ran("clcuda", {"md5": PASSED}, {"md5": "nothing recovered"})}
        self.assertEqual(compare(runs, "nvidia", "clcuda", tested_must_run=True).verdict, "FAIL")

    def test_a_result_the_reference_failed_to_print_is_no_regression(self):
        # hashcat -m 0 on NVIDIA's OpenCL, 2026-11-28: exit status 255, nothing recovered.
        runs = {"nvidia": ran("nvidia", {"md5": FAILED}, {"md5": "nothing recovered (exit status 255)"}),
                "clcuda": ran("clcuda", {"md5": PASSED}, {"md5": "cl9a"})}
        comparison = compare(runs, "nvidia", "clcuda", tested_must_run=True)
        self.assertEqual(comparison.verdict, "PASS")
        self.assertEqual([(d.case, d.regression) for d in comparison.differences],
                         [("md5", False), ("md5 (result)", False)])

    def test_clcuda_without_device_skips_unless_a_cuda_device_is_present(self):
        runs = {"pocl": ran("pocl", {"a": PASSED, "b": FAILED}),
                "clcuda": PlatformRun("clcuda", unavailable="clcuda has no device")}
        skipped = compare(runs, "pocl", "clcuda", tested_must_run=False)
        self.assertEqual(skipped.verdict, "SKIPPED")
        self.assertIn("1 passed, 1 failed, 0 skipped", skipped.reason)
        self.assertEqual(compare(runs, "pocl", "clcuda", tested_must_run=True).verdict, "FAIL")

    def test_broken_clcuda_fails(self):
        runs = {"nvidia": ran("nvidia", {"a": PASSED}), "clcuda": ran("clcuda", {})}
        self.assertEqual(compare(runs, "nvidia", "clcuda", tested_must_run=True).verdict, "FAIL")

    def test_broken_reference_leaves_clcuda_to_stand_alone(self):
        reference = ran("nvidia", {"a": PASSED})
        reference.broken = "timed out in a"
        clean = {"nvidia": reference, "clcuda": ran("clcuda", {"a": PASSED})}
        self.assertEqual(compare(clean, "nvidia", "clcuda", tested_must_run=True).verdict, "PASS")
        failing = {"nvidia": reference, "clcuda": ran("clcuda", {"a": FAILED})}
        self.assertEqual(compare(failing, "nvidia", "clcuda", tested_must_run=True).verdict, "FAIL")

    def test_no_reference_skips(self):
        runs = {"pocl": PlatformRun("pocl", unavailable="not installed"), "clcuda": ran("clcuda", {"a": PASSED})}
        self.assertEqual(compare(runs, choose_reference(runs, ("nvidia", "pocl")), "clcuda", True).verdict,
                         "SKIPPED")

    def test_nvidia_is_preferred_as_reference(self):
        runs = {"pocl": ran("pocl", {"a": PASSED}), "nvidia": ran("nvidia", {"a": PASSED})}
        self.assertEqual(choose_reference(runs, ("nvidia", "pocl")), "nvidia")
        runs["nvidia"].unavailable = "no device"
        self.assertEqual(choose_reference(runs, ("nvidia", "pocl")), "pocl")

    def test_summary_line(self):
        self.assertEqual(ran("pocl", {"a": PASSED, "b": FAILED, "c": SKIPPED}).summary(),
                         "1 passed, 1 failed, 1 skipped")


class ReadingTest(unittest.TestCase):
    def test_pytest_log_keeps_the_worst_phase_and_the_crashed_test(self):
        records = [
            {"test": "t::ok", "event": "start"}, {"test": "t::ok", "event": "call", "outcome": PASSED},
            {"test": "t::teardown_fails", "event": "start"},
            {"test": "t::teardown_fails", "event": "call", "outcome": PASSED},
            {"test": "t::teardown_fails", "event": "teardown", "outcome": FAILED},
            {"test": "t::skip", "event": "start"}, {"test": "t::skip", "event": "setup", "outcome": SKIPPED},
            {"test": "t::crash", "event": "start"},
        ]
        with tempfile.TemporaryDirectory() as directory:
            log = Path(directory) / "outcomes.jsonl"
            log.write_text("".join(json.dumps(r) + "\n" for r in records))
            outcomes, unfinished = read_outcomes_log(log)
        self.assertEqual(outcomes, {"t::ok": PASSED, "t::teardown_fails": FAILED, "t::skip": SKIPPED})
        self.assertEqual(unfinished, ["t::crash"])

    def test_pyopencl_test_ids_name_no_platform(self):
        for platform, device in (("NVIDIA CUDA", "NVIDIA H200"), ("clcuda", "NVIDIA H200")):
            self.assertEqual(platform_neutral(f"test_wrapper.py::test_unload_compiler[<pyopencl.Platform '{platform}'>]"),
                             "test_wrapper.py::test_unload_compiler[platform]")
            self.assertEqual(platform_neutral(f"test_array.py::test_sum[<context factory for <pyopencl.Device "
                                              f"'{device}' on '{platform}'>>-float32]"),
                             "test_array.py::test_sum[<context factory for device>-float32]")

    def test_clblast_output(self):
        output = ("* Running on OpenCL device 'x'.\n* Starting tests for the \x1b[1m'SAXPY'\x1b[0m routine.\n"
                  "   Pass rate 100.0%: 36 passed / 0 skipped / 0 failed\n"
                  "* Completed all test-cases for this routine. Results:\n"
                  "   34 test(s) passed\n   0 test(s) skipped\x1b[0m\n   2 test(s) failed\x1b[0m\n\n"
                  "* Running on OpenCL device 'x'.\n* Starting tests for the 'HAXPY' routine.\n"
                  "* All tests skipped: Unsupported precision\n")
        self.assertEqual(parse_clblast(output), {"SAXPY": (34, 0, 2), "HAXPY": (0, 0, 0)})


FAKE_SUITE = """
import os

def test_passes():
    pass

def test_crashes():
    os.abort()

def test_after_the_crash():
    pass
"""


@unittest.skipUnless(importlib.util.find_spec("pytest"), "this Python has no pytest")
class PytestCrashTest(unittest.TestCase):
    def test_a_crash_fails_one_test_and_the_suite_goes_on(self):
        with tempfile.TemporaryDirectory() as directory:
            work = Path(directory)
            (work / "test_fake.py").write_text(FAKE_SUITE)
            context = Context(work, work, {"PATH": "/usr/bin:/bin"}, sys.executable, time.monotonic() + 120)
            run = PlatformRun("pocl")
            run_pytest(context, run, ["test_fake.py"], cwd=work)
        self.assertEqual(run.outcomes, {"test_fake.py::test_passes": PASSED,
                                        "test_fake.py::test_crashes": FAILED,
                                        "test_fake.py::test_after_the_crash": PASSED})
        self.assertEqual(run.broken, "")
        self.assertEqual(len(run.notes), 1)
        self.assertIn("crashed in test_fake.py::test_crashes", run.notes[0])


class PlatformOrderTest(unittest.TestCase):
    """Each platform's run of a fake app logs when it starts and ends."""

    def run_both(self, side_by_side, meet=None):
        events = []

        def fake_run(context, run):
            events.append(("start", run.platform))
            if meet:
                meet.wait()  # both runs must be under way at once to get past this
            run.outcomes["case"] = PASSED
            events.append(("end", run.platform))

        app = App("fake", [], fake_run, minutes=1)
        with tempfile.TemporaryDirectory() as work:
            runs = run_platforms(app, {"nvidia": {}, "clcuda": {}}, Path(work), Path(work), sys.executable,
                                 side_by_side)
        return runs, events

    def test_one_after_the_other_the_reference_first(self):
        runs, events = self.run_both(side_by_side=False)
        self.assertEqual(events, [("start", "nvidia"), ("end", "nvidia"), ("start", "clcuda"), ("end", "clcuda")])
        self.assertEqual(list(runs), ["nvidia", "clcuda"])
        self.assertEqual(runs["clcuda"].outcomes, {"case": PASSED})

    def test_side_by_side_runs_overlap(self):
        runs, _ = self.run_both(side_by_side=True, meet=threading.Barrier(2, timeout=10))
        self.assertEqual(list(runs), ["nvidia", "clcuda"])
        self.assertEqual({column: run.outcomes for column, run in runs.items()},
                         {"nvidia": {"case": PASSED}, "clcuda": {"case": PASSED}})


class CorpusTest(unittest.TestCase):
    def test_ctest_runs_every_app(self):
        cmake = (Path(__file__).parent / "CMakeLists.txt").read_text()
        listed = re.search(r"set\(compat_apps ([^)]*)\)", cmake).group(1).split()
        self.assertEqual(sorted(listed), sorted(APPS))


if __name__ == "__main__":
    unittest.main()
