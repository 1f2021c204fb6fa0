// Iterate into a CO1 tensor the kernel allocated (the cube-side object, in a
// cube-only kernel): C in TPosition::CO1, NZ, float. The first Iterate loop
// writes A0 * B0 + bias into the tensor; the second, with enPartialSum,
// adds A1 * B1 to it (no bias). The kernel then copies the tensor's NZ
// fractals to GM element by element (the device would use Fixpipe). The
// reference is co1-tensor.ref.cpp.
#define ASCENDC_CUBE_ONLY
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using AType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using BType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using CType = MatmulType<TPosition::CO1, CubeFormat::NZ, float>;
using BiasType = MatmulType<TPosition::GM, CubeFormat::ND, float>;

extern "C" __global__ __aicore__ void
co1_tensor(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  int mk = tiling.M * tiling.Ka, kn = tiling.Kb * tiling.N;
  int mn = tiling.M * tiling.N;
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gbias, gc;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gbias.SetGlobalBuffer((__gm__ float *)bias);
  gc.SetGlobalBuffer((__gm__ float *)c);
  TQue<TPosition::CO1, 1> co1Que;
  pipe.InitBuffer(co1Que, 1, mn * sizeof(float));
  matmul::Matmul<AType, BType, CType, BiasType> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  if ASCEND_IS_AIC {
    LocalTensor<float> co1 = co1Que.AllocTensor<float>();
    mm.SetTensorA(ga);
    mm.SetTensorB(gb);
    mm.SetBias(gbias);
    while (mm.Iterate(false, co1)) {
    }
    mm.SetTensorA(ga[mk]);
    mm.SetTensorB(gb[kn]);
    while (mm.Iterate(true, co1)) {
    }
    for (int i = 0; i < mn; ++i)
      gc.SetValue(i, co1.GetValue(i));
    co1Que.FreeTensor(co1);
    mm.End();
  }
}
