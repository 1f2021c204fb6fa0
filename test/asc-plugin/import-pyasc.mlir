// The stock mlir-opt, given both plugins, reads a kernel in pyasc's printed
// syntax (the dialect plugin registers the mirror of pyasc's dialects) and
// imports it with --convert-pyasc-to-asc, as asc-opt does.

// RUN: asc-opt --convert-pyasc-to-asc %S/../Conversion/PyascToAsc/import-pyasc.mlir > %t.asc
// RUN: mlir-opt --load-dialect-plugin=%asc_plugin --load-pass-plugin=%asc_plugin \
// RUN:   --pass-pipeline="builtin.module(convert-pyasc-to-asc)" %S/../Conversion/PyascToAsc/import-pyasc.mlir | diff %t.asc -
// RUN: FileCheck %s < %t.asc

// CHECK-LABEL: func.func @kernel
// CHECK-SAME: attributes {asc.kernel}
// CHECK: asc.matmul.iterate_all
