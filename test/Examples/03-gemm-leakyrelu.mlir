// RUN: asc-opt %examples/03-gemm-leakyrelu.mlir | FileCheck %s
// RUN: asc-opt %examples/03-gemm-leakyrelu.mlir | asc-opt | FileCheck %s
// RUN: asc-opt %examples/03-gemm-leakyrelu.mlir | FileCheck %s --check-prefix=NOWAIT

// GEMM + LeakyReLU: `while (mm.Iterate())` as scf.while, a synchronous
// GetTensorC into a VECOUT queue buffer, LeakyRelu, strided DataCopy to C.

// Every call is synchronous, so no wait anywhere in the kernel.
// NOWAIT-NOT: asc.matmul.wait

// CHECK: {{^}}![[$MM_T:matmul[0-9]*]] = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <veccalc, nd, f32>, bias = <gm, nd, f32>>
// CHECK-LABEL: func.func @matmul_leakyrelu_custom(
// CHECK-SAME: attributes {asc.kernel}
// CHECK: %[[PIPE:.*]] = asc.pipe.create
// CHECK: %[[MM:.*]] = asc.matmul.create : ![[$MM_T]]
// CHECK: asc.matmul.register %[[PIPE]], %{{.*}}, %[[MM]] tiling %{{.*}} : ![[$MM_T]]
// CHECK: %[[BIAS:.*]] = asc.set_global_buffer %{{.*}}[%{{.*}}] : !asc.global_tensor<f32>
// CHECK-NEXT: %[[C:.*]] = asc.set_global_buffer %{{.*}}[%{{.*}}] : !asc.global_tensor<f32>
// CHECK-NEXT: %[[QUE:.*]] = asc.queue.create : !asc.queue<vecout, 1>
// CHECK: asc.pipe.init_buffer %[[PIPE]], %[[QUE]], %{{.*}}, %{{.*}} : !asc.queue<vecout, 1>
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM]], %{{.*}} : ![[$MM_T]], !asc.global_tensor<f16>
// CHECK-NEXT: asc.matmul.set_tensor_b %[[MM]], %{{.*}} : ![[$MM_T]], !asc.global_tensor<f16>
// CHECK-NEXT: asc.matmul.set_bias %[[MM]], %[[BIAS]] : ![[$MM_T]], !asc.global_tensor<f32>
// CHECK: scf.while (%{{.*}} = %{{.*}}) : (i32) -> i32 {
// CHECK-NEXT: %[[MORE:.*]] = asc.matmul.iterate %[[MM]] : ![[$MM_T]]
// CHECK-NEXT: scf.condition(%[[MORE]])
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[ROUND:.*]]: i32):
// CHECK-NEXT: %[[T:.*]] = asc.queue.alloc_tensor %[[QUE]] : !asc.queue<vecout, 1> -> !asc.local_tensor<vecout, f32>
// CHECK-NEXT: asc.matmul.get_tensor_c %[[MM]], %[[T]] {en_sequential_write = true} : ![[$MM_T]], !asc.local_tensor<vecout, f32>
// CHECK-NEXT: asc.leaky_relu %[[T]], %[[T]], %{{.*}}, %{{.*}} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecout, f32>{{$}}
// CHECK-NEXT: asc.queue.enque %[[QUE]], %[[T]]
// CHECK-NEXT: %[[OUT:.*]] = asc.queue.deque %[[QUE]]
// CHECK: %[[BLK:.*]] = asc.subview %[[C]][%{{.*}}] : !asc.global_tensor<f32>
// CHECK-NEXT: asc.data_copy %[[BLK]], %[[OUT]] params(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>
// CHECK-NEXT: asc.queue.free_tensor %[[QUE]], %[[OUT]]
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[ROUND]], %{{.*}} : i32
// CHECK-NEXT: scf.yield %[[NEXT]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: asc.matmul.end %[[MM]] : ![[$MM_T]]
// CHECK-NEXT: return
