// RUN: asc-translate --asc-to-ascendc %examples/06-batched.mlir | FileCheck %s

// Batched: async IterateBatch to GM with its wait; IterateNBatch with a
// MatmulConfig (isNBatch) declared once at file scope, then GetBatchTensorC
// into UB in a loop.

// CHECK: using namespace AscendC;
// CHECK-NEXT: constexpr static MatmulConfig MM_CFG_NORM_NBATCH = GetNormalConfig(false, true);
// CHECK-NOT: constexpr static MatmulConfig

// CHECK-LABEL: extern "C" __global__ __aicore__ void batch_matmul_custom(GM_ADDR
// CHECK: matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NORMAL>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>> [[MM:v[0-9]+]];
// CHECK: [[MM]].SetBias(
// CHECK: [[MM]].IterateBatch<false, true>({{v[0-9]+}}, [[BA:v[0-9]+]], [[BB:v[0-9]+]], false, 0, 0, 0);
// CHECK-NEXT: [[MM]].WaitIterateBatch();
// CHECK-NEXT: [[MM]].End();

// CHECK-LABEL: extern "C" __global__ __aicore__ void batch_matmul_nbatch_custom(GM_ADDR
// CHECK: matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::BSNGD>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::BSNGD>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::BNGS1S2>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::BNGS1S2>, MM_CFG_NORM_NBATCH> [[MM:v[0-9]+]];
// CHECK: [[MM]].SetWorkspace(
// CHECK: [[MM]].IterateNBatch<false, true>([[LOOP:v[0-9]+]], [[BA:v[0-9]+]], [[BB:v[0-9]+]], false, 0, 0, 0);
// CHECK-NEXT: [[MM]].WaitIterateBatch();
// CHECK-NEXT: for (int32_t {{i[0-9]+}} = {{v[0-9]+}}; {{i[0-9]+}} < [[LOOP]];
// CHECK-NEXT: AscendC::LocalTensor<float> [[UB:v[0-9]+]] = {{v[0-9]+}}.AllocTensor<float>();
// CHECK-NEXT: [[MM]].GetBatchTensorC<false>([[UB]], [[BA]], [[BB]], false);
// CHECK: [[MM]].End();
