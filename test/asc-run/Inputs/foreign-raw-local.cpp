// A mix kernel that fetches each block of C into a LocalTensor built from a
// raw unified-buffer address (LocalTensor(TPosition, addr, tileSize), as
// pyasc's unit tests build them) instead of a queue's buffer, and orders
// the pipes itself: the fetch (MTE2, then V) before the copy out (MTE3).
// The copy out comes before the next fetch overwrites the tensor without a
// flag: the next GetTensorC's message goes out on MTE3 after it
// (KfcCommClient::PostMessage's PipeBarrier<PIPE_MTE3>), and the fetch
// waits for the server's answer to that message.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
extern "C" __global__ __aicore__ void
foreign_raw_local(__gm__ half *a, __gm__ half *b, __gm__ float *c,
                  __gm__ TCubeTiling *tilingGm, __gm__ uint8_t *workspace) {
  TCubeTiling tiling = *tilingGm;
  AscendC::GlobalTensor<half> aGm;
  aGm.SetGlobalBuffer(a);
  AscendC::GlobalTensor<half> bGm;
  bGm.SetGlobalBuffer(b);
  AscendC::GlobalTensor<float> cGm;
  cGm.SetGlobalBuffer(c);
  AscendC::TPipe pipe;
  matmul::Matmul<
      matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>,
      matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>,
      matmul::MatmulType<AscendC::TPosition::VECCALC, CubeFormat::ND, float>>
      mm;
  REGIST_MATMUL_OBJ(&pipe, workspace, mm, &tiling);
  mm.SetTensorA(aGm);
  mm.SetTensorB(bGm);
  AscendC::LocalTensor<float> block(AscendC::TPosition::VECCALC, 1024,
                                    tiling.baseM * tiling.baseN);
  uint32_t count = 0;
  while (mm.Iterate()) {
    mm.GetTensorC(block, 0, true);
    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(0);
    uint32_t mBlocks = tiling.singleCoreM / tiling.baseM;
    uint32_t offset = (count % mBlocks) * tiling.baseM * tiling.N +
                      (count / mBlocks) * tiling.baseN;
    AscendC::DataCopy(
        cGm[offset], block,
        AscendC::DataCopyParams(tiling.baseM, tiling.baseN * 4 / 32, 0,
                                (tiling.N - tiling.baseN) * 4 / 32));
    ++count;
  }
  mm.End();
}
