// A kernel that sums blocks in the unified buffer as CANN's
// matmul_partial_output does: it clears a LocalTensor element by element
// up to its GetSize() (asc.local_tensor.get_size, asc.set_value by the
// scalar unit), adds with the tensor operator `sum = sum + tmp` (CANN's
// Add(sum, sum, tmp, sum.GetSize())), and orders its pipes with ids from
// FetchEventID.
//
// RUN: asc-check %s --emit-mlir | FileCheck %s
// RUN: asc-check %s | FileCheck %s --check-prefix=CLEAN

#include "kernel_operator.h"
#include "lib/matmul_intf.h"

__aicore__ inline void clear(AscendC::LocalTensor<float> &t) {
  for (uint32_t i = 0; i < t.GetSize(); ++i) {
    t.SetValue(i, static_cast<float>(0));
  }
}

extern "C" __global__ __aicore__ void acc(GM_ADDR w, GM_ADDR c) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECIN> sumBuf;
  AscendC::TBuf<AscendC::TPosition::VECIN> tmpBuf;
  pipe.InitBuffer(sumBuf, 4096);
  pipe.InitBuffer(tmpBuf, 4096);
  AscendC::LocalTensor<float> sum = sumBuf.Get<float>();
  AscendC::LocalTensor<float> tmp = tmpBuf.Get<float>();
  AscendC::GlobalTensor<float> gw, gc;
  gw.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(w));
  gc.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c));
  clear(sum);
  for (int k = 0; k < 4; ++k) {
    AscendC::DataCopy(tmp, gw[k * 1024], 1024);
    int32_t in = static_cast<int32_t>(
        GetTPipePtr()->FetchEventID(AscendC::HardEvent::MTE2_V));
    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(in);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(in);
    sum = sum + tmp;
    int32_t back = static_cast<int32_t>(
        GetTPipePtr()->FetchEventID(AscendC::HardEvent::V_MTE2));
    AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(back);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(back);
  }
  int32_t out = static_cast<int32_t>(
      GetTPipePtr()->FetchEventID(AscendC::HardEvent::V_MTE3));
  AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(out);
  AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(out);
  AscendC::DataCopy(gc, sum, 1024);
}

// CHECK-LABEL: func.func @acc(
// CHECK: %[[SUM:.*]] = asc.tbuf.get
// CHECK: %[[TMP:.*]] = asc.tbuf.get
// CHECK: asc.local_tensor.get_size %[[SUM]]
// CHECK: asc.set_value %[[SUM]][%{{.*}}], %{{.*}} : !asc.local_tensor<vecin, f32>
// CHECK: %[[N:.*]] = asc.local_tensor.get_size %[[SUM]]
// CHECK-NEXT: scf.for
// CHECK: %[[IN:.*]] = asc.pipe.fetch_event_id %{{.*}}, mte2_v
// CHECK-NEXT: asc.set_flag mte2_v, %[[IN]]
// CHECK-NEXT: asc.wait_flag mte2_v, %[[IN]]
// CHECK-NEXT: asc.add %[[SUM]], %[[SUM]], %[[TMP]], %[[N]]
// CLEAN: no Matmul protocol violation found
