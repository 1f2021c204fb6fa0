// A wait the placement sinks to the end of the kernel, past the last
// statement it could go before: a remark that names the statement it now
// follows, and no edit.
//
// RUN: asc-check %s --export-fixes=%t.yaml 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=YAML < %t.yaml

#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using G = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>;

extern "C" __global__ __aicore__ void k(GM_ADDR a, GM_ADDR c, GM_ADDR d,
                                        TCubeTiling tiling) {
  AscendC::TPipe pipe;
  AscendC::Matmul<G, G, G> mm;
  AscendC::Matmul<G, G, G> mm2;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling, mm2, &tiling);
  AscendC::GlobalTensor<float> aGlobal, cGlobal, dGlobal;
  aGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(a));
  cGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c));
  dGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(d));
  mm2.SetTensorA(aGlobal);
  mm2.SetTensorB(aGlobal);
  mm2.template IterateAll<false>(dGlobal, 0, false, true);
  // CHECK: fix-move-to-end.cpp:[[@LINE+2]]:3: remark: the placement moves this wait after line [[#END:@LINE+14]]; not edited: its new place has no statement of the source to go before
  // CHECK: fix-move-to-end.cpp:[[#END]]:3: note: its new place
  mm2.WaitIterateAll();
  mm.SetTensorA(aGlobal);
  mm.SetTensorB(aGlobal);
  int32_t j = 0;
  while (true) {
    bool more = mm.Iterate();
    if (!more)
      break;
    mm.GetTensorC(cGlobal[j * 256]);
    j = j + 1;
  }
  mm.End();
  mm2.End();
}
// CHECK: no Matmul protocol violation found
// YAML: Diagnostics: []
