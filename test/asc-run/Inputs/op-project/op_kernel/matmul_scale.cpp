// An operator-project kernel in the style of hicann/ops-nn's Matmul
// kernels: the element types from the build's DTYPE_X / DTYPE_Y, the tiling
// struct of the op's op_host read with GET_TILING_DATA (the build gives its
// type; here the launch file does), the variant chosen by the host's tiling
// key. C = A * B on GM with IterateAll; key 2 also scales C in UB.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

template <typename AT, typename CT, bool SCALE> class MatmulScaleKernel {
  using A = MatmulType<TPosition::GM, CubeFormat::ND, AT>;
  using B = MatmulType<TPosition::GM, CubeFormat::ND, AT>;
  using C = MatmulType<TPosition::GM, CubeFormat::ND, CT>;

public:
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR c,
                              const optiling::MatmulScaleTilingData *tiling) {
    tiling_ = tiling;
    const TCubeTiling &t = tiling->cubeTiling;
    uint32_t block = GetBlockIdx();
    mIdx_ = block % tiling->mBlocks;
    nIdx_ = block / tiling->mBlocks;
    aGm_.SetGlobalBuffer(reinterpret_cast<__gm__ AT *>(a) +
                         mIdx_ * t.singleCoreM * t.Ka);
    bGm_.SetGlobalBuffer(reinterpret_cast<__gm__ AT *>(b) +
                         nIdx_ * t.singleCoreN);
    cGm_.SetGlobalBuffer(reinterpret_cast<__gm__ CT *>(c) +
                         mIdx_ * t.singleCoreM * t.N + nIdx_ * t.singleCoreN);
  }

  __aicore__ inline void Process(TPipe *pipe) {
    const TCubeTiling &t = tiling_->cubeTiling;
    REGIST_MATMUL_OBJ(pipe, GetSysWorkSpacePtr(), mm_, &t);
    mm_.SetTensorA(aGm_);
    mm_.SetTensorB(bGm_);
    mm_.IterateAll(cGm_);
    mm_.End();
    if constexpr (SCALE) {
      // Each row of the block through UB, scaled.
      TQue<TPosition::VECIN, 1> inQue;
      TQue<TPosition::VECOUT, 1> outQue;
      pipe->InitBuffer(inQue, 1, t.singleCoreN * sizeof(CT));
      pipe->InitBuffer(outQue, 1, t.singleCoreN * sizeof(CT));
      for (int32_t row = 0; row < t.singleCoreM; ++row) {
        LocalTensor<CT> in = inQue.AllocTensor<CT>();
        DataCopy(in, cGm_[row * t.N], t.singleCoreN);
        inQue.EnQue(in);
        in = inQue.DeQue<CT>();
        LocalTensor<CT> out = outQue.AllocTensor<CT>();
        Muls(out, in, static_cast<CT>(tiling_->scale), t.singleCoreN);
        inQue.FreeTensor(in);
        outQue.EnQue(out);
        out = outQue.DeQue<CT>();
        DataCopy(cGm_[row * t.N], out, t.singleCoreN);
        outQue.FreeTensor(out);
      }
    }
  }

private:
  Matmul<A, B, C> mm_;
  GlobalTensor<AT> aGm_, bGm_;
  GlobalTensor<CT> cGm_;
  const optiling::MatmulScaleTilingData *tiling_;
  uint32_t mIdx_ = 0, nIdx_ = 0;
};

extern "C" __global__ __aicore__ void matmul_scale(GM_ADDR a, GM_ADDR b,
                                                   GM_ADDR c, GM_ADDR workspace,
                                                   GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  TPipe pipe;
  if (TILING_KEY_IS(1)) {
    MatmulScaleKernel<DTYPE_X, DTYPE_Y, false> op;
    op.Init(a, b, c, &tilingData);
    op.Process(&pipe);
  } else if (TILING_KEY_IS(2)) {
    MatmulScaleKernel<DTYPE_X, DTYPE_Y, true> op;
    op.Init(a, b, c, &tilingData);
    op.Process(&pipe);
  }
}
