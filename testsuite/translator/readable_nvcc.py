#!/usr/bin/env python3
"""Readable output, with its launch helpers, builds with nvcc (issue 26).

Translates each OpenCL C file given in readable mode (with the build options
of its `// RUN-OPTIONS:` line, `%S` being its directory) and compiles the
CUDA C++ with nvcc against the device library's headers. Exits 77 (skipped)
where nvcc is not installed.

usage: readable_nvcc.py CL2CUDA NVCC DEVICE_LIBRARY_INCLUDE FILE.cl...
"""
import concurrent.futures
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile


def options_of(path):
    with open(path, errors="replace") as source:
        for line in source:
            found = re.match(r"\s*//\s*RUN-OPTIONS:(.*)", line)
            if found:
                return shlex.split(found.group(1).replace("%S", os.path.dirname(path)))
    return []


def check(cl2cuda, nvcc, include, path, directory):
    name = os.path.splitext(os.path.basename(path))[0]
    cuda = os.path.join(directory, name + ".cu")
    translate = subprocess.run([cl2cuda, path, "--mode=readable", "--launch-helpers", "-o", cuda] +
                               options_of(path),
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if translate.returncode != 0:
        return f"{path}: cl2cuda failed ({translate.returncode}):\n{translate.stdout}"
    # The program's own include paths: readable output keeps an #include of
    # a header that needs no edit.
    options = options_of(path)
    user_includes = [option for i, option in enumerate(options)
                     if option.startswith("-I") or (i > 0 and options[i - 1] == "-I")]
    compile_ = subprocess.run([nvcc, "-std=c++17", "-arch=sm_90", "-I", include] + user_includes +
                              ["-c", cuda, "-o", os.path.join(directory, name + ".o")],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if compile_.returncode != 0:
        return f"{path}: nvcc rejected its readable output:\n{compile_.stdout}"
    return None


def main(cl2cuda, nvcc, include, files):
    if not shutil.which(nvcc):
        print(f"SKIPPED: {nvcc} is not installed")
        return 77
    with tempfile.TemporaryDirectory() as directory, \
            concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        failures = [failure for failure in pool.map(
            lambda path: check(cl2cuda, nvcc, include, path, directory), files) if failure]
    for failure in failures:
        print(failure)
    print(f"{len(files) - len(failures)} of {len(files)} programs' readable output builds with nvcc")
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]))
