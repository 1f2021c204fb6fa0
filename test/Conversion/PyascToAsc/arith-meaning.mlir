// RUN: asc-opt %s --convert-pyasc-to-asc="ffts-prologue=false" | FileCheck %s

// pyasc's arithmetic means what pyasc's emitted C++ computes
// (include/ascir/Target/Asc/External/Arith.h and CodeEmitter.cpp in
// pyasc): a signless i32 or i64 is int32_t or int64_t, whose overflow is
// undefined (nsw; an i16 sum is computed in int and truncated: no flag),
// ceildivsi(a, b) is printed as (a + b - 1) / b, and an index is uint32_t,
// so a pointer offset reaches 64 bits zero-extended. The unsigned ops are
// printed as one C++ operator or static_cast on those signed types, so
// they compute signed; i1 is bool, and static_cast<bool> is `!= 0`.

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

// CHECK-LABEL: func.func @unsigned_ops
// CHECK-SAME: (%[[A:[^:]*]]: !asc.gm_addr, %[[N:[^:]*]]: i32, %[[M:[^:]*]]: i32, %[[F:[^:]*]]: f32)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[DIV:.*]] = arith.divsi %[[N]], %[[M]] : i32
// CHECK-DAG: %[[REM:.*]] = arith.remsi %[[N]], %[[M]] : i32
// CHECK-DAG: %[[SHR:.*]] = arith.shrsi %[[N]], %[[M]] : i32
// CHECK-DAG: %[[LESS:.*]] = arith.cmpi slt, %[[N]], %[[M]] : i32
// CHECK-DAG: %[[NONZERO:.*]] = arith.cmpi ne, %[[M]], %[[ZERO]] : i32
// CHECK-DAG: %[[BOOL:.*]] = arith.extui %[[NONZERO]] : i1 to i32
// CHECK-DAG: %[[REAL:.*]] = arith.sitofp %[[N]] : i32 to f32
// CHECK-DAG: %[[WHOLE:.*]] = arith.fptosi %{{.*}} : f32 to i32
// CHECK-NOT: arith.divui
// CHECK-NOT: arith.remui
// CHECK-NOT: arith.shrui
// CHECK-NOT: arith.cmpi ult
// CHECK-NOT: arith.trunci {{.*}} to i1
// CHECK-NOT: arith.uitofp
// CHECK-NOT: arith.fptoui
// extui then trunci back is the value itself, once the extension is signed.
// CHECK: asc.data_copy %{{.*}}, %{{.*}}, %[[N]] :
// DataCopyParams' members are uint16_t: each value narrowed, then widened.
// CHECK: %[[LEN16:.*]] = arith.trunci %[[N]] : i32 to i16
// CHECK: %[[LEN:.*]] = arith.extui %[[LEN16]] : i16 to i32
// CHECK: asc.data_copy %{{.*}}, %{{.*}} params(%{{.*}}, %[[LEN]], %{{.*}}, %{{.*}})
func.func @unsigned_ops(%a: memref<?xf16, 22>, %n: i32, %m: i32, %f: f32) attributes {ascendc.aicore, ascendc.global} {
  %div = arith.divui %n, %m : i32
  %rem = arith.remui %n, %m : i32
  %shr = arith.shrui %n, %m : i32
  %less = arith.cmpi ult, %n, %m : i32
  %wide = arith.extui %n : i32 to i64
  %narrow = arith.trunci %wide : i64 to i32
  %flag = arith.trunci %m : i32 to i1
  %bool = arith.extsi %flag : i1 to i32
  %lessCount = arith.select %less, %div, %rem : i32
  %real = arith.uitofp %n : i32 to f32
  %sum = arith.addf %real, %f : f32
  %whole = arith.fptoui %sum : f32 to i32
  %ga = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %ga, %a : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %qo = ascendc.queue : <vecout, 1>
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  ascendc.pipe.init_queue %pipe, %qo, %c1, %n : !ascendc.queue<vecout, 1>, i32, i32
  %l = ascendc.que_bind.alloc_tensor %qo : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %ga, %l, %lessCount : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.data_copy_l2 %ga, %l, %shr : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.data_copy_l2 %ga, %l, %narrow : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.data_copy_l2 %ga, %l, %bool : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.data_copy_l2 %ga, %l, %whole : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  %params = ascendc.construct !ascendc.data_copy_params(%c1, %n, %c0, %c0) [ui16, ui16, ui16, ui16] : i32, i32, i32, i32
  ascendc.data_copy_l0 %ga, %l, %params : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.data_copy_params
  ascendc.que_bind.free_tensor %qo, %l : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf16>
  return
}
