// RUN: asc-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// Rule L10 accepts a wait when some issue can run before it: nested in an
// earlier op, in a block from which the wait's block is reachable, or later
// in a loop body. Whether exactly one issue is pending on every path is the
// protocol analysis' job (test/Transforms/asc-verify-sync.mlir).

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// An issue in each branch of an scf.if, then one wait after it.
// CHECK-LABEL: func.func @issue_in_each_branch
func.func @issue_in_each_branch(%c: !asc.global_tensor<f32>, %d: !asc.global_tensor<f32>, %cond: i1) {
  %mm = asc.matmul.create : !mm
  scf.if %cond {
    asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !asc.global_tensor<f32>
  } else {
    asc.matmul.iterate_all %mm, %d {sync = false, wait_iterate_all = true} : !mm, !asc.global_tensor<f32>
  }
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// The same program with cf branches.
// CHECK-LABEL: func.func @issue_in_each_predecessor
func.func @issue_in_each_predecessor(%c: !asc.global_tensor<f32>, %d: !asc.global_tensor<f32>, %cond: i1) {
  %mm = asc.matmul.create : !mm
  cf.cond_br %cond, ^then, ^else
^then:
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !asc.global_tensor<f32>
  cf.br ^join
^else:
  asc.matmul.iterate_all %mm, %d {sync = false, wait_iterate_all = true} : !mm, !asc.global_tensor<f32>
  cf.br ^join
^join:
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// A wait at the top of a loop body completes the issue of the previous
// iteration (the first iteration is P2's business).
// CHECK-LABEL: func.func @issue_later_in_loop
func.func @issue_later_in_loop(%c: !asc.global_tensor<f32>, %lb: index, %ub: index, %step: index) {
  %mm = asc.matmul.create : !mm
  scf.for %i = %lb to %ub step %step {
    asc.matmul.wait_iterate_all %mm : !mm
    asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !asc.global_tensor<f32>
  }
  return
}
