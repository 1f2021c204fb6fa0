// The system's stock mlir-opt runs the asc passes from the pass plugin, with
// the same results as asc-opt.

// asc-verify-sync accepts the example kernels and leaves them unchanged.
// RUN: asc-opt %examples/04-async-iterate-all-overlap.mlir > %t.04
// RUN: mlir-opt --load-dialect-plugin=%asc_plugin --load-pass-plugin=%asc_plugin \
// RUN:   --pass-pipeline="builtin.module(func.func(asc-verify-sync))" \
// RUN:   %examples/04-async-iterate-all-overlap.mlir | diff %t.04 -
// RUN: asc-opt %examples/07-multi-matmul.mlir > %t.07
// RUN: mlir-opt --load-dialect-plugin=%asc_plugin --load-pass-plugin=%asc_plugin \
// RUN:   --pass-pipeline="builtin.module(func.func(asc-verify-sync))" \
// RUN:   %examples/07-multi-matmul.mlir | diff %t.07 -

// asc-sync-placement sinks the wait of example 4 to the loop that reads C,
// as asc-opt does.
// RUN: mlir-opt --load-dialect-plugin=%asc_plugin --load-pass-plugin=%asc_plugin \
// RUN:   --pass-pipeline="builtin.module(func.func(asc-sync-placement))" \
// RUN:   %examples/04-async-iterate-all-overlap.mlir > %t.04.placed
// RUN: FileCheck %s --check-prefix=PLACED < %t.04.placed
// RUN: asc-opt --pass-pipeline="builtin.module(func.func(asc-sync-placement))" \
// RUN:   %examples/04-async-iterate-all-overlap.mlir | diff %t.04.placed -
// RUN: mlir-opt --load-dialect-plugin=%asc_plugin --load-pass-plugin=%asc_plugin \
// RUN:   --pass-pipeline="builtin.module(func.func(asc-sync-placement{promote-sync=true}))" \
// RUN:   %examples/01-gemm-gm.mlir > %t.01.promoted
// RUN: asc-opt --pass-pipeline="builtin.module(func.func(asc-sync-placement{promote-sync=true}))" \
// RUN:   %examples/01-gemm-gm.mlir | diff %t.01.promoted -

// PLACED-LABEL: func.func @matmul_addmm_custom
// PLACED: asc.matmul.iterate_all %[[MM:.*]], %{{.*}} {
// PLACED-NOT: asc.matmul.wait_iterate_all
// PLACED: asc.muls
// PLACED-NEXT: asc.matmul.wait_iterate_all %[[MM]]
// PLACED-NEXT: scf.for

// The passes report protocol violations through the stock tool.
// RUN: mlir-opt --load-dialect-plugin=%asc_plugin --load-pass-plugin=%asc_plugin \
// RUN:   --pass-pipeline="builtin.module(func.func(asc-verify-sync))" \
// RUN:   -verify-diagnostics %s

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// Reads the output of an async iterate_all before its wait (rule P3).
func.func @early_read(%c: !asc.global_tensor<f32>,
                      %ub: !asc.local_tensor<vecin, f32>, %n: i32,
                      %a_in: !asc.gm_addr {asc.no_alias}) {
  %mm = asc.matmul.create : !mm
  %a = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{the async issue writing that output}}
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true}
      : !mm, !asc.global_tensor<f32>
  // expected-error @+1 {{'asc.data_copy' op may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
  asc.data_copy %ub, %c, %n : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}
