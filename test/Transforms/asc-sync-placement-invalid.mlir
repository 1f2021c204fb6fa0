// RUN: asc-opt %s -split-input-file --asc-sync-placement -verify-diagnostics

// The pass refuses kernels that break the protocol, with the diagnostics of
// --asc-verify-sync, and leaves them unchanged.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// A missing wait is an error unless repair is asked for.
func.func @missing_wait(%c: !gm, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{the pending async issue}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-error @+1 {{returns while an async 'asc.matmul.iterate_all' is pending}}
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A race in the input is reported, not moved around.
func.func @race(%c: !gm, %u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{the async issue writing that output}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-error @+1 {{rule P3}}
  asc.data_copy %u, %c, %n : !ub, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  return
}
