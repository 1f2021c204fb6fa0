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
  // expected-error @+1 {{'func.func' op cannot be lowered to an Ascend C kernel: argument #0 has type 'i32', a kernel takes GM_ADDR pointers (!asc.gm_addr) only}}
  func.func @kernel_scalar_arg(%n: i32) attributes {asc.kernel} {
    return
  }
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
