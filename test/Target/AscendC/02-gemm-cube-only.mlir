// RUN: asc-translate --asc-to-ascendc %examples/02-gemm-cube-only.mlir | diff -u %S/Inputs/golden/02-gemm-cube-only.cpp -

// Cube-only GEMM: ASCENDC_CUBE_ONLY defined before the Matmul header, the
// AIC-only kernel type, the registration at the top of the kernel without a
// tiling then Init(&tiling), the body under `if ASCEND_IS_AIC {`, a
// transposed B, SetBias under `tiling.isBias`.
//
// Inputs/golden/02-gemm-cube-only.cpp pins the whole emitted kernel; after an intended
// change of the output, regenerate it with utils/update-goldens.sh and
// review the diff.
