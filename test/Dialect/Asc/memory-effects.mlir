// RUN: asc-opt %s --canonicalize --cse | FileCheck %s

// The declared memory effects keep generic transformations honest: pure
// views and queries fold away when unused, reads are not merged across a
// write of the same memory, and no Matmul call or wait is ever dropped or
// merged.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Unused pure ops disappear; unused reads too (they have no write).
// CHECK-LABEL: func.func @dead_pure_ops
// CHECK-NOT:   asc.subview
// CHECK-NOT:   asc.get_block_idx
// CHECK-NOT:   asc.get_value
// CHECK:       return
func.func @dead_pure_ops(%c: !gm, %i: i64) {
  %v = asc.subview %c[%i] : !gm
  %b = asc.get_block_idx
  %x = asc.get_value %c[%i] : !gm
  return
}


// Two reads of GM merge when nothing writes in between, not across a write.
// CHECK-LABEL: func.func @reads_and_writes
// CHECK:       asc.get_value
// CHECK-NEXT:  asc.set_value
// CHECK-NEXT:  asc.get_value
// CHECK-NOT:   asc.get_value
func.func @reads_and_writes(%c: !gm, %i: i64, %v: f32) -> (f32, f32, f32) {
  %a = asc.get_value %c[%i] : !gm
  asc.set_value %c[%i], %v : !gm
  %b = asc.get_value %c[%i] : !gm
  %d = asc.get_value %c[%i] : !gm
  return %a, %b, %d : f32, f32, f32
}


// The same for an element of a local tensor (local memory); an unused
// local tensor size folds away.
// CHECK-LABEL: func.func @local_reads_and_writes
// CHECK-NOT:   asc.local_tensor.get_size
// CHECK:       asc.get_value
// CHECK-NEXT:  asc.set_value
// CHECK-NEXT:  asc.get_value
// CHECK-NOT:   asc.get_value
func.func @local_reads_and_writes(%u: !ub, %i: i64, %v: f32) -> (f32, f32, f32) {
  %n = asc.local_tensor.get_size %u : !ub
  %a = asc.get_value %u[%i] : !ub
  asc.set_value %u[%i], %v : !ub
  %b = asc.get_value %u[%i] : !ub
  %d = asc.get_value %u[%i] : !ub
  return %a, %b, %d : f32, f32, f32
}


// Matmul calls and waits write the object's state: none of them is removed
// or merged, even when repeated.
// CHECK-LABEL: func.func @matmul_ops_stay
// CHECK:       asc.matmul.iterate_all
// CHECK-NEXT:  asc.matmul.wait_iterate_all
// CHECK-NEXT:  asc.matmul.iterate_all
// CHECK-NEXT:  asc.matmul.wait_iterate_all
// CHECK-NEXT:  asc.data_copy
// CHECK-NEXT:  asc.matmul.end
func.func @matmul_ops_stay(%c: !gm, %u: !ub, %n: i32) {
  %mm = asc.matmul.create : !mm
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.data_copy %u, %c, %n : !ub, !gm
  asc.matmul.end %mm : !mm
  return
}


// An API call with no result that writes no tensor (InitSocState sets the
// core's control registers) writes the pipelines' state: it stays, twice
// when written twice. An unused one with a result and no tensor is a query:
// it goes, and two of them merge.
// CHECK-LABEL: func.func @api_calls_for_their_effect
// CHECK-NEXT:  asc.api_call "AscendC::InitSocState"() on pipe_s
// CHECK-NEXT:  asc.api_call "AscendC::InitSocState"() on pipe_s
// CHECK-NEXT:  %[[IDX:.*]] = asc.api_call "AscendC::GetSubBlockIdx"()
// CHECK-NEXT:  return %[[IDX]], %[[IDX]]
func.func @api_calls_for_their_effect() -> (i64, i64) {
  asc.api_call "AscendC::InitSocState"() on pipe_s : () -> ()
  asc.api_call "AscendC::InitSocState"() on pipe_s : () -> ()
  %dead = asc.api_call "AscendC::GetSubBlockIdx"() on pipe_s : () -> i64
  %a = asc.api_call "AscendC::GetSubBlockIdx"() on pipe_s : () -> i64
  %b = asc.api_call "AscendC::GetSubBlockIdx"() on pipe_s : () -> i64
  return %a, %b : i64, i64
}
