// RUN: asc-opt %s | FileCheck %s
// RUN: asc-opt %s | FileCheck %s --check-prefixes=ONE,TWO
// RUN: asc-opt %s --asc-sync-placement | FileCheck %s --check-prefix NOWAIT
// CHECK-LABEL: func.func @f
// CHECK-NOT: asc.matmul.wait
// CHECK: return
// ONE: a
// TWO-NEXT: b
// NOWAIT-NOT: asc.matmul.wait
// NOTE: a comment that looks like a directive is not one.
