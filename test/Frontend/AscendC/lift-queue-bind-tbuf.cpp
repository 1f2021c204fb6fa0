// A class kernel as CANN writes one that copies its blocks out with no
// vector work: TQueBind<VECIN, VECOUT, BUFFER_NUM> (a queue with a source
// in asc) hands each fetched block from MTE2 to MTE3, and a TBuf<VECCALC>
// holds a scratch block. Without the bind's EnQue/DeQue the copy out is
// rule P7's business, at its line; the TBuf orders nothing either. (With
// them, a block fetched into the TBuf is ordered too: the bind's
// SetFlag<MTE2_MTE3> waits for all of MTE2's earlier work.)
//
// RUN: asc-check %s --emit-mlir | FileCheck %s
// RUN: asc-check %s | FileCheck %s --check-prefix=CLEAN
// RUN: sed -e '/bindQueue.EnQue/d' -e 's/cLocal = bindQueue.template DeQue<float>();//' %s > %t.direct.cpp
// RUN: not asc-check %t.direct.cpp 2>&1 | FileCheck %s --check-prefix=DIRECT
// RUN: sed -e '/bindQueue.EnQue/d' -e 's/cLocal = bindQueue.template DeQue<float>();//' -e 's/DataCopy(cGlobal\[offset\], cLocal, blockElems);/DataCopy(cGlobal[offset], scratchBlock, blockElems);/' -e 's/mm.template GetTensorC<false>(cLocal, false, true);/mm.template GetTensorC<false>(scratchBlock, false, true);/' %s > %t.scratch.cpp
// RUN: not asc-check %t.scratch.cpp 2>&1 | FileCheck %s --check-prefix=SCRATCH

#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

using AType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using CType = MatmulType<TPosition::VECOUT, CubeFormat::ND, float>;

template <int BUFFER_NUM> class CopyBlocksOut {
public:
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR ws,
                              const TCubeTiling &tiling) {
    this->tiling = tiling;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &this->tiling);
    aGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(a));
    bGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(b));
    cGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c));
    wsGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(ws));
    blockElems = tiling.baseM * tiling.baseN;
    pipe.InitBuffer(bindQueue, BUFFER_NUM, blockElems * sizeof(float));
    pipe.InitBuffer(scratch, blockElems * sizeof(float));
  }
  __aicore__ inline void Process() {
    mm.SetWorkspace(wsGlobal);
    mm.SetTensorA(aGlobal);
    mm.SetTensorB(bGlobal);
    LocalTensor<float> scratchBlock = scratch.template Get<float>();
    mm.template Iterate<false>();
    uint32_t blocks = (tiling.singleCoreM / tiling.baseM) *
                      (tiling.singleCoreN / tiling.baseN);
    for (uint32_t i = 0; i < blocks; ++i) {
      LocalTensor<float> cLocal = bindQueue.template AllocTensor<float>();
      mm.template GetTensorC<false>(cLocal, false, true);
      bindQueue.EnQue(cLocal);
      cLocal = bindQueue.template DeQue<float>();
      uint32_t offset = i * blockElems;
      DataCopy(cGlobal[offset], cLocal, blockElems);
      bindQueue.FreeTensor(cLocal);
    }
    mm.End();
  }

private:
  TPipe pipe;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, BUFFER_NUM> bindQueue;
  TBuf<TPosition::VECCALC> scratch;
  Matmul<AType, AType, CType> mm;
  GlobalTensor<half> aGlobal, bGlobal;
  GlobalTensor<float> cGlobal, wsGlobal;
  TCubeTiling tiling;
  uint32_t blockElems;
};

extern "C" __global__ __aicore__ void copy_blocks_out(GM_ADDR a, GM_ADDR b,
                                                      GM_ADDR c, GM_ADDR ws,
                                                      TCubeTiling tiling) {
  CopyBlocksOut<2> op;
  op.Init(a, b, c, ws, tiling);
  op.Process();
}

// CHECK-LABEL: func.func @copy_blocks_out(
// CHECK: %[[BIND:.*]] = asc.queue.create : !asc.queue<vecin -> vecout, 2>
// CHECK: %[[BUF:.*]] = asc.tbuf.create : !asc.tbuf<veccalc>
// CHECK: asc.pipe.init_buffer %{{.*}}, %[[BIND]], %{{.*}}, %{{.*}} : !asc.queue<vecin -> vecout, 2>
// CHECK: asc.pipe.init_tbuf %{{.*}}, %[[BUF]], %{{.*}} : !asc.tbuf<veccalc>
// CHECK: %[[C:.*]] = asc.queue.alloc_tensor %[[BIND]] : !asc.queue<vecin -> vecout, 2> -> !asc.local_tensor<vecout, f32>
// CHECK: asc.matmul.get_tensor_c %{{.*}}, %[[C]] {{.*}}sync = false
// CHECK: asc.queue.enque %[[BIND]], %[[C]]
// CHECK: %[[OUT:.*]] = asc.queue.deque %[[BIND]]
// CHECK: asc.data_copy %{{.*}}, %[[OUT]], %{{.*}}
// CHECK: asc.queue.free_tensor %[[BIND]], %[[OUT]]
// CLEAN: no Matmul protocol violation found

// DIRECT: direct.cpp:[[#]]:7: error: may touch a fetched block from pipe_mte3 before that pipe is ordered after the fetch: {{.*}}[asc-P7]
// DIRECT-NEXT: DataCopy(cGlobal[offset], cLocal, blockElems);

// SCRATCH: scratch.cpp:[[#]]:7: error: may touch a fetched block from pipe_mte3 before that pipe is ordered after the fetch: {{.*}}[asc-P7]
// SCRATCH-NEXT: DataCopy(cGlobal[offset], scratchBlock, blockElems);
