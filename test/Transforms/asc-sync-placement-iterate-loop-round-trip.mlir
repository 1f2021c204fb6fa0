// RUN: asc-opt %s -split-input-file --asc-sync-placement=promote-sync 2> %t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: asc-opt %s -split-input-file --asc-sync-placement=promote-sync --asc-verify-sync -o /dev/null
//
// The synchronous `while (mm.Iterate())` loop makes a round trip per block:
// the post sees the vector core's MTE3 and scalar work, the answer orders
// it before every pipe (spec section 2c, O8). Iterate<false> posts once,
// so the promoted loop keeps an edge only that round trip gave with a
// barrier of all pipes at the start of each block, and says so (O9). UB
// pairs the trial's re-check finds; GM pairs promotion looks for.

!gm16 = !asc.global_tensor<f16>
!gm32 = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecout, f32>
!que = !asc.queue<vecout, 1>
!ubin = !asc.local_tensor<vecin, f32>
!que2 = !asc.queue<vecin, 1>
!mm2 = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>

// A running sum in GM: each block reloads it by MTE2 and stores it by
// MTE3; only the next block's round trip orders the store before the
// next reload. The barrier goes first in the block, before the reload.
// CHECK-LABEL: func.func @running_sum_blocks(
// CHECK:         asc.matmul.iterate %{{.*}} {sync = false}
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      asc.pipe_barrier pipe_all
// CHECK-NEXT:      asc.queue.alloc_tensor
// CHECK-NEXT:      asc.matmul.get_tensor_c {{.*}}sync = false
// CHECK-NEXT:      asc.queue.alloc_tensor
// CHECK-NEXT:      asc.data_copy %{{.*}}, %[[Y:[^,]*]], %{{.*}} : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>
// REMARK:      [[#@LINE+25]]:13: remark: Iterate loop promoted with 'asc.pipe_barrier pipe_all' at the start of each block: the synchronous Iterate's round trip ordered the 'asc.data_copy' of a block before the 'asc.data_copy' of the next, which touches the same global memory, and Iterate<false> posts once (spec section 2c, O8, O9)
// REMARK:      [[#@LINE+41]]:5: note: the earlier access
// REMARK:      [[#@LINE+31]]:5: note: the later access
func.func @running_sum_blocks(%a: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias},
    %ws: !asc.gm_addr {asc.workspace, asc.block_workspace = #asc.block_workspace<bytes_per_core = 4096>},
    %tgm: !asc.gm_addr) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %n = arith.constant 256 : i32
  %bytes = arith.constant 1024 : i32
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %tgm
  %mm = asc.matmul.create : !mm2
  %sys = asc.get_sys_workspace_ptr
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm2
  %q = asc.queue.create : !que
  asc.pipe.init_buffer %pipe, %q, %c1, %bytes : !que
  %q2 = asc.queue.create : !que2
  asc.pipe.init_buffer %pipe, %q2, %c1, %bytes : !que2
  %q3 = asc.queue.create : !que2
  asc.pipe.init_buffer %pipe, %q3, %c1, %bytes : !que2
  %ag = asc.set_global_buffer %a : !gm16
  %yg = asc.set_global_buffer %y : !gm32
  asc.matmul.set_tensor_a %mm, %ag : !mm2, !gm16
  asc.matmul.set_tensor_b %mm, %ag : !mm2, !gm16
  %rounds = scf.while (%r = %c0) : (i32) -> i32 {
    %more = asc.matmul.iterate %mm : !mm2
    scf.condition(%more) %r : i32
  } do {
  ^bb0(%k: i32):
    %t = asc.queue.alloc_tensor %q2 : !que2 -> !ubin
    asc.matmul.get_tensor_c %mm, %t {en_sequential_write = true} : !mm2, !ubin
    %s = asc.queue.alloc_tensor %q3 : !que2 -> !ubin
    asc.data_copy %s, %yg, %n : !ubin, !gm32
    asc.queue.enque %q3, %s : !que2, !ubin
    %s2 = asc.queue.deque %q3 : !que2 -> !ubin
    %o = asc.queue.alloc_tensor %q : !que -> !ub
    asc.add %o, %t, %s2, %n : !ub, !ubin, !ubin
    asc.queue.free_tensor %q2, %t : !que2, !ubin
    asc.queue.free_tensor %q3, %s2 : !que2, !ubin
    asc.queue.enque %q, %o : !que, !ub
    %o2 = asc.queue.deque %q : !que -> !ub
    asc.data_copy %yg, %o2, %n : !gm32, !ub
    asc.queue.free_tensor %q, %o2 : !que, !ub
    %next = arith.addi %k, %c1 : i32
    scf.yield %next : i32
  }
  asc.matmul.end %mm : !mm2
  return
}

// -----

!gm16 = !asc.global_tensor<f16>
!gm32 = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecout, f32>
!que = !asc.queue<vecout, 1>
!ubin = !asc.local_tensor<vecin, f32>
!que2 = !asc.queue<vecin, 1>
!mm2 = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>

// The valid twin: the kernel orders the store before the next reload with
// its own MTE3_MTE2 flag, and the VECIN buffer's AllocTensor orders the
// fetch: no barrier, and no remark.
// CHECK-LABEL: func.func @running_sum_blocks_flagged(
// CHECK:         asc.matmul.iterate %{{.*}} {sync = false}
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      asc.queue.alloc_tensor
// CHECK-NEXT:      asc.matmul.get_tensor_c {{.*}}sync = false
// REMARK-NOT:  remark
func.func @running_sum_blocks_flagged(%a: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias},
    %ws: !asc.gm_addr {asc.workspace, asc.block_workspace = #asc.block_workspace<bytes_per_core = 4096>},
    %tgm: !asc.gm_addr) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %n = arith.constant 256 : i32
  %bytes = arith.constant 1024 : i32
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %tgm
  %mm = asc.matmul.create : !mm2
  %sys = asc.get_sys_workspace_ptr
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm2
  %q = asc.queue.create : !que
  asc.pipe.init_buffer %pipe, %q, %c1, %bytes : !que
  %q2 = asc.queue.create : !que2
  asc.pipe.init_buffer %pipe, %q2, %c1, %bytes : !que2
  %q3 = asc.queue.create : !que2
  asc.pipe.init_buffer %pipe, %q3, %c1, %bytes : !que2
  %ag = asc.set_global_buffer %a : !gm16
  %yg = asc.set_global_buffer %y : !gm32
  asc.matmul.set_tensor_a %mm, %ag : !mm2, !gm16
  asc.matmul.set_tensor_b %mm, %ag : !mm2, !gm16
  %rounds = scf.while (%r = %c0) : (i32) -> i32 {
    %more = asc.matmul.iterate %mm : !mm2
    scf.condition(%more) %r : i32
  } do {
  ^bb0(%k: i32):
    %t = asc.queue.alloc_tensor %q2 : !que2 -> !ubin
    asc.matmul.get_tensor_c %mm, %t {en_sequential_write = true} : !mm2, !ubin
    %s = asc.queue.alloc_tensor %q3 : !que2 -> !ubin
    asc.data_copy %s, %yg, %n : !ubin, !gm32
    asc.queue.enque %q3, %s : !que2, !ubin
    %s2 = asc.queue.deque %q3 : !que2 -> !ubin
    %o = asc.queue.alloc_tensor %q : !que -> !ub
    asc.add %o, %t, %s2, %n : !ub, !ubin, !ubin
    asc.queue.free_tensor %q2, %t : !que2, !ubin
    asc.queue.free_tensor %q3, %s2 : !que2, !ubin
    asc.queue.enque %q, %o : !que, !ub
    %o2 = asc.queue.deque %q : !que -> !ub
    asc.data_copy %yg, %o2, %n : !gm32, !ub
    asc.set_flag mte3_mte2, %c0
    asc.wait_flag mte3_mte2, %c0
    asc.queue.free_tensor %q, %o2 : !que, !ub
    %next = arith.addi %k, %c1 : i32
    scf.yield %next : i32
  }
  asc.matmul.end %mm : !mm2
  return
}
