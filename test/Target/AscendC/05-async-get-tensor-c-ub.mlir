// RUN: asc-translate --asc-to-ascendc %examples/05-async-get-tensor-c-ub.mlir | diff -u %S/Inputs/golden/05-async-get-tensor-c-ub.cpp -

// Async Iterate with async GetTensorC into UB and WaitGetTensorC before the
// vector use of each block; the object has a workspace.
//
// Inputs/golden/05-async-get-tensor-c-ub.cpp pins the whole emitted kernel; after an intended
// change of the output, regenerate it with utils/update-goldens.sh and
// review the diff.
