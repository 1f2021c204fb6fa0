// RUN: asc-opt %s | FileCheck %s --check-prefix=PLACED
// PLACED: func.func @f
// PLACE-NEXT: return
