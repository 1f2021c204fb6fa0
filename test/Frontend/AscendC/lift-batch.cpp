// The batched and configuring Matmul calls, each one op with its flags:
// the client's async IterateBatch with its wait, SetQuantScalar, SetHF32
// (a mix kernel), and the cube side's IterateBatch after SetBatchNum (a
// cube-only kernel, rule L13); IterateNBatch without an n-batch
// configuration is the verifier's error at its C++ line.
//
// RUN: split-file %s %t
// RUN: asc-check %t/mix.cpp --emit-mlir | FileCheck %s --check-prefix=MIX
// RUN: asc-check %t/mix.cpp | FileCheck %s --check-prefix=CLEAN
// RUN: asc-check %t/cube.cpp --emit-mlir | FileCheck %s --check-prefix=CUBE
// RUN: asc-check %t/cube.cpp | FileCheck %s --check-prefix=CLEAN
// RUN: asc-check %t/nbatch.cpp --verify-diagnostics

// MIX-LABEL: func.func @mix(
// MIX: asc.matmul.set_hf32 %{{.*}} {enable_hf32 = true, trans_mode = 1 : i32}
// MIX: asc.matmul.set_quant_scalar %{{.*}}, %{{.*}} :
// MIX-NEXT: asc.matmul.iterate_batch %{{.*}}, %{{.*}} batch(%{{.*}}, %{{.*}}) {sync = false, wait_iterate_batch = true}
// MIX-NEXT: asc.matmul.wait_iterate_batch
// MIX-NEXT: asc.matmul.end
// CUBE-LABEL: func.func @cube(
// CUBE-SAME: attributes {asc.cube_only, asc.kernel}
// CUBE: asc.matmul.set_batch_num %{{.*}}, %{{.*}}, %{{.*}} :
// CUBE-NEXT: asc.matmul.iterate_batch %{{.*}}, %{{.*}} {en_partial_sum = false}
// CLEAN: no Matmul protocol violation found

//--- mix.cpp
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using A = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half,
                              false, LayoutMode::BSNGD>;
using C = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float,
                              false, LayoutMode::BSNGD>;
extern "C" __global__ __aicore__ void mix(GM_ADDR a, GM_ADDR c,
                                          TCubeTiling tiling) {
  AscendC::TPipe pipe;
  AscendC::Matmul<A, A, C> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  AscendC::GlobalTensor<half> ga;
  AscendC::GlobalTensor<float> gc;
  ga.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(a));
  gc.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c));
  mm.SetHF32(true, 1);
  mm.SetTensorA(ga);
  mm.SetTensorB(ga);
  mm.SetQuantScalar(0x3f800000);
  mm.IterateBatch<false, true>(gc, 2, 2, false);
  mm.WaitIterateBatch();
  mm.End();
}

//--- cube.cpp
#define ASCENDC_CUBE_ONLY
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using A = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half,
                              false, LayoutMode::BSNGD>;
using C = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float,
                              false, LayoutMode::BSNGD>;
extern "C" __cube__ __global__ __aicore__ void cube(GM_ADDR a, GM_ADDR c,
                                                    TCubeTiling tiling) {
  AscendC::TPipe pipe;
  AscendC::Matmul<A, A, C> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  AscendC::GlobalTensor<half> ga;
  AscendC::GlobalTensor<float> gc;
  ga.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(a));
  gc.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c));
  mm.SetTensorA(ga);
  mm.SetTensorB(ga);
  mm.SetBatchNum(2, 2);
  mm.IterateBatch(gc, false, 0, false);
  mm.End();
}

//--- nbatch.cpp
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using A = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half,
                              false, LayoutMode::BSNGD>;
using C = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float,
                              false, LayoutMode::BSNGD>;
extern "C" __global__ __aicore__ void nbatch(GM_ADDR a, TCubeTiling tiling) {
  AscendC::TPipe pipe;
  AscendC::Matmul<A, A, C> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  AscendC::GlobalTensor<half> ga;
  ga.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(a));
  mm.SetTensorA(ga);
  mm.SetTensorB(ga);
  // expected-error@+1 {{expects a Matmul config with is_n_batch = true: without it IterateNBatch returns without computing}}
  mm.IterateNBatch(2, 2, 2, true);
  mm.End();
}
