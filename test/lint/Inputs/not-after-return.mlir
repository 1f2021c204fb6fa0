// RUN: asc-opt %s | FileCheck %s
// CHECK-LABEL: func.func @f
// CHECK: return
// CHECK-NOT: asc.matmul.wait
// CHECK-LABEL: func.func @g
// CHECK-NOT: asc.matmul.wait
// CHECK: return
