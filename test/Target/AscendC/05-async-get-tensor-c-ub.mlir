// RUN: asc-translate --asc-to-ascendc %examples/05-async-get-tensor-c-ub.mlir | FileCheck %s

// Async Iterate with async GetTensorC into UB and WaitGetTensorC before the
// vector use of each block; the object has a workspace.

// CHECK-LABEL: extern "C" __global__ __aicore__ void matmul_scale_async_custom(GM_ADDR
// CHECK: [[WSVAR:v[0-9]+]].SetGlobalBuffer((__gm__ float *){{v[0-9]+}} + {{v[0-9]+}}, {{v[0-9]+}});
// CHECK-NEXT: AscendC::GlobalTensor<float> [[WS:v[0-9]+]] = [[WSVAR]];
// CHECK: matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::VECOUT, CubeFormat::ND, float>> [[MM:v[0-9]+]];
// CHECK: [[MM]].SetWorkspace([[WS]]);
// CHECK: do {
// CHECK: bool [[MORE:v[0-9]+]] = [[MM]].Iterate<false>(false);
// CHECK: if ([[MORE]]) {
// CHECK-NEXT: AscendC::LocalTensor<float> [[BLK:v[0-9]+]] = {{v[0-9]+}}.AllocTensor<float>();
// CHECK-NEXT: [[MM]].GetTensorC<false>([[BLK]], 0, true);
// CHECK: [[MM]].WaitGetTensorC();
// CHECK-NEXT: AscendC::Muls([[BLK]], [[BLK]], {{v[0-9]+}}, {{v[0-9]+}});
// CHECK: } while (
// CHECK: [[MM]].End();
