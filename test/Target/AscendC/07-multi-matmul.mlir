// RUN: asc-translate --asc-to-ascendc %examples/07-multi-matmul.mlir | diff -u %S/Inputs/golden/07-multi-matmul.cpp -

// Four Matmul objects, each with its own tiling at a byte offset of the
// tiling argument, registered at once; three async IterateAll pending while
// the fourth object fetches its blocks in the documented async shape: one
// Iterate<false>() whose answer nobody reads, then a counted for loop of
// async GetTensorC into UB and WaitGetTensorC before the vector use of each
// block.
//
// Inputs/golden/07-multi-matmul.cpp pins the whole emitted kernel; after an intended
// change of the output, regenerate it with utils/update-goldens.sh and
// review the diff.

// RUN: asc-translate --asc-to-ascendc %examples/07-multi-matmul.mlir | FileCheck %s
// CHECK-LABEL: void qkvg_proj_custom(
// CHECK:       [[MM:[A-Za-z_0-9]+]].SetWorkspace(
// CHECK:       [[MM]].Iterate<false>();
// CHECK-NEXT:  int32_t [[BLOCKS:[A-Za-z_0-9]+]] = {{.+}};
// CHECK-NEXT:  for (int32_t [[I:[A-Za-z_0-9]+]] = 0; [[I]] < [[BLOCKS]]; [[I]] += 1) {
// CHECK-NEXT:    AscendC::LocalTensor<float> [[G:[A-Za-z_0-9]+]] = [[IN:[A-Za-z_0-9]+]].AllocTensor<float>();
// CHECK-NEXT:    [[MM]].GetTensorC<false>([[G]], 0, true);
// CHECK-NEXT:    int32_t
// CHECK-NEXT:    int32_t
// CHECK-NEXT:    AscendC::LocalTensor<float> [[R:[A-Za-z_0-9]+]] = [[OUT:[A-Za-z_0-9]+]].AllocTensor<float>();
// CHECK-NEXT:    [[MM]].WaitGetTensorC();
// CHECK-NEXT:    AscendC::LeakyRelu([[R]], [[G]], 0.01f,
// CHECK-NEXT:    [[IN]].FreeTensor([[G]]);
// CHECK-NEXT:    [[OUT]].EnQue([[R]]);
// CHECK:         AscendC::DataCopy(
// CHECK-NEXT:    [[OUT]].FreeTensor(
// CHECK-NEXT:  }
// CHECK-NEXT:  [[Q:[A-Za-z_0-9]+]].WaitIterateAll();
// CHECK-NEXT:  [[K:[A-Za-z_0-9]+]].WaitIterateAll();
// CHECK-NEXT:  [[V:[A-Za-z_0-9]+]].WaitIterateAll();
// CHECK-NEXT:  [[Q]].End();
// CHECK-NEXT:  [[K]].End();
// CHECK-NEXT:  [[V]].End();
// CHECK-NEXT:  [[MM]].End();
