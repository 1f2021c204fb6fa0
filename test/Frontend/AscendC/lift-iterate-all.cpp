// The front end lifts a kernel written CANN's way: the user's class and its
// methods inlined, CopyTiling as the tiling's load, REGIST_MATMUL_OBJ as
// one registration, the tiling's fields as asc.tiling.get, the early
// return and the conditional SetTail as scf.if, each Matmul call at its
// line and column with its template flags.
//
// RUN: asc-check %s --emit-mlir | FileCheck %s
// RUN: asc-check %s --emit-mlir --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LOC
// RUN: asc-check %s | FileCheck %s --check-prefix=CLEAN

#define WAIT_LINE matmulObj.WaitIterateAll()
#include "Inputs/iterate_all_kernel.h"

// The host half (its headers are not on this machine): skipped, its errors
// dropped.
#include "acl/acl.h"

extern "C" __global__ __aicore__ void
iterate_all_custom(GM_ADDR a, GM_ADDR b, GM_ADDR c,
                   __kfc_workspace__ GM_ADDR workspace, GM_ADDR tilingGm) {
  TCubeTiling tiling;
  CopyTiling(&tiling, tilingGm);
  IterateAllKernel<half, float> kernel;
  AscendC::TPipe pipe;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), kernel.matmulObj, &tiling);
  kernel.Init(a, b, c, tiling);
  kernel.Process();
}

int32_t main(int32_t argc, char *argv[]) {
  aclInit(nullptr);
  aclrtStream stream = nullptr;
  iterate_all_custom<<<8, nullptr, stream>>>(nullptr, nullptr, nullptr, nullptr,
                                             nullptr);
  return 0;
}

// CHECK: !matmul = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, bias = <gm, nd, f32>, config = <mdl>>
// CHECK-LABEL: func.func @iterate_all_custom(
// CHECK-SAME: %[[A:[^:]*]]: !asc.gm_addr {asc.no_alias}, %{{[^:]*}}: !asc.gm_addr {asc.no_alias}, %[[C:[^:]*]]: !asc.gm_addr {asc.no_alias},
// CHECK-SAME: %{{[^:]*}}: !asc.gm_addr {asc.no_alias, asc.workspace}, %[[TGM:[^:]*]]: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel}
// CHECK: %[[T:.*]] = asc.get_tiling %[[TGM]]
// CHECK-NEXT: %[[MM:.*]] = asc.matmul.create : !matmul
// CHECK-NEXT: %[[PIPE:.*]] = asc.pipe.create
// CHECK-NEXT: %[[WS:.*]] = asc.get_sys_workspace_ptr
// CHECK-NEXT: asc.matmul.register %[[PIPE]], %[[WS]], %[[MM]] tiling %[[T]] : !matmul
// CHECK: %[[AG:.*]] = asc.set_global_buffer %[[A]], %{{.*}} : !asc.global_tensor<f16>
// CHECK: %[[CG:.*]] = asc.set_global_buffer %[[C]], %{{.*}} : !asc.global_tensor<f32>
// CHECK: asc.get_block_idx
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: asc.matmul.set_tail %[[MM]], %{{.*}}, %{{.*}}, %{{.*}} : !matmul
// CHECK-NEXT: }
// CHECK: %[[AV:.*]] = asc.subview %[[AG]][%{{.*}}] : !asc.global_tensor<f16>
// CHECK: %[[CV:.*]] = asc.subview %[[CG]][%{{.*}}] : !asc.global_tensor<f32>
// CHECK: asc.matmul.set_tensor_a %[[MM]], %[[AV]] : !matmul, !asc.global_tensor<f16>
// CHECK-NEXT: asc.matmul.set_tensor_b %[[MM]], %{{.*}} : !matmul, !asc.global_tensor<f16>
// CHECK-NEXT: asc.matmul.iterate_all %[[MM]], %[[CV]] {en_sequential_write = false, sync = false, wait_iterate_all = true} : !matmul, !asc.global_tensor<f32>
// CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM]] : !matmul
// CHECK-NEXT: asc.matmul.end %[[MM]] : !matmul
// CHECK-NEXT: return

// Each Matmul call is one op at its statement's line and column (the
// header's; the registration at the macro's use).
// LOC: asc.matmul.register {{.*}} loc("{{.*}}lift-iterate-all.cpp":25:3)
// LOC: asc.matmul.set_tail {{.*}} loc("{{.*}}iterate_all_kernel.h":65:7)
// LOC: asc.matmul.set_tensor_a {{.*}} loc("{{.*}}iterate_all_kernel.h":38:5)
// LOC: asc.matmul.set_tensor_b {{.*}} loc("{{.*}}iterate_all_kernel.h":39:5)
// LOC: asc.matmul.iterate_all {{.*}} {en_sequential_write = false, sync = false, wait_iterate_all = true} {{.*}} loc("{{.*}}iterate_all_kernel.h":40:5)
// LOC: asc.matmul.wait_iterate_all {{.*}} loc("{{.*}}iterate_all_kernel.h":41:5)
// LOC: asc.matmul.end {{.*}} loc("{{.*}}iterate_all_kernel.h":42:5)

// CLEAN: lift-iterate-all.cpp: no Matmul protocol violation found
