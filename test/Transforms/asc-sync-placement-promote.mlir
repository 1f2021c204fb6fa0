// RUN: asc-opt %s -split-input-file --asc-sync-placement=promote-sync | FileCheck %s
// RUN: asc-opt %s -split-input-file --asc-sync-placement=promote-sync --asc-verify-sync > /dev/null
// Without the option, synchronous calls stay synchronous:
// RUN: asc-opt %s -split-input-file --asc-sync-placement | FileCheck %s --check-prefix=KEEP

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A synchronous IterateAll to GM becomes async, with its wait before the read.
// CHECK-LABEL: func.func @promote_iterate_all
// CHECK:      asc.matmul.iterate_all %{{.*}} {sync = false, wait_iterate_all = true}
// CHECK-NEXT: asc.adds
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.data_copy
// KEEP-LABEL: func.func @promote_iterate_all
// KEEP:       asc.matmul.iterate_all %{{[^{]*}} : !matmul
func.func @promote_iterate_all(%c: !gm, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.data_copy %u, %c, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = normal>, b = <gm, nd, f16, layout = normal>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A mix-form IterateBatch to GM is promoted too.
// CHECK-LABEL: func.func @promote_iterate_batch
// CHECK:      asc.matmul.iterate_batch %{{.*}} {sync = false, wait_iterate_batch = true}
// CHECK-NEXT: asc.adds
// CHECK-NEXT: asc.matmul.wait_iterate_batch
// CHECK-NEXT: asc.data_copy
func.func @promote_iterate_batch(%c: !gm, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_batch %mm, %c batch(%n, %n) : !mm, !gm
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.data_copy %u, %c, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = normal>, b = <gm, nd, f16, layout = normal>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecout, f32>

// Calls whose async form the spec forbids stay synchronous: a local output,
// the cube-only batch form, and a local batch output.
// CHECK-LABEL: func.func @not_promotable
// CHECK:      asc.matmul.iterate_all %{{[^{]*}} : !matmul, !asc.local_tensor
// CHECK-NEXT: asc.matmul.set_tensor_a
// CHECK-NEXT: asc.matmul.iterate_batch %{{[^{]*}} : !matmul, !asc.global_tensor
// CHECK-NEXT: asc.matmul.set_tensor_a
// CHECK-NEXT: asc.pipe_barrier pipe_mte2
// CHECK-NEXT: asc.matmul.iterate_batch %{{.*}} {en_sequential_write = true}
// CHECK-NOT:  wait
func.func @not_promotable(%c: !gm, %u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %u : !mm, !ub
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_batch %mm, %c : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  // Both copies into %u are MTE2 (rule P7).
  asc.pipe_barrier pipe_mte2
  asc.matmul.iterate_batch %mm, %u batch(%n, %n) {en_sequential_write = true} : !mm, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// A module with a cube-only kernel defines ASCENDC_CUBE_ONLY: its Matmul
// objects are cube-side ones, which have no waits, so nothing is promoted.
// CHECK-LABEL: func.func @cube_only_stays_sync
// CHECK:       asc.matmul.iterate_all %{{[^{]*}} : !matmul
// CHECK-NOT:   wait_iterate_all
// CHECK-LABEL: func.func @helper_in_cube_only_module
// CHECK:       asc.matmul.iterate_all %{{[^{]*}} : !matmul
// CHECK-NOT:   wait_iterate_all
func.func @cube_only_stays_sync(%p: !asc.gm_addr, %a_in: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel, asc.cube_only} {
  %c = asc.set_global_buffer %p : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  asc.matmul.end %mm : !mm
  return
}
func.func @helper_in_cube_only_module(%c: !gm, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  asc.matmul.end %mm : !mm
  return
}
