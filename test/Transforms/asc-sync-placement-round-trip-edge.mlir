// RUN: asc-opt %s -split-input-file --asc-sync-placement=promote-sync | FileCheck %s
// RUN: asc-opt %s -split-input-file --asc-sync-placement=promote-sync | asc-opt -split-input-file --asc-verify-sync > /dev/null
// RUN: asc-opt %s -split-input-file --asc-sync-placement="promote-sync emit-remarks" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
//
// A wait orders the vector core's work that its issue's post saw (the
// scalar unit's and MTE3's, O8) before everything after it: a synchronous
// call's round trip, or an async call's wait, may be the only thing that
// orders a copy in after an earlier copy out of the same bytes (a spill to
// GM and its reload, a UB buffer copied out and refilled). The wait does
// not sink past such a copy, and the issue is not hoisted above the copy
// out (O9); where a flag of the kernel's own orders the pair, both move.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gh = !asc.global_tensor<f16>
!gf = !asc.global_tensor<f32>
!ui = !asc.local_tensor<vecin, f16>

// The spill to GM and its reload into the same UB buffer, ordered by the
// synchronous IterateAll's round trip only.
// CHECK-LABEL: func.func @reload_after_round_trip
// CHECK:      asc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !asc.global_tensor<f16>, !asc.local_tensor<vecin, f16>
// CHECK:      asc.matmul.iterate_all {{.*}}sync = false
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>
// REMARK: remark: wait placed before 'asc.data_copy': it touches bytes that the vector core's work before the post touched, which only the wait orders before it (spec section 2c, O8, O9)
func.func @reload_after_round_trip(%pa: !asc.gm_addr {asc.no_alias}, %pb: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %ps: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  %n = arith.constant 64 : i32
  %e = arith.constant 0 : i32
  %q = asc.queue.create : !asc.queue<vecin, 1>
  %a = asc.set_global_buffer %pa : !gh
  %b = asc.set_global_buffer %pb : !gh
  %c = asc.set_global_buffer %pc : !gf
  %sp = asc.set_global_buffer %ps : !gh
  %mm = asc.matmul.create : !mm
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ui
  asc.data_copy %t, %a, %n : !ui, !gh
  asc.set_flag mte2_mte3, %e
  asc.wait_flag mte2_mte3, %e
  asc.data_copy %sp, %t, %n : !gh, !ui
  asc.matmul.set_tensor_a %mm, %a : !mm, !gh
  asc.matmul.set_tensor_b %mm, %b : !mm, !gh
  asc.matmul.iterate_all %mm, %c : !mm, !gf
  asc.data_copy %t, %sp, %n : !ui, !gh
  asc.queue.free_tensor %q, %t : !asc.queue<vecin, 1>, !ui
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gh = !asc.global_tensor<f16>
!gf = !asc.global_tensor<f32>
!ui = !asc.local_tensor<vecin, f16>

// The reload goes into a buffer of another queue: only the GM pair (the
// spill's MTE3 write, the reload's MTE2 read) relies on the round trip,
// which the checker leaves to asc-run; the wait keeps it all the same.
// CHECK-LABEL: func.func @gm_reload_after_round_trip
// CHECK:      asc.matmul.iterate_all {{.*}}sync = false
// CHECK-NEXT: asc.queue.alloc_tensor
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>
func.func @gm_reload_after_round_trip(%pa: !asc.gm_addr {asc.no_alias}, %pb: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %ps: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  %n = arith.constant 64 : i32
  %e = arith.constant 0 : i32
  %q = asc.queue.create : !asc.queue<vecin, 1>
  %r = asc.queue.create : !asc.queue<vecin, 1>
  %a = asc.set_global_buffer %pa : !gh
  %b = asc.set_global_buffer %pb : !gh
  %c = asc.set_global_buffer %pc : !gf
  %sp = asc.set_global_buffer %ps : !gh
  %mm = asc.matmul.create : !mm
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ui
  asc.data_copy %t, %a, %n : !ui, !gh
  asc.set_flag mte2_mte3, %e
  asc.wait_flag mte2_mte3, %e
  asc.data_copy %sp, %t, %n : !gh, !ui
  asc.queue.free_tensor %q, %t : !asc.queue<vecin, 1>, !ui
  asc.matmul.set_tensor_a %mm, %a : !mm, !gh
  asc.matmul.set_tensor_b %mm, %b : !mm, !gh
  asc.matmul.iterate_all %mm, %c : !mm, !gf
  %u = asc.queue.alloc_tensor %r : !asc.queue<vecin, 1> -> !ui
  asc.data_copy %u, %sp, %n : !ui, !gh
  asc.queue.free_tensor %r, %u : !asc.queue<vecin, 1>, !ui
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gh = !asc.global_tensor<f16>
!gf = !asc.global_tensor<f32>
!ui = !asc.local_tensor<vecin, f16>

// The kernel orders the reload after the spill with its own MTE3_MTE2 pair:
// the wait sinks past the reload, and past End, which completes nothing.
// CHECK-LABEL: func.func @reload_after_own_flag
// CHECK:      asc.matmul.iterate_all {{.*}}sync = false
// CHECK-NEXT: asc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>
// CHECK:      asc.matmul.end
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: return
func.func @reload_after_own_flag(%pa: !asc.gm_addr {asc.no_alias}, %pb: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %ps: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  %n = arith.constant 64 : i32
  %e = arith.constant 0 : i32
  %q = asc.queue.create : !asc.queue<vecin, 1>
  %a = asc.set_global_buffer %pa : !gh
  %b = asc.set_global_buffer %pb : !gh
  %c = asc.set_global_buffer %pc : !gf
  %sp = asc.set_global_buffer %ps : !gh
  %mm = asc.matmul.create : !mm
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ui
  asc.data_copy %t, %a, %n : !ui, !gh
  asc.set_flag mte2_mte3, %e
  asc.wait_flag mte2_mte3, %e
  asc.data_copy %sp, %t, %n : !gh, !ui
  asc.set_flag mte3_mte2, %e
  asc.wait_flag mte3_mte2, %e
  asc.matmul.set_tensor_a %mm, %a : !mm, !gh
  asc.matmul.set_tensor_b %mm, %b : !mm, !gh
  asc.matmul.iterate_all %mm, %c : !mm, !gf
  asc.data_copy %t, %sp, %n : !ui, !gh
  asc.queue.free_tensor %q, %t : !asc.queue<vecin, 1>, !ui
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gh = !asc.global_tensor<f16>
!gf = !asc.global_tensor<f32>
!ui = !asc.local_tensor<vecin, f16>

// An async IterateAll written after the spill: hoisted above it, its post
// would not see the spill and its wait would not order the reload after
// it. The issue stays below the spill, the wait above the reload.
// CHECK-LABEL: func.func @issue_stays_below_spill
// CHECK:      asc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !asc.global_tensor<f16>, !asc.local_tensor<vecin, f16>
// CHECK-NEXT: asc.matmul.iterate_all
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>
func.func @issue_stays_below_spill(%pa: !asc.gm_addr {asc.no_alias}, %pb: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %ps: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  %n = arith.constant 64 : i32
  %e = arith.constant 0 : i32
  %q = asc.queue.create : !asc.queue<vecin, 1>
  %a = asc.set_global_buffer %pa : !gh
  %b = asc.set_global_buffer %pb : !gh
  %c = asc.set_global_buffer %pc : !gf
  %sp = asc.set_global_buffer %ps : !gh
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !gh
  asc.matmul.set_tensor_b %mm, %b : !mm, !gh
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ui
  asc.data_copy %t, %a, %n : !ui, !gh
  asc.set_flag mte2_mte3, %e
  asc.wait_flag mte2_mte3, %e
  asc.data_copy %sp, %t, %n : !gh, !ui
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gf
  asc.matmul.wait_iterate_all %mm : !mm
  asc.data_copy %t, %sp, %n : !ui, !gh
  asc.queue.free_tensor %q, %t : !asc.queue<vecin, 1>, !ui
  asc.matmul.end %mm : !mm
  return
}
