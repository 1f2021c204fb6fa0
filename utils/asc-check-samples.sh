#!/bin/sh
# Runs asc-check on every Matmul sample of an asc-devkit checkout's
# examples/01_simd_cpp_api (the .asc files whose path names matmul) and
# prints one line per sample (clean, a violation, refused with the reason,
# or crashed), then the totals, the clean ones among the samples that
# target Atlas A2 (bench/cann_samples.py's a2_matmul_samples, the issue's
# count) and, with GNU time at /usr/bin/time, the slowest sample's CPU
# seconds and the largest peak memory (the issue allows 15 s and 500 MB).
# docs/Frontend.md records the figures.
#
#   utils/asc-check-samples.sh EXAMPLES_DIR [ASC_CHECK]
set -u
examples=${1:?usage: asc-check-samples.sh EXAMPLES_DIR [ASC_CHECK]}
check=${2:-$(dirname "$0")/../build/bin/asc-check}
clean=0 violation=0 refused=0 crashed=0 total=0
timer=
[ -x /usr/bin/time ] && timer=/usr/bin/time
usage=$(mktemp)
trap 'rm -f "$usage"' EXIT
maxcpu=0 maxcpuname='' maxmem=0 maxmemname=''
a2=$(python3 -c 'import os, sys
sys.path.insert(0, sys.argv[1])
import cann_samples
print("\n".join(os.path.relpath(p, sys.argv[2])
                for p in cann_samples.a2_matmul_samples(sys.argv[2])))' "$(dirname "$0")/../bench" "$examples")
a2total=0 a2clean=0
for sample in $(find "$examples/01_simd_cpp_api" -ipath '*matmul*' -name '*.asc' | sort); do
  total=$((total + 1))
  # The sample's own -D flags from its CMakeLists.txt, read as
  # bench/cann_samples.py reads them for asc-run (none when unreadable).
  defines=$(python3 -c 'import sys
sys.path.insert(0, sys.argv[1])
import cann_samples
try:
    print(" ".join(cann_samples.sample_defines(sys.argv[2])))
except (ValueError, OSError):
    pass' "$(dirname "$0")/../bench" "$sample")
  # shellcheck disable=SC2086 # one word per flag
  if [ -n "$timer" ]; then
    out=$($timer -o "$usage" -f '%U %S %M' timeout 60 "$check" --quiet "$sample" -- $defines 2>&1)
  else
    out=$(timeout 60 "$check" --quiet "$sample" -- $defines 2>&1)
  fi
  status=$?
  name=${sample#"$examples"/}
  if printf '%s\n' "$a2" | grep -qxF "$name"; then
    a2total=$((a2total + 1))
    [ "$status" -eq 0 ] && a2clean=$((a2clean + 1))
  fi
  if [ -n "$timer" ]; then
    # CPU seconds (user + system) and peak KB; the last line of the file
    # (GNU time prefixes a line when the command fails).
    # shellcheck disable=SC2046 # the three fields
    set -- $(tail -n 1 "$usage")
    cpu=$(awk -v u="$1" -v s="$2" 'BEGIN { printf "%.2f", u + s }')
    if awk -v a="$cpu" -v b="$maxcpu" 'BEGIN { exit !(a > b) }'; then
      maxcpu=$cpu maxcpuname=$name
    fi
    if [ "$3" -gt "$maxmem" ]; then maxmem=$3 maxmemname=$name; fi
  fi
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
echo "Atlas A2: $a2clean clean of $a2total"
if [ -n "$timer" ]; then
  echo "slowest: $maxcpu s CPU ($maxcpuname); largest: $((maxmem / 1024)) MB ($maxmemname)"
fi
[ "$crashed" -eq 0 ]
