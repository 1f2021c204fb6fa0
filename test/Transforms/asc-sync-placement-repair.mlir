// RUN: asc-opt %s -split-input-file --asc-sync-placement=repair-missing-waits -verify-diagnostics | FileCheck %s
// RUN: asc-opt %s -split-input-file --asc-sync-placement=repair-missing-waits --asc-verify-sync > /dev/null 2>&1

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The missing wait is inserted at the latest legal point, with a remark.
// CHECK-LABEL: func.func @missing_wait
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: asc.adds
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.data_copy
func.func @missing_wait(%c: !gm, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // expected-remark @+1 {{inserted the missing 'asc.matmul.wait_iterate_all' for this issue}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.data_copy %u, %c, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A missing wait inside a loop body lands before the end of the iteration.
// CHECK-LABEL: func.func @missing_wait_in_loop
// CHECK:      scf.for
// CHECK-NEXT:   asc.matmul.set_tensor_a
// CHECK-NEXT:   asc.matmul.iterate_all
// CHECK-NEXT:   asc.adds
// CHECK-NEXT:   asc.matmul.wait_iterate_all
// CHECK-NEXT: }
func.func @missing_wait_in_loop(%c: !gm, %u: !ub, %s: f32, %n: i32, %lb: index, %ub: index, %step: index, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  scf.for %i = %lb to %ub step %step {
    asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
    // expected-remark @+1 {{inserted the missing}}
    asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.adds %u, %u, %s, %n : !ub, !ub
  }
  return
}

