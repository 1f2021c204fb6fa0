// RUN: asc-opt %s --asc-sync-placement=promote-sync > %t.once
// RUN: asc-opt %t.once --asc-sync-placement=promote-sync > %t.twice
// RUN: diff %t.once %t.twice
// RUN: asc-opt %s --asc-sync-placement="promote-sync emit-remarks" -o /dev/null 2>&1 | FileCheck %s
//
// Random seed 68963, reduced by the tester: an issue without a wait flag
// (the first IterateAll of %mm2) completes at the next wait of the vector
// core for any object (spec section 2). The wait promote-sync gives the
// later synchronous call of %mm2 completes it too, and keeps the edge its
// post gave the vector core's copies (O8, O9). Sunk past the tile loop, the
// loop's wait of %mm1 would complete it first, and a second run, pairing
// the wait without it, sank the wait further: placement was not
// idempotent. The wait stays above the loop holding the other wait.
// CHECK: remark: wait placed before 'scf.for': a conflicting operation runs inside it and a wait never enters a loop

!gm_f16 = !asc.global_tensor<f16>
!gm_f32 = !asc.global_tensor<f32>
!ub_f32 = !asc.local_tensor<vecin, f32>
!ub_h = !asc.local_tensor<vecin, f16>
!ubo_f32 = !asc.local_tensor<vecout, f32>
!ubo_h = !asc.local_tensor<vecout, f16>
!q_f32 = !asc.queue<vecin, 2>
!q_h = !asc.queue<vecin, 2>
!q_out = !asc.queue<vecout, 2>
!mm_plain = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!mm_batch = !asc.matmul<a = <gm, nd, f16, layout = normal>, b = <gm, nd, f16, layout = normal>, c = <gm, nd, f32, layout = normal>>
!mm_nbatch = !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, layout = bsngd>, c = <gm, nd, f32, layout = bngs1s2>, config = <norm, is_n_batch = true>>

func.func @random_68963(%a: !asc.gm_addr {asc.no_alias}, %b: !asc.gm_addr {asc.no_alias}, %x: !asc.gm_addr {asc.no_alias}, %c: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias, asc.workspace}, %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
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
  %t25 = asc.queue.alloc_tensor %qo : !q_out -> !ubo_f32
  asc.queue.enque %qo, %t25 : !q_out, !ubo_f32
  %u27 = asc.queue.deque %qo : !q_out -> !ubo_f32
  asc.data_copy %v20, %u27, %k21 : !gm_f32, !ubo_f32
  asc.queue.free_tensor %qo, %u27 : !q_out, !ubo_f32
  %k48 = arith.constant 2048 : i64
  %v49 = asc.subview %g_c[%k48] : !gm_f32
  asc.matmul.iterate_batch %mm0, %v49 batch(%nb, %nb) {sync = false, wait_iterate_batch = true} : !mm_batch, !gm_f32
  %k50 = arith.constant 3072 : i64
  %v51 = asc.subview %g_y_alias[%k50] : !gm_f32
  asc.matmul.iterate_all %mm2, %v51 {sync = false} : !mm_plain, !gm_f32
  %u58 = asc.queue.deque %qh : !q_h -> !ub_h
  asc.queue.free_tensor %qh, %u58 : !q_h, !ub_h
  asc.matmul.wait_iterate_batch %mm0 : !mm_batch
  asc.matmul.set_tensor_a %mm2, %v10 : !mm_plain, !gm_f16
  asc.matmul.iterate_all %mm2, %v51 : !mm_plain, !gm_f32
  %k66 = arith.constant 512 : index
  %k67 = arith.constant 4096 : index
  %k68 = arith.constant 0 : index
  %o69 = arith.muli %k68, %k66 : index
  %o70 = arith.addi %o69, %k67 : index
  %o71 = arith.index_cast %o70 : index to i64
  %v72 = asc.subview %g_ws[%o71] : !gm_f32
  asc.matmul.iterate_all %mm1, %v72 {sync = false, wait_iterate_all = true, asc.output_elements = 512 : i64} : !mm_plain, !gm_f32
  %k73 = arith.constant 2 : index
  %k74 = arith.constant 1 : index
  %k75 = arith.constant 1 : index
  %k76 = arith.constant 1 : index
  %r79 = scf.for %tile77 = %c0 to %k73 step %c1 iter_args(%t78 = %k74) -> (index) {
    asc.matmul.wait_iterate_all %mm1 : !mm_plain
    %o80 = arith.addi %tile77, %k75 : index
    %o81 = arith.muli %o80, %k66 : index
    %o82 = arith.addi %o81, %k67 : index
    %o83 = arith.index_cast %o82 : index to i64
    %v84 = asc.subview %g_ws[%o83] : !gm_f32
    asc.matmul.set_tensor_a %mm1, %g_x : !mm_plain, !gm_f16
    asc.matmul.iterate_all %mm1, %v84 {sync = false, wait_iterate_all = true, asc.output_elements = 512 : i64} : !mm_plain, !gm_f32
    %o85 = arith.addi %tile77, %k76 : index
    scf.yield %o85 : index
  }
  %carry0 = arith.constant 2 : index
  %o86 = arith.addi %r79, %carry0 : index
  %o87 = arith.muli %o86, %k66 : index
  %o88 = arith.addi %o87, %k67 : index
  %o89 = arith.index_cast %o88 : index to i64
  %v90 = asc.subview %g_ws[%o89] : !gm_f32
  %t91 = asc.queue.alloc_tensor %qv : !q_f32 -> !ub_f32
  %k92 = arith.constant 512 : i32
  asc.data_copy %t91, %v90, %k92 : !ub_f32, !gm_f32
  asc.matmul.wait_iterate_all %mm1 : !mm_plain
  return
}
