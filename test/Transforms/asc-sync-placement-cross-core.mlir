// RUN: asc-opt %s -split-input-file --asc-sync-placement | FileCheck %s
// RUN: asc-opt %s -split-input-file --asc-sync-placement --asc-verify-sync > /dev/null
//
// Rule O9 between cores: a cross-core flag's set or SyncAll publishes this
// core's work to other cores, which may read C after them; a cross-core
// wait or SyncAll lets this core see what the others wrote, A included.
// So a wait never sinks past a set or SyncAll, and an issue is never
// hoisted above a cross-core wait or SyncAll (spec section 2c, O6/O7).

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The wait sinks past independent vector work and stops at the set: the
// cube core reads C after its wait for the flag.
// CHECK-LABEL: func.func @wait_stops_at_cross_core_set
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: asc.adds
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.cross_core_set_flag
func.func @wait_stops_at_cross_core_set(%c: !gm, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %flag = arith.constant 3 : i32
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.cross_core_set_flag mode 2, pipe_mte3, %flag
  asc.muls %u, %u, %s, %n : !ub, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The same at a SyncAll: every vector core may read C after it.
// CHECK-LABEL: func.func @wait_stops_at_sync_all
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.sync_all
func.func @wait_stops_at_sync_all(%c: !gm, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.sync_all
  asc.adds %u, %u, %s, %n : !ub, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The issue is not hoisted above the cross-core wait: another core may
// write A before setting the flag.
// CHECK-LABEL: func.func @issue_stays_after_cross_core_wait
// CHECK:      asc.adds
// CHECK-NEXT: asc.cross_core_wait_flag
// CHECK-NEXT: asc.matmul.iterate_all
func.func @issue_stays_after_cross_core_wait(%c: !gm, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %flag = arith.constant 4 : i32
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.cross_core_wait_flag %flag
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.data_copy %u, %c, %n : !ub, !gm
  return
}
