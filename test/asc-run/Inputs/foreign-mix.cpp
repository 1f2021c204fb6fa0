// A mix kernel in the style pyasc emits: typed GM pointers, the tiling by
// pointer, the FFTS prologue (set_ffts_base_addr, the cube core's
// ffts_cross_core_sync of flag 15 in mode 2), constexpr bool template
// arguments, DEFAULT_C0_SIZE, a MatmulConfig spelled as the whole aggregate
// and MatmulType with its layout. C = A * B, split along N over the blocks;
// each block fetches its baseM x baseN blocks into UB and copies them out.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
extern "C" __global__ __aicore__ void
foreign_mix(__gm__ half *a, __gm__ half *b, __gm__ float *c,
            __gm__ TCubeTiling *tilingGm, __gm__ uint8_t *workspace,
            __gm__ uint64_t *fftsAddr) {
  set_ffts_base_addr(*fftsAddr);
  bool aic = g_coreType == AscendC::AIC;
  if (aic) {
    constexpr int64_t workspaceReady = 3873; // GetffstMsg(2, 15)
    ffts_cross_core_sync(PIPE_MTE3, workspaceReady);
  }
  constexpr bool yes = true;
  constexpr bool no = false;
  constexpr int32_t c0 = ::AscendC::DEFAULT_C0_SIZE;
  TCubeTiling tiling;
  for (size_t i = 0; i < sizeof(tiling); i++)
    reinterpret_cast<uint8_t *>(&tiling)[i] =
        reinterpret_cast<__gm__ uint8_t *>(tilingGm)[i];
  int32_t block = static_cast<int32_t>(AscendC::GetBlockIdx());
  AscendC::GlobalTensor<half> aGm;
  aGm.SetGlobalBuffer(a);
  AscendC::GlobalTensor<half> bGm;
  bGm.SetGlobalBuffer(b + block * tiling.singleCoreN);
  AscendC::GlobalTensor<float> cGm;
  cGm.SetGlobalBuffer(c + block * tiling.singleCoreN);
  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::TPosition::VECOUT, 1> outQue;
  pipe.InitBuffer(outQue, 1, tiling.baseM * tiling.baseN * 4);
  constexpr static MatmulConfig CFG{1,
                                    0,
                                    0,
                                    0,
                                    0,
                                    0,
                                    0,
                                    0,
                                    0,
                                    0,
                                    0,
                                    0,
                                    0,
                                    0,
                                    0,
                                    0,
                                    0,
                                    0,
                                    1,
                                    0,
                                    0,
                                    0,
                                    0,
                                    1,
                                    BatchMode::BATCH_LESS_THAN_L1,
                                    1,
                                    1,
                                    1,
                                    1,
                                    1,
                                    1,
                                    1,
                                    255,
                                    1,
                                    0,
                                    0,
                                    0,
                                    IterateOrder::UNDEF,
                                    ScheduleType::INNER_PRODUCT,
                                    0,
                                    1,
                                    0,
                                    0,
                                    0,
                                    0,
                                    0,
                                    0,
                                    0,
                                    65536,
                                    BatchOutMode::SINGLE_BATCH};
  matmul::Matmul<
      matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false,
                         LayoutMode::NONE>,
      matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false,
                         LayoutMode::NONE>,
      matmul::MatmulType<AscendC::TPosition::VECCALC, CubeFormat::ND, float,
                         false, LayoutMode::NONE>,
      matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, CFG>
      mm;
  REGIST_MATMUL_OBJ(&pipe, workspace, mm, &tiling);
  mm.SetTensorA(aGm, no);
  mm.SetTensorB(bGm, no);
  int32_t count = 0;
  while (mm.Iterate<yes>(no)) {
    AscendC::LocalTensor<float> out = outQue.AllocTensor<float>();
    mm.GetTensorC<yes>(out, static_cast<uint8_t>(0), yes);
    outQue.EnQue(out);
    out = outQue.DeQue<float>();
    int32_t mBlocks = tiling.singleCoreM / tiling.baseM;
    int32_t offset = (count % mBlocks) * tiling.baseM * tiling.N +
                     (count / mBlocks) * tiling.baseN;
    AscendC::DataCopyParams params{
        static_cast<uint16_t>(tiling.baseM),
        static_cast<uint16_t>(tiling.baseN * 4 / c0), 0,
        static_cast<uint16_t>((tiling.N - tiling.baseN) * 4 / c0)};
    AscendC::DataCopy(cGm[offset], out, params);
    outQue.FreeTensor(out);
    ++count;
  }
  mm.End();
  AscendC::PipeBarrier<PIPE_ALL>();
}
