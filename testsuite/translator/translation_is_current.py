#!/usr/bin/env python3
"""A translation kept in the repository is what cl2cuda writes today.

A worked migration (examples/transpose/migrated/transpose.cu) is cl2cuda's
output, committed: this test fails, with the difference, when the
translator's output for it changes, so the example never drifts from what a
user migrating now would get.

usage: translation_is_current.py CL2CUDA EXPECTED.cu INPUT.cl [cl2cuda options...]
"""
import difflib
import subprocess
import sys


def main(cl2cuda, expected_path, source, options):
    translated = subprocess.run([cl2cuda, source] + options, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
    if translated.returncode != 0:
        print(f"cl2cuda failed ({translated.returncode}):\n{translated.stderr}")
        return 1
    with open(expected_path) as expected_file:
        expected = expected_file.read()
    if translated.stdout == expected:
        print(f"{expected_path} is cl2cuda's output")
        return 0
    sys.stdout.writelines(difflib.unified_diff(
        expected.splitlines(True), translated.stdout.splitlines(True),
        expected_path, "cl2cuda " + " ".join([source] + options)))
    print(f"\n{expected_path} is not cl2cuda's output any more: translate it again")
    return 1


if __name__ == "__main__":
    if len(sys.argv) < 4:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]))
