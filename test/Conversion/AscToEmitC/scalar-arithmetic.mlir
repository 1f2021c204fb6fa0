// RUN: asc-opt %s -split-input-file --convert-asc-to-emitc | FileCheck %s

// Integer arithmetic as C++ writes it: no round trip through unsigned.
// CHECK-LABEL: emitc.func @arithmetic(
// CHECK-SAME: %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32, %[[C:[^:]*]]: i32
// CHECK-NEXT: %[[SUM:.*]] = add %[[A]], %[[B]] : (i32, i32) -> i32
// CHECK-NEXT: %[[DIFF:.*]] = sub %[[SUM]], %[[C]] : (i32, i32) -> i32
// CHECK-NEXT: %[[PROD:.*]] = mul %[[DIFF]], %[[A]] : (i32, i32) -> i32
// CHECK-NEXT: return %[[PROD]]
func.func @arithmetic(%a: i32, %b: i32, %c: i32) -> i32 {
  %sum = arith.addi %a, %b : i32
  %diff = arith.subi %sum, %c : i32
  %prod = arith.muli %diff, %a : i32
  return %prod : i32
}

// -----

// Constants are literals: integers, bools, the shortest float that reads
// back to the same f32, and f16 through half's constructor.
// CHECK-LABEL: emitc.func @constants(
// CHECK-DAG: literal "-1" : i32
// CHECK-DAG: literal "true" : i1
// CHECK-DAG: literal "0.01f" : f32
// CHECK-DAG: literal "3.0f" : f32
// CHECK-DAG: literal "1e+10f" : f32
// CHECK-DAG: literal "half(0.25)" : !emitc.opaque<"half">
func.func @constants(%u: !asc.local_tensor<vecin, f32>, %h: !asc.local_tensor<vecin, f16>, %n: i32) -> i32 {
  %minus_one = arith.constant -1 : i32
  %yes = arith.constant true
  %alpha = arith.constant 0.00999999977 : f32
  %three = arith.constant 3.0 : f32
  %big = arith.constant 1.0e10 : f32
  %quarter = arith.constant 0.25 : f16
  asc.muls %u, %u, %alpha, %n : !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>
  asc.muls %u, %u, %three, %n : !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>
  asc.muls %u, %u, %big, %n : !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>
  asc.muls %h, %h, %quarter, %n : !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>
  %pick = arith.select %yes, %minus_one, %n : i32
  return %pick : i32
}

// -----

// A ceiling division of sizes (tiling fields) is `(a + b - 1) / b`.
// CHECK-LABEL: emitc.func @ceil_div_sizes(
// CHECK: %[[M:.*]] = load %{{.*}} : <i32>
// CHECK: %[[SM:.*]] = load %{{.*}} : <i32>
// CHECK-NEXT: %[[ONE:.*]] = literal "1" : i32
// CHECK-NEXT: %[[SUM:.*]] = add %[[M]], %[[SM]] : (i32, i32) -> i32
// CHECK-NEXT: %[[NUM:.*]] = sub %[[SUM]], %[[ONE]] : (i32, i32) -> i32
// CHECK-NEXT: div %[[NUM]], %[[SM]] : (i32, i32) -> i32
func.func @ceil_div_sizes(%tiling_gm: !asc.gm_addr) -> i32 {
  %tiling = asc.get_tiling %tiling_gm
  %m = asc.tiling.get %tiling[M]
  %single_m = asc.tiling.get %tiling[singleCoreM]
  %blocks = arith.ceildivsi %m, %single_m : i32
  return %blocks : i32
}

// -----

// Of values whose sign is unknown it keeps the exact expansion.
// CHECK-LABEL: emitc.func @ceil_div_signed(
// CHECK: conditional
func.func @ceil_div_signed(%a: i32, %b: i32) -> i32 {
  %q = arith.ceildivsi %a, %b : i32
  return %q : i32
}

// -----

// A conversion is one static_cast; a widening that only feeds an asc call
// is left to C++'s implicit conversion; a zero extension of a value of
// unknown sign keeps the upstream lowering.
// CHECK-LABEL: emitc.func @conversions(
// CHECK: %[[IDX:.*]] = call_opaque "AscendC::GetBlockIdx"()
// CHECK-NEXT: %[[IDX32:.*]] = call_opaque "static_cast"(%[[IDX]]) {template_args = [i32]} : (i64) -> i32
// CHECK-NEXT: %[[WIDE:.*]] = call_opaque "static_cast"(%[[IDX32]]) {template_args = [i64]} : (i32) -> i64
// CHECK-NOT: static_cast
// CHECK: verbatim "{}.SetGlobalBuffer((__gm__ float *){} + {});" args %{{.*}}, %{{.*}}, %[[IDX32]] :
// CHECK: mul %[[WIDE]], %[[WIDE]] : (i64, i64) -> i64
// CHECK: cast %{{.*}} : i32 to ui32
func.func @conversions(%p: !asc.gm_addr, %n: i32) -> i64 {
  %idx = asc.get_block_idx
  %idx32 = arith.trunci %idx : i64 to i32
  %offset = arith.extsi %idx32 : i32 to i64
  %c = asc.set_global_buffer %p[%offset] : !asc.global_tensor<f32>
  %square = arith.muli %offset, %offset : i64
  %unsigned = arith.extui %n : i32 to i64
  %d = asc.set_global_buffer %p, %unsigned : !asc.global_tensor<f32>
  return %square : i64
}
