// RUN: asc-opt %s -split-input-file --asc-pipeline-loops=emit-remarks -verify-diagnostics | FileCheck %s
// Inside the placement the same loop is left alone, and nothing crashes.
// RUN: asc-opt %s -split-input-file --asc-sync-placement="pipeline-loops emit-remarks" --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=PLACED
//
// A counted fetch loop over the blocks of an async Iterate that uses the
// view the result form of get_tensor_c returns: rotated, the next
// iteration's fetch would run one iteration ahead in a clone the body does
// not see, and the body's use of the view would be left pointing at the
// erased loop's value (asc-opt crashed). Since spec revision 4 the view
// fetch completes at its return and is no pending issue, so the loop is no
// candidate: it stays as written, and nothing crashes. The pipeliner still
// refuses a body that uses a result of the issue it would move
// (PipelineLoops.cpp), should an issue with a result be pending again.

!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The view is handed to a visible callee without memory effects, so no
// access of the body conflicts with the next fetch and only its result
// stands in the way.
// CHECK-LABEL: func.func @view_fetch_loop(
// CHECK: scf.for
// CHECK-NEXT: asc.matmul.get_tensor_c %{{.*}} {sync = false}
// CHECK-NEXT: asc.matmul.wait_get_tensor_c
// CHECK-NEXT: func.call @keep(
// PLACED-LABEL: func.func @view_fetch_loop(
// PLACED:       scf.for
// PLACED-NEXT:  asc.matmul.get_tensor_c
func.func private @keep(%t: !gm) {
  return
}
func.func @view_fetch_loop(%a: !asc.gm_addr {asc.no_alias}, %b: !asc.gm_addr {asc.no_alias},
                           %ws: !asc.gm_addr {asc.no_alias}) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %mm = asc.matmul.create : !mm
  %ag = asc.set_global_buffer %a : !gm16
  %bg = asc.set_global_buffer %b : !gm16
  %wg = asc.set_global_buffer %ws : !gm
  asc.matmul.set_workspace %mm, %wg : !mm, !gm
  asc.matmul.set_tensor_a %mm, %ag : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %bg : !mm, !gm16
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  // PLACED-NOT: error
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %blk = asc.matmul.get_tensor_c %mm {sync = false} : !mm -> !gm
    asc.matmul.wait_get_tensor_c %mm : !mm
    func.call @keep(%blk) : (!gm) -> ()
  }
  asc.matmul.end %mm : !mm
  return
}
