// RUN: asc-opt %examples/07-multi-matmul.mlir | FileCheck %s
// RUN: asc-opt %examples/07-multi-matmul.mlir | asc-opt | FileCheck %s
// RUN: asc-opt %examples/07-multi-matmul.mlir | FileCheck %s --check-prefix=UNREAD

// Four Matmul objects registered together, before the queue's InitBuffer,
// each with its own TCubeTiling read at a byte offset of the tiling struct:
// three async IterateAll issues pending at once while the fourth object
// fetches its blocks in the documented async shape (one Iterate whose answer
// nobody reads, then a loop counted over the blocks of GetTensorC and
// WaitGetTensorC); then one WaitIterateAll and one End per object.

// CHECK-DAG: {{^}}![[$MM_PROJ:matmul[0-9]*]] = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f16>>{{$}}
// CHECK-DAG: {{^}}![[$MM_GATE:matmul[0-9]*]] = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecout, nd, f32>>{{$}}

// CHECK-LABEL: func.func @qkvg_proj_custom(
// CHECK-SAME: %[[X_ARG:[^:]*]]: !asc.gm_addr {asc.no_alias},
// CHECK-SAME: %[[WQ_ARG:[^:]*]]: !asc.gm_addr {asc.no_alias}, %[[WK_ARG:[^:]*]]: !asc.gm_addr {asc.no_alias},
// CHECK-SAME: %[[WV_ARG:[^:]*]]: !asc.gm_addr {asc.no_alias}, %[[WG_ARG:[^:]*]]: !asc.gm_addr {asc.no_alias},
// CHECK-SAME: %[[Q_ARG:[^:]*]]: !asc.gm_addr {asc.no_alias}, %[[K_ARG:[^:]*]]: !asc.gm_addr {asc.no_alias},
// CHECK-SAME: %[[V_ARG:[^:]*]]: !asc.gm_addr {asc.no_alias}, %[[G_ARG:[^:]*]]: !asc.gm_addr {asc.no_alias},
// CHECK-SAME: %[[WS_ARG:[^:]*]]: !asc.gm_addr {asc.no_alias, asc.workspace}, %[[TILING_ARG:[^:]*]]: !asc.gm_addr)
// CHECK-SAME: attributes {asc.kernel}
// CHECK: %[[OFF_Q:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[OFF_K:.*]] = arith.constant 256 : i64
// CHECK-NEXT: %[[OFF_V:.*]] = arith.constant 512 : i64
// CHECK-NEXT: %[[OFF_G:.*]] = arith.constant 768 : i64
// CHECK-NEXT: %[[PIPE:.*]] = asc.pipe.create
// CHECK-NEXT: %[[TILING_Q:.*]] = asc.get_tiling %[[TILING_ARG]][%[[OFF_Q]]]{{$}}
// CHECK-NEXT: %[[TILING_K:.*]] = asc.get_tiling %[[TILING_ARG]][%[[OFF_K]]]{{$}}
// CHECK-NEXT: %[[TILING_V:.*]] = asc.get_tiling %[[TILING_ARG]][%[[OFF_V]]]{{$}}
// CHECK-NEXT: %[[TILING_G:.*]] = asc.get_tiling %[[TILING_ARG]][%[[OFF_G]]]{{$}}
// CHECK-NEXT: asc.tiling.get %[[TILING_Q]][M]
// CHECK: asc.tiling.get %[[TILING_G]][baseM]
// CHECK-NEXT: asc.tiling.get %[[TILING_G]][baseN]
// CHECK: %[[X:.*]] = asc.set_global_buffer %[[X_ARG]][%{{.*}}] : !asc.global_tensor<f16>
// CHECK-NEXT: %[[WQ:.*]] = asc.set_global_buffer %[[WQ_ARG]][%{{.*}}] : !asc.global_tensor<f16>
// CHECK-NEXT: %[[WK:.*]] = asc.set_global_buffer %[[WK_ARG]][%{{.*}}] : !asc.global_tensor<f16>
// CHECK-NEXT: %[[WV:.*]] = asc.set_global_buffer %[[WV_ARG]][%{{.*}}] : !asc.global_tensor<f16>
// CHECK-NEXT: %[[WG:.*]] = asc.set_global_buffer %[[WG_ARG]][%{{.*}}] : !asc.global_tensor<f16>
// CHECK-NEXT: %[[Q:.*]] = asc.set_global_buffer %[[Q_ARG]][%{{.*}}] : !asc.global_tensor<f16>
// CHECK-NEXT: %[[K:.*]] = asc.set_global_buffer %[[K_ARG]][%{{.*}}] : !asc.global_tensor<f16>
// CHECK-NEXT: %[[V:.*]] = asc.set_global_buffer %[[V_ARG]][%{{.*}}] : !asc.global_tensor<f16>
// CHECK-NEXT: %[[G:.*]] = asc.set_global_buffer %[[G_ARG]][%{{.*}}] : !asc.global_tensor<f32>
// CHECK: %[[WS:.*]] = asc.set_global_buffer %[[WS_ARG]][%{{.*}}], %{{.*}} : !asc.global_tensor<f32>
// CHECK-NEXT: %[[MM_Q:.*]] = asc.matmul.create : ![[$MM_PROJ]]
// CHECK-NEXT: %[[MM_K:.*]] = asc.matmul.create : ![[$MM_PROJ]]
// CHECK-NEXT: %[[MM_V:.*]] = asc.matmul.create : ![[$MM_PROJ]]
// CHECK-NEXT: %[[MM_G:.*]] = asc.matmul.create : ![[$MM_GATE]]
// CHECK-NEXT: %[[SYS_WS:.*]] = asc.get_sys_workspace_ptr
// CHECK-NEXT: asc.matmul.register %[[PIPE]], %[[SYS_WS]], %[[MM_Q]], %[[MM_K]], %[[MM_V]], %[[MM_G]] tiling %[[TILING_Q]], %[[TILING_K]], %[[TILING_V]], %[[TILING_G]] : ![[$MM_PROJ]], ![[$MM_PROJ]], ![[$MM_PROJ]], ![[$MM_GATE]]
// CHECK-NEXT: %[[IN:.*]] = asc.queue.create : !asc.queue<vecin, 2>
// CHECK-NEXT: %[[QUE:.*]] = asc.queue.create : !asc.queue<vecout, 2>
// CHECK: asc.pipe.init_buffer %[[PIPE]], %[[QUE]]
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM_Q]], %[[X]] : ![[$MM_PROJ]], !asc.global_tensor<f16>
// CHECK-NEXT: asc.matmul.set_tensor_b %[[MM_Q]], %[[WQ]] : ![[$MM_PROJ]], !asc.global_tensor<f16>
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM_K]], %[[X]] : ![[$MM_PROJ]], !asc.global_tensor<f16>
// CHECK-NEXT: asc.matmul.set_tensor_b %[[MM_K]], %[[WK]] : ![[$MM_PROJ]], !asc.global_tensor<f16>
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM_V]], %[[X]] : ![[$MM_PROJ]], !asc.global_tensor<f16>
// CHECK-NEXT: asc.matmul.set_tensor_b %[[MM_V]], %[[WV]] : ![[$MM_PROJ]], !asc.global_tensor<f16>
// CHECK-NEXT: asc.matmul.set_workspace %[[MM_G]], %[[WS]] : ![[$MM_GATE]], !asc.global_tensor<f32>
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM_G]], %[[X]] : ![[$MM_GATE]], !asc.global_tensor<f16>
// CHECK-NEXT: asc.matmul.set_tensor_b %[[MM_G]], %[[WG]] : ![[$MM_GATE]], !asc.global_tensor<f16>

// The three projections are issued back to back and stay pending.
// CHECK-NEXT: asc.matmul.iterate_all %[[MM_Q]], %[[Q]] {sync = false, wait_iterate_all = true} : ![[$MM_PROJ]], !asc.global_tensor<f16>
// CHECK-NEXT: asc.matmul.iterate_all %[[MM_K]], %[[K]] {sync = false, wait_iterate_all = true} : ![[$MM_PROJ]], !asc.global_tensor<f16>
// CHECK-NEXT: asc.matmul.iterate_all %[[MM_V]], %[[V]] {sync = false, wait_iterate_all = true} : ![[$MM_PROJ]], !asc.global_tensor<f16>
// CHECK-NOT: asc.matmul.wait_iterate_all

// The gate: one async Iterate, then a loop counted over its blocks, with its
// own issue/wait pair per block.
// CHECK: %{{.*}} = asc.matmul.iterate %[[MM_G]] {sync = false} : ![[$MM_GATE]]
// CHECK-NEXT: %[[ROUND_N:.*]] = arith.divsi %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %[[BLOCKS:.*]] = arith.muli %{{.*}}, %[[ROUND_N]] : i32
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[BLOCKS]] step %{{.*}} : i32 {
// CHECK-NEXT: %[[T:.*]] = asc.queue.alloc_tensor %[[IN]] : !asc.queue<vecin, 2> -> !asc.local_tensor<vecin, f32>
// CHECK-NEXT: asc.matmul.get_tensor_c %[[MM_G]], %[[T]] {en_sequential_write = true, sync = false} : ![[$MM_GATE]], !asc.local_tensor<vecin, f32>
// CHECK-NOT: asc.leaky_relu
// CHECK: %[[R:.*]] = asc.queue.alloc_tensor %[[QUE]] : !asc.queue<vecout, 2> -> !asc.local_tensor<vecout, f32>
// CHECK-NEXT: asc.matmul.wait_get_tensor_c %[[MM_G]] : ![[$MM_GATE]]
// CHECK-NEXT: asc.leaky_relu %[[R]], %[[T]], %{{.*}}, %{{.*}} : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>{{$}}
// CHECK-NEXT: asc.queue.free_tensor %[[IN]], %[[T]]
// CHECK-NEXT: asc.queue.enque %[[QUE]], %[[R]]
// CHECK-NEXT: %[[OUT:.*]] = asc.queue.deque %[[QUE]]
// CHECK-NEXT: %[[BLK:.*]] = asc.subview %[[G]][%{{.*}}] : !asc.global_tensor<f32>
// CHECK-NEXT: asc.data_copy %[[BLK]], %[[OUT]] params(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : !asc.global_tensor<f32>, !asc.local_tensor<vecout, f32>
// CHECK-NEXT: asc.queue.free_tensor %[[QUE]], %[[OUT]]
// CHECK-NEXT: }

// One wait per projection object, then one End per object.
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM_Q]] : ![[$MM_PROJ]]
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM_K]] : ![[$MM_PROJ]]
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM_V]] : ![[$MM_PROJ]]
// CHECK-NEXT: asc.matmul.end %[[MM_Q]] : ![[$MM_PROJ]]
// CHECK-NEXT: asc.matmul.end %[[MM_K]] : ![[$MM_PROJ]]
// CHECK-NEXT: asc.matmul.end %[[MM_V]] : ![[$MM_PROJ]]
// CHECK-NEXT: asc.matmul.end %[[MM_G]] : ![[$MM_GATE]]
// CHECK-NEXT: asc.pipe_barrier pipe_all
// CHECK-NEXT: return

// The answer of the gate's async Iterate has no use: the kernel counts its
// fetches.
// UNREAD-LABEL: func.func @qkvg_proj_custom(
// UNREAD:       %[[MORE:[0-9]+]] = asc.matmul.iterate
// UNREAD-NOT:   %[[MORE]]{{([^0-9]|$)}}
// UNREAD:       asc.matmul.end
