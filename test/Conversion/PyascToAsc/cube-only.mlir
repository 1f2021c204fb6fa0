// RUN: asc-opt %s --convert-pyasc-to-asc="cube-only=true" | FileCheck %s

// A kernel pyasc traced with matmul_cube_only=True: asc.cube_only, no
// cross-core flag in the prologue, `if ascend_is_aic()` (always true there)
// gone so that REGIST_MATMUL_OBJ is in the kernel's top-level block, and the
// cube-only IterateBatch without batch counts (NORMAL layout: A, B, C are
// MatmulType<..., LayoutMode::NORMAL>).

!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 4 : i32, gm, 0 : i32, f16, false, 4 : i32, gm, 0 : i32, f32, false, 4 : i32, gm, 0 : i32, f32, <do_norm = true, batch_mode = 1 : i32, enable_ub_reuse = true>>

// The cube-only kernel. CANN's cube-only REGIST_MATMUL_OBJ drops its
// workspace argument (InitCurObj(tpipe, objects...)): the argument is not
// the Matmul's workspace, and the registration names the system one.
// CHECK-LABEL: func.func @cube_only
// CHECK-SAME: (%{{[^:]*}}: !asc.gm_addr, %[[WS:[^:]*]]: !asc.gm_addr, %{{[^:]*}}: i32, %{{[^:]*}}: !asc.gm_addr)
// CHECK-SAME: attributes {asc.cube_only, asc.kernel}
// CHECK-NEXT: asc.set_ffts_base_addr
// CHECK-NOT: asc.ffts_cross_core_sync
// CHECK-NOT: scf.if
// CHECK: %[[SYS:.*]] = asc.get_sys_workspace_ptr
// CHECK-NEXT: asc.matmul.register %{{.*}}, %[[SYS]], %{{.*}} : !matmul
// The cube-side object takes scalar inputs (a mix kernel's client cannot
// send them: Dialect/Asc/invalid.mlir).
// CHECK: asc.matmul.set_tensor_a %{{.*}}, %{{.*}} : !matmul, f16
// CHECK-NEXT: asc.matmul.set_tensor_b %{{.*}}, %{{.*}} : !matmul, f16
// CHECK: asc.matmul.set_batch_num %{{.*}}, %{{.*}}, %{{.*}} :
// CHECK: asc.matmul.iterate_batch %{{.*}}, %{{.*}} strides(%{{.*}}, %{{.*}}, %{{.*}}) {en_partial_sum = false} :
func.func @cube_only(%c: memref<?xf32, 22>, %ws: memref<?xui8, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %aic = ascendc.ascend_is_aic : i1
  scf.if %aic {
    %gc = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %gc, %c : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %pipe = ascendc.pipe
    %mm = ascendc.construct !mm()
    ascendc.regist_matmul_obj %pipe, %ws, %mm : !ascendc.pipe, memref<?xui8, 22>, !mm
    %false = arith.constant false
    %c0_i8 = arith.constant 0 : i8
    %h = arith.constant 1.0 : f16
    ascendc.matmul.set_tensor_a_scalar %mm, %h : !mm, f16
    ascendc.matmul.set_tensor_b_scalar %mm, %h : !mm, f16
    ascendc.matmul.set_batch_num %mm, %n, %n : !mm, i32, i32
    ascendc.matmul.iterate_batch_cube_only %mm, %gc, %false, %c0_i8, %false, %n, %n, %n : !mm, !ascendc.global_tensor<*xf32>, i1, i8, i1, i32, i32, i32
    ascendc.matmul.end %mm : !mm
  }
  return
}
