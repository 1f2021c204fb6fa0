// DataCopy(LocalTensor, GlobalTensor, Nd2NzParams) (CANN's
// kernel_struct_data_copy.h; "GMToUB随路转换ND2NZ搬运(DataCopy).md",
// "GMToL1随路转换-ND2NZ搬运（DataCopy）.md"), two kernels:
// - nd2nz_ub: two 16 x 20 half matrices (rows 24 elements apart, matrices
//   400 apart) into UB as NZ (fractal rows of 16 halves, the last block of
//   a row padded with zeros), dstNzC0Stride 18, dstNzNStride 1,
//   dstNzMatrixStride 640; the UB buffer is copied out whole (nd2nz.ref.cpp);
// - nd2nz_tscm: a Matmul whose B is NZ in TSCM, converted from the ND B in
//   GM on the way into L1 (the reference is the plain C = A * B); it also
//   gives SetUserDefInfo and SetSelfDefineData, which only a callback
//   reads, so C is unchanged.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

extern "C" __global__ __aicore__ void nd2nz_ub(GM_ADDR x, GM_ADDR y) {
  if ASCEND_IS_AIC {
    return;
  }
  TPipe pipe;
  GlobalTensor<half> gx, gy;
  gx.SetGlobalBuffer((__gm__ half *)x);
  gy.SetGlobalBuffer((__gm__ half *)y);
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 1280 * sizeof(half));
  LocalTensor<half> nz = buf.Get<half>();
  Duplicate(nz, half(-1.0f), 1280);
  event_t filled = GetTPipePtr()->FetchEventID(HardEvent::V_MTE2);
  SetFlag<HardEvent::V_MTE2>(filled);
  WaitFlag<HardEvent::V_MTE2>(filled);
  Nd2NzParams p(2, 16, 20, 400, 24, 18, 1, 640);
  DataCopy(nz, gx, p);
  event_t copied = GetTPipePtr()->FetchEventID(HardEvent::MTE2_MTE3);
  SetFlag<HardEvent::MTE2_MTE3>(copied);
  WaitFlag<HardEvent::MTE2_MTE3>(copied);
  DataCopy(gy, nz, 1280);
}

using AType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using BType = MatmulType<TPosition::TSCM, CubeFormat::NZ, half>;
using CType = MatmulType<TPosition::GM, CubeFormat::ND, float>;

extern "C" __global__ __aicore__ void nd2nz_tscm(GM_ADDR a, GM_ADDR b,
                                                 GM_ADDR c, GM_ADDR workspace,
                                                 GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gc.SetGlobalBuffer((__gm__ float *)c);
  matmul::Matmul<AType, BType, CType> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  TSCM<TPosition::GM, 1> scm;
  pipe.InitBuffer(scm, 1, tiling.Kb * tiling.N * sizeof(half));
  LocalTensor<half> bLocal = scm.AllocTensor<half>();
  Nd2NzParams p;
  p.ndNum = 1;
  p.nValue = tiling.Kb;
  p.dValue = tiling.N;
  p.srcDValue = tiling.N;
  p.dstNzC0Stride = tiling.Kb;
  p.dstNzNStride = 1;
  DataCopy(bLocal, gb, p);
  scm.EnQue(bLocal);
  bLocal = scm.DeQue<half>();
  mm.SetUserDefInfo(tiling.Ka);
  mm.SetSelfDefineData(reinterpret_cast<uint64_t>(gb.GetPhyAddr()));
  mm.SetTensorA(ga);
  mm.SetTensorB(bLocal);
  mm.IterateAll(gc);
  mm.End();
  scm.FreeTensor(bLocal);
}
