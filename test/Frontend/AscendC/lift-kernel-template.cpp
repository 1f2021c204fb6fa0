// A kernel template as CANN's matmul_s4 writes it: the host launches
// `k<M><<<blocks, nullptr, stream>>>(args)`, which C++ does not parse; the
// launch configuration is blanked and the call that is left instantiates
// the kernel with the host's template arguments, as bisheng's launch does.
// Its body is guarded by `__NPU_ARCH__`, which bisheng defines for the
// device pass from the target (2201 for dav-2201, Atlas A2, the default;
// `--npu-arch=dav-NNNN` after `--`, as in a compile command, picks
// another). It reads the built-in `block_idx` (the core group's index,
// GetBlockIdx() / GetTaskRation()), copies its tiling with a helper whose
// third parameter it never reads, and sets the cube-side object's
// sub-block index.
//
// RUN: asc-check %s --emit-mlir | FileCheck %s
// RUN: asc-check %s | FileCheck %s --check-prefix=CLEAN
// RUN: asc-check %s --emit-mlir -- --npu-arch=dav-3510 | FileCheck %s --check-prefix=A5
// RUN: not asc-check %s -- --npu-arch=3510 2>&1 | FileCheck %s --check-prefix=BADARCH

#define ASCENDC_CUBE_ONLY
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using G = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>;

template <typename T, typename U>
__aicore__ inline void CopyTiling(T *tiling, __gm__ U *tilingGM,
                                  AscendC::TPipe *tpipe) {
  uint32_t *ptr = reinterpret_cast<uint32_t *>(tiling);
  auto tiling32 = reinterpret_cast<__gm__ uint32_t *>(tilingGM);
  for (int i = 0; i < sizeof(T) / sizeof(uint32_t); i++, ptr++)
    *ptr = *(tiling32 + i);
}

template <int32_t M>
__global__ __aicore__ void k(GM_ADDR a, GM_ADDR c, GM_ADDR tilingGM) {
#if defined(__NPU_ARCH__) && (__NPU_ARCH__ == 2201)
  AscendC::TPipe pipe;
  TCubeTiling tiling;
  CopyTiling(&tiling, tilingGM, &pipe);
  if (block_idx >= tiling.usedCoreNum)
    return;
  AscendC::GlobalTensor<float> ga, gc;
  ga.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(a), M);
  gc.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c), M);
  AscendC::Matmul<G, G, G> mm;
  mm.SetSubBlockIdx(0);
  mm.Init(&tiling, &pipe);
  mm.SetTensorA(ga);
  mm.SetTensorB(ga);
  mm.IterateAll(gc);
#endif
}

int32_t main() {
  constexpr int32_t M = 64;
  uint8_t *a = nullptr, *c = nullptr, *tiling = nullptr;
  aclrtStream stream = nullptr;
  k<M><<<1, nullptr, stream>>>(a, c, tiling);
  /* a comment: k<M><<<1, nullptr, stream>>>(a, c, tiling); */
  return 0;
}

// CHECK-LABEL: func.func @k(
// CHECK: asc.get_tiling
// CHECK: %[[IDX:.*]] = asc.get_block_idx
// CHECK: %[[RATION:.*]] = asc.get_task_ration
// CHECK: arith.divsi %[[IDX]], %[[RATION]] : i64
// CHECK: asc.set_global_buffer %{{.*}}, %{{.*}} : !asc.global_tensor<f32>
// CHECK: %[[MM:.*]] = asc.matmul.create
// CHECK: asc.matmul.set_sub_block_idx %[[MM]], %{{.*}} :
// CHECK: asc.matmul.init %[[MM]]
// CHECK: asc.matmul.iterate_all %[[MM]]
// CLEAN: no Matmul protocol violation found
// A5-LABEL: func.func @k(
// A5-NEXT: return
// BADARCH: error: '--npu-arch=3510' names no processor: expected --npu-arch=dav-NNNN, as bisheng takes it (dav-2201)
