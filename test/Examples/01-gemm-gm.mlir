// RUN: asc-opt %examples/01-gemm-gm.mlir | FileCheck %s
// RUN: asc-opt %examples/01-gemm-gm.mlir | asc-opt | FileCheck %s
// RUN: asc-opt %examples/01-gemm-gm.mlir | FileCheck %s --check-prefix=NOWAIT

// Mix-mode GEMM to GM: synchronous IterateAll, no wait, End, PipeBarrier.

// Nothing is ever pending, so no wait anywhere in the kernel.
// NOWAIT-NOT: asc.matmul.wait

// CHECK-LABEL: func.func @matmul_custom(
// CHECK-SAME: attributes {asc.kernel}
// CHECK: %[[PIPE:.*]] = asc.pipe.create
// CHECK: %[[TILING:.*]] = asc.get_tiling
// CHECK: %[[BLOCK:.*]] = asc.get_block_idx
// CHECK: %[[C:.*]] = asc.set_global_buffer %{{.*}}[%{{.*}}] : !asc.global_tensor<f32>
// CHECK: %[[MM:.*]] = asc.matmul.create : !matmul
// CHECK-NEXT: %[[WS:.*]] = asc.get_sys_workspace_ptr
// CHECK-NEXT: asc.matmul.register %[[PIPE]], %[[WS]], %[[MM]] tiling %[[TILING]] : !matmul
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM]], %{{.*}} : !matmul, !asc.global_tensor<f16>
// CHECK-NEXT: asc.matmul.set_tensor_b %[[MM]], %{{.*}} : !matmul, !asc.global_tensor<f16>
// CHECK-NEXT: scf.if %{{.*}} {
// CHECK-NEXT: asc.matmul.set_tail %[[MM]], %{{.*}}, %{{.*}}, %{{.*}} : !matmul
// CHECK-NEXT: }
// CHECK-NEXT: asc.matmul.iterate_all %[[MM]], %[[C]] : !matmul, !asc.global_tensor<f32>
// CHECK-NEXT: asc.matmul.end %[[MM]] : !matmul
// CHECK-NEXT: asc.pipe_barrier pipe_all
// CHECK-NEXT: return
