// RUN: asc-translate --asc-to-ascendc %examples/03-gemm-leakyrelu.mlir | FileCheck %s

// GEMM + LeakyReLU: `while (mm.Iterate())` becomes a do-while whose
// condition calls Iterate<true>; each block goes through a VECOUT queue.

// CHECK-LABEL: extern "C" __global__ __aicore__ void matmul_leakyrelu_custom(GM_ADDR
// CHECK: float [[ALPHA:v[0-9]+]] = 1.000000050e-03f;
// CHECK: matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::VECCALC, CubeFormat::ND, float>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>> [[MM:v[0-9]+]];
// CHECK: AscendC::GlobalTensor<float> [[BIAS:v[0-9]+]] = {{v[0-9]+}};
// CHECK: AscendC::GlobalTensor<float> [[C:v[0-9]+]] = {{v[0-9]+}};
// CHECK-NEXT: AscendC::TQue<AscendC::TPosition::VECOUT, 1> [[QUE:v[0-9]+]];
// CHECK: [[PIPE:v[0-9]+]].InitBuffer([[QUE]], {{v[0-9]+}}, {{v[0-9]+}});
// CHECK-NEXT: [[MM]].SetTensorA({{v[0-9]+}});
// CHECK-NEXT: [[MM]].SetTensorB({{v[0-9]+}});
// CHECK-NEXT: [[MM]].SetBias([[BIAS]]);
// CHECK: do {
// CHECK-NEXT: int32_t {{v[0-9]+}} = {{v[0-9]+}};
// CHECK-NEXT: bool [[MORE:v[0-9]+]] = [[MM]].Iterate<true>(false);
// CHECK: if ([[MORE]]) {
// CHECK-NEXT: AscendC::LocalTensor<float> [[OUT:v[0-9]+]] = [[QUE]].AllocTensor<float>();
// CHECK-NEXT: [[MM]].GetTensorC<true>([[OUT]], 0, true);
// CHECK-NEXT: AscendC::LeakyRelu([[OUT]], [[OUT]], [[ALPHA]], {{v[0-9]+}});
// CHECK-NEXT: [[QUE]].EnQue([[OUT]]);
// CHECK-NEXT: AscendC::LocalTensor<float> [[COPY:v[0-9]+]] = [[QUE]].DeQue<float>();
// CHECK: AscendC::GlobalTensor<float> [[BLOCK:v[0-9]+]] = [[C]][{{v[0-9]+}}];
// CHECK-NEXT: AscendC::DataCopyParams [[PARAMS:v[0-9]+]] = AscendC::DataCopyParams({{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}});
// CHECK-NEXT: AscendC::DataCopy([[BLOCK]], [[COPY]], [[PARAMS]]);
// CHECK-NEXT: [[QUE]].FreeTensor([[COPY]]);
// CHECK: } while (
// CHECK: [[MM]].End();
// CHECK-NEXT: return;
