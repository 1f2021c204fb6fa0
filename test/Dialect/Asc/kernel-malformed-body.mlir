// RUN: asc-opt %s -split-input-file -verify-diagnostics

// A kernel's 'asc.kernel' attribute is verified before the ops of its body.
// The kernel checks (rule L11) read the operands of asc.matmul.register and
// asc.pipe.init_buffer, so a malformed one (generic form) is reported as the
// op itself reports it, never read past its operands. Found by
// asc-fuzz-capi (fuzz/, ASan heap-buffer-overflow in getPipe()).

// A registration without operands.
func.func @register_without_operands() attributes {asc.kernel} {
  // expected-error @+1 {{'asc.matmul.register' op expected 2 or more operands, but found 0}}
  "asc.matmul.register"() {operandSegmentSizes = array<i32: 1, 1, 1, 1>} : () -> ()
  return
}

// -----

// A registration whose segment sizes name more operands than it has.
func.func @register_bad_segments(%ws: !asc.gm_addr) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  // expected-error @+1 {{'asc.matmul.register' op operand count (2) does not match with the total size (4) specified in attribute 'operandSegmentSizes'}}
  "asc.matmul.register"(%pipe, %ws) {operandSegmentSizes = array<i32: 1, 1, 1, 1>} : (!asc.pipe, !asc.gm_addr) -> ()
  return
}

// -----

// A valid registration after an InitBuffer without operands.
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
func.func @init_buffer_without_operands(%ws: !asc.gm_addr) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  // expected-error @+1 {{'asc.pipe.init_buffer' op expected 4 operands, but found 0}}
  "asc.pipe.init_buffer"() : () -> ()
  %mm = asc.matmul.create : !mm
  asc.matmul.register %pipe, %ws, %mm : !mm
  return
}
