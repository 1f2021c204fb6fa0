// RUN: asc-opt %examples/05-async-get-tensor-c-ub.mlir | FileCheck %s
// RUN: asc-opt %examples/05-async-get-tensor-c-ub.mlir | asc-opt | FileCheck %s
// RUN: asc-opt %examples/05-async-get-tensor-c-ub.mlir | FileCheck %s --check-prefix=UNREAD

// Registration before InitBuffer; the documented async fetch: one async
// Iterate whose answer nobody reads, then a loop counted over the blocks with
// an async GetTensorC into a VECIN buffer and its WaitGetTensorC right before
// the Muls that reads the buffer into a VECOUT one.

// CHECK-LABEL: func.func @matmul_scale_async_custom(
// CHECK-SAME: attributes {asc.kernel}
// CHECK: %[[Y:.*]] = asc.set_global_buffer %{{.*}}[%{{.*}}] : !asc.global_tensor<f32>
// CHECK: %[[WS:.*]] = asc.set_global_buffer %{{.*}}[%{{.*}}], %{{.*}} : !asc.global_tensor<f32>
// CHECK-NEXT: %[[MM:.*]] = asc.matmul.create : !matmul
// CHECK: asc.matmul.register %{{.*}}, %{{.*}}, %[[MM]] tiling %{{.*}} : !matmul
// CHECK-NEXT: %[[IN:.*]] = asc.queue.create : !asc.queue<vecin, 2>
// CHECK-NEXT: %[[QUE:.*]] = asc.queue.create : !asc.queue<vecout, 2>
// CHECK: asc.pipe.init_buffer %{{.*}}, %[[IN]]
// CHECK-NEXT: asc.pipe.init_buffer %{{.*}}, %[[QUE]]
// CHECK-NEXT: asc.matmul.set_workspace %[[MM]], %[[WS]] : !matmul, !asc.global_tensor<f32>
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM]]
// CHECK-NEXT: asc.matmul.set_tensor_b %[[MM]]
// CHECK: %{{.*}} = asc.matmul.iterate %[[MM]] {sync = false} : !matmul
// CHECK-NEXT: %[[ROUND_N:.*]] = arith.divsi %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %[[BLOCKS:.*]] = arith.muli %{{.*}}, %[[ROUND_N]] : i32
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[BLOCKS]] step %{{.*}} : i32 {
// CHECK-NEXT: %[[T:.*]] = asc.queue.alloc_tensor %[[IN]] : !asc.queue<vecin, 2> -> !asc.local_tensor<vecin, f32>
// CHECK-NEXT: asc.matmul.get_tensor_c %[[MM]], %[[T]] {en_sequential_write = true, sync = false} : !matmul, !asc.local_tensor<vecin, f32>
// CHECK-NOT: asc.muls
// CHECK: %[[R:.*]] = asc.queue.alloc_tensor %[[QUE]] : !asc.queue<vecout, 2> -> !asc.local_tensor<vecout, f32>
// CHECK-NEXT: asc.matmul.wait_get_tensor_c %[[MM]] : !matmul
// CHECK-NEXT: asc.muls %[[R]], %[[T]], %{{.*}}, %{{.*}} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>{{$}}
// CHECK-NEXT: asc.queue.free_tensor %[[IN]], %[[T]]
// CHECK-NEXT: asc.queue.enque %[[QUE]], %[[R]]
// CHECK-NEXT: %[[OUT:.*]] = asc.queue.deque %[[QUE]]
// CHECK-NEXT: %[[BLK:.*]] = asc.subview %[[Y]][%{{.*}}] : !asc.global_tensor<f32>
// CHECK-NEXT: asc.data_copy %[[BLK]], %[[OUT]] params(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>
// CHECK-NEXT: asc.queue.free_tensor %[[QUE]], %[[OUT]]
// CHECK-NEXT: }
// CHECK-NEXT: asc.matmul.end %[[MM]] : !matmul
// CHECK-NEXT: return

// The answer of the async Iterate has no use: the kernel counts its fetches.
// UNREAD-LABEL: func.func @matmul_scale_async_custom(
// UNREAD:       %[[MORE:[0-9]+]] = asc.matmul.iterate
// UNREAD-NOT:   %[[MORE]]{{([^0-9]|$)}}
// UNREAD:       asc.matmul.end
