// REQUIRES: host-cxx
//
// The declarations in Inputs/ reject, as the real CANN headers do, each
// error the earlier declarations let through. The kernel below compiles as
// it is; each macro adds one error.
//
// RUN: %host_cxx -fsyntax-only -std=c++17 -Werror -I %S/Inputs %s
//
// GetSysWorkSpacePtr is a global function.
// RUN: not %host_cxx -fsyntax-only -std=c++17 -I %S/Inputs -DSYS_WORKSPACE_IN_ASCENDC %s 2>&1 | FileCheck %s --check-prefix=SYS
// SYS: error: {{.*}}GetSysWorkSpacePtr{{.*}}AscendC
//
// REGIST_MATMUL_OBJ declares locals: two in one kernel redefine them.
// RUN: not %host_cxx -fsyntax-only -std=c++17 -I %S/Inputs -DTWO_REGISTRATIONS %s 2>&1 | FileCheck %s --check-prefix=REGIST
// REGIST: error: {{.*}}{{redefinition|redeclaration|conflicting declaration}}
//
// The mix-mode client has no SetBatchNum. (Its IterateBatch(gm, batchA,
// batchB, enSequentialWrite, ...) also accepts the cube-only argument list,
// with enPartialSum as batchA: only the verifier, rule L13, stops that.)
// RUN: not %host_cxx -fsyntax-only -std=c++17 -I %S/Inputs -DMIX_SET_BATCH_NUM %s 2>&1 | FileCheck %s --check-prefix=BATCHNUM
// BATCHNUM: error: {{.*}}SetBatchNum
//
// IterateNBatch rejects NONE and NORMAL layouts at compile time.
// RUN: not %host_cxx -fsyntax-only -std=c++17 -I %S/Inputs -DN_BATCH_NORMAL_LAYOUT %s 2>&1 | FileCheck %s --check-prefix=NBATCH
// NBATCH: static assertion failed{{.*}}IterateNBatch takes A and B in BSNGD, SBNGD or BNGS1S2
//
// The cube-side object (ASCENDC_CUBE_ONLY) has no waits.
// RUN: not %host_cxx -fsyntax-only -std=c++17 -I %S/Inputs -DCUBE_ONLY_WAIT %s 2>&1 | FileCheck %s --check-prefix=CUBEWAIT
// CUBEWAIT: error: {{.*}}WaitIterateAll
//
// On the device ASCEND_IS_AIC is constexpr(...): it is no value.
// RUN: not %host_cxx -fsyntax-only -std=c++17 -I %S/Inputs -DCORE_CHECK_AS_VALUE %s 2>&1 | FileCheck %s --check-prefix=AICVALUE
// AICVALUE: error: expected {{(primary-)?}}expression

#ifdef CUBE_ONLY_WAIT
#define ASCENDC_CUBE_ONLY
#endif
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using MatmulF16 = matmul::Matmul<
    matmul::MatmulType<TPosition::GM, CubeFormat::ND, half>,
    matmul::MatmulType<TPosition::GM, CubeFormat::ND, half>,
    matmul::MatmulType<TPosition::GM, CubeFormat::ND, float>>;
constexpr static MatmulConfig NBATCH_CFG = GetNormalConfig(false, true);
using MatmulNormalBatch = matmul::Matmul<
    matmul::MatmulType<TPosition::GM, CubeFormat::ND, half, false,
                       LayoutMode::NORMAL>,
    matmul::MatmulType<TPosition::GM, CubeFormat::ND, half, false,
                       LayoutMode::NORMAL>,
    matmul::MatmulType<TPosition::GM, CubeFormat::ND, float, false,
                       LayoutMode::NORMAL>,
    matmul::MatmulType<TPosition::GM, CubeFormat::ND, float>, NBATCH_CFG>;

extern "C" __global__ __aicore__ void kernel(GM_ADDR c) {
  TPipe pipe;
  MatmulF16 mm;
#ifdef SYS_WORKSPACE_IN_ASCENDC
  REGIST_MATMUL_OBJ(&pipe, AscendC::GetSysWorkSpacePtr(), mm);
#else
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm);
#endif
#ifdef TWO_REGISTRATIONS
  MatmulF16 other;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), other);
#endif
  GlobalTensor<float> cGlobal;
  cGlobal.SetGlobalBuffer((__gm__ float *)c);
  mm.IterateAll<false>(cGlobal, 0, false, true, false);
#ifdef CUBE_ONLY_WAIT
  mm.WaitIterateAll();
#endif
#ifdef MIX_SET_BATCH_NUM
  mm.SetBatchNum(2, 2);
#endif
#ifdef N_BATCH_NORMAL_LAYOUT
  MatmulNormalBatch batched;
  batched.IterateNBatch<false, true>(2, 2, 2, false);
#endif
#ifdef CORE_CHECK_AS_VALUE
  bool onCube = ASCEND_IS_AIC;
  (void)onCube;
#endif
  mm.End();
}
