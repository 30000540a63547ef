#!/usr/bin/env python3
"""app_start.py's own logic: reading hashcat's speed, medians and ratios, the table."""
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from app_start import Sample, markdown, megahashes, speed_of, summarize  # noqa: E402

BENCHMARK_OUTPUT = """# option: --force
# option: --optimized-kernel-enable
1:1400:1980:2619:27.31:21902837411
Started: Sat Nov 28 14:48:15 2026
"""


class SpeedTest(unittest.TestCase):
    def test_reads_the_result_line_of_the_mode(self):
        self.assertEqual(speed_of(BENCHMARK_OUTPUT, 1400), 21902837411)

    def test_another_modes_line_or_none_is_no_speed(self):
        self.assertIsNone(speed_of(BENCHMARK_OUTPUT, 0))
        self.assertIsNone(speed_of("clCreateContext(): CL_OUT_OF_RESOURCES\n", 1400))
        self.assertIsNone(speed_of("Started: Sat Nov 28 14:48:15 2026\n", 1400))


class MegahashesTest(unittest.TestCase):
    def test_four_significant_digits_without_an_exponent(self):
        self.assertEqual(megahashes(119_171_200_000), "119171")
        self.assertEqual(megahashes(6_497_000), "6.497")
        self.assertEqual(megahashes(358_476), "0.3585")
        self.assertEqual(megahashes(None), "n/a")


class SummaryTest(unittest.TestCase):
    SAMPLES = [Sample("nvidia", 0, 10.0, 358_603, 0), Sample("nvidia", 0, 12.0, 358_476, 0),
               Sample("nvidia", 0, 30.0, 90, 0), Sample("clcuda", 0, 6.0, 339_848, 0),
               Sample("clcuda", 0, 5.0, 341_434, 0), Sample("clcuda", 0, 99.0, None, 1),
               Sample("cuda", 0, 8.0, None, 255)]

    def test_medians_of_successful_runs_and_clcudas_ratios(self):
        (row,) = summarize(self.SAMPLES, ["nvidia", "clcuda", "cuda"], [0])
        self.assertEqual(row["seconds"], {"nvidia": 12.0, "clcuda": 5.5, "cuda": None})
        self.assertEqual(row["speed"]["nvidia"], 358_476)
        self.assertAlmostEqual(row["ratio"]["nvidia"], 5.5 / 12.0)
        self.assertNotIn("cuda", row["ratio"])  # no successful raw CUDA run: no ratio
        self.assertEqual(row["failed"], {"nvidia": 0, "clcuda": 1, "cuda": 1})

    def test_table_says_na_and_counts_failures(self):
        table = markdown(summarize(self.SAMPLES, ["nvidia", "clcuda", "cuda"], [0]), ["nvidia", "clcuda", "cuda"])
        header, _, row = table.splitlines()
        self.assertIn("clcuda/nvidia", header)
        self.assertEqual(row, "| 0 | 12.00 | 5.50 | n/a | 0.46 | n/a | 0.3585 | 0.3406 | n/a | clcuda 1, cuda 1 |")


if __name__ == "__main__":
    unittest.main()
