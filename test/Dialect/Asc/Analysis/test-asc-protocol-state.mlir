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

// An end through a select of two objects changes neither (End completes
// and ends nothing: spec revision 4). No op uses %either after it: the
// state drops its entry.
// CHECK-LABEL: after_end:
// CHECK-NOT: either:
// CHECK-DAG: mm0: events [issue]
// CHECK-DAG: mm1: events [mm1]
// CHECK-NOT: either:
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
// CHECK-NEXT: mm: events [asc.matmul.wait_iterate_all]
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

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, bias = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!gmh = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// The staged message: setters staged since the last post, the posts after
// which no inputs were staged, the bias the server holds.
// CHECK-LABEL: before_issue:
// CHECK-NEXT: mm: events [mm]{{.*}}, posts without inputs [], staged [a, bias], applied bias [], last computations [mm], unfetched []
// CHECK-LABEL: after_issue:
// CHECK-NEXT: mm: events [issue]{{.*}}, posts without inputs [issue], staged [], applied bias [bias], last computations [issue], unfetched []
// CHECK-LABEL: after_org_shape:
// CHECK-NEXT: mm: events [wait]{{.*}}, posts without inputs [org], staged [], applied bias [bias]
func.func @staged_message(%a: !gmh, %bias: !gm, %c: !gm, %m: i32) {
  %mm = asc.matmul.create {test.name = "mm"} : !mm
  asc.matmul.set_tensor_a %mm, %a {test.name = "a"} : !mm, !gmh
  asc.matmul.set_bias %mm, %bias {test.name = "bias"} : !mm, !gm
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true, test.name = "issue", test.state = "before_issue"} : !mm, !gm
  asc.matmul.wait_iterate_all %mm {test.name = "wait", test.state = "after_issue"} : !mm
  asc.matmul.set_org_shape %mm, %m, %m, %m {test.name = "org"} : !mm
  asc.matmul.end %mm {test.state = "after_org_shape"} : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!gmh = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// An async Iterate is in flight, fetch-consumed and unfetched until its
// first fetch; the fetch loop's end completes it. WaitGetTensorC leaves the
// block unordered for other pipes until the barrier (on the back edge too).
// CHECK-LABEL: before_fetch:
// CHECK-NEXT: mm: {{.*}}unfetched [iterate]
// CHECK-NEXT: unwaited [iterate], fetch-consumed [iterate], unordered fetches [fetch]
// CHECK-LABEL: in_loop:
// CHECK-NEXT: mm: {{.*}}unfetched []
// CHECK-NEXT: unwaited [iterate], fetch-consumed [iterate], unordered fetches [fetch]
// CHECK-LABEL: after_loop:
// CHECK-NEXT: mm: {{.*}}unfetched []
// CHECK-NEXT: unwaited [], fetch-consumed [], unordered fetches [fetch]
// CHECK-LABEL: after_barrier:
// CHECK: unwaited [], fetch-consumed [], unordered fetches []
func.func @fetch_consumed(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %u: !ub, %blocks: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = asc.set_global_buffer %pa : !gmh
  %w = asc.set_global_buffer %pw : !gm
  %mm = asc.matmul.create {test.name = "mm"} : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !gmh
  %more = asc.matmul.iterate %mm {sync = false, test.name = "iterate"} : !mm
  scf.for %i = %c0 to %blocks step %c1 {
    asc.matmul.get_tensor_c %mm, %u {sync = false, test.name = "fetch", test.state = "before_fetch"} : !mm, !ub
    asc.matmul.wait_get_tensor_c %mm : !mm
    %x = arith.addi %i, %c1 {test.state = "in_loop"} : index
  }
  asc.pipe_barrier pipe_all {test.state = "after_loop"}
  asc.matmul.end %mm {test.state = "after_barrier"} : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!gmh = !asc.global_tensor<f16>

// A wait through one name completes the issue made through that name for
// every name: the select's entry drops it too. The select can only be %mm:
// its entry starts from %mm's state, with nothing unknown.
// CHECK-LABEL: after_wait:
// CHECK-DAG: other: events [mm, wait], A
// CHECK-DAG: mm: events [wait], A
func.func @completion_for_every_name(%a: !gmh, %c: !gm, %cond: i1) {
  %mm = asc.matmul.create {test.name = "mm"} : !mm
  %other = arith.select %cond, %mm, %mm {test.name = "other"} : !mm
  asc.matmul.set_tensor_a %other, %a : !mm, !gmh
  asc.matmul.set_tensor_a %mm, %a : !mm, !gmh
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true, test.name = "issue"} : !mm, !gm
  asc.matmul.wait_iterate_all %mm {test.name = "wait"} : !mm
  asc.matmul.set_tensor_a %other, %a {test.state = "after_wait"} : !mm, !gmh
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, bias = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!gmh = !asc.global_tensor<f16>

// A name's known origins: a select of two creations is the join of their
// states (the bias set on %mm2 only may be in effect, nothing unknown); a
// select with a block argument may be any object (unknown entries).
// CHECK-LABEL: known_origins:
// CHECK-DAG: sel: events [mm1, mm2], A [asc.matmul.set_tensor_a, mm2], B [asc.matmul.set_tensor_b], bias [mm1, set_bias],
// CHECK-LABEL: unknown_origins:
// CHECK-DAG: other: events [mm1, mm2, unknown], A [asc.matmul.set_tensor_a, mm2, unknown], B [asc.matmul.set_tensor_b], bias [mm1, set_bias, unknown],
func.func @origins(%a: !gmh, %bias: !gm, %c: !gm, %cond: i1, %outside: !mm) {
  %mm1 = asc.matmul.create {test.name = "mm1"} : !mm
  %mm2 = asc.matmul.create {test.name = "mm2"} : !mm
  asc.matmul.set_tensor_a %mm1, %a : !mm, !gmh
  asc.matmul.set_bias %mm2, %bias {test.name = "set_bias"} : !mm, !gm
  %sel = arith.select %cond, %mm1, %mm2 {test.name = "sel"} : !mm
  %other = arith.select %cond, %sel, %outside {test.name = "other"} : !mm
  asc.matmul.set_tensor_b %sel, %a : !mm, !gmh
  asc.matmul.set_tensor_b %other, %a {test.state = "known_origins"} : !mm, !gmh
  asc.matmul.end %mm1 {test.state = "unknown_origins"} : !mm
  asc.matmul.end %sel : !mm
  asc.matmul.end %other : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// A created object that no other name reaches leaves the state after its
// last use, once nothing of it is in flight: "settled" is gone at the
// return. One whose last use leaves an issue pending stays ("pending": rule
// P1 at the return needs it), and so does one handed to an op that may make
// another name of it ("kept", through a select).
// CHECK-LABEL: after_settled_end:
// CHECK-NOT: settled:
// CHECK: unwaited []
// CHECK-LABEL: at_return:
// CHECK-DAG: pending: events [issue]
// CHECK-DAG: kept: events [kept]
// CHECK-NOT: settled:
// CHECK: unwaited []
func.func @objects_dead_after_last_use(%c: !gm, %cond: i1) {
  %settled = asc.matmul.create {test.name = "settled"} : !mm
  asc.matmul.iterate_all %settled, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %settled : !mm
  asc.matmul.end %settled : !mm
  %pending = asc.matmul.create {test.name = "pending", test.state = "after_settled_end"} : !mm
  asc.matmul.iterate_all %pending, %c {sync = false, wait_iterate_all = true, test.name = "issue"} : !mm, !gm
  %kept = asc.matmul.create {test.name = "kept"} : !mm
  %other = asc.matmul.create {test.name = "other"} : !mm
  %name = arith.select %cond, %kept, %other : !mm
  func.return {test.state = "at_return"}
}
