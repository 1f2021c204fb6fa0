// RUN: asc-translate --asc-to-ascendc %examples/04-async-iterate-all-overlap.mlir | FileCheck %s

// Async IterateAll to a workspace slice of GM and its hand-placed wait,
// then the vector work that reads C.

// CHECK-LABEL: extern "C" __global__ __aicore__ void matmul_addmm_custom(GM_ADDR
// CHECK: GM_ADDR [[USER:v[0-9]+]] = AscendC::GetUserWorkspace([[WSARG:v[0-9]+]]);
// CHECK-NEXT: AscendC::GlobalTensor<float> [[CVAR:v[0-9]+]];
// CHECK-NEXT: [[CVAR]].SetGlobalBuffer((__gm__ float *)[[USER]] + {{v[0-9]+}});
// CHECK-NEXT: AscendC::GlobalTensor<float> [[C:v[0-9]+]] = [[CVAR]];
// CHECK: REGIST_MATMUL_OBJ(&{{v[0-9]+}}, {{v[0-9]+}}, [[MM:v[0-9]+]], &{{v[0-9]+}});
// CHECK: AscendC::TQue<AscendC::TPosition::VECIN, 1> [[QBIAS:v[0-9]+]];
// CHECK-NEXT: AscendC::TQue<AscendC::TPosition::VECIN, 2> [[QC:v[0-9]+]];
// CHECK-NEXT: AscendC::TQue<AscendC::TPosition::VECOUT, 2> [[QY:v[0-9]+]];
// CHECK: [[MM]].SetTensorA({{v[0-9]+}});
// CHECK-NEXT: [[MM]].SetTensorB({{v[0-9]+}});
// CHECK-NEXT: [[MM]].IterateAll<false>([[C]], 0, false, true, false);
// CHECK-NEXT: [[MM]].WaitIterateAll();
// CHECK-NEXT: AscendC::LocalTensor<float> [[BIASLOAD:v[0-9]+]] = [[QBIAS]].AllocTensor<float>();
// CHECK-NEXT: AscendC::DataCopy([[BIASLOAD]], {{v[0-9]+}}, {{v[0-9]+}});
// CHECK: for (int32_t [[ROW:i[0-9]+]] = {{v[0-9]+}}; [[ROW]] < {{v[0-9]+}}; [[ROW]] += {{v[0-9]+}}) {
// CHECK: AscendC::GlobalTensor<float> [[CROW:v[0-9]+]] = [[C]][{{v[0-9]+}}];
// CHECK-NEXT: AscendC::LocalTensor<float> [[CLOAD:v[0-9]+]] = [[QC]].AllocTensor<float>();
// CHECK-NEXT: AscendC::DataCopy([[CLOAD]], [[CROW]], {{v[0-9]+}});
// CHECK: AscendC::Add(
// CHECK: }
// CHECK-NEXT: [[QBIAS]].FreeTensor(
// CHECK-NEXT: [[MM]].End();
// CHECK-NEXT: return;
