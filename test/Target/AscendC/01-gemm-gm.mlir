// RUN: asc-translate --asc-to-ascendc %examples/01-gemm-gm.mlir | FileCheck %s

// Mix-mode GEMM to GM: registered with its tiling, SetTail under the tail
// block guard, a synchronous IterateAll, End, PipeBarrier<PIPE_ALL>.

// CHECK: #include "kernel_operator.h"
// CHECK-NEXT: #include "lib/matmul_intf.h"
// CHECK-NEXT: using namespace AscendC;
// CHECK-NOT: MatmulConfig
// CHECK-LABEL: extern "C" __global__ __aicore__ void matmul_custom(
// CHECK-SAME: GM_ADDR {{v[0-9]+}}, GM_ADDR {{v[0-9]+}}, GM_ADDR {{v[0-9]+}}, GM_ADDR {{v[0-9]+}}, GM_ADDR [[TGM:v[0-9]+]]) {
// CHECK: AscendC::TPipe [[PIPE:v[0-9]+]];
// CHECK-NEXT: TCubeTiling [[T:v[0-9]+]];
// CHECK-NEXT: CopyTiling(&[[T]], [[TGM]]);
// CHECK-NEXT: int32_t {{v[0-9]+}} = [[T]].M;
// CHECK: int64_t {{v[0-9]+}} = AscendC::GetBlockIdx();
// CHECK: bool [[TAIL:v[0-9]+]] = {{v[0-9]+}} | {{v[0-9]+}};
// CHECK: AscendC::GlobalTensor<half> [[A:v[0-9]+]] = {{v[0-9]+}};
// CHECK: AscendC::GlobalTensor<half> [[B:v[0-9]+]] = {{v[0-9]+}};
// CHECK: AscendC::GlobalTensor<float> [[C:v[0-9]+]] = {{v[0-9]+}};
// CHECK-NEXT: matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>> [[MM:v[0-9]+]];
// CHECK-NEXT: GM_ADDR [[WS:v[0-9]+]] = GetSysWorkSpacePtr();
// CHECK-NEXT: REGIST_MATMUL_OBJ(&[[PIPE]], [[WS]], [[MM]], &[[T]]);
// CHECK-NEXT: [[MM]].SetTensorA([[A]]);
// CHECK-NEXT: [[MM]].SetTensorB([[B]]);
// CHECK-NEXT: if ([[TAIL]]) {
// CHECK-NEXT: [[MM]].SetTail({{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}});
// CHECK-NEXT: }
// CHECK-NEXT: [[MM]].IterateAll<true>([[C]], 0, false, false, false);
// CHECK-NEXT: [[MM]].End();
// CHECK-NEXT: AscendC::PipeBarrier<PIPE_ALL>();
// CHECK-NEXT: return;
