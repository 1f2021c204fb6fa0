#!/bin/sh
# Regenerates the golden Ascend C of every example kernel
# (test/Target/AscendC/Inputs/golden/*.cpp) with the asc-translate of a
# build directory (default: build). Review the diff before committing it.
set -e
build=${1:-build}
root=$(dirname "$0")/..
mkdir -p "$root/test/Target/AscendC/Inputs/golden"
for example in "$root"/examples/0*.mlir; do
  name=$(basename "$example" .mlir)
  "$build/bin/asc-translate" --asc-to-ascendc "$example" \
    -o "$root/test/Target/AscendC/Inputs/golden/$name.cpp"
done
