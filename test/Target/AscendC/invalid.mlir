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
