#!/usr/bin/env bash
# Usage: check_exports.sh LIBCLCUDA LIBOPENCL
# Every symbol LIBOPENCL (the ICD loader's libOpenCL.so) exports with an
# OPENCL_x.y version must be exported by LIBCLCUDA with the same version, so
# a binary linked against the loader runs with libclcuda.so in its place.
set -euo pipefail
command -v objdump >/dev/null || { echo "objdump not found"; exit 77; }
loader=$(readlink -f "$2")
versioned() { objdump -T "$1" | awk 'NF >= 2 && $(NF-1) ~ /^OPENCL_/ && $NF ~ /^cl/ {print $(NF-1), $NF}' | sort; }
if [[ -z "$(versioned "$loader")" ]]; then
  echo "$loader exports no OPENCL_x.y-versioned symbol: not ocl-icd's libOpenCL?"
  exit 1
fi
missing=$(comm -23 <(versioned "$loader") <(versioned "$1"))
if [[ -n "$missing" ]]; then
  echo "libclcuda.so lacks these versioned symbols of $loader:"
  echo "$missing"
  exit 1
fi
echo "all $(versioned "$loader" | wc -l) versioned symbols of $loader are exported"
