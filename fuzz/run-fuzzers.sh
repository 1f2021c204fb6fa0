#!/usr/bin/env bash
# Runs each asc libFuzzer target of a build for SECONDS seconds, one after
# the other (docs/Testing.md):
#
#   fuzz/run-fuzzers.sh BUILD_DIR SECONDS [TARGET...]
#
# The corpus of each target grows in BUILD_DIR/fuzz/corpus/TARGET, seeded
# from BUILD_DIR/fuzz/seeds/TARGET (the test inputs); a crash or a broken
# oracle leaves its input in BUILD_DIR/fuzz/artifacts/ and stops with the
# command that reproduces it. FUZZ_SEED=N fixes libFuzzer's seed.
set -euo pipefail
build=${1:?usage: run-fuzzers.sh BUILD_DIR SECONDS [TARGET...]}
seconds=${2:?usage: run-fuzzers.sh BUILD_DIR SECONDS [TARGET...]}
shift 2
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(asc-fuzz-pipeline asc-fuzz-capi)

# The uninstrumented libMLIR.so does not keep ASan's user poisoning of the
# allocators our instrumented code inlines; see docs/Testing.md.
export ASAN_OPTIONS=${ASAN_OPTIONS:-allow_user_poisoning=0:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

fuzz=$build/fuzz
mkdir -p "$fuzz/artifacts"
status=0
for target in "${targets[@]}"; do
  binary=$build/bin/$target
  [ -x "$binary" ] || { echo "run-fuzzers.sh: no $binary (make sanitize-build)" >&2; exit 2; }
  corpus=$fuzz/corpus/$target
  mkdir -p "$corpus"
  dirs=("$corpus")
  [ -d "$fuzz/seeds/$target" ] && dirs+=("$fuzz/seeds/$target")
  log=$fuzz/$target.log
  echo "== $target for ${seconds}s (corpus $corpus, log $log)"
  # The pipeline target reads asc text: the dictionary, and inputs as long
  # as the longest test case. The C API target reads a program of choices:
  # short, but long enough from the start to build a kernel.
  if [ "$target" = asc-fuzz-pipeline ]; then
    target_args=(-dict="$fuzz/asc.dict" -max_len=16384)
  else
    target_args=(-max_len=1024 -len_control=0)
  fi
  seed_args=()
  [ -n "${FUZZ_SEED:-}" ] && seed_args=(-seed="$FUZZ_SEED")
  if "$binary" "${dirs[@]}" "${target_args[@]}" -max_total_time="$seconds" \
      -timeout=30 -rss_limit_mb=4096 -print_final_stats=1 \
      -artifact_prefix="$fuzz/artifacts/$target-" "${seed_args[@]}" > "$log" 2>&1; then
    grep -E "^stat::number_of_executed_units|^stat::new_units_added" "$log" || true
  else
    status=1
    echo "$target FAILED; the end of $log:"
    tail -40 "$log"
    artifact=$(grep -o "Test unit written to .*" "$log" | tail -1 | sed 's/Test unit written to //')
    [ -n "$artifact" ] && echo "reproduce: ASAN_OPTIONS=$ASAN_OPTIONS $binary $artifact"
  fi
done
exit $status
