#!/usr/bin/env bash
# The benchmark smoke test (ctest label benchmark-smoke): runs clcuda-bench
# --quick on whatever OpenCL platform is present and checks that the report
# is well formed (check_report.py), then plots it if matplotlib is there;
# where clcuda has a device, also its kernels built from SPIR-V (--il).
#
# Where clcuda or NVIDIA's OpenCL has a device, their columns run as in a
# real run; otherwise the clcuda column runs on the first platform that has
# a device (PoCL on a machine without a GPU; its cl_khr_command_buffer is an
# older draft, so that column's command-buffer replay reads n/a, which
# check_report.py accepts only there). The raw CUDA column must be
# present where an NVIDIA GPU and its driver are; elsewhere the report says
# why it is absent. Exit 77 (skipped) when no OpenCL platform has a device.
#
# usage: smoke_test.sh CLCUDA_BENCH
set -euo pipefail
bench=$1
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Lines: 'NAME' vendor 'VENDOR' VERSION: 'DEVICE'... (or ": no device").
platforms=$("$bench" --list-platforms)
echo "OpenCL platforms:"
echo "$platforms"
with_device=$(grep -v ': no device$' <<<"$platforms" || true)
if [[ -z "$with_device" ]]; then
  echo "SKIPPED: no OpenCL platform with a device"
  exit 77
fi

args=(--quick --csv "$out/report.csv" --markdown "$out/report.md")
if grep -qi "clcuda" <<<"$with_device" || grep -q "^'NVIDIA CUDA'" <<<"$with_device"; then
  echo "running the clcuda and NVIDIA columns on their own platforms"
else
  first=$(head -n1 <<<"$with_device" | sed -E "s/^'([^']*)'.*/\1/")
  echo "clcuda and NVIDIA's OpenCL have no device here: the clcuda column runs on '$first'"
  args+=(--clcuda-platform "$first")
fi

require=()
if [[ -e /dev/nvidia0 ]] && ldconfig -p | grep -q 'libcuda\.so\.1'; then
  require=(--require raw)
fi

status=0
"$bench" "${args[@]}" >"$out/stdout" || status=$?
cat "$out/stdout"
if [[ $status -ne 0 ]]; then
  echo "FAILED: clcuda-bench exited with $status"
  exit 1
fi

python3 "$here/check_report.py" "$here/src/measures.def" "$out/report.csv" "$out/report.md" \
  --all-families "${require[@]}"

# Where clcuda has a device, the kernels once more from SPIR-V (--il): the
# clcuda column must build and check every plan.
if grep -qi "clcuda" <<<"$with_device"; then
  status=0
  "$bench" --quick --il --measures kernel --csv "$out/il.csv" --markdown "$out/il.md" \
    >"$out/il.stdout" || status=$?
  cat "$out/il.stdout"
  [[ $status -eq 0 ]] || { echo "FAILED: clcuda-bench --il exited with $status"; exit 1; }
  grep -q "kernels built from SPIR-V" "$out/il.md" ||
    { echo "FAILED: the --il report does not say its kernels came from SPIR-V"; exit 1; }
  python3 "$here/check_report.py" "$here/src/measures.def" "$out/il.csv" "$out/il.md" \
    --require clcuda
fi

if python3 -c "import matplotlib" 2>/dev/null; then
  python3 "$here/plot_bandwidth.py" "$out/report.csv" "$out/bandwidth.png"
  [[ -s "$out/bandwidth.png" ]] || { echo "FAILED: no plot written"; exit 1; }
  echo "plot written"
else
  echo "plot not checked: python3 has no matplotlib"
fi
echo "smoke test passed"
