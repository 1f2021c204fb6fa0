// The Matmul's MM_CB and MATMUL_POLICY parameters (CANN's matmul.h): the
// plain ND half Matmul of unmodelled.cpp with each of them.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using F16 = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using F32 = MatmulType<TPosition::GM, CubeFormat::ND, float>;

template <class MM>
__aicore__ inline void run(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR t) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(t);
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gc.SetGlobalBuffer((__gm__ float *)c);
  MM mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.IterateAll(gc);
  mm.End();
}

#define KERNEL(name, ...)                                                      \
  extern "C" __global__ __aicore__ void name(GM_ADDR a, GM_ADDR b, GM_ADDR c,  \
                                             GM_ADDR t) {                      \
    run<__VA_ARGS__>(a, b, c, t);                                              \
  }

// No callback, the default policy, spelled out: runs.
KERNEL(no_callback, Matmul<F16, F16, F32, F32, CFG_NORM,
                           MatmulCallBackFunc<nullptr, nullptr, nullptr>,
                           Impl::Detail::MatmulPolicy>)
// NBuffer33's scheduler and buffer of A compute the same C: runs.
KERNEL(nbuffer33, Matmul<F16, F16, F32, F32, CFG_MDL,
                         MatmulCallBackFunc<nullptr, nullptr, nullptr>,
                         Impl::Detail::NBuffer33MatmulPolicy>)
// A user copy of A into L1 instead of the Matmul's: refused.
__aicore__ inline void copyA1(const LocalTensor<int8_t> &aMatrix,
                              const __gm__ void *gm, int row, int col, int useM,
                              int useK, const uint64_t tilingPtr,
                              const uint64_t dataPtr) {}
KERNEL(callback_a1, Matmul<F16, F16, F32, F32, CFG_NORM,
                           MatmulCallBackFunc<nullptr, copyA1, nullptr>>)
