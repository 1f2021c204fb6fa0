// A kernel written the way CANN's samples write it (a class template, the
// tiling copied word by word, REGIST_MATMUL_OBJ, offsets from the tiling,
// SetTail under a condition, async IterateAll), for the front end's tests.
// WAIT_LINE is the statement after the issue: the wait, or anything else.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

__aicore__ inline void CopyTiling(TCubeTiling *tiling, GM_ADDR tilingGM) {
  uint32_t *ptr = reinterpret_cast<uint32_t *>(tiling);
  auto tiling32 = reinterpret_cast<__gm__ uint32_t *>(tilingGM);
  for (uint32_t i = 0; i < sizeof(TCubeTiling) / sizeof(uint32_t); i++, ptr++) {
    *ptr = *(tiling32 + i);
  }
}

template <typename AType, typename CType> class IterateAllKernel {
public:
  __aicore__ inline IterateAllKernel() {}
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR c,
                              const TCubeTiling &tiling) {
    this->tiling = tiling;
    aGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ AType *>(a),
                            tiling.M * tiling.Ka);
    bGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ AType *>(b),
                            tiling.Kb * tiling.N);
    cGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ CType *>(c),
                            tiling.M * tiling.N);
    int32_t offsetA = 0;
    int32_t offsetC = 0;
    CalcOffset(AscendC::GetBlockIdx(), offsetA, offsetC);
    aGlobal = aGlobal[offsetA];
    cGlobal = cGlobal[offsetC];
    if (GetSysWorkSpacePtr() == nullptr) {
      return;
    }
  }
  __aicore__ inline void Process() {
    matmulObj.SetTensorA(aGlobal);
    matmulObj.SetTensorB(bGlobal);
    matmulObj.template IterateAll<false>(cGlobal, 0, false, true);
    WAIT_LINE;
    matmulObj.End();
  }

  AscendC::Matmul<
      AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, AType>,
      AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, AType>,
      AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, CType>,
      AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, CType>,
      CFG_MDL>
      matmulObj;

private:
  __aicore__ inline void CalcOffset(int32_t blockIdx, int32_t &offsetA,
                                    int32_t &offsetC) {
    int32_t mBlocks = (tiling.M + tiling.singleCoreM - 1) / tiling.singleCoreM;
    int32_t mCore = blockIdx % mBlocks;
    int32_t nCore = blockIdx / mBlocks;
    offsetA = mCore * tiling.Ka * tiling.singleCoreM;
    offsetC =
        mCore * tiling.N * tiling.singleCoreM + nCore * tiling.singleCoreN;
    int32_t tailM = tiling.M - mCore * tiling.singleCoreM;
    tailM = tailM < tiling.singleCoreM ? tailM : tiling.singleCoreM;
    if (tailM < tiling.singleCoreM) {
      matmulObj.SetTail(tailM);
    }
  }

  AscendC::GlobalTensor<AType> aGlobal;
  AscendC::GlobalTensor<AType> bGlobal;
  AscendC::GlobalTensor<CType> cGlobal;
  TCubeTiling tiling;
};
