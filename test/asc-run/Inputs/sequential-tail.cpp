// Iterate + GetTensorC(gm, 0, true) (enSequentialWrite) into GM, block
// after block baseM x baseN apart, with a tail along N: each ND block is
// written in rows of its own width, the tail's narrower than baseN (CANN's
// CopyOutNZ2ND strides by baseWidth, the N loop's GetBaseShape:
// copy_cube_out_fixpipe.h, GetResultImpl in scheduler_base.h).
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using A16 = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using C32 = MatmulType<TPosition::GM, CubeFormat::ND, float>;

extern "C" __global__ __aicore__ void
sequential_tail(GM_ADDR a, GM_ADDR b, GM_ADDR slots, GM_ADDR t) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(t);
  matmul::Matmul<A16, A16, C32, C32, CFG_MDL> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gs;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gs.SetGlobalBuffer((__gm__ float *)slots);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  uint32_t offset = 0;
  while (mm.Iterate()) {
    mm.GetTensorC(gs[offset], 0, true);
    offset += tiling.baseM * tiling.baseN;
  }
  mm.End();
}
