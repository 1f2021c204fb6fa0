// SetBatchNum on a Matmul object: legal on the cube-side object only.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using A = MatmulType<TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>;
using C = MatmulType<TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NORMAL>;

extern "C" __global__ __aicore__ void set_batch_num(GM_ADDR tilingGm) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  TPipe pipe;
  TCubeTiling tiling;
  matmul::Matmul<A, A, C> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetBatchNum(2, 2);
  mm.End();
  (void)tilingGm;
}
