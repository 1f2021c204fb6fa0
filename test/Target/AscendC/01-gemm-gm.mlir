// RUN: asc-translate --asc-to-ascendc %examples/01-gemm-gm.mlir | diff -u %S/Inputs/golden/01-gemm-gm.cpp -

// Mix-mode GEMM to GM: registered with its tiling, SetTail under the tail
// block guard, a synchronous IterateAll, End, PipeBarrier<PIPE_ALL>.
//
// Inputs/golden/01-gemm-gm.cpp pins the whole emitted kernel; after an intended
// change of the output, regenerate it with utils/update-goldens.sh and
// review the diff.
