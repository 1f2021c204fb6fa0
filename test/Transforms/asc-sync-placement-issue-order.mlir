// RUN: asc-opt %s -split-input-file --asc-sync-placement | FileCheck %s
// RUN: asc-opt %s -split-input-file --asc-sync-placement=hoist-issues=false | FileCheck %s --check-prefix=KEEP
// RUN: asc-opt %s -split-input-file --asc-sync-placement --asc-verify-sync > /dev/null
// Running the pass twice equals running it once:
// RUN: asc-opt %s -split-input-file --asc-sync-placement > %t.once
// RUN: asc-opt %t.once -split-input-file --asc-sync-placement > %t.twice
// RUN: diff %t.once %t.twice

// Issues of different objects next to each other are posted in the order
// their results are needed: the cube core's server runs one vector core's
// messages in order (KfcServer::Run, MatmulService::Process).

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The second object's output is read first: its issue, setters and all,
// goes first; the first object's issue sinks past the second's setter.
// CHECK-LABEL: func.func @needed_first_goes_first
// CHECK:      asc.matmul.set_tensor_a %[[MM0:[^,]*]],
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM1:[^,]*]],
// CHECK-NEXT: asc.matmul.iterate_all %[[MM1]], %[[C1:[^ ]*]] {
// CHECK-NEXT: asc.matmul.iterate_all %[[MM0]], %[[C0:[^ ]*]] {
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM1]]
// CHECK-NEXT: asc.data_copy %{{.*}}, %[[C1]],
// KEEP-LABEL: func.func @needed_first_goes_first
// KEEP:       asc.matmul.iterate_all %[[MM0:[^,]*]],
// KEEP-NEXT:  asc.matmul.set_tensor_a
// KEEP-NEXT:  asc.matmul.iterate_all
func.func @needed_first_goes_first(%p0: !asc.gm_addr {asc.no_alias}, %p1: !asc.gm_addr {asc.no_alias}, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = asc.set_global_buffer %p0 : !gm
  %c1 = asc.set_global_buffer %p1 : !gm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm0, %c0 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.set_tensor_a %mm1, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm1, %c1 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm1 : !mm
  asc.data_copy %u, %c1, %n : !ub, !gm
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.matmul.wait_iterate_all %mm0 : !mm
  asc.data_copy %u, %c0, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Already in the order of need: nothing moves.
// CHECK-LABEL: func.func @already_in_need_order
// CHECK:      asc.matmul.iterate_all %[[MM0:[^,]*]],
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM1:[^,]*]],
// CHECK-NEXT: asc.matmul.iterate_all %[[MM1]],
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM0]]
func.func @already_in_need_order(%p0: !asc.gm_addr {asc.no_alias}, %p1: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = asc.set_global_buffer %p0 : !gm
  %c1 = asc.set_global_buffer %p1 : !gm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm0, %c0 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.set_tensor_a %mm1, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm1, %c1 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm0 : !mm
  asc.data_copy %u, %c0, %n : !ub, !gm
  asc.matmul.wait_iterate_all %mm1 : !mm
  asc.data_copy %u, %c1, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The setter that stages the first object's next call is ordered after its
// issue: the issue cannot sink past it, so it stays first.
// CHECK-LABEL: func.func @own_next_setter_holds_it
// CHECK:      asc.matmul.iterate_all %[[MM0:[^,]*]],
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM0]],
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM1:[^,]*]],
// CHECK-NEXT: asc.matmul.iterate_all %[[MM1]],
func.func @own_next_setter_holds_it(%p0: !asc.gm_addr {asc.no_alias}, %p1: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = asc.set_global_buffer %p0 : !gm
  %c1 = asc.set_global_buffer %p1 : !gm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm0, %c0 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm1, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm1, %c1 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm1 : !mm
  asc.data_copy %u, %c1, %n : !ub, !gm
  asc.matmul.wait_iterate_all %mm0 : !mm
  asc.data_copy %u, %c0, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The later issue is made through a select of both objects: it may be the
// first object's next call, so the two keep their order.
// CHECK-LABEL: func.func @maybe_same_object_keeps_order
// CHECK:      asc.matmul.iterate_all %[[MM0:[^,]*]],
// CHECK:      asc.matmul.iterate_all %[[SEL:[^,]*]],
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[SEL]]
func.func @maybe_same_object_keeps_order(%p0: !asc.gm_addr {asc.no_alias}, %p1: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %which: i1, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = asc.set_global_buffer %p0 : !gm
  %c1 = asc.set_global_buffer %p1 : !gm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm1, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm0, %c0 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm0 : !mm
  %sel = arith.select %which, %mm0, %mm1 : !mm
  asc.matmul.set_tensor_a %sel, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %sel, %c1 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %sel : !mm
  asc.data_copy %u, %c1, %n : !ub, !gm
  asc.data_copy %u, %c0, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A synchronous call of another object is needed where it stands: the
// async issue before it goes after it, so the vector core does not wait for
// both.
// CHECK-LABEL: func.func @sync_call_goes_first
// CHECK:      asc.matmul.iterate_all %[[MM1:[^,]*]], %{{[^ ]*}} :
// CHECK-NEXT: asc.matmul.iterate_all %[[MM0:[^,]*]], %{{.*}}sync = false
func.func @sync_call_goes_first(%p0: !asc.gm_addr {asc.no_alias}, %p1: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = asc.set_global_buffer %p0 : !gm
  %c1 = asc.set_global_buffer %p1 : !gm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm1, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm0, %c0 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.iterate_all %mm1, %c1 : !mm, !gm
  asc.data_copy %u, %c1, %n : !ub, !gm
  asc.matmul.wait_iterate_all %mm0 : !mm
  asc.data_copy %u, %c0, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Two objects that are function arguments may be one object: the first
// call's wait stays before the second issue, and the issues keep their
// order.
// CHECK-LABEL: func.func @argument_objects_keep_order
// CHECK:      asc.matmul.iterate_all %[[MM0:[^,]*]], %[[C0:[^ ]*]] {
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM0]]
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM1:[^,]*]],
// CHECK-NEXT: asc.matmul.iterate_all %[[MM1]], %{{[^ ]*}} {
func.func @argument_objects_keep_order(%mm0: !mm, %mm1: !mm, %p0: !asc.gm_addr {asc.no_alias}, %p1: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = asc.set_global_buffer %p0 : !gm
  %c1 = asc.set_global_buffer %p1 : !gm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm0, %c0 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm0 : !mm
  asc.matmul.set_tensor_a %mm1, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm1, %c1 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm1 : !mm
  asc.data_copy %u, %c1, %n : !ub, !gm
  asc.data_copy %u, %c0, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The first object's next call is needed before the second object's, but
// the first call's wait stands between them: posted before it, the second
// object's call keeps the cube busy while the vector core waits, and the
// first object's next call follows at once. Moved below it, the cube would
// idle through the wait and the handshake after it. The issue stays.
// CHECK-LABEL: func.func @wait_between_keeps_the_cube_fed
// CHECK:      asc.matmul.iterate_all %[[MM0:[^,]*]], %[[C0:[^ ]*]] {
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM1:[^,]*]],
// CHECK-NEXT: asc.matmul.iterate_all %[[MM1]], %[[C1:[^ ]*]] {
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM0]],
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM0]]
// CHECK-NEXT: asc.matmul.iterate_all %[[MM0]], %[[C0]] {
// CHECK-NEXT: asc.adds
func.func @wait_between_keeps_the_cube_fed(%p0: !asc.gm_addr {asc.no_alias}, %p1: !asc.gm_addr {asc.no_alias}, %u: !ub, %v: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = asc.set_global_buffer %p0 : !gm
  %c1 = asc.set_global_buffer %p1 : !gm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm0, %c0 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.set_tensor_a %mm1, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm1, %c1 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.wait_iterate_all %mm0 : !mm
  asc.matmul.iterate_all %mm0, %c0 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.adds %v, %v, %s, %n : !ub, !ub
  asc.matmul.wait_iterate_all %mm0 : !mm
  asc.data_copy %u, %c0, %n : !ub, !gm
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.matmul.wait_iterate_all %mm1 : !mm
  asc.data_copy %u, %c1, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A synchronous call between the two does not hold the issue: it is itself
// a call the issue makes way for (it is needed where it stands), and once
// past it the issue is next to the other async call and makes way for that
// one too. The cube runs the calls in the order the vector core needs them.
// CHECK-LABEL: func.func @sync_call_between_makes_way_twice
// CHECK:      asc.matmul.iterate_all %[[MM2:[^,]*]], %{{[^ ]*}} :
// CHECK-NEXT: asc.matmul.iterate_all %[[MM0:[^,]*]], %{{[^ ]*}} {
// CHECK-NEXT: asc.matmul.iterate_all %[[MM1:[^,]*]], %{{[^ ]*}} {
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM0]]
func.func @sync_call_between_makes_way_twice(%p0: !asc.gm_addr {asc.no_alias}, %p1: !asc.gm_addr {asc.no_alias}, %p2: !asc.gm_addr {asc.no_alias}, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = asc.set_global_buffer %p0 : !gm
  %c1 = asc.set_global_buffer %p1 : !gm
  %c2 = asc.set_global_buffer %p2 : !gm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  %mm2 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm1, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm2, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm1, %c1 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.iterate_all %mm2, %c2 : !mm, !gm
  asc.matmul.iterate_all %mm0, %c0 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm0 : !mm
  asc.data_copy %u, %c0, %n : !ub, !gm
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.data_copy %u, %c2, %n : !ub, !gm
  asc.matmul.wait_iterate_all %mm1 : !mm
  asc.data_copy %u, %c1, %n : !ub, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The synchronous call is needed where it stands, so the first issue makes
// way for it. Hoisting does not lift that issue above the synchronous call
// again, on this run or the next (random seed 880925: the two steps undid
// each other and a second run of the pass moved the issue back up), and
// the issue it held down rises to its own setter at once.
// CHECK-LABEL: func.func @sync_call_holds_the_issue_below
// CHECK:      asc.matmul.set_tensor_a %[[MM0:[^,]*]],
// CHECK-NEXT: asc.matmul.iterate_all %[[MM0]], %{{.*}}sync = false
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM1:[^,]*]],
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM2:[^,]*]],
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM0]],
// CHECK-NEXT: asc.matmul.iterate_all %[[MM1]], %{{[^ ]*}} : !
// CHECK-NEXT: asc.matmul.iterate_all %[[MM2]], %{{.*}}sync = false
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM2]]
func.func @sync_call_holds_the_issue_below(%p0: !asc.gm_addr {asc.no_alias}, %p1: !asc.gm_addr {asc.no_alias}, %p2: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = asc.set_global_buffer %p0 : !gm
  %c1 = asc.set_global_buffer %p1 : !gm
  %c2 = asc.set_global_buffer %p2 : !gm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  %mm2 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm1, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm2, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm2, %c2 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.iterate_all %mm0, %c0 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm1, %c1 : !mm, !gm
  asc.matmul.wait_iterate_all %mm2 : !mm
  asc.data_copy %u, %c2, %n : !ub, !gm
  asc.matmul.wait_iterate_all %mm0 : !mm
  asc.data_copy %u, %c0, %n : !ub, !gm
  asc.matmul.end %mm0 : !mm
  asc.matmul.end %mm1 : !mm
  asc.matmul.end %mm2 : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gh = !asc.global_tensor<f16>
!gf = !asc.global_tensor<f32>
!ui = !asc.local_tensor<vecin, f16>
!uf = !asc.local_tensor<vecin, f32>

// The first object's wait is the first ordering of the spill (its post saw
// it, O8) before the reload, so it stops before the reload; the first
// object's result is needed after the second's. Its issue does not sink
// past SyncAll to make way: posted there, its post would see the spill
// already ordered, and a second run would sink the wait past the reload
// (random seeds 53643, 53875: placement was not idempotent).
// CHECK-LABEL: func.func @first_ordering_keeps_the_issue_above_sync_all
// CHECK:      asc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !asc.global_tensor<f16>, !asc.local_tensor<vecin, f16>
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM0:[^,]*]],
// CHECK-NEXT: asc.matmul.set_tensor_b %[[MM0]],
// CHECK-NEXT: asc.matmul.iterate_all %[[MM0]], %{{.*}}sync = false
// CHECK-NEXT: asc.sync_all
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM1:[^,]*]],
// CHECK-NEXT: asc.matmul.set_tensor_b %[[MM1]],
// CHECK-NEXT: asc.matmul.iterate_all %[[MM1]], %{{.*}}sync = false
// CHECK:      asc.matmul.wait_iterate_all %[[MM0]]
// CHECK:      asc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>
func.func @first_ordering_keeps_the_issue_above_sync_all(%pa: !asc.gm_addr {asc.no_alias}, %pb: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %pd: !asc.gm_addr {asc.no_alias}, %ps: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  %n = arith.constant 64 : i32
  %e = arith.constant 0 : i32
  %q = asc.queue.create : !asc.queue<vecin, 1>
  %r = asc.queue.create : !asc.queue<vecin, 1>
  %a = asc.set_global_buffer %pa : !gh
  %b = asc.set_global_buffer %pb : !gh
  %c = asc.set_global_buffer %pc : !gf
  %d = asc.set_global_buffer %pd : !gf
  %sp = asc.set_global_buffer %ps : !gh
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ui
  asc.data_copy %t, %a, %n : !ui, !gh
  asc.set_flag mte2_mte3, %e
  asc.wait_flag mte2_mte3, %e
  asc.data_copy %sp, %t, %n : !gh, !ui
  asc.matmul.set_tensor_a %mm0, %a : !mm, !gh
  asc.matmul.set_tensor_b %mm0, %b : !mm, !gh
  asc.matmul.iterate_all %mm0, %c {sync = false, wait_iterate_all = true} : !mm, !gf
  asc.sync_all
  asc.matmul.wait_iterate_all %mm0 : !mm
  asc.matmul.set_tensor_a %mm1, %a : !mm, !gh
  asc.matmul.set_tensor_b %mm1, %b : !mm, !gh
  asc.matmul.iterate_all %mm1, %d {sync = false, wait_iterate_all = true} : !mm, !gf
  asc.matmul.wait_iterate_all %mm1 : !mm
  %u = asc.queue.alloc_tensor %r : !asc.queue<vecin, 1> -> !uf
  asc.data_copy %u, %d, %n : !uf, !gf
  asc.data_copy %t, %sp, %n : !ui, !gh
  asc.queue.free_tensor %q, %t : !asc.queue<vecin, 1>, !ui
  asc.queue.free_tensor %r, %u : !asc.queue<vecin, 1>, !uf
  asc.matmul.end %mm0 : !mm
  asc.matmul.end %mm1 : !mm
  return
}
