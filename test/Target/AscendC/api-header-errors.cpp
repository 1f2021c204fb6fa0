// REQUIRES: host-cxx
//
// asc-run's runtime (runtime/, the headers the emitted kernels compile
// against) rejects, as the real CANN headers do, each error an emulation of
// the API could let through. The kernel below compiles as it is; each macro
// adds one error.
//
// RUN: %host_cxx -fsyntax-only -std=c++17 -Werror -I %runtime %s
// RUN: %host_cxx -fsyntax-only -std=c++17 -Werror -I %runtime -DCUBE_ONLY_BATCH %s
//
// GetSysWorkSpacePtr is a global function.
// RUN: not %host_cxx -fsyntax-only -std=c++17 -I %runtime -DSYS_WORKSPACE_IN_ASCENDC %s 2>&1 | FileCheck %s --check-prefix=SYS
// SYS: error: {{.*}}GetSysWorkSpacePtr{{.*}}AscendC
//
// REGIST_MATMUL_OBJ declares locals: two in one kernel redefine them.
// RUN: not %host_cxx -fsyntax-only -std=c++17 -I %runtime -DTWO_REGISTRATIONS %s 2>&1 | FileCheck %s --check-prefix=REGIST
// REGIST: error: {{.*}}{{redefinition|redeclaration|conflicting declaration}}
//
// The mix-mode client has no SetBatchNum (rule L13); the cube-side object
// (ASCENDC_CUBE_ONLY, CUBE_ONLY_BATCH above) has it and its IterateBatch
// without batch counts. (The client's IterateBatch(gm, batchA, batchB,
// enSequentialWrite, ...) also accepts the cube-only argument list, with
// enPartialSum as batchA: only the verifier stops that.)
// RUN: not %host_cxx -fsyntax-only -std=c++17 -I %runtime -DMIX_SET_BATCH_NUM %s 2>&1 | FileCheck %s --check-prefix=BATCHNUM
// BATCHNUM: error: {{.*}}SetBatchNum
// The cube-side MatmulImpl of layout NONE has no IterateBatch (rule L12).
// RUN: not %host_cxx -fsyntax-only -std=c++17 -I %runtime -DCUBE_ONLY_BATCH_NONE %s 2>&1 | FileCheck %s --check-prefix=BATCHNONE
// BATCHNONE: static assertion failed{{.*}}the MatmulImpl of layout NONE has none
//
// IterateNBatch rejects NONE and NORMAL layouts at compile time (the real
// MatmulClient's static_assert, rule L12).
// RUN: not %host_cxx -fsyntax-only -std=c++17 -I %runtime -DN_BATCH_NORMAL_LAYOUT %s 2>&1 | FileCheck %s --check-prefix=NBATCH
// NBATCH: static assertion failed{{.*}}BMM does not support the layout being NONE or NORMAL
//
// GetNormalConfig's enableMixDualMaster parameter (the ninth) forbids
// Iterate, as the real MatmulClient's static_assert does.
// RUN: not %host_cxx -fsyntax-only -std=c++17 -I %runtime -DMIX_DUAL_ITERATE %s 2>&1 | FileCheck %s --check-prefix=DUAL
// DUAL: static assertion failed{{.*}}Iterate not support when enableMixDualMaster is enabled.
//
// The cube-side object (ASCENDC_CUBE_ONLY) has no waits.
// RUN: not %host_cxx -fsyntax-only -std=c++17 -I %runtime -DCUBE_ONLY_WAIT %s 2>&1 | FileCheck %s --check-prefix=CUBEWAIT
// CUBEWAIT: error: {{.*}}WaitIterateAll
//
// On the device ASCEND_IS_AIC is constexpr(...): it is no value. The
// runtime keeps that rule unless ASCENDC_CPU_DEBUG is defined.
// RUN: not %host_cxx -fsyntax-only -std=c++17 -I %runtime -DCORE_CHECK_AS_VALUE %s 2>&1 | FileCheck %s --check-prefix=AICVALUE
// AICVALUE: error: expected {{(primary-)?}}expression

#if defined(CUBE_ONLY_WAIT) || defined(CUBE_ONLY_BATCH) ||                    \
    defined(CUBE_ONLY_BATCH_NONE)
#define ASCENDC_CUBE_ONLY
#endif
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using MatmulF16 =
    matmul::Matmul<matmul::MatmulType<TPosition::GM, CubeFormat::ND, half>,
                   matmul::MatmulType<TPosition::GM, CubeFormat::ND, half>,
                   matmul::MatmulType<TPosition::GM, CubeFormat::ND, float>>;
constexpr static MatmulConfig NBATCH_CFG = GetNormalConfig(false, true);
using MatmulNormalBatch =
    matmul::Matmul<matmul::MatmulType<TPosition::GM, CubeFormat::ND, half,
                                      false, LayoutMode::NORMAL>,
                   matmul::MatmulType<TPosition::GM, CubeFormat::ND, half,
                                      false, LayoutMode::NORMAL>,
                   matmul::MatmulType<TPosition::GM, CubeFormat::ND, float,
                                      false, LayoutMode::NORMAL>,
                   matmul::MatmulType<TPosition::GM, CubeFormat::ND, float>,
                   NBATCH_CFG>;
constexpr static MatmulConfig DUAL_CFG = GetNormalConfig(
    false, false, false, BatchMode::BATCH_LESS_THAN_L1, true,
    IterateOrder::UNDEF, ScheduleType::INNER_PRODUCT, true, true);
using MatmulDual =
    matmul::Matmul<matmul::MatmulType<TPosition::GM, CubeFormat::ND, half>,
                   matmul::MatmulType<TPosition::GM, CubeFormat::ND, half>,
                   matmul::MatmulType<TPosition::GM, CubeFormat::ND, float>,
                   matmul::MatmulType<TPosition::GM, CubeFormat::ND, float>,
                   DUAL_CFG>;

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
#ifdef CUBE_ONLY_BATCH
  // In a batch layout: the MatmulImpl of layout NONE has no IterateBatch.
  MatmulNormalBatch batched;
  batched.SetBatchNum(2, 2);
  batched.IterateBatch(cGlobal, false, 0, false);
#endif
#ifdef CUBE_ONLY_BATCH_NONE
  mm.SetBatchNum(2, 2);
  mm.IterateBatch(cGlobal, false, 0, false);
#endif
#ifdef MIX_DUAL_ITERATE
  MatmulDual dual;
  while (dual.Iterate()) {
  }
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
