// RUN: asc-opt %s -split-input-file --convert-asc-to-emitc -verify-diagnostics

// What the lowering to EmitC cannot express fails with a diagnostic on the
// offending op.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// ASCENDC_CUBE_ONLY holds for the whole emitted file, so a mix kernel with a
// Matmul object cannot share it with a cube-only kernel.
func.func @cube(%p: !asc.gm_addr) attributes {asc.kernel, asc.cube_only} {
  return
}
// expected-note @-3 {{cube-only kernel here}}
// expected-error @+1 {{'func.func' op cannot be lowered to Ascend C: it creates a Matmul object in mix mode, but the module's cube-only kernel makes the file define ASCENDC_CUBE_ONLY}}
func.func @mix(%p: !asc.gm_addr) attributes {asc.kernel} {
  %mm = asc.matmul.create : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The cube-side Matmul object has no waits: a cube-only file cannot call
// them.
func.func @cube_wait(%p: !asc.gm_addr) attributes {asc.kernel, asc.cube_only} {
  %mm = asc.matmul.create : !mm
  %c = asc.set_global_buffer %p : !asc.global_tensor<f32>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !asc.global_tensor<f32>
  // expected-error @+1 {{'asc.matmul.wait_iterate_all' op cannot be lowered to Ascend C: WaitIterateAll exists only on the mix-mode Matmul client, and the module's cube-only kernel makes the file define ASCENDC_CUBE_ONLY}}
  asc.matmul.wait_iterate_all %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// A device function's SetBatchNum needs a cube-only file: the mix-mode
// client has no such member.
func.func @device_batch_num(%n: i32) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{'asc.matmul.set_batch_num' op cannot be lowered to Ascend C: SetBatchNum exists only on the cube-side Matmul object and no kernel of the module is cube-only ('asc.cube_only')}}
  asc.matmul.set_batch_num %mm, %n, %n : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// A Matmul object is declared in place, never passed to a function.
// expected-error @+1 {{'func.func' op cannot be lowered to Ascend C: argument #0 is a Matmul object; objects are declared once and used in place}}
func.func private @takes_matmul(!mm)

// -----

// Nor returned by one.
// expected-error @+1 {{'func.func' op cannot be lowered to Ascend C: result #0 is a TCubeTiling; objects are declared once and used in place}}
func.func private @returns_tiling() -> !asc.tiling

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// An object cannot be chosen by a branch: it would be copied.
func.func @yields_matmul(%cond: i1) {
  // expected-error @+1 {{'scf.if' op cannot be lowered to Ascend C: it yields a Matmul object; objects are declared once and used in place}}
  %mm = scf.if %cond -> !mm {
    %a = asc.matmul.create : !mm
    scf.yield %a : !mm
  } else {
    %b = asc.matmul.create : !mm
    scf.yield %b : !mm
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

// Nor carried around a loop.
func.func @loop_carries_pipe(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pipe = asc.pipe.create
  // expected-error @+1 {{'scf.for' op cannot be lowered to Ascend C: its region takes a TPipe ('!asc.pipe') as block argument #1; objects are declared once and used in place}}
  %out = scf.for %i = %c0 to %n step %c1 iter_args(%p = %pipe) -> !asc.pipe {
    scf.yield %p : !asc.pipe
  }
  return
}

// -----

// Nor passed by value to a call.
func.func @passes_queue() {
  %que = asc.queue.create : !asc.queue<vecin, 1>
  // expected-error @+1 {{'func.call' op cannot be lowered to Ascend C: it passes a TQue by value; objects are declared once and used in place}}
  func.call @use_queue(%que) : (!asc.queue<vecin, 1>) -> ()
  return
}
func.func private @use_queue(!asc.queue<vecin, 1>)

// -----

// GetBasicConfig needs basic block sizes that #asc.matmul_config lacks.
func.func @basic_config() {
  // expected-error @+1 {{'asc.matmul.create' op cannot be lowered to Ascend C: a 'basic' MatmulConfig needs the basic block sizes of GetBasicConfig(basicM, basicN, basicK), which #asc.matmul_config does not carry}}
  %mm = asc.matmul.create : !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, config = <basic>>
  return
}

// -----

// The CopyTiling helper the lowering defines must not clash with a user
// function.
func.func @CopyTiling(%x: i32) {
  return
}
func.func @tiling(%p: !asc.gm_addr) {
  // expected-error @+2 {{cannot define the 'CopyTiling' helper: the module already has a symbol of that name}}
  // expected-error @+1 {{failed to legalize operation 'asc.get_tiling' that was explicitly marked illegal}}
  %t = asc.get_tiling %p
  return
}

// -----

// Unstructured control flow has no lowering (the C++ emitter would need
// every variable declared at the top).
func.func @branch(%p: !asc.gm_addr) attributes {asc.kernel} {
  // expected-error @+1 {{failed to legalize operation 'cf.br' that was explicitly marked illegal}}
  cf.br ^bb1
^bb1:
  return
}

// -----

// C++ has no 31-bit integer: the lowering refuses it on the op that makes
// one, before anything is printed.
func.func @odd_width(%p: !asc.gm_addr, %x: i32) attributes {asc.kernel} {
  // expected-error @+1 {{'arith.trunci' op cannot be lowered to Ascend C: result #0 has type 'i31', which has no C++ spelling (integers of 1, 8, 16, 32 or 64 bits, f16, bf16, f32, f64)}}
  %y = arith.trunci %x : i32 to i31
  return
}

// -----

// Nor a 128-bit one, even as an unused kernel argument.
// expected-error @+1 {{'func.func' op cannot be lowered to Ascend C: its signature has type 'i128', which has no C++ spelling}}
func.func @wide_argument(%p: !asc.gm_addr, %x: i128) attributes {asc.kernel} {
  return
}

// -----

// Nor a float other than f16, bf16, f32 and f64.
// expected-error @+1 {{'func.func' op cannot be lowered to Ascend C: its signature has type 'f8E4M3FN', which has no C++ spelling}}
func.func private @fp8_declaration(f8E4M3FN)

// -----

// An unsigned comparison of i32 bounds has no C++ for loop to become: the
// counter is an int32_t, which compares signed.
func.func @unsigned_loop(%pc: !asc.gm_addr) attributes {asc.kernel} {
  %lb = arith.constant 0 : i32
  %ub = arith.constant 4 : i32
  %step = arith.constant 1 : i32
  // expected-error @+1 {{'scf.for' op cannot be lowered to Ascend C: it compares its bounds unsigned, and the C++ loop over 'i32' compares as its counter's type does}}
  scf.for unsigned %i = %lb to %ub step %step : i32 {
    %x = arith.addi %i, %i : i32
  }
  return
}

// -----

// A helper taking a builtin memref has no Ascend C spelling: refused before
// anything is printed (the fuzzer's seed from the pyasc import tests).
// expected-error @+1 {{'func.func' op cannot be lowered to Ascend C: argument #0 has type 'memref<?xf16>', which has no Ascend C spelling (GM data is an !asc.gm_addr or an !asc.global_tensor)}}
func.func @memref_helper(%a: memref<?xf16>) {
  return
}
