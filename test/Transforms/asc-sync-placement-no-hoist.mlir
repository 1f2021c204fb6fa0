// RUN: asc-opt %s --asc-sync-placement=hoist-issues=false | FileCheck %s
// RUN: asc-opt %s --asc-sync-placement | FileCheck %s --check-prefix=HOIST
// RUN: asc-opt %s --asc-sync-placement=hoist-issues=false --asc-verify-sync > /dev/null

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// hoist-issues=false leaves issues where they are and still sinks waits.
// CHECK-LABEL: func.func @no_hoist
// CHECK:      asc.adds
// CHECK-NEXT: asc.matmul.iterate_all
// CHECK-NEXT: asc.muls
// CHECK-NEXT: asc.matmul.wait_iterate_all
// HOIST-LABEL: func.func @no_hoist
// HOIST:      asc.matmul.set_tensor_a
// HOIST-NEXT: asc.matmul.iterate_all
// HOIST-NEXT: asc.adds
// HOIST-NEXT: asc.muls
// HOIST-NEXT: asc.matmul.wait_iterate_all
func.func @no_hoist(%c: !gm, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.muls %u, %u, %s, %n : !ub, !ub
  return
}
