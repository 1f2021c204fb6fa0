// RUN: asc-translate --asc-to-ascendc %examples/03-gemm-leakyrelu.mlir | diff -u %S/Inputs/golden/03-gemm-leakyrelu.cpp -

// GEMM + LeakyReLU: `while (mm.Iterate())` becomes a do-while whose
// condition calls Iterate<true>; each block goes through a VECOUT queue.
//
// Inputs/golden/03-gemm-leakyrelu.cpp pins the whole emitted kernel; after an intended
// change of the output, regenerate it with utils/update-goldens.sh and
// review the diff.
