// The stock mlir-opt lowers example kernels to EmitC with the conversion and
// pipeline from the pass plugin, the stock mlir-translate prints them as
// Ascend C, and both match what asc-opt and asc-translate produce.

// Placement, then the conversion, as asc-opt does it.
// RUN: mlir-opt --load-dialect-plugin=%asc_plugin --load-pass-plugin=%asc_plugin \
// RUN:   --pass-pipeline="builtin.module(func.func(asc-sync-placement),convert-asc-to-emitc)" \
// RUN:   %examples/04-async-iterate-all-overlap.mlir > %t.04.emitc
// RUN: FileCheck %s < %t.04.emitc
// RUN: asc-opt --pass-pipeline="builtin.module(func.func(asc-sync-placement),convert-asc-to-emitc)" \
// RUN:   %examples/04-async-iterate-all-overlap.mlir | diff %t.04.emitc -

// The asc-to-ascendc pipeline, printed by the stock mlir-translate, equals
// asc-translate's Ascend C with the emitter's names, up to indentation
// (diff -w).
// RUN: mlir-opt --load-dialect-plugin=%asc_plugin --load-pass-plugin=%asc_plugin \
// RUN:   --pass-pipeline="builtin.module(asc-to-ascendc{sync-placement=true})" \
// RUN:   %examples/04-async-iterate-all-overlap.mlir \
// RUN:   | mlir-translate --mlir-to-cpp > %t.04.cpp
// RUN: FileCheck %s --check-prefix=CXX < %t.04.cpp
// RUN: asc-translate --asc-to-ascendc --asc-source-names=false --asc-sync-placement \
// RUN:   %examples/04-async-iterate-all-overlap.mlir | diff -w %t.04.cpp -
// 07's fetch loop has a computed bound: its EmitC goes through the generic
// form, as MLIR 22 prints `emitc.expression` without its `noinline` in the
// custom one and the bound would be recomputed in the loop's condition.
// RUN: mlir-opt --load-dialect-plugin=%asc_plugin --load-pass-plugin=%asc_plugin \
// RUN:   --pass-pipeline="builtin.module(asc-to-ascendc{sync-placement=true})" \
// RUN:   --mlir-print-op-generic %examples/07-multi-matmul.mlir \
// RUN:   | mlir-translate --mlir-to-cpp > %t.07.cpp
// RUN: asc-translate --asc-to-ascendc --asc-source-names=false --asc-sync-placement \
// RUN:   %examples/07-multi-matmul.mlir | diff -w %t.07.cpp -

// CHECK-LABEL: emitc.func @matmul_addmm_custom
// CHECK-SAME: specifiers = ["extern \22C\22", "__global__", "__aicore__"]
// CHECK: verbatim "{}.IterateAll<false>({}, 0, false, true);"
// CHECK: call_opaque "AscendC::Muls"
// CHECK-NEXT: verbatim "{}.WaitIterateAll();"
// CHECK-NEXT: for

// The wait comes after the bias work and right before the loop reading C.
// CXX-LABEL: extern "C" __global__ __aicore__ void matmul_addmm_custom(GM_ADDR
// CXX: .IterateAll<false>({{.*}}, 0, false, true);
// CXX: AscendC::Muls(
// CXX-NEXT: .WaitIterateAll();
// CXX-NEXT: for (
