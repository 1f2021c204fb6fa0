// RUN: asc-opt %examples/06-batched.mlir | FileCheck %s
// RUN: asc-opt %examples/06-batched.mlir | asc-opt | FileCheck %s

// Batched: async IterateBatch to GM + WaitIterateBatch; async IterateNBatch
// without its wait flag (BSNGD/BNGS1S2 layouts, registered before
// InitBuffer), consumed by a loop of GetBatchTensorC into UB with no wait.

// CHECK-DAG: {{^}}![[$MM_BATCH:matmul[0-9]*]] = !asc.matmul<a = <gm, nd, f16, layout = normal>, b = <gm, nd, f16, layout = normal>, c = <gm, nd, f32, layout = normal>, bias = <gm, nd, f32>>{{$}}
// CHECK-DAG: {{^}}![[$MM_NBATCH:matmul[0-9]*]] = !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, layout = bsngd>, c = <gm, nd, f32, layout = bngs1s2>, config = <norm, is_n_batch = true>>{{$}}

// CHECK-LABEL: func.func @batch_matmul_custom(
// CHECK-SAME: attributes {asc.kernel}
// CHECK: %[[TILING:.*]] = asc.get_tiling
// CHECK: %[[BATCH_A:.*]] = asc.tiling.get %[[TILING]][{{ *}}batchM]
// CHECK-NEXT: %[[BATCH_B:.*]] = asc.tiling.get %[[TILING]][{{ *}}batchN]
// CHECK: %[[BIAS:.*]] = asc.set_global_buffer %{{.*}}[%{{.*}}] : !asc.global_tensor<f32>
// CHECK-NEXT: %[[C:.*]] = asc.set_global_buffer %{{.*}}[%{{.*}}] : !asc.global_tensor<f32>
// CHECK-NEXT: %[[MM:.*]] = asc.matmul.create : ![[$MM_BATCH]]
// CHECK: asc.matmul.register %{{.*}}, %{{.*}}, %[[MM]] tiling %[[TILING]] : ![[$MM_BATCH]]
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM]]
// CHECK-NEXT: asc.matmul.set_tensor_b %[[MM]]
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: asc.matmul.set_bias %[[MM]], %[[BIAS]] : ![[$MM_BATCH]], !asc.global_tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: asc.matmul.iterate_batch %[[MM]], %[[C]] batch(%[[BATCH_A]], %[[BATCH_B]]) {sync = false, wait_iterate_batch = true} : ![[$MM_BATCH]], !asc.global_tensor<f32>
// CHECK-NEXT: asc.matmul.wait_iterate_batch %[[MM]] : ![[$MM_BATCH]]
// CHECK-NEXT: asc.matmul.end %[[MM]] : ![[$MM_BATCH]]
// CHECK-NEXT: return

// CHECK-LABEL: func.func @batch_matmul_nbatch_custom(
// CHECK-SAME: attributes {asc.kernel}
// CHECK: %[[NB_TILING:.*]] = asc.get_tiling
// CHECK: %[[NB_BATCH_A:.*]] = asc.tiling.get %[[NB_TILING]][{{ *}}batchM]
// CHECK-NEXT: %[[NB_BATCH_B:.*]] = asc.tiling.get %[[NB_TILING]][{{ *}}batchN]
// CHECK: %[[NB_C:.*]] = asc.set_global_buffer %{{.*}}[%{{.*}}] : !asc.global_tensor<f32>
// CHECK: %[[NB_WS:.*]] = asc.set_global_buffer %{{.*}}[%{{.*}}], %{{.*}} : !asc.global_tensor<f32>
// CHECK-NEXT: %[[NB_MM:.*]] = asc.matmul.create : ![[$MM_NBATCH]]
// CHECK: asc.matmul.register %{{.*}}, %{{.*}}, %[[NB_MM]] tiling %[[NB_TILING]] : ![[$MM_NBATCH]]
// CHECK-NEXT: %[[IN:.*]] = asc.queue.create : !asc.queue<vecin, 2>
// CHECK-NEXT: %[[QUE:.*]] = asc.queue.create : !asc.queue<vecout, 2>
// CHECK: asc.pipe.init_buffer %{{.*}}, %[[IN]]
// CHECK-NEXT: asc.pipe.init_buffer %{{.*}}, %[[QUE]]
// CHECK-NEXT: asc.matmul.set_workspace %[[NB_MM]], %[[NB_WS]] : ![[$MM_NBATCH]], !asc.global_tensor<f32>
// CHECK-NEXT: asc.matmul.set_tensor_a %[[NB_MM]]
// CHECK-NEXT: asc.matmul.set_tensor_b %[[NB_MM]]
// CHECK-NEXT: asc.matmul.iterate_n_batch %[[NB_MM]], %[[LOOP:.*]], %[[NB_BATCH_A]], %[[NB_BATCH_B]] {sync = false} : ![[$MM_NBATCH]]
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[LOOP]] step %{{.*}} : i32 {
// CHECK-NEXT: %[[T:.*]] = asc.queue.alloc_tensor %[[IN]] : !asc.queue<vecin, 2> -> !asc.local_tensor<vecin, f32>
// CHECK-NEXT: asc.matmul.get_batch_tensor_c %[[NB_MM]], %[[NB_BATCH_A]], %[[NB_BATCH_B]] into %[[T]] {sync = false} : ![[$MM_NBATCH]], !asc.local_tensor<vecin, f32>
// CHECK-NEXT: %[[R:.*]] = asc.queue.alloc_tensor %[[QUE]] : !asc.queue<vecout, 2> -> !asc.local_tensor<vecout, f32>
// CHECK-NEXT: asc.muls %[[R]], %[[T]], %{{.*}}, %{{.*}} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>{{$}}
// CHECK-NEXT: asc.queue.free_tensor %[[IN]], %[[T]]
// CHECK-NEXT: asc.queue.enque %[[QUE]], %[[R]]
// CHECK-NEXT: %[[OUT:.*]] = asc.queue.deque %[[QUE]]
// CHECK: %[[BATCH_C:.*]] = asc.subview %[[NB_C]][%{{.*}}] : !asc.global_tensor<f32>
// CHECK-NEXT: asc.data_copy %[[BATCH_C]], %[[OUT]], %{{.*}} : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>
// CHECK-NEXT: asc.queue.free_tensor %[[QUE]], %[[OUT]]
// CHECK-NEXT: }
// CHECK-NEXT: asc.matmul.end %[[NB_MM]] : ![[$MM_NBATCH]]
// CHECK-NEXT: return
