// RUN: asc-translate --asc-to-ascendc --asc-sync-placement %examples/04-async-iterate-all-overlap.mlir | FileCheck %s --check-prefix=NAMES
// RUN: asc-opt --asc-to-ascendc="sync-placement=true" %examples/04-async-iterate-all-overlap.mlir | mlir-translate --mlir-to-cpp | FileCheck %s
// RUN: asc-translate --asc-to-ascendc --asc-sync-placement %s -verify-diagnostics

// With the sync placement on, the translation places the Matmul waits
// before lowering: example 4's hand-placed WaitIterateAll moves past the
// independent bias load and scaling, to just before the loop that reads C
// (a wait never enters a loop). asc-translate declares the values under
// their .mlir names; the stock mlir-translate prints the emitter's own, and
// copies the GlobalTensor that the loop subscripts.

// NAMES-LABEL: extern "C" __global__ __aicore__ void matmul_addmm_custom(GM_ADDR a,
// NAMES: GM_ADDR user_workspace = AscendC::GetUserWorkspace(workspace);
// NAMES-NEXT: AscendC::GlobalTensor<float> c_global;
// NAMES-NEXT: c_global.SetGlobalBuffer((__gm__ float *)user_workspace + offset_c);
// NAMES-NEXT: MatmulT mm;
// NAMES: mm.IterateAll<false>(c_global, 0, false, true);
// NAMES-NEXT: AscendC::LocalTensor<float> bias_load = in_queue_bias.AllocTensor<float>();
// NAMES-NEXT: AscendC::DataCopy(bias_load, bias_global, single_n);
// NAMES: AscendC::Muls(
// NAMES-NEXT: mm.WaitIterateAll();
// NAMES-NEXT: for (int32_t row = 0; row < single_m; row += 1) {
// NAMES: AscendC::GlobalTensor<float> c_row = c_global[row_offset];
// NAMES: mm.End();

// CHECK-LABEL: extern "C" __global__ __aicore__ void matmul_addmm_custom(GM_ADDR
// CHECK: [[USER:v[0-9]+]] = AscendC::GetUserWorkspace(
// CHECK-NEXT: AscendC::GlobalTensor<float> [[C:v[0-9]+]];
// CHECK-NEXT: [[C]].SetGlobalBuffer((__gm__ float *)[[USER]] +
// CHECK-NEXT: AscendC::GlobalTensor<float> [[CV:v[0-9]+]] = [[C]];
// CHECK: [[MM:v[0-9]+]].IterateAll<false>([[C]], 0, false, true);
// CHECK-NEXT: AscendC::LocalTensor<float> [[BIAS:v[0-9]+]] = {{v[0-9]+}}.AllocTensor<float>();
// CHECK-NEXT: AscendC::DataCopy([[BIAS]], {{v[0-9]+}}, {{v[0-9]+}});
// CHECK: AscendC::Muls(
// CHECK-NEXT: [[MM]].WaitIterateAll();
// CHECK-NEXT: for (
// CHECK: AscendC::GlobalTensor<float> {{v[0-9]+}} = [[CV]][{{v[0-9]+}}];
// CHECK: [[MM]].End();

// A protocol violation stops the translation with the placement's
// diagnostics.
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
func.func @missing_wait(%a: !asc.gm_addr {asc.no_alias},
                        %c: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  %ga = asc.set_global_buffer %a : !asc.global_tensor<f16>
  %gc = asc.set_global_buffer %c : !asc.global_tensor<f32>
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %ga : !mm, !asc.global_tensor<f16>
  asc.matmul.set_tensor_b %mm, %ga : !mm, !asc.global_tensor<f16>
  // expected-note @+1 {{pending}}
  asc.matmul.iterate_all %mm, %gc {sync = false, wait_iterate_all = true} : !mm, !asc.global_tensor<f32>
  asc.matmul.end %mm : !mm
  // expected-error @+1 {{rule P1}}
  return
}
