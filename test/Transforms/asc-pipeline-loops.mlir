// RUN: asc-opt %s -split-input-file --asc-pipeline-loops | FileCheck %s
// RUN: asc-opt %s -split-input-file --asc-pipeline-loops --asc-verify-sync -o /dev/null
// Idempotent: a rotated loop has no wait after its issue in the same body.
// RUN: asc-opt %s -split-input-file --asc-pipeline-loops | asc-opt -split-input-file --asc-pipeline-loops | FileCheck %s

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A dynamic trip count: the guard, the prologue issuing iteration 0, the
// steady loop up to the last iteration with the next issue right after the
// wait, and the last iteration peeled as the epilogue.
// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME: %[[A:[^:]*]]: !asc.gm_addr {asc.no_alias}, %[[WS:[^:]*]]: !asc.gm_addr {asc.no_alias}, %[[Y:[^:]*]]: !asc.gm_addr {asc.no_alias}, %[[U:[^:]*]]: !asc.local_tensor<vecin, f32>, %[[N:[^:]*]]: i32)
// CHECK:      %[[MM:.*]] = asc.matmul.create : !matmul
// CHECK-NEXT: %[[AG:.*]] = asc.set_global_buffer %[[A]] : !asc.global_tensor<f16>
// CHECK-NEXT: %[[CG:.*]] = asc.set_global_buffer %[[WS]] : !asc.global_tensor<f32>
// CHECK-NEXT: %[[YG:.*]] = asc.set_global_buffer %[[Y]] : !asc.global_tensor<f32>
// CHECK-NEXT: %[[RUNS:.*]] = arith.cmpi slt, %[[C0:.*]], %[[N]] : i32
// CHECK-NEXT: scf.if %[[RUNS]] {
// CHECK-NEXT:   %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT:   %[[LAST:.*]] = arith.subi %[[N]], %[[ONE]] : i32
// CHECK-NEXT:   %[[AO0:.*]] = arith.muli %[[C0]], %[[C1024:.*]] : i32
// CHECK-NEXT:   %[[AO0L:.*]] = arith.extsi %[[AO0]] : i32 to i64
// CHECK-NEXT:   %[[AT0:.*]] = asc.subview %[[AG]][%[[AO0L]]] : !asc.global_tensor<f16>
// CHECK-NEXT:   %[[CO0:.*]] = arith.muli %[[C0]], %[[C2048:.*]] : i32
// CHECK-NEXT:   %[[CO0L:.*]] = arith.extsi %[[CO0]] : i32 to i64
// CHECK-NEXT:   %[[CT0:.*]] = asc.subview %[[CG]][%[[CO0L]]] : !asc.global_tensor<f32>
// CHECK-NEXT:   asc.matmul.set_tensor_a %[[MM]], %[[AT0]] : !matmul, !asc.global_tensor<f16>
// CHECK-NEXT:   asc.matmul.iterate_all %[[MM]], %[[CT0]] {sync = false, wait_iterate_all = true} : !matmul, !asc.global_tensor<f32>
// CHECK-NEXT:   scf.for %[[I:.*]] = %[[C0]] to %[[LAST]] step %[[C1:.*]] : i32 {
// CHECK-NEXT:     %[[NEXT:.*]] = arith.addi %[[I]], %[[C1]] : i32
// CHECK-NEXT:     asc.matmul.wait_iterate_all %[[MM]] : !matmul
// CHECK-NEXT:     %[[CO:.*]] = arith.muli %[[I]], %[[C2048]] : i32
// CHECK-NEXT:     %[[COL:.*]] = arith.extsi %[[CO]] : i32 to i64
// CHECK-NEXT:     %[[CT:.*]] = asc.subview %[[CG]][%[[COL]]] : !asc.global_tensor<f32>
// CHECK-NEXT:     %[[AON:.*]] = arith.muli %[[NEXT]], %[[C1024]] : i32
// CHECK-NEXT:     %[[AONL:.*]] = arith.extsi %[[AON]] : i32 to i64
// CHECK-NEXT:     %[[ATN:.*]] = asc.subview %[[AG]][%[[AONL]]] : !asc.global_tensor<f16>
// CHECK-NEXT:     %[[CON:.*]] = arith.muli %[[NEXT]], %[[C2048]] : i32
// CHECK-NEXT:     %[[CONL:.*]] = arith.extsi %[[CON]] : i32 to i64
// CHECK-NEXT:     %[[CTN:.*]] = asc.subview %[[CG]][%[[CONL]]] : !asc.global_tensor<f32>
// CHECK-NEXT:     asc.matmul.set_tensor_a %[[MM]], %[[ATN]] : !matmul, !asc.global_tensor<f16>
// CHECK-NEXT:     asc.matmul.iterate_all %[[MM]], %[[CTN]] {sync = false, wait_iterate_all = true} : !matmul, !asc.global_tensor<f32>
// CHECK-NEXT:     asc.data_copy %[[U]], %[[CT]], %[[C2048]] : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>
// CHECK-NEXT:     %[[YT:.*]] = asc.subview %[[YG]][%[[COL]]] : !asc.global_tensor<f32>
// CHECK-NEXT:     asc.data_copy %[[YT]], %[[U]], %[[C2048]] : !asc.global_tensor<f32>, !asc.local_tensor<vecin, f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   asc.matmul.wait_iterate_all %[[MM]] : !matmul
// CHECK-NEXT:   %[[COE:.*]] = arith.muli %[[LAST]], %[[C2048]] : i32
// CHECK-NEXT:   %[[COEL:.*]] = arith.extsi %[[COE]] : i32 to i64
// CHECK-NEXT:   %[[CTE:.*]] = asc.subview %[[CG]][%[[COEL]]] : !asc.global_tensor<f32>
// CHECK-NEXT:   asc.data_copy %[[U]], %[[CTE]], %[[C2048]] : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>
// CHECK-NEXT:   %[[YTE:.*]] = asc.subview %[[YG]][%[[COEL]]] : !asc.global_tensor<f32>
// CHECK-NEXT:   asc.data_copy %[[YTE]], %[[U]], %[[C2048]] : !asc.global_tensor<f32>, !asc.local_tensor<vecin, f32>
// CHECK-NEXT: }
// CHECK-NEXT: asc.matmul.end %[[MM]] : !matmul
// CHECK-NEXT: return
func.func @dynamic(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias},
                   %y: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c1024 = arith.constant 1024 : i32
  %c2048 = arith.constant 2048 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  %y_g = asc.set_global_buffer %y : !gm
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
    %y_t = asc.subview %y_g[%c_off64] : !gm
    asc.data_copy %y_t, %u, %c2048 : !gm, !ub
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A constant trip count of 4: no guard, the last iteration's value folded.
// Two objects alternating: each issue moves up to right after the other's
// wait, the first object's one iteration ahead. Both setters move with
// their issue.
// CHECK-LABEL: func.func @two_objects_static(
// CHECK:      %[[MM0:.*]] = asc.matmul.create : !matmul
// CHECK-NEXT: %[[MM1:.*]] = asc.matmul.create : !matmul
// CHECK-NEXT: %[[AG:.*]] = asc.set_global_buffer %{{.*}} : !asc.global_tensor<f16>
// CHECK-NEXT: %[[CG:.*]] = asc.set_global_buffer %{{.*}} : !asc.global_tensor<f32>
// CHECK-NEXT: %[[LAST:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[E0:.*]] = arith.muli %[[C0:.*]], %[[C2:.*]] : i32
// CHECK-NEXT: %[[O0:.*]] = arith.muli %[[E0]], %[[C2048:.*]] : i32
// CHECK-NEXT: %[[O0L:.*]] = arith.extsi %[[O0]] : i32 to i64
// CHECK-NEXT: %[[T0:.*]] = asc.subview %[[CG]][%[[O0L]]] : !asc.global_tensor<f32>
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM0]], %[[AG]] : !matmul, !asc.global_tensor<f16>
// CHECK-NEXT: asc.matmul.set_tensor_b %[[MM0]], %[[AG]] : !matmul, !asc.global_tensor<f16>
// CHECK-NEXT: asc.matmul.iterate_all %[[MM0]], %[[T0]] {sync = false, wait_iterate_all = true}
// CHECK-NEXT: scf.for %[[I:.*]] = %[[C0]] to %[[LAST]] step %[[C1:.*]] : i32 {
// CHECK-NEXT:   %[[NEXT:.*]] = arith.addi %[[I]], %[[C1]] : i32
// CHECK-NEXT:   asc.matmul.wait_iterate_all %[[MM0]] : !matmul
// CHECK-NEXT:   %[[E:.*]] = arith.muli %[[I]], %[[C2]] : i32
// CHECK-NEXT:   %[[EO:.*]] = arith.muli %[[E]], %[[C2048]] : i32
// CHECK-NEXT:   %[[EOL:.*]] = arith.extsi %[[EO]] : i32 to i64
// CHECK-NEXT:   %[[ET:.*]] = asc.subview %[[CG]][%[[EOL]]] : !asc.global_tensor<f32>
// CHECK-NEXT:   %[[O:.*]] = arith.addi %[[E]], %[[C1]] : i32
// CHECK-NEXT:   %[[OO:.*]] = arith.muli %[[O]], %[[C2048]] : i32
// CHECK-NEXT:   %[[OOL:.*]] = arith.extsi %[[OO]] : i32 to i64
// CHECK-NEXT:   %[[OT:.*]] = asc.subview %[[CG]][%[[OOL]]] : !asc.global_tensor<f32>
// CHECK-NEXT:   asc.matmul.set_tensor_a %[[MM1]], %[[AG]] : !matmul, !asc.global_tensor<f16>
// CHECK-NEXT:   asc.matmul.iterate_all %[[MM1]], %[[OT]] {sync = false, wait_iterate_all = true}
// CHECK-NEXT:   asc.data_copy %{{.*}}, %[[ET]], %[[C2048]]
// CHECK-NEXT:   asc.matmul.wait_iterate_all %[[MM1]] : !matmul
// CHECK-NEXT:   %[[EN:.*]] = arith.muli %[[NEXT]], %[[C2]] : i32
// CHECK-NEXT:   %[[ENO:.*]] = arith.muli %[[EN]], %[[C2048]] : i32
// CHECK-NEXT:   %[[ENOL:.*]] = arith.extsi %[[ENO]] : i32 to i64
// CHECK-NEXT:   %[[ENT:.*]] = asc.subview %[[CG]][%[[ENOL]]] : !asc.global_tensor<f32>
// CHECK-NEXT:   asc.matmul.set_tensor_a %[[MM0]], %[[AG]] : !matmul, !asc.global_tensor<f16>
// CHECK-NEXT:   asc.matmul.set_tensor_b %[[MM0]], %[[AG]] : !matmul, !asc.global_tensor<f16>
// CHECK-NEXT:   asc.matmul.iterate_all %[[MM0]], %[[ENT]] {sync = false, wait_iterate_all = true}
// CHECK-NEXT:   asc.data_copy %{{.*}}, %[[OT]], %[[C2048]]
// CHECK-NEXT: }
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM0]] : !matmul
// CHECK-NEXT: %[[LE:.*]] = arith.muli %[[LAST]], %[[C2]] : i32
// CHECK-NEXT: %[[LEO:.*]] = arith.muli %[[LE]], %[[C2048]] : i32
// CHECK-NEXT: %[[LEOL:.*]] = arith.extsi %[[LEO]] : i32 to i64
// CHECK-NEXT: %[[LET:.*]] = asc.subview %[[CG]][%[[LEOL]]] : !asc.global_tensor<f32>
// CHECK-NEXT: %[[LO:.*]] = arith.addi %[[LE]], %[[C1]] : i32
// CHECK-NEXT: %[[LOO:.*]] = arith.muli %[[LO]], %[[C2048]] : i32
// CHECK-NEXT: %[[LOOL:.*]] = arith.extsi %[[LOO]] : i32 to i64
// CHECK-NEXT: %[[LOT:.*]] = asc.subview %[[CG]][%[[LOOL]]] : !asc.global_tensor<f32>
// CHECK-NEXT: asc.matmul.set_tensor_a %[[MM1]], %[[AG]] : !matmul, !asc.global_tensor<f16>
// CHECK-NEXT: asc.matmul.iterate_all %[[MM1]], %[[LOT]] {sync = false, wait_iterate_all = true}
// CHECK-NEXT: asc.data_copy %{{.*}}, %[[LET]], %[[C2048]]
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM1]] : !matmul
// CHECK-NEXT: asc.data_copy %{{.*}}, %[[LOT]], %[[C2048]]
// CHECK-NEXT: asc.matmul.end %[[MM0]] : !matmul
func.func @two_objects_static(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub) {
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

!mmb = !asc.matmul<a = <gm, nd, f16, layout = normal>, b = <gm, nd, f16, layout = normal>, c = <gm, nd, f32, layout = normal>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// An iterate_batch body, nested in a block loop: the inner loop is rotated
// inside the outer one's body (the guard runs once per block).
// CHECK-LABEL: func.func @batch_in_block_loop(
// CHECK:      scf.for %[[B:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK-NEXT:   %[[RUNS:.*]] = arith.cmpi slt, %[[C0:.*]], %[[G:.*]] : i32
// CHECK-NEXT:   scf.if %[[RUNS]] {
// CHECK-NEXT:     %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT:     %[[LAST:.*]] = arith.subi %[[G]], %[[ONE]] : i32
// CHECK-NEXT:     %[[F0:.*]] = arith.addi %[[B]], %[[C0]] : i32
// CHECK-NEXT:     %[[O0:.*]] = arith.muli %[[F0]], %[[C512:.*]] : i32
// CHECK-NEXT:     %[[O0L:.*]] = arith.extsi %[[O0]] : i32 to i64
// CHECK-NEXT:     %[[T0:.*]] = asc.subview %[[CG:.*]][%[[O0L]]] : !asc.global_tensor<f32>
// CHECK-NEXT:     asc.matmul.set_tensor_a %[[MM:.*]], %{{.*}} : !matmul, !asc.global_tensor<f16>
// CHECK-NEXT:     asc.matmul.iterate_batch %[[MM]], %[[T0]] batch(%[[C2:.*]], %[[C2]]) {sync = false, wait_iterate_batch = true}
// CHECK-NEXT:     scf.for %[[I:.*]] = %[[C0]] to %[[LAST]] step %[[C1:.*]] : i32 {
// CHECK-NEXT:       %[[NEXT:.*]] = arith.addi %[[I]], %[[C1]] : i32
// CHECK-NEXT:       asc.matmul.wait_iterate_batch %[[MM]] : !matmul
// CHECK-NEXT:       %[[F:.*]] = arith.addi %[[B]], %[[I]] : i32
// CHECK-NEXT:       %[[O:.*]] = arith.muli %[[F]], %[[C512]] : i32
// CHECK-NEXT:       %[[OL:.*]] = arith.extsi %[[O]] : i32 to i64
// CHECK-NEXT:       %[[T:.*]] = asc.subview %[[CG]][%[[OL]]] : !asc.global_tensor<f32>
// CHECK-NEXT:       %[[FN:.*]] = arith.addi %[[B]], %[[NEXT]] : i32
// CHECK-NEXT:       %[[ON:.*]] = arith.muli %[[FN]], %[[C512]] : i32
// CHECK-NEXT:       %[[ONL:.*]] = arith.extsi %[[ON]] : i32 to i64
// CHECK-NEXT:       %[[TN:.*]] = asc.subview %[[CG]][%[[ONL]]] : !asc.global_tensor<f32>
// CHECK-NEXT:       asc.matmul.set_tensor_a %[[MM]], %{{.*}} : !matmul, !asc.global_tensor<f16>
// CHECK-NEXT:       asc.matmul.iterate_batch %[[MM]], %[[TN]] batch(%[[C2]], %[[C2]]) {sync = false, wait_iterate_batch = true}
// CHECK-NEXT:       asc.data_copy %{{.*}}, %[[T]], %[[C512]]
// CHECK-NEXT:       asc.muls %{{.*}}, %{{.*}}, %{{.*}}, %[[C512]]
// CHECK-NEXT:     }
// CHECK-NEXT:     asc.matmul.wait_iterate_batch %[[MM]] : !matmul
// CHECK-NEXT:     %[[FE:.*]] = arith.addi %[[B]], %[[LAST]] : i32
// CHECK-NEXT:     %[[OE:.*]] = arith.muli %[[FE]], %[[C512]] : i32
// CHECK-NEXT:     %[[OEL:.*]] = arith.extsi %[[OE]] : i32 to i64
// CHECK-NEXT:     %[[TE:.*]] = asc.subview %[[CG]][%[[OEL]]] : !asc.global_tensor<f32>
// CHECK-NEXT:     asc.data_copy %{{.*}}, %[[TE]], %[[C512]]
// CHECK-NEXT:     asc.muls %{{.*}}, %{{.*}}, %{{.*}}, %[[C512]]
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @batch_in_block_loop(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub, %g: i32, %blocks: i32, %s: f32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c512 = arith.constant 512 : i32
  %mm = asc.matmul.create : !mmb
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  scf.for %blk = %c0 to %blocks step %c1 : i32 {
    scf.for %i = %c0 to %g step %c1 : i32 {
      %first = arith.addi %blk, %i : i32
      %off = arith.muli %first, %c512 : i32
      %off64 = arith.extsi %off : i32 to i64
      %c_t = asc.subview %c_g[%off64] : !gm
      asc.matmul.set_tensor_a %mm, %a_g : !mmb, !gm16
      asc.matmul.iterate_batch %mm, %c_t batch(%c2, %c2) {sync = false, wait_iterate_batch = true} : !mmb, !gm
      asc.matmul.wait_iterate_batch %mm : !mmb
      asc.data_copy %u, %c_t, %c512 : !ub, !gm
      asc.muls %u, %u, %s, %c512 : !ub, !ub
    }
  }
  asc.matmul.end %mm : !mmb
  return
}
