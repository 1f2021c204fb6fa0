// RUN: asc-opt %s -verify-diagnostics
// Nothing runs FileCheck on this file.
// CHECK: func.func @f
// CHECK-NEXT: return
