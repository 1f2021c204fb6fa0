// IBSHARE parts (a part loaded into L1 once for the cube core's two vector
// cores): a B part shared under the IBShare configuration, as CANN's
// matmul_ibshareB writes it, and A and B both shared under the default
// configuration, as matmul_ibshareAB and matmul_mixdualmaster do, lift with
// `ibshare` on those parts and check clean; sharing both under the IBShare
// configuration breaks the type's rule (CANN's ConfigSpecificCheck) and is
// refused at the object.
//
// RUN: split-file %s %t
// RUN: asc-check %t/shared-b.cpp --emit-mlir | FileCheck %s --check-prefix=B
// RUN: asc-check %t/shared-b.cpp | FileCheck %s --check-prefix=CLEAN
// RUN: asc-check %t/shared-ab.cpp --emit-mlir | FileCheck %s --check-prefix=AB
// RUN: asc-check %t/shared-ab.cpp | FileCheck %s --check-prefix=CLEAN
// RUN: asc-check %t/both-under-ibshare-norm.cpp --verify-diagnostics

// B: !matmul = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16, ibshare>, c = <gm, nd, f32>, bias = <gm, nd, f32>, config = <ib_share_norm>>
// B-LABEL: func.func @shared_b(
// B: asc.matmul.create : !matmul
// B: asc.matmul.iterate_all
// AB: !matmul = !asc.matmul<a = <gm, nd, f16, ibshare>, b = <gm, nd, f16, ibshare>, c = <gm, nd, f32>, bias = <gm, nd, f32>, config = <norm>>
// AB-LABEL: func.func @shared_ab(
// AB: asc.matmul.create : !matmul
// AB: asc.matmul.iterate_all %{{.*}}, %{{.*}} {en_atomic = 1 : i32}
// CLEAN: no Matmul protocol violation found

//--- shared-b.cpp
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using G = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>;
using S = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half,
                              false, LayoutMode::NONE, true>;
using F = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>;
extern "C" __global__ __aicore__ void shared_b(GM_ADDR a, GM_ADDR b, GM_ADDR c,
                                               TCubeTiling tiling) {
  AscendC::TPipe pipe;
  AscendC::Matmul<G, S, F, F, CFG_IBSHARE_NORM> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  AscendC::GlobalTensor<half> ga, gb;
  AscendC::GlobalTensor<float> gc;
  ga.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(a));
  gb.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(b));
  gc.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c));
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.IterateAll(gc);
  mm.End();
}

//--- shared-ab.cpp
// Both shared, with a shared-flag template as CANN's matmul_ibshareAB.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
template <bool shared>
using In = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half,
                               false, LayoutMode::NONE, shared>;
using C = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>;
extern "C" __global__ __aicore__ void shared_ab(GM_ADDR a, GM_ADDR b,
                                                GM_ADDR c, TCubeTiling tiling) {
  AscendC::TPipe pipe;
  AscendC::Matmul<In<true>, In<true>, C> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  AscendC::GlobalTensor<half> ga, gb;
  AscendC::GlobalTensor<float> gc;
  ga.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(a));
  gb.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(b));
  gc.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c));
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.IterateAll(gc, 1);
  mm.End();
}

//--- both-under-ibshare-norm.cpp
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using S = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half,
                              false, LayoutMode::NONE, true>;
using F = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>;
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  // expected-error@+1 {{the Matmul object's type breaks asc's rules: expects at most one of the A and B parts shared (ibshare) with the IBShare configuration}}
  AscendC::Matmul<S, S, F, F, CFG_IBSHARE_NORM> mm;
}
