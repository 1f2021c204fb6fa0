// A float's bits read through a pointer cast of its address (CANN's
// matmul_quant passes its scale so to SetQuantScalar) is arith.bitcast; a
// write through such a pointer, or a read at another width, is refused.
//
// RUN: split-file %s %t
// RUN: asc-check %t/bits.cpp --emit-mlir | FileCheck %s
// RUN: asc-check %t/write.cpp --verify-diagnostics
// RUN: asc-check %t/width.cpp --verify-diagnostics

//--- bits.cpp
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using G = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>;
extern "C" __global__ __aicore__ void k(GM_ADDR c, TCubeTiling tiling,
                                        float scale) {
  AscendC::TPipe pipe;
  AscendC::Matmul<G, G, G> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  float quantFloat = scale;
  uint64_t quantValue =
      static_cast<uint64_t>(*reinterpret_cast<int32_t *>(&quantFloat));
  mm.SetQuantScalar(quantValue);
  mm.End();
}

// CHECK-LABEL: func.func @k(
// CHECK-SAME: %[[SCALE:[^:]*]]: f32
// CHECK: %[[BITS:.*]] = arith.bitcast %[[SCALE]] : f32 to i32
// CHECK: %[[WIDE:.*]] = arith.extsi %[[BITS]] : i32 to i64
// CHECK: asc.matmul.set_quant_scalar %{{.*}}, %[[WIDE]]

//--- write.cpp
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR c, float scale) {
  float f = scale;
  // expected-error@+1 {{a write through a pointer cast of a variable's address is not lifted}}
  *reinterpret_cast<int32_t *>(&f) = 0;
}

//--- width.cpp
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR c, float scale) {
  float f = scale;
  // expected-error@+1 {{a scalar read through a pointer to a type of another width}}
  int16_t low = *reinterpret_cast<int16_t *>(&f);
}
