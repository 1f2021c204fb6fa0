// RUN: asc-opt %s -split-input-file --test-asc-pipeline-schedule --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s
// RUN: asc-opt %s -split-input-file --test-asc-pipeline-schedule=two-copies --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: asc-opt %s -split-input-file --test-asc-pipeline-expand | FileCheck %s --check-prefix=EXPAND

// The pipeliner's two phases one at a time: the schedule of each loop (the
// kernel's ops, each with its stage and copy of the body, by its position
// in the body) and its expansion, without the legality check and the
// protocol trial of --asc-pipeline-loops.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// One object: the wait opens the kernel, the tile of this iteration is
// computed for the copy (stage 1), the next iteration's setter and issue
// with the addresses they need (stage 0) take the wait's place; the address
// of A, which only the setter takes, is not computed in stage 1.
// CHECK: remark: pipeline schedule: 1 copy of the body, 13 ops in the kernel
// CHECK-NEXT: stage 1 copy 0: #8 asc.matmul.wait_iterate_all
// CHECK-NEXT: stage 1 copy 0: #3 arith.muli
// CHECK-NEXT: stage 1 copy 0: #4 arith.extsi
// CHECK-NEXT: stage 1 copy 0: #5 asc.subview
// CHECK-NEXT: stage 0 copy 0: #0 arith.muli
// CHECK-NEXT: stage 0 copy 0: #1 arith.extsi
// CHECK-NEXT: stage 0 copy 0: #2 asc.subview
// CHECK-NEXT: stage 0 copy 0: #3 arith.muli
// CHECK-NEXT: stage 0 copy 0: #4 arith.extsi
// CHECK-NEXT: stage 0 copy 0: #5 asc.subview
// CHECK-NEXT: stage 0 copy 0: #6 asc.matmul.set_tensor_a
// CHECK-NEXT: stage 0 copy 0: #7 asc.matmul.iterate_all
// CHECK-NEXT: stage 1 copy 0: #9 asc.data_copy
// Unrolled by two, each copy the one-object kernel.
// TWO: remark: pipeline schedule: 2 copies of the body, 26 ops in the kernel
// TWO-NEXT: stage 1 copy 0: #8 asc.matmul.wait_iterate_all
// TWO-COUNT-11: copy 0:
// TWO-NEXT: stage 1 copy 0: #9 asc.data_copy
// TWO-NEXT: stage 1 copy 1: #8 asc.matmul.wait_iterate_all
// TWO-COUNT-11: copy 1:
// TWO-NEXT: stage 1 copy 1: #9 asc.data_copy
// The expansion: the guard (the trip count is not known), the prologue
// issuing iteration 0, the kernel up to the last iteration, the last
// iteration peeled.
// EXPAND-LABEL: func.func @one_object(
// EXPAND:      scf.if
// EXPAND:        asc.matmul.set_tensor_a
// EXPAND-NEXT:   asc.matmul.iterate_all
// EXPAND-NEXT:   scf.for %[[I:.*]] = %{{.*}} to %[[LAST:.*]] step %[[C1:.*]] : i32 {
// EXPAND-NEXT:     %[[NEXT:.*]] = arith.addi %[[I]], %[[C1]] : i32
// EXPAND-NEXT:     asc.matmul.wait_iterate_all
// EXPAND-NEXT:     arith.muli %[[I]]
// EXPAND:          arith.muli %[[NEXT]]
// EXPAND:          asc.matmul.set_tensor_a
// EXPAND-NEXT:     asc.matmul.iterate_all
// EXPAND-NEXT:     asc.data_copy
// EXPAND-NEXT:   }
// EXPAND-NEXT:   asc.matmul.wait_iterate_all
// EXPAND-NEXT:   arith.muli %[[LAST]]
// EXPAND:        asc.data_copy
// EXPAND-NEXT: }
// EXPAND-NEXT: asc.matmul.end
func.func @one_object(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias},
                      %u: !ub, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c1024 = arith.constant 1024 : i32
  %c2048 = arith.constant 2048 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  scf.for %i = %c0 to %n step %c1 : i32 {
    %a_off = arith.muli %i, %c1024 : i32
    %a_off64 = arith.extsi %a_off : i32 to i64
    %a_t = asc.subview %a_g[%a_off64] : !gm16
    %c_off = arith.muli %i, %c2048 : i32
    %c_off64 = arith.extsi %c_off : i32 to i64
    %c_t = asc.subview %c_g[%c_off64] : !gm
    asc.matmul.set_tensor_a %mm, %a_t : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.data_copy %u, %c_t, %c2048 : !ub, !gm
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Two objects: the second object's setter and issue move to the first
// object's wait in the same iteration (stage 1), the first object's to the
// second's wait, one iteration ahead (stage 0). Not unrolled: two stages.
// CHECK: remark: pipeline schedule: 1 copy of the body, 21 ops in the kernel
// CHECK-NEXT: stage 1 copy 0: #7 asc.matmul.wait_iterate_all
// CHECK-NEXT: stage 1 copy 0: #0 arith.muli
// CHECK-NEXT: stage 1 copy 0: #1 arith.muli
// CHECK-NEXT: stage 1 copy 0: #2 arith.extsi
// CHECK-NEXT: stage 1 copy 0: #3 asc.subview
// CHECK-NEXT: stage 1 copy 0: #9 arith.addi
// CHECK-NEXT: stage 1 copy 0: #10 arith.muli
// CHECK-NEXT: stage 1 copy 0: #11 arith.extsi
// CHECK-NEXT: stage 1 copy 0: #12 asc.subview
// CHECK-NEXT: stage 1 copy 0: #13 asc.matmul.set_tensor_a
// CHECK-NEXT: stage 1 copy 0: #14 asc.matmul.iterate_all
// CHECK-NEXT: stage 1 copy 0: #8 asc.data_copy
// CHECK-NEXT: stage 1 copy 0: #15 asc.matmul.wait_iterate_all
// CHECK-NEXT: stage 0 copy 0: #0 arith.muli
// CHECK-NEXT: stage 0 copy 0: #1 arith.muli
// CHECK-NEXT: stage 0 copy 0: #2 arith.extsi
// CHECK-NEXT: stage 0 copy 0: #3 asc.subview
// CHECK-NEXT: stage 0 copy 0: #4 asc.matmul.set_tensor_a
// CHECK-NEXT: stage 0 copy 0: #5 asc.matmul.set_tensor_b
// CHECK-NEXT: stage 0 copy 0: #6 asc.matmul.iterate_all
// CHECK-NEXT: stage 1 copy 0: #16 asc.data_copy
// TWO: remark: pipeline schedule: 1 copy of the body, 21 ops in the kernel
func.func @two_objects(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %c2048 = arith.constant 2048 : i32
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  scf.for %p = %c0 to %c4 step %c1 : i32 {
    %even = arith.muli %p, %c2 : i32
    %e_off = arith.muli %even, %c2048 : i32
    %e_off64 = arith.extsi %e_off : i32 to i64
    %e_t = asc.subview %c_g[%e_off64] : !gm
    asc.matmul.set_tensor_a %mm0, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm0, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm0, %e_t {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm0 : !mm
    asc.data_copy %u, %e_t, %c2048 : !ub, !gm
    %odd = arith.addi %even, %c1 : i32
    %o_off = arith.muli %odd, %c2048 : i32
    %o_off64 = arith.extsi %o_off : i32 to i64
    %o_t = asc.subview %c_g[%o_off64] : !gm
    asc.matmul.set_tensor_a %mm1, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm1, %o_t {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm1 : !mm
    asc.data_copy %u, %o_t, %c2048 : !ub, !gm
  }
  asc.matmul.end %mm0 : !mm
  asc.matmul.end %mm1 : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// No schedule: the loop carries a value; the expansion leaves it alone.
// CHECK: remark: no pipeline schedule: 'scf.for': the loop carries values from one iteration to the next (iter_args)
// TWO: remark: no pipeline schedule: 'scf.for': the loop carries values
// EXPAND-LABEL: func.func @carried(
// EXPAND: scf.for {{.*}} iter_args
func.func @carried(%c: !gm, %n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %mm = asc.matmul.create : !mm
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    %next = arith.addi %acc, %i : i32
    scf.yield %next : i32
  }
  asc.matmul.end %mm : !mm
  return %r : i32
}
