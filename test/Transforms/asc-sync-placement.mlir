// RUN: asc-opt %s -split-input-file --asc-sync-placement | FileCheck %s
// The result keeps the protocol:
// RUN: asc-opt %s -split-input-file --asc-sync-placement --asc-verify-sync > /dev/null
// Running the pass twice equals running it once:
// RUN: asc-opt %s -split-input-file --asc-sync-placement > %t.once
// RUN: asc-opt %t.once -split-input-file --asc-sync-placement > %t.twice
// RUN: diff %t.once %t.twice
// Re-checking the whole function instead of the reordered ops (the
// incremental re-check has its own test, test-asc-incremental-recheck)
// places the same:
// RUN: asc-opt %s -split-input-file --asc-sync-placement=incremental-recheck=false > %t.whole
// RUN: diff %t.once %t.whole

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The hand-placed wait moves past independent vector work to the first read
// of C.
// CHECK-LABEL: func.func @straight_line
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: asc.adds
// CHECK-NEXT: asc.muls
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.data_copy
func.func @straight_line(%c: !gm, %u: !ub, %v: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.adds %v, %v, %s, %n : !ub, !ub
  asc.muls %v, %v, %s, %n : !ub, !ub
  asc.data_copy %u, %c, %n : !ub, !gm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A wait already at its latest legal point stays.
// CHECK-LABEL: func.func @already_latest
// CHECK:      asc.adds
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.data_copy
func.func @already_latest(%c: !gm, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.matmul.wait_iterate_all %mm : !mm
  asc.data_copy %u, %c, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Spec shape 4: loading and scaling the bias overlaps the cube unit; the wait
// lands right before the DataCopy that reads C.
// CHECK-LABEL: func.func @bias_overlap
// CHECK:      asc.matmul.iterate_all %[[MM:.*]], %[[C:[^ ]*]] {sync = false
// CHECK-NEXT: asc.data_copy %[[BIAS_UB:.*]], %[[BIAS:.*]], %{{.*}} :
// CHECK-NEXT: asc.muls
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM]]
// CHECK-NEXT: asc.data_copy %{{.*}}, %[[C]]
func.func @bias_overlap(%a: !asc.gm_addr {asc.no_alias}, %bias_ptr: !asc.gm_addr {asc.no_alias}, %u: !ub, %v: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %a : !gm
  %bias = asc.set_global_buffer %bias_ptr : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.data_copy %v, %bias, %n : !ub, !gm
  asc.muls %v, %v, %s, %n : !ub, !ub
  asc.data_copy %u, %c, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A read through a sub-view inside C's range stops the wait.
// CHECK-LABEL: func.func @aliasing_subview
// CHECK:      asc.muls
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.data_copy
func.func @aliasing_subview(%ptr: !asc.gm_addr, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = arith.constant 0 : i64
  %c256 = arith.constant 256 : i64
  %c1024 = arith.constant 1024 : i64
  %c = asc.set_global_buffer %ptr[%c0], %c1024 : !gm
  %row = asc.subview %c[%c256] : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.muls %u, %u, %s, %n : !ub, !ub
  asc.data_copy %u, %row, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A read of 1024 elements before the output's first element is disjoint
// from it and does not stop the wait.
// CHECK-LABEL: func.func @disjoint_subview
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: asc.data_copy
// CHECK-NEXT: asc.muls
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.data_copy
func.func @disjoint_subview(%ptr: !asc.gm_addr, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = arith.constant 0 : i64
  %c1024 = arith.constant 1024 : i64
  %c1024_i32 = arith.constant 1024 : i32
  %head = asc.set_global_buffer %ptr[%c0], %c1024 : !gm
  %c = asc.subview %head[%c1024] : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.data_copy %u, %head, %c1024_i32 : !ub, !gm
  asc.muls %u, %u, %s, %n : !ub, !ub
  asc.data_copy %u, %c, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The output's footprint is the whole block from its first element, not the
// declared 1024 elements: a read further on stops the wait.
// CHECK-LABEL: func.func @read_past_declared_size
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.data_copy
func.func @read_past_declared_size(%ptr: !asc.gm_addr, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = arith.constant 0 : i64
  %c1024 = arith.constant 1024 : i64
  %c = asc.set_global_buffer %ptr[%c0], %c1024 : !gm
  %next = asc.subview %c[%c1024] : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.data_copy %u, %next, %n : !ub, !gm
  asc.muls %u, %u, %s, %n : !ub, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Distinct no_alias arguments never alias: writing the other output does not
// stop the wait.
// CHECK-LABEL: func.func @distinct_no_alias
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: asc.data_copy
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.data_copy
func.func @distinct_no_alias(%c_ptr: !asc.gm_addr {asc.no_alias}, %y_ptr: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %y = asc.set_global_buffer %y_ptr : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.data_copy %y, %u, %n : !gm, !ub
  asc.data_copy %u, %c, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Two arguments without no_alias may alias: the write to the other one stops
// the wait.
// CHECK-LABEL: func.func @arguments_may_alias
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.data_copy
func.func @arguments_may_alias(%c_ptr: !asc.gm_addr, %y_ptr: !asc.gm_addr, %u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %y = asc.set_global_buffer %y_ptr : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.data_copy %y, %u, %n : !gm, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// End completes nothing and leaves a pending call pending (spec revision
// 4): the wait sinks past it to the return.
// CHECK-LABEL: func.func @sinks_past_end
// CHECK:      asc.adds
// CHECK-NEXT: asc.matmul.end
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: return
func.func @sinks_past_end(%c: !gm, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Without a later conflict the wait goes right before the return.
// CHECK-LABEL: func.func @stops_at_return
// CHECK:      asc.adds
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: return
func.func @stops_at_return(%c: !gm, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.adds %u, %u, %s, %n : !ub, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A new workspace for the next round stops the wait.
// CHECK-LABEL: func.func @stops_at_reconfigure
// CHECK:      asc.adds
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.matmul.set_workspace
// CHECK-NEXT: asc.matmul.set_tensor_a
func.func @stops_at_reconfigure(%a: !asc.global_tensor<f16>, %c: !gm, %ws: !gm, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.matmul.set_workspace %mm, %ws : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The setters that stage the next issue's message work on a snapshot: the
// wait sinks past them and stops at the next issue.
// CHECK-LABEL: func.func @sinks_past_next_setters
// CHECK:      asc.adds
// CHECK-NEXT: asc.matmul.set_tensor_a
// CHECK-NEXT: asc.matmul.set_tensor_b
// CHECK-NEXT: asc.matmul.set_tail
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.matmul.iterate_all
func.func @sinks_past_next_setters(%a: !asc.global_tensor<f16>, %c: !gm, %u: !ub, %s: f32, %n: i32, %m: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.matmul.set_tensor_a %mm, %a : !mm, !asc.global_tensor<f16>
  asc.matmul.set_tensor_b %mm, %a : !mm, !asc.global_tensor<f16>
  asc.matmul.set_tail %mm, %m, %m, %m : !mm
  asc.matmul.iterate_all %mm, %c : !mm, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

func.func private @opaque()

// A call with unknown memory effects stops the wait.
// CHECK-LABEL: func.func @stops_at_unknown_call
// CHECK:      asc.adds
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: call @opaque
func.func @stops_at_unknown_call(%c: !gm, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.adds %u, %u, %s, %n : !ub, !ub
  func.call @opaque() : () -> ()
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A conflict in the then-branch only: the then-branch waits before it, the
// new else-branch waits at its end.
// CHECK-LABEL: func.func @if_conflict_in_then
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: scf.if
// CHECK-NEXT:   asc.adds
// CHECK-NEXT:   asc.matmul.wait_iterate_all
// CHECK-NEXT:   asc.data_copy
// CHECK-NEXT: } else {
// CHECK-NEXT:   asc.matmul.wait_iterate_all
// CHECK-NEXT: }
// CHECK-NEXT: asc.muls
func.func @if_conflict_in_then(%c: !gm, %u: !ub, %cond: i1, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  scf.if %cond {
    asc.adds %u, %u, %s, %n : !ub, !ub
    asc.data_copy %u, %c, %n : !ub, !gm
  }
  asc.muls %u, %u, %s, %n : !ub, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Conflicts in both branches: each branch waits before its own conflict.
// CHECK-LABEL: func.func @if_conflict_in_both
// CHECK:      scf.if
// CHECK-NEXT:   asc.adds
// CHECK-NEXT:   asc.matmul.wait_iterate_all
// CHECK-NEXT:   asc.data_copy
// CHECK-NEXT: } else {
// CHECK-NEXT:   asc.muls
// CHECK-NEXT:   asc.muls
// CHECK-NEXT:   asc.matmul.wait_iterate_all
// CHECK-NEXT:   asc.data_copy
// CHECK-NEXT: }
func.func @if_conflict_in_both(%c: !gm, %u: !ub, %cond: i1, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  scf.if %cond {
    asc.adds %u, %u, %s, %n : !ub, !ub
    asc.data_copy %u, %c, %n : !ub, !gm
  } else {
    asc.muls %u, %u, %s, %n : !ub, !ub
    asc.muls %u, %u, %s, %n : !ub, !ub
    asc.data_copy %u, %c, %n : !ub, !gm
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// No conflict in either branch: the wait passes the whole if.
// CHECK-LABEL: func.func @if_conflict_in_neither
// CHECK:      scf.if
// CHECK-NOT:  asc.matmul.wait_iterate_all
// CHECK:      } else {
// CHECK-NOT:  asc.matmul.wait_iterate_all
// CHECK:      }
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.data_copy
func.func @if_conflict_in_neither(%c: !gm, %u: !ub, %cond: i1, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  scf.if %cond {
    asc.adds %u, %u, %s, %n : !ub, !ub
  } else {
    asc.muls %u, %u, %s, %n : !ub, !ub
  }
  asc.data_copy %u, %c, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A conflict in the existing else-branch only.
// CHECK-LABEL: func.func @if_conflict_in_else
// CHECK:      scf.if
// CHECK-NEXT:   asc.adds
// CHECK-NEXT:   asc.matmul.wait_iterate_all
// CHECK-NEXT: } else {
// CHECK-NEXT:   asc.matmul.wait_iterate_all
// CHECK-NEXT:   asc.data_copy
// CHECK-NEXT: }
func.func @if_conflict_in_else(%c: !gm, %u: !ub, %cond: i1, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  scf.if %cond {
    asc.adds %u, %u, %s, %n : !ub, !ub
  } else {
    asc.data_copy %u, %c, %n : !ub, !gm
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Nested ifs: the wait follows the conflict into the inner branch.
// CHECK-LABEL: func.func @nested_if
// CHECK:      scf.if
// CHECK-NEXT:   scf.if
// CHECK-NEXT:     asc.matmul.wait_iterate_all
// CHECK-NEXT:     asc.data_copy
// CHECK-NEXT:   } else {
// CHECK-NEXT:     asc.matmul.wait_iterate_all
// CHECK-NEXT:   }
// CHECK-NEXT: } else {
// CHECK-NEXT:   asc.matmul.wait_iterate_all
// CHECK-NEXT: }
func.func @nested_if(%c: !gm, %u: !ub, %p: i1, %q: i1, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  scf.if %p {
    scf.if %q {
      asc.data_copy %u, %c, %n : !ub, !gm
    }
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The first conflict is inside a loop: the wait goes right before the loop,
// never into it.
// CHECK-LABEL: func.func @conflict_in_loop
// CHECK:      asc.muls
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: scf.for
// CHECK-NOT:  asc.matmul.wait_iterate_all
// CHECK:      return
func.func @conflict_in_loop(%c: !gm, %u: !ub, %s: f32, %n: i32, %lb: index, %ub: index, %step: index, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.muls %u, %u, %s, %n : !ub, !ub
  scf.for %i = %lb to %ub step %step {
    asc.adds %u, %u, %s, %n : !ub, !ub
    asc.data_copy %u, %c, %n : !ub, !gm
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A loop without a conflict overlaps the cube unit as a whole.
// CHECK-LABEL: func.func @loop_without_conflict
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: scf.for
// CHECK-NEXT:   asc.adds
// CHECK-NEXT: }
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.data_copy
func.func @loop_without_conflict(%c: !gm, %u: !ub, %s: f32, %n: i32, %lb: index, %ub: index, %step: index, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  scf.for %i = %lb to %ub step %step {
    asc.adds %u, %u, %s, %n : !ub, !ub
  }
  asc.data_copy %u, %c, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// An issue inside a loop keeps its wait inside the same iteration, before the
// iteration's read.
// CHECK-LABEL: func.func @issue_in_loop
// CHECK:      scf.for
// CHECK-NEXT:   asc.matmul.set_tensor_a
// CHECK-NEXT:   asc.matmul.iterate_all
// CHECK-NEXT:   asc.adds
// CHECK-NEXT:   asc.matmul.wait_iterate_all
// CHECK-NEXT:   asc.data_copy
// CHECK-NEXT: }
func.func @issue_in_loop(%c: !gm, %u: !ub, %s: f32, %n: i32, %lb: index, %ub: index, %step: index, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  scf.for %i = %lb to %ub step %step {
    asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
    asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.adds %u, %u, %s, %n : !ub, !ub
    asc.data_copy %u, %c, %n : !ub, !gm
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// An issue in a loop whose body never reads C waits at the end of the body.
// CHECK-LABEL: func.func @issue_in_loop_waits_at_yield
// CHECK:      scf.for
// CHECK-NEXT:   asc.matmul.set_tensor_a
// CHECK-NEXT:   asc.matmul.iterate_all
// CHECK-NEXT:   asc.adds
// CHECK-NEXT:   asc.matmul.wait_iterate_all
// CHECK-NEXT: }
func.func @issue_in_loop_waits_at_yield(%c: !gm, %u: !ub, %s: f32, %n: i32, %lb: index, %ub: index, %step: index, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  scf.for %i = %lb to %ub step %step {
    asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
    asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.adds %u, %u, %s, %n : !ub, !ub
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A conflict in an if nested in a loop keeps the wait in front of the loop.
// CHECK-LABEL: func.func @if_in_loop
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: scf.for
func.func @if_in_loop(%c: !gm, %u: !ub, %cond: i1, %n: i32, %lb: index, %ub: index, %step: index, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  scf.for %i = %lb to %ub step %step {
    scf.if %cond {
      asc.data_copy %u, %c, %n : !ub, !gm
    }
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Issue and wait both in a branch: the wait stays in the branch.
// CHECK-LABEL: func.func @issue_in_branch
// CHECK:      scf.if
// CHECK-NEXT:   asc.matmul.iterate_all
// CHECK-NEXT:   asc.adds
// CHECK-NEXT:   asc.matmul.wait_iterate_all
// CHECK-NEXT: }
func.func @issue_in_branch(%c: !gm, %u: !ub, %cond: i1, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  scf.if %cond {
    asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.adds %u, %u, %s, %n : !ub, !ub
  }
  asc.data_copy %u, %c, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Two objects interleaved: each issue moves up to its object's inputs and
// each wait stops at the read of its own output.
// CHECK-LABEL: func.func @two_objects
// CHECK:      %[[MM0:.*]] = asc.matmul.create
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM0]]
// CHECK-NEXT: asc.matmul.iterate_all %[[MM0]], %[[C0:[^ ]*]] {
// CHECK-NEXT: %[[MM1:.*]] = asc.matmul.create
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM1]]
// CHECK-NEXT: asc.matmul.iterate_all %[[MM1]], %[[C1:[^ ]*]] {
// CHECK-NEXT: asc.adds
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM0]]
// CHECK-NEXT: asc.data_copy %{{.*}}, %[[C0]]
// CHECK-NEXT: asc.muls
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM1]]
// CHECK-NEXT: asc.data_copy %{{.*}}, %[[C1]]
func.func @two_objects(%p0: !asc.gm_addr {asc.no_alias}, %p1: !asc.gm_addr {asc.no_alias}, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = asc.set_global_buffer %p0 : !gm
  %c1 = asc.set_global_buffer %p1 : !gm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  %mm0 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !asc.global_tensor<f16>
  %mm1 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm1, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm0, %c0 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.iterate_all %mm1, %c1 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm0 : !mm
  asc.matmul.wait_iterate_all %mm1 : !mm
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.data_copy %u, %c0, %n : !ub, !gm
  asc.muls %u, %u, %s, %n : !ub, !ub
  asc.data_copy %u, %c1, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Four objects, each with its own pending output, read in reverse order:
// the cube runs the calls in the order they are posted, so the issues are
// posted in the order their outputs are read.
// CHECK-LABEL: func.func @four_objects
// CHECK:      %[[MM0:.*]] = asc.matmul.create
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM0]]
// CHECK-NEXT: %[[MM1:.*]] = asc.matmul.create
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM1]]
// CHECK-NEXT: %[[MM2:.*]] = asc.matmul.create
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM2]]
// CHECK-NEXT: %[[MM3:.*]] = asc.matmul.create
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM3]]
// CHECK-NEXT: asc.matmul.iterate_all %[[MM3]], %[[C3:[^ ]*]] {
// CHECK-NEXT: asc.matmul.iterate_all %[[MM2]], %[[C2:[^ ]*]] {
// CHECK-NEXT: asc.matmul.iterate_all %[[MM1]], %[[C1:[^ ]*]] {
// CHECK-NEXT: asc.matmul.iterate_all %[[MM0]], %[[C0:[^ ]*]] {
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM3]]
// CHECK-NEXT: asc.data_copy %{{.*}}, %[[C3]],
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM2]]
// CHECK-NEXT: asc.data_copy %{{.*}}, %[[C2]],
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM1]]
// CHECK-NEXT: asc.data_copy %{{.*}}, %[[C1]],
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM0]]
// CHECK-NEXT: asc.data_copy %{{.*}}, %[[C0]],
// CHECK-NEXT: asc.matmul.end
func.func @four_objects(%p0: !asc.gm_addr {asc.no_alias}, %p1: !asc.gm_addr {asc.no_alias}, %p2: !asc.gm_addr {asc.no_alias}, %p3: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = asc.set_global_buffer %p0 : !gm
  %c1 = asc.set_global_buffer %p1 : !gm
  %c2 = asc.set_global_buffer %p2 : !gm
  %c3 = asc.set_global_buffer %p3 : !gm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  %mm0 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !asc.global_tensor<f16>
  %mm1 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm1, %a_t : !mm, !asc.global_tensor<f16>
  %mm2 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm2, %a_t : !mm, !asc.global_tensor<f16>
  %mm3 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm3, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm0, %c0 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm0 : !mm
  asc.matmul.iterate_all %mm1, %c1 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm1 : !mm
  asc.matmul.iterate_all %mm2, %c2 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm2 : !mm
  asc.matmul.iterate_all %mm3, %c3 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm3 : !mm
  asc.data_copy %u, %c3, %n : !ub, !gm
  asc.data_copy %u, %c2, %n : !ub, !gm
  asc.data_copy %u, %c1, %n : !ub, !gm
  asc.data_copy %u, %c0, %n : !ub, !gm
  asc.matmul.end %mm0 : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!ub = !asc.local_tensor<vecout, f32>
!other = !asc.local_tensor<vecin, f32>

// Async GetTensorC into UB: the block's extent (baseM x baseN, from the
// runtime tiling) is unknown, so it may run past its buffer into the buffer
// of another queue: the work on that buffer waits too. The async Iterate is
// an issue: it moves up to its setter.
// CHECK-LABEL: func.func @get_tensor_c_to_ub
// CHECK:      asc.matmul.set_tensor_a
// CHECK-NEXT: asc.matmul.iterate
// CHECK:      asc.matmul.get_tensor_c
// CHECK-NEXT: asc.queue.alloc_tensor
// CHECK-NEXT: asc.matmul.wait_get_tensor_c
// CHECK-NEXT: asc.adds %{{.*}} : !asc.local_tensor<vecin, f32>
// CHECK-NEXT: asc.muls
func.func @get_tensor_c_to_ub(%q: !asc.queue<vecout, 1>, %in: !asc.queue<vecin, 1>, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecout, 1> -> !ub
  %o = asc.queue.alloc_tensor %in : !asc.queue<vecin, 1> -> !other
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  asc.matmul.wait_get_tensor_c %mm : !mm
  asc.adds %o, %o, %s, %n : !other, !other
  asc.muls %t, %t, %s, %n : !ub, !ub
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = normal>, b = <gm, nd, f16, layout = normal>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Async IterateBatch to GM.
// CHECK-LABEL: func.func @iterate_batch
// CHECK:      asc.matmul.iterate_batch
// CHECK-NEXT: asc.adds
// CHECK-NEXT: asc.matmul.wait_iterate_batch
// CHECK-NEXT: asc.data_copy
func.func @iterate_batch(%c: !gm, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_batch %mm, %c batch(%n, %n) {sync = false, wait_iterate_batch = true} : !mm, !gm
  asc.matmul.wait_iterate_batch %mm : !mm
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.data_copy %u, %c, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, layout = bsngd>, c = <gm, nd, f32, layout = bsngd>, config = <norm, is_n_batch = true>>
!ub = !asc.local_tensor<vecin, f32>

// Async flagged IterateNBatch: its batches are read back from the workspace
// after the wait, and that read stops the wait.
// CHECK-LABEL: func.func @iterate_n_batch
// CHECK:      asc.matmul.iterate_n_batch
// CHECK-NEXT: asc.adds
// CHECK-NEXT: asc.matmul.wait_iterate_batch
// CHECK-NEXT: asc.data_copy
func.func @iterate_n_batch(%ws: !asc.global_tensor<f32>, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.set_workspace %mm, %ws : !mm, !asc.global_tensor<f32>
  asc.matmul.iterate_n_batch %mm, %n, %n, %n {sync = false, wait_iterate_batch = true} : !mm
  asc.matmul.wait_iterate_batch %mm : !mm
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.data_copy %u, %ws, %n : !ub, !asc.global_tensor<f32>
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The block view async GetTensorC returns is complete at its return (spec
// revision 4): no wait is paired with it, and the redundant WaitGetTensorC
// (an MTE2_V flag that may order the kernel's own copies) stays put.
// CHECK-LABEL: func.func @get_tensor_c_result
// CHECK:      asc.matmul.get_tensor_c
// CHECK-NEXT: asc.matmul.wait_get_tensor_c
// CHECK-NEXT: asc.subview
// CHECK-NEXT: asc.adds
// CHECK-NEXT: asc.data_copy
func.func @get_tensor_c_result(%u: !ub, %s: f32, %n: i32, %off: i64, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %blk = asc.matmul.get_tensor_c %mm {sync = false} : !mm -> !gm
  asc.matmul.wait_get_tensor_c %mm : !mm
  %row = asc.subview %blk[%off] : !gm
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.data_copy %u, %row, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The issue moves up above vector work it does not depend on, to right after
// the last configuration of its object.
// CHECK-LABEL: func.func @hoist_issue
// CHECK:      asc.matmul.set_tensor_b
// CHECK-NEXT: asc.matmul.iterate_all
// CHECK-NEXT: asc.adds
// CHECK-NEXT: asc.muls
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.data_copy
func.func @hoist_issue(%a: !asc.global_tensor<f16>, %c: !gm, %u: !ub, %s: f32, %n: i32) {
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !asc.global_tensor<f16>
  asc.matmul.set_tensor_b %mm, %a : !mm, !asc.global_tensor<f16>
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.muls %u, %u, %s, %n : !ub, !ub
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.data_copy %u, %c, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <vecin, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f16>

// The issue does not move above the write of its A input.
// CHECK-LABEL: func.func @hoist_stops_at_input_write
// CHECK:      asc.adds
// CHECK-NEXT: asc.data_copy
// CHECK-NEXT: asc.matmul.iterate_all
func.func @hoist_stops_at_input_write(%q: !asc.queue<vecin, 1>, %b: !asc.global_tensor<f16>, %a_gm: !asc.global_tensor<f16>, %c: !gm, %s: f16, %n: i32) {
  %mm = asc.matmul.create : !mm
  %a = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ub
  asc.matmul.set_tensor_a %mm, %a : !mm, !ub
  asc.matmul.set_tensor_b %mm, %b : !mm, !asc.global_tensor<f16>
  asc.adds %a, %a, %s, %n : !ub, !ub
  asc.data_copy %a, %a_gm, %n : !ub, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The issue does not move above an earlier read of its output region, nor
// above the definition of its output.
// CHECK-LABEL: func.func @hoist_stops_at_output_access
// CHECK:      asc.data_copy %{{.*}}, %[[C:.*]], %{{.*}} :
// CHECK-NEXT: asc.matmul.iterate_all %{{.*}}, %[[C]]
// CHECK:      func.func @hoist_stops_at_output_definition
// CHECK:      asc.set_global_buffer
// CHECK-NEXT: asc.matmul.iterate_all
func.func @hoist_stops_at_output_access(%a: !asc.global_tensor<f16>, %c: !gm, %u: !ub, %n: i32) {
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !asc.global_tensor<f16>
  asc.data_copy %u, %c, %n : !ub, !gm
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  return
}
func.func @hoist_stops_at_output_definition(%a: !asc.global_tensor<f16>, %p: !asc.gm_addr) {
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !asc.global_tensor<f16>
  %c = asc.set_global_buffer %p : !gm
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

func.func private @opaque()

// An unknown call inside a branch is a conflict in that branch.
// CHECK-LABEL: func.func @unknown_call_in_branch
// CHECK:      scf.if
// CHECK-NEXT:   asc.matmul.wait_iterate_all
// CHECK-NEXT:   func.call @opaque
// CHECK-NEXT: } else {
// CHECK-NEXT:   asc.adds
// CHECK-NEXT:   asc.matmul.wait_iterate_all
// CHECK-NEXT: }
func.func @unknown_call_in_branch(%c: !gm, %u: !ub, %cond: i1, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  scf.if %cond {
    func.call @opaque() : () -> ()
  } else {
    asc.adds %u, %u, %s, %n : !ub, !ub
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!ub = !asc.local_tensor<vecin, f32>

// Spec shape 5: async GetTensorC into UB in the iterate loop returns with
// the block ordered for the vector pipe; the redundant WaitGetTensorC is
// no pending wait and stays where it was written. The VECIN queue's
// FreeTensor/AllocTensor orders the vector access before the next fetch
// (rule P7).
// CHECK-LABEL: func.func @iterate_loop
// CHECK:      scf.while
// CHECK:      asc.matmul.get_tensor_c
// CHECK-NEXT: asc.matmul.wait_get_tensor_c
// CHECK-NEXT: arith.addi
// CHECK-NEXT: asc.muls
func.func @iterate_loop(%q: !asc.queue<vecin, 1>, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %more = asc.matmul.iterate %mm {sync = false} : !mm
    scf.condition(%more) %i : i32
  } do {
  ^bb0(%i: i32):
    %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ub
    asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
    asc.matmul.wait_get_tensor_c %mm : !mm
    %next = arith.addi %i, %c1 : i32
    asc.muls %t, %t, %s, %n : !ub, !ub
    asc.queue.free_tensor %q, %t : !asc.queue<vecin, 1>, !ub
    scf.yield %next : i32
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// On a CFG, one wait completes the issue of either predecessor; it stops at
// the first read of either output.
// CHECK-LABEL: func.func @issue_on_either_path
// CHECK:      ^bb3:
// CHECK-NEXT: asc.adds
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.data_copy %{{.*}}, %[[D:.*]], %{{.*}} :
func.func @issue_on_either_path(%c: !gm, %d: !gm, %u: !ub, %cond: i1, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  cf.cond_br %cond, ^left, ^right
^left:
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  cf.br ^join
^right:
  asc.matmul.iterate_all %mm, %d {sync = false, wait_iterate_all = true} : !mm, !gm
  cf.br ^join
^join:
  asc.matmul.wait_iterate_all %mm : !mm
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.data_copy %u, %d, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecout, f16>

// The issue stays behind the barrier that completes the copy of its A input
// into GM (the copy itself is a write to A; the barrier drains it).
// CHECK-LABEL: func.func @hoist_stops_at_pipe_barrier
// CHECK:      asc.data_copy
// CHECK-NEXT: asc.adds
// CHECK-NEXT: asc.pipe_barrier pipe_all
// CHECK-NEXT: asc.matmul.iterate_all
func.func @hoist_stops_at_pipe_barrier(%a: !asc.global_tensor<f16>, %c: !gm, %u: !ub, %v: !asc.local_tensor<veccalc, f16>, %s: f16, %n: i32) {
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !asc.global_tensor<f16>
  asc.matmul.set_tensor_b %mm, %a : !mm, !asc.global_tensor<f16>
  asc.data_copy %a, %u, %n : !asc.global_tensor<f16>, !ub
  asc.adds %v, %v, %s, %n : !asc.local_tensor<veccalc, f16>, !asc.local_tensor<veccalc, f16>
  asc.pipe_barrier pipe_all
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The wait of a flagged issue also completes the flagless issue made earlier
// on the same object (the server runs the object's messages in order), so it
// pairs with both and stops before a read of the flagless issue's output.
// CHECK-LABEL: func.func @wait_pairs_earlier_fire_and_forget
// CHECK:      asc.matmul.iterate_all %{{.*}}, %[[D:[^ ]*]] {sync = false} :
// CHECK:      asc.matmul.iterate_all %{{.*}}, %[[C:[^ ]*]] {sync = false, wait_iterate_all = true} :
// CHECK-NEXT: asc.adds
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.data_copy %{{.*}}, %[[D]],
// CHECK-NEXT: asc.data_copy %{{.*}}, %[[C]],
func.func @wait_pairs_earlier_fire_and_forget(%pc: !asc.gm_addr {asc.no_alias}, %pd: !asc.gm_addr {asc.no_alias}, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %pc : !gm
  %d = asc.set_global_buffer %pd : !gm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %d {sync = false} : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.data_copy %u, %d, %n : !ub, !gm
  asc.data_copy %u, %c, %n : !ub, !gm
  asc.matmul.end %mm : !mm
  return
}
