// Fill (InitGlobalMemory's older name) writes GM through UB, an MTE3
// write: asc.api_call on pipe_mte3, which the protocol checks see.
//
// RUN: asc-check %s --emit-mlir | FileCheck %s
// RUN: asc-check %s | FileCheck %s --check-prefix=CLEAN
// A Fill of C while an IterateAll<false> into C is pending is reported at
// the Fill's line.
// RUN: sed -e 's/^  mm.WaitIterateAll();$//' -e 's/^  \/\/ FILL-AFTER$/  Fill(cGlobal, 64, 0.0f);\n  mm.WaitIterateAll();/' %s > %t.cpp
// RUN: not asc-check %t.cpp 2>&1 | FileCheck %s --check-prefix=RACE

#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using G = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>;

extern "C" __global__ __aicore__ void k(GM_ADDR a, GM_ADDR c,
                                        TCubeTiling tiling) {
  AscendC::TPipe pipe;
  AscendC::Matmul<G, G, G> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  AscendC::GlobalTensor<float> aGlobal, cGlobal;
  aGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(a));
  cGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c));
  Fill(cGlobal, 64, 0.0f);
  mm.SetTensorA(aGlobal);
  mm.SetTensorB(aGlobal);
  mm.template IterateAll<false>(cGlobal, 0, false, true);
  mm.WaitIterateAll();
  // FILL-AFTER
  mm.End();
}

// CHECK-LABEL: func.func @k(
// CHECK: asc.api_call "AscendC::Fill"(%{{.*}}, %{{.*}}, %{{.*}}) on pipe_mte3 writes [0]
// CHECK: asc.matmul.iterate_all
// RACE: .cpp:[[FILL_LINE:[0-9]+]]:3: error: may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' [asc-P3]
// RACE-NEXT: Fill(cGlobal, 64, 0.0f);

// CLEAN: no Matmul protocol violation found
