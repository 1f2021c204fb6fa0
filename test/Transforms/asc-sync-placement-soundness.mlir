// RUN: asc-opt %s -split-input-file --asc-sync-placement | FileCheck %s
// RUN: asc-opt %s -split-input-file --asc-sync-placement > %t.once
// RUN: asc-opt %t.once -split-input-file --asc-verify-sync > /dev/null
// RUN: asc-opt %t.once -split-input-file --asc-sync-placement > %t.twice
// RUN: diff %t.once %t.twice
// RUN: asc-opt %s -split-input-file --asc-sync-placement=hoist-issues=false | asc-opt -split-input-file --asc-verify-sync > /dev/null

// The output passes --asc-verify-sync and is a fixpoint of the pass.
// Kernels built to fool the memory model (docs/Protocol.md, "The memory
// model"): each racy shape must keep its wait before the conflict, each safe
// twin shows the precision kept. Hand-written racy versions are reported by
// asc-verify-sync-soundness.mlir.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A strided DataCopyParams read covers (2 * 64 + 1 * 64) * 32 = 6144 bytes:
// past the declared 16 elements and into the output 4096 bytes on.
// CHECK-LABEL: func.func @strided_read_reaches_output
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.data_copy
func.func @strided_read_reaches_output(%p: !asc.gm_addr {asc.no_alias}, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = arith.constant 0 : i64
  %c16 = arith.constant 16 : i64
  %c1024 = arith.constant 1024 : i64
  %cnt = arith.constant 2 : i32
  %len = arith.constant 64 : i32
  %gap = arith.constant 64 : i32
  %head = asc.set_global_buffer %p[%c0], %c16 : !gm
  %c = asc.set_global_buffer %p[%c1024] : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.data_copy %u, %head params(%cnt, %len, %gap, %gap) : !ub, !gm
  asc.muls %u, %u, %s, %n : !ub, !ub
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Without the gap the same read ends at byte 4096, where the output starts.
// CHECK-LABEL: func.func @strided_read_ends_before_output
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: asc.data_copy
// CHECK-NEXT: asc.muls
// CHECK-NEXT: asc.matmul.end
// CHECK-NEXT: asc.matmul.wait_iterate_all
func.func @strided_read_ends_before_output(%p: !asc.gm_addr {asc.no_alias}, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = arith.constant 0 : i64
  %c1024 = arith.constant 1024 : i64
  %cnt = arith.constant 2 : i32
  %len = arith.constant 64 : i32
  %gap = arith.constant 0 : i32
  %head = asc.set_global_buffer %p[%c0] : !gm
  %c = asc.set_global_buffer %p[%c1024] : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.data_copy %u, %head params(%cnt, %len, %gap, %gap) : !ub, !gm
  asc.muls %u, %u, %s, %n : !ub, !ub
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A count of -1 is 4294967295 elements (DataCopy takes a uint32_t), not a
// small size: the read reaches the output.
// CHECK-LABEL: func.func @count_minus_one_is_huge
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.data_copy
func.func @count_minus_one_is_huge(%p: !asc.gm_addr {asc.no_alias}, %u: !ub, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = arith.constant 0 : i64
  %c1024 = arith.constant 1024 : i64
  %all = arith.constant -1 : i32
  %head = asc.set_global_buffer %p[%c0], %c0 : !gm
  %c = asc.set_global_buffer %p[%c1024] : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.data_copy %u, %head, %all : !ub, !gm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A view one element before the output is disjoint from it when one
// element is read, and overlaps it when two are.
// CHECK-LABEL: func.func @element_before_output
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: asc.get_value
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.data_copy
func.func @element_before_output(%p: !asc.gm_addr {asc.no_alias}, %u: !ub, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c1024 = arith.constant 1024 : i64
  %m1 = arith.constant -1 : i64
  %c0 = arith.constant 0 : i64
  %two = arith.constant 2 : i32
  %c = asc.set_global_buffer %p[%c1024] : !gm
  %before = asc.subview %c[%m1] : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  %x = asc.get_value %before[%c0] : !gm
  asc.data_copy %u, %before, %two : !ub, !gm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A symbolic offset with a common base: %base + 8 elements is compared
// exactly with %base.
// CHECK-LABEL: func.func @symbolic_offsets
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: asc.get_value
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.get_value
func.func @symbolic_offsets(%p: !asc.gm_addr {asc.no_alias}, %base: i64, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c8 = arith.constant 8 : i64
  %m1 = arith.constant -1 : i64
  %c0 = arith.constant 0 : i64
  %shifted = arith.addi %base, %c8 : i64
  %below = arith.addi %shifted, %m1 : i64
  %c = asc.set_global_buffer %p[%shifted] : !gm
  %all = asc.set_global_buffer %p[%c0] : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  %x = asc.get_value %all[%below] : !gm
  %y = asc.get_value %all[%shifted] : !gm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A select of two arguments may be either: no_alias does not make it
// disjoint from the output.
// CHECK-LABEL: func.func @select_of_arguments
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.data_copy
func.func @select_of_arguments(%a: !asc.gm_addr {asc.no_alias}, %c_ptr: !asc.gm_addr {asc.no_alias}, %cond: i1, %u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %either = arith.select %cond, %a, %c_ptr : !asc.gm_addr
  %src = asc.set_global_buffer %either : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.data_copy %u, %src, %n : !ub, !gm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

func.func @identity(%t: !gm) -> !gm {
  return %t : !gm
}

// A tensor returned by a call (here a visible callee without memory effects
// that returns its argument) is untraced: it may be the output.
// CHECK-LABEL: func.func @call_result
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: call @identity
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.data_copy
func.func @call_result(%c_ptr: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  %t = func.call @identity(%c) : (!gm) -> !gm
  asc.data_copy %u, %t, %n : !ub, !gm
  asc.matmul.end %mm : !mm
  return
}

// A tensor carried by a loop may be any of the values it is given.
// CHECK-LABEL: func.func @loop_carried
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: scf.for
func.func @loop_carried(%a: !asc.gm_addr {asc.no_alias}, %c_ptr: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %lb: index, %ub: index, %st: index, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %other = asc.set_global_buffer %a : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  %last = scf.for %i = %lb to %ub step %st iter_args(%cur = %other) -> (!gm) {
    asc.data_copy %u, %cur, %n : !ub, !gm
    scf.yield %c : !gm
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The view a result-form GetTensorC returns lives in the workspace in
// effect and is pending until WaitGetTensorC: a read of it stops the wait.
// (A direct read of the workspace would race with the blocks the Iterate
// still computes: asc-verify-sync-race-classes.mlir.)
// CHECK-LABEL: func.func @result_view_is_in_workspace
// CHECK:      asc.matmul.get_tensor_c
// CHECK-NEXT: asc.matmul.wait_get_tensor_c
// CHECK-NEXT: asc.data_copy
func.func @result_view_is_in_workspace(%w: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %ws = asc.set_global_buffer %w : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.set_workspace %mm, %ws : !mm, !gm
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %blk = asc.matmul.get_tensor_c %mm {sync = false} : !mm -> !gm
  asc.matmul.wait_get_tensor_c %mm : !mm
  asc.data_copy %u, %blk, %n : !ub, !gm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, layout = bsngd>, c = <gm, nd, f32, layout = bsngd>, config = <norm, is_n_batch = true>>
!gm = !asc.global_tensor<f32>

// The workspace in effect is the last one set on every path, not the first
// in use-list order: the read of the first workspace does not stop the
// wait, the read of the second does.
// CHECK-LABEL: func.func @workspace_in_effect
// CHECK:      asc.matmul.iterate_n_batch
// CHECK-NEXT: asc.get_value
// CHECK-NEXT: asc.matmul.wait_iterate_batch
// CHECK-NEXT: asc.get_value
func.func @workspace_in_effect(%w1: !asc.gm_addr {asc.no_alias}, %w2: !asc.gm_addr {asc.no_alias}, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = arith.constant 0 : i64
  %ws1 = asc.set_global_buffer %w1 : !gm
  %ws2 = asc.set_global_buffer %w2 : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.set_workspace %mm, %ws1 : !mm, !gm
  asc.matmul.set_workspace %mm, %ws2 : !mm, !gm
  asc.matmul.iterate_n_batch %mm, %n, %n, %n {sync = false, wait_iterate_batch = true} : !mm
  asc.matmul.wait_iterate_batch %mm : !mm
  %x = asc.get_value %ws1[%c0] : !gm
  %y = asc.get_value %ws2[%c0] : !gm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, layout = bsngd>, c = <gm, nd, f32, layout = bsngd>, config = <norm, is_n_batch = true>>
!gm = !asc.global_tensor<f32>

// With no workspace visible, IterateNBatch may write any GM.
// CHECK-LABEL: func.func @no_workspace_visible
// CHECK:      asc.matmul.iterate_n_batch
// CHECK-NEXT: asc.matmul.wait_iterate_batch
// CHECK-NEXT: asc.get_value
func.func @no_workspace_visible(%p: !asc.gm_addr {asc.no_alias}, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = arith.constant 0 : i64
  %t = asc.set_global_buffer %p : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_n_batch %mm, %n, %n, %n {sync = false, wait_iterate_batch = true} : !mm
  asc.matmul.wait_iterate_batch %mm : !mm
  %x = asc.get_value %t[%c0] : !gm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mmq = !asc.matmul<a = <gm, nd, i8>, b = <gm, nd, i8>, c = <gm, nd, f16>>
!gm16 = !asc.global_tensor<f16>
!sc = !asc.global_tensor<ui64>
!ubs = !asc.local_tensor<vecout, ui64>

// Quantisation scales are inputs the cube unit reads while it runs: a write
// to them stops the wait.
// CHECK-LABEL: func.func @write_to_scales_in_flight
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.data_copy
func.func @write_to_scales_in_flight(%c_ptr: !asc.gm_addr {asc.no_alias}, %s_ptr: !asc.gm_addr {asc.no_alias}, %u: !ubs, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm16
  %scales = asc.set_global_buffer %s_ptr : !sc
  %mm = asc.matmul.create : !mmq
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<i8>
  asc.matmul.set_tensor_a %mm, %a_t : !mmq, !asc.global_tensor<i8>
  asc.matmul.set_quant_vector %mm, %scales : !mmq, !sc
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mmq, !gm16
  asc.matmul.wait_iterate_all %mm : !mmq
  asc.data_copy %scales, %u, %n : !sc, !ubs
  asc.matmul.end %mm : !mmq
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gmh = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ubh = !asc.local_tensor<vecout, f16>

// A write to A while the cube unit reads it stops the wait; a read of A
// does not.
// CHECK-LABEL: func.func @write_to_input_in_flight
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: asc.data_copy %{{.*}}, %[[A:.*]], %{{.*}} : !asc.local_tensor<vecout, f16>, !asc.global_tensor<f16>
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.data_copy %[[A]]
func.func @write_to_input_in_flight(%a_ptr: !asc.gm_addr {asc.no_alias}, %c_ptr: !asc.gm_addr {asc.no_alias}, %u: !ubh, %n: i32) {
  %a = asc.set_global_buffer %a_ptr : !gmh
  %c = asc.set_global_buffer %c_ptr : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !gmh
  asc.matmul.set_tensor_b %mm, %a : !mm, !gmh
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.data_copy %u, %a, %n : !ubh, !gmh
  asc.data_copy %a, %u, %n : !gmh, !ubh
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, layout = bsngd>, c = <gm, nd, f32, layout = bsngd>, config = <norm, is_n_batch = true>>
!gm = !asc.global_tensor<f32>

// Another object's IterateNBatch writes its workspace, which here is the
// first object's output.
// CHECK-LABEL: func.func @other_object_workspace_write
// CHECK:      asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.matmul.iterate_n_batch
func.func @other_object_workspace_write(%c_ptr: !asc.gm_addr {asc.no_alias}, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %mm0 = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !asc.global_tensor<f16>
  %mm1 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm1, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.set_workspace %mm1, %c : !mm, !gm
  asc.matmul.iterate_all %mm0, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm0 : !mm
  asc.matmul.iterate_n_batch %mm1, %n, %n, %n {sync = true} : !mm
  asc.matmul.end %mm0 : !mm
  asc.matmul.end %mm1 : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// Effects the analysis cannot attribute to asc memory touch all memory:
// a memref store, an LLVM store, side-effecting inline assembly, an EmitC
// assignment.
// CHECK-LABEL: func.func @foreign_effects
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: memref.store
func.func @foreign_effects(%c_ptr: !asc.gm_addr {asc.no_alias}, %m: memref<4xf32>, %x: f32, %i: index, %q: !llvm.ptr, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  memref.store %x, %m[%i] : memref<4xf32>
  asc.matmul.end %mm : !mm
  return
}

// CHECK-LABEL: func.func @llvm_store
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: llvm.store
func.func @llvm_store(%c_ptr: !asc.gm_addr {asc.no_alias}, %x: f32, %q: !llvm.ptr, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  llvm.store %x, %q : f32, !llvm.ptr
  asc.matmul.end %mm : !mm
  return
}

// CHECK-LABEL: func.func @inline_asm
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: llvm.inline_asm
func.func @inline_asm(%c_ptr: !asc.gm_addr {asc.no_alias}, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  llvm.inline_asm has_side_effects "nop", "" : () -> ()
  asc.matmul.end %mm : !mm
  return
}

// CHECK-LABEL: func.func @emitc_assign
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: emitc.assign
func.func @emitc_assign(%c_ptr: !asc.gm_addr {asc.no_alias}, %x: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %v = "emitc.variable"() <{value = #emitc.opaque<"">}> : () -> !emitc.lvalue<i32>
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  emitc.assign %x : i32 to %v : !emitc.lvalue<i32>
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

func.func private @opaque()
func.func @pure_helper(%x: i32) -> i32 {
  %y = arith.addi %x, %x : i32
  return %y : i32
}

// A call to an external function may touch anything; a call to a visible
// callee without memory effects does not stop the wait.
// CHECK-LABEL: func.func @calls
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: call @pure_helper
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: call @opaque
func.func @calls(%c_ptr: !asc.gm_addr {asc.no_alias}, %x: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  %y = func.call @pure_helper(%x) : (i32) -> i32
  func.call @opaque() : () -> ()
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// The same object through another name: a select of two objects may be
// this one, so its SetWorkspace stops the wait (a setter or End through it
// would not: they stage the next message or complete nothing).
// CHECK-LABEL: func.func @object_through_select
// CHECK:      asc.matmul.end
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.matmul.set_workspace
func.func @object_through_select(%c_ptr: !asc.gm_addr {asc.no_alias}, %cond: i1, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %mm0 = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !asc.global_tensor<f16>
  %mm1 = asc.matmul.create : !mm
  %either = arith.select %cond, %mm0, %mm1 : !mm
  asc.matmul.iterate_all %mm0, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm0 : !mm
  asc.matmul.end %either : !mm
  asc.matmul.set_workspace %either, %c : !mm, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The two-destination GetTensorC is synchronous only (rule L6): it has
// written both destinations when it returns, so the read of the local copy
// needs no wait and none is placed.
// CHECK-LABEL: func.func @both_destinations_written
// CHECK:      asc.matmul.get_tensor_c
// CHECK-NEXT: asc.adds
// CHECK-NOT:  asc.matmul.wait_get_tensor_c
// CHECK:      return
func.func @both_destinations_written(%c_ptr: !asc.gm_addr {asc.no_alias}, %w: !asc.gm_addr {asc.no_alias}, %q: !asc.queue<vecin, 1>, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %ws = asc.set_global_buffer %w : !gm
  %u = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ub
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %ws : !mm, !gm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  %more = asc.matmul.iterate %mm : !mm
  asc.matmul.get_tensor_c %mm, %c, %u : !mm, !gm, !ub
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A buffer keeps its origin when it goes through another queue: the buffer
// dequeued from %q2 is the one GetTensorC writes.
// CHECK-LABEL: func.func @buffer_through_another_queue
// CHECK:      asc.matmul.async_get_tensor_c
// CHECK-NEXT: asc.matmul.wait_get_tensor_c
// CHECK-NEXT: asc.queue.enque
func.func @buffer_through_another_queue(%w: !asc.gm_addr {asc.no_alias}, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %ws = asc.set_global_buffer %w : !gm
  %q1 = asc.queue.create : !asc.queue<vecin, 1>
  %q2 = asc.queue.create : !asc.queue<vecin, 1>
  %u = asc.queue.alloc_tensor %q1 : !asc.queue<vecin, 1> -> !ub
  %other = asc.queue.alloc_tensor %q2 : !asc.queue<vecin, 1> -> !ub
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.set_workspace %mm, %ws : !mm, !gm
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  asc.matmul.async_get_tensor_c %mm, %u : !mm, !ub
  asc.matmul.wait_get_tensor_c %mm : !mm
  asc.queue.enque %q2, %u : !asc.queue<vecin, 1>, !ub
  %back = asc.queue.deque %q2 : !asc.queue<vecin, 1> -> !ub
  asc.adds %back, %back, %s, %n : !ub, !ub
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Two live buffers of one queue are distinct only for accesses that stay in
// their buffer: the fetched block's extent is unknown and may run into the
// other buffer, so the work on it waits.
// CHECK-LABEL: func.func @block_may_overrun_its_buffer
// CHECK:      asc.matmul.async_get_tensor_c
// CHECK-NEXT: asc.matmul.wait_get_tensor_c
// CHECK-NEXT: asc.adds
func.func @block_may_overrun_its_buffer(%w: !asc.gm_addr {asc.no_alias}, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %ws = asc.set_global_buffer %w : !gm
  %q = asc.queue.create : !asc.queue<vecin, 2>
  %u0 = asc.queue.alloc_tensor %q : !asc.queue<vecin, 2> -> !ub
  %u1 = asc.queue.alloc_tensor %q : !asc.queue<vecin, 2> -> !ub
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.set_workspace %mm, %ws : !mm, !gm
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  asc.matmul.async_get_tensor_c %mm, %u0 : !mm, !ub
  asc.matmul.wait_get_tensor_c %mm : !mm
  asc.adds %u1, %u1, %s, %n : !ub, !ub
  asc.adds %u0, %u0, %s, %n : !ub, !ub
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A vector-pipe barrier orders no copy an issue reads: the issue hoists
// above it. A full barrier stops it.
// CHECK-LABEL: func.func @barriers
// CHECK:      asc.pipe_barrier pipe_all
// CHECK-NEXT: asc.matmul.iterate_all
// CHECK-NEXT: asc.pipe_barrier pipe_v
func.func @barriers(%c_ptr: !asc.gm_addr {asc.no_alias}, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.pipe_barrier pipe_all
  asc.pipe_barrier pipe_v
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// A later synchronous call of the same object completes a flagless issue
// (End does not): another issue whose output overlaps it stays after that
// call, above the end.
// CHECK-LABEL: func.func @no_hoist_above_completion
// CHECK:      asc.matmul.iterate_all %{{[^{]*}} : !matmul
// CHECK-NEXT: asc.matmul.iterate_all {{.*}}wait_iterate_all = true
// CHECK-NEXT: asc.matmul.end
func.func @no_hoist_above_completion(%c_ptr: !asc.gm_addr {asc.no_alias}, %d_ptr: !asc.gm_addr {asc.no_alias}, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %d = asc.set_global_buffer %d_ptr : !gm
  %mm0 = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !asc.global_tensor<f16>
  %mm1 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm1, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm0, %c {sync = false} : !mm, !gm
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm0, %d : !mm, !gm
  asc.matmul.end %mm0 : !mm
  asc.matmul.iterate_all %mm1, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm1 : !mm
  asc.matmul.end %mm1 : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Two issues hoisted to the same barrier keep their order, and so do their
// waits stopped by the same read: a second run changes nothing.
// CHECK-LABEL: func.func @issues_keep_their_order
// CHECK:      asc.pipe_barrier pipe_all
// CHECK-NEXT: asc.matmul.iterate_all %[[MM0:[^,]*]],
// CHECK-NEXT: asc.matmul.iterate_all %[[MM1:[^,]*]],
// CHECK-NEXT: asc.adds
// CHECK-NEXT: asc.adds
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM0]]
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM1]]
// CHECK-NEXT: call @opaque
func.func private @opaque()
func.func @issues_keep_their_order(%c0_ptr: !asc.gm_addr {asc.no_alias}, %c1_ptr: !asc.gm_addr {asc.no_alias}, %u: !ub, %s: f32, %n: i32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c0 = asc.set_global_buffer %c0_ptr : !gm
  %c1 = asc.set_global_buffer %c1_ptr : !gm
  %mm0 = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm0, %a_t : !mm, !asc.global_tensor<f16>
  %mm1 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm1, %a_t : !mm, !asc.global_tensor<f16>
  asc.pipe_barrier pipe_all
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.matmul.iterate_all %mm0, %c0 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm0 : !mm
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.matmul.iterate_all %mm1, %c1 {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm1 : !mm
  func.call @opaque() : () -> ()
  asc.matmul.end %mm0 : !mm
  asc.matmul.end %mm1 : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// scf.index_switch gets one wait per case, like scf.if.
// CHECK-LABEL: func.func @wait_per_case
// CHECK:      scf.index_switch
// CHECK-NEXT: case 0 {
// CHECK-NEXT:   asc.matmul.wait_iterate_all
// CHECK-NEXT:   asc.data_copy
// CHECK:      default {
// CHECK-NEXT:   asc.adds
// CHECK-NEXT:   asc.matmul.wait_iterate_all
// CHECK-NEXT: }
func.func @wait_per_case(%c_ptr: !asc.gm_addr {asc.no_alias}, %u: !ub, %s: f32, %n: i32, %k: index, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  scf.index_switch %k
  case 0 {
    asc.data_copy %u, %c, %n : !ub, !gm
    scf.yield
  }
  default {
    asc.adds %u, %u, %s, %n : !ub, !ub
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A wait follows a cf branch into successors that have no other
// predecessor.
// CHECK-LABEL: func.func @wait_follows_branch
// CHECK:      ^bb1:
// CHECK-NEXT:   asc.adds
// CHECK-NEXT:   asc.matmul.wait_iterate_all
// CHECK-NEXT:   asc.data_copy
// CHECK:      ^bb2:
// CHECK-NEXT:   asc.matmul.end
// CHECK-NEXT:   asc.matmul.wait_iterate_all
// CHECK-NEXT:   return
func.func @wait_follows_branch(%c_ptr: !asc.gm_addr {asc.no_alias}, %u: !ub, %s: f32, %n: i32, %cond: i1, %a_in: !asc.gm_addr {asc.no_alias}) {
  %c = asc.set_global_buffer %c_ptr : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  cf.cond_br %cond, ^use, ^skip
^use:
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.data_copy %u, %c, %n : !ub, !gm
  asc.matmul.end %mm : !mm
  return
^skip:
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// Offsets whose byte arithmetic overflows are unknown, not wrapped: the
// output 2^62 f32 elements on (2^64 bytes, 0 if wrapped) and the read one
// element before the root (which a wrapped offset would put just before
// the output) may meet, so the wait stays before the read.
// CHECK-LABEL: func.func @overflowing_offsets
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: asc.matmul.wait_iterate_all
// CHECK-NEXT: asc.get_value
func.func @overflowing_offsets(%p: !asc.gm_addr {asc.no_alias}, %a_in: !asc.gm_addr {asc.no_alias}) {
  %big = arith.constant 4611686018427387904 : i64
  %m1 = arith.constant -1 : i64
  %c0 = arith.constant 0 : i64
  %c = asc.set_global_buffer %p[%big] : !gm
  %r = asc.set_global_buffer %p[%m1] : !gm
  %mm = asc.matmul.create : !mm
  %a_t = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a_t : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  %x = asc.get_value %r[%c0] : !gm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// Object 1's wait completes object 0's flagless IterateAll only because it
// was posted first (spec revision 4): ordering issues by need must not sink
// the flagless one past object 1's issue, which would leave it in flight at
// the copy of its output (section 2c, O9).
// CHECK-LABEL: func.func @flagless_keeps_its_place_before_a_waited_call
// CHECK:      asc.matmul.iterate_all %[[MM0:[^ ]*]], %{{.*}} {sync = false}
// CHECK:      asc.matmul.iterate_all %[[MM1:[^ ]*]], %{{.*}} {sync = false, wait_iterate_all = true}
// CHECK:      asc.matmul.wait_iterate_all %[[MM1]]
// CHECK-NEXT: asc.data_copy
func.func @flagless_keeps_its_place_before_a_waited_call(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %pd: !asc.gm_addr {asc.no_alias}, %u: !ub, %s: f32) {
  %n = arith.constant 64 : i32
  %a = asc.set_global_buffer %pa : !ga
  %c = asc.set_global_buffer %pc : !gm
  %d = asc.set_global_buffer %pd : !gm
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm1, %a : !mm, !ga
  asc.matmul.set_tensor_a %mm0, %a : !mm, !ga
  asc.matmul.iterate_all %mm0, %c {sync = false} : !mm, !gm
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.matmul.iterate_all %mm1, %d {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm1 : !mm
  asc.data_copy %u, %c, %n : !ub, !gm
  return
}
