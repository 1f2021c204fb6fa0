// RUN: asc-translate --asc-to-ascendc %examples/07-multi-matmul.mlir | diff -u %S/Inputs/golden/07-multi-matmul.cpp -

// Four Matmul objects, each with its own tiling at a byte offset of the
// tiling argument, registered at once; three async IterateAll pending while
// the fourth object loops over async GetTensorC blocks.
//
// Inputs/golden/07-multi-matmul.cpp pins the whole emitted kernel; after an intended
// change of the output, regenerate it with utils/update-goldens.sh and
// review the diff.
