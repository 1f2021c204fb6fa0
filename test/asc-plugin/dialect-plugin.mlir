// The system's stock mlir-opt, given the asc dialect plugin, reads and
// writes every example kernel exactly as asc-opt does: custom form, generic
// form and bytecode.

// RUN: asc-opt %examples/01-gemm-gm.mlir > %t.01
// RUN: mlir-opt --load-dialect-plugin=%asc_plugin %examples/01-gemm-gm.mlir \
// RUN:   | diff %t.01 -
// RUN: asc-opt %examples/02-gemm-cube-only.mlir > %t.02
// RUN: mlir-opt --load-dialect-plugin=%asc_plugin \
// RUN:   %examples/02-gemm-cube-only.mlir | diff %t.02 -
// RUN: asc-opt %examples/03-gemm-leakyrelu.mlir > %t.03
// RUN: mlir-opt --load-dialect-plugin=%asc_plugin \
// RUN:   %examples/03-gemm-leakyrelu.mlir | diff %t.03 -
// RUN: asc-opt %examples/04-async-iterate-all-overlap.mlir > %t.04
// RUN: mlir-opt --load-dialect-plugin=%asc_plugin \
// RUN:   %examples/04-async-iterate-all-overlap.mlir | diff %t.04 -
// RUN: asc-opt %examples/05-async-get-tensor-c-ub.mlir > %t.05
// RUN: mlir-opt --load-dialect-plugin=%asc_plugin \
// RUN:   %examples/05-async-get-tensor-c-ub.mlir | diff %t.05 -
// RUN: asc-opt %examples/06-batched.mlir > %t.06
// RUN: mlir-opt --load-dialect-plugin=%asc_plugin %examples/06-batched.mlir \
// RUN:   | diff %t.06 -
// RUN: asc-opt %examples/07-multi-matmul.mlir > %t.07
// RUN: mlir-opt --load-dialect-plugin=%asc_plugin \
// RUN:   %examples/07-multi-matmul.mlir | diff %t.07 -

// Generic form and bytecode, written by one tool and read by the other.
// RUN: mlir-opt --load-dialect-plugin=%asc_plugin --mlir-print-op-generic \
// RUN:   %examples/07-multi-matmul.mlir | asc-opt | diff %t.07 -
// RUN: asc-opt --emit-bytecode %examples/06-batched.mlir \
// RUN:   | mlir-opt --load-dialect-plugin=%asc_plugin | diff %t.06 -
// RUN: mlir-opt --load-dialect-plugin=%asc_plugin --emit-bytecode \
// RUN:   %examples/05-async-get-tensor-c-ub.mlir | asc-opt | diff %t.05 -

// What the stock tool printed is the kernel.
// RUN: FileCheck %s < %t.04
// CHECK-LABEL: func.func @matmul_addmm_custom
// CHECK: asc.matmul.iterate_all %[[MM:.*]], %{{.*}} {
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM]]
