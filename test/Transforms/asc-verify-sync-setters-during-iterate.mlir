// RUN: asc-opt %s -split-input-file --asc-verify-sync -verify-diagnostics
//
// Rule P6c: from Iterate<false>() until the last fetch of its blocks,
// SetTensorA/B, SetTail and SetSingleShape of the object are errors: the
// next Iterate would continue the loop in flight, GetTensorC asserts
// isFirstIter == 0, and SetTail changes the client's block count.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// SetTail before the first fetch.
func.func @set_tail_before_fetch(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %t: !ub, %m: i32) {
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  // expected-note @+1 {{the async Iterate whose blocks are being fetched}}
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  // expected-error @+1 {{'asc.matmul.set_tail' op changes the object while the blocks of an async 'asc.matmul.iterate' are still fetched (rule P6c)}}
  asc.matmul.set_tail %mm, %m, %m, %m : !mm
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// SetTensorA inside the loop that fetches the blocks.
func.func @set_tensor_a_in_fetch_loop(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %t: !ub) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  // expected-note @+1 {{the async Iterate whose blocks are being fetched}}
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
    // expected-error @+1 {{'asc.matmul.set_tensor_a' op changes the object while the blocks of an async 'asc.matmul.iterate' are still fetched (rule P6c)}}
    asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// The valid twin: the setters come after the fetch loop, before the next
// Iterate.
func.func @setters_after_the_fetches(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %t: !ub, %m: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  }
  asc.matmul.set_tail %mm, %m, %m, %m : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %again = asc.matmul.iterate %mm {sync = false} : !mm
  // The loop's last copy into %t and this one are both MTE2 (rule P7).
  asc.pipe_barrier pipe_mte2
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// SetTail between two straight-line fetches of one Iterate's blocks: the
// second fetch still belongs to the Iterate in flight.
func.func @set_tail_between_straight_line_fetches(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %t: !ub, %m: i32) {
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  // expected-note @+1 {{the async Iterate whose blocks are being fetched}}
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  asc.pipe_barrier pipe_all
  // expected-error @+1 {{'asc.matmul.set_tail' op changes the object while the blocks of an async 'asc.matmul.iterate' are still fetched (rule P6c)}}
  asc.matmul.set_tail %mm, %m, %m, %m : !mm
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// The valid twin: the setters come after the last straight-line fetch, and
// the next Iterate starts a loop of its own before the next fetch.
func.func @setters_after_the_last_straight_line_fetch(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %t: !ub, %m: i32) {
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  asc.pipe_barrier pipe_all
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  asc.pipe_barrier pipe_all
  asc.matmul.set_tail %mm, %m, %m, %m : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %again = asc.matmul.iterate %mm {sync = false} : !mm
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  return
}
