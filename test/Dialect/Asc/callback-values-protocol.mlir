// RUN: asc-opt %s -split-input-file --asc-verify-sync -verify-diagnostics

// The protocol of the callbacks' values (rule P6): SetSelfDefineData stages a
// field of the next message, SetUserDefInfo posts a message of its own
// through the same storage and loses what was staged before it.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>

func.func @user_def_info_after_setters(%c: !gm, %p: !asc.gm_addr, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a = asc.set_global_buffer %a_in : !ga
  // expected-note @+1 {{this 'asc.matmul.set_tensor_a' is lost}}
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %d = arith.constant 7 : i64
  // expected-note @+1 {{this 'asc.matmul.set_self_define_data' is lost}}
  asc.matmul.set_self_define_data %mm, %d : !mm, i64
  // expected-error @+1 {{'asc.matmul.set_user_def_info' op posts a message of its own and loses the setters staged since the last post (rule P6): call it before them}}
  asc.matmul.set_user_def_info %mm, %p : !mm, !asc.gm_addr
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>

// SetOrgShape loses a staged SetSelfDefineData (asc keeps it with the other
// staged fields; on Atlas A2 the field would outlive the post).
func.func @org_shape_after_self_define_data(%c: !gm, %p: !asc.gm_addr, %m: i32) {
  %mm = asc.matmul.create : !mm
  // expected-note @+1 {{this 'asc.matmul.set_self_define_data' is lost}}
  asc.matmul.set_self_define_data %mm, %p : !mm, !asc.gm_addr
  // expected-error @+1 {{'asc.matmul.set_org_shape' op posts a message of its own and loses the setters staged since the last post (rule P6)}}
  asc.matmul.set_org_shape %mm, %m, %m, %m : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>

// The documented order: SetUserDefInfo first, then the setters of the issue,
// SetSelfDefineData among them; SetSelfDefineData while an IterateAll is in
// flight only stages the next message.
func.func @documented_order(%c: !gm, %p: !asc.gm_addr, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a = asc.set_global_buffer %a_in : !ga
  asc.matmul.set_user_def_info %mm, %p : !mm, !asc.gm_addr
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  asc.matmul.set_tensor_b %mm, %a : !mm, !ga
  asc.matmul.set_self_define_data %mm, %p : !mm, !asc.gm_addr
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.set_self_define_data %mm, %p : !mm, !asc.gm_addr
  asc.matmul.wait_iterate_all %mm : !mm
  return
}
