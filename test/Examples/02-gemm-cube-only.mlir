// RUN: asc-opt %examples/02-gemm-cube-only.mlir | FileCheck %s
// RUN: asc-opt %examples/02-gemm-cube-only.mlir | asc-opt | FileCheck %s

// Cube-only GEMM: a cube-only kernel registering in its top-level block
// without a tiling, then init; the computation under scf.if on asc.is_aic;
// SetBias guarded by tiling.isBias; synchronous IterateAll.

// CHECK-LABEL: func.func @matmul_cube_only(
// CHECK-SAME: %{{[^:]*}}: !asc.gm_addr {asc.workspace}
// CHECK-SAME: attributes {asc.cube_only, asc.kernel}
// CHECK: %[[PIPE:.*]] = asc.pipe.create
// CHECK-NEXT: %[[TILING:.*]] = asc.get_tiling
// CHECK-NEXT: %[[MM:.*]] = asc.matmul.create : !matmul
// CHECK-NEXT: %[[WS:.*]] = asc.get_sys_workspace_ptr
// CHECK-NEXT: asc.matmul.register %[[PIPE]], %[[WS]], %[[MM]] : !matmul
// CHECK-NEXT: asc.matmul.init %[[MM]], %[[TILING]] : !matmul
// CHECK-NEXT: %[[IS_AIC:.*]] = asc.is_aic
// CHECK-NEXT: scf.if %[[IS_AIC]] {
// CHECK: %[[BIAS:.*]] = asc.set_global_buffer %{{.*}}[%{{.*}}] : !asc.global_tensor<f32>
// CHECK-NEXT: %[[C:.*]] = asc.set_global_buffer %{{.*}}[%{{.*}}] : !asc.global_tensor<f32>
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM]], %{{.*}} {is_transpose = false} : !matmul, !asc.global_tensor<f16>
// CHECK-NEXT: asc.matmul.set_tensor_b %[[MM]], %{{.*}} {is_transpose = true} : !matmul, !asc.global_tensor<f16>
// CHECK-NEXT: %[[IS_BIAS_I32:.*]] = asc.tiling.get %[[TILING]][{{ *}}isBias]
// CHECK-NEXT: %[[IS_BIAS:.*]] = arith.cmpi ne, %[[IS_BIAS_I32]], %{{.*}} : i32
// CHECK-NEXT: scf.if %[[IS_BIAS]] {
// CHECK-NEXT: asc.matmul.set_bias %[[MM]], %[[BIAS]] : !matmul, !asc.global_tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: asc.matmul.iterate_all %[[MM]], %[[C]] : !matmul, !asc.global_tensor<f32>
// CHECK-NEXT: asc.matmul.end %[[MM]] : !matmul
// CHECK-NEXT: }
// CHECK-NEXT: return
