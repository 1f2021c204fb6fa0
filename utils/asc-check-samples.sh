#!/bin/sh
# Runs asc-check on every Matmul sample of an asc-devkit checkout's
# examples/01_simd_cpp_api (the .asc files whose path names matmul) and
# prints one line per sample (clean, a violation, refused with the reason,
# or crashed), then the totals. docs/Frontend.md records the figure.
#
#   utils/asc-check-samples.sh EXAMPLES_DIR [ASC_CHECK]
set -u
examples=${1:?usage: asc-check-samples.sh EXAMPLES_DIR [ASC_CHECK]}
check=${2:-$(dirname "$0")/../build/bin/asc-check}
clean=0 violation=0 refused=0 crashed=0 total=0
for sample in $(find "$examples/01_simd_cpp_api" -ipath '*matmul*' -name '*.asc' | sort); do
  total=$((total + 1))
  out=$(timeout 60 "$check" --quiet "$sample" 2>&1)
  status=$?
  name=${sample#"$examples"/}
  case $status in
    0) clean=$((clean + 1)); echo "clean     $name" ;;
    1) violation=$((violation + 1))
       echo "violation $name: $(echo "$out" | grep -m1 'error:' | sed 's/.*error: //')" ;;
    2) refused=$((refused + 1))
       echo "refused   $name: $(echo "$out" | grep -m1 'error:' | sed 's/.*error: //')" ;;
    *) crashed=$((crashed + 1)); echo "CRASHED   $name (exit $status)" ;;
  esac
done
echo "$total samples: $clean clean, $violation with a violation, $refused refused, $crashed crashed"
[ "$crashed" -eq 0 ]
