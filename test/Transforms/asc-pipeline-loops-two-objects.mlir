// RUN: asc-opt %s -split-input-file --asc-pipeline-loops=emit-remarks -verify-diagnostics | FileCheck %s
// RUN: asc-opt %s -split-input-file --asc-sync-placement=pipeline-loops --asc-verify-sync -o %t.1
// Placing twice changes nothing.
// RUN: asc-opt %t.1 -split-input-file --asc-sync-placement=pipeline-loops | diff %t.1 -

// Loop pipelining on two objects: when the creation states room for a copy
// (asc.copies) and the calls state their extent (asc.output_elements), even
// iterations run on the object and odd ones on a copy, each object's next
// call issued at its wait, so two calls are in flight and the cube goes on
// to the next tile while the vector core waits for this one. When the copy
// cannot be made, or the two-object form fails the protocol check, the
// loop gets a remark and the one-object rotation.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The copy is created, registered with the same tiling and ended beside
// the object. Pairs of iterations: both first calls in the prologue, then
// per trip each object's wait, its next call two iterations ahead, and the
// work on its tile. The loop carries the last pair's first iteration out
// (the lower bound when it makes no trip), so that the copy's call stays in
// flight over that iteration's work. An odd trip count runs the last
// iteration as written.
// CHECK-LABEL: func.func @two_objects
// CHECK:      %[[MM:[0-9]+]] = asc.matmul.create {asc.copies = 2 : i64}
// CHECK-NEXT: %[[COPY:[0-9]+]] = asc.matmul.create :
// CHECK-NEXT: asc.matmul.register %{{.*}}, %{{.*}}, %[[MM]], %[[COPY]] tiling %[[T:[^,]+]], %[[T]] :
// CHECK:      %[[TRIPS:[0-9]+]] = arith.maxsi %{{.*}}, %{{.*}} : i32
// CHECK:      %[[PAIRS:[0-9]+]] = arith.divsi %[[TRIPS]], %{{.*}} : i32
// CHECK:      scf.if
// CHECK:      asc.matmul.iterate_all %[[MM]], %{{[0-9]+}} {asc.output_elements = 256 : i64
// CHECK:      asc.matmul.iterate_all %[[COPY]], %{{[0-9]+}} {asc.output_elements = 256 : i64
// CHECK:      %[[LAST:[0-9]+]] = scf.for %{{.*}} iter_args(%{{.*}} = %[[LB:c0[_0-9a-z]*]]) -> (i32)
// CHECK:      %[[EVEN:[0-9]+]] = arith.addi %[[LB]], %{{[0-9]+}} : i32
// CHECK-NEXT: arith.addi %[[EVEN]], %{{.*}} : i32
// CHECK-NEXT: %[[NEXT:[0-9]+]] = arith.addi %[[EVEN]], %{{.*}} : i32
// CHECK:      asc.matmul.wait_iterate_all %[[MM]]
// CHECK:      asc.matmul.iterate_all %[[MM]],
// CHECK-NEXT: asc.data_copy
// CHECK-NEXT: asc.adds
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[COPY]]
// CHECK:      asc.matmul.iterate_all %[[COPY]],
// CHECK-NEXT: asc.data_copy
// CHECK-NEXT: asc.adds
// CHECK-NEXT: scf.yield %[[NEXT]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM]]
// CHECK-NEXT: arith.muli %[[LAST]],
// CHECK-NEXT: arith.extsi
// CHECK-NEXT: asc.subview
// CHECK-NEXT: asc.data_copy
// CHECK-NEXT: asc.adds
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[COPY]]
// CHECK-NEXT: arith.addi %[[LAST]],
// CHECK-NEXT: arith.muli
// CHECK-NEXT: arith.extsi
// CHECK-NEXT: asc.subview
// CHECK-NEXT: asc.data_copy
// CHECK-NEXT: asc.adds
// CHECK-NEXT: }
// CHECK:      arith.cmpi slt, %{{.*}}, %[[TRIPS]] : i32
// CHECK:      scf.if
// CHECK:      asc.matmul.iterate_all %[[MM]],
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM]]
// CHECK:      asc.matmul.end %[[MM]]
// CHECK-NEXT: asc.matmul.end %[[COPY]]
func.func @two_objects(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %pipe: !asc.pipe, %sys: !asc.gm_addr, %tiling: !asc.tiling, %u: !ub, %s: f32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c256 = arith.constant 256 : i32
  %mm = asc.matmul.create {asc.copies = 2 : i64} : !mm
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop pipelined on two objects: even iterations run the 'asc.matmul.iterate_all' on its object, odd ones on a copy (asc.copies), each object's next call issued at its wait: two calls in flight}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    %off = arith.muli %i, %c256 : i32
    %off64 = arith.extsi %off : i32 to i64
    %c_t = asc.subview %c_g[%off64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.data_copy %u, %c_t, %c256 : !ub, !gm
    asc.adds %u, %u, %s, %c256 : !ub, !ub
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// B is staged once, before the loop: a copy's calls would run without it.
// The loop gets the one-object rotation.
// CHECK-LABEL: func.func @input_staged_outside
// CHECK-COUNT-1: asc.matmul.create
// CHECK-NOT:  asc.matmul.create
func.func @input_staged_outside(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %pipe: !asc.pipe, %sys: !asc.gm_addr, %tiling: !asc.tiling, %u: !ub, %s: f32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c256 = arith.constant 256 : i32
  %mm = asc.matmul.create {asc.copies = 2 : i64} : !mm
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  asc.matmul.set_tensor_b %mm, %a_g : !mm, !gm16
  // expected-remark @+2 {{loop not pipelined on two objects: the loop's setters do not stage both inputs (A and B tensors) each iteration: the copy would start without them}}
  // expected-remark @+1 {{loop pipelined: the 'asc.matmul.iterate_all' of iteration i + 1 issued right after iteration i's wait}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    %off = arith.muli %i, %c256 : i32
    %off64 = arith.extsi %off : i32 to i64
    %c_t = asc.subview %c_g[%off64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.data_copy %u, %c_t, %c256 : !ub, !gm
    asc.adds %u, %u, %s, %c256 : !ub, !ub
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, bias = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A bias set before the loop stays with the object's server (the calls of
// the loop use it): a copy would compute without it.
// CHECK-LABEL: func.func @bias_set_outside
// CHECK-COUNT-1: asc.matmul.create
// CHECK-NOT:  asc.matmul.create
func.func @bias_set_outside(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %pipe: !asc.pipe, %sys: !asc.gm_addr, %tiling: !asc.tiling, %u: !ub, %s: f32, %n: i32, %bias: !gm) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c256 = arith.constant 256 : i32
  %mm = asc.matmul.create {asc.copies = 2 : i64} : !mm
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  asc.matmul.set_bias %mm, %bias : !mm, !gm
  // expected-remark @+2 {{loop not pipelined on two objects: the object is used outside the loop ('asc.matmul.set_bias') other than by its registration, End and input setters: a copy would miss it}}
  // expected-remark @+1 {{loop pipelined: the 'asc.matmul.iterate_all' of iteration i + 1 issued right after iteration i's wait}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    %off = arith.muli %i, %c256 : i32
    %off64 = arith.extsi %off : i32 to i64
    %c_t = asc.subview %c_g[%off64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.data_copy %u, %c_t, %c256 : !ub, !gm
    asc.adds %u, %u, %s, %c256 : !ub, !ub
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Inputs staged before the loop as well: each call's own setters replace
// them, so the copy gets the same calls.
// CHECK-LABEL: func.func @inputs_also_staged_before
// CHECK:      asc.matmul.create {asc.copies = 2 : i64}
// CHECK-NEXT: asc.matmul.create :
func.func @inputs_also_staged_before(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %pipe: !asc.pipe, %sys: !asc.gm_addr, %tiling: !asc.tiling, %u: !ub, %s: f32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c256 = arith.constant 256 : i32
  %mm = asc.matmul.create {asc.copies = 2 : i64} : !mm
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %a_g : !mm, !gm16
  // expected-remark @+1 {{loop pipelined on two objects}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    %off = arith.muli %i, %c256 : i32
    %off64 = arith.extsi %off : i32 to i64
    %c_t = asc.subview %c_g[%off64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.data_copy %u, %c_t, %c256 : !ub, !gm
    asc.adds %u, %u, %s, %c256 : !ub, !ub
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// No stated extent: two tiles' outputs, each unbounded, overlap while both
// calls are in flight; the checker refuses the form and the pass backs out.
// CHECK-LABEL: func.func @extent_unstated
// CHECK-COUNT-1: asc.matmul.create
// CHECK-NOT:  asc.matmul.create
func.func @extent_unstated(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %pipe: !asc.pipe, %sys: !asc.gm_addr, %tiling: !asc.tiling, %u: !ub, %s: f32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c256 = arith.constant 256 : i32
  %mm = asc.matmul.create {asc.copies = 2 : i64} : !mm
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+2 {{loop not pipelined on two objects: the two-object form fails the protocol check, so the pass backed out: 'asc.matmul.iterate_all' op may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
  // expected-remark @+1 {{loop pipelined: the 'asc.matmul.iterate_all' of iteration i + 1 issued right after iteration i's wait}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    %off = arith.muli %i, %c256 : i32
    %off64 = arith.extsi %off : i32 to i64
    %c_t = asc.subview %c_g[%off64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.data_copy %u, %c_t, %c256 : !ub, !gm
    asc.adds %u, %u, %s, %c256 : !ub, !ub
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// An int16_t counter wraps around: the previous trip's value is not one
// step back.
// CHECK-LABEL: func.func @narrow_counter
// CHECK-COUNT-1: asc.matmul.create
// CHECK-NOT:  asc.matmul.create
func.func @narrow_counter(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %pipe: !asc.pipe, %sys: !asc.gm_addr, %tiling: !asc.tiling, %u: !ub, %s: f32, %n: i16) {
  %c0 = arith.constant 0 : i16
  %c1 = arith.constant 1 : i16
  %c256 = arith.constant 256 : i32
  %mm = asc.matmul.create {asc.copies = 2 : i64} : !mm
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+2 {{loop not pipelined on two objects: the loop counter is narrower than 32 bits (the C++ counter wraps around)}}
  // expected-remark @+1 {{loop pipelined: the 'asc.matmul.iterate_all' of iteration i + 1 issued right after iteration i's wait}}
  scf.for %i = %c0 to %n step %c1 : i16 {
    %i32 = arith.extsi %i : i16 to i32
    %off = arith.muli %i32, %c256 : i32
    %off64 = arith.extsi %off : i32 to i64
    %c_t = asc.subview %c_g[%off64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.data_copy %u, %c_t, %c256 : !ub, !gm
    asc.adds %u, %u, %s, %c256 : !ub, !ub
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// REGIST_MATMUL_OBJ takes at most four objects.
// CHECK-LABEL: func.func @four_registered
// CHECK-COUNT-4: asc.matmul.create
// CHECK-NOT:  asc.matmul.create
func.func @four_registered(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %pipe: !asc.pipe, %sys: !asc.gm_addr, %tiling: !asc.tiling, %u: !ub, %s: f32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c256 = arith.constant 256 : i32
  %mm = asc.matmul.create {asc.copies = 2 : i64} : !mm
  %m1 = asc.matmul.create : !mm
  %m2 = asc.matmul.create : !mm
  %m3 = asc.matmul.create : !mm
  asc.matmul.register %pipe, %sys, %mm, %m1, %m2, %m3 tiling %tiling, %tiling, %tiling, %tiling : !mm, !mm, !mm, !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+2 {{loop not pipelined on two objects: its registration holds four objects already}}
  // expected-remark @+1 {{loop pipelined: the 'asc.matmul.iterate_all' of iteration i + 1 issued right after iteration i's wait}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    %off = arith.muli %i, %c256 : i32
    %off64 = arith.extsi %off : i32 to i64
    %c_t = asc.subview %c_g[%off64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.data_copy %u, %c_t, %c256 : !ub, !gm
    asc.adds %u, %u, %s, %c256 : !ub, !ub
  }
  asc.matmul.end %mm : !mm
  asc.matmul.end %m1 : !mm
  asc.matmul.end %m2 : !mm
  asc.matmul.end %m3 : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// From a lower bound the checker knows only by name: the loop carries it
// out when it makes no trip, and the last pair's first tile still overlaps
// the copy's call (the prologue's at lb + 1, or the last trip's).
// CHECK-LABEL: func.func @from_a_symbolic_start
// CHECK:      %[[LAST:[0-9]+]] = scf.for %{{.*}} iter_args(%{{.*}} = %arg0) -> (i32)
// CHECK:      scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM:[0-9]+]]
// CHECK-NEXT: arith.muli %[[LAST]],
// CHECK-NEXT: arith.extsi
// CHECK-NEXT: asc.subview
// CHECK-NEXT: asc.data_copy
// CHECK-NEXT: asc.adds
// CHECK-NEXT: asc.matmul.wait_iterate_all
func.func @from_a_symbolic_start(%lb: i32, %a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %pipe: !asc.pipe, %sys: !asc.gm_addr, %tiling: !asc.tiling, %u: !ub, %s: f32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c256 = arith.constant 256 : i32
  %mm = asc.matmul.create {asc.copies = 2 : i64} : !mm
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop pipelined on two objects: even iterations run the 'asc.matmul.iterate_all' on its object, odd ones on a copy (asc.copies), each object's next call issued at its wait: two calls in flight}}
  scf.for %i = %lb to %n step %c1 : i32 {
    %off = arith.muli %i, %c256 : i32
    %off64 = arith.extsi %off : i32 to i64
    %c_t = asc.subview %c_g[%off64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.data_copy %u, %c_t, %c256 : !ub, !gm
    asc.adds %u, %u, %s, %c256 : !ub, !ub
  }
  asc.matmul.end %mm : !mm
  return
}
