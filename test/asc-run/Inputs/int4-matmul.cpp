// A Matmul of int4b_t A and B (two signed 4-bit values a byte, the even
// element in the low nibble; CANN's matmul_int4 sample) into int32_t, cube
// only: each block takes its singleCoreM rows through GlobalTensor<int4b_t>
// offsets (offset / 2 bytes). int4_nz (an NZ int4b_t A) is refused by
// name.
#define ASCENDC_CUBE_ONLY
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using I4 = MatmulType<TPosition::GM, CubeFormat::ND, int4b_t>;
using I4Nz = MatmulType<TPosition::GM, CubeFormat::NZ, int4b_t>;
using CType = MatmulType<TPosition::GM, CubeFormat::ND, int32_t>;

template <class A>
__aicore__ inline void run(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c,
                           GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  uint32_t rows = GetBlockIdx() * tiling.singleCoreM;
  GlobalTensor<int4b_t> ga;
  GlobalTensor<int4b_t> gb;
  GlobalTensor<int32_t> gc, gbias;
  ga.SetGlobalBuffer((__gm__ int4b_t *)a);
  gb.SetGlobalBuffer((__gm__ int4b_t *)b);
  gc.SetGlobalBuffer((__gm__ int32_t *)c);
  gbias.SetGlobalBuffer((__gm__ int32_t *)bias);
  matmul::Matmul<A, I4, CType, CType> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetTensorA(ga[rows * tiling.Ka]);
  mm.SetTensorB(gb);
  mm.SetBias(gbias);
  mm.IterateAll(gc[rows * tiling.N]);
  mm.End();
}

extern "C" __global__ __aicore__ void
int4_matmul(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR tilingGm) {
  run<I4>(a, b, bias, c, tilingGm);
}
extern "C" __global__ __aicore__ void
int4_nz(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR tilingGm) {
  run<I4Nz>(a, b, bias, c, tilingGm);
}
