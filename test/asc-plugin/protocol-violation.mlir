// The asc-to-ascendc pipeline loaded into a stock mlir-opt refuses a kernel
// that breaks the Matmul protocol with the P-rule diagnostic, with and
// without the placement; its options reach the placement.
// RUN: mlir-opt --load-dialect-plugin=%asc_plugin --load-pass-plugin=%asc_plugin \
// RUN:   --pass-pipeline="builtin.module(asc-to-ascendc)" %s -verify-diagnostics
// RUN: mlir-opt --load-dialect-plugin=%asc_plugin --load-pass-plugin=%asc_plugin \
// RUN:   --pass-pipeline="builtin.module(asc-to-ascendc{sync-placement=true})" \
// RUN:   %s -verify-diagnostics

// repair-missing-waits inserts the wait: the stock mlir-translate prints the
// C++ asc-translate prints with the same options and the emitter's names.
// RUN: mlir-opt --load-dialect-plugin=%asc_plugin --load-pass-plugin=%asc_plugin \
// RUN:   --pass-pipeline="builtin.module(asc-to-ascendc{sync-placement=true repair-missing-waits=true})" \
// RUN:   %s 2>/dev/null | mlir-translate --mlir-to-cpp > %t.repair.cpp
// RUN: FileCheck %s --check-prefix=REPAIR < %t.repair.cpp
// RUN: asc-translate --asc-to-ascendc --asc-source-names=false --asc-sync-placement --asc-repair-missing-waits \
// RUN:   %s 2>/dev/null | diff %t.repair.cpp -
// REPAIR-LABEL: void missing_wait(
// REPAIR:      .IterateAll<false>(
// REPAIR:      .End();
// REPAIR-NEXT: .WaitIterateAll();

// An option of the placement without the placement is refused.
// RUN: not mlir-opt --load-dialect-plugin=%asc_plugin --load-pass-plugin=%asc_plugin \
// RUN:   --pass-pipeline="builtin.module(asc-to-ascendc{repair-missing-waits=true})" \
// RUN:   %s 2>&1 | FileCheck %s --check-prefix=CONFLICT
// CONFLICT: error: asc-to-ascendc option repair-missing-waits needs sync-placement

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// An async IterateAll and no wait before the object ends (rule P1).
func.func @missing_wait(%a: !asc.gm_addr {asc.no_alias},
                        %c: !asc.gm_addr {asc.no_alias},
                        %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  %ws = asc.get_sys_workspace_ptr
  %tiling = asc.get_tiling %tiling_gm
  %mm = asc.matmul.create : !mm
  asc.matmul.register %pipe, %ws, %mm tiling %tiling : !mm
  %ga = asc.set_global_buffer %a : !asc.global_tensor<f16>
  %gc = asc.set_global_buffer %c : !asc.global_tensor<f32>
  asc.matmul.set_tensor_a %mm, %ga : !mm, !asc.global_tensor<f16>
  asc.matmul.set_tensor_b %mm, %ga : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{the pending async issue}}
  asc.matmul.iterate_all %mm, %gc {sync = false, wait_iterate_all = true} : !mm, !asc.global_tensor<f32>
  asc.matmul.end %mm : !mm
  // expected-error @+1 {{rule P1 needs 'asc.matmul.wait_iterate_all' first}}
  return
}
