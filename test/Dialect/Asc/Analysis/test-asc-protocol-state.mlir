// RUN: asc-opt %s -split-input-file -test-asc-protocol-state -o /dev/null | FileCheck %s

// The protocol analysis on its own: events and slot setters per object,
// weak updates through another name of an object, feasible paths.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!gmh = !asc.global_tensor<f16>

// The setter in effect is the last one on every path; both branches of an
// scf.if join.
// CHECK-LABEL: after_if:
// CHECK-NEXT: mm: events [issue], A [a1, a2], B [mm], bias [mm], quantisation scales [mm], workspace [mm]
// CHECK-NEXT: unwaited []
// CHECK-LABEL: after_wait:
// CHECK-NEXT: mm: events [wait], A [a1, a2]
func.func @setters(%a: !gmh, %b: !gmh, %c: !gm, %cond: i1) {
  %mm = asc.matmul.create {test.name = "mm"} : !mm
  asc.matmul.set_tensor_a %mm, %a {test.name = "a0"} : !mm, !gmh
  scf.if %cond {
    asc.matmul.set_tensor_a %mm, %a {test.name = "a1"} : !mm, !gmh
  } else {
    asc.matmul.set_tensor_a %mm, %b {test.name = "a2"} : !mm, !gmh
  }
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true, test.name = "issue"} : !mm, !gm
  asc.matmul.wait_iterate_all %mm {test.state = "after_if", test.name = "wait"} : !mm
  asc.matmul.end %mm {test.state = "after_wait"} : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// An end through a select of two objects may have ended either: both keep
// their old events and gain the end.
// CHECK-LABEL: after_end:
// CHECK-DAG: mm0: events [end, issue]
// CHECK-DAG: mm1: events [end, mm1]
// CHECK-DAG: either: events [end]
// CHECK: unwaited []
func.func @weak_updates(%c: !gm, %cond: i1) {
  %mm0 = asc.matmul.create {test.name = "mm0"} : !mm
  %mm1 = asc.matmul.create {test.name = "mm1"} : !mm
  %either = arith.select %cond, %mm0, %mm1 {test.name = "either"} : !mm
  asc.matmul.iterate_all %mm0, %c {sync = false, wait_iterate_all = true, test.name = "issue"} : !mm, !gm
  asc.matmul.end %either {test.name = "end"} : !mm
  asc.matmul.wait_iterate_all %mm0 {test.state = "after_end"} : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// A loop of four trips has no zero-trip path, so its first wait, which
// completes the object's earlier flagless issue too, runs on every path; a
// flagless issue after it stays in flight past the end, which completes
// nothing.
// CHECK-LABEL: after_loop:
// CHECK-NEXT: mm: events [issue]
// CHECK-NEXT: unwaited []
// CHECK-LABEL: after_end:
// CHECK-NEXT: mm: events [end]
// CHECK-NEXT: unwaited [flagless2]
func.func @paths(%c: !gm) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %mm = asc.matmul.create {test.name = "mm"} : !mm
  asc.matmul.iterate_all %mm, %c {sync = false, test.name = "flagless"} : !mm, !gm
  scf.for %i = %c0 to %c4 step %c1 {
    asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true, test.name = "issue"} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true, test.name = "issue"} : !mm, !gm
  }
  asc.matmul.wait_iterate_all %mm {test.state = "after_loop"} : !mm
  asc.matmul.iterate_all %mm, %c {sync = false, test.name = "flagless2"} : !mm, !gm
  asc.matmul.end %mm {test.name = "end"} : !mm
  func.return {test.state = "after_end"}
}
