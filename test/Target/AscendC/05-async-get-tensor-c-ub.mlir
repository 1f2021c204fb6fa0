// RUN: asc-translate --asc-to-ascendc %examples/05-async-get-tensor-c-ub.mlir | diff -u %S/Inputs/golden/05-async-get-tensor-c-ub.cpp -

// The documented async fetch: one Iterate<false>() whose answer nobody
// reads, then a counted for loop (its bound computed once, before it) with
// an async GetTensorC into UB and
// WaitGetTensorC before the vector use of each block; the object has a
// workspace.
//
// Inputs/golden/05-async-get-tensor-c-ub.cpp pins the whole emitted kernel; after an intended
// change of the output, regenerate it with utils/update-goldens.sh and
// review the diff.

// The wait is already where the block is first read: --asc-sync-placement
// leaves it inside the loop right before Muls. The async Iterate is an
// issue: it moves up to SetTensorB, its last dependency, so the cube starts
// before the scalar set-up of the fetch loop.
// RUN: asc-translate --asc-to-ascendc --asc-sync-placement %examples/05-async-get-tensor-c-ub.mlir | FileCheck %s --check-prefix=PLACED
// PLACED:      .SetTensorB(
// PLACED-NEXT: .Iterate<false>();
// PLACED:      .GetTensorC<false>(
// PLACED:      .WaitGetTensorC();
// PLACED-NEXT: AscendC::Muls(
// RUN: asc-translate --asc-to-ascendc %examples/05-async-get-tensor-c-ub.mlir | FileCheck %s
// CHECK-LABEL: void matmul_scale_async_custom(
// CHECK:       [[MM:[A-Za-z_0-9]+]].SetWorkspace(
// CHECK:       [[MM]].Iterate<false>();
// CHECK-NEXT:  int32_t [[BLOCKS:[A-Za-z_0-9]+]] = {{.+}};
// CHECK-NEXT:  for (int32_t [[I:[A-Za-z_0-9]+]] = 0; [[I]] < [[BLOCKS]]; [[I]] += 1) {
// CHECK-NEXT:    AscendC::LocalTensor<float> [[C:[A-Za-z_0-9]+]] = [[IN:[A-Za-z_0-9]+]].AllocTensor<float>();
// CHECK-NEXT:    [[MM]].GetTensorC<false>([[C]], 0, true);
// CHECK-NEXT:    int32_t
// CHECK-NEXT:    int32_t
// CHECK-NEXT:    AscendC::LocalTensor<float> [[Y:[A-Za-z_0-9]+]] = [[OUT:[A-Za-z_0-9]+]].AllocTensor<float>();
// CHECK-NEXT:    [[MM]].WaitGetTensorC();
// CHECK-NEXT:    AscendC::Muls([[Y]], [[C]], 0.088388346f,
// CHECK-NEXT:    [[IN]].FreeTensor([[C]]);
// CHECK-NEXT:    [[OUT]].EnQue([[Y]]);
// CHECK:         AscendC::DataCopy(
// CHECK-NEXT:    [[OUT]].FreeTensor(
// CHECK-NEXT:  }
// CHECK-NEXT:  [[MM]].End();
