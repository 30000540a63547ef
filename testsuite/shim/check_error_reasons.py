#!/usr/bin/env python3
"""Every error an entry point returns is logged with its reason.

Runs the shim's API tests on the CPU stand-in for the driver with
CLCUDA_LOG_ERRORS=1 and CLCUDA_LOG_FILE, then checks that each
"clX returned CL_Y" line of the log goes on with ": why".

usage: check_error_reasons.py TEST_BINARY FAKE_CUDA_DIR LOG_FILE
"""
import os
import re
import subprocess
import sys


def main(test_binary, fake_cuda_dir, log_file):
    if os.path.exists(log_file):
        os.remove(log_file)
    environment = dict(os.environ, LD_LIBRARY_PATH=fake_cuda_dir, CLCUDA_LOG_ERRORS="1",
                       CLCUDA_LOG_FILE=log_file)
    run = subprocess.run([test_binary, "--loading=icd"], env=environment,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if run.returncode != 0:
        sys.exit(f"{test_binary} failed ({run.returncode}):\n{run.stdout}")
    if not os.path.exists(log_file):
        sys.exit(f"{test_binary} wrote no {log_file}: CLCUDA_LOG_FILE was not honoured")
    with open(log_file, errors="replace") as log:
        lines = [line.rstrip("\n") for line in log if " returned " in line]
    if len(lines) < 20:
        sys.exit(f"only {len(lines)} error lines in {log_file}; the API tests should refuse "
                 "many calls (is CLCUDA_LOG_ERRORS read?)")
    # "clX returned CL_Y: why" (an unnamed status reads "error -N").
    reasoned = re.compile(r" returned (CL_[A-Z0-9_]+|error -?[0-9]+): .")
    without = [line for line in lines if not reasoned.search(line)]
    if without:
        sys.exit("errors logged without a reason (refuse(error, \"why\") in shim/api/):\n  " +
                 "\n  ".join(without))
    print(f"{len(lines)} logged errors, each with its reason")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
