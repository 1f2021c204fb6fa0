// A TSCM queue (CANN's matmul_tscm): TSCM<GM, 1> is TQueBind<GM, TSCM, 1>,
// a queue whose buffers are in L1; the vector core copies A into it and
// hands it to the Matmul, whose A part is at TPosition::TSCM. A TSCM queue
// filled from the unified buffer is refused by name.
//
// RUN: split-file %s %t
// RUN: asc-check %t/tscm.cpp --emit-mlir | FileCheck %s
// RUN: asc-check %t/tscm.cpp | FileCheck %s --check-prefix=CLEAN
// RUN: asc-check %t/from-ub.cpp --verify-diagnostics

// CHECK-LABEL: func.func @tscm(
// CHECK: %[[PIPE:.*]] = asc.pipe.create
// CHECK: %[[SCM:.*]] = asc.queue.create : !asc.queue<tscm, 1>
// CHECK: asc.pipe.init_buffer %[[PIPE]], %[[SCM]], %{{.*}}, %{{.*}} : !asc.queue<tscm, 1>
// CHECK: %[[T:.*]] = asc.queue.alloc_tensor %[[SCM]] : !asc.queue<tscm, 1> -> !asc.local_tensor<tscm, f16>
// CHECK: asc.data_copy %[[T]], %{{.*}}, %{{.*}} : !asc.local_tensor<tscm, f16>, !asc.global_tensor<f16>
// CHECK: asc.queue.enque %[[SCM]], %[[T]]
// CHECK: %[[A:.*]] = asc.queue.deque %[[SCM]]
// CHECK: asc.matmul.set_tensor_a %{{.*}}, %[[A]]
// CHECK: asc.matmul.iterate_all
// CHECK: asc.matmul.end
// CHECK: asc.queue.free_tensor %[[SCM]], %[[A]]
// CLEAN: no Matmul protocol violation found

//--- tscm.cpp
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using ScmA = AscendC::MatmulType<AscendC::TPosition::TSCM, CubeFormat::NZ, half>;
using G = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>;
using F = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>;
extern "C" __global__ __aicore__ void tscm(GM_ADDR a, GM_ADDR b, GM_ADDR c,
                                           TCubeTiling tiling) {
  AscendC::TPipe pipe;
  AscendC::Matmul<ScmA, G, F> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  AscendC::GlobalTensor<half> ga, gb;
  AscendC::GlobalTensor<float> gc;
  ga.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(a));
  gb.SetGlobalBuffer(reinterpret_cast<__gm__ half *>(b));
  gc.SetGlobalBuffer(reinterpret_cast<__gm__ float *>(c));
  AscendC::TSCM<AscendC::TPosition::GM, 1> scm;
  pipe.InitBuffer(scm, 1, 4096);
  auto scmTensor = scm.AllocTensor<half>();
  AscendC::DataCopy(scmTensor, ga, 2048);
  scm.EnQue(scmTensor);
  AscendC::LocalTensor<half> scmLocal = scm.DeQue<half>();
  mm.SetTensorA(scmLocal);
  mm.SetTensorB(gb);
  mm.IterateAll(gc);
  mm.End();
  scm.FreeTensor(scmLocal);
}

//--- from-ub.cpp
#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  // expected-error@+1 {{a TSCM queue filled from anywhere but GM is not modelled by asc (TSCM<GM> is)}}
  AscendC::TSCM<AscendC::TPosition::VECOUT, 1> scm;
}
