// RUN: asc-opt %s -split-input-file --asc-sync-placement=promote-sync | FileCheck %s
// RUN: asc-opt %s -split-input-file --asc-sync-placement=promote-sync --asc-verify-sync > /dev/null
// The pass is idempotent: a second run leaves the promoted kernel alone
// (the loop kept for a core without blocks is not tried again).
// RUN: asc-opt %s -split-input-file --asc-sync-placement=promote-sync > %t.once
// RUN: asc-opt %t.once -split-input-file --asc-sync-placement=promote-sync -verify-diagnostics > %t.twice
// RUN: diff %t.once %t.twice
// Without the option the loops stay synchronous:
// RUN: asc-opt %s -split-input-file --asc-sync-placement | FileCheck %s --check-prefix=KEEP
//
// promote-sync turns a synchronous `while (mm.Iterate())` loop into CANN's
// async form (docs/SyncPlacement.md, "Promoting an Iterate loop"): this
// core's slice of the asc.block_workspace as the object's workspace, one
// Iterate<false>, and a loop counted over the object's block count whose
// fetch is asynchronous and waited; the loop as written stays for a core
// without blocks, where CANN's loop still runs once.

!gm16 = !asc.global_tensor<f16>
!gm32 = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecout, f32>
!que = !asc.queue<vecout, 1>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecout, nd, f32>>

// A VECOUT buffer: its AllocTensor orders only the vector pipe after the
// copy out, so a pipe_barrier pipe_all precedes the async fetch (the
// synchronous loop's per-block post ordered it: PipeBarrier<PIPE_MTE3> in
// KfcCommClient::PostMessage). The wait sinks past the offset computation.
// CHECK-LABEL: func.func @promote_vecout(
// CHECK-SAME:    %[[WS:[^:]*]]: !asc.gm_addr {asc.block_workspace = #asc.block_workspace<bytes_per_core = 4096>, asc.workspace}
// CHECK:         asc.matmul.set_tensor_b %[[MM:[^,]*]],
// CHECK-NEXT:    %[[SM:.*]] = asc.tiling.get %[[T:.*]][singleCoreM]
// CHECK-NEXT:    %[[SN:.*]] = asc.tiling.get %[[T]][singleCoreN]
// CHECK-NEXT:    %[[BM:.*]] = asc.tiling.get %[[T]][baseM]
// CHECK-NEXT:    %[[BN:.*]] = asc.tiling.get %[[T]][baseN]
// CHECK-NEXT:    %[[RM:.*]] = arith.ceildivsi %[[SM]], %[[BM]] : i32
// CHECK-NEXT:    %[[RN:.*]] = arith.ceildivsi %[[SN]], %[[BN]] : i32
// CHECK-NEXT:    %[[BLOCKS:.*]] = arith.muli %[[RM]], %[[RN]] : i32
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[ANY:.*]] = arith.cmpi sgt, %[[BLOCKS]], %[[ZERO]] : i32
// CHECK-NEXT:    %[[ROUNDS:.*]] = scf.if %[[ANY]] -> (i32) {
// CHECK-NEXT:      %[[USER:.*]] = asc.get_user_workspace %[[WS]]
// CHECK-NEXT:      %[[CORE:.*]] = asc.get_block_idx
// CHECK-NEXT:      %[[ELEMS:.*]] = arith.constant 1024 : i64
// CHECK-NEXT:      %[[OFF:.*]] = arith.muli %[[CORE]], %[[ELEMS]] : i64
// CHECK-NEXT:      %[[SLICE:.*]] = asc.set_global_buffer %[[USER]][%[[OFF]]], %[[ELEMS]] : !asc.global_tensor<f32>
// CHECK-NEXT:      asc.matmul.set_workspace %[[MM]], %[[SLICE]]
// CHECK-NEXT:      %{{.*}} = asc.matmul.iterate %[[MM]] {sync = false}
// CHECK-NEXT:      %[[FOR:.*]] = scf.for %[[K:.*]] = %[[ZERO]] to %[[BLOCKS]] step %[[ONE]] iter_args(%[[R:.*]] = %{{.*}}) -> (i32)  : i32 {
// CHECK-NEXT:        %[[BUF:.*]] = asc.queue.alloc_tensor
// CHECK-NEXT:        asc.pipe_barrier pipe_all
// CHECK-NEXT:        asc.matmul.get_tensor_c %[[MM]], %[[BUF]] {en_sequential_write = true, sync = false}
// CHECK-NEXT:        arith.muli %[[R]]
// CHECK-NEXT:        arith.extsi
// CHECK-NEXT:        asc.muls %[[BUF]], %[[BUF]]
// CHECK-NEXT:        asc.queue.enque
// CHECK-NEXT:        asc.queue.deque
// CHECK-NEXT:        asc.subview
// CHECK-NEXT:        asc.data_copy
// CHECK-NEXT:        asc.queue.free_tensor
// CHECK-NEXT:        %[[NEXT:.*]] = arith.addi %[[R]], %{{.*}} : i32
// CHECK-NEXT:        scf.yield %[[NEXT]] : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[FOR]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[KEPT:.*]] = scf.while
// CHECK-NEXT:        asc.matmul.iterate %[[MM]] : !
// CHECK-NEXT:        scf.condition
// CHECK-NEXT:      } do {
// CHECK:             asc.matmul.get_tensor_c %[[MM]], %{{[^{]*}} {en_sequential_write = true} : !
// CHECK:           scf.yield %[[KEPT]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    asc.matmul.end %[[MM]]
// KEEP-LABEL: func.func @promote_vecout(
// KEEP-NOT:   sync = false
func.func @promote_vecout(%a: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias},
    %ws: !asc.gm_addr {asc.workspace, asc.block_workspace = #asc.block_workspace<bytes_per_core = 4096>},
    %tgm: !asc.gm_addr) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %n = arith.constant 256 : i32
  %s = arith.constant 2.0 : f32
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %tgm
  %mm = asc.matmul.create : !mm
  %sys = asc.get_sys_workspace_ptr
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm
  %q = asc.queue.create : !que
  asc.pipe.init_buffer %pipe, %q, %c1, %n : !que
  %ag = asc.set_global_buffer %a : !gm16
  %yg = asc.set_global_buffer %y : !gm32
  asc.matmul.set_tensor_a %mm, %ag : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %ag : !mm, !gm16
  %rounds = scf.while (%r = %c0) : (i32) -> i32 {
    %more = asc.matmul.iterate %mm : !mm
    scf.condition(%more) %r : i32
  } do {
  ^bb0(%k: i32):
    %t = asc.queue.alloc_tensor %q : !que -> !ub
    asc.matmul.get_tensor_c %mm, %t {en_sequential_write = true} : !mm, !ub
    %off = arith.muli %k, %n : i32
    %off64 = arith.extsi %off : i32 to i64
    asc.muls %t, %t, %s, %n : !ub, !ub
    asc.queue.enque %q, %t : !que, !ub
    %o = asc.queue.deque %q : !que -> !ub
    %dst = asc.subview %yg[%off64] : !gm32
    asc.data_copy %dst, %o, %n : !gm32, !ub
    asc.queue.free_tensor %q, %o : !que, !ub
    %next = arith.addi %k, %c1 : i32
    scf.yield %next : i32
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!gm16 = !asc.global_tensor<f16>
!gm32 = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecout, f32>
!que = !asc.queue<vecout, 1>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecout, nd, f32>>

!ubin = !asc.local_tensor<vecin, f32>
!que2 = !asc.queue<vecin, 2>
!mm2 = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>
// A VECIN buffer allocated in the body: its AllocTensor orders the fetch,
// no barrier. The loop's two values travel in another order than its
// arguments: the for carries the arguments, the if yields what the
// condition forwards.
// CHECK-LABEL: func.func @promote_vecin_two_results(
// CHECK:         %[[BLOCKS:.*]] = arith.muli
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[ANY:.*]] = arith.cmpi sgt, %[[BLOCKS]], %[[ZERO]] : i32
// CHECK-NEXT:    %[[RES:.*]]:2 = scf.if %[[ANY]] -> (i64, i32) {
// CHECK:           asc.matmul.iterate %[[MM:[^ ]*]] {sync = false}
// CHECK-NEXT:      %[[FOR:.*]]:2 = scf.for %{{.*}} = %[[ZERO]] to %[[BLOCKS]] step %[[ONE]] iter_args(%[[R:.*]] = %{{.*}}, %[[P:.*]] = %{{.*}}) -> (i32, i64)  : i32 {
// CHECK-NEXT:        %[[IN:.*]] = asc.queue.alloc_tensor %{{.*}} : !asc.queue<vecin, 2>
// CHECK-NEXT:        asc.matmul.get_tensor_c %[[MM]], %[[IN]] {en_sequential_write = true, sync = false}
// CHECK-NEXT:        asc.queue.alloc_tensor
// CHECK-NEXT:        asc.muls
// CHECK-NEXT:        asc.queue.free_tensor
// CHECK-NEXT:        asc.queue.enque
// CHECK-NEXT:        asc.queue.deque
// CHECK-NEXT:        asc.subview %{{.*}}[%[[P]]]
// CHECK-NEXT:        asc.data_copy
// CHECK-NEXT:        asc.queue.free_tensor
// CHECK-NEXT:        %[[R2:.*]] = arith.addi %[[R]], %{{.*}} : i32
// CHECK-NEXT:        %[[P2:.*]] = arith.addi %[[P]], %{{.*}} : i64
// CHECK-NEXT:        scf.yield %[[R2]], %[[P2]] : i32, i64
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[FOR]]#1, %[[FOR]]#0 : i64, i32
// CHECK-NEXT:    } else {
// CHECK:         asc.subview %{{.*}}[%[[RES]]#0]
func.func @promote_vecin_two_results(%a: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias},
    %ws: !asc.gm_addr {asc.workspace, asc.block_workspace = #asc.block_workspace<bytes_per_core = 4096>},
    %tgm: !asc.gm_addr) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %n = arith.constant 256 : i32
  %s = arith.constant 2.0 : f32
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %tgm
  %mm = asc.matmul.create : !mm2
  %sys = asc.get_sys_workspace_ptr
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm2
  %q = asc.queue.create : !que
  asc.pipe.init_buffer %pipe, %q, %c1, %n : !que
  %ag = asc.set_global_buffer %a : !gm16
  %yg = asc.set_global_buffer %y : !gm32
  asc.matmul.set_tensor_a %mm, %ag : !mm2, !gm16
  asc.matmul.set_tensor_b %mm, %ag : !mm2, !gm16
  %q2 = asc.queue.create : !que2
  asc.pipe.init_buffer %pipe, %q2, %c1, %n : !que2
  %c0_64 = arith.constant 0 : i64
  %step = arith.constant 256 : i64
  %res:2 = scf.while (%r = %c0, %p = %c0_64) : (i32, i64) -> (i64, i32) {
    %more = asc.matmul.iterate %mm : !mm2
    scf.condition(%more) %p, %r : i64, i32
  } do {
  ^bb0(%p: i64, %k: i32):
    %t = asc.queue.alloc_tensor %q2 : !que2 -> !ubin
    asc.matmul.get_tensor_c %mm, %t {en_sequential_write = true} : !mm2, !ubin
    %o = asc.queue.alloc_tensor %q : !que -> !ub
    asc.muls %o, %t, %s, %n : !ub, !ubin
    asc.queue.free_tensor %q2, %t : !que2, !ubin
    asc.queue.enque %q, %o : !que, !ub
    %o2 = asc.queue.deque %q : !que -> !ub
    %dst = asc.subview %yg[%p] : !gm32
    asc.data_copy %dst, %o2, %n : !gm32, !ub
    asc.queue.free_tensor %q, %o2 : !que, !ub
    %next = arith.addi %k, %c1 : i32
    %pn = arith.addi %p, %step : i64
    scf.yield %next, %pn : i32, i64
  }
  %last = asc.subview %yg[%res#0] : !gm32
  %v = asc.get_value %last[%c0_64] : !gm32
  asc.matmul.end %mm : !mm2
  return
}

// -----

!gm16 = !asc.global_tensor<f16>
!gm32 = !asc.global_tensor<f32>
!ubin = !asc.local_tensor<vecin, f32>
!que2 = !asc.queue<vecin, 2>
!mm2 = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>
// A tile loop: the object's calls after the Iterate loop (the next tile's
// SetTensorA and SetTensorB, and End) only stage inputs or release it, so
// the loop is promoted (the negative twin, an IterateAll after the loop, is
// in asc-sync-placement-iterate-loop-refused.mlir).
// CHECK-LABEL: func.func @promote_in_tile_loop(
// CHECK:         scf.for
// CHECK:           asc.matmul.set_tensor_a
// CHECK:           scf.if
// CHECK:             asc.matmul.iterate %[[MM:[^ ]*]] {sync = false}
// CHECK-NEXT:        scf.for
// CHECK-NEXT:          asc.queue.alloc_tensor
// CHECK-NEXT:          asc.matmul.get_tensor_c %[[MM]], %{{.*}} {en_sequential_write = true, sync = false}
// CHECK:         asc.matmul.end
func.func @promote_in_tile_loop(%a: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias},
    %ws: !asc.gm_addr {asc.workspace, asc.block_workspace = #asc.block_workspace<bytes_per_core = 4096>},
    %tgm: !asc.gm_addr) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %n = arith.constant 256 : i32
  %s = arith.constant 2.0 : f32
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %tgm
  %mm = asc.matmul.create : !mm2
  %sys = asc.get_sys_workspace_ptr
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm2
  %ag = asc.set_global_buffer %a : !gm16
  %q2 = asc.queue.create : !que2
  asc.pipe.init_buffer %pipe, %q2, %c1, %n : !que2
  scf.for %tile = %c0 to %c3 step %c1 : i32 {
    asc.matmul.set_tensor_a %mm, %ag : !mm2, !gm16
    asc.matmul.set_tensor_b %mm, %ag : !mm2, !gm16
    scf.while : () -> () {
      %more = asc.matmul.iterate %mm : !mm2
      scf.condition(%more)
    } do {
      %t = asc.queue.alloc_tensor %q2 : !que2 -> !ubin
      asc.matmul.get_tensor_c %mm, %t {en_sequential_write = true} : !mm2, !ubin
      asc.muls %t, %t, %s, %n : !ubin, !ubin
      asc.queue.free_tensor %q2, %t : !que2, !ubin
      scf.yield
    }
  }
  asc.matmul.end %mm : !mm2
  return
}
