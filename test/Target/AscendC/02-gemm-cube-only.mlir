// RUN: asc-translate --asc-to-ascendc %examples/02-gemm-cube-only.mlir | FileCheck %s

// Cube-only GEMM: ASCENDC_CUBE_ONLY defined before the Matmul header, the
// AIC-only kernel type, the registration at the top of the kernel without a
// tiling then Init(&tiling), the body under `if ASCEND_IS_AIC {`, a
// transposed B, SetBias under `tiling.isBias`.

// CHECK: #include "kernel_operator.h"
// CHECK-NEXT: #define ASCENDC_CUBE_ONLY
// CHECK-NEXT: #include "lib/matmul_intf.h"
// CHECK-LABEL: extern "C" __global__ __aicore__ void matmul_cube_only(GM_ADDR
// CHECK-NEXT: KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
// CHECK: AscendC::TPipe [[PIPE:v[0-9]+]];
// CHECK-NEXT: TCubeTiling [[T:v[0-9]+]];
// CHECK-NEXT: CopyTiling(&[[T]], {{v[0-9]+}});
// CHECK-NEXT: matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, true>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>> [[MM:v[0-9]+]];
// CHECK-NEXT: GM_ADDR [[WS:v[0-9]+]] = GetSysWorkSpacePtr();
// CHECK-NEXT: REGIST_MATMUL_OBJ(&[[PIPE]], [[WS]], [[MM]]);
// CHECK-NEXT: [[MM]].Init(&[[T]]);
// CHECK-NEXT: if ASCEND_IS_AIC {
// CHECK: AscendC::GlobalTensor<half> [[A:v[0-9]+]] = {{v[0-9]+}};
// CHECK: AscendC::GlobalTensor<half> [[B:v[0-9]+]] = {{v[0-9]+}};
// CHECK: AscendC::GlobalTensor<float> [[BIAS:v[0-9]+]] = {{v[0-9]+}};
// CHECK: AscendC::GlobalTensor<float> [[C:v[0-9]+]] = {{v[0-9]+}};
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
