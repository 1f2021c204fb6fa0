// RUN: asc-opt %s -split-input-file --asc-sync-placement -verify-diagnostics | FileCheck %s
// RUN: asc-opt %s -split-input-file --asc-verify-sync -verify-diagnostics -o /dev/null

// asc.output_elements: a Matmul call that states the extent of its output
// lets the analyses prove it disjoint from the next tile of the same
// buffer, so that calls of two objects on neighbouring tiles may be in
// flight together; a statement that runs into the next tile does not.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// Each tile is 256 floats, stated: mm1's issue rises above mm0's wait, and
// mm0's wait sinks past the vector work to the read of its tile.
// CHECK-LABEL: func.func @two_tiles_stated
// CHECK:      asc.matmul.iterate_all %[[MM0:[0-9]+]], %[[C0:[0-9]+]] {asc.output_elements = 256 : i64
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM1:[0-9]+]]
// CHECK-NEXT: asc.matmul.set_tensor_b %[[MM1]]
// CHECK-NEXT: asc.matmul.iterate_all %[[MM1]], %[[C1:[0-9]+]] {asc.output_elements = 256 : i64
// CHECK-NEXT: asc.adds
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM0]]
// CHECK-NEXT: asc.data_copy %{{.*}}, %[[C0]]
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM1]]
// CHECK-NEXT: asc.data_copy %{{.*}}, %[[C1]]
func.func @two_tiles_stated(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %u: !ub, %s: f32) {
  %a = asc.set_global_buffer %pa : !ga
  %c256 = arith.constant 256 : i64
  %n = arith.constant 256 : i32
  %c0 = asc.set_global_buffer %pc : !gm
  %c1 = asc.set_global_buffer %pc[%c256] : !gm
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm0, %a : !mm, !ga
  asc.matmul.set_tensor_b %mm0, %a : !mm, !ga
  asc.matmul.iterate_all %mm0, %c0 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  asc.matmul.wait_iterate_all %mm0 : !mm
  asc.matmul.set_tensor_a %mm1, %a : !mm, !ga
  asc.matmul.set_tensor_b %mm1, %a : !mm, !ga
  asc.matmul.iterate_all %mm1, %c1 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  asc.matmul.wait_iterate_all %mm1 : !mm
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.data_copy %u, %c0, %n : !ub, !gm
  asc.data_copy %u, %c1, %n : !ub, !gm
  asc.matmul.end %mm0 : !mm
  asc.matmul.end %mm1 : !mm
  return
}

// Unstated, mm0's output may run on into mm1's tile: its wait stays before
// mm1's issue.
// CHECK-LABEL: func.func @two_tiles_unstated
// CHECK:      asc.matmul.iterate_all %[[MM0:[0-9]+]]
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM1:[0-9]+]]
// CHECK-NEXT: asc.matmul.set_tensor_b %[[MM1]]
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM0]]
// CHECK-NEXT: asc.matmul.iterate_all %[[MM1]]
func.func @two_tiles_unstated(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %u: !ub, %s: f32) {
  %a = asc.set_global_buffer %pa : !ga
  %c256 = arith.constant 256 : i64
  %n = arith.constant 256 : i32
  %c0 = asc.set_global_buffer %pc : !gm
  %c1 = asc.set_global_buffer %pc[%c256] : !gm
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm0, %a : !mm, !ga
  asc.matmul.set_tensor_b %mm0, %a : !mm, !ga
  asc.matmul.iterate_all %mm0, %c0 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm0 : !mm
  asc.matmul.set_tensor_a %mm1, %a : !mm, !ga
  asc.matmul.set_tensor_b %mm1, %a : !mm, !ga
  asc.matmul.iterate_all %mm1, %c1 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm1 : !mm
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.data_copy %u, %c0, %n : !ub, !gm
  asc.data_copy %u, %c1, %n : !ub, !gm
  asc.matmul.end %mm0 : !mm
  asc.matmul.end %mm1 : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// Two calls in flight on neighbouring tiles, the first stated one element
// too long: it runs into the second's tile, a race the statement cannot
// hide.
func.func @stated_into_the_next_tile(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}) {
  %a = asc.set_global_buffer %pa : !ga
  %c256 = arith.constant 256 : i64
  %c0 = asc.set_global_buffer %pc : !gm
  %c1 = asc.set_global_buffer %pc[%c256] : !gm
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm0, %a : !mm, !ga
  asc.matmul.set_tensor_b %mm0, %a : !mm, !ga
  // expected-note @+1 {{the async issue writing that output}}
  asc.matmul.iterate_all %mm0, %c0 {sync = false, wait_iterate_all = true, asc.output_elements = 257 : i64} : !mm, !gm
  asc.matmul.set_tensor_a %mm1, %a : !mm, !ga
  asc.matmul.set_tensor_b %mm1, %a : !mm, !ga
  // expected-error @+1 {{may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
  asc.matmul.iterate_all %mm1, %c1 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  asc.matmul.wait_iterate_all %mm0 : !mm
  asc.matmul.wait_iterate_all %mm1 : !mm
  asc.matmul.end %mm0 : !mm
  asc.matmul.end %mm1 : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!uh = !asc.local_tensor<vecin, f16>

// A stated output bounds what the call writes, not what it reads: writing
// A while the call runs is still a race.
func.func @stated_output_inputs_in_flight(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %u: !uh) {
  %a = asc.set_global_buffer %pa : !ga
  %n = arith.constant 256 : i32
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  asc.matmul.set_tensor_b %mm, %a : !mm, !ga
  // expected-note @+1 {{the async issue reading that input}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  // expected-error @+1 {{may write memory that an async 'asc.matmul.iterate_all' reads while it runs}}
  asc.data_copy %a, %u, %n : !ga, !uh
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}
