// RUN: asc-opt %examples/04-async-iterate-all-overlap.mlir | FileCheck %s
// RUN: asc-opt %examples/04-async-iterate-all-overlap.mlir | asc-opt | FileCheck %s

// The registration before the queues' InitBuffer calls, as documented;
// async IterateAll to GM (the user workspace) with the hand-written wait
// immediately after the issue, then independent vector work on the bias, then
// the loop whose DataCopy first reads C into a VECIN tile, computes into a
// VECOUT tile and copies that out, then End.

// CHECK-LABEL: func.func @matmul_addmm_custom(
// CHECK-SAME: %[[WS_ARG:[^:]*]]: !asc.gm_addr {asc.no_alias, asc.workspace}, %{{[^:]*}}: !asc.gm_addr)
// CHECK-SAME: attributes {asc.kernel}
// CHECK: %[[BIAS:.*]] = asc.set_global_buffer %{{.*}}[%{{.*}}] : !asc.global_tensor<f32>
// CHECK-NEXT: %[[Y:.*]] = asc.set_global_buffer %{{.*}}[%{{.*}}] : !asc.global_tensor<f32>
// CHECK-NEXT: %[[USER_WS:.*]] = asc.get_user_workspace %[[WS_ARG]]{{$}}
// CHECK-NEXT: %[[C:.*]] = asc.set_global_buffer %[[USER_WS]][%{{.*}}] : !asc.global_tensor<f32>
// CHECK: %[[MM:.*]] = asc.matmul.create : !matmul
// CHECK: asc.matmul.register %{{.*}}, %{{.*}}, %[[MM]] tiling %{{.*}} : !matmul
// CHECK: %[[QUE_BIAS:.*]] = asc.queue.create : !asc.queue<vecin, 1>
// CHECK-NEXT: %[[QUE_C:.*]] = asc.queue.create : !asc.queue<vecin, 2>
// CHECK-NEXT: %[[QUE_Y:.*]] = asc.queue.create : !asc.queue<vecout, 2>
// CHECK: asc.matmul.set_tensor_a %[[MM]]
// CHECK-NEXT: asc.matmul.set_tensor_b %[[MM]]
// CHECK-NEXT: asc.matmul.iterate_all %[[MM]], %[[C]] {en_sequential_write = false, fake_msg = false, sync = false, wait_iterate_all = true} : !matmul, !asc.global_tensor<f32>
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM]] : !matmul
// CHECK-NEXT: %[[BIAS_LOAD:.*]] = asc.queue.alloc_tensor %[[QUE_BIAS]]
// CHECK-NEXT: asc.data_copy %[[BIAS_LOAD]], %[[BIAS]], %{{.*}} : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>
// CHECK-NEXT: asc.queue.enque %[[QUE_BIAS]], %[[BIAS_LOAD]]
// CHECK-NEXT: %[[BIAS_LOCAL:.*]] = asc.queue.deque %[[QUE_BIAS]]
// CHECK-NEXT: asc.muls %[[BIAS_LOCAL]], %[[BIAS_LOCAL]], %{{.*}}, %{{.*}} : !asc.local_tensor<vecin, f32>, !asc.local_tensor<vecin, f32>{{$}}
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK: %[[C_ROW:.*]] = asc.subview %[[C]][%[[ROW_OFF:.*]]] : !asc.global_tensor<f32>
// CHECK-NEXT: %[[C_LOAD:.*]] = asc.queue.alloc_tensor %[[QUE_C]]
// CHECK-NEXT: asc.data_copy %[[C_LOAD]], %[[C_ROW]], %{{.*}} : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>
// CHECK-NEXT: asc.queue.enque %[[QUE_C]], %[[C_LOAD]]
// CHECK-NEXT: %[[C_LOCAL:.*]] = asc.queue.deque %[[QUE_C]]
// CHECK-NEXT: %[[Y_LOCAL:.*]] = asc.queue.alloc_tensor %[[QUE_Y]] : !asc.queue<vecout, 2> -> !asc.local_tensor<vecout, f32>
// CHECK-NEXT: asc.muls %[[Y_LOCAL]], %[[C_LOCAL]], %{{.*}}, %{{.*}} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>{{$}}
// CHECK-NEXT: asc.add %[[Y_LOCAL]], %[[Y_LOCAL]], %[[BIAS_LOCAL]], %{{.*}} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>{{$}}
// CHECK-NEXT: asc.queue.enque %[[QUE_Y]], %[[Y_LOCAL]]
// CHECK-NEXT: asc.queue.free_tensor %[[QUE_C]], %[[C_LOCAL]]
// CHECK-NEXT: %[[Y_STORE:.*]] = asc.queue.deque %[[QUE_Y]]
// CHECK-NEXT: %[[Y_ROW:.*]] = asc.subview %[[Y]][%[[ROW_OFF]]] : !asc.global_tensor<f32>
// CHECK-NEXT: asc.data_copy %[[Y_ROW]], %[[Y_STORE]], %{{.*}} : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>
// CHECK-NEXT: asc.queue.free_tensor %[[QUE_Y]], %[[Y_STORE]]
// CHECK-NEXT: }
// CHECK-NEXT: asc.queue.free_tensor %[[QUE_BIAS]], %[[BIAS_LOCAL]]
// CHECK-NEXT: asc.matmul.end %[[MM]] : !matmul
// CHECK-NEXT: return
