// The objects pyasc's C++ builds that CANN's samples do not, as its Matmul
// unit tests emit them: a TCubeTiling declared and set member by member
// (every member starts at zero, as CANN's generated struct says), a local
// tensor at a fixed address (LocalTensor(pos, addr, tileSize)), a half
// scalar, GetMatmulApiTiling's compile-time value, the callbacks' words
// (SetSelfDefineData of a GM address, SetUserDefInfo of a number) and
// GetBatchTensorC's view of a batch result.
//
// RUN: asc-check %s --emit-mlir --arguments-may-alias | asc-opt --canonicalize | FileCheck %s

#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using H = matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>;
// A scalar A reaches the server only in format SCALAR.
using S = matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::SCALAR, half>;
using L = matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half,
                             false, LayoutMode::NORMAL>;

// CHECK-LABEL: func.func @built_tiling(
// CHECK-SAME: %[[A:[a-z0-9]+]]: !asc.gm_addr, %[[WS:[a-z0-9]+]]: !asc.gm_addr {asc.workspace})
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : i32
// CHECK-DAG: %[[HALF8:.*]] = arith.constant 8.000000e+00 : f16
// CHECK: %[[MM:.*]] = asc.matmul.create
// CHECK: asc.matmul.register %{{.*}}, %[[WS]], %[[MM]]
// CHECK: %[[T:.*]] = asc.tiling.create({{.*}}M = %[[C512]]{{.*}})
// CHECK-NEXT: asc.matmul.init %[[MM]], %[[T]]
// CHECK: %[[BIAS:.*]] = asc.local_tensor.create %[[ZERO]], %[[C512]] : !asc.local_tensor<vecin, f16>
// CHECK-NEXT: asc.matmul.set_bias %[[MM]], %[[BIAS]]
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM]], %[[HALF8]] : !matmul, f16
// CHECK-NEXT: asc.matmul.set_self_define_data %[[MM]], %[[A]] : !matmul, !asc.gm_addr
// CHECK-NEXT: asc.matmul.set_user_def_info %[[MM]], %{{.*}} : !matmul, i64
// CHECK-NEXT: asc.matmul.end
extern "C" __global__ __aicore__ void built_tiling(__gm__ uint8_t *a,
                                                   __gm__ uint8_t *workspace) {
  AscendC::TPipe pipe;
  matmul::Matmul<S, H, H, H> mm;
  REGIST_MATMUL_OBJ(&pipe, workspace, mm);
  TCubeTiling tiling;
  tiling.usedCoreNum = 1;
  tiling.M = 512;
  tiling.N = 512;
  tiling.Ka = 512;
  tiling.Kb = 512;
  tiling.singleCoreM = 256;
  tiling.baseM = tiling.singleCoreM / 4;
  tiling.shareMode = 0;
  mm.Init(&tiling);
  AscendC::LocalTensor<half> bias =
      AscendC::LocalTensor<half>(AscendC::TPosition::VECIN, 0, 512);
  mm.SetBias(bias);
  half eight = 8.0;
  mm.SetTensorA(eight);
  mm.SetSelfDefineData(reinterpret_cast<uint64_t>(a));
  mm.SetUserDefInfo(42);
  constexpr static MatmulConfig config = CFG_NORM;
  auto unused = AscendC::GetMatmulApiTiling<H, H, H, H>(config, 65536);
  mm.End();
}

// A member read before the kernel sets it is zero.
// CHECK-LABEL: func.func @unset_member(
// CHECK: asc.matmul.set_tail %{{.*}}, %c0_i32, %c0_i32, %c0_i32
extern "C" __global__ __aicore__ void unset_member(__gm__ uint8_t *workspace) {
  AscendC::TPipe pipe;
  matmul::Matmul<H, H, H, H> mm;
  REGIST_MATMUL_OBJ(&pipe, workspace, mm);
  TCubeTiling tiling;
  mm.Init(&tiling);
  mm.SetTail(tiling.singleCoreM, tiling.singleCoreN, tiling.singleCoreK);
  mm.End();
}

// GetBatchTensorC's view form: the batch result where the server put it.
// CHECK-LABEL: func.func @batch_view(
// CHECK: %[[VIEW:.*]] = asc.matmul.get_batch_tensor_c %{{.*}}, %c2_i32, %c2_i32 {sync = false} : !matmul{{.*}} -> !asc.global_tensor<f16>
extern "C" __global__ __aicore__ void
batch_view(__gm__ half *out, __gm__ uint8_t *workspace, TCubeTiling tiling) {
  AscendC::TPipe pipe;
  matmul::Matmul<L, L, L, H> mm;
  REGIST_MATMUL_OBJ(&pipe, workspace, mm, &tiling);
  AscendC::GlobalTensor<half> result;
  result = mm.GetBatchTensorC<false>(2, 2, false);
  AscendC::GlobalTensor<half> outGlobal;
  outGlobal.SetGlobalBuffer(out);
  outGlobal.SetValue(0, result.GetValue(0));
  mm.End();
}
