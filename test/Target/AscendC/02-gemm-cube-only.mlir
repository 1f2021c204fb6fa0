// RUN: asc-translate --asc-to-ascendc %examples/02-gemm-cube-only.mlir | FileCheck %s

// Cube-only GEMM: the body under the AIC core check, register without a
// tiling then Init(&tiling), a transposed B, SetBias under `tiling.isBias`.

// CHECK-LABEL: extern "C" __global__ __aicore__ void matmul_cube_only(GM_ADDR
// CHECK: bool [[AIC:v[0-9]+]] = g_coreType == AscendC::AIC;
// CHECK-NEXT: if ([[AIC]]) {
// CHECK-NEXT: AscendC::TPipe [[PIPE:v[0-9]+]];
// CHECK-NEXT: TCubeTiling [[T:v[0-9]+]];
// CHECK-NEXT: CopyTiling(&[[T]], {{v[0-9]+}});
// CHECK: AscendC::GlobalTensor<half> [[A:v[0-9]+]] = {{v[0-9]+}};
// CHECK: AscendC::GlobalTensor<half> [[B:v[0-9]+]] = {{v[0-9]+}};
// CHECK: AscendC::GlobalTensor<float> [[BIAS:v[0-9]+]] = {{v[0-9]+}};
// CHECK: AscendC::GlobalTensor<float> [[C:v[0-9]+]] = {{v[0-9]+}};
// CHECK-NEXT: matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, true>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>> [[MM:v[0-9]+]];
// CHECK-NEXT: GM_ADDR [[WS:v[0-9]+]] = AscendC::GetSysWorkSpacePtr();
// CHECK-NEXT: REGIST_MATMUL_OBJ(&[[PIPE]], [[WS]], [[MM]]);
// CHECK-NEXT: [[MM]].Init(&[[T]]);
// CHECK-NEXT: [[MM]].SetTensorA([[A]], false);
// CHECK-NEXT: [[MM]].SetTensorB([[B]], true);
// CHECK-NEXT: int32_t [[ISBIAS:v[0-9]+]] = [[T]].isBias;
// CHECK-NEXT: bool [[HAS:v[0-9]+]] = [[ISBIAS]] != {{v[0-9]+}};
// CHECK-NEXT: if ([[HAS]]) {
// CHECK-NEXT: [[MM]].SetBias([[BIAS]]);
// CHECK-NEXT: }
// CHECK-NEXT: [[MM]].IterateAll<true>([[C]], 0, false, false, false);
// CHECK-NEXT: [[MM]].End();
// CHECK-NEXT: }
// CHECK-NEXT: return;
