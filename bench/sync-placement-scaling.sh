#!/usr/bin/env bash
# Benchmark (not a test) of --asc-sync-placement on generated kernels of 1k to
# 1M operations with many Matmul objects (4 per function, one function per
# 10k operations). For each size it prints, measured in this one run:
#   - the pass's wall time (from -mlir-timing),
#   - the wall time of asc-opt parse+verify+print of the same file,
#   - their ratio (target: under 1.0),
#   - the growth of the pass time from the previous size (target: under 12x
#     for 10x the operations).
# Each figure is the best of three single-threaded runs; machines here are
# shared and noisy.
#
# With FUNCTIONS=1 in the environment every kernel is a single function
# (1M operations in one function is the hard case: one flow, one state walk).
#
# Usage: [FUNCTIONS=1] bench/sync-placement-scaling.sh [BUILD_DIR] [SIZES...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 10000 100000 1000000)
opt=$build/bin/asc-opt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Prints the best-of-three wall time, in seconds, of the -mlir-timing entry
# named $1 in: asc-opt <args...> -mlir-timing.
best_timing() {
  local name=$1; shift
  python3 - "$name" "$@" <<'PY'
import re, subprocess, sys
name, cmd = sys.argv[1], sys.argv[2:]
best = None
for _ in range(3):
    out = subprocess.run(cmd + ["-o", "/dev/null", "-mlir-timing",
                               "--mlir-disable-threading"], check=True,
                         capture_output=True, text=True).stderr
    # "    0.2256 ( 29.1%)    AscSyncPlacement"
    pattern = r"^\s*([0-9.]+) \(\s*[0-9.]+%\)\s+" + re.escape(name) + r"\s*$"
    seconds = float(re.search(pattern, out, re.M).group(1))
    best = seconds if best is None else min(best, seconds)
print(f"{best:.4f}")
PY
}

printf '%9s %9s %10s %14s %8s %8s\n' ops objects pass_s parse_verify_print_s ratio growth
previous=""
for ops in "${sizes[@]}"; do
  functions=${FUNCTIONS:-$(( ops / 10000 ))}; [ "$functions" -ge 1 ] || functions=1
  file=$tmp/kernel-$ops.mlir
  "$root/bench/bench_kernel.py" --ops "$ops" --functions "$functions" --objects 4 > "$file"
  pass=$(best_timing AscSyncPlacement "$opt" "$file" --asc-sync-placement)
  baseline=$(best_timing Total "$opt" "$file")
  ratio=$(python3 -c "print(f'{$pass / $baseline:.2f}')")
  growth="-"
  [ -n "$previous" ] && growth=$(python3 -c "print(f'{$pass / $previous:.1f}x')")
  printf '%9s %9s %10s %14s %8s %8s\n' "$ops" $(( functions * 4 )) "$pass" "$baseline" "$ratio" "$growth"
  previous=$pass
done
