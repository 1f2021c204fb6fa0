// RUN: asc-opt %s --asc-sync-placement=repair-missing-waits -verify-diagnostics

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// A wait on some paths only is not guessed at: the protocol error stands.
func.func @partial_wait(%c: !gm, %cond: i1, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{the pending async issue}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  scf.if %cond {
    asc.matmul.wait_iterate_all %mm : !mm
  }
  asc.matmul.end %mm : !mm
  // expected-error @+1 {{returns while an async 'asc.matmul.iterate_all' is pending}}
  return
}
