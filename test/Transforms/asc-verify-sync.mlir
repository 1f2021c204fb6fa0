// RUN: asc-opt %s -split-input-file --asc-verify-sync -verify-diagnostics

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// P1: a second async issue while the first is pending.
func.func @reissue_while_pending(%c: !gm, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{the pending async issue}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // expected-error @+1 {{'asc.matmul.iterate_all' op issues new work on the Matmul object while an async 'asc.matmul.iterate_all' is pending: rule P1 needs 'asc.matmul.wait_iterate_all' first}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// P1: a new workspace while the issue is pending (a setter that stages the
// next message may run then; set_workspace may not).
func.func @reconfigure_while_pending(%ws: !gm, %c: !gm, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{the pending async issue}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-error @+1 {{'asc.matmul.set_workspace' op reconfigures the Matmul object while an async 'asc.matmul.iterate_all' is pending}}
  asc.matmul.set_workspace %mm, %ws : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// P1: End completes nothing and does not release a pending wait
// (MatmulClient::End): the return after it still needs the wait.
func.func @end_while_pending(%c: !gm, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{the pending async issue}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.end %mm : !mm
  // expected-error @+1 {{'func.return' op returns while an async 'asc.matmul.iterate_all' is pending: rule P1 needs 'asc.matmul.wait_iterate_all' first}}
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// Valid twin: End between an issue and its wait is allowed (spec revision
// 4), and the wait after it completes the issue.
func.func @end_between_issue_and_wait(%c: !gm, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.end %mm : !mm
  asc.matmul.wait_iterate_all %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// P1: the kernel returns with work pending on the path through the branch.
func.func @return_while_pending_in_branch(%c: !gm, %cond: i1, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  scf.if %cond {
    // expected-note @+1 {{the pending async issue}}
    asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  }
  // expected-error @+1 {{'func.return' op returns while an async 'asc.matmul.iterate_all' is pending: rule P1 needs 'asc.matmul.wait_iterate_all' first}}
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// P1 on a CFG: one successor waits, the other does not.
func.func @cfg_missing_wait(%c: !gm, %cond: i1, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{the pending async issue}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  cf.cond_br %cond, ^wait, ^skip
^wait:
  asc.matmul.wait_iterate_all %mm : !mm
  cf.br ^exit
^skip:
  cf.br ^exit
^exit:
  // expected-error @+1 {{returns while an async 'asc.matmul.iterate_all' is pending}}
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = normal>, b = <gm, nd, f16, layout = normal>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// P1: a wait of another kind cannot complete the pending issue.
func.func @wait_wrong_kind(%c: !gm, %u: !asc.local_tensor<vecin, f32>, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{the pending async issue}}
  asc.matmul.iterate_batch %mm, %c batch(%n, %n) {sync = false, wait_iterate_batch = true} : !mm, !gm
  // expected-error @+1 {{'asc.matmul.wait_iterate_all' op cannot complete the pending 'asc.matmul.iterate_batch', which needs 'asc.matmul.wait_iterate_batch' (rule P1)}}
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.wait_iterate_batch %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = normal>, b = <gm, nd, f16, layout = normal>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// Valid: WaitGetTensorC is only SetFlag/WaitFlag<MTE2_V>: it neither
// completes nor disturbs a pending IterateBatch (spec revision 4).
func.func @wait_get_tensor_c_while_batch_pending(%c: !gm, %u: !asc.local_tensor<vecin, f32>, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  asc.matmul.get_tensor_c %mm, %u {sync = false} : !mm, !asc.local_tensor<vecin, f32>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_batch %mm, %c batch(%n, %n) {sync = false, wait_iterate_batch = true} : !mm, !gm
  asc.matmul.wait_get_tensor_c %mm : !mm
  asc.matmul.wait_iterate_batch %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// P2: a wait in a loop whose issue is outside it runs a second time with
// nothing pending.
func.func @wait_in_loop(%c: !gm, %lb: index, %ub: index, %step: index, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{the pending async issue}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  scf.for %i = %lb to %ub step %step {
    // expected-error @+2 {{'asc.matmul.wait_iterate_all' op may be reached with nothing pending on its Matmul object (rule P2)}}
    // expected-note @+1 {{on some path this earlier wait already completed the issue}}
    asc.matmul.wait_iterate_all %mm : !mm
  }
  // A loop that runs zero times leaves the issue pending (rule P1).
  asc.matmul.end %mm : !mm
  // expected-error @+1 {{returns while an async 'asc.matmul.iterate_all' is pending}}
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// P2: a second wait.
func.func @second_wait(%c: !gm, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-note @+1 {{on some path this earlier wait already completed the issue}}
  asc.matmul.wait_iterate_all %mm : !mm
  // expected-error @+1 {{may be reached with nothing pending}}
  asc.matmul.wait_iterate_all %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// P2: a wait in one branch, then another after the merge.
func.func @wait_in_branch_then_after(%c: !gm, %cond: i1, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  scf.if %cond {
    // expected-note @+1 {{on some path this earlier wait already completed the issue}}
    asc.matmul.wait_iterate_all %mm : !mm
  }
  // expected-error @+1 {{may be reached with nothing pending}}
  asc.matmul.wait_iterate_all %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// P2: on a CFG, the issue sits on one path only.
func.func @issue_on_one_path(%c: !gm, %cond: i1, %a_in: !asc.gm_addr {asc.no_alias}) {
  // expected-note @+1 {{on some path nothing was issued since the object was set up here}}
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  cf.cond_br %cond, ^issue, ^join
^issue:
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  cf.br ^join
^join:
  // expected-error @+1 {{may be reached with nothing pending}}
  asc.matmul.wait_iterate_all %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// P3: reading the pending output before the wait.
func.func @read_before_wait(%c: !gm, %u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{the async issue writing that output; its 'asc.matmul.wait_iterate_all' must come before the access}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-error @+1 {{'asc.data_copy' op may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
  asc.data_copy %u, %c, %n : !ub, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// P3: a read through an overlapping view of the same argument.
func.func @read_overlapping_view(%ptr: !asc.gm_addr, %u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = arith.constant 0 : i64
  %c1024 = arith.constant 1024 : i64
  %c512 = arith.constant 512 : i64
  %c = asc.set_global_buffer %ptr[%c0], %c1024 : !gm
  %view = asc.set_global_buffer %ptr[%c512] : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{the async issue writing that output}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-error @+1 {{rule P3}}
  asc.data_copy %u, %view, %n : !ub, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The declared size of a buffer does not bound IterateAll's output: it
// writes the whole M x N block from the view's start, which may reach past
// 1024 elements into %after (rule P3). A no_alias argument and a local
// buffer are disjoint from it.
func.func @race_past_declared_size(%ptr: !asc.gm_addr, %other: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = arith.constant 0 : i64
  %c1024 = arith.constant 1024 : i64
  %c = asc.set_global_buffer %ptr[%c0], %c1024 : !gm
  %after = asc.set_global_buffer %ptr[%c1024] : !gm
  %unrelated = asc.set_global_buffer %other : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{the async issue writing that output}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-error @+1 {{may access memory that aliases the pending output}}
  asc.data_copy %u, %after, %n : !ub, !gm
  asc.data_copy %u, %unrelated, %n : !ub, !gm
  asc.data_copy %unrelated, %u, %n : !gm, !ub
  asc.matmul.wait_iterate_all %mm : !mm
  asc.data_copy %u, %c, %n : !ub, !gm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// P3: a scalar write into the pending output.
func.func @write_before_wait(%c: !gm, %i: i64, %v: f32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{the async issue writing that output}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-error @+1 {{'asc.set_value' op may access memory that aliases the pending output}}
  asc.set_value %c[%i], %v : !gm
  asc.matmul.wait_iterate_all %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// P3: without its wait flag an async output stays pending past End, which
// completes nothing: a read after End is still a race.
func.func @unwaited_until_end(%c: !gm, %u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{this issue has no wait flag: its output stays pending until a later synchronous call of any object, or the wait of a call posted after it, returns, or the kernel ends (End() completes nothing)}}
  asc.matmul.iterate_all %mm, %c {sync = false} : !mm, !gm
  // expected-error @+1 {{rule P3}}
  asc.data_copy %u, %c, %n : !ub, !gm
  asc.matmul.end %mm : !mm
  // expected-error @+1 {{rule P3}}
  asc.data_copy %u, %c, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!ub = !asc.local_tensor<vecout, f32>

// P3: vector code reading a block of the older AsyncGetTensorC before
// WaitGetTensorC (its copy ends with no MTE2_V flag).
func.func @vector_before_wait_get_tensor_c(%q: !asc.queue<vecout, 1>, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecout, 1> -> !ub
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  // expected-note @+1 {{the async issue writing that output}}
  asc.matmul.async_get_tensor_c %mm, %t : !mm, !ub
  // expected-error @+1 {{'asc.muls' op may access memory that aliases the pending output of an async 'asc.matmul.async_get_tensor_c' (rule P3)}}
  asc.muls %t, %t, %s, %n : !ub, !ub
  asc.matmul.wait_get_tensor_c %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!ub = !asc.local_tensor<vecout, f32>

// Valid twin: GetTensorC<false> into UB returns with the block ordered for
// the vector pipe (CopyToUB ends with SetFlag/WaitFlag<MTE2_V>): vector code
// reads it with no WaitGetTensorC, as every CANN async sample does.
func.func @vector_after_get_tensor_c_ub(%q: !asc.queue<vecout, 1>, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecout, 1> -> !ub
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  asc.muls %t, %t, %s, %n : !ub, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f32>, b = <gm, nd, f32>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// P3: a second Matmul consumes the first one's pending output as its input.
func.func @matmul_reads_pending_output(%c0: !gm, %b: !gm, %c1: !gm, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !gm
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !gm
  // expected-note @+1 {{the async issue writing that output}}
  asc.matmul.iterate_all %mm0, %c0 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.set_tensor_a %mm1, %c0 : !mm, !gm
  asc.matmul.set_tensor_b %mm1, %b : !mm, !gm
  // expected-error @+1 {{'asc.matmul.iterate_all' op may access memory that aliases the pending output}}
  asc.matmul.iterate_all %mm1, %c1 : !mm, !gm
  asc.matmul.wait_iterate_all %mm0 : !mm
  return
}

// -----

!gm = !asc.global_tensor<f32>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

func.func private @consume(!gm)

// P3: a call with unknown effects is handed the pending output.
func.func @call_before_wait(%c: !gm, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{the async issue writing that output}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-error @+1 {{'func.call' op may access memory that aliases the pending output}}
  func.call @consume(%c) : (!gm) -> ()
  asc.matmul.wait_iterate_all %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// Valid: the object may be used after End (rule P4 is withdrawn: CANN
// ends its server-side object after every message).
func.func @use_after_end(%a: !asc.global_tensor<f16>) {
  %mm = asc.matmul.create : !mm
  asc.matmul.end %mm : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !asc.global_tensor<f16>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// Valid: End after every computation of a loop, as production kernels
// write it; the next trip issues again.
func.func @end_in_loop(%c: !gm, %lb: index, %ub: index, %step: index, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  scf.for %i = %lb to %ub step %step {
    asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
    asc.matmul.iterate_all %mm, %c : !mm, !gm
    asc.matmul.end %mm : !mm
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// Valid: initialising again after End, async work inside a loop with its
// wait, and an iterate loop with async GetTensorC.
func.func @valid_protocol(%c: !gm, %t: !asc.tiling, %u: !asc.local_tensor<vecin, f32>, %lb: index, %ub: index, %step: index, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  asc.matmul.end %mm : !mm
  asc.matmul.init %mm, %t : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  scf.for %i = %lb to %ub step %step {
    asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
    asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
  }
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  scf.while : () -> () {
    %more = asc.matmul.iterate %mm {sync = false} : !mm
    scf.condition(%more)
  } do {
    asc.matmul.get_tensor_c %mm, %u {sync = false} : !mm, !asc.local_tensor<vecin, f32>
    asc.matmul.wait_get_tensor_c %mm : !mm
    scf.yield
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!ub = !asc.local_tensor<vecin, f32>

// P1: a new workspace inside `while (mm.Iterate<false>())`: the Iterate in
// the condition continues the call, so blocks are still to be fetched from
// the old workspace (MatmulClient::SetWorkspace resets the fetch offset).
func.func @set_workspace_in_async_while_loop(%q: !asc.queue<vecin, 1>, %ws_in: !asc.gm_addr {asc.no_alias}, %a_in: !asc.gm_addr {asc.no_alias}) {
  %ws = asc.set_global_buffer %ws_in : !asc.global_tensor<f32>
  %a = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %ws : !mm, !asc.global_tensor<f32>
  asc.matmul.set_tensor_a %mm, %a : !mm, !asc.global_tensor<f16>
  scf.while : () -> () {
    // expected-note @+1 {{the async call whose results fetches take}}
    %more = asc.matmul.iterate %mm {sync = false} : !mm
    scf.condition(%more)
  } do {
    %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ub
    asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
    // expected-error @+1 {{'asc.matmul.set_workspace' op reconfigures the Matmul object inside the loop that fetches the results of an async 'asc.matmul.iterate': rule P1 needs every fetch first}}
    asc.matmul.set_workspace %mm, %ws : !mm, !asc.global_tensor<f32>
    asc.queue.free_tensor %q, %t : !asc.queue<vecin, 1>, !ub
    scf.yield
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!ub = !asc.local_tensor<vecin, f32>

// Valid twin: the new workspace after the loop, once every block was
// fetched.
func.func @set_workspace_after_async_while_loop(%q: !asc.queue<vecin, 1>, %ws_in: !asc.gm_addr {asc.no_alias}, %a_in: !asc.gm_addr {asc.no_alias}) {
  %ws = asc.set_global_buffer %ws_in : !asc.global_tensor<f32>
  %a = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %ws : !mm, !asc.global_tensor<f32>
  asc.matmul.set_tensor_a %mm, %a : !mm, !asc.global_tensor<f16>
  scf.while : () -> () {
    %more = asc.matmul.iterate %mm {sync = false} : !mm
    scf.condition(%more)
  } do {
    %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ub
    asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
    asc.queue.free_tensor %q, %t : !asc.queue<vecin, 1>, !ub
    scf.yield
  }
  asc.matmul.set_workspace %mm, %ws : !mm, !asc.global_tensor<f32>
  return
}
