// MatmulConfig::isPartialOutput (partial-output.test): with CANN's MDL
// config each synchronous Iterate computes one baseK slice of a base block,
// K innermost, and GetTensorC writes it alone (enSequentialWrite) to the
// next slot of `parts`. partial_output_norm (a CFG_NORM config) and
// partial_output_all (IterateAll) are refused.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using A16 = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using C32 = MatmulType<TPosition::GM, CubeFormat::ND, float>;

constexpr MatmulConfig partialOutput(MatmulConfig c) {
  c.isPartialOutput = true;
  return c;
}
constexpr MatmulConfig MDL_PARTIAL = partialOutput(CFG_MDL);
constexpr MatmulConfig NORM_PARTIAL = partialOutput(CFG_NORM);

template <const auto &CFG, bool All>
__aicore__ inline void run(GM_ADDR a, GM_ADDR b, GM_ADDR parts, GM_ADDR t) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(t);
  matmul::Matmul<A16, A16, C32, C32, CFG> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gp;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gp.SetGlobalBuffer((__gm__ float *)parts);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  if constexpr (All) {
    mm.IterateAll(gp);
  } else {
    uint32_t offset = 0;
    while (mm.Iterate()) {
      mm.GetTensorC(gp[offset], 0, true);
      offset += tiling.baseM * tiling.baseN;
    }
  }
  mm.End();
}

extern "C" __global__ __aicore__ void partial_output(GM_ADDR a, GM_ADDR b,
                                                     GM_ADDR p, GM_ADDR t) {
  run<MDL_PARTIAL, false>(a, b, p, t);
}
extern "C" __global__ __aicore__ void
partial_output_norm(GM_ADDR a, GM_ADDR b, GM_ADDR p, GM_ADDR t) {
  run<NORM_PARTIAL, false>(a, b, p, t);
}
extern "C" __global__ __aicore__ void partial_output_all(GM_ADDR a, GM_ADDR b,
                                                         GM_ADDR p, GM_ADDR t) {
  run<MDL_PARTIAL, true>(a, b, p, t);
}
