// RUN: asc-opt %s | asc-opt | FileCheck %s
// RUN: asc-opt %s --mlir-print-op-generic | asc-opt | FileCheck %s

// Round trip of every op and type of the pyasc mirror in pyasc's printed
// syntax (what codegen.mlir of PYASC_DUMP_PATH holds).

!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, veccalc, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, basic_m = 0 : i32, enable_ub_reuse = false>>

// The Matmul type keeps pyasc's integer formats and layouts; the config its
// fields in MatmulConfig's order.
// CHECK-LABEL: func.func @objects
// CHECK-SAME: (%[[A:.*]]: memref<?xf16, 22>, %[[T:.*]]: memref<?x!ascendc.cube_tiling, 22>, %[[WS:.*]]: memref<?xui8, 22>)
// CHECK: %[[TILING:.*]] = emitasc.copy_struct %[[T]] : memref<?x!ascendc.cube_tiling, 22>, !ascendc.cube_tiling
// CHECK: emitasc.member %[[TILING]] "baseM" : !ascendc.cube_tiling, i32
// CHECK: ascendc.get_block_idx : i32
// CHECK: ascendc.get_block_num : i32
// CHECK: ascendc.ascend_is_aic : i1
// CHECK: ascendc.ascend_is_aiv : i1
// CHECK: %[[OFF:.*]] = emitasc.ptr_offset %[[A]][%{{.*}}] : memref<?xf16, 22>, memref<?xf16, 22>
// CHECK: %[[G:.*]] = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
// CHECK: ascendc.global_tensor.set_global_buffer %[[G]], %[[OFF]] : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
// CHECK: ascendc.global_tensor.subindex %[[G]][%{{.*}}] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
// CHECK: %[[PIPE:.*]] = ascendc.pipe
// CHECK: %[[MM:.*]] = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, true, 0 : i32, veccalc, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, basic_m = 0 : i32, enable_ub_reuse = false>>()
// CHECK: ascendc.construct !ascendc.matmul_config(%{{.*}}) [i1] constexpr static : i1
// CHECK: ascendc.regist_matmul_obj %[[PIPE]], %[[WS]], %[[MM]], %[[TILING]]
// CHECK: ascendc.pipe_barrier pipe_all
// CHECK: "emitc.constant"() <{value = #emitc.opaque<"::AscendC::DEFAULT_C0_SIZE">}> : () -> i32
func.func @objects(%a: memref<?xf16, 22>, %t: memref<?x!ascendc.cube_tiling, 22>, %ws: memref<?xui8, 22>) attributes {ascendc.aicore, ascendc.global} {
  %tiling = emitasc.copy_struct %t : memref<?x!ascendc.cube_tiling, 22>, !ascendc.cube_tiling
  %base_m = emitasc.member %tiling "baseM" : !ascendc.cube_tiling, i32
  %idx = ascendc.get_block_idx : i32
  %num = ascendc.get_block_num : i32
  %aic = ascendc.ascend_is_aic : i1
  %aiv = ascendc.ascend_is_aiv : i1
  %i = arith.index_cast %idx : i32 to index
  %p = emitasc.ptr_offset %a[%i] : memref<?xf16, 22>, memref<?xf16, 22>
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %g, %p : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %sub = ascendc.global_tensor.subindex %g[%idx] : !ascendc.global_tensor<*xf16>, i32, !ascendc.global_tensor<*xf16>
  %pipe = ascendc.pipe
  %mm = ascendc.construct !mm()
  %true = arith.constant true
  %cfg = ascendc.construct !ascendc.matmul_config(%true) [i1] constexpr static : i1
  ascendc.regist_matmul_obj %pipe, %ws, %mm, %tiling : !ascendc.pipe, memref<?xui8, 22>, !mm, !ascendc.cube_tiling
  ascendc.pipe_barrier pipe_all
  %c0 = "emitc.constant"() <{value = #emitc.opaque<"::AscendC::DEFAULT_C0_SIZE">}> : () -> i32
  return
}

// Queues and local tensors (which pyasc prints without a position), data
// copies and LeakyRelu.
// CHECK-LABEL: func.func @queues
// CHECK: %[[Q:.*]] = ascendc.queue : <vecout, 1>
// CHECK: ascendc.pipe.init_queue %{{.*}}, %[[Q]], %{{.*}}, %{{.*}} : !ascendc.queue<vecout, 1>, i32, i32
// CHECK: %[[L:.*]] = ascendc.que_bind.alloc_tensor %[[Q]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
// CHECK: ascendc.leaky_relu_l2 %[[L]], %[[L]], %{{.*}}, %{{.*}} {isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32
// CHECK: ascendc.que_bind.enque_tensor %[[Q]], %[[L]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
// CHECK: %[[D:.*]] = ascendc.que_bind.deque_tensor %[[Q]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
// CHECK: %[[P:.*]] = ascendc.construct !ascendc.data_copy_params(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) [ui16, ui16, ui16, ui16] : i32, i32, i32, i32
// CHECK: ascendc.data_copy_l0 %{{.*}}, %[[D]], %[[P]] : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.data_copy_params
// CHECK: ascendc.data_copy_l2 %{{.*}}, %[[D]], %{{.*}} : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
// CHECK: ascendc.que_bind.free_tensor %[[Q]], %[[D]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
func.func @queues(%c: !ascendc.global_tensor<*xf32>, %alpha: f32, %n: i32) {
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecout, 1>
  %c1 = arith.constant 1 : i32
  ascendc.pipe.init_queue %pipe, %q, %c1, %n : !ascendc.queue<vecout, 1>, i32, i32
  %l = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  ascendc.leaky_relu_l2 %l, %l, %alpha, %n {isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32
  ascendc.que_bind.enque_tensor %q, %l : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  %params = ascendc.construct !ascendc.data_copy_params(%n, %n, %n, %n) [ui16, ui16, ui16, ui16] : i32, i32, i32, i32
  ascendc.data_copy_l0 %c, %d, %params : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.data_copy_params
  ascendc.data_copy_l2 %c, %d, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  return
}

// Every Matmul call, flags as SSA operands as pyasc passes them.
// CHECK-LABEL: func.func @matmul_calls
// CHECK: ascendc.matmul.init %[[MM:[^,]*]], %{{.*}} : !ascendc.matmul
// CHECK: ascendc.matmul.set_tensor_a %[[MM]], %{{.*}}, %{{.*}} : !ascendc.matmul
// CHECK: ascendc.matmul.set_tensor_b %[[MM]], %{{.*}}, %{{.*}} : !ascendc.matmul
// CHECK: ascendc.matmul.set_tensor_a_scalar %[[MM]], %{{.*}} : !ascendc.matmul
// CHECK: ascendc.matmul.set_tensor_b_scalar %[[MM]], %{{.*}} : !ascendc.matmul
// CHECK: ascendc.matmul.set_bias %[[MM]], %{{.*}} : !ascendc.matmul
// CHECK: ascendc.matmul.disable_bias %[[MM]] : !ascendc.matmul
// CHECK: ascendc.matmul.set_tail %[[MM]], %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.matmul
// CHECK: ascendc.matmul.set_org_shape %[[MM]], %{{.*}}, %{{.*}}, %{{.*}} {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0>} : !ascendc.matmul
// CHECK: ascendc.matmul.set_single_shape %[[MM]], %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.matmul
// CHECK: ascendc.matmul.set_workspace %[[MM]], %{{.*}} : !ascendc.matmul
// CHECK: ascendc.matmul.set_hf32 %[[MM]], %{{.*}}, %{{.*}} : !ascendc.matmul
// CHECK: ascendc.matmul.set_batch_num %[[MM]], %{{.*}}, %{{.*}} : !ascendc.matmul
// CHECK: ascendc.matmul.set_quant_scalar %[[MM]], %{{.*}} : !ascendc.matmul
// CHECK: ascendc.matmul.set_quant_vector %[[MM]], %{{.*}} : !ascendc.matmul
// CHECK: ascendc.matmul.iterate %[[MM]], %[[F:[^,]*]], %[[T:[^ ]*]] : !ascendc.matmul{{.*}}, i1, i1, i1{{$}}
// CHECK: ascendc.matmul.iterate %[[MM]], %[[F]], %[[T]], %{{.*}} : !ascendc.matmul{{.*}}, i1, i1, !ascendc.local_tensor<*xf32>, i1{{$}}
// CHECK: ascendc.matmul.get_tensor_c %[[MM]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.matmul
// CHECK: ascendc.matmul.get_tensor_c_return %[[MM]], %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.matmul{{.*}}, i8, i1, i1, !ascendc.global_tensor<*xf32>
// CHECK: ascendc.matmul.iterate_all %[[MM]], %{{.*}} {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1>} : !ascendc.matmul
// CHECK: ascendc.matmul.wait_iterate_all %[[MM]] : !ascendc.matmul
// CHECK: ascendc.matmul.iterate_batch %[[MM]], {{.*}} {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>} : !ascendc.matmul
// CHECK: ascendc.matmul.iterate_batch_cube_only %[[MM]], {{.*}} : !ascendc.matmul
// CHECK: ascendc.matmul.wait_iterate_batch %[[MM]] : !ascendc.matmul
// CHECK: ascendc.matmul.iterate_n_batch %[[MM]], {{.*}} : !ascendc.matmul
// CHECK: ascendc.matmul.get_batch_tensor_c %[[MM]], {{.*}} : !ascendc.matmul{{.*}}, i32, i32, i1, i1, !ascendc.global_tensor<*xf32>
// CHECK: ascendc.matmul.get_batch_tensor_c_local_mem %[[MM]], {{.*}} : !ascendc.matmul
// CHECK: ascendc.matmul.wait_get_tensor_c %[[MM]] : !ascendc.matmul
// CHECK: ascendc.matmul.async_get_tensor_c %[[MM]], %{{.*}} : !ascendc.matmul
// CHECK: ascendc.matmul.end %[[MM]] : !ascendc.matmul
func.func @matmul_calls(%mm: !mm, %tiling: !ascendc.cube_tiling, %a: !ascendc.global_tensor<*xf16>, %c: !ascendc.global_tensor<*xf32>, %l: !ascendc.local_tensor<*xf32>, %n: i32, %s: i64) {
  %false = arith.constant false
  %true = arith.constant true
  %c0_i8 = arith.constant 0 : i8
  %h = arith.constant 1.0 : f16
  ascendc.matmul.init %mm, %tiling : !mm, !ascendc.cube_tiling
  ascendc.matmul.set_tensor_a %mm, %a, %false : !mm, !ascendc.global_tensor<*xf16>, i1
  ascendc.matmul.set_tensor_b %mm, %a, %true : !mm, !ascendc.global_tensor<*xf16>, i1
  ascendc.matmul.set_tensor_a_scalar %mm, %h : !mm, f16
  ascendc.matmul.set_tensor_b_scalar %mm, %h : !mm, f16
  ascendc.matmul.set_bias %mm, %c : !mm, !ascendc.global_tensor<*xf32>
  ascendc.matmul.disable_bias %mm : !mm
  ascendc.matmul.set_tail %mm, %n, %n, %n : !mm, i32, i32, i32
  ascendc.matmul.set_org_shape %mm, %n, %n, %n {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0>} : !mm, i32, i32, i32
  ascendc.matmul.set_single_shape %mm, %n, %n, %n : !mm, i32, i32, i32
  ascendc.matmul.set_workspace %mm, %c : !mm, !ascendc.global_tensor<*xf32>
  ascendc.matmul.set_hf32 %mm, %true, %n : !mm, i1, i32
  ascendc.matmul.set_batch_num %mm, %n, %n : !mm, i32, i32
  ascendc.matmul.set_quant_scalar %mm, %s : !mm, i64
  ascendc.matmul.set_quant_vector %mm, %c : !mm, !ascendc.global_tensor<*xf32>
  %more = ascendc.matmul.iterate %mm, %false, %true : !mm, i1, i1, i1
  %more2 = ascendc.matmul.iterate %mm, %false, %true, %l : !mm, i1, i1, !ascendc.local_tensor<*xf32>, i1
  ascendc.matmul.get_tensor_c %mm, %l, %c0_i8, %false, %true : !mm, !ascendc.local_tensor<*xf32>, i8, i1, i1
  %blk = ascendc.matmul.get_tensor_c_return %mm, %c0_i8, %false, %false : !mm, i8, i1, i1, !ascendc.global_tensor<*xf32>
  ascendc.matmul.iterate_all %mm, %c, %c0_i8, %false, %true, %false, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1>} : !mm, !ascendc.global_tensor<*xf32>, i8, i1, i1, i1, i1
  ascendc.matmul.wait_iterate_all %mm : !mm
  ascendc.matmul.iterate_batch %mm, %c, %n, %n, %false, %n, %n, %n, %false, %c0_i8, %false, %true {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>} : !mm, !ascendc.global_tensor<*xf32>, i32, i32, i1, i32, i32, i32, i1, i8, i1, i1
  ascendc.matmul.iterate_batch_cube_only %mm, %c, %false, %c0_i8, %false, %n, %n, %n : !mm, !ascendc.global_tensor<*xf32>, i1, i8, i1, i32, i32, i32
  ascendc.matmul.wait_iterate_batch %mm : !mm
  ascendc.matmul.iterate_n_batch %mm, %n, %n, %n, %false, %n, %n, %n, %false, %true : !mm, i32, i32, i32, i1, i32, i32, i32, i1, i1
  %bt = ascendc.matmul.get_batch_tensor_c %mm, %n, %n, %false, %false : !mm, i32, i32, i1, i1, !ascendc.global_tensor<*xf32>
  ascendc.matmul.get_batch_tensor_c_local_mem %mm, %l, %n, %n, %false, %false : !mm, !ascendc.local_tensor<*xf32>, i32, i32, i1, i1
  ascendc.matmul.wait_get_tensor_c %mm : !mm
  ascendc.matmul.async_get_tensor_c %mm, %l : !mm, !ascendc.local_tensor<*xf32>
  ascendc.matmul.end %mm : !mm
  return
}

// The callbacks' values (a GM pointer, or a ui64 as pyasc makes an int),
// the sparse index, a workspace by address and size, a compile-time tiling
// (pyasc's get_matmul_api_tiling) and a QuantConfig.
// CHECK-LABEL: func.func @configuration
// CHECK: ascendc.matmul.set_self_define_data %[[MM:[^,]*]], %[[A:[^ ]*]] : !ascendc.matmul{{.*}}, memref<?xf16, 22>
// CHECK: ascendc.matmul.set_self_define_data %[[MM]], %{{.*}} : !ascendc.matmul{{.*}}, ui64
// CHECK: ascendc.matmul.set_user_def_info %[[MM]], %[[A]] : !ascendc.matmul{{.*}}, memref<?xf16, 22>
// CHECK: ascendc.matmul.set_sparse_index %[[MM]], %{{.*}} : !ascendc.matmul{{.*}}, !ascendc.global_tensor<*xui8>
// CHECK: ascendc.matmul.set_workspace %[[MM]], %{{.*}}, %{{.*}} : !ascendc.matmul{{.*}}, memref<?xui8, 22>, i32
// CHECK: %[[CFG:.*]] = ascendc.construct !ascendc.matmul_config
// CHECK: ascendc.get_matmul_api_tiling %[[CFG]], %{{.*}} {matmulType = !ascendc.matmul<{{.*}}>} : !ascendc.matmul_config, i32
// CHECK: ascendc.construct !ascendc.ascend_quant_config(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) [ui32, ui32, ui32, ui32] constexpr static : i32, i32, i32, i32
func.func @configuration(%mm: !mm, %a: memref<?xf16, 22>, %ws: memref<?xui8, 22>, %x: !ascendc.global_tensor<*xui8>, %n: i32) {
  ascendc.matmul.set_self_define_data %mm, %a : !mm, memref<?xf16, 22>
  %d = "emitc.constant"() <{value = 7 : ui64}> : () -> ui64
  ascendc.matmul.set_self_define_data %mm, %d : !mm, ui64
  ascendc.matmul.set_user_def_info %mm, %a : !mm, memref<?xf16, 22>
  ascendc.matmul.set_sparse_index %mm, %x : !mm, !ascendc.global_tensor<*xui8>
  ascendc.matmul.set_workspace %mm, %ws, %n : !mm, memref<?xui8, 22>, i32
  %false = arith.constant false
  %cfg = ascendc.construct !ascendc.matmul_config(%false) [i1] constexpr static : i1
  %l1 = arith.constant 524288 : i32
  %t = ascendc.get_matmul_api_tiling %cfg, %l1 {matmulType = !mm} : !ascendc.matmul_config, i32
  %qc = ascendc.construct !ascendc.ascend_quant_config(%n, %n, %n, %n) [ui32, ui32, ui32, ui32] constexpr static : i32, i32, i32, i32
  return
}

// What a kernel builds itself: a TCubeTiling from its members (pyasc's
// TCubeTiling(...) constructor, with an API constant), and local tensors at
// fixed addresses (LocalTensor(dtype, pos, addr, tile_size)), whose ui32
// operands pyasc prints as emitc constants.
// CHECK-LABEL: func.func @in_kernel_objects
// CHECK: %[[TILING:.*]] = ascendc.construct !ascendc.cube_tiling()
// CHECK: %[[C24:.*]] = arith.constant 24 : i32
// CHECK: emitasc.set_member %[[TILING]] "usedCoreNum", %[[C24]] : !ascendc.cube_tiling, i32
// CHECK: %[[L1:.*]] = "emitc.constant"() <{value = #emitc.opaque<"::AscendC::TOTAL_L1_SIZE">}> : () -> i32
// CHECK: emitasc.set_member %[[TILING]] "shareL1Size", %[[L1]] : !ascendc.cube_tiling, i32
// CHECK: %[[ADDR:.*]] = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
// CHECK: %[[LEN:.*]] = "emitc.constant"() <{value = 512 : ui32}> : () -> ui32
// CHECK: ascendc.local_tensor_v2 vecin, %[[ADDR]], %[[LEN]] : !ascendc.local_tensor<*xf16>
// CHECK: ascendc.local_tensor_v2 co1, %[[ADDR]], %[[LEN]] : !ascendc.local_tensor<*xf32>
func.func @in_kernel_objects() attributes {ascendc.aicore, ascendc.global} {
  %0 = ascendc.construct !ascendc.cube_tiling()
  %c24_i32 = arith.constant 24 : i32
  emitasc.set_member %0 "usedCoreNum", %c24_i32 : !ascendc.cube_tiling, i32
  %1 = "emitc.constant"() <{value = #emitc.opaque<"::AscendC::TOTAL_L1_SIZE">}> : () -> i32
  emitasc.set_member %0 "shareL1Size", %1 : !ascendc.cube_tiling, i32
  %2 = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
  %3 = "emitc.constant"() <{value = 512 : ui32}> : () -> ui32
  %4 = ascendc.local_tensor_v2 vecin, %2, %3 : !ascendc.local_tensor<*xf16>
  %5 = ascendc.local_tensor_v2 co1, %2, %3 : !ascendc.local_tensor<*xf32>
  return
}

// The position the import gives a local tensor prints after its element
// type; pyasc never prints it.
// CHECK-LABEL: func.func private @positioned
// CHECK-SAME: !ascendc.local_tensor<*xf32, vecout>
// CHECK-SAME: !ascendc.matmul_api_static_tiling, !ascendc.ascend_quant_config)
func.func private @positioned(!ascendc.local_tensor<*xf32, vecout>, !ascendc.local_tensor<?xf16>, !ascendc.global_tensor<4x512xf32>, !emitasc.py_struct<"S", [i32], ["x"]>, !ascendc.batch_mode, !ascendc.iterate_order, !ascendc.schedule_type, !ascendc.batch_out_mode, !ascendc.matmul_api_static_tiling, !ascendc.ascend_quant_config)
