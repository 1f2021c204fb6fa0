// RUN: asc-translate --asc-to-ascendc %s --no-implicit-module -split-input-file -verify-diagnostics

// asc-translate --asc-to-ascendc reports what it cannot translate and prints
// no C++.

// The translation takes a module.
// expected-error @+1 {{expects a builtin.module to translate}}
func.func @not_a_module() {
  return
}

// -----

// The lowering's diagnostics reach the translation.
module {
  // expected-error @+1 {{'func.func' op cannot be lowered to Ascend C: argument #0 is a Matmul object; objects are declared once and used in place}}
  func.func private @takes_matmul(!asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>)
}

// -----

// So do the ones of an op without a lowering.
module {
  func.func @branch() {
    // expected-error @+1 {{failed to legalize operation 'cf.br' that was explicitly marked illegal}}
    cf.br ^bb1
  ^bb1:
    return
  }
}

// -----

// A kernel that breaks the Matmul protocol prints no C++: without the sync
// placement, the translation checks the protocol first (rule P1 here).
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
module {
  func.func @missing_wait(%c_ptr: !asc.gm_addr, %a_ptr: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
    %c = asc.set_global_buffer %c_ptr : !asc.global_tensor<f32>
    %a = asc.set_global_buffer %a_ptr : !asc.global_tensor<f16>
    %mm = asc.matmul.create : !mm
    asc.matmul.set_tensor_a %mm, %a : !mm, !asc.global_tensor<f16>
    // expected-note @+1 {{the pending async issue}}
    asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !asc.global_tensor<f32>
    // expected-error @+1 {{'func.return' op returns while an async 'asc.matmul.iterate_all' is pending: rule P1 needs 'asc.matmul.wait_iterate_all' first}}
    return
  }
}
