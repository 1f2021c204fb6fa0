// RUN: asc-opt %s -split-input-file --asc-verify-sync -verify-diagnostics
//
// The vector core's own orderings before a Matmul call's copy (spec
// revision 4, section 2c): rule P7 before the fetch (the MTE2 copy into UB
// comes after every earlier V, MTE3 and MTE2 access of those bytes) and
// rule P6d (a UB setter's MTE3 copy comes after every earlier write of the
// tensor). Each invalid kernel has a valid twin. The fetch loops take the
// blocks of an async Iterate, which posts nothing per block: a synchronous
// fetch's post and wait would order the earlier MTE3 and S work (O8).

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// A fetch loop into one UB tensor that the vector pipe reads between the
// fetches: nothing orders the read before the next trip's MTE2 copy.
func.func @vector_read_then_refetch(%q: !asc.queue<vecin, 1>, %o: !asc.queue<vecout, 1>, %c: !gm, %s: f32, %ga: !ga, %w: !gm) {
  %n = arith.constant 64 : i32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %ga : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ub
  %u = asc.queue.alloc_tensor %o : !asc.queue<vecout, 1> -> !asc.local_tensor<vecout, f32>
  scf.for %i = %c0 to %c4 step %c1 {
    // expected-error @+1 {{'asc.matmul.get_tensor_c' op copies its block into UB by MTE2 (rule P7) while an earlier pipe_v access of those bytes may not be done: nothing orders it before MTE2; free the buffer to its VECIN queue and allocate it again}}
    asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
    // expected-note @+1 {{the earlier pipe_v access}}
    asc.muls %u, %t, %s, %n : !asc.local_tensor<vecout, f32>, !ub
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// Valid twin: each trip frees the buffer to its VECIN queue (V_MTE2) and
// allocates it again (CANN's matmul_async_iterate shape).
func.func @vector_read_then_free_and_refetch(%q: !asc.queue<vecin, 1>, %o: !asc.queue<vecout, 1>, %c: !gm, %s: f32, %ga: !ga, %w: !gm) {
  %n = arith.constant 64 : i32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %ga : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %u = asc.queue.alloc_tensor %o : !asc.queue<vecout, 1> -> !asc.local_tensor<vecout, f32>
  scf.for %i = %c0 to %c4 step %c1 {
    %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ub
    asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
    asc.muls %u, %t, %s, %n : !asc.local_tensor<vecout, f32>, !ub
    asc.queue.free_tensor %q, %t : !asc.queue<vecin, 1>, !ub
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecout, f32>

// A fetched block copied out through a VECOUT queue, then the buffer freed
// and fetched into again: FreeTensor/AllocTensor of a VECOUT queue is
// MTE3_V, which does not order the copy out before the next MTE2 copy.
func.func @copy_out_then_refetch(%o: !asc.queue<vecout, 1>, %c: !gm {asc.no_alias}, %ga: !ga {asc.no_alias}, %w: !gm {asc.no_alias}) {
  %n = arith.constant 64 : i32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %ga : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  scf.for %i = %c0 to %c4 step %c1 {
    %t = asc.queue.alloc_tensor %o : !asc.queue<vecout, 1> -> !ub
    // expected-error @+1 {{'asc.matmul.get_tensor_c' op copies its block into UB by MTE2 (rule P7) while an earlier pipe_mte3 access of those bytes may not be done: nothing orders it before MTE2; put 'asc.set_flag'/'asc.wait_flag' of MTE3_MTE2 or 'asc.pipe_barrier pipe_all' in between (a VECIN or VECOUT AllocTensor is not enough)}}
    asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
    asc.queue.enque %o, %t : !asc.queue<vecout, 1>, !ub
    %out = asc.queue.deque %o : !asc.queue<vecout, 1> -> !ub
    // expected-note @+1 {{the earlier pipe_mte3 access}}
    asc.data_copy %c, %out, %n : !gm, !ub
    asc.queue.free_tensor %o, %out : !asc.queue<vecout, 1>, !ub
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecout, f32>

// Valid twin: MTE3_MTE2 between the copy out and the next fetch.
func.func @copy_out_flag_then_refetch(%o: !asc.queue<vecout, 1>, %c: !gm {asc.no_alias}, %ga: !ga {asc.no_alias}, %w: !gm {asc.no_alias}) {
  %n = arith.constant 64 : i32
  %e = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %ga : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  scf.for %i = %c0 to %c4 step %c1 {
    %t = asc.queue.alloc_tensor %o : !asc.queue<vecout, 1> -> !ub
    asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
    asc.queue.enque %o, %t : !asc.queue<vecout, 1>, !ub
    %out = asc.queue.deque %o : !asc.queue<vecout, 1> -> !ub
    asc.data_copy %c, %out, %n : !gm, !ub
    asc.queue.free_tensor %o, %out : !asc.queue<vecout, 1>, !ub
    asc.set_flag mte3_mte2, %e
    asc.wait_flag mte3_mte2, %e
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// An MTE2 copy into the tensor, then a fetch over it: two MTE2 copies of the
// same bytes are not ordered by program order (O1).
func.func @copy_in_then_fetch(%q: !asc.queue<vecin, 1>, %x: !gm, %ga: !ga) {
  %n = arith.constant 64 : i32
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %ga : !mm, !ga
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ub
  // expected-note @+1 {{the earlier pipe_mte2 access}}
  asc.data_copy %t, %x, %n : !ub, !gm
  %more = asc.matmul.iterate %mm : !mm
  // expected-error @+1 {{while an earlier pipe_mte2 access of those bytes may not be done: nothing orders it before MTE2; put 'asc.pipe_barrier pipe_mte2'}}
  asc.matmul.get_tensor_c %mm, %t : !mm, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// Valid twin: PipeBarrier<PIPE_MTE2> in between.
func.func @copy_in_barrier_then_fetch(%q: !asc.queue<vecin, 1>, %x: !gm, %ga: !ga) {
  %n = arith.constant 64 : i32
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %ga : !mm, !ga
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ub
  asc.data_copy %t, %x, %n : !ub, !gm
  asc.pipe_barrier pipe_mte2
  %more = asc.matmul.iterate %mm : !mm
  asc.matmul.get_tensor_c %mm, %t : !mm, !ub
  return
}

// -----

!mm = !asc.matmul<a = <vecin, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ua = !asc.local_tensor<vecin, f16>

// Rule P6d: A copied into UB by MTE2, then handed to SetTensorA, whose MTE3
// copy follows only the setter's own V_MTE3: MTE2 is not ordered before it.
func.func @copy_in_then_set_input(%q: !asc.queue<vecin, 1>, %x: !ga, %b: !ga, %c: !gm) {
  %n = arith.constant 64 : i32
  %mm = asc.matmul.create : !mm
  %a = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ua
  // expected-note @+1 {{the earlier pipe_mte2 access}}
  asc.data_copy %a, %x, %n : !ua, !ga
  // expected-error @+1 {{'asc.matmul.set_tensor_a' op copies its UB input by MTE3 at the setter (rule P6d: MatmulClient's CopyGlobalAddr) while an earlier pipe_mte2 write of those bytes may not be done: nothing orders it before MTE3; hand the tensor over through its VECIN queue (EnQue/DeQue) before the setter}}
  asc.matmul.set_tensor_a %mm, %a : !mm, !ua
  asc.matmul.set_tensor_b %mm, %b : !mm, !ga
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  return
}

// -----

!mm = !asc.matmul<a = <vecin, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ua = !asc.local_tensor<vecin, f16>

// Valid twin: the VECIN hand-off (MTE2_V) composes with the setter's
// V_MTE3 (O3).
func.func @copy_in_handoff_then_set_input(%q: !asc.queue<vecin, 1>, %x: !ga, %b: !ga, %c: !gm) {
  %n = arith.constant 64 : i32
  %mm = asc.matmul.create : !mm
  %a = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ua
  asc.data_copy %a, %x, %n : !ua, !ga
  asc.queue.enque %q, %a : !asc.queue<vecin, 1>, !ua
  %in = asc.queue.deque %q : !asc.queue<vecin, 1> -> !ua
  asc.matmul.set_tensor_a %mm, %in : !mm, !ua
  asc.matmul.set_tensor_b %mm, %b : !mm, !ga
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  return
}
