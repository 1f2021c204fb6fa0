// A Matmul whose B is in TPosition::TSCM (ND): the vector core copies B
// from GM into a TSCM<GM, 1> queue's buffer (CANN's kernel_tpipe.h, the
// TQueBind<GM, TSCM>; on the AIV a message to the cube core,
// DataCopyGM2L1Impl), then SetTensorB takes the L1 tensor; mix 1:1. The
// reference is the plain C = A * B of cann-samples/gemm.ref.cpp.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using AType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using BType = MatmulType<TPosition::TSCM, CubeFormat::ND, half>;
using CType = MatmulType<TPosition::GM, CubeFormat::ND, float>;

extern "C" __global__ __aicore__ void
tscm(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR workspace, GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gc.SetGlobalBuffer((__gm__ float *)c);
  matmul::Matmul<AType, BType, CType> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  uint32_t kn = tiling.Kb * tiling.N;
  TSCM<TPosition::GM, 1> scm;
  pipe.InitBuffer(scm, 1, kn * sizeof(half));
  LocalTensor<half> bLocal = scm.AllocTensor<half>();
  DataCopy(bLocal, gb, kn);
  scm.EnQue(bLocal);
  bLocal = scm.DeQue<half>();
  mm.SetTensorA(ga);
  mm.SetTensorB(bLocal);
  mm.IterateAll(gc);
  mm.End();
  scm.FreeTensor(bLocal);
}
