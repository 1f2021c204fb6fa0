// RUN: asc-opt %s --asc-sync-placement=promote-sync | FileCheck %s
// RUN: asc-opt %s --asc-sync-placement=promote-sync --asc-verify-sync > /dev/null
// Running the pass twice equals running it once:
// RUN: asc-opt %s --asc-sync-placement=promote-sync > %t.once
// RUN: asc-opt %t.once --asc-sync-placement=promote-sync > %t.twice
// RUN: diff %t.once %t.twice
// The waits' remarks describe where the last round left them, once each:
// RUN: asc-opt %s --asc-sync-placement="promote-sync emit-remarks" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: asc-opt %s --asc-sync-placement="promote-sync emit-remarks" -o /dev/null 2>&1 | grep -c "remark: wait placed" | FileCheck %s --check-prefix=COUNT

// An issue without a wait flag completes at the first wait after it, of
// its own object or of another whose waited issue it precedes (the cube
// runs one core's calls in order). Which wait that is depends on where the
// other waits and issues stand, and placement moves them: here the input
// hands %mm2's flagless issue to the wait promote-sync gives %mm2's
// synchronous call, and that wait keeps the issue's edge to the UB the
// vector core's copy out read. After the moves, the wait in the tile loop
// completes the flagless issue first, so the promoted wait owes the copy
// nothing: placement runs again on its own result and sinks it to the end,
// as a second run of the pass would (reduced from random seed 68963).

!gm_f16 = !asc.global_tensor<f16>
!gm_f32 = !asc.global_tensor<f32>
!ub_f32 = !asc.local_tensor<vecin, f32>
!ub_h = !asc.local_tensor<vecin, f16>
!ubo_f32 = !asc.local_tensor<vecout, f32>
!q_f32 = !asc.queue<vecin, 2>
!q_h = !asc.queue<vecin, 2>
!q_out = !asc.queue<vecout, 2>
!mm_plain = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!mm_batch = !asc.matmul<a = <gm, nd, f16, layout = normal>, b = <gm, nd, f16, layout = normal>, c = <gm, nd, f32, layout = normal>>

// CHECK-LABEL: func.func @flagless_issue_handed_to_another_wait
// CHECK:      %[[MM0:.*]] = asc.matmul.create : !matmul
// CHECK-NEXT: %[[MM1:.*]] = asc.matmul.create : !matmul1
// CHECK-NEXT: %[[MM2:.*]] = asc.matmul.create : !matmul1
// CHECK:      asc.matmul.iterate_all %[[MM2]], %{{.*}} {sync = false}
// CHECK:      asc.matmul.iterate_all %[[MM2]], %{{.*}} {sync = false, wait_iterate_all = true}
// CHECK:      scf.for
// CHECK:        asc.matmul.wait_iterate_all %[[MM1]]
// CHECK:      arith.constant 512 : i32
// CHECK-NEXT: asc.matmul.wait_iterate_batch %[[MM0]]
// CHECK-NEXT: asc.data_copy
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM2]]
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM1]]
// CHECK-NEXT: return

// Four waits, four remarks; %mm2's promoted wait has its call's line.
// COUNT: {{^}}4{{$}}
// REMARK: rounds.mlir:[[@LINE+38]]:3: remark: wait placed before 'func.return': it ends the wait's block; {{[0-9]+}} operations overlap the async 'asc.matmul.iterate_all'{{$}}
func.func @flagless_issue_handed_to_another_wait(%x: !asc.gm_addr {asc.no_alias}, %c: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias, asc.workspace}) attributes {asc.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %nb = arith.constant 2 : i32
  %g_x = asc.set_global_buffer %x : !gm_f16
  %g_c = asc.set_global_buffer %c : !gm_f32
  %g_y_alias = asc.set_global_buffer %y : !gm_f32
  %g_ws = asc.set_global_buffer %ws : !gm_f32
  %mm0 = asc.matmul.create : !mm_batch
  %mm1 = asc.matmul.create : !mm_plain
  %mm2 = asc.matmul.create : !mm_plain
  %qv = asc.queue.create : !q_f32
  %qh = asc.queue.create : !q_h
  %qo = asc.queue.create : !q_out
  %k1 = arith.constant 1024 : i64
  %v2 = asc.subview %g_x[%k1] : !gm_f16
  asc.matmul.set_tensor_a %mm0, %v2 : !mm_batch, !gm_f16
  asc.matmul.set_tensor_a %mm1, %g_x : !mm_plain, !gm_f16
  %k9 = arith.constant 512 : i64
  %v10 = asc.subview %g_x[%k9] : !gm_f16
  asc.matmul.set_tensor_a %mm2, %v10 : !mm_plain, !gm_f16
  %k19 = arith.constant 1120 : i64
  %v20 = asc.subview %g_c[%k19] : !gm_f32
  %k21 = arith.constant 64 : i32
  %u27 = asc.queue.deque %qo : !q_out -> !ubo_f32
  asc.data_copy %v20, %u27, %k21 : !gm_f32, !ubo_f32
  asc.queue.free_tensor %qo, %u27 : !q_out, !ubo_f32
  %k48 = arith.constant 2048 : i64
  %c_tile = asc.subview %g_c[%k48] : !gm_f32
  asc.matmul.iterate_batch %mm0, %c_tile batch(%nb, %nb) {sync = false, wait_iterate_batch = true} : !mm_batch, !gm_f32
  %k50 = arith.constant 3072 : i64
  %y_tile = asc.subview %g_y_alias[%k50] : !gm_f32
  asc.matmul.iterate_all %mm2, %y_tile {sync = false} : !mm_plain, !gm_f32
  %u58 = asc.queue.deque %qh : !q_h -> !ub_h
  asc.queue.free_tensor %qh, %u58 : !q_h, !ub_h
  asc.matmul.wait_iterate_batch %mm0 : !mm_batch
  asc.matmul.set_tensor_a %mm2, %v10 : !mm_plain, !gm_f16
  asc.matmul.iterate_all %mm2, %y_tile : !mm_plain, !gm_f32
  %k66 = arith.constant 512 : index
  %k67 = arith.constant 4096 : index
  %o71 = arith.index_cast %k67 : index to i64
  %ws_first = asc.subview %g_ws[%o71] : !gm_f32
  asc.matmul.iterate_all %mm1, %ws_first {sync = false, wait_iterate_all = true, asc.output_elements = 512 : i64} : !mm_plain, !gm_f32
  %k73 = arith.constant 2 : index
  %last = scf.for %i = %c0 to %k73 step %c1 iter_args(%carried = %c1) -> (index) {
    asc.matmul.wait_iterate_all %mm1 : !mm_plain
    %o80 = arith.addi %i, %c1 : index
    %o81 = arith.muli %o80, %k66 : index
    %o82 = arith.addi %o81, %k67 : index
    %o83 = arith.index_cast %o82 : index to i64
    %ws_tile = asc.subview %g_ws[%o83] : !gm_f32
    asc.matmul.set_tensor_a %mm1, %g_x : !mm_plain, !gm_f16
    asc.matmul.iterate_all %mm1, %ws_tile {sync = false, wait_iterate_all = true, asc.output_elements = 512 : i64} : !mm_plain, !gm_f32
    %o85 = arith.addi %i, %c1 : index
    scf.yield %o85 : index
  }
  %carry0 = arith.constant 2 : index
  %o86 = arith.addi %last, %carry0 : index
  %o87 = arith.muli %o86, %k66 : index
  %o88 = arith.addi %o87, %k67 : index
  %o89 = arith.index_cast %o88 : index to i64
  %ws_after = asc.subview %g_ws[%o89] : !gm_f32
  %t91 = asc.queue.alloc_tensor %qv : !q_f32 -> !ub_f32
  %k92 = arith.constant 512 : i32
  asc.data_copy %t91, %ws_after, %k92 : !ub_f32, !gm_f32
  asc.matmul.wait_iterate_all %mm1 : !mm_plain
  return
}