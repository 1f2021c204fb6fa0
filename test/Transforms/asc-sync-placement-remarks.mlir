// RUN: asc-opt %s -split-input-file --asc-sync-placement=emit-remarks -verify-diagnostics > /dev/null
// RUN: asc-opt %s -split-input-file --asc-sync-placement=emit-remarks --asc-verify-sync -o /dev/null 2>/dev/null

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Each wait says which op stopped it and how much work overlaps.
func.func @remarks(%c: !gm, %u: !ub, %s: f32, %n: i32, %lb: index, %ub: index, %step: index, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-remark @+1 {{wait placed before 'asc.data_copy': it may access the pending output; 2 operations overlap the async 'asc.matmul.iterate_all'}}
  asc.matmul.wait_iterate_all %mm : !mm
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.muls %u, %u, %s, %n : !ub, !ub
  asc.data_copy %u, %c, %n : !ub, !gm
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-remark @+1 {{wait placed before 'scf.for': a conflicting operation runs inside it and a wait never enters a loop; 0 operations overlap}}
  asc.matmul.wait_iterate_all %mm : !mm
  scf.for %i = %lb to %ub step %step {
    asc.data_copy %u, %c, %n : !ub, !gm
  }
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-remark @+1 {{wait placed before 'asc.matmul.set_workspace': it uses the same Matmul object; 2 operations overlap}}
  asc.matmul.wait_iterate_all %mm : !mm
  asc.adds %u, %u, %s, %n : !ub, !ub
  // End neither completes nor stops the wait (spec revision 4).
  asc.matmul.end %mm : !mm
  asc.matmul.set_workspace %mm, %c : !mm, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// An issue that goes after another object's issue says why.
func.func @issue_moved(%p0: !asc.gm_addr {asc.no_alias}, %p1: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = asc.set_global_buffer %p0 : !gm
  %c1 = asc.set_global_buffer %p1 : !gm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm1, %a_t : !mm, !asc.global_tensor<f16>
  // expected-remark @+1 {{issue moved after the 'asc.matmul.iterate_all' of another object: the cube runs one core's calls in order, and that call's result is needed first}}
  asc.matmul.iterate_all %mm0, %c0 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.iterate_all %mm1, %c1 {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-remark @+1 {{wait placed before 'asc.data_copy': it may access the pending output; 1 operations overlap}}
  asc.matmul.wait_iterate_all %mm1 : !mm
  asc.data_copy %u, %c1, %n : !ub, !gm
  // expected-remark @+1 {{wait placed before 'asc.data_copy': it may access the pending output; 2 operations overlap}}
  asc.matmul.wait_iterate_all %mm0 : !mm
  asc.data_copy %u, %c0, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// An issue that moves past two calls, in two steps, says so once, naming
// the last.
func.func @issue_moved_twice(%p0: !asc.gm_addr {asc.no_alias}, %p1: !asc.gm_addr {asc.no_alias}, %p2: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = asc.set_global_buffer %p0 : !gm
  %c1 = asc.set_global_buffer %p1 : !gm
  %c2 = asc.set_global_buffer %p2 : !gm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  %mm2 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm1, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm2, %a_t : !mm, !asc.global_tensor<f16>
  // expected-remark @+1 {{issue moved after the 'asc.matmul.iterate_all' of another object}}
  asc.matmul.iterate_all %mm0, %c0 {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-remark @+1 {{issue moved after the 'asc.matmul.iterate_all' of another object}}
  asc.matmul.iterate_all %mm1, %c1 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.iterate_all %mm2, %c2 {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-remark @+1 {{wait placed before 'asc.data_copy'}}
  asc.matmul.wait_iterate_all %mm2 : !mm
  asc.data_copy %u, %c2, %n : !ub, !gm
  // expected-remark @+1 {{wait placed before 'asc.data_copy'}}
  asc.matmul.wait_iterate_all %mm1 : !mm
  asc.data_copy %u, %c1, %n : !ub, !gm
  // expected-remark @+1 {{wait placed before 'asc.data_copy'}}
  asc.matmul.wait_iterate_all %mm0 : !mm
  asc.data_copy %u, %c0, %n : !ub, !gm
  return
}
