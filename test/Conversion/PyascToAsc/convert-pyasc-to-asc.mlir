// RUN: asc-opt %s --convert-pyasc-to-asc -split-input-file | FileCheck %s
// RUN: asc-opt %s --convert-pyasc-to-asc="ffts-prologue=false" -split-input-file | FileCheck %s --check-prefix=NOFFTS

// Every op of the pyasc mirror, written as pyasc prints it, and what it
// becomes in asc.

!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, batch_mode = 1 : i32, enable_ub_reuse = false, iterate_order = 2 : i32>>

// The kernel: GM pointers become !asc.gm_addr, the tiling pointer is read
// once, the workspace REGIST_MATMUL_OBJ takes is marked, a helper is inlined
// (its branch on a constant argument decided), object-style GlobalTensors
// with their pointer offsets become asc.set_global_buffer values, and
// pyasc's launch ABI is added: the ffts_addr argument and the prologue.
// CHECK: ![[MMT:matmul[0-9]*]] = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16, transposed>, c = <gm, nd, f32>, bias = <gm, nd, f32>, config = <norm, enable_ub_reuse = false>>
// CHECK-LABEL: func.func @kernel
// CHECK-SAME: (%[[A:[^:]*]]: !asc.gm_addr, %[[C:[^:]*]]: !asc.gm_addr, %[[T:[^:]*]]: !asc.gm_addr, %[[WS:[^:]*]]: !asc.gm_addr {asc.workspace}, %[[FFTS:[^:]*]]: !asc.gm_addr) attributes {asc.kernel} {
// CHECK-NEXT: asc.set_ffts_base_addr %[[FFTS]]
// CHECK-NEXT: %[[AIC:.*]] = asc.is_aic
// CHECK-NEXT: scf.if %[[AIC]] {
// CHECK-NEXT:   asc.ffts_cross_core_sync pipe_mte3, 3873
// CHECK-NEXT: }
// CHECK: %[[TILING:.*]] = asc.get_tiling %[[T]]
// CHECK: %[[IDX:.*]] = asc.get_block_idx
// CHECK: %[[BM:.*]] = asc.tiling.get %[[TILING]][baseM]
// pyasc's C++ computes an i32 as int32_t (nsw) and spells index as
// uint32_t: the offset reaches 64 bits zero-extended.
// CHECK: %[[OFF:.*]] = arith.muli %{{.*}} overflow<nsw> : i32
// CHECK: %[[IDX32:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK-NEXT: %[[OFF64:.*]] = arith.extui %[[IDX32]] : i32 to i64
// CHECK: %[[GA:.*]] = asc.set_global_buffer %[[A]][%[[OFF64]]] : !asc.global_tensor<f16>
// CHECK: %[[GC:.*]] = asc.set_global_buffer %[[C]] : !asc.global_tensor<f32>
// CHECK: %[[PIPE:.*]] = asc.pipe.create
// CHECK: %[[MM:.*]] = asc.matmul.create : ![[MMT]]
// CHECK-NOT: matmul_config
// CHECK: asc.matmul.register %[[PIPE]], %[[WS]], %[[MM]] tiling %[[TILING]]
// CHECK: asc.matmul.set_tensor_a %[[MM]], %[[GA]] {is_transpose = false} :
// CHECK: asc.matmul.set_tensor_b %[[MM]], %[[GA]] {is_transpose = true} :
// CHECK: asc.matmul.iterate_all %[[MM]], %[[GC]] {en_sequential_write = false, fake_msg = false, sync = false, wait_iterate_all = true}
// CHECK: asc.matmul.wait_iterate_all %[[MM]]
// CHECK: asc.matmul.end %[[MM]]
// CHECK: asc.pipe_barrier pipe_all
// NOFFTS-LABEL: func.func @kernel
// NOFFTS-SAME: %{{[^:]*}}: !asc.gm_addr {asc.workspace}) attributes {asc.kernel} {
// NOFFTS-NOT: ffts
func.func @offset(%t: !ascendc.cube_tiling, %transposed: i1) -> i32 attributes {ascendc.aicore} {
  %idx = ascendc.get_block_idx : i32
  %bm = emitasc.member %t "baseM" : !ascendc.cube_tiling, i32
  %off = arith.muli %idx, %bm : i32
  %r = scf.if %transposed -> (i32) {
    scf.yield %bm : i32
  } else {
    scf.yield %off : i32
  }
  return %r : i32
}
func.func @kernel(%a: memref<?xf16, 22>, %c: memref<?xf32, 22>, %t: memref<?x!ascendc.cube_tiling, 22>, %ws: memref<?xui8, 22>) attributes {ascendc.aicore, ascendc.global} {
  %tiling = emitasc.copy_struct %t : memref<?x!ascendc.cube_tiling, 22>, !ascendc.cube_tiling
  %false = arith.constant false
  %off = call @offset(%tiling, %false) : (!ascendc.cube_tiling, i1) -> i32
  %i = arith.index_cast %off : i32 to index
  %pa = emitasc.ptr_offset %a[%i] : memref<?xf16, 22>, memref<?xf16, 22>
  %ga = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %ga, %pa : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %gc = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gc, %c : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %true = arith.constant true
  %cfg = ascendc.construct !ascendc.matmul_config(%true) [i1] constexpr static : i1
  %mm = ascendc.construct !mm()
  ascendc.regist_matmul_obj %pipe, %ws, %mm, %tiling : !ascendc.pipe, memref<?xui8, 22>, !mm, !ascendc.cube_tiling
  ascendc.matmul.set_tensor_a %mm, %ga, %false : !mm, !ascendc.global_tensor<*xf16>, i1
  ascendc.matmul.set_tensor_b %mm, %ga, %true : !mm, !ascendc.global_tensor<*xf16>, i1
  %c0_i8 = arith.constant 0 : i8
  ascendc.matmul.iterate_all %mm, %gc, %c0_i8, %false, %true, %false, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1>} : !mm, !ascendc.global_tensor<*xf32>, i8, i1, i1, i1, i1
  ascendc.matmul.wait_iterate_all %mm : !mm
  ascendc.matmul.end %mm : !mm
  ascendc.pipe_barrier pipe_all
  return
}

// -----

!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, veccalc, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, batch_mode = 1 : i32, enable_ub_reuse = true>>

// The Iterate loop with a queue: local tensors take the queue's position,
// DataCopyParams become the copy's params, DEFAULT_C0_SIZE its value, a
// subindex an asc.subview; the config equal to GetNormalConfig() is <norm>.
// CHECK: ![[MMT:matmul[0-9]*]] = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <veccalc, nd, f32>, bias = <gm, nd, f32>, config = <norm>>
// CHECK-LABEL: func.func @iterate_loop
// CHECK: %[[C32:.*]] = arith.constant 32 : i32
// CHECK: %[[Q:.*]] = asc.queue.create : !asc.queue<vecout, 1>
// CHECK: asc.pipe.init_buffer %{{.*}}, %[[Q]], %{{.*}}, %{{.*}} : !asc.queue<vecout, 1>
// CHECK: asc.matmul.create : ![[MMT]]
// CHECK: scf.while
// CHECK: %[[MORE:.*]] = asc.matmul.iterate %{{.*}} :
// CHECK-NEXT: scf.condition(%[[MORE]])
// CHECK: %[[L:.*]] = asc.queue.alloc_tensor %[[Q]] : !asc.queue<vecout, 1> -> !asc.local_tensor<vecout, f32>
// CHECK: asc.matmul.get_tensor_c %{{.*}}, %[[L]] {en_sequential_write = true} :
// CHECK: asc.leaky_relu %[[L]], %[[L]], %{{.*}}, %{{.*}} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecout, f32>
// CHECK: asc.queue.enque %[[Q]], %[[L]]
// CHECK: %[[D:.*]] = asc.queue.deque %[[Q]] : !asc.queue<vecout, 1> -> !asc.local_tensor<vecout, f32>
// CHECK: arith.divsi %{{.*}}, %[[C32]] : i32
// CHECK: %[[SUB:.*]] = asc.subview %{{.*}}[%{{.*}}] : !asc.global_tensor<f32>
// CHECK: asc.data_copy %[[SUB]], %[[D]] params(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// CHECK: asc.data_copy %[[SUB]], %[[D]], %{{.*}} :
// CHECK: asc.queue.free_tensor %[[Q]], %[[D]]
func.func @iterate_loop(%c: memref<?xf32, 22>, %alpha: f32, %t: memref<?x!ascendc.cube_tiling, 22>, %ws: memref<?xui8, 22>) attributes {ascendc.aicore, ascendc.global} {
  %tiling = emitasc.copy_struct %t : memref<?x!ascendc.cube_tiling, 22>, !ascendc.cube_tiling
  %gc = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gc, %c : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecout, 1>
  %c1 = arith.constant 1 : i32
  %bm = emitasc.member %tiling "baseM" : !ascendc.cube_tiling, i32
  ascendc.pipe.init_queue %pipe, %q, %c1, %bm : !ascendc.queue<vecout, 1>, i32, i32
  %mm = ascendc.construct !mm()
  ascendc.regist_matmul_obj %pipe, %ws, %mm, %tiling : !ascendc.pipe, memref<?xui8, 22>, !mm, !ascendc.cube_tiling
  %c0 = arith.constant 0 : i32
  %false = arith.constant false
  %true = arith.constant true
  %c0_i8 = arith.constant 0 : i8
  %n = scf.while (%count = %c0) : (i32) -> i32 {
    %more = ascendc.matmul.iterate %mm, %false, %true : !mm, i1, i1, i1
    scf.condition(%more) %count : i32
  } do {
  ^bb0(%count: i32):
    %l = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.matmul.get_tensor_c %mm, %l, %c0_i8, %true, %true : !mm, !ascendc.local_tensor<*xf32>, i8, i1, i1
    ascendc.leaky_relu_l2 %l, %l, %alpha, %bm {isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32
    ascendc.que_bind.enque_tensor %q, %l : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %c0_size = "emitc.constant"() <{value = #emitc.opaque<"::AscendC::DEFAULT_C0_SIZE">}> : () -> i32
    %len = arith.divsi %bm, %c0_size : i32
    %params = ascendc.construct !ascendc.data_copy_params(%bm, %len, %c0, %c0) [ui16, ui16, ui16, ui16] : i32, i32, i32, i32
    %sub = ascendc.global_tensor.subindex %gc[%count] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l0 %sub, %d, %params : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.data_copy_params
    ascendc.data_copy_l2 %sub, %d, %bm : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %next = arith.addi %count, %c1 : i32
    scf.yield %next : i32
  }
  ascendc.matmul.end %mm : !mm
  return
}

// -----

!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 2 : i32, gm, 0 : i32, f16, false, 2 : i32, gm, 0 : i32, f32, false, 4 : i32, gm, 0 : i32, f32, <do_norm = true, is_n_batch = true, batch_mode = 1 : i32, enable_ub_reuse = true>>

// Every other Matmul call: pyasc's layout codes (2 BSNGD, 4 BNGS1S2), the
// batch calls with their flags as attributes, setters with i32 operands.
// CHECK: ![[MMT:matmul[0-9]*]] = !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, layout = bsngd>, c = <gm, nd, f32, layout = bngs1s2>, bias = <gm, nd, f32>, config = <norm, is_n_batch = true>>
// CHECK-LABEL: func.func @matmul_calls
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
// CHECK: %[[MM:.*]] = asc.matmul.create : ![[MMT]]
// CHECK: asc.matmul.init %[[MM]], %{{.*}} :
// CHECK: asc.matmul.set_bias %[[MM]], %{{.*}} :
// CHECK: asc.matmul.disable_bias %[[MM]] :
// CHECK: asc.matmul.set_tail %[[MM]], %{{.*}}, %{{.*}}, %{{.*}} :
// CHECK: asc.matmul.set_org_shape %[[MM]], %[[N:[^,]*]], %[[N]], %[[N]] :
// CHECK: asc.matmul.set_org_shape %[[MM]], %[[N]], %[[N]], %[[N]], %[[N]], %[[C0]] :
// CHECK: asc.matmul.set_org_shape %[[MM]], %[[N]], %[[N]], %[[N]], %[[N]], %[[N]] :
// CHECK: asc.matmul.set_single_shape %[[MM]], %{{.*}}, %{{.*}}, %{{.*}} :
// CHECK: asc.matmul.set_workspace %[[MM]], %{{.*}} :
// CHECK: asc.matmul.set_hf32 %[[MM]] {enable_hf32 = true, trans_mode = 1 : i32} :
// CHECK: asc.matmul.set_quant_scalar %[[MM]], %{{.*}} :
// CHECK: asc.matmul.set_quant_vector %[[MM]], %{{.*}} :
// CHECK: asc.matmul.iterate_n_batch %[[MM]], %{{.*}}, %{{.*}}, %{{.*}} strides(%{{.*}}, %{{.*}}, %{{.*}}) {sync = false, wait_iterate_batch = true}
// CHECK: asc.matmul.wait_iterate_batch %[[MM]]
// CHECK: %{{.*}} = asc.matmul.get_batch_tensor_c %[[MM]], %{{.*}}, %{{.*}} {sync = false} : !{{.*}} -> !asc.global_tensor<f32>
// CHECK: asc.matmul.get_batch_tensor_c %[[MM]], %{{.*}}, %{{.*}} into %{{.*}} {sync = false}
// CHECK: asc.matmul.iterate_batch %[[MM]], %{{.*}} batch(%{{.*}}, %{{.*}}) strides(%{{.*}}, %{{.*}}, %{{.*}}) {en_partial_sum = false, sync = false, wait_iterate_batch = true}
// CHECK: asc.matmul.wait_iterate_batch %[[MM]]
// CHECK: %{{.*}} = asc.matmul.get_tensor_c %[[MM]] {sync = false} : !{{.*}} -> !asc.global_tensor<f32>
// CHECK: asc.matmul.wait_get_tensor_c %[[MM]]
// CHECK: asc.matmul.async_get_tensor_c %[[MM]], %{{.*}} :
// CHECK: asc.matmul.end %[[MM]]
func.func @matmul_calls(%a: memref<?xf16, 22>, %c: memref<?xf32, 22>, %q8: memref<?xui64, 22>, %t: memref<?x!ascendc.cube_tiling, 22>, %ws: memref<?xui8, 22>, %n: i32, %s: i64) attributes {ascendc.aicore, ascendc.global} {
  %tiling = emitasc.copy_struct %t : memref<?x!ascendc.cube_tiling, 22>, !ascendc.cube_tiling
  %gc = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gc, %c : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %gq = ascendc.global_tensor : !ascendc.global_tensor<*xui64>
  ascendc.global_tensor.set_global_buffer %gq, %q8 : !ascendc.global_tensor<*xui64>, memref<?xui64, 22>
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  %mm = ascendc.construct !mm()
  ascendc.regist_matmul_obj %pipe, %ws, %mm : !ascendc.pipe, memref<?xui8, 22>, !mm
  %false = arith.constant false
  %true = arith.constant true
  %c1 = arith.constant 1 : i32
  %c0_i8 = arith.constant 0 : i8
  ascendc.matmul.init %mm, %tiling : !mm, !ascendc.cube_tiling
  ascendc.matmul.set_bias %mm, %gc : !mm, !ascendc.global_tensor<*xf32>
  ascendc.matmul.disable_bias %mm : !mm
  ascendc.matmul.set_tail %mm, %n, %n, %n : !mm, i32, i32, i32
  ascendc.matmul.set_org_shape %mm, %n, %n, %n {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0>} : !mm, i32, i32, i32
  ascendc.matmul.set_org_shape %mm, %n, %n, %n, %n {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0>} : !mm, i32, i32, i32, i32
  ascendc.matmul.set_org_shape %mm, %n, %n, %n, %n, %n {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1>} : !mm, i32, i32, i32, i32, i32
  ascendc.matmul.set_single_shape %mm, %n, %n, %n : !mm, i32, i32, i32
  ascendc.matmul.set_workspace %mm, %gc : !mm, !ascendc.global_tensor<*xf32>
  ascendc.matmul.set_hf32 %mm, %true, %c1 : !mm, i1, i32
  ascendc.matmul.set_quant_scalar %mm, %s : !mm, i64
  ascendc.matmul.set_quant_vector %mm, %gq : !mm, !ascendc.global_tensor<*xui64>
  ascendc.matmul.iterate_n_batch %mm, %n, %n, %n, %false, %n, %n, %n, %false, %true : !mm, i32, i32, i32, i1, i32, i32, i32, i1, i1
  ascendc.matmul.wait_iterate_batch %mm : !mm
  %bt = ascendc.matmul.get_batch_tensor_c %mm, %n, %n, %false, %false : !mm, i32, i32, i1, i1, !ascendc.global_tensor<*xf32>
  %l = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  ascendc.matmul.get_batch_tensor_c_local_mem %mm, %l, %n, %n, %false, %false : !mm, !ascendc.local_tensor<*xf32>, i32, i32, i1, i1
  ascendc.matmul.iterate_batch %mm, %gc, %n, %n, %false, %n, %n, %n, %false, %c0_i8, %false, %true {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>} : !mm, !ascendc.global_tensor<*xf32>, i32, i32, i1, i32, i32, i32, i1, i8, i1, i1
  ascendc.matmul.wait_iterate_batch %mm : !mm
  %blk = ascendc.matmul.get_tensor_c_return %mm, %c0_i8, %false, %false : !mm, i8, i1, i1, !ascendc.global_tensor<*xf32>
  ascendc.matmul.wait_get_tensor_c %mm : !mm
  ascendc.matmul.async_get_tensor_c %mm, %l : !mm, !ascendc.local_tensor<*xf32>
  ascendc.matmul.end %mm : !mm
  return
}

// -----

!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, co1, 1 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, batch_mode = 1 : i32, enable_ub_reuse = true>>

// Iterate into a CO1 local tensor: pyasc prints it after the sync flag.
// CHECK-LABEL: func.func @iterate_local_c
// CHECK: %[[ACC:.*]] = asc.queue.alloc_tensor %{{.*}} : !asc.queue<co1, 1> -> !asc.local_tensor<co1, f32>
// CHECK: asc.matmul.iterate %{{.*}} local_c %[[ACC]] {en_partial_sum = true} :
func.func @iterate_local_c(%ws: memref<?xui8, 22>) attributes {ascendc.aicore, ascendc.global} {
  %pipe = ascendc.pipe
  %co1 = ascendc.queue : <co1, 1>
  %mm = ascendc.construct !mm()
  ascendc.regist_matmul_obj %pipe, %ws, %mm : !ascendc.pipe, memref<?xui8, 22>, !mm
  %true = arith.constant true
  %acc = ascendc.que_bind.alloc_tensor %co1 : !ascendc.queue<co1, 1>, !ascendc.local_tensor<*xf32>
  %more = ascendc.matmul.iterate %mm, %true, %true, %acc : !mm, i1, i1, !ascendc.local_tensor<*xf32>, i1
  ascendc.matmul.end %mm : !mm
  return
}

// -----

!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, <do_norm = true, batch_mode = 1 : i32, enable_ub_reuse = false>>

// A TCubeTiling built in the kernel (pyasc's TCubeTiling(...) constructor)
// becomes one asc.tiling.create of the members set, in their order, where
// the last one is set; a member set twice keeps its last value; the API
// constants are their Atlas A2 values. Local tensors at fixed addresses
// (LocalTensor(dtype, pos, addr, tile_size)) keep their position, and
// pyasc's unsigned literals become signless constants.
// CHECK-LABEL: func.func @in_kernel_objects
// CHECK-DAG: %[[C24:.*]] = arith.constant 24 : i32
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : i32
// CHECK-DAG: %[[L1:.*]] = arith.constant 524160 : i32
// CHECK-DAG: %[[L0C:.*]] = arith.constant 131072 : i32
// CHECK-DAG: %[[ADDR:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[LEN:.*]] = arith.constant 512 : i32
// CHECK: %[[TILING:.*]] = asc.tiling.create(usedCoreNum = %[[C24]], baseM = %[[C64]], shareL1Size = %[[L1]], shareL0CSize = %[[L0C]]){{$}}
// CHECK-NEXT: asc.matmul.init %{{.*}}, %[[TILING]] :
// CHECK-NEXT: %[[X:.*]] = asc.local_tensor.create %[[ADDR]], %[[LEN]] : !asc.local_tensor<vecin, f16>
// CHECK-NEXT: asc.matmul.get_tensor_c %{{.*}}, %[[X]] : !{{.*}}, !asc.local_tensor<vecin, f16>
func.func @in_kernel_objects(%ws: memref<?xui8, 22>) attributes {ascendc.aicore, ascendc.global} {
  %pipe = ascendc.pipe
  %mm = ascendc.construct !mm()
  ascendc.regist_matmul_obj %pipe, %ws, %mm : !ascendc.pipe, memref<?xui8, 22>, !mm
  %0 = ascendc.construct !ascendc.cube_tiling()
  %c24_i32 = arith.constant 24 : i32
  emitasc.set_member %0 "usedCoreNum", %c24_i32 : !ascendc.cube_tiling, i32
  %c32_i32 = arith.constant 32 : i32
  emitasc.set_member %0 "baseM", %c32_i32 : !ascendc.cube_tiling, i32
  %1 = "emitc.constant"() <{value = #emitc.opaque<"::AscendC::TOTAL_L1_SIZE">}> : () -> i32
  emitasc.set_member %0 "shareL1Size", %1 : !ascendc.cube_tiling, i32
  %2 = "emitc.constant"() <{value = #emitc.opaque<"::AscendC::TOTAL_L0C_SIZE">}> : () -> i32
  emitasc.set_member %0 "shareL0CSize", %2 : !ascendc.cube_tiling, i32
  %c64_i32 = arith.constant 64 : i32
  emitasc.set_member %0 "baseM", %c64_i32 : !ascendc.cube_tiling, i32
  ascendc.matmul.init %mm, %0 : !mm, !ascendc.cube_tiling
  %3 = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
  %4 = "emitc.constant"() <{value = 512 : ui32}> : () -> ui32
  %x = ascendc.local_tensor_v2 vecin, %3, %4 : !ascendc.local_tensor<*xf16>
  %true = arith.constant true
  %false = arith.constant false
  %c0_i8 = arith.constant 0 : i8
  ascendc.matmul.get_tensor_c %mm, %x, %c0_i8, %false, %true : !mm, !ascendc.local_tensor<*xf16>, i8, i1, i1
  ascendc.matmul.end %mm : !mm
  return
}

// -----

!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, <do_norm = true, batch_mode = 1 : i32, enable_ub_reuse = false>>

// The callbacks' values (asc ops: SetSelfDefineData stages, SetUserDefInfo
// posts), a GM pointer or an integer (pyasc's ui64) as CANN's uint64_t; a
// workspace by address and size, a GlobalTensor<uint8_t> of that many bytes
// over the address; a UB bias for the GM bias part (the client copies it to
// GM); and what has no effect disappears: get_matmul_api_tiling (pyasc
// returns nothing of it) with its MatmulConfig, an unused QuantConfig.
// CHECK-LABEL: func.func @configuration
// CHECK-SAME: (%[[A:[^:]*]]: !asc.gm_addr, %[[WS:[^:]*]]: !asc.gm_addr {asc.workspace}
// CHECK: %[[D:.*]] = arith.constant 7 : i64
// CHECK: %[[MM:.*]] = asc.matmul.create
// CHECK: asc.matmul.set_self_define_data %[[MM]], %[[A]] : !{{.*}}, !asc.gm_addr
// CHECK: asc.matmul.set_self_define_data %[[MM]], %[[D]] : !{{.*}}, i64
// CHECK: asc.matmul.set_user_def_info %[[MM]], %[[A]] : !{{.*}}, !asc.gm_addr
// CHECK: %[[N64:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK: %[[BYTES:.*]] = asc.set_global_buffer %[[WS]], %[[N64]] : !asc.global_tensor<ui8>
// CHECK: asc.matmul.set_workspace %[[MM]], %[[BYTES]] : !{{.*}}, !asc.global_tensor<ui8>
// CHECK: %[[BIAS:.*]] = asc.local_tensor.create %{{.*}}, %{{.*}} : !asc.local_tensor<vecin, f16>
// CHECK: asc.matmul.set_bias %[[MM]], %[[BIAS]] : !{{.*}}, !asc.local_tensor<vecin, f16>
// CHECK-NOT: get_matmul_api_tiling
// CHECK-NOT: quant_config
// CHECK: asc.matmul.end %[[MM]]
func.func @configuration(%a: memref<?xf16, 22>, %ws: memref<?xui8, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %pipe = ascendc.pipe
  %mm = ascendc.construct !mm()
  ascendc.regist_matmul_obj %pipe, %ws, %mm : !ascendc.pipe, memref<?xui8, 22>, !mm
  ascendc.matmul.set_self_define_data %mm, %a : !mm, memref<?xf16, 22>
  %d = "emitc.constant"() <{value = 7 : ui64}> : () -> ui64
  ascendc.matmul.set_self_define_data %mm, %d : !mm, ui64
  ascendc.matmul.set_user_def_info %mm, %a : !mm, memref<?xf16, 22>
  ascendc.matmul.set_workspace %mm, %ws, %n : !mm, memref<?xui8, 22>, i32
  %0 = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
  %1 = "emitc.constant"() <{value = 512 : ui32}> : () -> ui32
  %bias = ascendc.local_tensor_v2 vecin, %0, %1 : !ascendc.local_tensor<*xf16>
  ascendc.matmul.set_bias %mm, %bias : !mm, !ascendc.local_tensor<*xf16>
  %false = arith.constant false
  %cfg = ascendc.construct !ascendc.matmul_config(%false) [i1] constexpr static : i1
  %l1 = "emitc.constant"() <{value = #emitc.opaque<"::AscendC::TOTAL_L1_SIZE">}> : () -> i32
  %t = ascendc.get_matmul_api_tiling %cfg, %l1 {matmulType = !mm} : !ascendc.matmul_config, i32
  %c512 = arith.constant 512 : i32
  %qc = ascendc.construct !ascendc.ascend_quant_config(%c512, %c512, %c512, %c512) [ui32, ui32, ui32, ui32] constexpr static : i32, i32, i32, i32
  ascendc.matmul.end %mm : !mm
  return
}
