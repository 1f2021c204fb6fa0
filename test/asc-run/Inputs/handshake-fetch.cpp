// GetTensorC<false> into GM after a synchronous Iterate: CANN's c220 client
// posts the fetch and returns (MatmulClient::GetTensorC(GlobalTensor)), and
// the server never signals it (MatmulService::GetTensorC signals only a
// synchronous fetch). The kernel names match launches of
// handshake.launch.json:
// - read_after_end: C is read after the loop and End(): a race;
// - flagless_then_sync: a synchronous IterateAll of the same object comes
//   first, whose return completes the fetches before it: no race.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using AType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using CType = MatmulType<TPosition::GM, CubeFormat::ND, float>;

extern "C" __global__ __aicore__ void
read_after_end(GM_ADDR a, GM_ADDR a2, GM_ADDR b, GM_ADDR bias, GM_ADDR c1,
               GM_ADDR c2, GM_ADDR y, GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc1, gy;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gc1.SetGlobalBuffer((__gm__ float *)c1);
  gy.SetGlobalBuffer((__gm__ float *)y);
  matmul::Matmul<AType, AType, CType, CType> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  while (mm.Iterate()) {
    mm.GetTensorC<false>(gc1);
  }
  mm.End();
  gy.SetValue(0, gc1.GetValue(0));
}

extern "C" __global__ __aicore__ void
flagless_then_sync(GM_ADDR a, GM_ADDR a2, GM_ADDR b, GM_ADDR bias, GM_ADDR c1,
                   GM_ADDR c2, GM_ADDR y, GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  GlobalTensor<half> ga, ga2, gb;
  GlobalTensor<float> gc1, gc2, gy;
  ga.SetGlobalBuffer((__gm__ half *)a);
  ga2.SetGlobalBuffer((__gm__ half *)a2);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gc1.SetGlobalBuffer((__gm__ float *)c1);
  gc2.SetGlobalBuffer((__gm__ float *)c2);
  gy.SetGlobalBuffer((__gm__ float *)y);
  matmul::Matmul<AType, AType, CType, CType> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  while (mm.Iterate()) {
    mm.GetTensorC<false>(gc1);
  }
  mm.SetTensorA(ga2);
  mm.SetTensorB(gb);
  mm.IterateAll(gc2);
  gy.SetValue(0, gc1.GetValue(0));
  mm.End();
}
