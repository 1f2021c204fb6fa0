// A kernel template the host launches with two template arguments is two
// kernels, each named with its arguments; a launch repeated is one.
//
// RUN: asc-check %s --emit-mlir | FileCheck %s

#include "kernel_operator.h"

template <int32_t M> __global__ __aicore__ void k(GM_ADDR a) {
  AscendC::GlobalTensor<float> ga;
  ga.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(a));
  ga.SetValue(M, 0.0f);
}

int main() {
  uint8_t *a = nullptr;
  k<1><<<1, nullptr, nullptr>>>(a);
  k<2><<<1, nullptr, nullptr>>>(a);
  k<2><<<1, nullptr, nullptr>>>(a);
}

// CHECK-LABEL: func.func @"k<1>"(
// CHECK: %[[C1:.*]] = arith.constant 1 : i64
// CHECK: asc.set_value %{{.*}}[%[[C1]]]
// CHECK-LABEL: func.func @"k<2>"(
// CHECK: %[[C2:.*]] = arith.constant 2 : i64
// CHECK: asc.set_value %{{.*}}[%[[C2]]]
// CHECK-NOT: func.func
