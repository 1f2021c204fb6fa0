// RUN: asc-opt %s -split-input-file --asc-sync-placement | FileCheck %s
// RUN: asc-opt %s -split-input-file --asc-sync-placement | asc-opt -split-input-file --asc-verify-sync > /dev/null
//
// An async issue's post orders the vector core's earlier MTE3 work before
// the server handles it, and its fetch waits for a block signalled after
// that (spec section 2c, O8). Hoisting the issue above such work drops the
// edge (O9): a copy out of the bytes the object later fetches into keeps
// the issue below it; a copy out of other bytes does not.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// CHECK-LABEL: func.func @stays_below_copy_out_of_fetched_bytes
// CHECK:      asc.matmul.set_tensor_a
// CHECK-NEXT: asc.data_copy
// CHECK-NEXT: asc.matmul.iterate
// CHECK-NEXT: asc.matmul.get_tensor_c
func.func @stays_below_copy_out_of_fetched_bytes(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %t: !ub) {
  %n = arith.constant 64 : i32
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  asc.data_copy %c, %t, %n : !gm, !ub
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// The copy out of another queue's buffer: nothing the fetch writes.
// CHECK-LABEL: func.func @hoisted_above_copy_out_of_other_bytes
// CHECK:      asc.matmul.set_tensor_a
// CHECK-NEXT: asc.matmul.iterate
// CHECK-NEXT: asc.queue.alloc_tensor
// CHECK-NEXT: asc.data_copy
func.func @hoisted_above_copy_out_of_other_bytes(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}) {
  %n = arith.constant 64 : i32
  %q = asc.queue.create : !asc.queue<vecin, 1>
  %r = asc.queue.create : !asc.queue<vecout, 1>
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %other = asc.queue.alloc_tensor %r : !asc.queue<vecout, 1> -> !asc.local_tensor<vecout, f32>
  asc.data_copy %c, %other, %n : !gm, !asc.local_tensor<vecout, f32>
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ub
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  asc.matmul.end %mm : !mm
  return
}
