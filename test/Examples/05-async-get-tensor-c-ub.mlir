// RUN: asc-opt %examples/05-async-get-tensor-c-ub.mlir | FileCheck %s
// RUN: asc-opt %examples/05-async-get-tensor-c-ub.mlir | asc-opt | FileCheck %s

// Registration before InitBuffer; an async Iterate loop with an async
// GetTensorC into a VECOUT buffer and its WaitGetTensorC right before the
// Muls that reads the buffer.

// CHECK-LABEL: func.func @matmul_scale_async_custom(
// CHECK-SAME: attributes {asc.kernel}
// CHECK: %[[Y:.*]] = asc.set_global_buffer %{{.*}}[%{{.*}}] : !asc.global_tensor<f32>
// CHECK: %[[WS:.*]] = asc.set_global_buffer %{{.*}}[%{{.*}}], %{{.*}} : !asc.global_tensor<f32>
// CHECK-NEXT: %[[MM:.*]] = asc.matmul.create : !matmul
// CHECK: asc.matmul.register %{{.*}}, %{{.*}}, %[[MM]] tiling %{{.*}} : !matmul
// CHECK-NEXT: %[[QUE:.*]] = asc.queue.create : !asc.queue<vecout, 2>
// CHECK: asc.pipe.init_buffer
// CHECK-NEXT: asc.matmul.set_workspace %[[MM]], %[[WS]] : !matmul, !asc.global_tensor<f32>
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM]]
// CHECK-NEXT: asc.matmul.set_tensor_b %[[MM]]
// CHECK: scf.while (%{{.*}} = %{{.*}}) : (i32) -> i32 {
// CHECK-NEXT: %[[MORE:.*]] = asc.matmul.iterate %[[MM]] {sync = false} : !matmul
// CHECK-NEXT: scf.condition(%[[MORE]])
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%{{.*}}: i32):
// CHECK-NEXT: %[[T:.*]] = asc.queue.alloc_tensor %[[QUE]] : !asc.queue<vecout, 2> -> !asc.local_tensor<vecout, f32>
// CHECK-NEXT: asc.matmul.get_tensor_c %[[MM]], %[[T]] {en_sequential_write = true, sync = false} : !matmul, !asc.local_tensor<vecout, f32>
// CHECK-NOT: asc.muls
// CHECK: asc.matmul.wait_get_tensor_c %[[MM]] : !matmul
// CHECK-NEXT: asc.muls %[[T]], %[[T]], %{{.*}}, %{{.*}} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecout, f32>{{$}}
// CHECK-NEXT: asc.queue.enque %[[QUE]], %[[T]]
// CHECK-NEXT: %[[OUT:.*]] = asc.queue.deque %[[QUE]]
// CHECK-NEXT: %[[BLK:.*]] = asc.subview %[[Y]][%{{.*}}] : !asc.global_tensor<f32>
// CHECK-NEXT: asc.data_copy %[[BLK]], %[[OUT]] params(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>
// CHECK-NEXT: asc.queue.free_tensor %[[QUE]], %[[OUT]]
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: asc.matmul.end %[[MM]] : !matmul
// CHECK-NEXT: return
