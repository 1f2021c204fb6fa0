// RUN: asc-opt --asc-to-ascendc %s -verify-diagnostics

// The asc-to-ascendc pipeline refuses a protocol violation like the
// translation does (rule P1: a return while an issue is pending).
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
func.func @missing_wait(%c_ptr: !asc.gm_addr, %a_ptr: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  %c = asc.set_global_buffer %c_ptr : !asc.global_tensor<f32>
  %a = asc.set_global_buffer %a_ptr : !asc.global_tensor<f16>
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{the pending async issue}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !asc.global_tensor<f32>
  // expected-error @+1 {{rule P1 needs 'asc.matmul.wait_iterate_all' first}}
  return
}
