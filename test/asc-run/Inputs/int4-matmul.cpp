// A Matmul of int4b_t A and B (two 4-bit values a byte, CANN's
// matmul_int4 sample): asc-run refuses it by name at the first call
// (exit 4), never reading a packed byte as one value.
#define ASCENDC_CUBE_ONLY
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using AType = MatmulType<TPosition::GM, CubeFormat::ND, int4b_t>;
using CType = MatmulType<TPosition::GM, CubeFormat::ND, int32_t>;

extern "C" __global__ __aicore__ void int4_matmul(GM_ADDR a, GM_ADDR b,
                                                  GM_ADDR c, GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  GlobalTensor<int4b_t> ga, gb;
  GlobalTensor<int32_t> gc;
  ga.SetGlobalBuffer((__gm__ int4b_t *)a);
  gb.SetGlobalBuffer((__gm__ int4b_t *)b);
  gc.SetGlobalBuffer((__gm__ int32_t *)c);
  matmul::Matmul<AType, AType, CType> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.IterateAll(gc);
  mm.End();
}
