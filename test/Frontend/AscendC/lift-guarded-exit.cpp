// A loop that runs until a test at its top breaks out, as pyasc writes its
// Iterate loop (`while (true) { bool more = Iterate(); if (!more) { ...;
// break; } ... }`), lifts rotated, as scf.while's regions say it: the head
// and the test before each trip, the rest as the trip, the exit's
// statements once after the loop. The head's variables reach the trip and
// the exit through the condition. A second way out, or a jump in the head,
// keeps the carried flag of lift-loop-exits.cpp.
//
// RUN: asc-check %s --emit-mlir | FileCheck %s
// RUN: asc-check %s | FileCheck %s --check-prefix=CLEAN

#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using G = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>;
using U =
    AscendC::MatmulType<AscendC::TPosition::VECOUT, CubeFormat::ND, float>;

// CHECK-LABEL: func.func @pyasc_iterate(
// CHECK: %[[MM:.*]] = asc.matmul.create
// CHECK: %[[LOOP:.*]]:3 = scf.while (%[[I:.*]] = %c0_i32) : (i32) -> (i32, i1, i32) {
// CHECK-NEXT: %[[MORE:.*]] = asc.matmul.iterate %[[MM]]
// CHECK-NEXT: %[[TWICE:.*]] = arith.muli %[[I]], %c2_i32
// CHECK-NEXT: scf.condition(%[[MORE]]) %[[I]], %[[MORE]], %[[TWICE]] : i32, i1, i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[TRIP:.*]]: i32, %{{.*}}: i1, %[[STEP:.*]]: i32):
// CHECK: asc.matmul.get_tensor_c %[[MM]]
// CHECK: asc.data_copy
// CHECK: %[[NEXT:.*]] = arith.addi %[[TRIP]], %[[STEP]]
// CHECK-NEXT: scf.yield %[[NEXT]] : i32
// CHECK-NEXT: }
// The exit's `last = step` after the loop: the head's value on the way out.
// CHECK-NEXT: asc.set_value %{{.*}}[%{{.*}}], %[[LOOP]]#2
// CHECK-NEXT: asc.matmul.end
extern "C" __global__ __aicore__ void
pyasc_iterate(GM_ADDR a, GM_ADDR c, GM_ADDR out, TCubeTiling tiling) {
  AscendC::TPipe pipe;
  AscendC::Matmul<G, G, U> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  AscendC::GlobalTensor<float> aGlobal, cGlobal;
  AscendC::GlobalTensor<int32_t> outGlobal;
  aGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(a));
  cGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c));
  outGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t *>(out));
  AscendC::TQue<AscendC::TPosition::VECOUT, 1> queue;
  pipe.InitBuffer(queue, 1, 1024);
  mm.SetTensorA(aGlobal);
  mm.SetTensorB(aGlobal);
  int32_t last;
  int32_t i = 0;
  while (true) {
    bool more = mm.Iterate();
    int32_t step = i * 2;
    if (!more) {
      last = step;
      break;
    }
    AscendC::LocalTensor<float> block = queue.AllocTensor<float>();
    mm.GetTensorC(block);
    queue.EnQue(block);
    AscendC::LocalTensor<float> ready = queue.DeQue<float>();
    AscendC::DataCopy(cGlobal[i * 256], ready, 256);
    queue.FreeTensor(ready);
    i = i + step;
  }
  outGlobal.SetValue(0, last);
  mm.End();
}

// The same loop spelled `for (;;)`, its increment part of the trip.
// CHECK-LABEL: func.func @for_ever(
// CHECK: scf.while (%[[J:.*]] = %c0_i32) : (i32) -> i32 {
// CHECK-NEXT: %[[MORE:.*]] = asc.matmul.iterate
// CHECK-NEXT: scf.condition(%[[MORE]]) %[[J]] : i32
// CHECK: arith.addi %{{.*}}, %c1_i32
// CHECK-NEXT: scf.yield
extern "C" __global__ __aicore__ void for_ever(GM_ADDR a, GM_ADDR c,
                                               TCubeTiling tiling) {
  AscendC::TPipe pipe;
  AscendC::Matmul<G, G, G> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  AscendC::GlobalTensor<float> aGlobal, cGlobal;
  aGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(a));
  cGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c));
  mm.SetTensorA(aGlobal);
  mm.SetTensorB(aGlobal);
  for (int32_t j = 0;; ++j) {
    if (!mm.Iterate())
      break;
    mm.GetTensorC(cGlobal[j * 256]);
  }
  mm.End();
}

// A second break in the trip: the carried flag, not the rotated form.
// CHECK-LABEL: func.func @two_exits(
// CHECK: scf.while (%[[BROKEN:.*]] = %false
// CHECK: arith.xori %[[BROKEN]], %true
// CHECK: } do {
// CHECK: asc.matmul.iterate
extern "C" __global__ __aicore__ void two_exits(GM_ADDR a, GM_ADDR c,
                                                TCubeTiling tiling) {
  AscendC::TPipe pipe;
  AscendC::Matmul<G, G, G> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  AscendC::GlobalTensor<float> aGlobal, cGlobal;
  aGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(a));
  cGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c));
  mm.SetTensorA(aGlobal);
  mm.SetTensorB(aGlobal);
  int32_t j = 0;
  while (true) {
    if (!mm.Iterate())
      break;
    mm.GetTensorC(cGlobal[j * 256]);
    j = j + 1;
    if (j >= tiling.usedCoreNum)
      break;
  }
  mm.End();
}

// A continue before the test would skip it: the carried flag again.
// CHECK-LABEL: func.func @jump_in_head(
// CHECK: scf.while (%[[BROKEN:.*]] = %false
extern "C" __global__ __aicore__ void jump_in_head(GM_ADDR a, GM_ADDR c,
                                                   TCubeTiling tiling) {
  AscendC::TPipe pipe;
  AscendC::Matmul<G, G, G> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  AscendC::GlobalTensor<float> aGlobal, cGlobal;
  aGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(a));
  cGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c));
  mm.SetTensorA(aGlobal);
  mm.SetTensorB(aGlobal);
  int32_t j = 0;
  while (true) {
    j = j + 1;
    if (j < 2)
      continue;
    if (!mm.Iterate())
      break;
    mm.GetTensorC(cGlobal[j * 256]);
  }
  mm.End();
}

// An object declared before the test (a DataCopyParams, no SSA value)
// cannot pass through the condition: the carried flag again.
// CHECK-LABEL: func.func @object_in_head(
// CHECK: scf.while (%[[BROKEN:.*]] = %false
// CHECK: asc.data_copy %{{.*}}, %{{.*}} params(%c1_i32, %c32_i32, %c0_i32, %c0_i32)
extern "C" __global__ __aicore__ void object_in_head(GM_ADDR a, GM_ADDR c,
                                                     TCubeTiling tiling) {
  AscendC::TPipe pipe;
  AscendC::Matmul<G, G, U> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  AscendC::GlobalTensor<float> aGlobal, cGlobal;
  aGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(a));
  cGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c));
  AscendC::TQue<AscendC::TPosition::VECOUT, 1> queue;
  pipe.InitBuffer(queue, 1, 1024);
  mm.SetTensorA(aGlobal);
  mm.SetTensorB(aGlobal);
  while (true) {
    AscendC::DataCopyParams params{1, 32, 0, 0};
    if (!mm.Iterate())
      break;
    AscendC::LocalTensor<float> block = queue.AllocTensor<float>();
    mm.GetTensorC(block);
    queue.EnQue(block);
    AscendC::LocalTensor<float> ready = queue.DeQue<float>();
    AscendC::DataCopy(cGlobal, ready, params);
    queue.FreeTensor(ready);
  }
  mm.End();
}
// CLEAN: no Matmul protocol violation found
