// An Ascend C API call asc has no op for is lifted as asc.api_call with
// the effects its declaration states (tensors named src* read, the others
// written; V for vector work, MTE3 for a copy out to GM), never dropped:
// the protocol checks see it. InitSocState, which sets only the core's
// control registers, is one with no operands on the scalar pipe. One that
// takes a struct, synchronises, or names no tensor and is not known to
// touch no memory, is refused by name. (The API header is copied beside, not below, each
// source: a header below the source's folder is the user's code.)
//
// RUN: rm -rf %t.inc %t.src && mkdir -p %t.inc %t.src && cp %S/Inputs/test_only_api.h %t.inc/
// RUN: asc-check %s --emit-mlir -- -I %t.inc | FileCheck %s
// RUN: asc-check %s -- -I %t.inc | FileCheck %s --check-prefix=CLEAN
// A copy out of the fetched block by the API, on MTE3 with no ordering
// after the fetch (rule P7), is reported at the call's line.
// RUN: sed -e 's/TestOnlyScaledExp(yLocal, cLocal, 0.5f, n);/TestOnlyCopyOut(yGlobal, cLocal, n);/' %s > %t.src/race.cpp
// RUN: not asc-check %t.src/race.cpp -- -I %t.inc 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: sed -e 's/TestOnlyCopyOut(yGlobal, yLocal, n);/TestOnlyWithParams(yLocal, DataCopyParams());/' %s > %t.src/params.cpp
// RUN: not asc-check %t.src/params.cpp -- -I %t.inc 2>&1 | FileCheck %s --check-prefix=PARAMS
// RUN: sed -e 's/TestOnlyCopyOut(yGlobal, yLocal, n);/TestOnlySyncAll(yGlobal);/' %s > %t.src/sync.cpp
// RUN: not asc-check %t.src/sync.cpp -- -I %t.inc 2>&1 | FileCheck %s --check-prefix=SYNC
// RUN: sed -e 's/InitSocState();/TestOnlyResetState();/' %s > %t.src/no-tensor.cpp
// RUN: not asc-check %t.src/no-tensor.cpp -- -I %t.inc 2>&1 | FileCheck %s --check-prefix=NO-TENSOR

#include "kernel_operator.h"
#include "lib/matmul_intf.h"
#include "test_only_api.h"

using namespace AscendC;

using AType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using CType = MatmulType<TPosition::VECIN, CubeFormat::ND, float>;

extern "C" __global__ __aicore__ void
scaled_exp(GM_ADDR a, GM_ADDR y, GM_ADDR ws, TCubeTiling tiling) {
  InitSocState();
  TPipe pipe;
  Matmul<AType, AType, CType> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  TQue<TPosition::VECIN, 1> inQueue;
  TQue<TPosition::VECOUT, 1> outQueue;
  int32_t n = tiling.baseM * tiling.baseN;
  pipe.InitBuffer(inQueue, 1, n * sizeof(float));
  pipe.InitBuffer(outQueue, 1, n * sizeof(float));
  GlobalTensor<half> aGlobal;
  GlobalTensor<float> yGlobal, wsGlobal;
  aGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(a));
  yGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(y));
  wsGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(ws));
  mm.SetWorkspace(wsGlobal);
  mm.SetTensorA(aGlobal);
  mm.SetTensorB(aGlobal);
  mm.Iterate<false>();
  LocalTensor<float> cLocal = inQueue.AllocTensor<float>();
  mm.GetTensorC<false>(cLocal, false, true);
  LocalTensor<float> yLocal = outQueue.AllocTensor<float>();
  TestOnlyScaledExp(yLocal, cLocal, 0.5f, n);
  inQueue.FreeTensor(cLocal);
  outQueue.EnQue(yLocal);
  yLocal = outQueue.DeQue<float>();
  TestOnlyCopyOut(yGlobal, yLocal, n);
  outQueue.FreeTensor(yLocal);
  mm.End();
}

// CHECK-LABEL: func.func @scaled_exp(
// CHECK: asc.api_call "AscendC::InitSocState"() on pipe_s : () -> ()
// CHECK-NEXT: asc.pipe.create
// CHECK: asc.matmul.get_tensor_c %{{.*}}, %[[C:[^ ]*]] {{.*}}sync = false
// CHECK: %[[Y:.*]] = asc.queue.alloc_tensor
// CHECK: asc.api_call "AscendC::TestOnlyScaledExp"(%[[Y]], %[[C]], %{{.*}}, %{{.*}}) on pipe_v writes [0] : (!asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, f32, i32) -> ()
// CHECK: %[[OUT:.*]] = asc.queue.deque
// CHECK: asc.api_call "AscendC::TestOnlyCopyOut"(%{{.*}}, %[[OUT]], %{{.*}}) on pipe_mte3 writes [0] : (!asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>, i32) -> ()
// CLEAN: no Matmul protocol violation found

// RACE: race.cpp:[[#]]:3: error: {{.*}}fetched block from pipe_mte3 before that pipe is ordered after the fetch: {{.*}}[asc-P7]
// RACE-NEXT: TestOnlyCopyOut(yGlobal, cLocal, n);

// PARAMS: params.cpp:[[#]]:3: error: the Ascend C API call 'TestOnlyWithParams' has no asc op, and its argument 2 (of type 'const DataCopyParams') is neither a tensor nor a scalar: asc-check cannot see what it reads and writes
// NO-TENSOR: no-tensor.cpp:[[#]]:3: error: the Ascend C API call 'TestOnlyResetState' has no asc op, and it names no tensor: asc-check cannot see what it reads and writes
// SYNC: sync.cpp:[[#]]:3: error: the Ascend C API call 'TestOnlySyncAll' has no asc op, and it synchronises: asc-check cannot see what it orders
