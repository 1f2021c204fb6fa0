// RUN: asc-opt %s -split-input-file -verify-diagnostics | FileCheck %s
//
// asc.output_elements = N (i64): a Matmul call that writes an output tensor
// states that it writes no element at or past N elements from the tensor's
// first one (the extent the tiling gives, which the compiler cannot know).
// The analyses bound the call's output footprint by it; asc-run checks it.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!mm_batch = !asc.matmul<a = <gm, nd, f16, layout = normal>,
                        b = <gm, nd, f16, layout = normal>,
                        c = <gm, nd, f32, layout = normal>>
!gm = !asc.global_tensor<f32>

// CHECK-LABEL: func.func @stated_on_an_issue
// CHECK: asc.matmul.iterate_all {{.*}}asc.output_elements = 256 : i64
// CHECK: asc.matmul.iterate_batch {{.*}}asc.output_elements = 1024 : i64
func.func @stated_on_an_issue(%c: !gm, %n: i32) {
  %mm = asc.matmul.create : !mm
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  %mb = asc.matmul.create : !mm_batch
  asc.matmul.iterate_batch %mb, %c batch(%n, %n) {sync = true, asc.output_elements = 1024 : i64} : !mm_batch, !gm
  asc.matmul.end %mb : !mm_batch
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

func.func @zero_elements(%c: !gm) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects 'asc.output_elements' to be at least 1, got 0}}
  asc.matmul.iterate_all %mm, %c {sync = true, asc.output_elements = 0 : i64} : !mm, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

func.func @negative_elements(%c: !gm) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects 'asc.output_elements' to be at least 1, got -4}}
  asc.matmul.iterate_all %mm, %c {sync = true, asc.output_elements = -4 : i64} : !mm, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

func.func @narrow_count(%c: !gm) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects 'asc.output_elements' to be an i64 element count}}
  asc.matmul.iterate_all %mm, %c {sync = true, asc.output_elements = 256 : i32} : !mm, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

func.func @not_a_count(%c: !gm) {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects 'asc.output_elements' to be an i64 element count}}
  asc.matmul.iterate_all %mm, %c {sync = true, asc.output_elements = "256"} : !mm, !gm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>

// A wait writes nothing: it has no output to bound.
func.func @on_a_wait(%c: !gm) {
  %mm = asc.matmul.create : !mm
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  // expected-error @+1 {{expects 'asc.output_elements' on a Matmul call that writes an output tensor}}
  asc.matmul.wait_iterate_all %mm {asc.output_elements = 256 : i64} : !mm
  return
}

// -----

!mm_batch = !asc.matmul<a = <gm, nd, f16, layout = normal>,
                        b = <gm, nd, f16, layout = normal>,
                        c = <gm, nd, f32, layout = normal>>

// IterateNBatch writes the object's workspace, not a tensor it is given.
func.func @on_iterate_n_batch(%n: i32) {
  %mm = asc.matmul.create : !mm_batch
  // expected-error @+1 {{expects 'asc.output_elements' on a Matmul call that writes an output tensor}}
  asc.matmul.iterate_n_batch %mm, %n, %n, %n {sync = false, wait_iterate_batch = true, asc.output_elements = 256 : i64} : !mm_batch
  return
}

// -----

!ub = !asc.local_tensor<vecin, f32>

// Not a Matmul call at all.
func.func @on_a_vector_op(%u: !ub, %n: i32, %s: f32) {
  // expected-error @+1 {{expects 'asc.output_elements' on a Matmul call that writes an output tensor}}
  asc.adds %u, %u, %s, %n {asc.output_elements = 256 : i64} : !ub, !ub
  return
}
