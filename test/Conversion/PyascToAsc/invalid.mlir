// RUN: asc-opt %s --convert-pyasc-to-asc -split-input-file -verify-diagnostics

// Everything the pyasc import refuses, each at the op pyasc located (the
// user's Python line in a traced module).

!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>

// An op of another dialect is outside the import.
func.func @k(%n: index) attributes {ascendc.global} {
  // expected-error @+1 {{'memref.alloca' is outside what --convert-pyasc-to-asc imports}}
  %m = memref.alloca(%n) : memref<?xf32>
  return
}

// -----

// An opaque API constant the import has no value for.
func.func @k() attributes {ascendc.global} {
  // expected-error @+1 {{'emitc.constant' op is an API constant the pyasc import does not know: #emitc.opaque<"::AscendC::ONE_BLK_SIZE">}}
  %c = "emitc.constant"() <{value = #emitc.opaque<"::AscendC::ONE_BLK_SIZE">}> : () -> i32
  return
}

// -----

// A module pyasc traced always has its kernel.
// expected-error @+1 {{expects a kernel: a func.func with 'ascendc.global'}}
module {
  func.func @helper() {
    return
  }
}

// -----

// Helpers are inlined: a call needs the helper's body.
func.func private @external()
func.func @k() attributes {ascendc.global} {
  // expected-error @+1 {{'func.call' op calls 'external', which the module does not define}}
  call @external() : () -> ()
  return
}

// -----

// A helper that calls itself cannot be inlined.
func.func @recurse() {
  // expected-error @+1 {{'func.call' op is still a call after 64 rounds of inlining: recursive helpers cannot be imported}}
  call @recurse() : () -> ()
  return
}
func.func @k() attributes {ascendc.global} {
  call @recurse() : () -> ()
  return
}

// -----

// A local tensor carried by a loop has no queue to take its position from.
func.func @k(%n: index) attributes {ascendc.global} {
  %q = ascendc.queue : <vecin, 1>
  %l = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{expects every local tensor to come from a queue's alloc_tensor or deque_tensor or from local_tensor_v2 in the kernel}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %l) -> (!ascendc.local_tensor<*xf32>) {
    scf.yield %t : !ascendc.local_tensor<*xf32>
  }
  return
}

// -----

!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>

// sync is a template argument: pyasc must have passed a constant.
func.func @k(%ws: memref<?xui8, 22>, %c: memref<?xf32, 22>, %sync: i1) attributes {ascendc.global} {
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %g, %c : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %mm = ascendc.construct !mm()
  ascendc.regist_matmul_obj %pipe, %ws, %mm : !ascendc.pipe, memref<?xui8, 22>, !mm
  %false = arith.constant false
  %c0_i8 = arith.constant 0 : i8
  // expected-error @+1 {{'ascendc.matmul.iterate_all' op expects 'sync' to be a constant: it is a template argument of the call}}
  ascendc.matmul.iterate_all %mm, %g, %c0_i8, %false, %false, %false, %sync {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1>} : !mm, !ascendc.global_tensor<*xf32>, i8, i1, i1, i1, i1
  return
}

// -----

!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>

// A wait flag is a template argument too.
func.func @k(%ws: memref<?xui8, 22>, %n: i32, %wait: i1) attributes {ascendc.global} {
  %pipe = ascendc.pipe
  %mm = ascendc.construct !mm()
  ascendc.regist_matmul_obj %pipe, %ws, %mm : !ascendc.pipe, memref<?xui8, 22>, !mm
  %false = arith.constant false
  // expected-error @+1 {{'ascendc.matmul.iterate_n_batch' op expects 'wait_iterate_batch' to be a constant: it is a template argument of the call}}
  ascendc.matmul.iterate_n_batch %mm, %n, %n, %n, %false, %n, %n, %n, %false, %wait : !mm, i32, i32, i32, i1, i32, i32, i32, i1, i1
  return
}

// -----

!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>

// A run-time flag asc keeps as an attribute must be a constant as well.
func.func @k(%ws: memref<?xui8, 22>, %a: memref<?xf16, 22>, %trans: i1) attributes {ascendc.global} {
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %g, %a : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %pipe = ascendc.pipe
  %mm = ascendc.construct !mm()
  ascendc.regist_matmul_obj %pipe, %ws, %mm : !ascendc.pipe, memref<?xui8, 22>, !mm
  // expected-error @+1 {{'ascendc.matmul.set_tensor_a' op expects 'is_transpose' to be a constant: asc keeps it as an attribute of the call}}
  ascendc.matmul.set_tensor_a %mm, %g, %trans : !mm, !ascendc.global_tensor<*xf16>, i1
  return
}

// -----

// A GlobalTensor whose buffer is set twice is no single value.
func.func @k(%a: memref<?xf16, 22>) attributes {ascendc.global} {
  // expected-error @+1 {{'ascendc.global_tensor' op expects one set_global_buffer of this GlobalTensor, got 2}}
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  // expected-note @+1 {{set here}}
  ascendc.global_tensor.set_global_buffer %g, %a : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  // expected-note @+1 {{set here}}
  ascendc.global_tensor.set_global_buffer %g, %a : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  return
}

// -----

// Nor is one used before its buffer is set.
func.func @k(%a: memref<?xf16, 22>, %i: i32) attributes {ascendc.global} {
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  // expected-error @+1 {{'ascendc.global_tensor.subindex' op uses a GlobalTensor before its set_global_buffer}}
  %s = ascendc.global_tensor.subindex %g[%i] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
  // expected-note @+1 {{set here}}
  ascendc.global_tensor.set_global_buffer %g, %a : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  return
}

// -----

// Nor one set in a branch.
func.func @k(%a: memref<?xf16, 22>, %cond: i1) attributes {ascendc.global} {
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  scf.if %cond {
    // expected-error @+1 {{'ascendc.global_tensor.set_global_buffer' op expects to be in the block that declares its GlobalTensor}}
    ascendc.global_tensor.set_global_buffer %g, %a : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  }
  return
}

// -----

// A buffer outside global memory.
func.func @k(%a: memref<?xf16>) attributes {ascendc.global} {
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  // expected-error @+1 {{'ascendc.global_tensor.set_global_buffer' op expects a global-memory pointer (memref<?xT, 22>), got 'memref<?xf16>'}}
  ascendc.global_tensor.set_global_buffer %g, %a : !ascendc.global_tensor<*xf16>, memref<?xf16>
  return
}

// -----

// A MatmulConfig field asc does not have is refused by name.
func.func @k() attributes {ascendc.global} {
  // expected-error @+1 {{'ascendc.construct' op builds a Matmul type asc cannot represent: MatmulConfig field 'enable_everything' has no counterpart in #asc.matmul_config}}
  %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, enable_everything = true>>()
  return
}

// -----

// So is a field value out of its type's range.
func.func @k() attributes {ascendc.global} {
  // expected-error @+1 {{'ascendc.construct' op builds a Matmul type asc cannot represent: MatmulConfig field 'iterate_mode' = 300 is out of range (at most 255)}}
  %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, iterate_mode = 300 : i32>>()
  return
}

// -----

// A layout code pyasc does not print.
func.func @k() attributes {ascendc.global} {
  // expected-error @+1 {{'ascendc.construct' op builds a Matmul type asc cannot represent: the A part's layout 9 is no CubeFormat/LayoutMode pyasc prints}}
  %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 9 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>()
  return
}

// -----

// An element type the cube does not take.
func.func @k() attributes {ascendc.global} {
  // expected-error @+1 {{'ascendc.construct' op builds a Matmul type asc cannot represent: the B part's element type i16 is no Matmul element type of asc}}
  %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, i16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>()
  return
}

// -----

// A MatmulConfig value is only ever the Matmul type's.
func.func @k(%t: memref<?x!ascendc.cube_tiling, 22>) attributes {ascendc.global} {
  %true = arith.constant true
  // expected-error @+1 {{'ascendc.construct' op builds a MatmulConfig value that is used: asc carries the configuration in the Matmul type only}}
  %cfg = ascendc.construct !ascendc.matmul_config(%true) [i1] : i1
  %x = emitasc.member %cfg "doNorm" : !ascendc.matmul_config, i1
  return
}

// -----

// DataCopyParams are the fields of the copy that uses them.
func.func @k(%n: i32) attributes {ascendc.global} {
  // expected-error @+1 {{'ascendc.construct' op builds DataCopyParams that are not the four fields of a data_copy_l0}}
  %p = ascendc.construct !ascendc.data_copy_params(%n, %n) [ui16, ui16] : i32, i32
  return
}

// -----

// A tiling built in the kernel is built once, from its members: one set
// after a use is refused, naming the member.
!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, <do_norm = true>>
func.func @k(%ws: memref<?xui8, 22>) attributes {ascendc.global} {
  %pipe = ascendc.pipe
  %mm = ascendc.construct !mm()
  ascendc.regist_matmul_obj %pipe, %ws, %mm : !ascendc.pipe, memref<?xui8, 22>, !mm
  %t = ascendc.construct !ascendc.cube_tiling()
  %c64 = arith.constant 64 : i32
  emitasc.set_member %t "baseM", %c64 : !ascendc.cube_tiling, i32
  // expected-note @+1 {{first used here}}
  ascendc.matmul.init %mm, %t : !mm, !ascendc.cube_tiling
  // expected-error @+1 {{'emitasc.set_member' op sets TCubeTiling member 'baseN' after the tiling is used: asc builds the tiling once, before its first use}}
  emitasc.set_member %t "baseN", %c64 : !ascendc.cube_tiling, i32
  return
}

// -----

// ... and in the block that declares it.
func.func @k(%b: i1) attributes {ascendc.global} {
  // expected-note @+1 {{declared here}}
  %t = ascendc.construct !ascendc.cube_tiling()
  scf.if %b {
    %c64 = arith.constant 64 : i32
    // expected-error @+1 {{'emitasc.set_member' op sets TCubeTiling member 'baseM' in a branch or loop: asc builds the tiling once, in the block that declares it}}
    emitasc.set_member %t "baseM", %c64 : !ascendc.cube_tiling, i32
  }
  return
}

// -----

// A tiling copied from GM is read-only in asc.
func.func @k(%gm: memref<?x!ascendc.cube_tiling, 22>) attributes {ascendc.global} {
  %t = emitasc.copy_struct %gm : memref<?x!ascendc.cube_tiling, 22>, !ascendc.cube_tiling
  %c64 = arith.constant 64 : i32
  // expected-error @+1 {{'emitasc.set_member' op sets TCubeTiling member 'baseM' of a tiling the kernel did not build}}
  emitasc.set_member %t "baseM", %c64 : !ascendc.cube_tiling, i32
  return
}

// -----

// A member CANN's TCubeTiling does not have, named.
func.func @k() attributes {ascendc.global} {
  %t = ascendc.construct !ascendc.cube_tiling()
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{'emitasc.set_member' op sets TCubeTiling member 'trans_length', which CANN's TCubeTiling does not have}}
  emitasc.set_member %t "trans_length", %c1 : !ascendc.cube_tiling, i32
  return
}

// -----

// Members are integers.
func.func @k(%f: f32) attributes {ascendc.global} {
  %t = ascendc.construct !ascendc.cube_tiling()
  // expected-error @+1 {{'emitasc.set_member' op sets TCubeTiling member 'baseM' to 'f32': the members are int32_t}}
  emitasc.set_member %t "baseM", %f : !ascendc.cube_tiling, f32
  return
}

// -----

// Members of other structs are outside the import.
func.func @k(%s: !emitasc.py_struct<"S", [i32], ["x"]>, %v: i32) attributes {ascendc.global} {
  // expected-error @+1 {{'emitasc.set_member' op sets a member of '!emitasc.py_struct<"S", [i32], ["x"]>': asc sets the members of a TCubeTiling built in the kernel only}}
  emitasc.set_member %s "x", %v : !emitasc.py_struct<"S", [i32], ["x"]>, i32
  return
}

// -----

// A TCubeTiling is built from its members, not from constructor arguments.
func.func @k(%v: i32) attributes {ascendc.global} {
  // expected-error @+1 {{'ascendc.construct' op builds a TCubeTiling from 1 arguments: asc builds one from its members only}}
  %t = ascendc.construct !ascendc.cube_tiling(%v) : i32
  return
}

// -----

// A local tensor at a fixed address is in local memory.
func.func @k() attributes {ascendc.global} {
  %0 = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
  %1 = "emitc.constant"() <{value = 512 : ui32}> : () -> ui32
  // expected-error @+1 {{'ascendc.local_tensor_v2' op builds a local tensor at position gm: a LocalTensor is in local memory}}
  %x = ascendc.local_tensor_v2 gm, %0, %1 : !ascendc.local_tensor<*xf16>
  return
}

// -----

// A member CANN's TCubeTiling does not have (pyasc spells transLength
// trans_length), named.
func.func @k(%t: memref<?x!ascendc.cube_tiling, 22>) attributes {ascendc.global} {
  %tiling = emitasc.copy_struct %t : memref<?x!ascendc.cube_tiling, 22>, !ascendc.cube_tiling
  // expected-error @+1 {{'emitasc.member' op reads TCubeTiling member 'trans_length', which CANN's TCubeTiling does not have}}
  %x = emitasc.member %tiling "trans_length" : !ascendc.cube_tiling, i32
  return
}

// -----

// Members of other structs are outside the import.
func.func @k(%s: !emitasc.py_struct<"S", [i32], ["x"]>) attributes {ascendc.global} {
  // expected-error @+1 {{'emitasc.member' op reads a member of '!emitasc.py_struct<"S", [i32], ["x"]>': asc reads TCubeTiling members only}}
  %x = emitasc.member %s "x" : !emitasc.py_struct<"S", [i32], ["x"]>, i32
  return
}

// -----

// Only a TCubeTiling is copied out of GM.
func.func @k(%t: memref<?x!emitasc.py_struct<"S", [i32], ["x"]>, 22>) attributes {ascendc.global} {
  // expected-error @+1 {{'emitasc.copy_struct' op copies '!emitasc.py_struct<"S", [i32], ["x"]>': asc copies a TCubeTiling from GM only}}
  %s = emitasc.copy_struct %t : memref<?x!emitasc.py_struct<"S", [i32], ["x"]>, 22>, !emitasc.py_struct<"S", [i32], ["x"]>
  return
}

// -----

!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>

// A pointer offset is an offset of set_global_buffer, nothing else.
func.func @k(%ws: memref<?xui8, 22>, %i: index) attributes {ascendc.global} {
  // expected-error @+1 {{'emitasc.ptr_offset' op offsets a pointer something else than set_global_buffer uses}}
  %p = emitasc.ptr_offset %ws[%i] : memref<?xui8, 22>, memref<?xui8, 22>
  %pipe = ascendc.pipe
  %mm = ascendc.construct !mm()
  ascendc.regist_matmul_obj %pipe, %p, %mm : !ascendc.pipe, memref<?xui8, 22>, !mm
  return
}

// -----

// Pipes Atlas A2 does not have.
func.func @k() attributes {ascendc.global} {
  // expected-error @+1 {{'ascendc.pipe_barrier' op waits for pipe_mte4, which Atlas A2 (and asc) does not have}}
  ascendc.pipe_barrier pipe_mte4
  return
}

// -----

!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>

// A workspace by address and size takes a GM pointer and an integer.
func.func @k(%ws: memref<?xui8, 22>, %n: i32) attributes {ascendc.global} {
  %pipe = ascendc.pipe
  %mm = ascendc.construct !mm()
  ascendc.regist_matmul_obj %pipe, %ws, %mm : !ascendc.pipe, memref<?xui8, 22>, !mm
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xui8>
  ascendc.global_tensor.set_global_buffer %g, %ws : !ascendc.global_tensor<*xui8>, memref<?xui8, 22>
  // expected-error @+1 {{'ascendc.matmul.set_workspace' op sets a workspace by address and size of types '!ascendc.global_tensor<*xui8>' and 'i32': asc takes a GM pointer (memref<?xT, 22>) and an integer}}
  ascendc.matmul.set_workspace %mm, %g, %n : !mm, !ascendc.global_tensor<*xui8>, i32
  return
}

// -----

!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>

// A pointer without a size is no workspace.
func.func @k(%ws: memref<?xui8, 22>) attributes {ascendc.global} {
  %pipe = ascendc.pipe
  %mm = ascendc.construct !mm()
  ascendc.regist_matmul_obj %pipe, %ws, %mm : !ascendc.pipe, memref<?xui8, 22>, !mm
  // expected-error @+1 {{'ascendc.matmul.set_workspace' op sets a workspace of type 'memref<?xui8, 22>' without a size: asc takes a GlobalTensor, or a GM pointer and a size}}
  ascendc.matmul.set_workspace %mm, %ws : !mm, memref<?xui8, 22>
  return
}

// -----

!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>

// SetSelfDefineData and SetUserDefInfo take CANN's uint64_t.
func.func @k(%ws: memref<?xui8, 22>, %x: f32) attributes {ascendc.global} {
  %pipe = ascendc.pipe
  %mm = ascendc.construct !mm()
  ascendc.regist_matmul_obj %pipe, %ws, %mm : !ascendc.pipe, memref<?xui8, 22>, !mm
  // expected-error @+1 {{'ascendc.matmul.set_self_define_data' op passes 'f32': CANN takes a uint64_t, which asc gives as a GM pointer (memref<?xT, 22>) or an integer}}
  ascendc.matmul.set_self_define_data %mm, %x : !mm, f32
  return
}

// -----

!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>

func.func @k(%ws: memref<?xui8, 22>) attributes {ascendc.global} {
  %pipe = ascendc.pipe
  %mm = ascendc.construct !mm()
  ascendc.regist_matmul_obj %pipe, %ws, %mm : !ascendc.pipe, memref<?xui8, 22>, !mm
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xui8>
  ascendc.global_tensor.set_global_buffer %g, %ws : !ascendc.global_tensor<*xui8>, memref<?xui8, 22>
  // expected-error @+1 {{'ascendc.matmul.set_user_def_info' op passes '!ascendc.global_tensor<*xui8>': CANN takes a uint64_t}}
  ascendc.matmul.set_user_def_info %mm, %g : !mm, !ascendc.global_tensor<*xui8>
  return
}

// -----

!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>

// A sparse index CANN ignores: pyasc declares no sparse B.
func.func @k(%ws: memref<?xui8, 22>, %x: memref<?xui8, 22>) attributes {ascendc.global} {
  %pipe = ascendc.pipe
  %mm = ascendc.construct !mm()
  ascendc.regist_matmul_obj %pipe, %ws, %mm : !ascendc.pipe, memref<?xui8, 22>, !mm
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xui8>
  ascendc.global_tensor.set_global_buffer %g, %x : !ascendc.global_tensor<*xui8>, memref<?xui8, 22>
  // expected-error @+1 {{'ascendc.matmul.set_sparse_index' op sets a sparse index, which CANN ignores: it applies one only to a SparseMatmulType B under an MDL config on the cube-side object, and pyasc declares no sparse B}}
  ascendc.matmul.set_sparse_index %mm, %g : !mm, !ascendc.global_tensor<*xui8>
  return
}

// -----

!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>

// A compile-time tiling is no value asc has.
func.func @k(%ws: memref<?xui8, 22>) attributes {ascendc.global} {
  %pipe = ascendc.pipe
  %mm = ascendc.construct !mm()
  ascendc.regist_matmul_obj %pipe, %ws, %mm : !ascendc.pipe, memref<?xui8, 22>, !mm
  %false = arith.constant false
  %cfg = ascendc.construct !ascendc.matmul_config(%false) [i1] constexpr static : i1
  %l1 = arith.constant 524288 : i32
  // expected-error @+1 {{'ascendc.get_matmul_api_tiling' op gives a MatmulApiStaticTiling that is used: asc carries the configuration in the Matmul type only}}
  %t = ascendc.get_matmul_api_tiling %cfg, %l1 {matmulType = !mm} : !ascendc.matmul_config, i32
  ascendc.matmul.init %mm, %t : !mm, !ascendc.matmul_api_static_tiling
  return
}

// -----

!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>

// A QuantConfig has no user in asc.
func.func @k(%ws: memref<?xui8, 22>, %n: i32) attributes {ascendc.global} {
  %pipe = ascendc.pipe
  %mm = ascendc.construct !mm()
  ascendc.regist_matmul_obj %pipe, %ws, %mm : !ascendc.pipe, memref<?xui8, 22>, !mm
  // expected-error @+1 {{'ascendc.construct' op builds an AscendQuantConfig value that is used: asc has no quantisation API that takes one}}
  %qc = ascendc.construct !ascendc.ascend_quant_config(%n, %n, %n, %n) [ui32, ui32, ui32, ui32] constexpr static : i32, i32, i32, i32
  ascendc.matmul.init %mm, %qc : !mm, !ascendc.ascend_quant_config
  return
}

// -----

!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true>>

// REGIST_MATMUL_OBJ takes a GM workspace.
func.func @k(%ws: i64) attributes {ascendc.global} {
  %pipe = ascendc.pipe
  %mm = ascendc.construct !mm()
  // expected-error @+1 {{'ascendc.regist_matmul_obj' op registers with a workspace of type 'i64': asc takes a GM pointer}}
  ascendc.regist_matmul_obj %pipe, %ws, %mm : !ascendc.pipe, i64, !mm
  return
}

// -----

// A kernel takes GM pointers and scalars.
// expected-error @+1 {{'func.func' op expects kernel argument #0 to be a GM pointer or a scalar, got 'memref<?xf16>'}}
func.func @k(%a: memref<?xf16>) attributes {ascendc.global} {
  return
}

// -----

// An ascendc op outside the mirror is refused by the parser, by name.
func.func @k() attributes {ascendc.global} {
  // expected-error @+1 {{custom op 'ascendc.matmul.get_offset_c' is unknown}}
  %o = ascendc.matmul.get_offset_c %mm : !mm
  return
}
