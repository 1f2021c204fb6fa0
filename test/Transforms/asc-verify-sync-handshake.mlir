// RUN: asc-opt %s -split-input-file --asc-verify-sync -verify-diagnostics

// The handshake of docs/Protocol.md section 2b and rules P5-P7: what the
// server signals, the message the setters stage, and the pipes after a
// fetch.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>

// P5: on the else path only a flagless IterateAll is in flight, and the
// server posts no signal for it: the wait hangs.
func.func @p5_wait_for_flagless_issue(%c: !gm, %cond: i1, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a = asc.set_global_buffer %a_in : !ga
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  scf.if %cond {
    asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  } else {
    // expected-note @+1 {{this 'asc.matmul.iterate_all' has no wait flag: the server posts no signal for it}}
    asc.matmul.iterate_all %mm, %c {sync = false} : !mm, !gm
  }
  // expected-error @+1 {{'asc.matmul.wait_iterate_all' op waits for a signal that never comes (rule P5): on some path only an async issue without its wait flag is in flight on its Matmul object}}
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mmb = !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, layout = bsngd>, c = <gm, nd, f32, layout = bsngd>, config = <norm, is_n_batch = true>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>

// P5: WaitIterateBatch after a flagless IterateNBatch: the flagless form
// signals each loop to GetBatchTensorC, never to the wait.
func.func @p5_wait_after_flagless_n_batch(%c: !gm, %n: i32, %cond: i1, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mmb
  %a = asc.set_global_buffer %a_in : !ga
  asc.matmul.set_tensor_a %mm, %a : !mmb, !ga
  scf.if %cond {
    asc.matmul.iterate_n_batch %mm, %n, %n, %n {sync = false, wait_iterate_batch = true} : !mmb
  } else {
    // expected-note @+1 {{this 'asc.matmul.iterate_n_batch' has no wait flag: the server posts no signal for it}}
    asc.matmul.iterate_n_batch %mm, %n, %n, %n {sync = false} : !mmb
  }
  // expected-error @+1 {{'asc.matmul.wait_iterate_batch' op waits for a signal that never comes (rule P5)}}
  asc.matmul.wait_iterate_batch %mm : !mmb
  return
}

// -----

!mmb = !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, layout = bsngd>, c = <gm, nd, f32, layout = bsngd>, config = <norm, is_n_batch = true>>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// P5: GetBatchTensorC after a flagged IterateNBatch: its one signal went to
// WaitIterateBatch.
func.func @p5_fetch_after_flagged_n_batch(%u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mmb
  %a = asc.set_global_buffer %a_in : !ga
  asc.matmul.set_tensor_a %mm, %a : !mmb, !ga
  // expected-note @+1 {{this 'asc.matmul.iterate_n_batch' with its wait flag signals once, when every loop is done; 'asc.matmul.wait_iterate_batch' takes that signal}}
  asc.matmul.iterate_n_batch %mm, %n, %n, %n {sync = false, wait_iterate_batch = true} : !mmb
  asc.matmul.wait_iterate_batch %mm : !mmb
  // expected-error @+1 {{'asc.matmul.get_batch_tensor_c' op waits for a signal that never comes (rule P5): GetBatchTensorC takes the per-loop signals of an IterateNBatch without its wait flag}}
  asc.matmul.get_batch_tensor_c %mm, %n, %n into %u {sync = false} : !mmb, !ub
  return
}

// -----

!mmb = !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, layout = bsngd>, c = <gm, nd, f32, layout = bsngd>, config = <norm, is_n_batch = true>>
!ga = !asc.global_tensor<f16>

// P5: GetBatchTensorC after a synchronous IterateNBatch, which took its
// signal before it returned.
func.func @p5_fetch_after_sync_n_batch(%n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mmb
  %a = asc.set_global_buffer %a_in : !ga
  asc.matmul.set_tensor_a %mm, %a : !mmb, !ga
  // expected-note @+1 {{this synchronous 'asc.matmul.iterate_n_batch' took its only signal before it returned}}
  asc.matmul.iterate_n_batch %mm, %n, %n, %n : !mmb
  // expected-error @+1 {{waits for a signal that never comes (rule P5)}}
  %r = asc.matmul.get_batch_tensor_c %mm, %n, %n {sync = false} : !mmb -> !asc.global_tensor<f32>
  return
}

// -----

!mmb = !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, layout = bsngd>, c = <gm, nd, f32, layout = bsngd>, config = <norm, is_n_batch = true>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>

// P5: GetBatchTensorC whose object's last computation is an IterateAll, not
// an IterateNBatch.
func.func @p5_fetch_after_iterate_all(%c: !gm, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mmb
  %a = asc.set_global_buffer %a_in : !ga
  asc.matmul.set_tensor_a %mm, %a : !mmb, !ga
  asc.matmul.iterate_n_batch %mm, %n, %n, %n {sync = false} : !mmb
  %r0 = asc.matmul.get_batch_tensor_c %mm, %n, %n {sync = false} : !mmb -> !gm
  asc.matmul.set_tensor_a %mm, %a : !mmb, !ga
  // expected-note @+1 {{the object's last computation is this one, whose signals GetBatchTensorC does not take}}
  asc.matmul.iterate_all %mm, %c : !mmb, !gm
  // expected-error @+1 {{waits for a signal that never comes (rule P5)}}
  %r1 = asc.matmul.get_batch_tensor_c %mm, %n, %n {sync = false} : !mmb -> !gm
  return
}

// -----

!mmb = !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, layout = bsngd>, c = <gm, nd, f32, layout = bsngd>, config = <norm, is_n_batch = true>>
!gm = !asc.global_tensor<f32>

// P5: GetBatchTensorC on an object that computed nothing yet.
func.func @p5_fetch_before_any_computation(%n: i32) {
  // expected-note @+1 {{nothing was computed since the object was set up here}}
  %mm = asc.matmul.create : !mmb
  // expected-error @+1 {{waits for a signal that never comes (rule P5)}}
  %r = asc.matmul.get_batch_tensor_c %mm, %n, %n {sync = false} : !mmb -> !gm
  return
}

// -----

!mmb = !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, layout = bsngd>, c = <gm, nd, f32, layout = bsngd>, config = <norm, is_n_batch = true>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// Valid: a flagless IterateNBatch consumed by one GetBatchTensorC per batch
// loop, and no wait.
func.func @p5_valid_flagless_n_batch(%u: !ub, %n: i32, %lb: index, %ub: index, %step: index, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mmb
  %a = asc.set_global_buffer %a_in : !ga
  asc.matmul.set_tensor_a %mm, %a : !mmb, !ga
  asc.matmul.iterate_n_batch %mm, %n, %n, %n {sync = false} : !mmb
  scf.for %i = %lb to %ub step %step {
    asc.matmul.get_batch_tensor_c %mm, %n, %n into %u {sync = false} : !mmb, !ub
  }
  asc.matmul.end %mm : !mmb
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// P6: the object's first issue has no inputs.
func.func @p6_no_inputs_after_create(%c: !gm) {
  // expected-note @+1 {{the object was created here; nothing set its inputs since}}
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{'asc.matmul.iterate_all' op expects SetTensorA or SetTensorB of a tensor since the previous issue (rule P6): the server applies a message's setters only when it carries new inputs}}
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// P6: a scalar SetTensorA does not mark the message as carrying inputs.
func.func @p6_scalar_input_does_not_count(%c: !gm, %h: f16) {
  // expected-note @+1 {{the object was created here}}
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %h : !mm, f16
  // expected-error @+1 {{expects SetTensorA or SetTensorB of a tensor since the previous issue (rule P6)}}
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecout, f32>

// P6: reusing the object for a second output without new inputs (pyasc's
// unit test: an async IterateAll to GM, then an IterateAll to UB).
func.func @p6_no_inputs_after_previous_issue(%c: !gm, %u: !ub, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a = asc.set_global_buffer %a_in : !ga
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  // expected-note @+1 {{the previous issue posted the staged message here}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  // expected-error @+1 {{expects SetTensorA or SetTensorB of a tensor since the previous issue (rule P6)}}
  asc.matmul.iterate_all %mm, %u : !mm, !ub
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>

// P6: SetOrgShape posts a message of its own: the next issue needs inputs
// staged after it.
func.func @p6_no_inputs_after_set_org_shape(%c: !gm, %m: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a = asc.set_global_buffer %a_in : !ga
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  // expected-note @+1 {{this 'asc.matmul.set_org_shape' posted a message of its own, clearing what was staged}}
  asc.matmul.set_org_shape %mm, %m, %m, %m : !mm
  // expected-error @+1 {{expects SetTensorA or SetTensorB of a tensor since the previous issue (rule P6)}}
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// P6: a second Iterate loop without new inputs ends at once and computes
// nothing.
func.func @p6_second_iterate_loop(%u: !ub, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a = asc.set_global_buffer %a_in : !ga
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  // expected-note @+1 {{the object's previous Iterate loop ended here}}
  scf.while : () -> () {
    %more = asc.matmul.iterate %mm : !mm
    scf.condition(%more)
  } do {
    asc.matmul.get_tensor_c %mm, %u : !mm, !ub
    scf.yield
  }
  // The first loop's last copy into %u and the next one are both MTE2
  // (rule P7).
  asc.pipe_barrier pipe_mte2
  scf.while : () -> () {
    // expected-error @+1 {{'asc.matmul.iterate' op expects SetTensorA or SetTensorB of a tensor since the previous issue (rule P6)}}
    %more = asc.matmul.iterate %mm : !mm
    scf.condition(%more)
  } do {
    asc.matmul.get_tensor_c %mm, %u : !mm, !ub
    scf.yield
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// P6: an enclosing scf.for re-enters the Iterate loop; its second trip
// starts a new loop without new inputs.
func.func @p6_iterate_loop_reentered(%u: !ub, %lb: index, %ub: index, %step: index, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a = asc.set_global_buffer %a_in : !ga
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  scf.for %i = %lb to %ub step %step {
    // expected-note @+1 {{the object's previous Iterate loop ended here}}
    scf.while : () -> () {
      // expected-error @+1 {{'asc.matmul.iterate' op expects SetTensorA or SetTensorB of a tensor since the previous issue (rule P6)}}
      %more = asc.matmul.iterate %mm : !mm
      scf.condition(%more)
    } do {
      asc.matmul.get_tensor_c %mm, %u : !mm, !ub
      scf.yield
    }
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// Valid: each trip of the enclosing loop stages inputs for its Iterate loop.
func.func @p6_valid_iterate_loop_per_trip(%u: !ub, %lb: index, %ub: index, %step: index, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a = asc.set_global_buffer %a_in : !ga
  scf.for %i = %lb to %ub step %step {
    asc.matmul.set_tensor_a %mm, %a : !mm, !ga
    scf.while : () -> () {
      %more = asc.matmul.iterate %mm : !mm
      scf.condition(%more)
    } do {
      asc.matmul.get_tensor_c %mm, %u : !mm, !ub
      scf.yield
    }
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>

// P6: SetOrgShape after SetTensorA loses it: SetOrgShape comes first.
func.func @p6_set_org_shape_after_setter(%c: !gm, %m: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a = asc.set_global_buffer %a_in : !ga
  // expected-note @+1 {{this 'asc.matmul.set_tensor_a' is lost}}
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  // expected-error @+1 {{'asc.matmul.set_org_shape' op posts a message of its own and loses the setters staged since the last post (rule P6): call it before them}}
  asc.matmul.set_org_shape %mm, %m, %m, %m : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f32>, b = <gm, nd, f32>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// P6: SetHF32 after SetTail and SetTensorA loses both.
func.func @p6_set_hf32_after_setters(%c: !gm, %m: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a = asc.set_global_buffer %a_in : !gm
  // expected-note @+1 {{this 'asc.matmul.set_tail' is lost}}
  asc.matmul.set_tail %mm, %m, %m, %m : !mm
  // expected-note @+1 {{this 'asc.matmul.set_tensor_a' is lost}}
  asc.matmul.set_tensor_a %mm, %a : !mm, !gm
  // expected-error @+1 {{'asc.matmul.set_hf32' op posts a message of its own and loses the setters staged since the last post (rule P6)}}
  asc.matmul.set_hf32 %mm {enable_hf32 = true} : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !gm
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>

// P6: Init after SetTensorA loses it.
func.func @p6_init_after_setter(%c: !gm, %t: !asc.tiling, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a = asc.set_global_buffer %a_in : !ga
  // expected-note @+1 {{this 'asc.matmul.set_tensor_a' is lost}}
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  // expected-error @+1 {{'asc.matmul.init' op posts a message of its own and loses the setters staged since the last post (rule P6)}}
  asc.matmul.init %mm, %t : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>

// Valid: Init and SetOrgShape come before the setters of
// their message; each issue stages its own inputs.
func.func @p6_valid_order(%c: !gm, %t: !asc.tiling, %m: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a = asc.set_global_buffer %a_in : !ga
  asc.matmul.init %mm, %t : !mm
  asc.matmul.set_org_shape %mm, %m, %m, %m : !mm
  asc.matmul.set_tail %mm, %m, %m, %m : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  asc.matmul.set_tensor_b %mm, %a : !mm, !ga
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, bias = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>

// P6: the second issue carries new inputs but no SetBias: it runs without
// the bias of the first (a warning).
func.func @p6_bias_lost(%c: !gm, %a_in: !asc.gm_addr {asc.no_alias}, %bias_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a = asc.set_global_buffer %a_in : !ga
  %bias = asc.set_global_buffer %bias_in : !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  // expected-note @+1 {{this bias applied to an earlier issue only}}
  asc.matmul.set_bias %mm, %bias : !mm, !gm
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  // expected-warning @+1 {{runs without bias (rule P6): its message carries new inputs but no SetBias, so the server disables the bias of the earlier issue}}
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, bias = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>

// Valid: the second issue sets its bias again.
func.func @p6_bias_set_again(%c: !gm, %a_in: !asc.gm_addr {asc.no_alias}, %bias_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a = asc.set_global_buffer %a_in : !ga
  %bias = asc.set_global_buffer %bias_in : !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  asc.matmul.set_bias %mm, %bias : !mm, !gm
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  asc.matmul.set_bias %mm, %bias : !mm, !gm
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>

// Valid: a cube-side object has no staged message; its setters configure
// it at once, so it may compute again without new setters.
func.func @p6_cube_only_reuse(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr) attributes {asc.kernel, asc.cube_only} {
  %a = asc.set_global_buffer %pa : !ga
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// P6 in a cube-only kernel: the object's first issue still needs inputs.
func.func @p6_cube_only_first_issue(%pc: !asc.gm_addr) attributes {asc.kernel, asc.cube_only} {
  %c = asc.set_global_buffer %pc : !gm
  // expected-note @+1 {{the object was created here; nothing set its inputs since}}
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects SetTensorA or SetTensorB of a tensor since the previous issue (rule P6)}}
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecout, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecout, f32>

// P7: an MTE3 copy out of the block after a redundant WaitGetTensorC: the
// fetch and the wait order only the vector pipe after the copy.
func.func @p7_copy_out_after_wait(%ws_in: !asc.gm_addr {asc.no_alias}, %c_in: !asc.gm_addr {asc.no_alias}, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %ws = asc.set_global_buffer %ws_in : !gm
  %c = asc.set_global_buffer %c_in : !gm
  %q = asc.queue.create : !asc.queue<vecout, 1>
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %ws : !mm, !gm
  %a = asc.set_global_buffer %a_in : !ga
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecout, 1> -> !ub
  // expected-note @+1 {{the block fetched here}}
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  asc.matmul.wait_get_tensor_c %mm : !mm
  // expected-error @+1 {{'asc.data_copy' op may touch a fetched block from pipe_mte3 before that pipe is ordered after the fetch (rule P7): the Matmul client orders only the vector pipe after its MTE2 copy into UB (SetFlag/WaitFlag<MTE2_V>); put 'asc.pipe_barrier pipe_all' in between, or hand the block over through a VECOUT queue after a vector access (a VECIN hand-off orders only the vector pipe)}}
  asc.data_copy %c, %t, %n : !gm, !ub
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecout, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecout, f32>

// Valid: a pipe_barrier pipe_all orders every pipe after the fetch.
func.func @p7_barrier_then_copy_out(%ws_in: !asc.gm_addr {asc.no_alias}, %c_in: !asc.gm_addr {asc.no_alias}, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %ws = asc.set_global_buffer %ws_in : !gm
  %c = asc.set_global_buffer %c_in : !gm
  %q = asc.queue.create : !asc.queue<vecout, 1>
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %ws : !mm, !gm
  %a = asc.set_global_buffer %a_in : !ga
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecout, 1> -> !ub
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  asc.matmul.wait_get_tensor_c %mm : !mm
  asc.pipe_barrier pipe_all
  asc.data_copy %c, %t, %n : !gm, !ub
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecout, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecout, f32>

// Valid: the queue hand-off (EnQue, DeQue) orders the copy out after the
// fetch.
func.func @p7_enque_then_copy_out(%ws_in: !asc.gm_addr {asc.no_alias}, %c_in: !asc.gm_addr {asc.no_alias}, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %ws = asc.set_global_buffer %ws_in : !gm
  %c = asc.set_global_buffer %c_in : !gm
  %q = asc.queue.create : !asc.queue<vecout, 1>
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %ws : !mm, !gm
  %a = asc.set_global_buffer %a_in : !ga
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecout, 1> -> !ub
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  asc.matmul.wait_get_tensor_c %mm : !mm
  asc.queue.enque %q, %t : !asc.queue<vecout, 1>, !ub
  %o = asc.queue.deque %q : !asc.queue<vecout, 1> -> !ub
  asc.data_copy %c, %o, %n : !gm, !ub
  asc.queue.free_tensor %q, %o : !asc.queue<vecout, 1>, !ub
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecout, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecout, f32>

// Valid: a vector op right after WaitGetTensorC, which orders the vector
// pipe after the fetch.
func.func @p7_vector_op_after_wait(%ws: !gm, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %q = asc.queue.create : !asc.queue<vecout, 1>
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %ws : !mm, !gm
  %a = asc.set_global_buffer %a_in : !ga
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecout, 1> -> !ub
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  asc.matmul.wait_get_tensor_c %mm : !mm
  asc.muls %t, %t, %s, %n : !ub, !ub
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// P3: End completes nothing: the output of a flagless IterateAll is still
// being written after it.
func.func @fire_and_forget_read_after_end(%c: !gm, %u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a = asc.set_global_buffer %a_in : !ga
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  // expected-note @+1 {{this issue has no wait flag: its output stays pending until a later synchronous call of any object, or the wait of a call posted after it, returns, or the kernel ends (End() completes nothing)}}
  asc.matmul.iterate_all %mm, %c {sync = false} : !mm, !gm
  asc.matmul.end %mm : !mm
  // expected-error @+1 {{'asc.data_copy' op may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
  asc.data_copy %u, %c, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// Valid: a later synchronous call of the same object returns only after
// the server ran the earlier flagless issue.
func.func @fire_and_forget_then_sync_call(%c: !gm, %d: !gm, %u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a = asc.set_global_buffer %a_in : !ga
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  asc.matmul.iterate_all %mm, %c {sync = false} : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  asc.matmul.iterate_all %mm, %d : !mm, !gm
  asc.data_copy %u, %c, %n : !ub, !gm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// Valid: the wait of a later flagged issue of the same object completes the
// earlier flagless one too (the server runs the object's messages in order).
func.func @fire_and_forget_then_flagged_wait(%c: !gm, %d: !gm, %u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a = asc.set_global_buffer %a_in : !ga
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  asc.matmul.iterate_all %mm, %c {sync = false} : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  asc.matmul.iterate_all %mm, %d {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.data_copy %u, %c, %n : !ub, !gm
  asc.data_copy %u, %d, %n : !ub, !gm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>

// Valid: the kernel may return while a flagless issue is in flight: the
// host sees its output once the kernel has ended.
func.func @fire_and_forget_return_in_flight(%pc: !asc.gm_addr, %pa: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  %a = asc.set_global_buffer %pa : !ga
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  asc.matmul.iterate_all %mm, %c {sync = false} : !mm, !gm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, bias = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>

// Valid: setters that stage the next message may run while a call is in
// flight (each post copies the message), even SetOrgShape, which posts its
// own.
func.func @setters_while_in_flight(%c: !gm, %d: !gm, %m: i32, %a_in: !asc.gm_addr {asc.no_alias}, %bias_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a = asc.set_global_buffer %a_in : !ga
  %bias = asc.set_global_buffer %bias_in : !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.set_org_shape %mm, %m, %m, %m : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  asc.matmul.set_tensor_b %mm, %a : !mm, !ga
  asc.matmul.set_bias %mm, %bias : !mm, !gm
  asc.matmul.set_tail %mm, %m, %m, %m : !mm
  asc.matmul.set_single_shape %mm, %m, %m, %m : !mm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.iterate_all %mm, %d : !mm, !gm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>

// P1: a new workspace while a call is in flight: the call still reads the
// client state SetWorkspace resets.
func.func @set_workspace_while_in_flight(%c: !gm, %ws: !gm, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a = asc.set_global_buffer %a_in : !ga
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  // expected-note @+1 {{the pending async issue}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-error @+1 {{'asc.matmul.set_workspace' op reconfigures the Matmul object while an async 'asc.matmul.iterate_all' is pending: rule P1 needs 'asc.matmul.wait_iterate_all' first}}
  asc.matmul.set_workspace %mm, %ws : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>

// P1: Init while a call is in flight.
func.func @init_while_in_flight(%c: !gm, %t: !asc.tiling, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a = asc.set_global_buffer %a_in : !ga
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  // expected-note @+1 {{the pending async issue}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-error @+1 {{'asc.matmul.init' op re-initialises the Matmul object while an async 'asc.matmul.iterate_all' is pending: rule P1 needs 'asc.matmul.wait_iterate_all' first}}
  asc.matmul.init %mm, %t : !mm
  asc.matmul.end %mm : !mm
  return
}
