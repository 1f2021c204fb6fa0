// RUN: asc-translate --asc-to-ascendc %examples/07-multi-matmul.mlir | FileCheck %s

// Four Matmul objects, each with its own tiling at a byte offset of the
// tiling argument, registered at once; three async IterateAll pending while
// the fourth object loops over async GetTensorC blocks.

// CHECK-LABEL: extern "C" __global__ __aicore__ void qkvg_proj_custom(GM_ADDR
// CHECK: TCubeTiling [[TQ:v[0-9]+]];
// CHECK-NEXT: CopyTiling(&[[TQ]], [[TGM:v[0-9]+]] + {{v[0-9]+}});
// CHECK-NEXT: TCubeTiling [[TK:v[0-9]+]];
// CHECK-NEXT: CopyTiling(&[[TK]], [[TGM]] + {{v[0-9]+}});
// CHECK-NEXT: TCubeTiling [[TV:v[0-9]+]];
// CHECK-NEXT: CopyTiling(&[[TV]], [[TGM]] + {{v[0-9]+}});
// CHECK-NEXT: TCubeTiling [[TG:v[0-9]+]];
// CHECK-NEXT: CopyTiling(&[[TG]], [[TGM]] + {{v[0-9]+}});
// CHECK: matmul::Matmul<{{.*}}, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>> [[MQ:v[0-9]+]];
// CHECK-NEXT: matmul::Matmul<{{.*}}, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>> [[MK:v[0-9]+]];
// CHECK-NEXT: matmul::Matmul<{{.*}}, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>> [[MV:v[0-9]+]];
// CHECK-NEXT: matmul::Matmul<{{.*}}, matmul::MatmulType<AscendC::TPosition::VECOUT, CubeFormat::ND, float>> [[MG:v[0-9]+]];
// CHECK-NEXT: GM_ADDR [[WS:v[0-9]+]] = GetSysWorkSpacePtr();
// CHECK-NEXT: REGIST_MATMUL_OBJ(&{{v[0-9]+}}, [[WS]], [[MQ]], &[[TQ]], [[MK]], &[[TK]], [[MV]], &[[TV]], [[MG]], &[[TG]]);
// CHECK: [[MQ]].IterateAll<false>({{v[0-9]+}}, 0, false, true, false);
// CHECK-NEXT: [[MK]].IterateAll<false>({{v[0-9]+}}, 0, false, true, false);
// CHECK-NEXT: [[MV]].IterateAll<false>({{v[0-9]+}}, 0, false, true, false);
// CHECK: do {
// CHECK: bool [[MORE:v[0-9]+]] = [[MG]].Iterate<false>(false);
// CHECK: if ([[MORE]]) {
// CHECK-NEXT: AscendC::LocalTensor<float> [[BLK:v[0-9]+]] = {{v[0-9]+}}.AllocTensor<float>();
// CHECK-NEXT: [[MG]].GetTensorC<false>([[BLK]], 0, true);
// CHECK: [[MG]].WaitGetTensorC();
// CHECK-NEXT: AscendC::LeakyRelu([[BLK]], [[BLK]], {{v[0-9]+}}, {{v[0-9]+}});
// CHECK: } while (
// CHECK: [[MQ]].WaitIterateAll();
// CHECK-NEXT: [[MK]].WaitIterateAll();
// CHECK-NEXT: [[MV]].WaitIterateAll();
// CHECK-NEXT: [[MQ]].End();
// CHECK-NEXT: [[MK]].End();
// CHECK-NEXT: [[MV]].End();
// CHECK-NEXT: [[MG]].End();
// CHECK-NEXT: AscendC::PipeBarrier<PIPE_ALL>();
