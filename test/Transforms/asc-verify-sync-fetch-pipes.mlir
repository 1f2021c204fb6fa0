// RUN: asc-opt %s -split-input-file --asc-verify-sync -verify-diagnostics
//
// Rule P7 of spec revision 4, pipe by pipe: every call that leaves a block
// in UB orders only the vector pipe after its MTE2 copy (CopyToUB ends with
// SetFlag/WaitFlag<MTE2_V>); an MTE3 copy out needs a barrier or a VECOUT
// hand-off after a vector access, and a VECIN hand-off is not one.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// A synchronous GetTensorC into UB, then a copy out of the block.
func.func @sync_fetch_then_copy_out(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %q: !asc.queue<vecin, 1>) {
  %n = arith.constant 64 : i32
  %a = asc.set_global_buffer %pa : !ga
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm : !mm
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ub
  // expected-note @+1 {{the block fetched here}}
  asc.matmul.get_tensor_c %mm, %t : !mm, !ub
  // expected-error @+1 {{'asc.data_copy' op may touch a fetched block from pipe_mte3 before that pipe is ordered after the fetch (rule P7)}}
  asc.data_copy %c, %t, %n : !gm, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// A fetched block handed over through its VECIN queue only (MTE2_V), then
// copied out: the hand-off orders nothing new for MTE3.
func.func @vecin_handoff_then_copy_out(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %q: !asc.queue<vecin, 1>) {
  %n = arith.constant 64 : i32
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ub
  // expected-note @+1 {{the block fetched here}}
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  asc.queue.enque %q, %t : !asc.queue<vecin, 1>, !ub
  %in = asc.queue.deque %q : !asc.queue<vecin, 1> -> !ub
  // expected-error @+1 {{may touch a fetched block from pipe_mte3 before that pipe is ordered after the fetch (rule P7)}}
  asc.data_copy %c, %in, %n : !gm, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecout, f32>

// Valid: a vector access of the block, then a VECOUT hand-off (V_MTE3): the
// copy out is ordered after the fetch through the vector pipe.
func.func @vecout_handoff_then_copy_out(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %q: !asc.queue<vecout, 1>, %s: f32) {
  %n = arith.constant 64 : i32
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecout, 1> -> !ub
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  asc.muls %t, %t, %s, %n : !ub, !ub
  asc.queue.enque %q, %t : !asc.queue<vecout, 1>, !ub
  %out = asc.queue.deque %q : !asc.queue<vecout, 1> -> !ub
  asc.data_copy %c, %out, %n : !gm, !ub
  asc.queue.free_tensor %q, %out : !asc.queue<vecout, 1>, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>
!uo = !asc.local_tensor<vecout, f32>

// Valid, CANN's matmul_fused shape: the block through its VECIN queue to a
// vector op into a VECOUT buffer, freed through the name DeQue returned (the
// buffer that was enqueued), and the VECOUT result copied out.
func.func @fused_shape(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %qi: !asc.queue<vecin, 1>, %qo: !asc.queue<vecout, 1>, %s: f32) {
  %n = arith.constant 64 : i32
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %t = asc.queue.alloc_tensor %qi : !asc.queue<vecin, 1> -> !ub
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  asc.queue.enque %qi, %t : !asc.queue<vecin, 1>, !ub
  %in = asc.queue.deque %qi : !asc.queue<vecin, 1> -> !ub
  %o = asc.queue.alloc_tensor %qo : !asc.queue<vecout, 1> -> !uo
  asc.muls %o, %in, %s, %n : !uo, !ub
  asc.queue.free_tensor %qi, %in : !asc.queue<vecin, 1>, !ub
  asc.queue.enque %qo, %o : !asc.queue<vecout, 1>, !uo
  %out = asc.queue.deque %qo : !asc.queue<vecout, 1> -> !uo
  asc.data_copy %c, %out, %n : !gm, !uo
  asc.queue.free_tensor %qo, %out : !asc.queue<vecout, 1>, !uo
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// Valid: SetFlag/WaitFlag<MTE2_MTE3> after the fetch orders the copy out
// (the flag fires once the fetch's MTE2 copy is done).
func.func @mte2_mte3_flag_then_copy_out(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %q: !asc.queue<vecin, 1>) {
  %n = arith.constant 64 : i32
  %e = arith.constant 0 : i32
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ub
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  asc.set_flag mte2_mte3, %e
  asc.wait_flag mte2_mte3, %e
  asc.data_copy %c, %t, %n : !gm, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// Valid: the flags compose through the vector pipe the fetch ordered:
// SetFlag/WaitFlag<V_MTE3> after the fetch orders the copy out too.
func.func @v_mte3_flag_then_copy_out(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %q: !asc.queue<vecin, 1>, %s: f32) {
  %n = arith.constant 64 : i32
  %e = arith.constant 1 : i32
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ub
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  asc.muls %t, %t, %s, %n : !ub, !ub
  asc.set_flag v_mte3, %e
  asc.wait_flag v_mte3, %e
  asc.data_copy %c, %t, %n : !gm, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// The flag was set before the fetch: it orders nothing the fetch did.
func.func @flag_set_before_the_fetch(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %q: !asc.queue<vecin, 1>) {
  %n = arith.constant 64 : i32
  %e = arith.constant 0 : i32
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ub
  asc.set_flag mte2_mte3, %e
  // expected-note @+1 {{the block fetched here}}
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  asc.wait_flag mte2_mte3, %e
  // expected-error @+1 {{may touch a fetched block from pipe_mte3 before that pipe is ordered after the fetch (rule P7)}}
  asc.data_copy %c, %t, %n : !gm, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// A wait on another event id, or of another pipe pair, orders nothing.
func.func @unmatched_flags(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %q: !asc.queue<vecin, 1>) {
  %n = arith.constant 64 : i32
  %e0 = arith.constant 0 : i32
  %e1 = arith.constant 1 : i32
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ub
  // expected-note @+1 {{the block fetched here}}
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  asc.set_flag mte2_mte3, %e0
  asc.wait_flag mte2_mte3, %e1
  asc.set_flag mte2_v, %e0
  asc.wait_flag mte2_v, %e0
  // expected-error @+1 {{may touch a fetched block from pipe_mte3 before that pipe is ordered after the fetch (rule P7)}}
  asc.data_copy %c, %t, %n : !gm, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// Two blocks in a queue of depth 2: the DeQue hands back the first, so
// freeing it releases the first block, not the second, which the copy out
// then reads unordered. Which buffer the DeQue returns is not pinned down
// here (the queue holds two), so neither block is released; the first one
// found is named (two buffers of one queue may be one buffer taken again).
func.func @dequeue_returns_the_oldest(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}) {
  %n = arith.constant 64 : i32
  %two = arith.constant 2 : i32
  %bytes = arith.constant 256 : i32
  %pipe = asc.pipe.create
  %q = asc.queue.create : !asc.queue<vecin, 2>
  asc.pipe.init_buffer %pipe, %q, %two, %bytes : !asc.queue<vecin, 2>
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %t0 = asc.queue.alloc_tensor %q : !asc.queue<vecin, 2> -> !ub
  // expected-note @+1 {{the block fetched here}}
  asc.matmul.get_tensor_c %mm, %t0 {sync = false} : !mm, !ub
  asc.queue.enque %q, %t0 : !asc.queue<vecin, 2>, !ub
  %t1 = asc.queue.alloc_tensor %q : !asc.queue<vecin, 2> -> !ub
  asc.matmul.get_tensor_c %mm, %t1 {sync = false} : !mm, !ub
  asc.queue.enque %q, %t1 : !asc.queue<vecin, 2>, !ub
  %u = asc.queue.deque %q : !asc.queue<vecin, 2> -> !ub
  asc.queue.free_tensor %q, %u : !asc.queue<vecin, 2>, !ub
  // expected-error @+1 {{may touch a fetched block from pipe_mte3 before that pipe is ordered after the fetch (rule P7)}}
  asc.data_copy %c, %t1, %n : !gm, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// Valid: the copy out reads a buffer of another queue, not the block just
// fetched (a fetch stays inside its buffer, as the check before the fetch
// takes it too).
func.func @copy_out_of_another_queue(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %q: !asc.queue<vecin, 2>, %r: !asc.queue<vecin, 1>) {
  %n = arith.constant 64 : i32
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 2> -> !ub
  %other = asc.queue.alloc_tensor %r : !asc.queue<vecin, 1> -> !ub
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  asc.data_copy %c, %other, %n : !gm, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// A buffer freed and taken again from its queue is the same memory: the
// VECIN FreeTensor orders V only, so the copy out of the new buffer (MTE3)
// may read bytes the earlier fetch is still writing.
func.func @copy_out_of_the_buffer_taken_again(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %q: !asc.queue<vecin, 1>) {
  %n = arith.constant 64 : i32
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ub
  // expected-note @+1 {{the block fetched here}}
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  asc.queue.free_tensor %q, %t : !asc.queue<vecin, 1>, !ub
  %again = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ub
  // expected-error @+1 {{may touch a fetched block from pipe_mte3 before that pipe is ordered after the fetch (rule P7)}}
  asc.data_copy %c, %again, %n : !gm, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// Valid: the post of an async Iterate orders the vector core's earlier MTE3
// accesses before the server handles it (O8: KfcCommClient::PostMessage),
// and the fetch waits for a block the server signalled after that. So the
// last tile's copy out of the buffer happens before the next tile's fetch
// into it, with no flag of the kernel's own.
func.func @copy_out_then_post_then_fetch(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %t: !ub, %e: i32) {
  %n = arith.constant 64 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %more = asc.matmul.iterate %mm {sync = false} : !mm
    asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
    asc.set_flag mte2_mte3, %e
    asc.wait_flag mte2_mte3, %e
    asc.data_copy %c, %t, %n : !gm, !ub
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// A copy out made after the post: the server's signal says nothing of it.
func.func @post_then_copy_out_then_fetch(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %t: !ub) {
  %n = arith.constant 64 : i32
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  // expected-note @+1 {{the earlier pipe_mte3 access}}
  asc.data_copy %c, %t, %n : !gm, !ub
  // expected-error @+1 {{copies its block into UB by MTE2 (rule P7) while an earlier pipe_mte3 access of those bytes may not be done}}
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// The post saw the copy of the last tile's last block, not the copy of this
// tile's first block that the same op makes again before the second fetch.
func.func @copy_out_made_again_after_the_post(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %t: !ub, %e: i32) {
  %n = arith.constant 64 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %more = asc.matmul.iterate %mm {sync = false} : !mm
    scf.for %j = %c0 to %c2 step %c1 : i32 {
      // expected-error @+1 {{copies its block into UB by MTE2 (rule P7) while an earlier pipe_mte3 access of those bytes may not be done}}
      asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
      asc.set_flag mte2_mte3, %e
      asc.wait_flag mte2_mte3, %e
      // expected-note @+1 {{the earlier pipe_mte3 access}}
      asc.data_copy %c, %t, %n : !gm, !ub
    }
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!uo = !asc.local_tensor<vecout, f32>

// Before the fetch: a VECOUT buffer freed and taken again is the same
// memory, and its FreeTensor orders MTE3 before V only (O5), so the fetch's
// MTE2 copy may overwrite bytes the copy out made after the post still
// reads.
func.func @fetch_into_the_buffer_taken_again(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %s: f32) {
  %qo = asc.queue.create : !asc.queue<vecout, 1>
  %n = arith.constant 64 : i32
  %e = arith.constant 0 : i32
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %t = asc.queue.alloc_tensor %qo : !asc.queue<vecout, 1> -> !uo
  asc.muls %t, %t, %s, %n : !uo, !uo
  asc.set_flag v_mte2, %e
  asc.wait_flag v_mte2, %e
  asc.queue.enque %qo, %t : !asc.queue<vecout, 1>, !uo
  %o = asc.queue.deque %qo : !asc.queue<vecout, 1> -> !uo
  // expected-note @+1 {{the earlier pipe_mte3 access}}
  asc.data_copy %c, %o, %n : !gm, !uo
  asc.queue.free_tensor %qo, %o : !asc.queue<vecout, 1>, !uo
  %again = asc.queue.alloc_tensor %qo : !asc.queue<vecout, 1> -> !uo
  // expected-error @+1 {{copies its block into UB by MTE2 (rule P7) while an earlier pipe_mte3 access of those bytes may not be done}}
  asc.matmul.get_tensor_c %mm, %again {sync = false} : !mm, !uo
  asc.matmul.end %mm : !mm
  return
}
