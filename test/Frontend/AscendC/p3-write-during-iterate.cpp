// A write to A while the async IterateAll that reads it runs: P3 at the
// write's line, with a note at the issue.
//
// RUN: asc-check %s --verify-diagnostics
// RUN: not asc-check %s 2>&1 | FileCheck %s

#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using MmType = AscendC::Matmul<
    AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>,
    AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>,
    AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>>;

extern "C" __global__ __aicore__ void write_a(GM_ADDR a, GM_ADDR b, GM_ADDR c,
                                              TCubeTiling tiling) {
  AscendC::TPipe pipe;
  MmType mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  AscendC::GlobalTensor<float> aGlobal, bGlobal, cGlobal;
  aGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(a));
  bGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(b));
  cGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c));
  mm.SetTensorA(aGlobal);
  mm.SetTensorB(bGlobal);
  // expected-note@+1 {{the async issue reading that input}}
  mm.IterateAll<false>(cGlobal, 0, false, true);
  // expected-error@+1 {{may write memory that an async 'asc.matmul.iterate_all' reads while it runs (its A input) (rule P3)}}
  aGlobal.SetValue(0, 1.0f);
  mm.WaitIterateAll();
  mm.End();
}

// CHECK: p3-write-during-iterate.cpp:29:3: error: may write memory that an async 'asc.matmul.iterate_all' reads while it runs (its A input) [asc-P3]
// CHECK-NEXT: aGlobal.SetValue(0, 1.0f);
// CHECK: p3-write-during-iterate.cpp:27:3: note: the async issue reading that input
