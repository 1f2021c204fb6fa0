// RUN: asc-opt %s --test-asc-loop-alias -o /dev/null | FileCheck %s

// The cross-iteration query of the alias analysis: does the footprint of a
// tagged op at iteration i conflict with that of a tagged op at iteration
// i (+0) or i + 1 of its scf.for? Offsets are affine in the induction
// variable; terms defined outside the loop are fixed for its run.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// CHECK-LABEL: loop tiles
// The issue writes C from tile i on, unbounded (arg0 is the induction
// variable, base the user workspace's offset): the next issue's output
// starts one tile (8192 bytes) further.
// CHECK-NEXT: issue @i vs issue @i+1: conflict (gm arg1 + 8192 * arg0 + 1 * base + 0 [unbounded] written vs gm arg1 + 8192 * arg0 + 1 * base + 8192 [unbounded] written)
// CHECK-NEXT: issue @i vs read_tile @i+0: conflict
// CHECK-NEXT: issue @i vs read_tile @i+1: conflict
// CHECK-NEXT: issue @i vs read_two @i+0: conflict
// CHECK-NEXT: issue @i vs read_two @i+1: conflict
// The previous tile is below this iteration's output, not below the next's.
// CHECK-NEXT: issue @i vs read_prev @i+0: apart
// CHECK-NEXT: issue @i vs read_prev @i+1: conflict (gm arg1 + 8192 * arg0 + 1 * base + 0 [unbounded] written vs gm arg1 + 8192 * arg0 + 1 * base + 0 [8192 bytes] read)
// Another no_alias argument.
// CHECK-NEXT: issue @i vs copy_out @i+0: apart
// CHECK-NEXT: issue @i vs copy_out @i+1: apart
// One tile read at iteration i ends where the next iteration's output
// starts.
// CHECK-NEXT: read_tile @i vs issue @i+0: conflict
// CHECK-NEXT: read_tile @i vs issue @i+1: apart
// Two tiles do not.
// CHECK:      read_two @i vs issue @i+1: conflict (gm arg1 + 8192 * arg0 + 1 * base + 0 [16384 bytes] read vs gm arg1 + 8192 * arg0 + 1 * base + 8192 [unbounded] written)
// CHECK:      read_prev @i vs issue @i+0: apart
// CHECK-NEXT: read_prev @i vs issue @i+1: apart
// CHECK:      copy_out @i vs issue @i+0: apart
// CHECK-NEXT: copy_out @i vs issue @i+1: apart
// CHECK:      copy_out @i vs copy_out @i+1: apart
// A tile whose place is not affine in the induction variable (i * i) is
// exact within one iteration only; a write through a select may be
// anywhere in GM.
// CHECK-LABEL: loop squares
// CHECK-NEXT: issue_sq @i vs issue_sq @i+1: conflict (gm arg1 + ? [unbounded] written vs gm arg1 + ? [unbounded] written)
// CHECK-NEXT: issue_sq @i vs read_sq @i+0: conflict (gm arg1 + 8192 * arg0 * arg0 + 1 * base + 0 [unbounded] written vs gm arg1 + 8192 * arg0 * arg0 + 1 * base + 0 [8192 bytes] read)
// CHECK-NEXT: issue_sq @i vs read_sq @i+1: conflict (gm arg1 + ? [unbounded] written vs gm arg1 + ? [8192 bytes] read)
// CHECK-NEXT: issue_sq @i vs write_sel @i+0: conflict (gm arg0 + 0 [unbounded] read vs gm untraced + ? [8192 bytes] written)
// After a loop with results, a result is what the last trip yields (in
// terms of that trip's induction variable, arg0 here: tile i + 2) or the
// initial value (tile 1, then 0). A yield not affine in the induction
// variable (i * i) is a product of the trip's values, exact within it.
// CHECK-LABEL: loop carried
// CHECK-NEXT: read_carried after the last trip: read gm arg1 + 8192 * arg0 + 1 * base + 16384 [8192 bytes]
// CHECK-NEXT: read_carried after the last trip: write local arg3 + 0 [8192 bytes]
// CHECK-NEXT: read_carried after no trip: read gm arg1 + 1 * base + 8192 [8192 bytes]
// CHECK-NEXT: read_carried after no trip: write local arg3 + 0 [8192 bytes]
// CHECK-NEXT: read_carried_sq after the last trip: read gm arg1 + 8192 * arg0 * arg0 + 1 * base + 0 [8192 bytes]
// CHECK-NEXT: read_carried_sq after the last trip: write local arg3 + 0 [8192 bytes]
// CHECK-NEXT: read_carried_sq after no trip: read gm arg1 + 1 * base + 0 [8192 bytes]
func.func @queries(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias},
                   %y: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %which: i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2048 = arith.constant 2048 : i32
  %c4096 = arith.constant 4096 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %user = asc.get_user_workspace %ws {test.name = "base"}
  %c_g = asc.set_global_buffer %user : !gm
  %y_g = asc.set_global_buffer %y : !gm
  asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
  scf.for %i = %c0 to %n step %c1 : i32 {
    %off = arith.muli %i, %c2048 : i32
    %off64 = arith.extsi %off : i32 to i64
    %c_t = asc.subview %c_g[%off64] : !gm
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true, test.name = "issue"} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.data_copy %u, %c_t, %c2048 {test.name = "read_tile"} : !ub, !gm
    asc.data_copy %u, %c_t, %c4096 {test.name = "read_two"} : !ub, !gm
    %prev = arith.subi %i, %c1 : i32
    %prev_off = arith.muli %prev, %c2048 : i32
    %prev_off64 = arith.extsi %prev_off : i32 to i64
    %c_prev = asc.subview %c_g[%prev_off64] : !gm
    asc.data_copy %u, %c_prev, %c2048 {test.name = "read_prev"} : !ub, !gm
    %y_t = asc.subview %y_g[%off64] : !gm
    asc.data_copy %y_t, %u, %c2048 {test.name = "copy_out"} : !gm, !ub
  } {test.name = "tiles"}
  scf.for %i = %c0 to %n step %c1 : i32 {
    %sq = arith.muli %i, %i : i32
    %off = arith.muli %sq, %c2048 : i32
    %off64 = arith.extsi %off : i32 to i64
    %c_t = asc.subview %c_g[%off64] : !gm
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true, test.name = "issue_sq"} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.data_copy %u, %c_t, %c2048 {test.name = "read_sq"} : !ub, !gm
    %either = arith.select %which, %y, %ws : !asc.gm_addr
    %e_g = asc.set_global_buffer %either : !gm
    asc.data_copy %e_g, %u, %c2048 {test.name = "write_sel"} : !gm, !ub
  } {test.name = "squares"}
  %c2i = arith.constant 2 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%next = %c1, %sq_next = %c0) -> (i32, i32) : i32 {
    %i2 = arith.addi %i, %c2i : i32
    %sq = arith.muli %i, %i : i32
    scf.yield %i2, %sq : i32, i32
  } {test.name = "carried"}
  %after = arith.muli %r#0, %c2048 : i32
  %after64 = arith.extsi %after : i32 to i64
  %c_after = asc.subview %c_g[%after64] : !gm
  asc.data_copy %u, %c_after, %c2048 {test.name = "read_carried"} : !ub, !gm
  %sq_after = arith.muli %r#1, %c2048 : i32
  %sq_after64 = arith.extsi %sq_after : i32 to i64
  %c_sq = asc.subview %c_g[%sq_after64] : !gm
  asc.data_copy %u, %c_sq, %c2048 {test.name = "read_carried_sq"} : !ub, !gm
  asc.matmul.end %mm : !mm
  return
}
