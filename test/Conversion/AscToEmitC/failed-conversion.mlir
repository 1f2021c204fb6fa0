// RUN: asc-opt %s --convert-asc-to-emitc --mlir-print-ir-after-failure -verify-diagnostics 2>&1 | FileCheck %s

// A conversion that fails after a pattern has added module-level
// declarations (the CopyTiling helper, the includes) rolls them back with the
// rest: the module is left as it was, and nothing created on the way leaks
// (the helper's entry block comes from the rewriter).

// CHECK-LABEL: IR Dump After ConvertAscToEmitC Failed
// CHECK-NEXT:  module {
// CHECK-NEXT:    func.func @branches(%{{.*}}: !asc.gm_addr, %{{.*}}: i1) attributes {asc.kernel} {
// CHECK-NEXT:      %{{.*}} = asc.get_tiling %{{.*}}
// CHECK-NEXT:      cf.cond_br
// CHECK-NOT:     emitc.
func.func @branches(%tiling_gm: !asc.gm_addr, %flag: i1) attributes {asc.kernel} {
  %tiling = asc.get_tiling %tiling_gm
  // expected-error @+1 {{failed to legalize operation 'cf.cond_br'}}
  cf.cond_br %flag, ^then, ^else
^then:
  return
^else:
  return
}
