// RUN: asc-opt %s -split-input-file -verify-diagnostics | FileCheck %s
//
// asc.copies = N (i64) on asc.matmul.create: the kernel's tiling leaves the
// cube core room for N objects of this one's type and tiling, so loop
// pipelining may spread the object's calls over a copy of it.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// CHECK-LABEL: func.func @stated_on_a_creation
// CHECK: asc.matmul.create {asc.copies = 2 : i64}
func.func @stated_on_a_creation() {
  %mm = asc.matmul.create {asc.copies = 2 : i64} : !mm
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

func.func @on_another_op() {
  %mm = asc.matmul.create : !mm
  // expected-error @+1 {{expects 'asc.copies' on 'asc.matmul.create'}}
  asc.matmul.end %mm {asc.copies = 2 : i64} : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

func.func @not_an_i64() {
  // expected-error @+1 {{expects 'asc.copies' to be an i64 count of objects}}
  %mm = asc.matmul.create {asc.copies = 2 : i32} : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

func.func @zero_copies() {
  // expected-error @+1 {{expects 'asc.copies' to be 1 to 4 (REGIST_MATMUL_OBJ registers at most four objects), got 0}}
  %mm = asc.matmul.create {asc.copies = 0 : i64} : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

func.func @five_copies() {
  // expected-error @+1 {{expects 'asc.copies' to be 1 to 4 (REGIST_MATMUL_OBJ registers at most four objects), got 5}}
  %mm = asc.matmul.create {asc.copies = 5 : i64} : !mm
  return
}
