#!/usr/bin/env python3
"""Tests run_cts.py against fake CTS suites: no GPU, no CTS build.

The fake suites behave as CTS binaries do: `--list` prints their subtests,
and a run of one subtest writes the CTS's JSON results file. test_fake's
subtest names say what they do (pass, fail, skip, crash, hang); `differs`
passes only on the platform whose library is named good.so, and
`runs_nothing` exits 0 with no result for itself. test_conversions,
test_bruteforce, test_image_streams and test_device_partition mimic those
CTS suites where their runs need run_cts.py's SUITE_RULES: every conversion reports under
"conversions", and some runs report a pass having tested nothing.
"""
import csv
import json
import os
import pathlib
import stat
import subprocess
import sys
import tempfile
import unittest

RUNNER = pathlib.Path(__file__).with_name("run_cts.py")

FAKE_SUITE = r"""#!/usr/bin/env python3
import json, os, signal, sys, time
suite = os.path.basename(sys.argv[0])
SUBTESTS = {
    "test_fake": ["passes", "fails", "skips", "crashes", "hangs", "slow", "differs",
                  "runs_nothing"],
    "test_conversions": ["conversions"],
    "test_bruteforce": ["acos", "sqrt_cr", "nan"],
    "test_image_streams": ["1D", "3D", "image_from_buffer"],
    "test_cl_get_info": ["1D", "3D"],
    "test_device_partition": ["partition_equally", "partition_by_counts"],
}[suite]
if sys.argv[1] == "--list":
    print("Test names:")
    print("\n".join("\t" + name for name in SUBTESTS))
    sys.exit(0)
subtest = sys.argv[-1]
library = os.environ["OCL_ICD_FILENAMES"]
def note(event):
    with open(os.environ["RUN_ORDER"], "a") as order:
        order.write(f"{event} {os.path.basename(library)} {' '.join(sys.argv[1:])}\n")
    with open(os.environ["RUN_GPUS"], "a") as gpus:
        gpus.write(f"{event} {os.environ.get('CUDA_VISIBLE_DEVICES', 'all')}\n")
    if event == "start":
        with open(os.environ["RUN_CACHES"], "a") as caches:
            caches.write(json.dumps({key: os.environ.get(key) for key in
                                     ("CLCUDA_CACHE", "CLCUDA_CACHE_DIR", "CUDA_CACHE_DISABLE",
                                      "CUDA_CACHE_PATH")}) + "\n")
def report(results):
    with open(os.environ["CL_CONFORMANCE_RESULTS_FILENAME"], "w") as file:
        json.dump({"results": results}, file)
note("start")
time.sleep(0.2)
if suite == "test_conversions":
    # every name runs under the one registered test, "conversions"
    if subtest == "conversions":
        print("**** ERROR:  Unable to parse function name conversions.  Skipping....  *****")
    elif "double" not in subtest:  # a device without doubles: a silent pass
        print("Testing... ........done.\n\tWimp pass\n")
    report({"conversions": "fail" if subtest == "char_sat_rte_float" else "pass"})
elif suite == "test_bruteforce":
    print({"sqrt_cr": "Correctly rounded divide and sqrt are not supported, skipping function.",
           "nan": "'nan' is missing implementation, skipping function."}.get(subtest, "passed"))
    report({subtest: "pass"})
elif suite in ("test_image_streams", "test_cl_get_info"):
    # read_write images only where the library is named good.so
    if "read_write" in sys.argv and not library.endswith("good.so"):
        print("READ_WRITE_IMAGE tests skipped, not supported.")
    # good.so lists RGBA formats of floats and signed 8-bit integers, bad.so
    # the float one; a channel type or order among the arguments leaves the
    # others out
    formats = ("CL_FLOAT", "CL_SIGNED_INT8") if library.endswith("good.so") else ("CL_FLOAT",)
    filters = [word for word in sys.argv[1:] if word.startswith("CL_") and "FILTER" not in word]
    orders = [word for word in filters if word in ("CL_R", "CL_RG", "CL_RGBA", "CL_BGRA")]
    types = [word for word in filters if word not in orders]
    for channel_type in formats:
        left_out = (types and channel_type not in types) or (orders and "CL_RGBA" not in orders)
        print(("NOT RUNNING: " if left_out else "") + f"[CL_RGBA  {channel_type:24} 4]")
    report({subtest: "pass"})
elif suite == "test_device_partition":
    # the device partitions equally, not by counts
    if subtest == "partition_equally":
        print('Testing on device 0x1 partition type "CL_DEVICE_PARTITION_EQUALLY" (4,0)')
    else:
        print('Device partition type "CL_DEVICE_PARTITION_BY_COUNTS" is not supported on '
              "device 0x1. Skipping test...")
    print("Testing on all device 0x1 finished")
    report({subtest: "pass"})
else:
    if subtest == "crashes":
        os.kill(os.getpid(), signal.SIGSEGV)
    if subtest == "hangs":
        time.sleep(60)
    if subtest == "slow":
        time.sleep(2.3)
    if subtest == "runs_nothing":
        report({})
    else:
        report({subtest: {"passes": "pass", "slow": "pass", "fails": "fail", "skips": "skip",
                          "differs": "pass" if library.endswith("good.so") else "fail"}[subtest]})
note("end")
"""


class RunCtsTest(unittest.TestCase):
    def setUp(self):
        self.scratch = tempfile.TemporaryDirectory()
        self.root = pathlib.Path(self.scratch.name)
        for name in ("test_fake", "test_conversions", "test_bruteforce", "test_image_streams",
                     "test_device_partition", "test_cl_get_info"):
            suite = self.root / "cts" / "test_conformance" / name / name
            suite.parent.mkdir(parents=True)
            suite.write_text(FAKE_SUITE)
            suite.chmod(suite.stat().st_mode | stat.S_IXUSR)
        self.order = self.root / "order.txt"
        self.gpus = self.root / "gpus.txt"
        self.caches = self.root / "caches.txt"

    def tearDown(self):
        self.scratch.cleanup()

    def run_cts(self, *arguments, suites="test_fake", **settings):
        env = dict(os.environ, RUN_ORDER=str(self.order), RUN_GPUS=str(self.gpus),
                   RUN_CACHES=str(self.caches), **settings)
        return subprocess.run([sys.executable, str(RUNNER), "--suites", suites, *arguments],
                              env=env, capture_output=True, text=True, timeout=120)

    def statuses(self, csv_path):
        with open(csv_path, newline="") as f:
            return {row["subtest"]: row["status"] for row in csv.DictReader(f)}

    def test_each_status_and_the_comparison(self):
        out = self.root / "results"
        run = self.run_cts("--cts-build", str(self.root / "cts"), "--platform", "good=/lib/good.so",
                           "--platform", "bad=/lib/bad.so", "--timeout", "2", "--jobs", "1",
                           "--out", str(out))
        self.assertEqual(run.returncode, 0, run.stderr)
        expected = {"passes": "pass", "fails": "fail", "skips": "skip", "crashes": "crash",
                    "hangs": "timeout", "slow": "timeout", "runs_nothing": "not tested"}
        self.assertEqual(self.statuses(out / "good.csv"), dict(expected, differs="pass"))
        self.assertEqual(self.statuses(out / "bad.csv"), dict(expected, differs="fail"))
        summary = (out / "summary.md").read_text()
        self.assertIn("time limit: 2 s a subtest\n", summary)
        self.assertIn("| test_fake | 2/1/1/1/2/0/1 | 1/2/1/1/2/0/1 |", summary)
        self.assertIn("### passes on good, not on bad: 1\n- test_fake differs", summary)
        self.assertIn("### passes on bad, not on good: 0", summary)
        self.assertIn("- test_fake hangs: timeout", summary)
        self.assertIn("- test_fake runs_nothing: not tested", summary)
        self.assertRegex(summary, r"\| test_fake \| hangs \| 2\.\d timeout \| 2\.\d timeout \|")
        self.assertTrue((out / "logs" / "bad.test_fake.differs.log").exists())

    def test_platforms_take_turns_in_one_pool(self):
        run = self.run_cts("--cts-build", str(self.root / "cts"), "--platform", "good=/lib/good.so",
                           "--platform", "bad=/lib/bad.so", "--subtests", "passes,fails,skips",
                           "--jobs", "1", "--out", str(self.root / "results"))
        self.assertEqual(run.returncode, 0, run.stderr)
        starts = [line for line in self.order.read_text().splitlines() if line.startswith("start")]
        self.assertEqual(starts, ["start good.so passes", "start bad.so passes",
                                  "start good.so fails", "start bad.so fails",
                                  "start good.so skips", "start bad.so skips"])

    def test_a_subtest_marked_alone_runs_alone_and_first(self):
        run = self.run_cts("--cts-build", str(self.root / "cts"), "--platform", "good=/lib/good.so",
                           "--platform", "bad=/lib/bad.so", "--subtests", "passes,fails,skips,differs",
                           "--alone", "test_fake:fails", "--jobs", "4", "--out", str(self.root / "results"))
        self.assertEqual(run.returncode, 0, run.stderr)
        events = self.order.read_text().splitlines()
        self.assertEqual(events[:4], ["start good.so fails", "end good.so fails",
                                      "start bad.so fails", "end bad.so fails"])
        # the other four do overlap: the gate holds back only what must run alone
        self.assertEqual([e.split()[0] for e in events[4:8]], ["start"] * 4, events)

    def test_subtests_spread_over_the_gpus(self):
        run = self.run_cts("--cts-build", str(self.root / "cts"), "--platform", "good=/lib/good.so",
                           "--platform", "bad=/lib/bad.so", "--subtests", "passes,fails,skips",
                           "--jobs", "3", "--gpus", "1,2,3", "--out", str(self.root / "results"))
        self.assertEqual(run.returncode, 0, run.stderr)
        running = {}  # GPU -> subtests on it
        for event, gpu in (line.split() for line in self.gpus.read_text().splitlines()):
            running[gpu] = running.get(gpu, 0) + (1 if event == "start" else -1)
            self.assertLessEqual(running[gpu], 1, "three at once on three GPUs: one each")
        self.assertEqual(sorted(running), ["1", "2", "3"])

    def test_one_gpu_leaves_the_environment_as_it_is(self):
        run = self.run_cts("--cts-build", str(self.root / "cts"), "--platform", "good=/lib/good.so",
                           "--subtests", "passes,fails", "--jobs", "2",
                           "--out", str(self.root / "results"))
        self.assertEqual(run.returncode, 0, run.stderr)
        expected = os.environ.get("CUDA_VISIBLE_DEVICES", "all")
        self.assertEqual({line.split()[1] for line in self.gpus.read_text().splitlines()},
                         {expected})

    def test_fresh_caches_are_each_subtests_own_and_on(self):
        out = self.root / "results"
        run = self.run_cts("--cts-build", str(self.root / "cts"), "--platform", "good=/lib/good.so",
                           "--subtests", "passes,fails,skips", "--jobs", "2", "--fresh-caches",
                           "--out", str(out), CLCUDA_CACHE="0", CUDA_CACHE_DISABLE="1")
        self.assertEqual(run.returncode, 0, run.stderr)
        seen = [json.loads(line) for line in self.caches.read_text().splitlines()]
        self.assertEqual(len(seen), 3)
        for caches in seen:
            self.assertIsNone(caches["CLCUDA_CACHE"])
            self.assertIsNone(caches["CUDA_CACHE_DISABLE"])
        for key in ("CLCUDA_CACHE_DIR", "CUDA_CACHE_PATH"):
            self.assertEqual(len({caches[key] for caches in seen}), 3, key)
        self.assertIn("caches: fresh and on for each subtest", (out / "summary.md").read_text())

    def test_without_fresh_caches_the_callers_settings_stand(self):
        run = self.run_cts("--cts-build", str(self.root / "cts"), "--platform", "good=/lib/good.so",
                           "--subtests", "passes", "--out", str(self.root / "results"),
                           CLCUDA_CACHE="0", CUDA_CACHE_DISABLE="1")
        self.assertEqual(run.returncode, 0, run.stderr)
        [caches] = [json.loads(line) for line in self.caches.read_text().splitlines()]
        self.assertEqual((caches["CLCUDA_CACHE"], caches["CUDA_CACHE_DISABLE"]), ("0", "1"))

    def test_a_subtest_with_its_own_limit_starts_early_and_gets_it(self):
        out = self.root / "results"
        run = self.run_cts("--cts-build", str(self.root / "cts"), "--platform", "good=/lib/good.so",
                           "--subtests", "passes,fails,slow", "--timeout", "2",
                           "--limit", "test_fake:slow=10", "--jobs", "1", "--out", str(out))
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(self.statuses(out / "good.csv"),
                         {"passes": "pass", "fails": "fail", "slow": "pass"})
        self.assertEqual(self.order.read_text().splitlines()[0], "start good.so slow")
        self.assertIn("time limit: 2 s a subtest; test_fake slow: 10 s\n",
                      (out / "summary.md").read_text())

    def test_a_limit_equal_to_the_timeout_is_counted_not_listed(self):
        out = self.root / "results"
        run = self.run_cts("--cts-build", str(self.root / "cts"), "--platform", "good=/lib/good.so",
                           "--subtests", "passes,slow,fails", "--timeout", "5",
                           "--limit", "test_fake:slow=5", "--limit", "test_fake:fails=5",
                           "--limit", "test_fake:passes=7", "--out", str(out))
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertIn("time limit: 5 s a subtest; 2 started first with it; test_fake passes: 7 s\n",
                      (out / "summary.md").read_text())

    def test_a_subtest_is_reported_when_it_ends(self):
        run = self.run_cts("--cts-build", str(self.root / "cts"), "--platform", "good=/lib/good.so",
                           "--subtests", "passes,slow", "--limit", "test_fake:slow=10",
                           "--jobs", "2", "--out", str(self.root / "results"))
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual([line.split()[2] for line in run.stdout.splitlines()[:2]],
                         ["passes", "slow"])

    def test_a_limit_names_a_subtest_and_seconds(self):
        run = self.run_cts("--cts-build", str(self.root / "cts"), "--platform", "good=/lib/good.so",
                           "--limit", "test_fake=10", "--out", str(self.root / "results"))
        self.assertEqual(run.returncode, 2)
        self.assertIn("is not SUITE:SUBTEST=SECONDS", run.stderr)

    def test_baselines_alone_are_compared(self):
        out = self.root / "first"
        self.run_cts("--cts-build", str(self.root / "cts"), "--platform", "good=/lib/good.so",
                     "--platform", "bad=/lib/bad.so", "--subtests", "passes,differs",
                     "--out", str(out))
        again = self.root / "again"
        run = self.run_cts("--baseline", f"good={out / 'good.csv'}",
                           "--baseline", f"bad={out / 'bad.csv'}", "--out", str(again))
        self.assertEqual(run.returncode, 0, run.stderr)
        summary = (again / "summary.md").read_text()
        self.assertIn("| test_fake | 2/0/0/0/0/0/0 | 1/1/0/0/0/0/0 |", summary)
        self.assertIn("### passes on good, not on bad: 1\n- test_fake differs", summary)

    def test_after_the_deadline_nothing_starts(self):
        out = self.root / "results"
        run = self.run_cts("--cts-build", str(self.root / "cts"), "--platform", "good=/lib/good.so",
                           "--deadline", "0", "--out", str(out))
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(set(self.statuses(out / "good.csv").values()), {"not run"})
        self.assertFalse(self.order.exists())

    def test_conversions_run_one_by_one_and_a_silent_pass_is_not_tested(self):
        out = self.root / "results"
        run = self.run_cts("--cts-build", str(self.root / "cts"), "--platform", "good=/lib/good.so",
                           "--subtests", "conversions,uchar_char,double_float,char_sat_rte_float",
                           "--out", str(out), suites="test_conversions")
        self.assertEqual(run.returncode, 0, run.stderr)
        # the names come from the suite's rule, not from --list ("conversions")
        self.assertEqual(self.statuses(out / "good.csv"),
                         {"uchar_char": "pass", "double_float": "not tested",
                          "char_sat_rte_float": "fail"})
        self.assertIn("| test_conversions | 1/1/0/0/0/0/1 |", (out / "summary.md").read_text())

    def test_every_conversion_is_a_subtest(self):
        out = self.root / "results"
        run = self.run_cts("--cts-build", str(self.root / "cts"), "--platform", "good=/lib/good.so",
                           "--deadline", "0", "--out", str(out), suites="test_conversions")
        self.assertEqual(run.returncode, 0, run.stderr)
        conversions = self.statuses(out / "good.csv")
        self.assertEqual(len(conversions), 1045)
        self.assertTrue({"uchar_char", "char_sat_rte_float", "long_sat_rtz_ulong", "half_rtp_double"}
                        <= conversions.keys())
        self.assertFalse({"conversions", "float_sat_int"} & conversions.keys())

    def test_a_skipped_function_is_no_pass(self):
        out = self.root / "results"
        run = self.run_cts("--cts-build", str(self.root / "cts"), "--platform", "good=/lib/good.so",
                           "--out", str(out), suites="test_bruteforce")
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(self.statuses(out / "good.csv"),
                         {"acos": "pass", "sqrt_cr": "skip", "nan": "not tested"})

    def test_a_partition_type_the_device_lacks_is_not_tested(self):
        out = self.root / "results"
        run = self.run_cts("--cts-build", str(self.root / "cts"), "--platform", "good=/lib/good.so",
                           "--out", str(out), suites="test_device_partition")
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(self.statuses(out / "good.csv"),
                         {"partition_equally": "pass", "partition_by_counts": "not tested"})

    def run_good_and_bad(self, *arguments, suites):
        """Runs `suites` on good.so and bad.so: the results directory and the
        processes' start lines, in the order they started."""
        out = self.root / "results"
        run = self.run_cts("--cts-build", str(self.root / "cts"), "--platform", "good=/lib/good.so",
                           "--platform", "bad=/lib/bad.so", *arguments, "--out", str(out),
                           suites=suites)
        self.assertEqual(run.returncode, 0, run.stderr)
        starts = [line for line in self.order.read_text().splitlines() if line.startswith("start")]
        return out, starts

    def test_a_suite_rule_gives_options_and_parts(self):
        out, starts = self.run_good_and_bad("--jobs", "1",
                                            "--limit", "test_image_streams:1D write uint=30",
                                            "--subtests", "1D,image_from_buffer",
                                            suites="test_image_streams")
        # the part with its own limit first, then the platforms take turns
        self.assertEqual(starts[:4], ["start good.so CL_FILTER_NEAREST write uint 1D",
                                      "start bad.so CL_FILTER_NEAREST write uint 1D",
                                      "start good.so CL_FILTER_NEAREST read int 1D",
                                      "start bad.so CL_FILTER_NEAREST read int 1D"])
        # an image type in nine parts, the rest of the suite whole
        parts = {f"1D {access} {result}" for access in ("read", "write", "read_write")
                 for result in ("int", "uint", "float")}
        self.assertEqual(len(starts), 2 * (len(parts) + 1))
        self.assertIn("start good.so CL_FILTER_NEAREST image_from_buffer", starts)
        good = self.statuses(out / "good.csv")
        self.assertEqual(good.keys(), parts | {"image_from_buffer"})
        self.assertEqual(set(good.values()), {"pass"})
        # a part the device cannot run tested nothing
        bad = self.statuses(out / "bad.csv")
        self.assertEqual({subtest for subtest, status in bad.items()
                          if status == "skip" and subtest.startswith("1D")},
                         {"1D read_write int", "1D read_write uint", "1D read_write float"})

    def test_a_long_image_subtest_runs_a_process_per_channel_type(self):
        out, starts = self.run_good_and_bad("--jobs", "8", "--limit", "test_cl_get_info:3D=30",
                                            "--subtests", "test_cl_get_info:1D,test_cl_get_info:3D,"
                                            "test_image_streams:3D write",
                                            suites="test_cl_get_info,test_image_streams")
        # the limit of 3D is its parts': they start first, each with its type before the subtest
        self.assertTrue(all(s.endswith(" 3D") and "NEAREST" not in s for s in starts[:16]), starts)
        get_info = {s.split()[2] for s in starts
                    if s.startswith("start good.so CL_") and s.endswith(" 3D") and "NEAREST" not in s}
        self.assertEqual(len(get_info), 24)
        self.assertIn("CL_UNORM_INT24", get_info)
        good = self.statuses(out / "good.csv")
        self.assertEqual(good["1D"], "pass")  # a short subtest stays whole
        # a part passes if it tested a format of its type, and is a skip if the device has none
        self.assertEqual(good["3D CL_FLOAT"], "pass")
        self.assertEqual(good["3D CL_SIGNED_INT8"], "pass")
        self.assertEqual(good["3D CL_UNORM_INT8"], "skip")
        self.assertEqual(self.statuses(out / "bad.csv")["3D CL_SIGNED_INT8"], "skip")
        # a part of test_image_streams takes the types its kernels read as its result type
        streams = {t for t in good if t.startswith("3D write ")}
        self.assertEqual({t for t in streams if t.startswith("3D write int ")},
                         {"3D write int CL_SIGNED_INT8", "3D write int CL_SIGNED_INT16",
                          "3D write int CL_SIGNED_INT32"})
        self.assertEqual(len(streams), 3 + 6 + 14)
        self.assertEqual(good["3D write float CL_FLOAT"], "pass")
        self.assertEqual(good["3D write int CL_SIGNED_INT8"], "pass")
        self.assertEqual(good["3D write float CL_HALF_FLOAT"], "skip")
        self.assertIn("start good.so CL_FILTER_NEAREST write int CL_SIGNED_INT8 3D", starts)

    def test_subtests_names_a_part_with_its_channel_types(self):
        out = self.root / "results"
        run = self.run_cts("--cts-build", str(self.root / "cts"), "--platform", "good=/lib/good.so",
                           "--subtests", "3D write int,3D read float CL_FLOAT CL_RGBA",
                           "--out", str(out), suites="test_image_streams")
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(set(self.statuses(out / "good.csv")),
                         {"3D write int CL_SIGNED_INT8", "3D write int CL_SIGNED_INT16",
                          "3D write int CL_SIGNED_INT32", "3D read float CL_FLOAT CL_RGBA"})

    def test_3d_reads_run_a_process_per_format(self):
        out = self.root / "results"
        run = self.run_cts("--cts-build", str(self.root / "cts"), "--platform", "good=/lib/good.so",
                           "--jobs", "8", "--subtests", "3D read int,3D write int",
                           "--out", str(out), suites="test_image_streams")
        self.assertEqual(run.returncode, 0, run.stderr)
        good = self.statuses(out / "good.csv")
        # reads: every channel order of every type of the part, each its own process
        reads = {subtest for subtest in good if subtest.startswith("3D read int ")}
        self.assertEqual(len(reads), 3 * 20)
        self.assertIn("3D read int CL_SIGNED_INT16 CL_DEPTH_STENCIL", reads)
        self.assertEqual(good["3D read int CL_SIGNED_INT8 CL_RGBA"], "pass")
        self.assertEqual(good["3D read int CL_SIGNED_INT8 CL_BGRA"], "skip")
        self.assertEqual(good["3D read int CL_SIGNED_INT16 CL_RGBA"], "skip")
        self.assertIn("start good.so CL_FILTER_NEAREST read int CL_SIGNED_INT8 CL_RGBA 3D",
                      self.order.read_text().splitlines())
        # writes stay a process per type
        self.assertEqual({subtest: status for subtest, status in good.items()
                          if subtest.startswith("3D write")},
                         {"3D write int CL_SIGNED_INT8": "pass", "3D write int CL_SIGNED_INT16": "skip",
                          "3D write int CL_SIGNED_INT32": "skip"})

    def test_subtests_names_parts_too(self):
        out = self.root / "results"
        run = self.run_cts("--cts-build", str(self.root / "cts"), "--platform", "good=/lib/good.so",
                           "--subtests", "test_image_streams:1D write uint,1D read float,"
                           "test_fake:passes,test_image_streams:image_from_buffer",
                           "--out", str(out), suites="test_image_streams,test_fake")
        self.assertEqual(run.returncode, 0, run.stderr)
        with open(out / "good.csv", newline="") as f:
            chosen = {(row["suite"], row["subtest"]) for row in csv.DictReader(f)}
        self.assertEqual(chosen, {("test_image_streams", "1D write uint"),
                                  ("test_image_streams", "1D read float"),
                                  ("test_image_streams", "image_from_buffer"),
                                  ("test_fake", "passes")})

    def test_shards_cover_each_suite_once_and_merge(self):
        everything = self.statuses(self.whole_suite_csv())
        shards = [self.root / f"shard{k}" for k in (1, 2)]
        for k, out in enumerate(shards, start=1):
            run = self.run_cts("--cts-build", str(self.root / "cts"),
                               "--platform", "good=/lib/good.so", "--platform", "bad=/lib/bad.so",
                               "--jobs", "8", "--timeout", "5", "--shard", f"{k}/2",
                               "--out", str(out))
            self.assertEqual(run.returncode, 0, run.stderr)
            # both platforms run the same subtests in a shard
            self.assertEqual(self.statuses(out / "good.csv").keys(),
                             self.statuses(out / "bad.csv").keys())
        first, second = (self.statuses(out / "good.csv").keys() for out in shards)
        self.assertFalse(first & second)
        self.assertEqual(first | second, everything.keys())
        merged = self.root / "merged"
        run = self.run_cts(*[f"--baseline={name}={out / (name + '.csv')}"
                             for name in ("good", "bad") for out in shards],
                           "--out", str(merged))
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(self.statuses(merged / "good.csv"), everything)
        self.assertIn("| test_fake | 3/1/1/1/1/0/1 | 2/2/1/1/1/0/1 |",
                      (merged / "summary.md").read_text())

    def test_a_second_run_completes_what_a_deadline_left(self):
        first, second, merged = (self.root / name for name in ("first", "second", "merged"))
        run = self.run_cts("--cts-build", str(self.root / "cts"), "--platform", "good=/lib/good.so",
                           "--subtests", "passes,fails,slow", "--limit", "test_fake:slow=10",
                           "--jobs", "1", "--deadline", "1", "--out", str(first))
        self.assertEqual(run.returncode, 0, run.stderr)
        left = [t for t, status in self.statuses(first / "good.csv").items() if status == "not run"]
        self.assertEqual(sorted(left), ["fails", "passes"])  # slow went first and took the time
        run = self.run_cts("--cts-build", str(self.root / "cts"), "--platform", "good=/lib/good.so",
                           "--subtests", ",".join(left), "--out", str(second))
        self.assertEqual(run.returncode, 0, run.stderr)
        run = self.run_cts(f"--baseline=good={first / 'good.csv'}",
                           f"--baseline=good={second / 'good.csv'}", "--out", str(merged))
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(self.statuses(merged / "good.csv"),
                         {"passes": "pass", "fails": "fail", "slow": "pass"})
        with open(merged / "good.csv", newline="") as f:
            self.assertEqual(len(list(csv.DictReader(f))), 3)

    def whole_suite_csv(self):
        """test_fake run whole on good.so: its CSV."""
        out = self.root / "whole"
        run = self.run_cts("--cts-build", str(self.root / "cts"), "--platform", "good=/lib/good.so",
                           "--jobs", "8", "--timeout", "5", "--out", str(out))
        self.assertEqual(run.returncode, 0, run.stderr)
        return out / "good.csv"

    def test_a_shard_is_k_of_n(self):
        run = self.run_cts("--out", str(self.root / "results"), "--baseline", "x=y.csv",
                           "--shard", "3/2")
        self.assertEqual(run.returncode, 2)
        self.assertIn("is not K/N", run.stderr)

    def test_nothing_to_do_is_a_usage_error(self):
        run = self.run_cts("--out", str(self.root / "results"))
        self.assertEqual(run.returncode, 2)
        self.assertIn("give --platform or --baseline", run.stderr)


if __name__ == "__main__":
    unittest.main()
