// TPipe::FetchEventID through GetTPipePtr() (CANN's
// batch_matmul_iterate_n_batch and matmul_partial_output): the kernel's one
// TPipe, an asc.pipe.fetch_event_id whose id the SetFlag and WaitFlag take,
// in both the argument and the template form. The pair orders the copy in
// before the copy out; without the wait it orders nothing. GetTPipePtr()
// where the kernel has two TPipes is refused.
//
// RUN: split-file %s %t
// RUN: asc-check %t/fetch.cpp --emit-mlir | FileCheck %s
// RUN: asc-check %t/fetch.cpp | FileCheck %s --check-prefix=CLEAN
// RUN: not asc-check %t/no-wait.cpp 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: asc-check %t/two-pipes.cpp --verify-diagnostics

// CHECK-LABEL: func.func @fetch(
// CHECK: %[[PIPE:.*]] = asc.pipe.create
// CHECK: asc.data_copy
// CHECK: %[[ID:.*]] = asc.pipe.fetch_event_id %[[PIPE]], mte2_mte3
// CHECK-NEXT: asc.set_flag mte2_mte3, %[[ID]]
// CHECK-NEXT: asc.wait_flag mte2_mte3, %[[ID]]
// CHECK: asc.data_copy
// CHECK: %[[ID2:.*]] = asc.pipe.fetch_event_id %[[PIPE]], mte3_mte2
// CHECK-NEXT: asc.set_flag mte3_mte2, %[[ID2]]
// CHECK-NEXT: asc.wait_flag mte3_mte2, %[[ID2]]
// CLEAN: no Matmul protocol violation found
// RACE: no-wait.cpp:15:3: error: may touch bytes that an earlier pipe_mte2 access touches, one of the two writing, before pipe_mte3 is ordered after it
// RACE: no-wait.cpp:11:3: note: the earlier pipe_mte2 access

//--- fetch.cpp
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
extern "C" __global__ __aicore__ void fetch(GM_ADDR x, GM_ADDR y) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECIN> buf;
  pipe.InitBuffer(buf, 4096);
  AscendC::LocalTensor<float> local = buf.Get<float>();
  AscendC::GlobalTensor<float> gx, gy;
  gx.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(x));
  gy.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(y));
  AscendC::DataCopy(local, gx, 1024);
  int32_t id = static_cast<int32_t>(
      GetTPipePtr()->FetchEventID(AscendC::HardEvent::MTE2_MTE3));
  AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE3>(id);
  AscendC::WaitFlag<AscendC::HardEvent::MTE2_MTE3>(id);
  AscendC::DataCopy(gy, local, 1024);
  int32_t back = static_cast<int32_t>(
      GetTPipePtr()->FetchEventID<AscendC::HardEvent::MTE3_MTE2>());
  AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE2>(back);
  AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(back);
  AscendC::DataCopy(local, gx, 1024);
}

//--- no-wait.cpp
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
extern "C" __global__ __aicore__ void no_wait(GM_ADDR x, GM_ADDR y) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECIN> buf;
  pipe.InitBuffer(buf, 4096);
  AscendC::LocalTensor<float> local = buf.Get<float>();
  AscendC::GlobalTensor<float> gx, gy;
  gx.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(x));
  gy.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(y));
  AscendC::DataCopy(local, gx, 1024);
  int32_t id = static_cast<int32_t>(
      GetTPipePtr()->FetchEventID(AscendC::HardEvent::MTE2_MTE3));
  AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE3>(id);
  AscendC::DataCopy(gy, local, 1024);
}

//--- two-pipes.cpp
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void two(GM_ADDR x) {
  AscendC::TPipe first;
  AscendC::TPipe second;
  // expected-error@+2 {{GetTPipePtr() in a kernel that constructs more than one TPipe: asc-check does not tell which one it returns}}
  int32_t id = static_cast<int32_t>(
      GetTPipePtr()->FetchEventID(AscendC::HardEvent::MTE2_MTE3));
}
