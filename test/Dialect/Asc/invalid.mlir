// RUN: asc-opt %s -split-input-file -verify-diagnostics

// Types and attributes.

// A Matmul part holds one of the cube unit's element types.
// expected-error @+2 {{expects a Matmul element type (f16, bf16, f32, i4, i8 or i32), got 'f64'}}
// expected-error @+1 {{failed to parse Asc_MatmulType parameter 'a'}}
func.func private @part_element(!asc.matmul<a = <gm, nd, f64>, b = <gm, nd, f64>, c = <gm, nd, f32>>)

// -----

// A and B feed the same cube instruction, so their element types agree.
// expected-error @+1 {{expects A and B parts with the same element type, got 'f16' and 'f32'}}
func.func private @ab_mismatch(!asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f32>, c = <gm, nd, f32>>)

// -----

// A and B come from an input position, not an output buffer.
// expected-error @+1 {{expects A and B parts at an input position, got co1 and gm}}
func.func private @a_at_co1(!asc.matmul<a = <co1, nz, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>)

// -----

// Only A and B can be shared by a cube core's two vector cores (IBSHARE).
// expected-error @+1 {{expects ibshare on the A and B parts only}}
func.func private @shared_c(!asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32, ibshare>>)

// -----

// The IBShare configuration shares one of A and B, not both.
// expected-error @+1 {{expects at most one of the A and B parts shared (ibshare) with the IBShare configuration}}
func.func private @shared_both_ib_share_norm(!asc.matmul<a = <gm, nd, f16, ibshare>, b = <gm, nd, f16, ibshare>, c = <gm, nd, f32>, config = <ib_share_norm>>)

// -----

// Under the IBShare configuration the shared part is not already in L1.
// expected-error @+1 {{expects the shared (ibshare) part outside L1 with the IBShare configuration, got tscm}}
func.func private @shared_in_l1(!asc.matmul<a = <tscm, nz, f16, ibshare>, b = <gm, nd, f16>, c = <gm, nd, f32>, config = <ib_share_norm>>)

// -----

// ibshare is said once.
// expected-error @+2 {{duplicate 'ibshare'}}
// expected-error @+1 {{failed to parse Asc_MatmulType parameter 'a'}}
func.func private @shared_twice(!asc.matmul<a = <gm, nd, f16, ibshare, ibshare>, b = <gm, nd, f16>, c = <gm, nd, f32>>)

// -----

// C lands in GM, the unified buffer or CO1.
// expected-error @+1 {{expects the C part at gm, vecin, vecout, veccalc, tscm or co1, got a1}}
func.func private @c_at_a1(!asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <a1, nd, f32>>)

// -----

// i4 is an input type only.
// expected-error @+1 {{expects a C element type of f16, bf16, f32, i8 or i32, got 'i4'}}
func.func private @c_i4(!asc.matmul<a = <gm, nd, i4>, b = <gm, nd, i4>, c = <gm, nd, i4>>)

// -----

// The bias vector is never i8.
// expected-error @+1 {{expects a bias element type of f16, bf16, f32 or i32, got 'i8'}}
func.func private @bias_i8(!asc.matmul<a = <gm, nd, i8>, b = <gm, nd, i8>, c = <gm, nd, i32>, bias = <gm, nd, i8>>)

// -----

// Global memory has its own tensor type.
// expected-error @+1 {{expects a local position, got gm (use !asc.global_tensor for global memory)}}
func.func private @local_at_gm(!asc.local_tensor<gm, f16>)

// -----

// Ascend C tensors hold no f64.
// expected-error @+1 {{expects a scalar element type (f16, bf16, f32 or a signless or unsigned integer), got 'f64'}}
func.func private @global_f64(!asc.global_tensor<f64>)

// -----

// A queue needs at least one buffer.
// expected-error @+1 {{expects a queue depth of at least 1}}
func.func private @queue_depth(!asc.queue<vecout, 0>)

// -----

// TQue counts the tensors it holds in a uint8_t: 255 at most.
// expected-error @+1 {{expects a queue depth of at most 255, got 256}}
func.func private @queue_too_deep(!asc.queue<vecin, 256>)

// -----

// The depth is unsigned: -1 is read as 4294967295, and rejected.
// expected-error @+1 {{expects a queue depth of at most 255, got 4294967295}}
func.func private @queue_negative_depth(!asc.queue<vecin, -1>)

// -----

// A queue manages local buffers only.
// expected-error @+1 {{expects a local position for a queue, got gm}}
func.func private @queue_gm(!asc.queue<gm, 1>)

// -----

// TQueBind to or from GM is the plain TQue of its local side.
// expected-error @+1 {{expects a TQueBind between two unified-buffer positions (vecin, vecout, veccalc), got gm -> vecin}}
func.func private @queue_bind_from_gm(!asc.queue<gm -> vecin, 1>)

// -----

// The cube core's positions have no bind asc models.
// expected-error @+1 {{expects a TQueBind between two unified-buffer positions (vecin, vecout, veccalc), got a1 -> a2}}
func.func private @queue_bind_cube(!asc.queue<a1 -> a2, 1>)

// -----

// A bind needs its destination, then the depth.
// expected-error @+1 {{expected keyword for logical position of a tensor (AscendC::TPosition)}}
func.func private @queue_bind_no_destination(!asc.queue<vecin -> , 1>)

// -----

// asc-run has memory for the unified buffer's TBufs only.
// expected-error @+1 {{expects a unified-buffer position for a TBuf (vecin, vecout, veccalc), got co1}}
func.func private @tbuf_l0c(!asc.tbuf<co1>)

// -----

// A TBuf's tensor sits at its position.
func.func @tbuf_get_other_position(%b: !asc.tbuf<veccalc>) {
  // expected-error @+1 {{'asc.tbuf.get' op expects the tensor position vecin to match the queue position veccalc}}
  %t = asc.tbuf.get %b : !asc.tbuf<veccalc> -> !asc.local_tensor<vecin, f32>
  return
}

// -----

// A TQueBind's tensors sit at its destination.
func.func @queue_bind_alloc_at_source(%q: !asc.queue<vecin -> vecout, 1>) {
  // expected-error @+1 {{'asc.queue.alloc_tensor' op expects the tensor position vecin to match the queue position vecout}}
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin -> vecout, 1> -> !asc.local_tensor<vecin, f32>
  return
}

// -----

// no_alias speaks about global memory.
// expected-error @+1 {{expects 'asc.no_alias' on a global-memory argument, got 'i32'}}
func.func private @no_alias_scalar(i32 {asc.no_alias})

// -----

// no_alias is a unit attribute.
// expected-error @+1 {{expects 'asc.no_alias' to be a unit attribute}}
func.func private @no_alias_value(!asc.gm_addr {asc.no_alias = 1 : i32})

// -----

// Only no_alias and workspace are asc argument attributes.
// expected-error @+1 {{unknown asc argument attribute 'asc.restrict'}}
func.func private @unknown_arg_attr(!asc.gm_addr {asc.restrict})

// -----

// A kernel entry returns void.
// expected-error @+1 {{expects a kernel to return nothing, got 1 results}}
func.func private @kernel_result() -> i32 attributes {asc.kernel}

// -----

// asc.kernel is a unit attribute.
// expected-error @+1 {{expects 'asc.kernel' to be a unit attribute}}
func.func private @kernel_value() attributes {asc.kernel = "aiv"}

// -----

// Only asc.kernel and asc.cube_only are asc operation attributes.
// expected-error @+1 {{unknown asc attribute 'asc.mix'}}
func.func private @unknown_attr() attributes {asc.mix}

// -----

// Cube-only is a property of a kernel, not of a device function.
// expected-error @+1 {{expects 'asc.cube_only' on a kernel (a function with 'asc.kernel')}}
func.func private @cube_only_device() attributes {asc.cube_only}

// -----

// asc.cube_only is a unit attribute.
// expected-error @+1 {{expects 'asc.cube_only' to be a unit attribute}}
func.func private @cube_only_value() attributes {asc.kernel, asc.cube_only = true}

// -----

// The workspace is a GM address the host passes.
// expected-error @+1 {{expects 'asc.workspace' on a !asc.gm_addr argument, got 'i32'}}
func.func private @workspace_scalar(i32 {asc.workspace}) attributes {asc.kernel}

// -----

// Only a kernel receives the workspace.
// expected-error @+1 {{expects 'asc.workspace' on an argument of a kernel}}
func.func private @workspace_device(!asc.gm_addr {asc.workspace})

// -----

// A kernel has one workspace (L14).
// expected-error @+1 {{expects one 'asc.workspace' argument, got #0 and #1}}
func.func private @two_workspaces(!asc.gm_addr {asc.workspace}, !asc.gm_addr {asc.workspace}) attributes {asc.kernel}

// -----

// A local tensor lives on the core; the host cannot pass one (L14).
// expected-error @+1 {{expects kernel argument #1 to be a global-memory address (!asc.gm_addr) or a scalar, got '!asc.local_tensor<vecin, f16>': a local tensor lives in the core's on-chip buffer, which the host cannot reach}}
func.func private @kernel_local_tensor(!asc.gm_addr, !asc.local_tensor<vecin, f16>) attributes {asc.kernel}

// -----

// A kernel receives GM_ADDR pointers, not typed global tensors (L14).
// expected-error @+1 {{got '!asc.global_tensor<f16>': the host passes GM_ADDR pointers; make the tensor in the kernel with asc.set_global_buffer}}
func.func private @kernel_global_tensor(!asc.global_tensor<f16>) attributes {asc.kernel}

// -----

// A kernel declares its own Matmul objects (L14).
// expected-error @+1 {{expects kernel argument #0 to be a global-memory address (!asc.gm_addr) or a scalar, got '!asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>': pipes, queues and Matmul objects are declared inside the kernel}}
func.func private @kernel_matmul(!asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>) attributes {asc.kernel}

// -----

// The tiling reaches a kernel through global memory (L14).
// expected-error @+1 {{got '!asc.tiling': pass the tiling's GM_ADDR and copy it with asc.get_tiling}}
func.func private @kernel_tiling(!asc.tiling) attributes {asc.kernel}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// REGIST_MATMUL_OBJ declares locals: a second one in a kernel redefines them
// (L11).
func.func @two_registers(%ws: !asc.gm_addr) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  // expected-note @+1 {{first registration here}}
  asc.matmul.register %pipe, %ws, %mm0 : !mm
  // expected-error @+1 {{'asc.matmul.register' op expects one asc.matmul.register per kernel: REGIST_MATMUL_OBJ declares local variables, a second one redefines them}}
  asc.matmul.register %pipe, %ws, %mm1 : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// A registration under a branch leaves the client in a scope that ends
// before the object is used (L11).
func.func @register_in_branch(%ws: !asc.gm_addr, %flag: i1) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  %mm = asc.matmul.create : !mm
  scf.if %flag {
    // expected-error @+1 {{expects to be in the kernel's top-level block, not in a loop or branch}}
    asc.matmul.register %pipe, %ws, %mm : !mm
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// In a mix kernel, registering only on the cube core starts a server loop
// that no vector-core client ever ends (P5, a hang).
func.func @register_on_cube_core_of_mix_kernel(%ws: !asc.gm_addr) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  %mm = asc.matmul.create : !mm
  %aic = asc.is_aic
  scf.if %aic {
    // expected-error @+1 {{registers the objects on the cube core only, in a mix kernel: the server loop REGIST_MATMUL_OBJ starts there never gets the quit message, since no vector-core client is registered to post it (rule P5, a hang)}}
    asc.matmul.register %pipe, %ws, %mm : !mm
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The same through the else branch of `if ASCEND_IS_AIV`.
func.func @register_on_cube_core_via_aiv_else(%ws: !asc.gm_addr) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  %mm = asc.matmul.create : !mm
  %aiv = asc.is_aiv
  scf.if %aiv {
  } else {
    // expected-error @+1 {{registers the objects on the cube core only, in a mix kernel}}
    asc.matmul.register %pipe, %ws, %mm : !mm
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// Registering on the vector cores only is a branch like any other (L11).
func.func @register_on_vector_cores_only(%ws: !asc.gm_addr) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  %mm = asc.matmul.create : !mm
  %aiv = asc.is_aiv
  scf.if %aiv {
    // expected-error @+1 {{expects to be in the kernel's top-level block, not in a loop or branch}}
    asc.matmul.register %pipe, %ws, %mm : !mm
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// InitBuffer before the registration compiles but breaks the documented
// order: a warning, not an error (L11).
func.func @init_buffer_first(%ws: !asc.gm_addr, %n: i32) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  %que = asc.queue.create : !asc.queue<vecout, 1>
  // expected-warning @+1 {{gives a queue its buffers before the pipe's asc.matmul.register: the documented order registers the Matmul objects first}}
  asc.pipe.init_buffer %pipe, %que, %n, %n : !asc.queue<vecout, 1>
  %mm = asc.matmul.create : !mm
  // expected-note @+1 {{registered here}}
  asc.matmul.register %pipe, %ws, %mm : !mm
  return
}

// -----

// Memory operations.

// A buffer comes from a queue of its own position.
func.func @alloc_position(%q: !asc.queue<vecout, 1>) {
  // expected-error @+1 {{expects the tensor position vecin to match the queue position vecout}}
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecout, 1> -> !asc.local_tensor<vecin, f16>
  return
}

// -----

// Enqueueing into another position's queue is a mistake.
func.func @enque_position(%q: !asc.queue<vecin, 2>, %t: !asc.local_tensor<vecout, f16>) {
  // expected-error @+1 {{expects the tensor position vecout to match the queue position vecin}}
  asc.queue.enque %q, %t : !asc.queue<vecin, 2>, !asc.local_tensor<vecout, f16>
  return
}

// -----

// DataCopy moves data between GM and on-chip memory, never GM to GM.
func.func @copy_gm_gm(%a: !asc.global_tensor<f16>, %b: !asc.global_tensor<f16>, %n: i32) {
  // expected-error @+1 {{expects at least one local tensor (DataCopy does not copy global to global memory)}}
  asc.data_copy %a, %b, %n : !asc.global_tensor<f16>, !asc.global_tensor<f16>
  return
}

// -----

// DataCopy does not convert.
func.func @copy_types(%a: !asc.local_tensor<vecin, f32>, %b: !asc.global_tensor<f16>, %n: i32) {
  // expected-error @+1 {{expects source and destination element types to match, got 'f16' and 'f32'}}
  asc.data_copy %a, %b, %n : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f16>
  return
}

// -----

// DataCopy takes a count or DataCopyParams, not both.
func.func @copy_count_and_params(%a: !asc.local_tensor<vecin, f16>, %b: !asc.global_tensor<f16>, %n: i32) {
  // expected-error @+1 {{expects either an element count or DataCopyParams}}
  asc.data_copy %a, %b, %n params(%n, %n, %n, %n) : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>
  return
}

// -----

// DataCopyParams has four fields.
func.func @copy_params(%a: !asc.local_tensor<vecin, f16>, %b: !asc.global_tensor<f16>, %n: i32) {
  // expected-error @+1 {{expects 4 DataCopyParams values (blockCount, blockLen, srcStride, dstStride), got 3}}
  asc.data_copy %a, %b params(%n, %n, %n) : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>
  return
}

// -----

// LeakyRelu is a floating-point instruction.
func.func @leaky_relu_int(%t: !asc.local_tensor<veccalc, i32>, %alpha: i32, %n: i32) {
  // expected-error @+1 {{'dst' must be a vecin, vecout or veccalc local tensor of 16-bit float or 32-bit float elements, but got '!asc.local_tensor<veccalc, i32>'}}
  asc.leaky_relu %t, %t, %alpha, %n : !asc.local_tensor<veccalc, i32>, !asc.local_tensor<veccalc, i32>
  return
}

// -----

// Vector instructions read and write the unified buffer only.
func.func @add_co1(%t: !asc.local_tensor<co1, f32>, %n: i32) {
  // expected-error @+1 {{operand #0 must be a vecin, vecout or veccalc local tensor of 16-bit float or 32-bit float or 16-bit signless integer or 32-bit signless integer elements, but got '!asc.local_tensor<co1, f32>'}}
  asc.add %t, %t, %t, %n : !asc.local_tensor<co1, f32>, !asc.local_tensor<co1, f32>, !asc.local_tensor<co1, f32>
  return
}

// -----

// Vector instructions do not convert.
func.func @adds_types(%dst: !asc.local_tensor<vecout, f32>, %src: !asc.local_tensor<vecin, f16>, %s: f32, %n: i32) {
  // expected-error @+1 {{failed to verify that all of {dst, src} have same element type}}
  asc.adds %dst, %src, %s, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f16>
  return
}

// -----

// LeakyRelu has no bfloat16 form (half and float only).
func.func @leaky_relu_bf16(%t: !asc.local_tensor<vecin, bf16>, %alpha: bf16, %n: i32) {
  // expected-error @+1 {{'dst' must be a vecin, vecout or veccalc local tensor of 16-bit float or 32-bit float elements, but got '!asc.local_tensor<vecin, bf16>'}}
  asc.leaky_relu %t, %t, %alpha, %n : !asc.local_tensor<vecin, bf16>, !asc.local_tensor<vecin, bf16>
  return
}

// -----

// Duplicate fills 16- and 32-bit elements only.
func.func @duplicate_i8(%t: !asc.local_tensor<vecout, i8>, %s: i8, %n: i32) {
  // expected-error @+1 {{'dst' must be a vecin, vecout or veccalc local tensor of 16-bit float or 32-bit float or 16-bit signless integer or 16-bit unsigned integer or 32-bit signless integer or 32-bit unsigned integer elements, but got '!asc.local_tensor<vecout, i8>'}}
  asc.duplicate %t, %s, %n : !asc.local_tensor<vecout, i8>
  return
}

// -----

// The scalar of a vector-scalar instruction has the tensor's element type.
func.func @muls_scalar_type(%t: !asc.local_tensor<vecin, f16>, %s: f32, %n: i32) {
  // expected-error @+1 {{failed to verify that scalar has the element type of dst}}
  "asc.muls"(%t, %t, %s, %n) : (!asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>, f32, i32) -> ()
  return
}

// -----

// Add's operands share one element type.
func.func @add_mixed(%a: !asc.local_tensor<vecin, i16>, %b: !asc.local_tensor<vecin, i32>, %n: i32) {
  // expected-error @+1 {{failed to verify that all of {dst, lhs, rhs} have same element type}}
  asc.add %a, %a, %b, %n : !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i32>
  return
}

// -----

// The bias is read like A and B, so it comes from an input position.
// expected-error @+1 {{expects the bias part at an input position, got co1}}
func.func private @bias_at_co1(!asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, bias = <co1, nd, f32>>)

// -----

// A Matmul part is transposed once.
// expected-error @+2 {{duplicate 'transposed'}}
// expected-error @+1 {{failed to parse Asc_MatmulType parameter 'b'}}
func.func private @part_transposed_twice(!asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16, transposed, transposed>, c = <gm, nd, f32>>)

// -----

// A Matmul part has one layout.
// expected-error @+2 {{duplicate 'layout'}}
// expected-error @+1 {{failed to parse Asc_MatmulType parameter 'a'}}
func.func private @part_layout_twice(!asc.matmul<a = <gm, nd, f16, layout = bsngd, layout = sbngd>, b = <gm, nd, f16>, c = <gm, nd, f32>>)

// -----

// Matmul set-up and configuration.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// REGIST_MATMUL_OBJ takes at most four objects.
func.func @register_five(%pipe: !asc.pipe, %ws: !asc.gm_addr) {
  %m0 = asc.matmul.create : !mm
  // expected-error @+1 {{expects at most 4 Matmul objects per kernel, got 5}}
  asc.matmul.register %pipe, %ws, %m0, %m0, %m0, %m0, %m0 : !mm, !mm, !mm, !mm, !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// Tilings pair with objects.
func.func @register_tilings(%pipe: !asc.pipe, %ws: !asc.gm_addr, %t: !asc.tiling) {
  %m0 = asc.matmul.create : !mm
  %m1 = asc.matmul.create : !mm
  // expected-error @+1 {{expects one tiling per Matmul object or none, got 1 for 2 objects}}
  asc.matmul.register %pipe, %ws, %m0, %m1 tiling %t : !mm, !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The A input has A's element type.
func.func @set_a_type(%a: !asc.global_tensor<f32>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects input element type 'f32' to match the Matmul A element type 'f16'}}
  asc.matmul.set_tensor_a %mm, %a : !mm, !asc.global_tensor<f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// A GM A part is fed from a global tensor.
func.func @set_a_local(%a: !asc.local_tensor<vecin, f16>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects a global tensor for the A part at gm, got vecin}}
  asc.matmul.set_tensor_a %mm, %a : !mm, !asc.local_tensor<vecin, f16>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <vecin, nd, f16>, c = <gm, nd, f32>>

// A local B part is fed from a local tensor.
func.func @set_b_global(%b: !asc.global_tensor<f16>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects a local tensor for the B part at vecin, got gm}}
  asc.matmul.set_tensor_b %mm, %b : !mm, !asc.global_tensor<f16>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// A scalar cannot be transposed.
func.func @set_a_scalar_transposed(%s: f16) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects no is_transpose with a scalar input}}
  asc.matmul.set_tensor_a %mm, %s {is_transpose = true} : !mm, f16
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// A mix kernel's client sends a scalar A in the message's aAddr, which
// CANN's server reads as A's address unless A's format is SCALAR.
func.func @mix_scalar_a(%s: f16) attributes {asc.kernel} {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects a tensor A in a mix kernel unless A's format is scalar: CANN's vector-side client sends a scalar SetTensorA in the message's aAddr, which the server reads as A's address for an A in format nd}}
  asc.matmul.set_tensor_a %mm, %s : !mm, f16
  return
}

// -----

!mm = !asc.matmul<a = <gm, scalar, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// A scalar B never arrives: CANN's c220 client writes it into aAddr.
func.func @mix_scalar_b(%s: f16) attributes {asc.kernel} {
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %s : !mm, f16
  // expected-error @+1 {{expects a tensor B in a mix kernel: CANN's vector-side client writes a scalar SetTensorB into the message's aAddr, not bAddr (MatmulClient::SetTensorB(SrcBT)), so the server never sees the scalar and A's address is overwritten}}
  asc.matmul.set_tensor_b %mm, %s : !mm, f16
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// SetBias needs a Matmul type with a bias part.
func.func @set_bias_without_part(%bias: !asc.global_tensor<f32>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects a Matmul type with a bias part}}
  asc.matmul.set_bias %mm, %bias : !mm, !asc.global_tensor<f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, bias = <gm, nd, f32>>

// The bias has the bias part's element type.
func.func @set_bias_type(%bias: !asc.global_tensor<f16>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects input element type 'f16' to match the Matmul bias element type 'f32'}}
  asc.matmul.set_bias %mm, %bias : !mm, !asc.global_tensor<f16>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, bias = <gm, nd, f32>>

// A UB bias for a GM bias part has the part's element type too.
func.func @set_bias_ub_type(%bias: !asc.local_tensor<vecin, f16>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects input element type 'f16' to match the Matmul bias element type 'f32'}}
  asc.matmul.set_bias %mm, %bias : !mm, !asc.local_tensor<vecin, f16>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, bias = <gm, nd, f32>>

// The cube-side object of a cube-only kernel reads a GM bias part from GM:
// only the vector core's client copies a UB bias there.
func.func @set_bias_ub_cube_only(%ws: !asc.gm_addr) attributes {asc.kernel, asc.cube_only} {
  %pipe = asc.pipe.create
  %mm = asc.matmul.create : !mm
  asc.matmul.register %pipe, %ws, %mm : !mm
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %bias = asc.local_tensor.create %c0, %c64 : !asc.local_tensor<vecin, f32>
  // expected-error @+1 {{expects a global tensor for the bias part at gm, got vecin}}
  asc.matmul.set_bias %mm, %bias : !mm, !asc.local_tensor<vecin, f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, bias = <gm, nd, f32>>

// A TSCM bias is the cube's own memory, no copy of UB.
func.func @set_bias_tscm(%bias: !asc.local_tensor<tscm, f32>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects a global tensor for the bias part at gm, got tscm}}
  asc.matmul.set_bias %mm, %bias : !mm, !asc.local_tensor<tscm, f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, config = <norm, enable_set_define_data = false>>

// Without enableSetDefineData CANN's server drops MMFUN_SET_USER_DEF_INFO.
func.func @user_def_info_disabled(%p: !asc.gm_addr) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects a Matmul config with enable_set_define_data = true: without it CANN's server drops the message SetUserDefInfo posts}}
  asc.matmul.set_user_def_info %mm, %p : !mm, !asc.gm_addr
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The callbacks' value is CANN's uint64_t.
func.func @self_define_data_i32(%d: i32) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{operand #1 must be 64-bit signless integer or}}
  asc.matmul.set_self_define_data %mm, %d : !mm, i32
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The five-value SetOrgShape names Kb and Kc together.
func.func @org_shape_kb(%v: i32) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects orgKb and orgKc together}}
  "asc.matmul.set_org_shape"(%mm, %v, %v, %v, %v) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0>}> : (!mm, i32, i32, i32, i32) -> ()
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, i8>, b = <gm, nd, i8>, c = <gm, nd, f16>>

// Dequantisation scales are uint64_t: a signed i64 tensor is not the API's
// GlobalTensor<uint64_t>.
func.func @quant_vector_signed(%s: !asc.global_tensor<i64>) {
  %mm = asc.matmul.create : !asc.matmul<a = <gm, nd, i8>, b = <gm, nd, i8>, c = <gm, nd, f16>>
  // expected-error @+1 {{operand #1 must be a global tensor of 64-bit unsigned integer elements, but got '!asc.global_tensor<i64>'}}
  asc.matmul.set_quant_vector %mm, %s : !asc.matmul<a = <gm, nd, i8>, b = <gm, nd, i8>, c = <gm, nd, f16>>, !asc.global_tensor<i64>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, i8>, b = <gm, nd, i8>, c = <gm, nd, f16>>

// Dequantisation scales are 64-bit.
func.func @quant_vector(%s: !asc.global_tensor<f32>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{operand #1 must be a global tensor of 64-bit unsigned integer elements, but got '!asc.global_tensor<f32>'}}
  asc.matmul.set_quant_vector %mm, %s : !mm, !asc.global_tensor<f32>
  return
}

// -----

// Iterate (rule L5).

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <co1, nz, f32>>

// The local C matrix is a CO1 tensor.
func.func @iterate_local_c_position(%c: !asc.local_tensor<vecin, f32>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects local_c_matrix to be a co1 tensor, got vecin}}
  %more = asc.matmul.iterate %mm local_c %c : !mm, !asc.local_tensor<vecin, f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The Matmul type's C part must be CO1/NZ for a local C matrix.
func.func @iterate_local_c_part(%c: !asc.local_tensor<co1, f32>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects the Matmul C part to be at co1 with format nz when local_c_matrix is given, got gm and nd}}
  %more = asc.matmul.iterate %mm local_c %c : !mm, !asc.local_tensor<co1, f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <co1, nz, f16>>

// CO1 accumulates in f32 or i32 only (rule L4).
func.func @iterate_local_c_type(%c: !asc.local_tensor<co1, f16>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects local_c_matrix element type to be i32 or f32, got 'f16'}}
  %more = asc.matmul.iterate %mm local_c %c : !mm, !asc.local_tensor<co1, f16>
  return
}

// -----

// GetTensorC (rules L3, L4, L6).

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The result form exists only asynchronously.
func.func @get_tensor_c_result_sync() {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects sync = false when returning the block (no destination)}}
  %blk = asc.matmul.get_tensor_c %mm : !mm -> !asc.global_tensor<f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// Some form must say where the block goes.
func.func @get_tensor_c_nowhere() {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects a destination or a result}}
  asc.matmul.get_tensor_c %mm {sync = false} : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// A destination and a result at once is no API form.
func.func @get_tensor_c_both(%d: !asc.global_tensor<f32>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects no result when given a destination}}
  %blk = asc.matmul.get_tensor_c %mm, %d {sync = false} : !mm, !asc.global_tensor<f32> -> !asc.global_tensor<f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// GetTensorC writes at most a GM and a UB copy.
func.func @get_tensor_c_three(%d: !asc.global_tensor<f32>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects at most two destinations, got 3}}
  asc.matmul.get_tensor_c %mm, %d, %d, %d : !mm, !asc.global_tensor<f32>, !asc.global_tensor<f32>, !asc.global_tensor<f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The dual form writes GM first.
func.func @get_tensor_c_dual_first(%u: !asc.local_tensor<vecin, f32>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects the first of two destinations to be a global tensor, got vecin}}
  asc.matmul.get_tensor_c %mm, %u, %u : !mm, !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The dual form's UB copy is VECIN.
func.func @get_tensor_c_dual_second(%d: !asc.global_tensor<f32>, %u: !asc.local_tensor<vecout, f32>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects the second of two destinations to be a vecin local tensor, got vecout}}
  asc.matmul.get_tensor_c %mm, %d, %u : !mm, !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The dual form is synchronous only: CANN's client asserts it (L6).
func.func @get_tensor_c_dual_async(%d: !asc.global_tensor<f32>, %u: !asc.local_tensor<vecin, f32>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{'asc.matmul.get_tensor_c' op expects sync = true with two destinations (the dual fetch has no asynchronous form)}}
  asc.matmul.get_tensor_c %mm, %d, %u {sync = false} : !mm, !asc.global_tensor<f32>, !asc.local_tensor<vecin, f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The block has C's element type.
func.func @get_tensor_c_type(%u: !asc.local_tensor<vecin, f16>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects destination element type 'f16' to match the Matmul C element type 'f32'}}
  asc.matmul.get_tensor_c %mm, %u : !mm, !asc.local_tensor<vecin, f16>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// UB destinations are vector buffers.
func.func @get_tensor_c_a1(%u: !asc.local_tensor<a1, f32>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects destination to be a global tensor or a vecin, vecout, veccalc or tscm local tensor, got a1}}
  asc.matmul.get_tensor_c %mm, %u : !mm, !asc.local_tensor<a1, f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// en_atomic is 0 (none), 1 (add), 2 (max) or 3 (min).
func.func @get_tensor_c_atomic(%d: !asc.global_tensor<f32>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{attribute 'en_atomic' failed to satisfy constraint: 0 (no atomic), 1 (add), 2 (max) or 3 (min)}}
  asc.matmul.get_tensor_c %mm, %d {en_atomic = 4 : i32} : !mm, !asc.global_tensor<f32>
  return
}

// -----

// IterateAll (rules L1-L4).

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// en_atomic is checked on iterate_all too.
func.func @iterate_all_atomic(%c: !asc.global_tensor<f32>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{attribute 'en_atomic' failed to satisfy constraint: 0 (no atomic), 1 (add), 2 (max) or 3 (min)}}
  asc.matmul.iterate_all %mm, %c {en_atomic = -1 : i32} : !mm, !asc.global_tensor<f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, bf16>, b = <gm, nd, bf16>, c = <gm, nd, bf16>>

// IterateAll outputs i32, f32, f16 or i8.
func.func @iterate_all_bf16(%c: !asc.global_tensor<bf16>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects output element type to be i32, f32, f16 or i8, got 'bf16'}}
  asc.matmul.iterate_all %mm, %c : !mm, !asc.global_tensor<bf16>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The output has C's element type.
func.func @iterate_all_type(%c: !asc.global_tensor<f16>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects output element type 'f16' to match the Matmul C element type 'f32'}}
  asc.matmul.iterate_all %mm, %c : !mm, !asc.global_tensor<f16>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// wait_iterate_all only exists for GM output (L2).
func.func @iterate_all_local_wait(%c: !asc.local_tensor<vecout, f32>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects no wait_iterate_all with a local output (it only exists for a global-memory output)}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = false} : !mm, !asc.local_tensor<vecout, f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// en_sequential_write only exists for GM output (L2).
func.func @iterate_all_local_sequential(%c: !asc.local_tensor<veccalc, f32>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects no en_sequential_write with a local output}}
  asc.matmul.iterate_all %mm, %c {en_sequential_write = true} : !mm, !asc.local_tensor<veccalc, f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// fake_msg only exists for GM output (L2).
func.func @iterate_all_local_fake_msg(%c: !asc.local_tensor<vecin, f32>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects no fake_msg with a local output}}
  asc.matmul.iterate_all %mm, %c {fake_msg = false} : !mm, !asc.local_tensor<vecin, f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// A synchronous call cannot be waited on (L1).
func.func @iterate_all_sync_wait(%c: !asc.global_tensor<f32>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects sync = false when wait_iterate_all = true}}
  asc.matmul.iterate_all %mm, %c {wait_iterate_all = true} : !mm, !asc.global_tensor<f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <co1, nz, f32>>

// IterateAll writes GM or the unified buffer, never CO1 directly.
func.func @iterate_all_co1(%c: !asc.local_tensor<co1, f32>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects output to be a global tensor or a vecin, vecout, veccalc or tscm local tensor, got co1}}
  asc.matmul.iterate_all %mm, %c : !mm, !asc.local_tensor<co1, f32>
  return
}

// -----

// IterateBatch and IterateNBatch (rules L4, L7, L8).

!mm = !asc.matmul<a = <gm, nd, i8, layout = normal>, b = <gm, nd, i8, layout = normal>, c = <gm, nd, i8>>

// IterateBatch has no i8 output.
func.func @iterate_batch_i8(%c: !asc.global_tensor<i8>, %n: i32) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects output element type to be i32, f32 or f16, got 'i8'}}
  asc.matmul.iterate_batch %mm, %c batch(%n, %n) : !mm, !asc.global_tensor<i8>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = normal>, b = <gm, nd, f16, layout = normal>, c = <gm, nd, f32>>

// The mix form to GM does not write sequentially.
func.func @iterate_batch_gm_sequential(%c: !asc.global_tensor<f32>, %n: i32) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects en_sequential_write = false with a global output}}
  asc.matmul.iterate_batch %mm, %c batch(%n, %n) {en_sequential_write = true} : !mm, !asc.global_tensor<f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = normal>, b = <gm, nd, f16, layout = normal>, c = <gm, nd, f32>>

// The mix form to UB writes sequentially.
func.func @iterate_batch_ub_not_sequential(%c: !asc.local_tensor<vecin, f32>, %n: i32) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects en_sequential_write = true with a local output}}
  asc.matmul.iterate_batch %mm, %c batch(%n, %n) : !mm, !asc.local_tensor<vecin, f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = normal>, b = <gm, nd, f16, layout = normal>, c = <gm, nd, f32>>

// The mix form to UB is synchronous.
func.func @iterate_batch_ub_async(%c: !asc.local_tensor<vecin, f32>, %n: i32) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects sync = true with a local output}}
  asc.matmul.iterate_batch %mm, %c batch(%n, %n) {en_sequential_write = true, sync = false} : !mm, !asc.local_tensor<vecin, f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = normal>, b = <gm, nd, f16, layout = normal>, c = <gm, nd, f32>>

// The mix form to UB has no wait flag.
func.func @iterate_batch_ub_wait_flag(%c: !asc.local_tensor<vecin, f32>, %n: i32) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects no wait_iterate_batch with a local output}}
  asc.matmul.iterate_batch %mm, %c batch(%n, %n) {en_sequential_write = true, wait_iterate_batch = false} : !mm, !asc.local_tensor<vecin, f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = normal>, b = <gm, nd, f16, layout = normal>, c = <gm, nd, f32>>

// Only an async batch can be waited on (L7).
func.func @iterate_batch_sync_wait(%c: !asc.global_tensor<f32>, %n: i32) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects sync = false when wait_iterate_batch = true}}
  asc.matmul.iterate_batch %mm, %c batch(%n, %n) {wait_iterate_batch = true} : !mm, !asc.global_tensor<f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = normal>, b = <gm, nd, f16, layout = normal>, c = <gm, nd, f32>>

// The cube-only form writes GM.
func.func @iterate_batch_cube_ub(%c: !asc.local_tensor<vecin, f32>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects a global output in the cube-only form (without batch counts)}}
  asc.matmul.iterate_batch %mm, %c : !mm, !asc.local_tensor<vecin, f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = normal>, b = <gm, nd, f16, layout = normal>, c = <gm, nd, f32>>

// The cube-only form does not write sequentially.
func.func @iterate_batch_cube_sequential(%c: !asc.global_tensor<f32>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects en_sequential_write = false in the cube-only form}}
  asc.matmul.iterate_batch %mm, %c {en_sequential_write = true} : !mm, !asc.global_tensor<f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// Batch counts come in pairs.
func.func @iterate_batch_half_counts(%c: !asc.global_tensor<f32>, %n: i32) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects batchA and batchB together}}
  "asc.matmul.iterate_batch"(%mm, %c, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0>}> : (!mm, !asc.global_tensor<f32>, i32) -> ()
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// Strides come all three or not at all.
func.func @iterate_batch_strides(%c: !asc.global_tensor<f32>, %n: i32) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects the three matrix strides together}}
  "asc.matmul.iterate_batch"(%mm, %c, %n, %n, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0, 0>}> : (!mm, !asc.global_tensor<f32>, i32, i32, i32) -> ()
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, layout = bsngd>, c = <gm, nd, f32, layout = bsngd>, config = <norm, is_n_batch = true>>

// Only an async IterateNBatch can be waited on (L8).
func.func @iterate_n_batch_sync_wait(%n: i32) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects sync = false when wait_iterate_batch = true}}
  asc.matmul.iterate_n_batch %mm, %n, %n, %n {wait_iterate_batch = true} : !mm
  return
}

// -----

// GetBatchTensorC (rule L9) and AsyncGetTensorC.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// GetBatchTensorC has no synchronous form.
func.func @get_batch_tensor_c_sync(%n: i32) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects sync = false (get_batch_tensor_c has no synchronous form)}}
  %r = asc.matmul.get_batch_tensor_c %mm, %n, %n : !mm -> !asc.global_tensor<f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// GetBatchTensorC either returns the batch or copies it.
func.func @get_batch_tensor_c_both(%n: i32, %u: !asc.local_tensor<vecin, f32>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects either a destination or a result}}
  %r = asc.matmul.get_batch_tensor_c %mm, %n, %n into %u {sync = false} : !mm, !asc.local_tensor<vecin, f32> -> !asc.global_tensor<f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The batch result has C's element type.
func.func @get_batch_tensor_c_type(%n: i32) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects result element type 'f16' to match the Matmul C element type 'f32'}}
  %r = asc.matmul.get_batch_tensor_c %mm, %n, %n {sync = false} : !mm -> !asc.global_tensor<f16>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// AsyncGetTensorC fetches into the unified buffer.
func.func @async_get_tensor_c_position(%u: !asc.local_tensor<b1, f32>) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects destination to be a global tensor or a vecin, vecout, veccalc or tscm local tensor, got b1}}
  asc.matmul.async_get_tensor_c %mm, %u : !mm, !asc.local_tensor<b1, f32>
  return
}

// -----

// Waits need an async issue to complete (rule L10).

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// A wait with no issue at all.
func.func @wait_alone() {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{'asc.matmul.wait_iterate_all' op has no async issue to complete: no asynchronous 'asc.matmul.iterate_all' with wait_iterate_all = true and a global output on the same Matmul object comes before it}}
  asc.matmul.wait_iterate_all %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The only candidate is synchronous.
func.func @wait_after_sync(%c: !asc.global_tensor<f32>) {
  %mm = asc.matmul.create : !mm
  // expected-note @+1 {{this 'asc.matmul.iterate_all' cannot be waited on: it is synchronous}}
  asc.matmul.iterate_all %mm, %c : !mm, !asc.global_tensor<f32>
  // expected-error @+1 {{has no async issue to complete}}
  asc.matmul.wait_iterate_all %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The only candidate writes the unified buffer.
func.func @wait_after_ub(%c: !asc.local_tensor<vecout, f32>) {
  %mm = asc.matmul.create : !mm
  // expected-note @+1 {{this 'asc.matmul.iterate_all' cannot be waited on: it writes local memory}}
  asc.matmul.iterate_all %mm, %c {sync = false} : !mm, !asc.local_tensor<vecout, f32>
  // expected-error @+1 {{has no async issue to complete}}
  asc.matmul.wait_iterate_all %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The only candidate lacks the wait flag: nothing signals it, so no wait can
// complete it.
func.func @wait_without_flag(%c: !asc.global_tensor<f32>) {
  %mm = asc.matmul.create : !mm
  // expected-note @+1 {{this 'asc.matmul.iterate_all' cannot be waited on: it has no wait_iterate_all flag}}
  asc.matmul.iterate_all %mm, %c {sync = false} : !mm, !asc.global_tensor<f32>
  // expected-error @+1 {{has no async issue to complete}}
  asc.matmul.wait_iterate_all %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// Every candidate gets its own note.
func.func @wait_all_candidates(%c: !asc.global_tensor<f32>, %u: !asc.local_tensor<vecout, f32>) {
  %mm = asc.matmul.create : !mm
  // expected-note @+1 {{it is synchronous}}
  asc.matmul.iterate_all %mm, %c : !mm, !asc.global_tensor<f32>
  // expected-note @+1 {{it writes local memory}}
  asc.matmul.iterate_all %mm, %u {sync = false} : !mm, !asc.local_tensor<vecout, f32>
  // expected-note @+1 {{it has no wait_iterate_all flag}}
  asc.matmul.iterate_all %mm, %c {sync = false} : !mm, !asc.global_tensor<f32>
  // expected-error @+1 {{has no async issue to complete}}
  asc.matmul.wait_iterate_all %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The issue is made through one name of the object, the wait through
// another (a select of two objects): waits pair with the issues of their own
// value, and the note says so.
func.func @wait_through_select(%c: !asc.global_tensor<f32>, %d: !asc.global_tensor<f32>, %cond: i1) {
  %mm1 = asc.matmul.create : !mm
  %mm2 = asc.matmul.create : !mm
  asc.matmul.iterate_all %mm1, %c {sync = false, wait_iterate_all = true} : !mm, !asc.global_tensor<f32>
  asc.matmul.iterate_all %mm2, %d {sync = false, wait_iterate_all = true} : !mm, !asc.global_tensor<f32>
  // expected-note @+1 {{the wait's Matmul object is reached through the result of 'arith.select': a wait completes only the issues made through its own value; wait through the value the issue was made through}}
  %m = arith.select %cond, %mm1, %mm2 : !mm
  // expected-error @+1 {{has no async issue to complete}}
  asc.matmul.wait_iterate_all %m : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The same through a block argument.
func.func @wait_through_block_argument(%c: !asc.global_tensor<f32>, %cond: i1) {
  %mm1 = asc.matmul.create : !mm
  %mm2 = asc.matmul.create : !mm
  asc.matmul.iterate_all %mm1, %c {sync = false, wait_iterate_all = true} : !mm, !asc.global_tensor<f32>
  cf.cond_br %cond, ^bb1(%mm1 : !mm), ^bb1(%mm2 : !mm)
// expected-note @+1 {{the wait's Matmul object is reached through block argument #0}}
^bb1(%m: !mm):
  // expected-error @+1 {{has no async issue to complete}}
  asc.matmul.wait_iterate_all %m : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// An issue in one branch of an scf.if never runs before a wait in the
// other branch.
func.func @wait_in_other_branch(%c: !asc.global_tensor<f32>, %cond: i1) {
  %mm = asc.matmul.create : !mm
  scf.if %cond {
    // expected-note @+1 {{this 'asc.matmul.iterate_all' does not reach the wait: no path leads from it to the wait}}
    asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !asc.global_tensor<f32>
  } else {
    // expected-error @+1 {{has no async issue to complete}}
    asc.matmul.wait_iterate_all %mm : !mm
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The cf spelling of the same program gets the same answer: no path from
// the issue's block to the wait's.
func.func @wait_in_other_block(%c: !asc.global_tensor<f32>, %cond: i1) {
  %mm = asc.matmul.create : !mm
  cf.cond_br %cond, ^issue, ^wait
^issue:
  // expected-note @+1 {{this 'asc.matmul.iterate_all' does not reach the wait: no path leads from it to the wait}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !asc.global_tensor<f32>
  return
^wait:
  // expected-error @+1 {{has no async issue to complete}}
  asc.matmul.wait_iterate_all %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// A wait nested in a loop, with the issue after the loop.
func.func @wait_nested_before_issue(%c: !asc.global_tensor<f32>, %lb: index, %ub: index, %step: index) {
  %mm = asc.matmul.create : !mm
  scf.for %i = %lb to %ub step %step {
    // expected-error @+1 {{has no async issue to complete}}
    asc.matmul.wait_iterate_all %mm : !mm
  }
  // expected-note @+1 {{this 'asc.matmul.iterate_all' does not reach the wait: it comes after the wait}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !asc.global_tensor<f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// A wait on another object than the issue's.
func.func @wait_other_object(%c: !asc.global_tensor<f32>) {
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  asc.matmul.iterate_all %mm0, %c {sync = false, wait_iterate_all = true} : !mm, !asc.global_tensor<f32>
  // expected-error @+1 {{has no async issue to complete}}
  asc.matmul.wait_iterate_all %mm1 : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = normal>, b = <gm, nd, f16, layout = normal>, c = <gm, nd, f32>>

// WaitIterateAll does not complete an IterateBatch.
func.func @wait_wrong_kind(%c: !asc.global_tensor<f32>, %n: i32) {
  %mm = asc.matmul.create : !mm
  asc.matmul.iterate_batch %mm, %c batch(%n, %n) {sync = false, wait_iterate_batch = true} : !mm, !asc.global_tensor<f32>
  // expected-error @+1 {{has no async issue to complete}}
  asc.matmul.wait_iterate_all %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = normal>, b = <gm, nd, f16, layout = normal>, c = <gm, nd, f32>>

// WaitIterateBatch after a synchronous IterateBatch.
func.func @wait_batch_after_sync(%c: !asc.global_tensor<f32>, %n: i32) {
  %mm = asc.matmul.create : !mm
  // expected-note @+1 {{this 'asc.matmul.iterate_batch' cannot be waited on: it is synchronous}}
  asc.matmul.iterate_batch %mm, %c batch(%n, %n) : !mm, !asc.global_tensor<f32>
  // expected-error @+1 {{'asc.matmul.wait_iterate_batch' op has no async issue to complete: no asynchronous 'asc.matmul.iterate_batch' or 'asc.matmul.iterate_n_batch' with wait_iterate_batch = true and a global output on the same Matmul object comes before it}}
  asc.matmul.wait_iterate_batch %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, layout = bsngd>, c = <gm, nd, f32, layout = bsngd>, config = <norm, is_n_batch = true>>

// WaitIterateBatch after an IterateNBatch without the wait flag.
func.func @wait_n_batch_without_flag(%n: i32) {
  %mm = asc.matmul.create : !mm
  // expected-note @+1 {{this 'asc.matmul.iterate_n_batch' cannot be waited on: it has no wait_iterate_batch flag}}
  asc.matmul.iterate_n_batch %mm, %n, %n, %n {sync = false} : !mm
  // expected-error @+1 {{has no async issue to complete}}
  asc.matmul.wait_iterate_batch %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// WaitGetTensorC after a synchronous GetTensorC.
func.func @wait_get_tensor_c_after_sync(%u: !asc.local_tensor<vecin, f32>) {
  %mm = asc.matmul.create : !mm
  %more = asc.matmul.iterate %mm : !mm
  // expected-note @+1 {{this 'asc.matmul.get_tensor_c' cannot be waited on: it is synchronous}}
  asc.matmul.get_tensor_c %mm, %u : !mm, !asc.local_tensor<vecin, f32>
  // expected-error @+1 {{'asc.matmul.wait_get_tensor_c' op has no async issue to complete: no asynchronous 'asc.matmul.get_tensor_c' into local memory or returning the block, or 'asc.matmul.async_get_tensor_c', on the same Matmul object comes before it}}
  asc.matmul.wait_get_tensor_c %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// WaitGetTensorC after an async GetTensorC into GM, which is fire-and-forget:
// the server signals only a synchronous GetTensorC (L10).
func.func @wait_get_tensor_c_after_async_gm(%d: !asc.global_tensor<f32>) {
  %mm = asc.matmul.create : !mm
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  // expected-note @+1 {{this 'asc.matmul.get_tensor_c' cannot be waited on: it writes global memory, for which the server sends no signal}}
  asc.matmul.get_tensor_c %mm, %d {sync = false} : !mm, !asc.global_tensor<f32>
  // expected-error @+1 {{'asc.matmul.wait_get_tensor_c' op has no async issue to complete}}
  asc.matmul.wait_get_tensor_c %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16, layout = normal>, c = <gm, nd, f32>>

// IterateBatch in layout NONE: the server drops its message (L12).
func.func @iterate_batch_layout_none(%c: !asc.global_tensor<f32>, %n: i32) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects an A batch layout other than none (normal, bsngd, sbngd or bngs1s2): in layout none CANN's server drops the call and its client hangs}}
  asc.matmul.iterate_batch %mm, %c batch(%n, %n) : !mm, !asc.global_tensor<f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The cube-only form in layout NONE: MatmulImpl has no IterateBatch (L12).
func.func @iterate_batch_cube_layout_none(%pc: !asc.gm_addr) attributes {asc.kernel, asc.cube_only} {
  %c = asc.set_global_buffer %pc : !asc.global_tensor<f32>
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects an A batch layout other than none}}
  asc.matmul.iterate_batch %mm, %c : !mm, !asc.global_tensor<f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = normal>, b = <gm, nd, f16, layout = normal>, c = <gm, nd, f32, layout = bsngd>, config = <norm, is_n_batch = true>>

// IterateNBatch's static_assert rejects NORMAL input layouts (L12).
func.func @n_batch_normal_layout(%n: i32) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects A and B batch layouts bsngd, sbngd or bngs1s2, got normal and normal: IterateNBatch rejects none and normal at compile time}}
  asc.matmul.iterate_n_batch %mm, %n, %n, %n : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, layout = bsngd>, c = <gm, nd, f32>, config = <norm, is_n_batch = true>>

// C needs a batch layout too (L12).
func.func @n_batch_c_layout(%n: i32) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects a C batch layout other than none or normal, got none}}
  asc.matmul.iterate_n_batch %mm, %n, %n, %n : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, layout = bsngd>, c = <gm, nd, f32, layout = bngs1s2>>

// Without isNBatch in the config IterateNBatch returns at once (L12).
func.func @n_batch_no_config(%n: i32) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects a Matmul config with is_n_batch = true: without it IterateNBatch returns without computing}}
  asc.matmul.iterate_n_batch %mm, %n, %n, %n : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The mix-mode client has no SetBatchNum (L13).
func.func @batch_num_mix(%n: i32) attributes {asc.kernel} {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{'asc.matmul.set_batch_num' op expects a cube-only kernel ('asc.cube_only'): the call exists only on the cube-side Matmul object}}
  asc.matmul.set_batch_num %mm, %n, %n : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = normal>, b = <gm, nd, f16, layout = normal>, c = <gm, nd, f32>>

// The cube-only IterateBatch form (no batch counts) is not on the mix-mode
// client (L13).
func.func @cube_iterate_batch_mix(%p: !asc.gm_addr) attributes {asc.kernel} {
  %mm = asc.matmul.create : !mm
  %c = asc.set_global_buffer %p : !asc.global_tensor<f32>
  // expected-error @+1 {{expects a cube-only kernel ('asc.cube_only'): IterateBatch without batch counts (the cube-only form) exists only on the cube-side Matmul object}}
  asc.matmul.iterate_batch %mm, %c : !mm, !asc.global_tensor<f32>
  return
}

// -----

// A MatmulConfig field asc does not know is refused by name.
// expected-error @+1 {{unknown MatmulConfig field 'enable_everything'}}
func.func private @config_unknown_field() attributes {config = #asc.matmul_config<norm, enable_everything = true>}

// -----

// A MatmulConfig field is set once.
// expected-error @+1 {{duplicate 'basic_m'}}
func.func private @config_field_twice() attributes {config = #asc.matmul_config<norm, basic_m = 1, basic_m = 2>}

// -----

// A boolean field takes true or false.
// expected-error @+1 {{expects true or false for 'enable_ub_reuse'}}
func.func private @config_bool_field() attributes {config = #asc.matmul_config<norm, enable_ub_reuse = 1>}

// -----

// An enum field takes one of its enumerators.
// expected-error @+1 {{expects one of none, batch_less_than_l1, batch_large_than_l1, single_large_than_l1 for 'batch_mode'}}
func.func private @config_enum_field() attributes {config = #asc.matmul_config<norm, batch_mode = large>}

// -----

// iterate_mode is a uint8_t.
// expected-error @+1 {{'iterate_mode' is at most 255}}
func.func private @config_uint8_field() attributes {config = #asc.matmul_config<norm, iterate_mode = 256>}

// -----

// A TCubeTiling built in the kernel names each member once.
func.func @tiling_member_twice(%m: i32) attributes {asc.kernel} {
  // expected-error @+1 {{'asc.tiling.create' op sets TCubeTiling member 'baseM' twice}}
  %t = asc.tiling.create(baseM = %m, M = %m, baseM = %m)
  return
}

// -----

// A member name is one of CANN's TCubeTiling.
func.func @tiling_unknown_member(%m: i32) attributes {asc.kernel} {
  // expected-error @+1 {{for a field of TCubeTiling, got: trans_length}}
  %t = asc.tiling.create(trans_length = %m)
  return
}

// -----

// LocalTensor(pos, addr, tileSize) starts on a 32-byte block
// (CreateTensor in kernel_tensor_impl.h).
func.func @local_tensor_unaligned() attributes {asc.kernel} {
  %c16 = arith.constant 16 : i32
  %c512 = arith.constant 512 : i32
  // expected-error @+1 {{'asc.local_tensor.create' op expects an address on a 32-byte block, got 16}}
  %x = asc.local_tensor.create %c16, %c512 : !asc.local_tensor<vecin, f16>
  return
}

// -----

// ... and holds whole 32-byte blocks: 8 halves are 16 bytes.
func.func @local_tensor_partial_block() attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  // expected-error @+1 {{'asc.local_tensor.create' op expects a length of whole 32-byte blocks, got 8 elements of 'f16'}}
  %x = asc.local_tensor.create %c0, %c8 : !asc.local_tensor<vecin, f16>
  return
}

// -----

// ... and at least one.
func.func @local_tensor_empty() attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{'asc.local_tensor.create' op expects a length of whole 32-byte blocks, got 0 elements of 'f32'}}
  %x = asc.local_tensor.create %c0, %c0 : !asc.local_tensor<vecout, f32>
  return
}

// -----

// CrossCoreSetFlag fires once one pipe has drained: not PIPE_S or PIPE_ALL
// (CANN's CrossCoreSetFlag documentation).
func.func @cross_core_set_on_scalar_pipe(%id: i32) {
  // expected-error @+1 {{'asc.cross_core_set_flag' op expects the pipe whose work the flag publishes (pipe_v, pipe_m, pipe_mte1, pipe_mte2, pipe_mte3 or pipe_fix), got pipe_s}}
  asc.cross_core_set_flag mode 2, pipe_s, %id
  return
}

// -----

// Flag ids are 0 to 15 in modes 0, 1 and 2.
func.func @cross_core_flag_out_of_range() {
  %id = arith.constant 16 : i32
  // expected-error @+1 {{'asc.cross_core_wait_flag' op expects a flag id from 0 to 15, got 16}}
  asc.cross_core_wait_flag %id
  return
}

// -----

// The modes are 0, 1 and 2 (Atlas A2).
func.func @cross_core_mode(%id: i32) {
  // expected-error @+1 {{'asc.cross_core_set_flag' op attribute 'mode' failed to satisfy constraint}}
  asc.cross_core_set_flag mode 4, pipe_fix, %id
  return
}

// -----

// An API call states its effects through its operands: an object would
// hide what it does to the protocol.
func.func @api_call_with_object(%q: !asc.queue<vecin, 1>) {
  // expected-error @+1 {{'asc.api_call' op expects tensors and scalars as operands, got '!asc.queue<vecin, 1>' at operand 0}}
  asc.api_call "AscendC::Foo"(%q) on pipe_v : (!asc.queue<vecin, 1>) -> ()
  return
}

// -----

func.func @api_call_writes_a_scalar(%t: !asc.local_tensor<vecin, f32>, %n: i32) {
  // expected-error @+1 {{'asc.api_call' op writes operand 1, which is not a tensor}}
  asc.api_call "AscendC::Exp"(%t, %n) on pipe_v writes [1] : (!asc.local_tensor<vecin, f32>, i32) -> ()
  return
}

// -----

func.func @api_call_writes_past_its_operands(%t: !asc.local_tensor<vecin, f32>) {
  // expected-error @+1 {{'asc.api_call' op writes operand 3, but it has 1 operands}}
  asc.api_call "AscendC::Exp"(%t) on pipe_v writes [3] : (!asc.local_tensor<vecin, f32>) -> ()
  return
}

// -----

func.func @api_call_not_a_name(%t: !asc.local_tensor<vecin, f32>) {
  // expected-error @+1 {{'asc.api_call' op expects a C++ function name as its callee, got 'Exp(); system'}}
  asc.api_call "Exp(); system"(%t) on pipe_v : (!asc.local_tensor<vecin, f32>) -> ()
  return
}

// -----

func.func @api_call_on_the_cube_pipe(%t: !asc.local_tensor<vecin, f32>) {
  // expected-error @+1 {{'asc.api_call' op expects the vector core's pipe_s, pipe_v, pipe_mte2 or pipe_mte3, got pipe_fix}}
  asc.api_call "AscendC::Exp"(%t) on pipe_fix : (!asc.local_tensor<vecin, f32>) -> ()
  return
}

// -----

// GetSize is the local tensor's: a global tensor has no asc.local_tensor.get_size.
func.func @get_size_of_global(%g: !asc.global_tensor<f32>) {
  // expected-error @+1 {{'asc.local_tensor.get_size' op operand #0 must be}}
  %n = "asc.local_tensor.get_size"(%g) : (!asc.global_tensor<f32>) -> i32
  return
}

// -----

// A scalar written into a local tensor has the tensor's element type.
func.func @set_value_local_type(%t: !asc.local_tensor<vecin, f32>, %i: i64, %v: f16) {
  // expected-error @+1 {{'asc.set_value' op failed to verify that value is the element type of the tensor}}
  "asc.set_value"(%t, %i, %v) : (!asc.local_tensor<vecin, f32>, i64, f16) -> ()
  return
}
