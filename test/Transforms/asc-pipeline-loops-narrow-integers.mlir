// RUN: asc-opt %s -split-input-file --asc-pipeline-loops=emit-remarks -verify-diagnostics | FileCheck %s
// RUN: asc-opt %s -split-input-file --asc-pipeline-loops=emit-remarks --asc-verify-sync -verify-diagnostics -o /dev/null

// Offsets and counters of fewer than 32 bits: the emitted C++ computes an
// int8_t or int16_t in int and narrows it on the store, so it wraps around.
// Their arithmetic is exact only where no wrap is possible (a range the
// bounds prove, or overflow<nsw>); anything else is an offset of its own,
// and tiles are proven apart only in the valid twins.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// i * 16 * 16 in int8_t is 0 for every tile: all tiles share one slot, and
// the next tile's call would overwrite the one the copy reads.
// CHECK-LABEL: func.func @i8_tiles_share_a_slot(
// CHECK: scf.for %{{.*}} : i8 {
// CHECK-NEXT: arith.muli
// CHECK-NOT: scf.for
func.func @i8_tiles_share_a_slot(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub) {
  %c0 = arith.constant 0 : i8
  %c1 = arith.constant 1 : i8
  %c4 = arith.constant 4 : i8
  %c16 = arith.constant 16 : i8
  %c256 = arith.constant 256 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop not pipelined: 'asc.data_copy': it may read memory at an offset not affine in the induction variable overlapping the output of 'asc.matmul.iterate_all' of iteration i + 1, which the rotation would issue before it}}
  scf.for %i = %c0 to %c4 step %c1 : i8 {
    %o16 = arith.muli %i, %c16 : i8
    %o = arith.muli %o16, %c16 : i8
    %o64 = arith.extsi %o : i8 to i64
    %c_t = asc.subview %c_g[%o64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    // expected-remark @+1 {{this op blocks pipelining its loop}}
    asc.data_copy %u, %c_t, %c256 : !ub, !gm
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Its twin in int16_t: i * 16 * 16 stays below 1024 for i in [0, 4), so
// the tiles are 256 elements apart and the loop is rotated.
// CHECK-LABEL: func.func @i16_tiles_apart(
// CHECK: asc.matmul.iterate_all
// CHECK: scf.for %{{.*}} : i16 {
// CHECK-NEXT: arith.addi
// CHECK-NEXT: asc.matmul.wait_iterate_all
func.func @i16_tiles_apart(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub) {
  %c0 = arith.constant 0 : i16
  %c1 = arith.constant 1 : i16
  %c4 = arith.constant 4 : i16
  %c16 = arith.constant 16 : i16
  %c256 = arith.constant 256 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop pipelined}}
  scf.for %i = %c0 to %c4 step %c1 : i16 {
    %o16 = arith.muli %i, %c16 : i16
    %o = arith.muli %o16, %c16 : i16
    %o64 = arith.extsi %o : i16 to i64
    %c_t = asc.subview %c_g[%o64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.data_copy %u, %c_t, %c256 : !ub, !gm
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// An int8_t offset with a bound the analysis cannot see: i * 64 wraps from
// i = 2 on. overflow<nsw> states that it does not (a wrap is poison), and
// the loop is rotated; without it, it is not.
// CHECK-LABEL: func.func @i8_nsw(
// CHECK: scf.for %{{.*}} : i8 {
// CHECK-NEXT: arith.addi
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-LABEL: func.func @i8_without_nsw(
// CHECK: scf.for %{{.*}} : i8 {
// CHECK-NEXT: arith.muli
func.func @i8_nsw(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i8) {
  %c0 = arith.constant 0 : i8
  %c1 = arith.constant 1 : i8
  %c64 = arith.constant 64 : i8
  %c64_i32 = arith.constant 64 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop pipelined}}
  scf.for %i = %c0 to %n step %c1 : i8 {
    %o = arith.muli %i, %c64 overflow<nsw> : i8
    %o64 = arith.extsi %o : i8 to i64
    %c_t = asc.subview %c_g[%o64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.data_copy %u, %c_t, %c64_i32 : !ub, !gm
  }
  asc.matmul.end %mm : !mm
  return
}
func.func @i8_without_nsw(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i8) {
  %c0 = arith.constant 0 : i8
  %c1 = arith.constant 1 : i8
  %c64 = arith.constant 64 : i8
  %c64_i32 = arith.constant 64 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop not pipelined: 'asc.data_copy': it may read memory at an offset not affine in the induction variable}}
  scf.for %i = %c0 to %n step %c1 : i8 {
    %o = arith.muli %i, %c64 : i8
    %o64 = arith.extsi %o : i8 to i64
    %c_t = asc.subview %c_g[%o64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    // expected-remark @+1 {{this op blocks pipelining its loop}}
    asc.data_copy %u, %c_t, %c64_i32 : !ub, !gm
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A zero extension of an int8_t offset that may be negative is not its
// value (-64 extends to 192): i * -64 zero-extended is no multiple of i.
// (The analysis takes a zero extension apart only for a value it proves
// is not negative.)
// CHECK-LABEL: func.func @i8_zero_extended(
// CHECK: scf.for %{{.*}} : i8 {
// CHECK-NEXT: arith.muli
func.func @i8_zero_extended(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub) {
  %c0 = arith.constant 0 : i8
  %c1 = arith.constant 1 : i8
  %c2 = arith.constant 2 : i8
  %cm64 = arith.constant -64 : i8
  %c64_i32 = arith.constant 64 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop not pipelined: 'asc.data_copy': it may read memory at an offset not affine in the induction variable}}
  scf.for %i = %c0 to %c2 step %c1 : i8 {
    %o = arith.muli %i, %cm64 : i8
    %o64 = arith.extui %o : i8 to i64
    %c_t = asc.subview %c_g[%o64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    // expected-remark @+1 {{this op blocks pipelining its loop}}
    asc.data_copy %u, %c_t, %c64_i32 : !ub, !gm
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// An index offset cast down to i32 keeps its value only when i32 holds it:
// i * 2^16 * 2^16 does not, and the cast leaves 0 for every tile.
// CHECK-LABEL: func.func @index_cast_down(
// CHECK: scf.for %{{.*}} {
// CHECK-NEXT: arith.muli
func.func @index_cast_down(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c65536 = arith.constant 65536 : index
  %c64_i32 = arith.constant 64 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop not pipelined: 'asc.data_copy': it may read memory at an offset not affine in the induction variable}}
  scf.for %i = %c0 to %c3 step %c1 {
    %o16 = arith.muli %i, %c65536 : index
    %o = arith.muli %o16, %c65536 : index
    %o32 = arith.index_cast %o : index to i32
    %o64 = arith.extsi %o32 : i32 to i64
    %c_t = asc.subview %c_g[%o64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    // expected-remark @+1 {{this op blocks pipelining its loop}}
    asc.data_copy %u, %c_t, %c64_i32 : !ub, !gm
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// In int32_t, i * 65536 * 65536 is exact as written but folds to i * 0
// (the constants combine in i32): every tile in one slot again.
// CHECK-LABEL: func.func @i32_chain_folds(
// CHECK: scf.for %{{.*}} : i32 {
// CHECK-NEXT: arith.muli
func.func @i32_chain_folds(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c65536 = arith.constant 65536 : i32
  %c64_i32 = arith.constant 64 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop not pipelined: 'asc.data_copy': it may read memory at an offset not affine in the induction variable}}
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %o16 = arith.muli %i, %c65536 : i32
    %o = arith.muli %o16, %c65536 : i32
    %o64 = arith.extsi %o : i32 to i64
    %c_t = asc.subview %c_g[%o64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    // expected-remark @+1 {{this op blocks pipelining its loop}}
    asc.data_copy %u, %c_t, %c64_i32 : !ub, !gm
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The rotation's last iteration of an int8_t counter from -100 to 100 by 3
// is 98: computed in int8_t, ub - lb - 1 = 199 wraps to -57 and the last
// iteration would be 99, one the loop never runs, after the steady loop
// has run 98 already. It is computed in i64 and narrowed back.
// CHECK-LABEL: func.func @i8_last_iteration(
// CHECK-DAG: %[[LB:.*]] = arith.constant -100 : i8
// CHECK-DAG: %[[STEP:.*]] = arith.constant 3 : i8
// CHECK-DAG: %[[LAST:.*]] = arith.constant 98 : i8
// CHECK: scf.for %{{.*}} = %[[LB]] to %[[LAST]] step %[[STEP]] : i8 {
// CHECK: {{^ *}}}
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: %[[E:.*]] = arith.extsi %[[LAST]] : i8 to i64
func.func @i8_last_iteration(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub) {
  %lb = arith.constant -100 : i8
  %ub = arith.constant 100 : i8
  %step = arith.constant 3 : i8
  %c256 = arith.constant 256 : i64
  %n = arith.constant 256 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop pipelined}}
  scf.for %i = %lb to %ub step %step : i8 {
    %i64 = arith.extsi %i : i8 to i64
    %o = arith.muli %i64, %c256 : i64
    %c_t = asc.subview %c_g[%o] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.data_copy %u, %c_t, %n : !ub, !gm
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// An int8_t counter from 0 to 127 by 100 goes 0, 100, then -56 (100 + 100
// narrowed): the C++ loop never ends where the MLIR one does. Not rotated.
// CHECK-LABEL: func.func @i8_counter_wraps(
// CHECK: scf.for %{{.*}} : i8 {
// CHECK-NEXT: arith.extsi
func.func @i8_counter_wraps(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub) {
  %lb = arith.constant 0 : i8
  %ub = arith.constant 127 : i8
  %step = arith.constant 100 : i8
  %c256 = arith.constant 256 : i64
  %n = arith.constant 256 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop not pipelined: its counter is narrower than 32 bits and may wrap around before it reaches the upper bound (the C++ counter is narrowed on each step)}}
  scf.for %i = %lb to %ub step %step : i8 {
    %i64 = arith.extsi %i : i8 to i64
    %o = arith.muli %i64, %c256 : i64
    %c_t = asc.subview %c_g[%o] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.data_copy %u, %c_t, %n : !ub, !gm
  }
  asc.matmul.end %mm : !mm
  return
}
