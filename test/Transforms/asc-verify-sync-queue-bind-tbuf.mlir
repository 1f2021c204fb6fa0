// RUN: asc-opt %s -split-input-file --asc-verify-sync -verify-diagnostics
//
// The orderings a TQueBind<VECIN, VECOUT> and a TBuf give a fetched block
// (spec revision 4, section 2c, O5). The bind hands its buffers from MTE2 to
// MTE3 (EnQue/DeQue: MTE2_MTE3) and back (FreeTensor/AllocTensor:
// MTE3_MTE2), the ordering rule P7 asks of a block copied out without
// vector work; a TBuf orders nothing, and every tensor taken from it is the
// same memory. The pairs come from runtime/asc_run/call_orderings.def, the
// table asc-run runs too.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!bind = !asc.queue<vecin -> vecout, 1>
!ub = !asc.local_tensor<vecout, f32>

// Valid: each block through the bind (MTE2_MTE3) to its copy out, the
// buffer freed (MTE3_MTE2) before the next trip's fetch allocates it again.
func.func @bind_handoff_loop(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %q: !bind) {
  %n = arith.constant 64 : i32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  scf.for %i = %c0 to %c4 step %c1 {
    %t = asc.queue.alloc_tensor %q : !bind -> !ub
    asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
    asc.queue.enque %q, %t : !bind, !ub
    %out = asc.queue.deque %q : !bind -> !ub
    asc.data_copy %c, %out, %n : !gm, !ub
    asc.queue.free_tensor %q, %out : !bind, !ub
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!bind = !asc.queue<vecin -> vecout, 1>
!ub = !asc.local_tensor<vecout, f32>

// The same loop keeping one buffer: the copy out of one trip (MTE3) and the
// next trip's fetch (MTE2) into it are ordered by nothing.
func.func @bind_buffer_kept_across_fetches(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %q: !bind) {
  %n = arith.constant 64 : i32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %t = asc.queue.alloc_tensor %q : !bind -> !ub
  scf.for %i = %c0 to %c4 step %c1 {
    // expected-error @+1 {{'asc.matmul.get_tensor_c' op copies its block into UB by MTE2 (rule P7) while an earlier pipe_mte3 access of those bytes may not be done: nothing orders it before MTE2}}
    asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
    asc.queue.enque %q, %t : !bind, !ub
    %out = asc.queue.deque %q : !bind -> !ub
    // expected-note @+1 {{the earlier pipe_mte3 access}}
    asc.data_copy %c, %out, %n : !gm, !ub
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<veccalc, f32>

// A TBuf orders nothing: the block fetched into one Get of it and copied
// out through another Get (the same memory) needs an MTE2 -> MTE3 ordering.
func.func @tbuf_fetch_then_copy_out(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}) {
  %n = arith.constant 64 : i32
  %bytes = arith.constant 256 : i32
  %pipe = asc.pipe.create
  %b = asc.tbuf.create : !asc.tbuf<veccalc>
  asc.pipe.init_tbuf %pipe, %b, %bytes : !asc.tbuf<veccalc>
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %t = asc.tbuf.get %b : !asc.tbuf<veccalc> -> !ub
  // expected-note @+1 {{the block fetched here}}
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  %again = asc.tbuf.get %b : !asc.tbuf<veccalc> -> !ub
  // expected-error @+1 {{may touch a fetched block from pipe_mte3 before that pipe is ordered after the fetch (rule P7)}}
  asc.data_copy %c, %again, %n : !gm, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<veccalc, f32>

// Valid twin: SetFlag/WaitFlag<MTE2_MTE3> orders the copy out; a second
// TBuf is memory of its own, so the copy out of it needs nothing.
func.func @tbuf_flag_then_copy_out(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}) {
  %n = arith.constant 64 : i32
  %bytes = arith.constant 256 : i32
  %pipe = asc.pipe.create
  %b = asc.tbuf.create : !asc.tbuf<veccalc>
  %other = asc.tbuf.create : !asc.tbuf<veccalc>
  asc.pipe.init_tbuf %pipe, %b, %bytes : !asc.tbuf<veccalc>
  asc.pipe.init_tbuf %pipe, %other, %bytes : !asc.tbuf<veccalc>
  %e = arith.constant 0 : i32
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %t = asc.tbuf.get %b : !asc.tbuf<veccalc> -> !ub
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  %x = asc.tbuf.get %other : !asc.tbuf<veccalc> -> !ub
  asc.data_copy %c, %x, %n : !gm, !ub
  asc.set_flag mte2_mte3, %e
  asc.wait_flag mte2_mte3, %e
  %again = asc.tbuf.get %b : !asc.tbuf<veccalc> -> !ub
  asc.data_copy %c, %again, %n : !gm, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<veccalc, f32>
!uo = !asc.local_tensor<vecout, f32>

// A fetch loop into a TBuf whose block the vector pipe reads each trip:
// unlike a queue's FreeTensor/AllocTensor, nothing orders the read before
// the next trip's MTE2 copy.
func.func @tbuf_vector_read_then_refetch(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %o: !asc.queue<vecout, 1>, %s: f32) {
  %n = arith.constant 64 : i32
  %bytes = arith.constant 256 : i32
  %pipe = asc.pipe.create
  %b = asc.tbuf.create : !asc.tbuf<veccalc>
  asc.pipe.init_tbuf %pipe, %b, %bytes : !asc.tbuf<veccalc>
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %u = asc.queue.alloc_tensor %o : !asc.queue<vecout, 1> -> !uo
  scf.for %i = %c0 to %c4 step %c1 {
    %t = asc.tbuf.get %b : !asc.tbuf<veccalc> -> !ub
    // expected-error @+1 {{'asc.matmul.get_tensor_c' op copies its block into UB by MTE2 (rule P7) while an earlier pipe_v access of those bytes may not be done}}
    asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
    // expected-note @+1 {{the earlier pipe_v access}}
    asc.muls %u, %t, %s, %n : !uo, !ub
  }
  return
}
