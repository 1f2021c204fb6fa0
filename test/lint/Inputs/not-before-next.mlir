// RUN: asc-opt %s | FileCheck %s
// The NOT is only looked for between the end of `a` and `c` on the next line.
// CHECK: a
// CHECK-NOT: b
// CHECK-NEXT: c
// A NOT between two plain checks is fine.
// CHECK: d
// CHECK-NOT: e
// CHECK: f
