// RUN: asc-opt %s -split-input-file --asc-verify-sync -verify-diagnostics
//
// A call without its wait flag completes at the vector core's next wait for
// a message posted after it, for any object (spec revision 4, section 2:
// the server runs one vector core's ring in order, KfcServer::Run).

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// Valid: object 0's flagless IterateAll, then object 1's flagged one and
// its wait: the wait completes both.
func.func @completed_by_other_objects_wait(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %pd: !asc.gm_addr {asc.no_alias}, %u: !ub) {
  %n = arith.constant 64 : i32
  %a = asc.set_global_buffer %pa : !ga
  %c = asc.set_global_buffer %pc : !gm
  %d = asc.set_global_buffer %pd : !gm
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm0, %a : !mm, !ga
  asc.matmul.iterate_all %mm0, %c {sync = false} : !mm, !gm
  asc.matmul.set_tensor_a %mm1, %a : !mm, !ga
  asc.matmul.iterate_all %mm1, %d {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm1 : !mm
  asc.data_copy %u, %c, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// The flagless call posted after the waited one is not complete: the
// server may still run it after the signal.
func.func @posted_after_the_waited_call(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %pd: !asc.gm_addr {asc.no_alias}, %u: !ub) {
  %n = arith.constant 64 : i32
  %a = asc.set_global_buffer %pa : !ga
  %c = asc.set_global_buffer %pc : !gm
  %d = asc.set_global_buffer %pd : !gm
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm1, %a : !mm, !ga
  asc.matmul.iterate_all %mm1, %d {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.set_tensor_a %mm0, %a : !mm, !ga
  // expected-note @+1 {{this issue has no wait flag}}
  asc.matmul.iterate_all %mm0, %c {sync = false} : !mm, !gm
  asc.matmul.wait_iterate_all %mm1 : !mm
  // expected-error @+1 {{may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
  asc.data_copy %u, %c, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// Valid: a synchronous call of another object completes every flagless
// call made before it.
func.func @completed_by_other_objects_sync_call(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %pd: !asc.gm_addr {asc.no_alias}, %u: !ub) {
  %n = arith.constant 64 : i32
  %a = asc.set_global_buffer %pa : !ga
  %c = asc.set_global_buffer %pc : !gm
  %d = asc.set_global_buffer %pd : !gm
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm0, %a : !mm, !ga
  asc.matmul.iterate_all %mm0, %c {sync = false} : !mm, !gm
  asc.matmul.set_tensor_a %mm1, %a : !mm, !ga
  asc.matmul.iterate_all %mm1, %d : !mm, !gm
  asc.data_copy %u, %c, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// End() of another object waits for nothing: the flagless call stays in
// flight.
func.func @not_completed_by_end(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %u: !ub) {
  %n = arith.constant 64 : i32
  %a = asc.set_global_buffer %pa : !ga
  %c = asc.set_global_buffer %pc : !gm
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm0, %a : !mm, !ga
  // expected-note @+1 {{this issue has no wait flag}}
  asc.matmul.iterate_all %mm0, %c {sync = false} : !mm, !gm
  asc.matmul.end %mm1 : !mm
  asc.matmul.end %mm0 : !mm
  // expected-error @+1 {{(rule P3)}}
  asc.data_copy %u, %c, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// The flagless call inside a branch before the waited call is posted before
// it on every path that runs it: complete after the wait.
func.func @flagless_in_branch_before(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %pd: !asc.gm_addr {asc.no_alias}, %u: !ub, %cond: i1) {
  %n = arith.constant 64 : i32
  %a = asc.set_global_buffer %pa : !ga
  %c = asc.set_global_buffer %pc : !gm
  %d = asc.set_global_buffer %pd : !gm
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  scf.if %cond {
    asc.matmul.set_tensor_a %mm0, %a : !mm, !ga
    asc.matmul.iterate_all %mm0, %c {sync = false} : !mm, !gm
  }
  asc.matmul.set_tensor_a %mm1, %a : !mm, !ga
  asc.matmul.iterate_all %mm1, %d {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm1 : !mm
  asc.data_copy %u, %c, %n : !ub, !gm
  return
}
