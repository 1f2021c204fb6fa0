// Clang's errors in the host functions of a sample's own header (CANN's
// data_utils.h needs ACL's headers; function templates and prototypes
// included) are dropped like those of the source's host functions; the
// same error in a function marked __aicore__ stops the lift at its line.
//
// RUN: asc-check %s | FileCheck %s --check-prefix=CLEAN
// RUN: rm -rf %t && mkdir -p %t/Inputs && cp %s %t/kernel.cpp
// RUN: sed -e 's/^inline void PrintHalfData/__aicore__ inline void PrintHalfData/' %S/Inputs/host_helpers.h > %t/Inputs/host_helpers.h
// RUN: not asc-check %t/kernel.cpp 2>&1 | FileCheck %s --check-prefix=DEVICE
// RUN: sed -e 's/^inline void SetTilingTypes/__aicore__ inline void SetTilingTypes/' %S/Inputs/host_helpers.h > %t/Inputs/host_helpers.h
// RUN: not asc-check %t/kernel.cpp 2>&1 | FileCheck %s --check-prefix=TEMPLATE

#include "kernel_operator.h"
#include "lib/matmul_intf.h"

// After the API, as in CANN's samples: __aicore__ is defined by then.
#include "Inputs/host_helpers.h"

using MmType = AscendC::Matmul<
    AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>,
    AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>,
    AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>>;

extern "C" __global__ __aicore__ void gemm(GM_ADDR a, GM_ADDR c,
                                           TCubeTiling tiling) {
  AscendC::TPipe pipe;
  MmType mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  AscendC::GlobalTensor<float> aGlobal, cGlobal;
  aGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(a));
  cGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c));
  mm.SetTensorA(aGlobal);
  mm.SetTensorB(aGlobal);
  mm.IterateAll<false>(cGlobal, 0, false, true);
  mm.WaitIterateAll();
  mm.End();
}

// CLEAN: no Matmul protocol violation found
// DEVICE: host_helpers.h:5:44: error: unknown type name 'aclFloat16'
// TEMPLATE: host_helpers.h:16:{{[0-9]+}}: error: use of undeclared identifier 'optiling'
