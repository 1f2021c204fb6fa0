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

// With promote-sync the loop becomes CANN's async form in the workspace that
// asc.block_workspace states: this core's 4096-byte slice of the user
// workspace, one Iterate<false>, a loop counted over the blocks with
// GetTensorC<false> into the VECOUT buffer after a barrier (the buffer's
// AllocTensor does not order MTE2) and its wait; the loop as written stays
// for a core without blocks.
// RUN: asc-opt %examples/03-gemm-leakyrelu.mlir --asc-sync-placement=promote-sync | FileCheck %s --check-prefix=PROMOTED
// PROMOTED-LABEL: func.func @matmul_leakyrelu_custom(
// PROMOTED-SAME: %[[WS:[^:]*]]: !asc.gm_addr {asc.block_workspace = #asc.block_workspace<bytes_per_core = 4096>, asc.workspace}
// PROMOTED: %[[MM:.*]] = asc.matmul.create
// PROMOTED: asc.matmul.set_bias %[[MM]]
// PROMOTED: %[[SM:.*]] = asc.tiling.get %{{.*}}[singleCoreM]
// PROMOTED-NEXT: %[[SN:.*]] = asc.tiling.get %{{.*}}[singleCoreN]
// PROMOTED-NEXT: %[[BM:.*]] = asc.tiling.get %{{.*}}[baseM]
// PROMOTED-NEXT: %[[BN:.*]] = asc.tiling.get %{{.*}}[baseN]
// PROMOTED-NEXT: %[[RM:.*]] = arith.ceildivsi %[[SM]], %[[BM]] : i32
// PROMOTED-NEXT: %[[RN:.*]] = arith.ceildivsi %[[SN]], %[[BN]] : i32
// PROMOTED-NEXT: %[[BLOCKS:.*]] = arith.muli %[[RM]], %[[RN]] : i32
// PROMOTED-NEXT: %[[ZERO:.*]] = arith.constant 0 : i32
// PROMOTED-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// PROMOTED-NEXT: %[[ANY:.*]] = arith.cmpi sgt, %[[BLOCKS]], %[[ZERO]] : i32
// PROMOTED-NEXT: scf.if %[[ANY]] -> (i32) {
// PROMOTED-NEXT: %[[USER:.*]] = asc.get_user_workspace %[[WS]]
// PROMOTED-NEXT: %[[CORE:.*]] = asc.get_block_idx
// PROMOTED-NEXT: %[[ELEMS:.*]] = arith.constant 1024 : i64
// PROMOTED-NEXT: %[[OFF:.*]] = arith.muli %[[CORE]], %[[ELEMS]] : i64
// PROMOTED-NEXT: %[[SLICE:.*]] = asc.set_global_buffer %[[USER]][%[[OFF]]], %[[ELEMS]] : !asc.global_tensor<f32>
// PROMOTED-NEXT: asc.matmul.set_workspace %[[MM]], %[[SLICE]]
// PROMOTED-NEXT: asc.matmul.iterate %[[MM]] {sync = false}
// PROMOTED-NEXT: scf.for %{{.*}} = %[[ZERO]] to %[[BLOCKS]] step %[[ONE]] iter_args(%[[ROUND:.*]] = %{{.*}}) -> (i32)  : i32 {
// PROMOTED-NEXT: %[[T:.*]] = asc.queue.alloc_tensor
// PROMOTED-NEXT: asc.pipe_barrier pipe_all
// PROMOTED-NEXT: asc.matmul.get_tensor_c %[[MM]], %[[T]] {en_sequential_write = true, sync = false}
// PROMOTED-NEXT: asc.leaky_relu %[[T]], %[[T]]
// PROMOTED: asc.data_copy
// PROMOTED-NEXT: asc.queue.free_tensor
// PROMOTED-NEXT: %[[NEXT:.*]] = arith.addi %[[ROUND]], %{{.*}} : i32
// PROMOTED-NEXT: scf.yield %[[NEXT]] : i32
// PROMOTED-NEXT: }
// PROMOTED: } else {
// PROMOTED-NEXT: scf.while
// PROMOTED-NEXT: asc.matmul.iterate %[[MM]] :
// PROMOTED: asc.matmul.end %[[MM]]
