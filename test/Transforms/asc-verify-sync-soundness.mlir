// RUN: asc-opt %s -split-input-file --asc-verify-sync -verify-diagnostics

// The racy shapes of asc-sync-placement-soundness.mlir written by hand:
// asc-verify-sync reports each one (rule P3 unless said otherwise).

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A strided read runs past the declared size into the output.
func.func @strided_read(%p: !asc.gm_addr {asc.no_alias}, %u: !ub, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = arith.constant 0 : i64
  %c16 = arith.constant 16 : i64
  %c1024 = arith.constant 1024 : i64
  %cnt = arith.constant 2 : i32
  %len = arith.constant 64 : i32
  %head = asc.set_global_buffer %p[%c0], %c16 : !gm
  %c = asc.set_global_buffer %p[%c1024] : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{the async issue writing that output}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-error @+1 {{may access memory that aliases the pending output}}
  asc.data_copy %u, %head params(%cnt, %len, %len, %len) : !ub, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// An untraced pointer (a select) may be a no_alias argument.
func.func @select_of_arguments(%a: !asc.gm_addr {asc.no_alias}, %c_ptr: !asc.gm_addr {asc.no_alias}, %cond: i1, %u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %either = arith.select %cond, %a, %c_ptr : !asc.gm_addr
  %src = asc.set_global_buffer %either : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{the async issue writing that output}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-error @+1 {{may access memory that aliases the pending output}}
  asc.data_copy %u, %src, %n : !ub, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gmh = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ubh = !asc.local_tensor<vecout, f16>

// A write to A while the cube unit reads it.
func.func @write_to_input(%a_ptr: !asc.gm_addr {asc.no_alias}, %c_ptr: !asc.gm_addr {asc.no_alias}, %u: !ubh, %n: i32) {
  %a = asc.set_global_buffer %a_ptr : !gmh
  %c = asc.set_global_buffer %c_ptr : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !gmh
  // expected-note @+1 {{the async issue reading that input}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-error @+1 {{may write memory that an async 'asc.matmul.iterate_all' reads while it runs (its A input)}}
  asc.data_copy %a, %u, %n : !gmh, !ubh
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, layout = bsngd>, c = <gm, nd, f32, layout = bsngd>, config = <norm, is_n_batch = true>>
!gm = !asc.global_tensor<f32>

// The workspace of IterateNBatch is the one in effect at the issue.
func.func @workspace_in_effect(%w1: !asc.gm_addr {asc.no_alias}, %w2: !asc.gm_addr {asc.no_alias}, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = arith.constant 0 : i64
  %ws1 = asc.set_global_buffer %w1 : !gm
  %ws2 = asc.set_global_buffer %w2 : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.set_workspace %mm, %ws1 : !mm, !gm
  asc.matmul.set_workspace %mm, %ws2 : !mm, !gm
  // expected-note @+1 {{the async issue writing that output}}
  asc.matmul.iterate_n_batch %mm, %n, %n, %n {sync = false, wait_iterate_batch = true} : !mm
  %x = asc.get_value %ws1[%c0] : !gm
  // expected-error @+1 {{may access memory that aliases the pending output}}
  %y = asc.get_value %ws2[%c0] : !gm
  asc.matmul.wait_iterate_batch %mm : !mm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// A foreign effect without an asc value may touch the output (a read: a
// write would first hit the A input, which is in flight too).
func.func @memref_load(%c_ptr: !asc.gm_addr {asc.no_alias}, %m: memref<4xf32>, %i: index, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{the async issue writing that output}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-error @+1 {{may access memory that aliases the pending output}}
  %v = memref.load %m[%i] : memref<4xf32>
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// Valid: End through a select of the object neither completes nor
// releases the pending issue (spec revision 4), and the wait after it
// completes it.
func.func @end_through_select(%c_ptr: !asc.gm_addr {asc.no_alias}, %cond: i1, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %mm0 = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !asc.global_tensor<f16>
  %mm1 = asc.matmul.create : !mm
  %either = arith.select %cond, %mm0, %mm1 : !mm
  asc.matmul.iterate_all %mm0, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.end %either : !mm
  asc.matmul.wait_iterate_all %mm0 : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The two-destination GetTensorC is synchronous only (rule L6); an async
// GetTensorC into GM after a synchronous Iterate (after an async one the
// client refuses it: rule P1) is fire-and-forget: nothing completes it, so
// its destination stays pending past End.
func.func @gm_destination(%c_ptr: !asc.gm_addr {asc.no_alias}, %w: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %ws = asc.set_global_buffer %w : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %ws : !mm, !gm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  %more = asc.matmul.iterate %mm : !mm
  // expected-note @+1 {{this issue has no wait flag: its output stays pending until a later synchronous call of any object, or the wait of a call posted after it, returns, or the kernel ends}}
  asc.matmul.get_tensor_c %mm, %c {sync = false} : !mm, !gm
  asc.matmul.end %mm : !mm
  // expected-error @+1 {{may access memory that aliases the pending output}}
  asc.data_copy %u, %c, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// Valid: returning before the end of an object with a flagless issue in
// flight (the host sees its output once the kernel has ended).
func.func @return_with_flagless_issue(%c_ptr: !asc.gm_addr {asc.no_alias}, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false} : !mm, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// Feasible paths only: a loop of one trip and an scf.if on true always run
// their issue, so the waits after them have something pending (no P2); a
// loop of four trips that waits at its top has no zero-trip path on which
// the wait after it would find the first issue completed twice.
func.func @constant_paths(%c: !gm, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %true = arith.constant true
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  scf.for %i = %c0 to %c1 step %c1 {
    asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
    asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  }
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  scf.for %i = %c0 to %c4 step %c1 {
    asc.matmul.wait_iterate_all %mm : !mm
    asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
    asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  }
  asc.matmul.wait_iterate_all %mm : !mm
  scf.if %true {
    asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
    asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  }
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}
