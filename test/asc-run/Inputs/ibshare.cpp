// Matmul objects whose B is IBSHARE (MatmulType's sixth parameter), run by
// the two vector cores of one group (ibshare.test): each computes its
// singleCoreM rows of C = A * B from the same B. Variants: CANN's
// IBShareNorm config (the cube core caches the shared B in L1) and the
// default config; one IterateAll too many on vector core 1 (the server
// takes them in turn: a hang); vector core 1 reading the cached B with
// another shape (refused); A and B both shared (vector core 0 computes for
// both; vector core 1's own inputs never reach the cube), also with one
// IterateAll too many on vector core 1 (a hang).
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using A16 = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using A16Shared = MatmulType<TPosition::GM, CubeFormat::ND, half, false,
                             LayoutMode::NONE, true>;
using B16Shared = MatmulType<TPosition::GM, CubeFormat::ND, half, false,
                             LayoutMode::NONE, true>;
using C32 = MatmulType<TPosition::GM, CubeFormat::ND, float>;

enum Variant { Plain, Twice, Tail };

template <class A, class B, const auto &CFG, Variant V>
__aicore__ inline void run(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR t) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(t);
  matmul::Matmul<A, B, C32, C32, CFG> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  uint32_t rows = GetBlockIdx() * tiling.singleCoreM;
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer((__gm__ half *)a + rows * tiling.Ka);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gc.SetGlobalBuffer((__gm__ float *)c + rows * tiling.N);
  if (V == Tail && GetSubBlockIdx() == 1)
    mm.SetTail(tiling.singleCoreM, tiling.singleCoreN / 2);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.IterateAll(gc);
  if (V == Twice && GetSubBlockIdx() == 1) {
    mm.SetTensorA(ga);
    mm.SetTensorB(gb);
    mm.IterateAll(gc);
  }
  mm.End();
}

#define KERNEL(name, A, B, CFG, V)                                             \
  extern "C" __global__ __aicore__ void name(GM_ADDR a, GM_ADDR b, GM_ADDR c,  \
                                             GM_ADDR t) {                      \
    run<A, B, CFG, V>(a, b, c, t);                                             \
  }

KERNEL(ibshare_norm, A16, B16Shared, CFG_IBSHARE_NORM, Plain)
KERNEL(ibshare_plain, A16, B16Shared, CFG_NORM, Plain)
KERNEL(ibshare_twice, A16, B16Shared, CFG_NORM, Twice)
KERNEL(ibshare_tail, A16, B16Shared, CFG_IBSHARE_NORM, Tail)
KERNEL(ibshare_ab, A16Shared, B16Shared, CFG_NORM, Plain)
KERNEL(ibshare_ab_twice, A16Shared, B16Shared, CFG_NORM, Twice)
