// FIXPIPE's quantisation of an int8 Matmul with non-integer scales (the
// reference is quant.ref.cpp, plain loops over CANN's definition):
// - quant_scalar: SetQuantScalar(scalar) into a half C ((V)DEQF16) or an
//   int8 C ((V)REQ8, with an offset and the signed bit), by IterateAll;
// - quant_vector: SetQuantVector of a per-column tensor the kernel packs
//   from float scales as SetQuantVector.md says (the scale's bits, bit 46
//   set), into a half C block by block (Iterate + GetTensorC), so that each
//   block's columns take their own elements.
// quant_scalar's element types are ATYPE (of A and B), BIASTYPE and CTYPE;
// quant.test changes them by sed.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using ATYPE = int8_t;
using BIASTYPE = int32_t;
using CTYPE = half;
using AType = MatmulType<TPosition::GM, CubeFormat::ND, ATYPE>;
using CType = MatmulType<TPosition::GM, CubeFormat::ND, CTYPE>;
using BiasType = MatmulType<TPosition::GM, CubeFormat::ND, BIASTYPE>;
using I8Type = MatmulType<TPosition::GM, CubeFormat::ND, int8_t>;
using F16Type = MatmulType<TPosition::GM, CubeFormat::ND, half>;

extern "C" __global__ __aicore__ void quant_scalar(GM_ADDR a, GM_ADDR b,
                                                   GM_ADDR bias, GM_ADDR c,
                                                   GM_ADDR tilingGm,
                                                   uint64_t scalar) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  GlobalTensor<ATYPE> ga, gb;
  GlobalTensor<BIASTYPE> gbias;
  GlobalTensor<CTYPE> gc;
  ga.SetGlobalBuffer((__gm__ ATYPE *)a);
  gb.SetGlobalBuffer((__gm__ ATYPE *)b);
  gbias.SetGlobalBuffer((__gm__ BIASTYPE *)bias);
  gc.SetGlobalBuffer((__gm__ CTYPE *)c);
  matmul::Matmul<AType, AType, CType, BiasType> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetQuantScalar(scalar);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.SetBias(gbias);
  mm.IterateAll(gc);
  mm.End();
}

extern "C" __global__ __aicore__ void quant_vector(GM_ADDR a, GM_ADDR b,
                                                   GM_ADDR scales, GM_ADDR c,
                                                   GM_ADDR quant,
                                                   GM_ADDR tilingGm) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(tilingGm);
  GlobalTensor<int8_t> ga, gb;
  GlobalTensor<float> gscales;
  GlobalTensor<uint64_t> gquant;
  GlobalTensor<half> gc;
  ga.SetGlobalBuffer((__gm__ int8_t *)a);
  gb.SetGlobalBuffer((__gm__ int8_t *)b);
  gscales.SetGlobalBuffer((__gm__ float *)scales);
  gquant.SetGlobalBuffer((__gm__ uint64_t *)quant);
  gc.SetGlobalBuffer((__gm__ half *)c);
  // Column j's scale is scales[j] + 0.3 (not a float of 10 mantissa bits:
  // the device reads bits 31..13 of it), packed with bit 46 set.
  int n = tiling.N;
  TQue<TPosition::VECIN, 1> inQue;
  TQue<TPosition::VECOUT, 1> outQue;
  pipe.InitBuffer(inQue, 1, n * sizeof(float));
  pipe.InitBuffer(outQue, 1, n * sizeof(uint64_t));
  LocalTensor<float> s = inQue.AllocTensor<float>();
  DataCopy(s, gscales, n);
  // The scalar unit reads what MTE2 wrote, MTE3 copies what it wrote.
  PipeBarrier<PIPE_ALL>();
  LocalTensor<uint64_t> q = outQue.AllocTensor<uint64_t>();
  for (int j = 0; j < n; ++j) {
    float scale = s.GetValue(j) + 0.3f;
    uint32_t bits = *reinterpret_cast<uint32_t *>(&scale);
    q.SetValue(j, uint64_t(bits) | (uint64_t(1) << 46));
  }
  inQue.FreeTensor(s);
  PipeBarrier<PIPE_ALL>();
  DataCopy(gquant, q, n);
  outQue.FreeTensor(q);
  matmul::Matmul<I8Type, I8Type, F16Type> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetQuantVector(gquant);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  while (mm.Iterate()) {
    mm.GetTensorC(gc);
  }
  mm.End();
}
