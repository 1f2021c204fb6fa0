// The first command's output goes nowhere; the others are deliberate.
// RUN: asc-opt %s --asc-verify-sync
// RUN: asc-opt %s --asc-verify-sync > /dev/null
// RUN: asc-opt %s -o %t && diff %t %t
// RUN: not asc-opt %s --asc-sync-placement 2>&1
// RUN: asc-opt %s -split-input-file -verify-diagnostics
// RUN: asc-opt %s 2> /dev/null | \
// RUN:   diff %s -
