// RUN: asc-opt %s -split-input-file --asc-verify-sync -verify-diagnostics
//
// The vector core's own accesses against each other (spec revision 4,
// section 2c): V, MTE2 and MTE3 run in parallel, and two copies of MTE2 (or
// of MTE3) may overlap (O1), so two accesses of the same bytes, one writing,
// need an ordering: SetFlag/WaitFlag (O3), a barrier (O4), a queue hand-off
// (O5). asc-run's pipe checker compares the same pairs. A flag's set is
// carried through the flow to its wait, so a set before a loop or at the
// end of a trip orders the next trip's work.

!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<veccalc, f32>

// A TBuf tile loop: copy in, vector op, copy out. Nothing orders one
// trip's vector op (a V write) and copy out (an MTE3 read) before the next
// trip's copy in (an MTE2 write of the same bytes), nor the copy out before
// the next trip's vector op. Each access is reported against the first
// unordered one in program order, as asc-run reports the pair it meets.
func.func @tbuf_loop_without_mte3_mte2(%px: !asc.gm_addr {asc.no_alias}, %py: !asc.gm_addr {asc.no_alias}, %s: f32) attributes {asc.kernel} {
  %n = arith.constant 64 : i32
  %bytes = arith.constant 256 : i32
  %e = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %pipe = asc.pipe.create
  %b = asc.tbuf.create : !asc.tbuf<veccalc>
  asc.pipe.init_tbuf %pipe, %b, %bytes : !asc.tbuf<veccalc>
  %x = asc.set_global_buffer %px : !gm
  %y = asc.set_global_buffer %py : !gm
  scf.for %i = %c0 to %c4 step %c1 {
    %t = asc.tbuf.get %b : !asc.tbuf<veccalc> -> !ub
    // expected-error @+1 {{'asc.data_copy' op may touch bytes that an earlier pipe_v access touches, one of the two writing, before pipe_mte2 is ordered after it (section 2c: the pipes run in parallel); put 'asc.set_flag'/'asc.wait_flag' of v_mte2 in between or hand the buffer over through its queue, or 'asc.pipe_barrier pipe_all'}}
    asc.data_copy %t, %x, %n : !ub, !gm
    asc.set_flag mte2_v, %e
    asc.wait_flag mte2_v, %e
    // expected-note @+2 {{the earlier pipe_v access}}
    // expected-error @+1 {{'asc.muls' op may touch bytes that an earlier pipe_mte3 access touches, one of the two writing, before pipe_v is ordered after it (section 2c: the pipes run in parallel); put 'asc.set_flag'/'asc.wait_flag' of mte3_v in between}}
    asc.muls %t, %t, %s, %n : !ub, !ub
    asc.set_flag v_mte3, %e
    asc.wait_flag v_mte3, %e
    // expected-note @+1 {{the earlier pipe_mte3 access}}
    asc.data_copy %y, %t, %n : !gm, !ub
  }
  return
}

// -----

!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<veccalc, f32>

// Valid twin: SetFlag/WaitFlag<MTE3_MTE2> at the end of each trip.
func.func @tbuf_loop_with_mte3_mte2(%px: !asc.gm_addr {asc.no_alias}, %py: !asc.gm_addr {asc.no_alias}, %s: f32) attributes {asc.kernel} {
  %n = arith.constant 64 : i32
  %bytes = arith.constant 256 : i32
  %e = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %pipe = asc.pipe.create
  %b = asc.tbuf.create : !asc.tbuf<veccalc>
  asc.pipe.init_tbuf %pipe, %b, %bytes : !asc.tbuf<veccalc>
  %x = asc.set_global_buffer %px : !gm
  %y = asc.set_global_buffer %py : !gm
  scf.for %i = %c0 to %c4 step %c1 {
    %t = asc.tbuf.get %b : !asc.tbuf<veccalc> -> !ub
    asc.data_copy %t, %x, %n : !ub, !gm
    asc.set_flag mte2_v, %e
    asc.wait_flag mte2_v, %e
    asc.muls %t, %t, %s, %n : !ub, !ub
    asc.set_flag v_mte3, %e
    asc.wait_flag v_mte3, %e
    asc.data_copy %y, %t, %n : !gm, !ub
    asc.set_flag mte3_mte2, %e
    asc.wait_flag mte3_mte2, %e
  }
  return
}

// -----

!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<veccalc, f32>

// Valid: the flag carried across the back edge, as Ascend C kernels write
// it: set once before the loop, waited at the top of each trip and set
// again at its end, waited once more after the loop. The id is a value
// defined once per run (TPipe::FetchEventID's result).
func.func @flag_carried_across_trips(%px: !asc.gm_addr {asc.no_alias}, %py: !asc.gm_addr {asc.no_alias}, %s: f32, %id: i32) attributes {asc.kernel} {
  %n = arith.constant 64 : i32
  %bytes = arith.constant 256 : i32
  %e = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %pipe = asc.pipe.create
  %b = asc.tbuf.create : !asc.tbuf<veccalc>
  asc.pipe.init_tbuf %pipe, %b, %bytes : !asc.tbuf<veccalc>
  %x = asc.set_global_buffer %px : !gm
  %y = asc.set_global_buffer %py : !gm
  asc.set_flag mte3_mte2, %id
  scf.for %i = %c0 to %c4 step %c1 {
    %t = asc.tbuf.get %b : !asc.tbuf<veccalc> -> !ub
    asc.wait_flag mte3_mte2, %id
    asc.data_copy %t, %x, %n : !ub, !gm
    asc.set_flag mte2_v, %e
    asc.wait_flag mte2_v, %e
    asc.muls %t, %t, %s, %n : !ub, !ub
    asc.set_flag v_mte3, %e
    asc.wait_flag v_mte3, %e
    asc.data_copy %y, %t, %n : !gm, !ub
    asc.set_flag mte3_mte2, %id
  }
  asc.wait_flag mte3_mte2, %id
  return
}

// -----

!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<veccalc, f32>

// The same with the flag's id computed in the loop (a ping-pong id of the
// trip): the wait at the top of a trip may name another flag than the set
// at the end of the trip before, so the analysis matches them only within
// one trip, and here that is stricter than a kernel whose ids agree.
func.func @flag_id_computed_in_loop(%px: !asc.gm_addr {asc.no_alias}, %py: !asc.gm_addr {asc.no_alias}, %s: f32) attributes {asc.kernel} {
  %n = arith.constant 64 : i32
  %bytes = arith.constant 256 : i32
  %e = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %pipe = asc.pipe.create
  %b = asc.tbuf.create : !asc.tbuf<veccalc>
  asc.pipe.init_tbuf %pipe, %b, %bytes : !asc.tbuf<veccalc>
  %x = asc.set_global_buffer %px : !gm
  %y = asc.set_global_buffer %py : !gm
  scf.for %i = %c0 to %c4 step %c1 {
    %r = arith.remui %i, %c2 : index
    %id = arith.index_cast %r : index to i32
    %t = asc.tbuf.get %b : !asc.tbuf<veccalc> -> !ub
    asc.wait_flag mte3_mte2, %id
    // expected-error @+1 {{may touch bytes that an earlier pipe_v access touches}}
    asc.data_copy %t, %x, %n : !ub, !gm
    asc.set_flag mte2_v, %e
    asc.wait_flag mte2_v, %e
    // expected-note @+2 {{the earlier pipe_v access}}
    // expected-error @+1 {{may touch bytes that an earlier pipe_mte3 access touches}}
    asc.muls %t, %t, %s, %n : !ub, !ub
    asc.set_flag v_mte3, %e
    asc.wait_flag v_mte3, %e
    // expected-note @+1 {{the earlier pipe_mte3 access}}
    asc.data_copy %y, %t, %n : !gm, !ub
    asc.set_flag mte3_mte2, %id
  }
  return
}

// -----

!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<veccalc, f32>

// Valid: an id fetched anew each trip (TPipe::FetchEventID in the loop,
// CANN's matmul_partial_output) with its set and wait in the same trip:
// the wait takes what its set saw, so the copy in is ordered after the
// trip before's copy out and the vector work after the copy in.
func.func @flag_id_fetched_each_trip(%px: !asc.gm_addr {asc.no_alias}, %py: !asc.gm_addr {asc.no_alias}, %s: f32) attributes {asc.kernel} {
  %n = arith.constant 64 : i32
  %bytes = arith.constant 256 : i32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %pipe = asc.pipe.create
  %b = asc.tbuf.create : !asc.tbuf<veccalc>
  asc.pipe.init_tbuf %pipe, %b, %bytes : !asc.tbuf<veccalc>
  %x = asc.set_global_buffer %px : !gm
  %y = asc.set_global_buffer %py : !gm
  scf.for %i = %c0 to %c4 step %c1 {
    %t = asc.tbuf.get %b : !asc.tbuf<veccalc> -> !ub
    %back = asc.pipe.fetch_event_id %pipe, mte3_mte2
    asc.set_flag mte3_mte2, %back
    asc.wait_flag mte3_mte2, %back
    asc.data_copy %t, %x, %n : !ub, !gm
    %in = asc.pipe.fetch_event_id %pipe, mte2_v
    asc.set_flag mte2_v, %in
    asc.wait_flag mte2_v, %in
    asc.muls %t, %t, %s, %n : !ub, !ub
    %out = asc.pipe.fetch_event_id %pipe, v_mte3
    asc.set_flag v_mte3, %out
    asc.wait_flag v_mte3, %out
    asc.data_copy %y, %t, %n : !gm, !ub
  }
  return
}

// -----

!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<veccalc, f32>

// Its twin with the set of each trip's id moved to the trip's end: a wait
// without a set of the same trip before it orders nothing, so neither the
// trip before's vector work nor its copy out is ordered before the copy in
// (nor, through it, before this trip's vector work).
func.func @flag_id_fetched_each_trip_set_late(%px: !asc.gm_addr {asc.no_alias}, %py: !asc.gm_addr {asc.no_alias}, %s: f32) attributes {asc.kernel} {
  %n = arith.constant 64 : i32
  %bytes = arith.constant 256 : i32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %pipe = asc.pipe.create
  %b = asc.tbuf.create : !asc.tbuf<veccalc>
  asc.pipe.init_tbuf %pipe, %b, %bytes : !asc.tbuf<veccalc>
  %x = asc.set_global_buffer %px : !gm
  %y = asc.set_global_buffer %py : !gm
  scf.for %i = %c0 to %c4 step %c1 {
    %t = asc.tbuf.get %b : !asc.tbuf<veccalc> -> !ub
    %back = asc.pipe.fetch_event_id %pipe, mte3_mte2
    asc.wait_flag mte3_mte2, %back
    // expected-error @+1 {{may touch bytes that an earlier pipe_v access touches}}
    asc.data_copy %t, %x, %n : !ub, !gm
    %in = asc.pipe.fetch_event_id %pipe, mte2_v
    asc.set_flag mte2_v, %in
    asc.wait_flag mte2_v, %in
    // expected-note @+2 {{the earlier pipe_v access}}
    // expected-error @+1 {{may touch bytes that an earlier pipe_mte3 access touches}}
    asc.muls %t, %t, %s, %n : !ub, !ub
    %out = asc.pipe.fetch_event_id %pipe, v_mte3
    asc.set_flag v_mte3, %out
    asc.wait_flag v_mte3, %out
    // expected-note @+1 {{the earlier pipe_mte3 access}}
    asc.data_copy %y, %t, %n : !gm, !ub
    asc.set_flag mte3_mte2, %back
  }
  return
}

// -----

!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<veccalc, f32>

// A set on one path only: the wait after the merge may return on another
// set, so it orders nothing that the path without the set did.
func.func @flag_set_on_one_path(%px: !asc.gm_addr {asc.no_alias}, %py: !asc.gm_addr {asc.no_alias}, %cond: i1) attributes {asc.kernel} {
  %n = arith.constant 64 : i32
  %bytes = arith.constant 256 : i32
  %e = arith.constant 0 : i32
  %pipe = asc.pipe.create
  %b = asc.tbuf.create : !asc.tbuf<veccalc>
  asc.pipe.init_tbuf %pipe, %b, %bytes : !asc.tbuf<veccalc>
  %x = asc.set_global_buffer %px : !gm
  %y = asc.set_global_buffer %py : !gm
  %t = asc.tbuf.get %b : !asc.tbuf<veccalc> -> !ub
  // expected-note @+1 {{the earlier pipe_mte3 access}}
  asc.data_copy %y, %t, %n : !gm, !ub
  scf.if %cond {
    asc.set_flag mte3_mte2, %e
  }
  asc.wait_flag mte3_mte2, %e
  // expected-error @+1 {{may touch bytes that an earlier pipe_mte3 access touches}}
  asc.data_copy %t, %x, %n : !ub, !gm
  return
}

// -----

!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<veccalc, f32>

// Two MTE2 copies into the same bytes (O1: MTE2 overlaps its copies), and
// the valid twin with PipeBarrier<PIPE_MTE2> between them.
func.func @two_copies_in(%px: !asc.gm_addr {asc.no_alias}, %pz: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  %n = arith.constant 64 : i32
  %bytes = arith.constant 256 : i32
  %pipe = asc.pipe.create
  %b = asc.tbuf.create : !asc.tbuf<veccalc>
  asc.pipe.init_tbuf %pipe, %b, %bytes : !asc.tbuf<veccalc>
  %x = asc.set_global_buffer %px : !gm
  %z = asc.set_global_buffer %pz : !gm
  %t = asc.tbuf.get %b : !asc.tbuf<veccalc> -> !ub
  // expected-note @+1 {{the earlier pipe_mte2 access}}
  asc.data_copy %t, %x, %n : !ub, !gm
  // expected-error @+1 {{before pipe_mte2 is ordered after it (section 2c, O1: two copies of one pipe may overlap); put 'asc.pipe_barrier pipe_mte2' in between, or 'asc.pipe_barrier pipe_all'}}
  asc.data_copy %t, %z, %n : !ub, !gm
  return
}

func.func @two_copies_in_barrier(%px: !asc.gm_addr {asc.no_alias}, %pz: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  %n = arith.constant 64 : i32
  %bytes = arith.constant 256 : i32
  %pipe = asc.pipe.create
  %b = asc.tbuf.create : !asc.tbuf<veccalc>
  asc.pipe.init_tbuf %pipe, %b, %bytes : !asc.tbuf<veccalc>
  %x = asc.set_global_buffer %px : !gm
  %z = asc.set_global_buffer %pz : !gm
  %t = asc.tbuf.get %b : !asc.tbuf<veccalc> -> !ub
  asc.data_copy %t, %x, %n : !ub, !gm
  asc.pipe_barrier pipe_mte2
  asc.data_copy %t, %z, %n : !ub, !gm
  return
}

// -----

!gm = !asc.global_tensor<f32>
!ui = !asc.local_tensor<vecin, f32>
!uo = !asc.local_tensor<vecout, f32>

// Valid: the queues' hand-offs order a double-buffered tile loop (O5):
// EnQue/DeQue MTE2 -> V and V -> MTE3, FreeTensor/AllocTensor V -> MTE2
// and MTE3 -> V. Buffers of two queues the kernel creates are apart.
func.func @queue_tile_loop(%px: !asc.gm_addr {asc.no_alias}, %py: !asc.gm_addr {asc.no_alias}, %s: f32) attributes {asc.kernel} {
  %qi = asc.queue.create : !asc.queue<vecin, 2>
  %qo = asc.queue.create : !asc.queue<vecout, 2>
  %n = arith.constant 64 : i32
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %x = asc.set_global_buffer %px : !gm
  %y = asc.set_global_buffer %py : !gm
  scf.for %i = %c0 to %c8 step %c1 {
    %in = asc.queue.alloc_tensor %qi : !asc.queue<vecin, 2> -> !ui
    asc.data_copy %in, %x, %n : !ui, !gm
    asc.queue.enque %qi, %in : !asc.queue<vecin, 2>, !ui
    %a = asc.queue.deque %qi : !asc.queue<vecin, 2> -> !ui
    %out = asc.queue.alloc_tensor %qo : !asc.queue<vecout, 2> -> !uo
    asc.muls %out, %a, %s, %n : !uo, !ui
    asc.queue.free_tensor %qi, %a : !asc.queue<vecin, 2>, !ui
    asc.queue.enque %qo, %out : !asc.queue<vecout, 2>, !uo
    %o = asc.queue.deque %qo : !asc.queue<vecout, 2> -> !uo
    asc.data_copy %y, %o, %n : !gm, !uo
    asc.queue.free_tensor %qo, %o : !asc.queue<vecout, 2>, !uo
  }
  return
}

// -----

!gm = !asc.global_tensor<f32>
!uo = !asc.local_tensor<vecout, f32>

// A VECOUT buffer freed and taken again from its queue is the same memory
// (O5): FreeTensor/AllocTensor order MTE3 before V only, so a copy into the
// new buffer (MTE2) may overwrite bytes the copy out of the freed one is
// still reading.
func.func @vecout_buffer_taken_again(%px: !asc.gm_addr {asc.no_alias}, %py: !asc.gm_addr {asc.no_alias}, %s: f32) attributes {asc.kernel} {
  %qo = asc.queue.create : !asc.queue<vecout, 1>
  %n = arith.constant 64 : i32
  %e = arith.constant 0 : i32
  %x = asc.set_global_buffer %px : !gm
  %y = asc.set_global_buffer %py : !gm
  %a = asc.queue.alloc_tensor %qo : !asc.queue<vecout, 1> -> !uo
  asc.muls %a, %a, %s, %n : !uo, !uo
  asc.set_flag v_mte2, %e
  asc.wait_flag v_mte2, %e
  asc.queue.enque %qo, %a : !asc.queue<vecout, 1>, !uo
  %o = asc.queue.deque %qo : !asc.queue<vecout, 1> -> !uo
  // expected-note @+1 {{the earlier pipe_mte3 access}}
  asc.data_copy %y, %o, %n : !gm, !uo
  asc.queue.free_tensor %qo, %o : !asc.queue<vecout, 1>, !uo
  %b = asc.queue.alloc_tensor %qo : !asc.queue<vecout, 1> -> !uo
  // expected-error @+1 {{'asc.data_copy' op may touch bytes that an earlier pipe_mte3 access touches, one of the two writing, before pipe_mte2 is ordered after it (section 2c: the pipes run in parallel); put 'asc.set_flag'/'asc.wait_flag' of mte3_mte2 in between or hand the buffer over through its queue, or 'asc.pipe_barrier pipe_all'}}
  asc.data_copy %b, %x, %n : !uo, !gm
  return
}

// -----

!gm = !asc.global_tensor<f32>
!uo = !asc.local_tensor<vecout, f32>

// Valid twin: SetFlag/WaitFlag<MTE3_MTE2> before the buffer is written
// again.
func.func @vecout_buffer_taken_again_ordered(%px: !asc.gm_addr {asc.no_alias}, %py: !asc.gm_addr {asc.no_alias}, %s: f32) attributes {asc.kernel} {
  %qo = asc.queue.create : !asc.queue<vecout, 1>
  %n = arith.constant 64 : i32
  %e = arith.constant 0 : i32
  %x = asc.set_global_buffer %px : !gm
  %y = asc.set_global_buffer %py : !gm
  %a = asc.queue.alloc_tensor %qo : !asc.queue<vecout, 1> -> !uo
  asc.muls %a, %a, %s, %n : !uo, !uo
  asc.set_flag v_mte2, %e
  asc.wait_flag v_mte2, %e
  asc.queue.enque %qo, %a : !asc.queue<vecout, 1>, !uo
  %o = asc.queue.deque %qo : !asc.queue<vecout, 1> -> !uo
  asc.data_copy %y, %o, %n : !gm, !uo
  asc.queue.free_tensor %qo, %o : !asc.queue<vecout, 1>, !uo
  asc.set_flag mte3_mte2, %e
  asc.wait_flag mte3_mte2, %e
  %b = asc.queue.alloc_tensor %qo : !asc.queue<vecout, 1> -> !uo
  asc.data_copy %b, %x, %n : !uo, !gm
  return
}

// -----

!gm = !asc.global_tensor<f32>
!uo = !asc.local_tensor<vecout, f32>

// Valid: two buffers of one queue live at once are two buffers; the queue
// hands out a buffer again only after its FreeTensor.
func.func @two_live_buffers_of_one_queue(%px: !asc.gm_addr {asc.no_alias}, %py: !asc.gm_addr {asc.no_alias}, %s: f32) attributes {asc.kernel} {
  %qo = asc.queue.create : !asc.queue<vecout, 2>
  %n = arith.constant 64 : i32
  %e = arith.constant 0 : i32
  %x = asc.set_global_buffer %px : !gm
  %y = asc.set_global_buffer %py : !gm
  %a = asc.queue.alloc_tensor %qo : !asc.queue<vecout, 2> -> !uo
  %b = asc.queue.alloc_tensor %qo : !asc.queue<vecout, 2> -> !uo
  asc.muls %a, %a, %s, %n : !uo, !uo
  asc.set_flag v_mte2, %e
  asc.wait_flag v_mte2, %e
  asc.queue.enque %qo, %a : !asc.queue<vecout, 2>, !uo
  %o = asc.queue.deque %qo : !asc.queue<vecout, 2> -> !uo
  asc.data_copy %y, %o, %n : !gm, !uo
  asc.data_copy %b, %x, %n : !uo, !gm
  asc.queue.free_tensor %qo, %o : !asc.queue<vecout, 2>, !uo
  asc.queue.free_tensor %qo, %b : !asc.queue<vecout, 2>, !uo
  return
}
