#!/usr/bin/env python3
"""Downloads every package of the compatibility corpus into one directory, to
carry to a machine without network (the GPU machine), and prints its size.

    testsuite/compat/stage.py --dest .carry/compat            # for the GPU machine's Python 3.12
    CLCUDA_COMPAT_STAGED=$PWD/.carry/compat ctest --test-dir build -L compat

Wheels are those of --python-version (manylinux x86_64). numpy and pytest are
left out (the GPU machine's Python has them) unless --with-numpy-pytest.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from apps import APPS, HOST_PYTHON_PACKAGES, ICD_LOADER
from fetch import FetchError, directory_size, download


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dest", type=Path, required=True)
    parser.add_argument("--python-version", default="3.12", help="the Python the wheels are for (default 3.12)")
    parser.add_argument("--apps", default=",".join(APPS), help="comma-separated (default: all)")
    parser.add_argument("--with-numpy-pytest", action="store_true", help="stage numpy and pytest too")
    args = parser.parse_args()
    packages = [ICD_LOADER]
    for name in args.apps.split(","):
        packages += APPS[name].packages
    if args.with_numpy_pytest:
        packages += HOST_PYTHON_PACKAGES
    try:
        download(list(dict.fromkeys(packages)), args.dest, python_version=args.python_version)
    except FetchError as error:
        print(f"stage: {error}", file=sys.stderr)
        return 1
    size = directory_size(args.dest)
    print(f"staged {len(list(args.dest.iterdir()))} files, {size / 2**20:.1f} MiB, in {args.dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
