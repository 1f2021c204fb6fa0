#!/usr/bin/env bash
# Measures what the asc verifiers (rule L10 above all) cost on large kernels.
# For each size it prints the time of parse+verify+print against the same run
# with verification disabled, as a ratio measured in one run, and the growth
# from the previous size. Not a test: machines here are shared and noisy.
#
# Usage: bench/verify-scaling.sh [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
opt=$build/bin/asc-opt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

seconds() { # best of three wall-clock runs of "$@"
  python3 - "$@" <<'PY'
import subprocess, sys, time
best = None
for _ in range(3):
    start = time.perf_counter()
    subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    best = elapsed if best is None else min(best, elapsed)
print(f"{best:.4f}")
PY
}

printf '%10s %10s %12s %14s %12s\n' ops verify_s no_verify_s verify/no_verify growth
previous=""
for ops in 1000 10000 100000 1000000; do
  file=$tmp/kernel-$ops.mlir
  "$root/bench/bench_kernel.py" --ops "$ops" --functions 1 --objects 4 > "$file"
  with=$(seconds "$opt" "$file")
  without=$(seconds "$opt" --mlir-very-unsafe-disable-verifier-on-parsing \
            --verify-each=false "$file")
  ratio=$(python3 -c "print(f'{$with / $without:.2f}')")
  growth="-"
  [ -n "$previous" ] && growth=$(python3 -c "print(f'{$with / $previous:.1f}x')")
  printf '%10s %10s %12s %14s %12s\n' "$ops" "$with" "$without" "$ratio" "$growth"
  previous=$with
done
