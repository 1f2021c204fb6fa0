// RUN: asc-opt %s -split-input-file --asc-verify-sync -verify-diagnostics

// Soundness, round 2: each class of race the verifier used to accept (and
// the valid kind it used to reject), the racy shape next to its safe twin.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!uh = !asc.local_tensor<vecout, f16>
!ub = !asc.local_tensor<vecin, f32>

// Class 1, every call in flight: Iterate<false> reads A while the cube
// computes its blocks; a write of A before its blocks are fetched races.
func.func @iterate_async_write_a(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %n: i32) {
  %qh = asc.queue.create : !asc.queue<vecout, 1>
  %h = asc.queue.alloc_tensor %qh : !asc.queue<vecout, 1> -> !uh
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  // expected-note @+1 {{fetches take this call's results block by block: it reads its inputs until the loop that fetches them ends}}
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  // expected-error @+1 {{may write memory that an async 'asc.matmul.iterate' reads while it runs (its A input) (rule P3)}}
  asc.data_copy %a, %h, %n : !ga, !uh
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!uh = !asc.local_tensor<vecout, f16>
!ub = !asc.local_tensor<vecin, f32>

// Its safe twin: once the counted fetch loop is left, every block was
// fetched and A may be written.
func.func @iterate_async_write_a_after_fetches(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %n: i32, %blocks: index) {
  %qh = asc.queue.create : !asc.queue<vecout, 1>
  %h = asc.queue.alloc_tensor %qh : !asc.queue<vecout, 1> -> !uh
  %qu = asc.queue.create : !asc.queue<vecin, 1>
  %u = asc.queue.alloc_tensor %qu : !asc.queue<vecin, 1> -> !ub
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  scf.for %i = %c0 to %blocks step %c1 {
    asc.matmul.get_tensor_c %mm, %u {sync = false} : !mm, !ub
    asc.matmul.wait_get_tensor_c %mm : !mm
  }
  asc.pipe_barrier pipe_all
  asc.data_copy %a, %h, %n : !ga, !uh
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// Inside the fetch loop the cube still writes the blocks not fetched yet: a
// read of the workspace itself races, a read through the fetched view after
// its wait does not.
func.func @iterate_async_read_workspace(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %blocks: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  // expected-note @+1 {{it writes its output until the loop that fetches them ends}}
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  scf.for %i = %c0 to %blocks step %c1 {
    %blk = asc.matmul.get_tensor_c %mm {sync = false} : !mm -> !gm
    asc.matmul.wait_get_tensor_c %mm : !mm
    asc.data_copy %u, %blk, %n : !ub, !gm
    // expected-error @+1 {{may access memory that aliases the pending output of an async 'asc.matmul.iterate' (rule P3)}}
    asc.data_copy %u, %w, %n : !ub, !gm
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// New work inside the loop that fetches the blocks of an Iterate<false>
// resets the client's fetch counter and takes its signals: rule P1. After
// the fetch loop it is fine.
func.func @iterate_async_new_work_in_fetch_loop(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %u: !ub, %blocks: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  // expected-note @+2 {{the async call whose results fetches take}}
  // expected-note @+1 {{the async Iterate whose blocks are being fetched}}
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  scf.for %i = %c0 to %blocks step %c1 {
    asc.matmul.get_tensor_c %mm, %u {sync = false} : !mm, !ub
    asc.matmul.wait_get_tensor_c %mm : !mm
    // The setter is rule P6c's error too.
    // expected-error @+1 {{changes the object while the blocks of an async 'asc.matmul.iterate' are still fetched (rule P6c)}}
    asc.matmul.set_tensor_a %mm, %a : !mm, !ga
    // expected-error @+1 {{issues new work on the Matmul object inside the loop that fetches the results of an async 'asc.matmul.iterate': rule P1 needs every fetch first}}
    asc.matmul.iterate_all %mm, %c : !mm, !gm
  }
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// A new workspace in the fetch loop moves where the remaining fetches read
// (MatmulClient::SetWorkspace resets their offset): rule P1.
func.func @iterate_async_workspace_in_fetch_loop(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %u: !ub, %blocks: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  // expected-note @+1 {{the async call whose results fetches take}}
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  scf.for %i = %c0 to %blocks step %c1 {
    asc.matmul.get_tensor_c %mm, %u {sync = false} : !mm, !ub
    asc.matmul.wait_get_tensor_c %mm : !mm
    // expected-error @+1 {{reconfigures the Matmul object inside the loop that fetches the results of an async 'asc.matmul.iterate'}}
    asc.matmul.set_workspace %mm, %w : !mm, !gm
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!uh = !asc.local_tensor<vecout, f16>
!ub = !asc.local_tensor<vecin, f32>

// The while (mm.Iterate<false>()) form: its loop is the fetch loop; A may be
// written once it is left.
func.func @iterate_async_while_loop(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %n: i32) {
  %qh = asc.queue.create : !asc.queue<vecout, 1>
  %h = asc.queue.alloc_tensor %qh : !asc.queue<vecout, 1> -> !uh
  %qu = asc.queue.create : !asc.queue<vecin, 1>
  %u = asc.queue.alloc_tensor %qu : !asc.queue<vecin, 1> -> !ub
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  scf.while : () -> () {
    %more = asc.matmul.iterate %mm {sync = false} : !mm
    scf.condition(%more)
  } do {
    asc.matmul.get_tensor_c %mm, %u {sync = false} : !mm, !ub
    asc.matmul.wait_get_tensor_c %mm : !mm
    scf.yield
  }
  asc.pipe_barrier pipe_all
  asc.data_copy %a, %h, %n : !ga, !uh
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, layout = bsngd>, c = <gm, nd, f32, layout = bsngd>, config = <norm, is_n_batch = true>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!uh = !asc.local_tensor<vecout, f16>
!ub = !asc.local_tensor<vecin, f32>

// A flagless IterateNBatch is in flight until its GetBatchTensorC loop is
// left: A written inside the loop races, after it does not.
func.func @nbatch_flagless_inputs(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %n: i32, %loops: index) {
  %qh = asc.queue.create : !asc.queue<vecout, 1>
  %h = asc.queue.alloc_tensor %qh : !asc.queue<vecout, 1> -> !uh
  %qu = asc.queue.create : !asc.queue<vecin, 1>
  %u = asc.queue.alloc_tensor %qu : !asc.queue<vecin, 1> -> !ub
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  // expected-note @+1 {{it reads its inputs until the loop that fetches them ends}}
  asc.matmul.iterate_n_batch %mm, %n, %n, %n {sync = false} : !mm
  scf.for %i = %c0 to %loops step %c1 {
    asc.matmul.get_batch_tensor_c %mm, %n, %n into %u {sync = false} : !mm, !ub
    // The copies below have unknown extents: ordering MTE3 after the fetch
    // keeps rule P7 out of this case.
    asc.pipe_barrier pipe_all
    // expected-error @+1 {{(its A input) (rule P3)}}
    asc.data_copy %a, %h, %n : !ga, !uh
  }
  asc.data_copy %a, %h, %n : !ga, !uh
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// Class 2, another name of the object: a flagless issue on %mm1 writes %c;
// an issue through a select that may be %mm2 writes %c too, unordered.
func.func @select_of_objects_writes_output(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %cond: i1) {
  %a = asc.set_global_buffer %pa : !ga
  %c = asc.set_global_buffer %pc : !gm
  %mm1 = asc.matmul.create : !mm
  %mm2 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm1, %a : !mm, !ga
  asc.matmul.set_tensor_a %mm2, %a : !mm, !ga
  // expected-note @+1 {{this issue has no wait flag}}
  asc.matmul.iterate_all %mm1, %c {sync = false} : !mm, !gm
  %sel = arith.select %cond, %mm1, %mm2 : !mm
  asc.matmul.set_tensor_a %sel, %a : !mm, !ga
  // expected-error @+1 {{may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
  asc.matmul.iterate_all %sel, %c : !mm, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>

// Its twin through the very same value: the server runs one object's
// messages in order.
func.func @same_object_writes_output(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}) {
  %a = asc.set_global_buffer %pa : !ga
  %c = asc.set_global_buffer %pc : !gm
  %mm1 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm1, %a : !mm, !ga
  asc.matmul.iterate_all %mm1, %c {sync = false} : !mm, !gm
  asc.matmul.set_tensor_a %mm1, %a : !mm, !ga
  asc.matmul.iterate_all %mm1, %c : !mm, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>

// A valid kernel that stages an input through a second name and issues,
// waits and ends through the first: the wait completes the issue for every
// name (it used to get a false P1 at the return).
func.func @input_through_second_name(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %cond: i1) {
  %a = asc.set_global_buffer %pa : !ga
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  %other = arith.select %cond, %mm, %mm : !mm
  asc.matmul.set_tensor_a %other, %a : !mm, !ga
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>

// Class 3, the paths the emitted code takes: an i8 loop from 126 to 127
// step 3 runs 171 times in C++ (int8_t wraps around), not once; the second
// trip re-issues while the first is pending.
func.func @narrow_loop_wraps(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}) {
  %lb = arith.constant 126 : i8
  %ub = arith.constant 127 : i8
  %step = arith.constant 3 : i8
  %a = asc.set_global_buffer %pa : !ga
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  scf.for %i = %lb to %ub step %step : i8 {
    asc.matmul.set_tensor_a %mm, %a : !mm, !ga
    // expected-note @+2 {{the pending async issue}}
    // expected-error @+1 {{issues new work on the Matmul object while an async 'asc.matmul.iterate_all' is pending}}
    asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  }
  asc.matmul.wait_iterate_all %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>

// Its twin in i32: 126 + 3 stays in range, the loop runs once, there is no
// back edge and no zero-trip path.
func.func @wide_loop_runs_once(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}) {
  %lb = arith.constant 126 : i32
  %ub = arith.constant 127 : i32
  %step = arith.constant 3 : i32
  %a = asc.set_global_buffer %pa : !ga
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  scf.for %i = %lb to %ub step %step : i32 {
    asc.matmul.set_tensor_a %mm, %a : !mm, !ga
    asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  }
  asc.matmul.wait_iterate_all %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>

// An index loop is a size_t loop in C++: from -1 to 1 it runs zero times
// (the signed reading says once), so the wait inside may never run.
func.func @index_loop_compares_unsigned(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}) {
  %lb = arith.constant -1 : index
  %ub = arith.constant 1 : index
  %step = arith.constant 2 : index
  %a = asc.set_global_buffer %pa : !ga
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  // expected-note @+1 {{the pending async issue}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  scf.for %i = %lb to %ub step %step {
    asc.matmul.wait_iterate_all %mm : !mm
  }
  // expected-error @+1 {{returns while an async 'asc.matmul.iterate_all' is pending}}
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// Class 4, a creation reached again: on the second trip around the CFG
// loop the object is declared anew while the first trip's issue is pending;
// that issue does not disappear: a read of its output still races.
func.func @create_on_back_edge(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %again: i1) {
  %a = asc.set_global_buffer %pa : !ga
  %c = asc.set_global_buffer %pc : !gm
  cf.br ^loop
^loop:
  // expected-error @+1 {{declares the Matmul object again while an async 'asc.matmul.iterate_all' of the previous one is pending}}
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  // expected-note @+2 {{the pending async issue}}
  // expected-note @+1 {{the async issue writing that output}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  cf.cond_br %again, ^loop, ^exit
^exit:
  // expected-error @+1 {{may access memory that aliases the pending output}}
  asc.data_copy %u, %c, %n : !ub, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// The same loop with every use of the object in its block: the issue is
// the object's last use. Its entry outlives that use while the issue is
// pending, so the second trip's creation, the read after the loop and the
// return all still see it.
func.func @create_on_back_edge_last_use_pending(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %again: i1) {
  %a = asc.set_global_buffer %pa : !ga
  %c = asc.set_global_buffer %pc : !gm
  cf.br ^loop
^loop:
  // expected-error @+1 {{declares the Matmul object again while an async 'asc.matmul.iterate_all' of the previous one is pending}}
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  // expected-note @+2 {{the pending async issue}}
  // expected-note @+1 {{the async issue writing that output}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  cf.cond_br %again, ^loop, ^exit
^exit:
  // expected-error @+1 {{may access memory that aliases the pending output}}
  asc.data_copy %u, %c, %n : !ub, !gm
  // expected-error @+1 {{returns while an async 'asc.matmul.iterate_all' is pending}}
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// Its safe twin: each trip waits for its issue and ends its object before
// the next creation, so nothing is pending when the loop goes round or
// exits (the object's entry leaves the state after its end).
func.func @create_on_back_edge_settled(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %again: i1) {
  %a = asc.set_global_buffer %pa : !ga
  %c = asc.set_global_buffer %pc : !gm
  cf.br ^loop
^loop:
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  cf.cond_br %again, ^loop, ^exit
^exit:
  asc.data_copy %u, %c, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>

// New work before any block of an Iterate<false> was fetched: its signals
// are still to come, and the new call's wait would take them (rule P1).
func.func @iterate_async_new_work_before_any_fetch(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}) {
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  // expected-note @+2 {{the async call whose results fetches take}}
  // expected-note @+1 {{the async Iterate whose blocks are being fetched}}
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  // expected-error @+1 {{changes the object while the blocks of an async 'asc.matmul.iterate' are still fetched (rule P6c)}}
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  // expected-error @+1 {{issues new work on the Matmul object before any result of an async 'asc.matmul.iterate' was fetched: rule P1 needs its fetches first}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>
!uh = !asc.local_tensor<vecout, f16>

// Fetched in straight-line code, the blocks may not all be fetched: A stays
// in flight until the object moves on (CANN requires every block fetched by
// then; asc-run counts them), so a write of A before that races, one after
// the next issue does not.
func.func @iterate_async_straight_line_fetch(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %n: i32) {
  %qh = asc.queue.create : !asc.queue<vecout, 1>
  %h = asc.queue.alloc_tensor %qh : !asc.queue<vecout, 1> -> !uh
  %qu = asc.queue.create : !asc.queue<vecin, 1>
  %u = asc.queue.alloc_tensor %qu : !asc.queue<vecin, 1> -> !ub
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  // expected-note @+1 {{it reads its inputs until the loop that fetches them ends}}
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  asc.matmul.get_tensor_c %mm, %u {sync = false} : !mm, !ub
  asc.matmul.wait_get_tensor_c %mm : !mm
  asc.pipe_barrier pipe_all
  // expected-error @+1 {{(its A input) (rule P3)}}
  asc.data_copy %a, %h, %n : !ga, !uh
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  asc.data_copy %a, %h, %n : !ga, !uh
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// A select of two created objects is one of them, with what they staged and
// nothing else: vector work on UB while the issue through it runs is no
// race (it once got a false P3 against an unknown B).
func.func @select_of_objects_vector_work_in_flight(%pa: !asc.gm_addr {asc.no_alias}, %pb1: !asc.gm_addr {asc.no_alias}, %pb2: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %k: f32, %cond: i1) {
  %a = asc.set_global_buffer %pa : !ga
  %b1 = asc.set_global_buffer %pb1 : !ga
  %b2 = asc.set_global_buffer %pb2 : !ga
  %c = asc.set_global_buffer %pc : !gm
  %mm1 = asc.matmul.create : !mm
  %mm2 = asc.matmul.create : !mm
  asc.matmul.set_tensor_b %mm1, %b1 : !mm, !ga
  asc.matmul.set_tensor_b %mm2, %b2 : !mm, !ga
  %sel = arith.select %cond, %mm1, %mm2 : !mm
  asc.matmul.set_tensor_a %sel, %a : !mm, !ga
  asc.matmul.iterate_all %sel, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.adds %u, %u, %k, %n : !ub, !ub
  asc.matmul.wait_iterate_all %sel : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f16>

// Its racy twin: the B that the second object staged is an input of the
// issue through the select too.
func.func @select_of_objects_writes_second_input(%pa: !asc.gm_addr {asc.no_alias}, %pb1: !asc.gm_addr {asc.no_alias}, %pb2: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %cond: i1) {
  %a = asc.set_global_buffer %pa : !ga
  %b1 = asc.set_global_buffer %pb1 : !ga
  %b2 = asc.set_global_buffer %pb2 : !ga
  %c = asc.set_global_buffer %pc : !gm
  %mm1 = asc.matmul.create : !mm
  %mm2 = asc.matmul.create : !mm
  asc.matmul.set_tensor_b %mm1, %b1 : !mm, !ga
  asc.matmul.set_tensor_b %mm2, %b2 : !mm, !ga
  %sel = arith.select %cond, %mm1, %mm2 : !mm
  asc.matmul.set_tensor_a %sel, %a : !mm, !ga
  // expected-note @+1 {{the async issue reading that input}}
  asc.matmul.iterate_all %sel, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-error @+1 {{may write memory that an async 'asc.matmul.iterate_all' reads while it runs (its B input) (rule P3)}}
  asc.data_copy %b2, %u, %n : !ga, !ub
  asc.matmul.wait_iterate_all %sel : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>

// A select is not an object it cannot be: %mm3's pending issue does not
// stop a call through select(%mm1, %mm2); %mm2's does (rule P1).
func.func @select_origins_and_pending(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %pd: !asc.gm_addr {asc.no_alias}, %pe: !asc.gm_addr {asc.no_alias}, %cond: i1) {
  %a = asc.set_global_buffer %pa : !ga
  %c = asc.set_global_buffer %pc : !gm
  %d = asc.set_global_buffer %pd : !gm
  %e = asc.set_global_buffer %pe : !gm
  %mm1 = asc.matmul.create : !mm
  %mm2 = asc.matmul.create : !mm
  %mm3 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm3, %a : !mm, !ga
  asc.matmul.iterate_all %mm3, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  %sel = arith.select %cond, %mm1, %mm2 : !mm
  asc.matmul.set_tensor_a %sel, %a : !mm, !ga
  asc.matmul.iterate_all %sel, %d : !mm, !gm
  asc.matmul.set_tensor_a %mm2, %a : !mm, !ga
  // expected-note @+1 {{the pending async issue}}
  asc.matmul.iterate_all %mm2, %e {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.set_tensor_a %sel, %a : !mm, !ga
  // expected-error @+1 {{rule P1}}
  asc.matmul.iterate_all %sel, %d : !mm, !gm
  asc.matmul.wait_iterate_all %mm2 : !mm
  asc.matmul.wait_iterate_all %mm3 : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!uh = !asc.local_tensor<vecout, f16>

// Class 3, the paths the code really takes: the setters after the wait
// stage the next trip's inputs, so the call of trip i reads the A that trip
// i - 1 set, a[i * 256] on, which the copy writes while it runs. Offsets in
// the loop variable are exact within one trip only for what that trip set.
func.func @setter_of_the_previous_trip(%pa: !asc.gm_addr {asc.no_alias}, %pb: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %h: !uh) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c256 = arith.constant 256 : i32
  %z = arith.constant 0 : i64
  %a = asc.set_global_buffer %pa : !ga
  %b = asc.set_global_buffer %pb : !ga
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  %b0 = asc.subview %b[%z] : !ga
  asc.matmul.set_tensor_a %mm, %b0 : !mm, !ga
  asc.matmul.set_tensor_b %mm, %b0 : !mm, !ga
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %off = arith.muli %i, %c256 : i32
    %off64 = arith.extsi %off : i32 to i64
    %ci = asc.subview %c[%off64] : !gm
    // expected-note @+1 {{the async issue reading that input; its 'asc.matmul.wait_iterate_all' must come before the access}}
    asc.matmul.iterate_all %mm, %ci {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    %ai = asc.subview %a[%off64] : !ga
    // expected-error @+1 {{may write memory that an async 'asc.matmul.iterate_all' reads while it runs (its A input) (rule P3)}}
    asc.data_copy %ai, %h, %c256 : !ga, !uh
    asc.matmul.wait_iterate_all %mm : !mm
    %next = arith.addi %i, %c1 : i32
    %noff = arith.muli %next, %c256 : i32
    %noff64 = arith.extsi %noff : i32 to i64
    %an = asc.subview %a[%noff64] : !ga
    asc.matmul.set_tensor_a %mm, %an : !mm, !ga
    asc.matmul.set_tensor_b %mm, %b0 : !mm, !ga
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!uh = !asc.local_tensor<vecout, f16>

// Its safe twin: the same trip sets A to a[(i + 1) * 256] on before the
// call, and the copy writes below it.
func.func @setter_of_the_same_trip(%pa: !asc.gm_addr {asc.no_alias}, %pb: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %h: !uh) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c256 = arith.constant 256 : i32
  %z = arith.constant 0 : i64
  %a = asc.set_global_buffer %pa : !ga
  %b = asc.set_global_buffer %pb : !ga
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  %b0 = asc.subview %b[%z] : !ga
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %off = arith.muli %i, %c256 : i32
    %off64 = arith.extsi %off : i32 to i64
    %ci = asc.subview %c[%off64] : !gm
    %next = arith.addi %i, %c1 : i32
    %noff = arith.muli %next, %c256 : i32
    %noff64 = arith.extsi %noff : i32 to i64
    %an = asc.subview %a[%noff64] : !ga
    asc.matmul.set_tensor_a %mm, %an : !mm, !ga
    asc.matmul.set_tensor_b %mm, %b0 : !mm, !ga
    asc.matmul.iterate_all %mm, %ci {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    %ai = asc.subview %a[%off64] : !ga
    asc.data_copy %ai, %h, %c256 : !ga, !uh
    asc.matmul.wait_iterate_all %mm : !mm
  }
  asc.matmul.end %mm : !mm
  return
}
