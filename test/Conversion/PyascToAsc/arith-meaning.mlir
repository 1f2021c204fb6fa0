// RUN: asc-opt %s --convert-pyasc-to-asc="ffts-prologue=false" | FileCheck %s

// pyasc's arithmetic means what pyasc's emitted C++ computes
// (include/ascir/Target/Asc/External/Arith.h and CodeEmitter.cpp in
// pyasc): a signless i32 or i64 is int32_t or int64_t, whose overflow is
// undefined (nsw; an i16 sum is computed in int and truncated: no flag),
// ceildivsi(a, b) is printed as (a + b - 1) / b, and an index is uint32_t,
// so a pointer offset reaches 64 bits zero-extended.

// CHECK-LABEL: func.func @offsets
// CHECK-SAME: (%[[A:[^:]*]]: !asc.gm_addr, %[[N:[^:]*]]: i32, %[[M:[^:]*]]: i32, %[[H:[^:]*]]: i16)
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[SUM:.*]] = arith.addi %[[N]], %[[M]] overflow<nsw> : i32
// CHECK-NEXT: %[[LESS:.*]] = arith.subi %[[SUM]], %[[ONE]] overflow<nsw> : i32
// CHECK-NEXT: %[[Q:.*]] = arith.divsi %[[LESS]], %[[M]] : i32
// CHECK-NOT: ceildivsi
// CHECK: %[[OFF:.*]] = arith.muli %[[Q]], %[[N]] overflow<nsw> : i32
// CHECK: arith.addi %[[H]], %[[H]] : i16
// CHECK: %[[IDX32:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK-NEXT: %[[OFF64:.*]] = arith.extui %[[IDX32]] : i32 to i64
// CHECK-NEXT: asc.set_global_buffer %[[A]][%[[OFF64]]] : !asc.global_tensor<f16>
func.func @offsets(%a: memref<?xf16, 22>, %n: i32, %m: i32, %h: i16) attributes {ascendc.aicore, ascendc.global} {
  %q = arith.ceildivsi %n, %m : i32
  %off = arith.muli %q, %n : i32
  %hh = arith.addi %h, %h : i16
  %idx = arith.index_cast %off : i32 to index
  %p = emitasc.ptr_offset %a[%idx] : memref<?xf16, 22>, memref<?xf16, 22>
  %ga = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %ga, %p : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qo = ascendc.queue : <vecout, 1>
  %c1 = arith.constant 1 : i32
  ascendc.pipe.init_queue %pipe, %qo, %c1, %n : !ascendc.queue<vecout, 1>, i32, i32
  %l = ascendc.que_bind.alloc_tensor %qo : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  %count = arith.extsi %hh : i16 to i32
  ascendc.data_copy_l2 %ga, %l, %count : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.que_bind.free_tensor %qo, %l : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  return
}
