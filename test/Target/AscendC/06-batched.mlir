// RUN: asc-translate --asc-to-ascendc %examples/06-batched.mlir | diff -u %S/Inputs/golden/06-batched.cpp -

// Batched: async IterateBatch to GM with its wait; IterateNBatch with a
// MatmulConfig (isNBatch) declared once at file scope, then GetBatchTensorC
// into UB in a loop.
//
// Inputs/golden/06-batched.cpp pins the whole emitted kernel; after an intended
// change of the output, regenerate it with utils/update-goldens.sh and
// review the diff.
