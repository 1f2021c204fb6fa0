// RUN: asc-opt %s -split-input-file --asc-verify-sync -verify-diagnostics

// The errors of the placement's input check and the notes and clauses of
// its remarks come in program order, the same in every run (the analyses
// keep their sets in address order; ProgramOrderKeys.h sorts them).
// RUN: not asc-opt %s -split-input-file --asc-sync-placement=emit-remarks -o /dev/null 2> %t.first
// RUN: not asc-opt %s -split-input-file --asc-sync-placement=emit-remarks -o /dev/null 2> %t.second
// RUN: not asc-opt %s -split-input-file --asc-sync-placement=emit-remarks -o /dev/null 2> %t.third
// RUN: diff %t.first %t.second
// RUN: diff %t.first %t.third
// RUN: FileCheck %s --check-prefix=ORDER < %t.first

// The checker across the back edge of an scf.for: a call in flight at an
// op before its issue in the body is the previous trip's, one issued
// before the loop is in flight in its first trip only (InFlightConflicts'
// isApartAcrossTrips). Double-buffered loops, each racy shape beside its
// safe twin, a loop the checker does not reason about, and the work after
// a loop that carries its next tile out (isApartAfterLoop).

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Two objects, two calls in flight across the back edge: at the first copy
// of trip g, mm1's call is the previous trip's (tile g + 1) or, in the
// first trip, the prologue's (tile 1): neither is tile g.
func.func @double_buffered(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub, %s: f32, %n: i32, %m: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %k0 = arith.constant 0 : i32
  %k1 = arith.constant 1 : i32
  %k256 = arith.constant 256 : i32
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  %offp0 = arith.muli %c0, %k256 : i32
  %off64p0 = arith.extsi %offp0 : i32 to i64
  %cp0 = asc.subview %c_g[%off64p0] : !gm
  asc.matmul.set_tensor_a %mm0, %a_g : !mm, !gm16
  asc.matmul.set_tensor_b %mm0, %a_g : !mm, !gm16
  asc.matmul.iterate_all %mm0, %cp0 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  %offp1 = arith.muli %c1, %k256 : i32
  %off64p1 = arith.extsi %offp1 : i32 to i64
  %cp1 = asc.subview %c_g[%off64p1] : !gm
  asc.matmul.set_tensor_a %mm1, %a_g : !mm, !gm16
  asc.matmul.set_tensor_b %mm1, %a_g : !mm, !gm16
  asc.matmul.iterate_all %mm1, %cp1 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  %last = arith.subi %n, %c2 : i32
  scf.for %g = %c0 to %last step %c2 : i32 {
    %g1 = arith.addi %g, %c1 : i32
    %g2 = arith.addi %g, %c2 : i32
    %g3 = arith.addi %g, %c3 : i32
    asc.matmul.wait_iterate_all %mm0 : !mm
    %offx0 = arith.muli %g, %k256 : i32
    %off64x0 = arith.extsi %offx0 : i32 to i64
    %cx0 = asc.subview %c_g[%off64x0] : !gm
    asc.data_copy %u, %cx0, %k256 : !ub, !gm
    asc.adds %u, %u, %s, %k256 : !ub, !ub
    %offn0 = arith.muli %g2, %k256 : i32
    %off64n0 = arith.extsi %offn0 : i32 to i64
    %cn0 = asc.subview %c_g[%off64n0] : !gm
    asc.matmul.set_tensor_a %mm0, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm0, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm0, %cn0 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    asc.matmul.wait_iterate_all %mm1 : !mm
    %offx1 = arith.muli %g1, %k256 : i32
    %off64x1 = arith.extsi %offx1 : i32 to i64
    %cx1 = asc.subview %c_g[%off64x1] : !gm
    asc.data_copy %u, %cx1, %k256 : !ub, !gm
    asc.adds %u, %u, %s, %k256 : !ub, !ub
    %offn1 = arith.muli %g3, %k256 : i32
    %off64n1 = arith.extsi %offn1 : i32 to i64
    %cn1 = asc.subview %c_g[%off64n1] : !gm
    asc.matmul.set_tensor_a %mm1, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm1, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm1, %cn1 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  }
  asc.matmul.wait_iterate_all %mm0 : !mm
  asc.matmul.wait_iterate_all %mm1 : !mm
  asc.matmul.end %mm0 : !mm
  asc.matmul.end %mm1 : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Racy twin: the first copy reads tile g + 1, which mm1's call of the
// previous trip (or the prologue's, in the first trip) is writing.
func.func @reads_the_tile_in_flight(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub, %s: f32, %n: i32, %m: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %k0 = arith.constant 0 : i32
  %k1 = arith.constant 1 : i32
  %k256 = arith.constant 256 : i32
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  %offp0 = arith.muli %c0, %k256 : i32
  %off64p0 = arith.extsi %offp0 : i32 to i64
  %cp0 = asc.subview %c_g[%off64p0] : !gm
  asc.matmul.set_tensor_a %mm0, %a_g : !mm, !gm16
  asc.matmul.set_tensor_b %mm0, %a_g : !mm, !gm16
  asc.matmul.iterate_all %mm0, %cp0 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  %offp1 = arith.muli %c1, %k256 : i32
  %off64p1 = arith.extsi %offp1 : i32 to i64
  %cp1 = asc.subview %c_g[%off64p1] : !gm
  asc.matmul.set_tensor_a %mm1, %a_g : !mm, !gm16
  asc.matmul.set_tensor_b %mm1, %a_g : !mm, !gm16
  // expected-note @+1 {{the async issue writing that output; its 'asc.matmul.wait_iterate_all' must come before the access}}
  asc.matmul.iterate_all %mm1, %cp1 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  %last = arith.subi %n, %c2 : i32
  scf.for %g = %c0 to %last step %c2 : i32 {
    %g1 = arith.addi %g, %c1 : i32
    %g2 = arith.addi %g, %c2 : i32
    %g3 = arith.addi %g, %c3 : i32
    asc.matmul.wait_iterate_all %mm0 : !mm
    %offx0 = arith.muli %g1, %k256 : i32
    %off64x0 = arith.extsi %offx0 : i32 to i64
    %cx0 = asc.subview %c_g[%off64x0] : !gm
    // Two issues in flight race with the copy: the one before the loop
    // first.
    // ORDER:      across-trips.mlir:[[@LINE+7]]:5: error: 'asc.data_copy' op may access memory
    // ORDER:      note: the async issue writing that output
    // ORDER-NEXT: asc.matmul.iterate_all %mm1, %cp1
    // ORDER:      across-trips.mlir:[[@LINE+4]]:5: error: 'asc.data_copy' op may access memory
    // ORDER:      note: the async issue writing that output
    // ORDER-NEXT: asc.matmul.iterate_all %mm1, %cn1
    // expected-error @+1 {{may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
    asc.data_copy %u, %cx0, %k256 : !ub, !gm
    asc.adds %u, %u, %s, %k256 : !ub, !ub
    %offn0 = arith.muli %g2, %k256 : i32
    %off64n0 = arith.extsi %offn0 : i32 to i64
    %cn0 = asc.subview %c_g[%off64n0] : !gm
    asc.matmul.set_tensor_a %mm0, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm0, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm0, %cn0 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    asc.matmul.wait_iterate_all %mm1 : !mm
    %offx1 = arith.muli %g1, %k256 : i32
    %off64x1 = arith.extsi %offx1 : i32 to i64
    %cx1 = asc.subview %c_g[%off64x1] : !gm
    asc.data_copy %u, %cx1, %k256 : !ub, !gm
    asc.adds %u, %u, %s, %k256 : !ub, !ub
    %offn1 = arith.muli %g3, %k256 : i32
    %off64n1 = arith.extsi %offn1 : i32 to i64
    %cn1 = asc.subview %c_g[%off64n1] : !gm
    asc.matmul.set_tensor_a %mm1, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm1, %a_g : !mm, !gm16
    // expected-note @+1 {{the async issue writing that output; its 'asc.matmul.wait_iterate_all' must come before the access}}
    asc.matmul.iterate_all %mm1, %cn1 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  }
  asc.matmul.wait_iterate_all %mm0 : !mm
  asc.matmul.wait_iterate_all %mm1 : !mm
  asc.matmul.end %mm0 : !mm
  asc.matmul.end %mm1 : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Inside a loop over blocks: the tile loop runs again, but the waits after
// it complete both calls before the block loop comes round, so the
// instance in flight in a trip is still the previous trip's.
func.func @in_a_block_loop(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub, %s: f32, %n: i32, %m: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %k0 = arith.constant 0 : i32
  %k1 = arith.constant 1 : i32
  %k256 = arith.constant 256 : i32
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  scf.for %o = %k0 to %m step %k1 : i32 {
    %offp0 = arith.muli %c0, %k256 : i32
    %off64p0 = arith.extsi %offp0 : i32 to i64
    %cp0 = asc.subview %c_g[%off64p0] : !gm
    asc.matmul.set_tensor_a %mm0, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm0, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm0, %cp0 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    %offp1 = arith.muli %c1, %k256 : i32
    %off64p1 = arith.extsi %offp1 : i32 to i64
    %cp1 = asc.subview %c_g[%off64p1] : !gm
    asc.matmul.set_tensor_a %mm1, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm1, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm1, %cp1 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    %last = arith.subi %n, %c2 : i32
    scf.for %g = %c0 to %last step %c2 : i32 {
      %g1 = arith.addi %g, %c1 : i32
      %g2 = arith.addi %g, %c2 : i32
      %g3 = arith.addi %g, %c3 : i32
      // The wait completes the issue before the loop (its first trip) and
      // the previous trip's: the clauses in that order.
      // ORDER: across-trips.mlir:[[@LINE+1]]:7: remark: wait placed before 'asc.data_copy': it may access the pending output; 13 operations overlap the async 'asc.matmul.iterate_all'; 0 operations overlap the async 'asc.matmul.iterate_all'
      asc.matmul.wait_iterate_all %mm0 : !mm
      %offx0 = arith.muli %g, %k256 : i32
      %off64x0 = arith.extsi %offx0 : i32 to i64
      %cx0 = asc.subview %c_g[%off64x0] : !gm
      asc.data_copy %u, %cx0, %k256 : !ub, !gm
      asc.adds %u, %u, %s, %k256 : !ub, !ub
      %offn0 = arith.muli %g2, %k256 : i32
      %off64n0 = arith.extsi %offn0 : i32 to i64
      %cn0 = asc.subview %c_g[%off64n0] : !gm
      asc.matmul.set_tensor_a %mm0, %a_g : !mm, !gm16
      asc.matmul.set_tensor_b %mm0, %a_g : !mm, !gm16
      asc.matmul.iterate_all %mm0, %cn0 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
      asc.matmul.wait_iterate_all %mm1 : !mm
      %offx1 = arith.muli %g1, %k256 : i32
      %off64x1 = arith.extsi %offx1 : i32 to i64
      %cx1 = asc.subview %c_g[%off64x1] : !gm
      asc.data_copy %u, %cx1, %k256 : !ub, !gm
      asc.adds %u, %u, %s, %k256 : !ub, !ub
      %offn1 = arith.muli %g3, %k256 : i32
      %off64n1 = arith.extsi %offn1 : i32 to i64
      %cn1 = asc.subview %c_g[%off64n1] : !gm
      asc.matmul.set_tensor_a %mm1, %a_g : !mm, !gm16
      asc.matmul.set_tensor_b %mm1, %a_g : !mm, !gm16
      asc.matmul.iterate_all %mm1, %cn1 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    }
    asc.matmul.wait_iterate_all %mm0 : !mm
    asc.matmul.wait_iterate_all %mm1 : !mm
  }
  asc.matmul.end %mm0 : !mm
  asc.matmul.end %mm1 : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// An int16_t counter wraps around: the previous trip's value is not one
// step back, and the checker does not assume it. Within a trip, g + 1,
// g + 2 and g + 3 in int16_t wrap too: their tiles are not proven apart.
func.func @narrow_counter(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub, %s: f32, %n: i16, %m: i32) {
  %c0 = arith.constant 0 : i16
  %c1 = arith.constant 1 : i16
  %c2 = arith.constant 2 : i16
  %c3 = arith.constant 3 : i16
  %k0 = arith.constant 0 : i32
  %k1 = arith.constant 1 : i32
  %k256 = arith.constant 256 : i32
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  %vp0 = arith.extsi %c0 : i16 to i32
  %offp0 = arith.muli %vp0, %k256 : i32
  %off64p0 = arith.extsi %offp0 : i32 to i64
  %cp0 = asc.subview %c_g[%off64p0] : !gm
  asc.matmul.set_tensor_a %mm0, %a_g : !mm, !gm16
  asc.matmul.set_tensor_b %mm0, %a_g : !mm, !gm16
  asc.matmul.iterate_all %mm0, %cp0 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  %vp1 = arith.extsi %c1 : i16 to i32
  %offp1 = arith.muli %vp1, %k256 : i32
  %off64p1 = arith.extsi %offp1 : i32 to i64
  %cp1 = asc.subview %c_g[%off64p1] : !gm
  asc.matmul.set_tensor_a %mm1, %a_g : !mm, !gm16
  asc.matmul.set_tensor_b %mm1, %a_g : !mm, !gm16
  // expected-note @+1 {{the async issue writing that output; its 'asc.matmul.wait_iterate_all' must come before the access}}
  asc.matmul.iterate_all %mm1, %cp1 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  %last = arith.subi %n, %c2 : i16
  scf.for %g = %c0 to %last step %c2 : i16 {
    %g1 = arith.addi %g, %c1 : i16
    %g2 = arith.addi %g, %c2 : i16
    %g3 = arith.addi %g, %c3 : i16
    asc.matmul.wait_iterate_all %mm0 : !mm
    %vx0 = arith.extsi %g : i16 to i32
    %offx0 = arith.muli %vx0, %k256 : i32
    %off64x0 = arith.extsi %offx0 : i32 to i64
    %cx0 = asc.subview %c_g[%off64x0] : !gm
    // expected-error @+1 {{may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
    asc.data_copy %u, %cx0, %k256 : !ub, !gm
    asc.adds %u, %u, %s, %k256 : !ub, !ub
    %vn0 = arith.extsi %g2 : i16 to i32
    %offn0 = arith.muli %vn0, %k256 : i32
    %off64n0 = arith.extsi %offn0 : i32 to i64
    %cn0 = asc.subview %c_g[%off64n0] : !gm
    asc.matmul.set_tensor_a %mm0, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm0, %a_g : !mm, !gm16
    // expected-note @+2 {{the async issue writing that output; its 'asc.matmul.wait_iterate_all' must come before the access}}
    // expected-error @+1 {{may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
    asc.matmul.iterate_all %mm0, %cn0 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    asc.matmul.wait_iterate_all %mm1 : !mm
    %vx1 = arith.extsi %g1 : i16 to i32
    %offx1 = arith.muli %vx1, %k256 : i32
    %off64x1 = arith.extsi %offx1 : i32 to i64
    %cx1 = asc.subview %c_g[%off64x1] : !gm
    // expected-error @+1 {{may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
    asc.data_copy %u, %cx1, %k256 : !ub, !gm
    asc.adds %u, %u, %s, %k256 : !ub, !ub
    %vn1 = arith.extsi %g3 : i16 to i32
    %offn1 = arith.muli %vn1, %k256 : i32
    %off64n1 = arith.extsi %offn1 : i32 to i64
    %cn1 = asc.subview %c_g[%off64n1] : !gm
    asc.matmul.set_tensor_a %mm1, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm1, %a_g : !mm, !gm16
    // expected-note @+2 {{the async issue writing that output; its 'asc.matmul.wait_iterate_all' must come before the access}}
    // expected-error @+1 {{may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
    asc.matmul.iterate_all %mm1, %cn1 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  }
  asc.matmul.wait_iterate_all %mm0 : !mm
  asc.matmul.wait_iterate_all %mm1 : !mm
  asc.matmul.end %mm0 : !mm
  asc.matmul.end %mm1 : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The copy's calls through another name of the object (a select): which
// object the name denotes, and so which calls are one instance, is not
// known, and the checker does not reason across trips about them.
func.func @through_a_select(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub, %s: f32, %n: i32, %which: i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %k256 = arith.constant 256 : i32
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  %sel = arith.select %which, %mm1, %mm1 : !mm
  %z = arith.constant 0 : i64
  %t0 = asc.subview %c_g[%z] : !gm
  asc.matmul.set_tensor_a %mm0, %a_g : !mm, !gm16
  asc.matmul.set_tensor_b %mm0, %a_g : !mm, !gm16
  asc.matmul.iterate_all %mm0, %t0 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  %o1 = arith.constant 256 : i64
  %t1 = asc.subview %c_g[%o1] : !gm
  asc.matmul.set_tensor_a %sel, %a_g : !mm, !gm16
  asc.matmul.set_tensor_b %sel, %a_g : !mm, !gm16
  // expected-note @+1 {{the async issue writing that output; its 'asc.matmul.wait_iterate_all' must come before the access}}
  asc.matmul.iterate_all %sel, %t1 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  %last = arith.subi %n, %c2 : i32
  scf.for %g = %c0 to %last step %c2 : i32 {
    %g1 = arith.addi %g, %c1 : i32
    %g2 = arith.addi %g, %c2 : i32
    %g3 = arith.addi %g, %c3 : i32
    asc.matmul.wait_iterate_all %mm0 : !mm
    %x0 = arith.muli %g, %k256 : i32
    %x0_64 = arith.extsi %x0 : i32 to i64
    %v0 = asc.subview %c_g[%x0_64] : !gm
    // expected-error @+1 {{may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
    asc.data_copy %u, %v0, %k256 : !ub, !gm
    %n0 = arith.muli %g2, %k256 : i32
    %n0_64 = arith.extsi %n0 : i32 to i64
    %w0 = asc.subview %c_g[%n0_64] : !gm
    asc.matmul.set_tensor_a %mm0, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm0, %a_g : !mm, !gm16
    // expected-error @+1 {{may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
    asc.matmul.iterate_all %mm0, %w0 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    asc.matmul.wait_iterate_all %sel : !mm
    %x1 = arith.muli %g1, %k256 : i32
    %x1_64 = arith.extsi %x1 : i32 to i64
    %v1 = asc.subview %c_g[%x1_64] : !gm
    asc.data_copy %u, %v1, %k256 : !ub, !gm
    %n1 = arith.muli %g3, %k256 : i32
    %n1_64 = arith.extsi %n1 : i32 to i64
    %w1 = asc.subview %c_g[%n1_64] : !gm
    asc.matmul.set_tensor_a %sel, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %sel, %a_g : !mm, !gm16
    // expected-note @+1 {{the async issue writing that output; its 'asc.matmul.wait_iterate_all' must come before the access}}
    asc.matmul.iterate_all %sel, %w1 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  }
  asc.matmul.wait_iterate_all %mm0 : !mm
  asc.matmul.wait_iterate_all %sel : !mm
  asc.matmul.end %mm0 : !mm
  asc.matmul.end %mm1 : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The last pair after the loop, which carries its first tile out (the
// lower bound when it makes no trip): at tile r's copy, mm1's call in flight
// is the last trip's (tile r + 1, as that trip yields r) or, when the loop
// made no trip, the prologue's (tile 1, r being 0). Neither is tile r
// (InFlightConflicts::isApartAfterLoop).
func.func @carried_out_of_the_loop(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub, %s: f32, %n: i32, %m: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %k0 = arith.constant 0 : i32
  %k1 = arith.constant 1 : i32
  %k256 = arith.constant 256 : i32
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  %offp0 = arith.muli %c0, %k256 : i32
  %off64p0 = arith.extsi %offp0 : i32 to i64
  %cp0 = asc.subview %c_g[%off64p0] : !gm
  asc.matmul.set_tensor_a %mm0, %a_g : !mm, !gm16
  asc.matmul.set_tensor_b %mm0, %a_g : !mm, !gm16
  asc.matmul.iterate_all %mm0, %cp0 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  %offp1 = arith.muli %c1, %k256 : i32
  %off64p1 = arith.extsi %offp1 : i32 to i64
  %cp1 = asc.subview %c_g[%off64p1] : !gm
  asc.matmul.set_tensor_a %mm1, %a_g : !mm, !gm16
  asc.matmul.set_tensor_b %mm1, %a_g : !mm, !gm16
  asc.matmul.iterate_all %mm1, %cp1 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  %last = arith.subi %n, %c2 : i32
  %r = scf.for %g = %c0 to %last step %c2 iter_args(%next = %c0) -> (i32) : i32 {
    %g1 = arith.addi %g, %c1 : i32
    %g2 = arith.addi %g, %c2 : i32
    %g3 = arith.addi %g, %c3 : i32
    asc.matmul.wait_iterate_all %mm0 : !mm
    %offx0 = arith.muli %g, %k256 : i32
    %off64x0 = arith.extsi %offx0 : i32 to i64
    %cx0 = asc.subview %c_g[%off64x0] : !gm
    asc.data_copy %u, %cx0, %k256 : !ub, !gm
    asc.adds %u, %u, %s, %k256 : !ub, !ub
    %offn0 = arith.muli %g2, %k256 : i32
    %off64n0 = arith.extsi %offn0 : i32 to i64
    %cn0 = asc.subview %c_g[%off64n0] : !gm
    asc.matmul.set_tensor_a %mm0, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm0, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm0, %cn0 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    asc.matmul.wait_iterate_all %mm1 : !mm
    %offx1 = arith.muli %g1, %k256 : i32
    %off64x1 = arith.extsi %offx1 : i32 to i64
    %cx1 = asc.subview %c_g[%off64x1] : !gm
    asc.data_copy %u, %cx1, %k256 : !ub, !gm
    asc.adds %u, %u, %s, %k256 : !ub, !ub
    %offn1 = arith.muli %g3, %k256 : i32
    %off64n1 = arith.extsi %offn1 : i32 to i64
    %cn1 = asc.subview %c_g[%off64n1] : !gm
    asc.matmul.set_tensor_a %mm1, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm1, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm1, %cn1 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    scf.yield %g2 : i32
  }
  %r1 = arith.addi %r, %c1 : i32
  asc.matmul.wait_iterate_all %mm0 : !mm
  %offe0 = arith.muli %r, %k256 : i32
  %off64e0 = arith.extsi %offe0 : i32 to i64
  %ce0 = asc.subview %c_g[%off64e0] : !gm
  asc.data_copy %u, %ce0, %k256 : !ub, !gm
  asc.adds %u, %u, %s, %k256 : !ub, !ub
  asc.matmul.wait_iterate_all %mm1 : !mm
  %offe1 = arith.muli %r1, %k256 : i32
  %off64e1 = arith.extsi %offe1 : i32 to i64
  %ce1 = asc.subview %c_g[%off64e1] : !gm
  asc.data_copy %u, %ce1, %k256 : !ub, !gm
  asc.adds %u, %u, %s, %k256 : !ub, !ub
  asc.matmul.end %mm0 : !mm
  asc.matmul.end %mm1 : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Racy twin: the last pair's first copy reads tile r + 1, which mm1's call
// is writing, whichever of the two issued it.
func.func @reads_the_carried_tile_in_flight(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub, %s: f32, %n: i32, %m: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %k0 = arith.constant 0 : i32
  %k1 = arith.constant 1 : i32
  %k256 = arith.constant 256 : i32
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  %offp0 = arith.muli %c0, %k256 : i32
  %off64p0 = arith.extsi %offp0 : i32 to i64
  %cp0 = asc.subview %c_g[%off64p0] : !gm
  asc.matmul.set_tensor_a %mm0, %a_g : !mm, !gm16
  asc.matmul.set_tensor_b %mm0, %a_g : !mm, !gm16
  asc.matmul.iterate_all %mm0, %cp0 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  %offp1 = arith.muli %c1, %k256 : i32
  %off64p1 = arith.extsi %offp1 : i32 to i64
  %cp1 = asc.subview %c_g[%off64p1] : !gm
  asc.matmul.set_tensor_a %mm1, %a_g : !mm, !gm16
  asc.matmul.set_tensor_b %mm1, %a_g : !mm, !gm16
  // expected-note @+1 {{the async issue writing that output; its 'asc.matmul.wait_iterate_all' must come before the access}}
  asc.matmul.iterate_all %mm1, %cp1 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  %last = arith.subi %n, %c2 : i32
  %r = scf.for %g = %c0 to %last step %c2 iter_args(%next = %c0) -> (i32) : i32 {
    %g1 = arith.addi %g, %c1 : i32
    %g2 = arith.addi %g, %c2 : i32
    %g3 = arith.addi %g, %c3 : i32
    asc.matmul.wait_iterate_all %mm0 : !mm
    %offx0 = arith.muli %g, %k256 : i32
    %off64x0 = arith.extsi %offx0 : i32 to i64
    %cx0 = asc.subview %c_g[%off64x0] : !gm
    asc.data_copy %u, %cx0, %k256 : !ub, !gm
    asc.adds %u, %u, %s, %k256 : !ub, !ub
    %offn0 = arith.muli %g2, %k256 : i32
    %off64n0 = arith.extsi %offn0 : i32 to i64
    %cn0 = asc.subview %c_g[%off64n0] : !gm
    asc.matmul.set_tensor_a %mm0, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm0, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm0, %cn0 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    asc.matmul.wait_iterate_all %mm1 : !mm
    %offx1 = arith.muli %g1, %k256 : i32
    %off64x1 = arith.extsi %offx1 : i32 to i64
    %cx1 = asc.subview %c_g[%off64x1] : !gm
    asc.data_copy %u, %cx1, %k256 : !ub, !gm
    asc.adds %u, %u, %s, %k256 : !ub, !ub
    %offn1 = arith.muli %g3, %k256 : i32
    %off64n1 = arith.extsi %offn1 : i32 to i64
    %cn1 = asc.subview %c_g[%off64n1] : !gm
    asc.matmul.set_tensor_a %mm1, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm1, %a_g : !mm, !gm16
    // expected-note @+1 {{the async issue writing that output; its 'asc.matmul.wait_iterate_all' must come before the access}}
    asc.matmul.iterate_all %mm1, %cn1 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    scf.yield %g2 : i32
  }
  %r1 = arith.addi %r, %c1 : i32
  asc.matmul.wait_iterate_all %mm0 : !mm
  %offe0 = arith.muli %r1, %k256 : i32
  %off64e0 = arith.extsi %offe0 : i32 to i64
  %ce0 = asc.subview %c_g[%off64e0] : !gm
  // expected-error @+1 {{may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
  asc.data_copy %u, %ce0, %k256 : !ub, !gm
  asc.adds %u, %u, %s, %k256 : !ub, !ub
  asc.matmul.wait_iterate_all %mm1 : !mm
  %offe1 = arith.muli %r1, %k256 : i32
  %off64e1 = arith.extsi %offe1 : i32 to i64
  %ce1 = asc.subview %c_g[%off64e1] : !gm
  asc.data_copy %u, %ce1, %k256 : !ub, !gm
  asc.adds %u, %u, %s, %k256 : !ub, !ub
  asc.matmul.end %mm0 : !mm
  asc.matmul.end %mm1 : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Racy when the loop makes no trip: it carries tile 1 out then, the tile
// the prologue's call of mm1 is writing. After a trip it carries tile g + 2,
// apart from the last trip's call: only the prologue's is reported.
func.func @carries_the_wrong_start(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub, %s: f32, %n: i32, %m: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %k0 = arith.constant 0 : i32
  %k1 = arith.constant 1 : i32
  %k256 = arith.constant 256 : i32
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  %offp0 = arith.muli %c0, %k256 : i32
  %off64p0 = arith.extsi %offp0 : i32 to i64
  %cp0 = asc.subview %c_g[%off64p0] : !gm
  asc.matmul.set_tensor_a %mm0, %a_g : !mm, !gm16
  asc.matmul.set_tensor_b %mm0, %a_g : !mm, !gm16
  asc.matmul.iterate_all %mm0, %cp0 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  %offp1 = arith.muli %c1, %k256 : i32
  %off64p1 = arith.extsi %offp1 : i32 to i64
  %cp1 = asc.subview %c_g[%off64p1] : !gm
  asc.matmul.set_tensor_a %mm1, %a_g : !mm, !gm16
  asc.matmul.set_tensor_b %mm1, %a_g : !mm, !gm16
  // expected-note @+1 {{the async issue writing that output; its 'asc.matmul.wait_iterate_all' must come before the access}}
  asc.matmul.iterate_all %mm1, %cp1 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  %last = arith.subi %n, %c2 : i32
  %r = scf.for %g = %c0 to %last step %c2 iter_args(%next = %c1) -> (i32) : i32 {
    %g1 = arith.addi %g, %c1 : i32
    %g2 = arith.addi %g, %c2 : i32
    %g3 = arith.addi %g, %c3 : i32
    asc.matmul.wait_iterate_all %mm0 : !mm
    %offx0 = arith.muli %g, %k256 : i32
    %off64x0 = arith.extsi %offx0 : i32 to i64
    %cx0 = asc.subview %c_g[%off64x0] : !gm
    asc.data_copy %u, %cx0, %k256 : !ub, !gm
    asc.adds %u, %u, %s, %k256 : !ub, !ub
    %offn0 = arith.muli %g2, %k256 : i32
    %off64n0 = arith.extsi %offn0 : i32 to i64
    %cn0 = asc.subview %c_g[%off64n0] : !gm
    asc.matmul.set_tensor_a %mm0, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm0, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm0, %cn0 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    asc.matmul.wait_iterate_all %mm1 : !mm
    %offx1 = arith.muli %g1, %k256 : i32
    %off64x1 = arith.extsi %offx1 : i32 to i64
    %cx1 = asc.subview %c_g[%off64x1] : !gm
    asc.data_copy %u, %cx1, %k256 : !ub, !gm
    asc.adds %u, %u, %s, %k256 : !ub, !ub
    %offn1 = arith.muli %g3, %k256 : i32
    %off64n1 = arith.extsi %offn1 : i32 to i64
    %cn1 = asc.subview %c_g[%off64n1] : !gm
    asc.matmul.set_tensor_a %mm1, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm1, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm1, %cn1 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    scf.yield %g2 : i32
  }
  %r1 = arith.addi %r, %c1 : i32
  asc.matmul.wait_iterate_all %mm0 : !mm
  %offe0 = arith.muli %r, %k256 : i32
  %off64e0 = arith.extsi %offe0 : i32 to i64
  %ce0 = asc.subview %c_g[%off64e0] : !gm
  // expected-error @+1 {{may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
  asc.data_copy %u, %ce0, %k256 : !ub, !gm
  asc.adds %u, %u, %s, %k256 : !ub, !ub
  asc.matmul.wait_iterate_all %mm1 : !mm
  %offe1 = arith.muli %r1, %k256 : i32
  %off64e1 = arith.extsi %offe1 : i32 to i64
  %ce1 = asc.subview %c_g[%off64e1] : !gm
  asc.data_copy %u, %ce1, %k256 : !ub, !gm
  asc.adds %u, %u, %s, %k256 : !ub, !ub
  asc.matmul.end %mm0 : !mm
  asc.matmul.end %mm1 : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// After a tile loop in a block loop with no wait after it, the call in
// flight may be an earlier run's (asc-run's carried-tile-block-loop.mlir:
// the second block trip makes no tile trip and carries tile 0 out, which
// the first trip's call is writing): not taken for this run's last trip.
// The call before the block loop is reported too (it cannot be in flight
// there, which the checker cannot tell).
func.func @carried_in_a_block_loop_without_wait(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
  %s = arith.constant 1.0 : f32
  %pipe = asc.pipe.create
  %sys = asc.get_sys_workspace_ptr
  %tiling = asc.get_tiling %tiling_gm
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %k256 = arith.constant 256 : i32
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm
  %que = asc.queue.create : !asc.queue<vecin, 1>
  %bytes = arith.constant 1024 : i32
  asc.pipe.init_buffer %pipe, %que, %c1, %bytes : !asc.queue<vecin, 1>
  %u = asc.queue.alloc_tensor %que : !asc.queue<vecin, 1> -> !ub
  %offp = arith.muli %c5, %k256 : i32
  %off64p = arith.extsi %offp : i32 to i64
  %cp = asc.subview %c_g[%off64p] : !gm
  asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %a_g : !mm, !gm16
  // expected-note @+1 {{the async issue writing that output; its 'asc.matmul.wait_iterate_all' must come before the access}}
  asc.matmul.iterate_all %mm, %cp {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  scf.for %o = %c0 to %c2 step %c1 : i32 {
    %trips = arith.subi %c1, %o : i32
    %r = scf.for %j = %c0 to %trips step %c1 iter_args(%next = %c0) -> (i32) : i32 {
      asc.matmul.wait_iterate_all %mm : !mm
      %offn = arith.muli %c0, %k256 : i32
      %off64n = arith.extsi %offn : i32 to i64
      %cn = asc.subview %c_g[%off64n] : !gm
      asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
      asc.matmul.set_tensor_b %mm, %a_g : !mm, !gm16
      // expected-note @+1 {{the async issue writing that output; its 'asc.matmul.wait_iterate_all' must come before the access}}
      asc.matmul.iterate_all %mm, %cn {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
      scf.yield %c7 : i32
    }
    %offx = arith.muli %r, %k256 : i32
    %off64x = arith.extsi %offx : i32 to i64
    %cx = asc.subview %c_g[%off64x] : !gm
    // expected-error @+1 {{may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
    asc.data_copy %u, %cx, %k256 : !ub, !gm
    asc.pipe_barrier pipe_all
    asc.adds %u, %u, %s, %k256 : !ub, !ub
    asc.pipe_barrier pipe_all
  }
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The carried form with the copy's calls through a select of the object:
// which calls are one instance of which object is not known, and the
// checker does not reason about what is in flight after the loop.
func.func @carried_through_a_select(%which: i1, %a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub, %s: f32, %n: i32, %m: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %k0 = arith.constant 0 : i32
  %k1 = arith.constant 1 : i32
  %k256 = arith.constant 256 : i32
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  %sel = arith.select %which, %mm1, %mm1 : !mm
  %offp0 = arith.muli %c0, %k256 : i32
  %off64p0 = arith.extsi %offp0 : i32 to i64
  %cp0 = asc.subview %c_g[%off64p0] : !gm
  asc.matmul.set_tensor_a %mm0, %a_g : !mm, !gm16
  asc.matmul.set_tensor_b %mm0, %a_g : !mm, !gm16
  asc.matmul.iterate_all %mm0, %cp0 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  %offp1 = arith.muli %c1, %k256 : i32
  %off64p1 = arith.extsi %offp1 : i32 to i64
  %cp1 = asc.subview %c_g[%off64p1] : !gm
  asc.matmul.set_tensor_a %sel, %a_g : !mm, !gm16
  asc.matmul.set_tensor_b %sel, %a_g : !mm, !gm16
  // expected-note @+1 {{the async issue writing that output; its 'asc.matmul.wait_iterate_all' must come before the access}}
  asc.matmul.iterate_all %sel, %cp1 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  %last = arith.subi %n, %c2 : i32
  %r = scf.for %g = %c0 to %last step %c2 iter_args(%next = %c0) -> (i32) : i32 {
    %g1 = arith.addi %g, %c1 : i32
    %g2 = arith.addi %g, %c2 : i32
    %g3 = arith.addi %g, %c3 : i32
    asc.matmul.wait_iterate_all %mm0 : !mm
    %offx0 = arith.muli %g, %k256 : i32
    %off64x0 = arith.extsi %offx0 : i32 to i64
    %cx0 = asc.subview %c_g[%off64x0] : !gm
    // expected-error @+1 {{may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
    asc.data_copy %u, %cx0, %k256 : !ub, !gm
    asc.adds %u, %u, %s, %k256 : !ub, !ub
    %offn0 = arith.muli %g2, %k256 : i32
    %off64n0 = arith.extsi %offn0 : i32 to i64
    %cn0 = asc.subview %c_g[%off64n0] : !gm
    asc.matmul.set_tensor_a %mm0, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm0, %a_g : !mm, !gm16
    // expected-error @+1 {{may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
    asc.matmul.iterate_all %mm0, %cn0 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    asc.matmul.wait_iterate_all %sel : !mm
    %offx1 = arith.muli %g1, %k256 : i32
    %off64x1 = arith.extsi %offx1 : i32 to i64
    %cx1 = asc.subview %c_g[%off64x1] : !gm
    asc.data_copy %u, %cx1, %k256 : !ub, !gm
    asc.adds %u, %u, %s, %k256 : !ub, !ub
    %offn1 = arith.muli %g3, %k256 : i32
    %off64n1 = arith.extsi %offn1 : i32 to i64
    %cn1 = asc.subview %c_g[%off64n1] : !gm
    asc.matmul.set_tensor_a %sel, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %sel, %a_g : !mm, !gm16
    // expected-note @+1 {{the async issue writing that output; its 'asc.matmul.wait_iterate_all' must come before the access}}
    asc.matmul.iterate_all %sel, %cn1 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    scf.yield %g2 : i32
  }
  %r1 = arith.addi %r, %c1 : i32
  asc.matmul.wait_iterate_all %mm0 : !mm
  %offe0 = arith.muli %r, %k256 : i32
  %off64e0 = arith.extsi %offe0 : i32 to i64
  %ce0 = asc.subview %c_g[%off64e0] : !gm
  // expected-error @+1 {{may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
  asc.data_copy %u, %ce0, %k256 : !ub, !gm
  asc.adds %u, %u, %s, %k256 : !ub, !ub
  asc.matmul.wait_iterate_all %sel : !mm
  %offe1 = arith.muli %r1, %k256 : i32
  %off64e1 = arith.extsi %offe1 : i32 to i64
  %ce1 = asc.subview %c_g[%off64e1] : !gm
  asc.data_copy %u, %ce1, %k256 : !ub, !gm
  asc.adds %u, %u, %s, %k256 : !ub, !ub
  asc.matmul.end %mm0 : !mm
  asc.matmul.end %mm1 : !mm
  return
}
