// RUN: asc-translate --asc-to-ascendc %s | FileCheck %s

// A cube-only kernel: the file defines ASCENDC_CUBE_ONLY right before the
// Matmul header, the kernel opens with the AIC-only kernel type, the AIC
// guard is the macro itself, the sub-block index is set before Init as
// CANN's matmul_s4 does, and the cube-side calls (SetBatchNum, the
// IterateBatch form without batch counts) are spelled without template
// arguments. The cube-side object has no staged message: its inputs, set
// once, serve both IterateBatch calls. It takes a scalar B, which a mix
// kernel's client cannot send (Dialect/Asc/invalid.mlir).

!gm_f32 = !asc.global_tensor<f32>
!mm = !asc.matmul<a = <gm, nd, f16, layout = normal>,
                  b = <gm, nd, f16, layout = normal>,
                  c = <gm, nd, f32, layout = normal>>

// CHECK: #include "kernel_operator.h"
// CHECK-NEXT: #define ASCENDC_CUBE_ONLY
// CHECK-NEXT: #include "lib/matmul_intf.h"
// CHECK-NEXT: using namespace AscendC;

// CHECK-LABEL: extern "C" __global__ __aicore__ void batch_cube(GM_ADDR {{.*}}, GM_ADDR {{.*}}) {
// CHECK-NEXT: KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
// CHECK: GM_ADDR [[WS:[A-Za-z0-9_]+]] = GetSysWorkSpacePtr();
// CHECK-NEXT: [[MM:[A-Za-z0-9_]+]].SetSubBlockIdx(0);
// CHECK-NEXT: REGIST_MATMUL_OBJ(&{{[A-Za-z0-9_]+}}, [[WS]], [[MM]]);
// CHECK: if ASCEND_IS_AIC {
// CHECK-NEXT: [[MM]].SetTensorA({{[A-Za-z0-9_]+}});
// CHECK-NEXT: [[MM]].SetTensorB(half(1.5));
// CHECK-NEXT: [[MM]].SetTensorB({{[A-Za-z0-9_]+}});
// CHECK-NEXT: [[MM]].SetBatchNum(2, 3);
// CHECK-NEXT: [[MM]].IterateBatch([[C:[A-Za-z0-9_]+]], false, 0, false);
// CHECK-NEXT: [[MM]].IterateBatch([[C]], true, 2, false, 4096, 4096, 4096);
// CHECK-NEXT: [[MM]].End();
// CHECK-NEXT: } else {
// CHECK-NEXT: AscendC::PipeBarrier<PIPE_ALL>();
// CHECK-NEXT: }
// CHECK-NEXT: return;
func.func @batch_cube(%p: !asc.gm_addr, %ws: !asc.gm_addr {asc.workspace}, %pa: !asc.gm_addr {asc.no_alias})
    attributes {asc.kernel, asc.cube_only} {
  %ba = arith.constant 2 : i32
  %bb = arith.constant 3 : i32
  %s = arith.constant 4096 : i32
  %c0 = arith.constant 0 : i32
  %h = arith.constant 1.500000e+00 : f16
  %pipe = asc.pipe.create
  %mm = asc.matmul.create : !mm
  %sys = asc.get_sys_workspace_ptr
  asc.matmul.set_sub_block_idx %mm, %c0 : !mm
  asc.matmul.register %pipe, %sys, %mm : !mm
  %c = asc.set_global_buffer %p : !gm_f32
  %a = asc.set_global_buffer %pa : !asc.global_tensor<f16>
  %aic = asc.is_aic
  scf.if %aic {
    asc.matmul.set_tensor_a %mm, %a : !mm, !asc.global_tensor<f16>
    asc.matmul.set_tensor_b %mm, %h : !mm, f16
    asc.matmul.set_tensor_b %mm, %a : !mm, !asc.global_tensor<f16>
    asc.matmul.set_batch_num %mm, %ba, %bb : !mm
    asc.matmul.iterate_batch %mm, %c : !mm, !gm_f32
    asc.matmul.iterate_batch %mm, %c strides(%s, %s, %s) {en_partial_sum = true, en_atomic = 2 : i32} : !mm, !gm_f32
    asc.matmul.end %mm : !mm
  } else {
    asc.pipe_barrier pipe_all
  }
  return
}

// A cube-driven object whose C the vector cores take after a cross-core
// flag (CANN's matmul_fused_manual): the vector cores have work, so the
// kernel is a mix kernel (no AIC-only kernel type, which would launch no
// vector core), with ASCENDC_CUBE_ONLY still defined for the object.
// CHECK-LABEL: extern "C" __global__ __aicore__ void cube_driven_epilogue(
// CHECK-NOT: KERNEL_TASK_TYPE_DEFAULT
// CHECK: if ASCEND_IS_AIC {
// CHECK-NEXT: GM_ADDR {{.*}} = GetSysWorkSpacePtr();
// CHECK-NEXT: REGIST_MATMUL_OBJ(
// CHECK: AscendC::CrossCoreSetFlag<2, PIPE_FIX>(
// CHECK: if ASCEND_IS_AIV {
// CHECK-NEXT: AscendC::LocalTensor<float>
// CHECK-NEXT: AscendC::CrossCoreWaitFlag(3);
// CHECK-NEXT: AscendC::DataCopy(
func.func @cube_driven_epilogue(%p: !asc.gm_addr, %pa: !asc.gm_addr {asc.no_alias})
    attributes {asc.kernel, asc.cube_only} {
  %n = arith.constant 256 : i32
  %flag = arith.constant 3 : i32
  %pipe = asc.pipe.create
  %mm = asc.matmul.create : !mm
  %c = asc.set_global_buffer %p : !gm_f32
  %a = asc.set_global_buffer %pa : !asc.global_tensor<f16>
  %aic = asc.is_aic
  scf.if %aic {
    %sys = asc.get_sys_workspace_ptr
    asc.matmul.register %pipe, %sys, %mm : !mm
    asc.matmul.set_tensor_a %mm, %a : !mm, !asc.global_tensor<f16>
    asc.matmul.set_tensor_b %mm, %a : !mm, !asc.global_tensor<f16>
    asc.matmul.iterate_all %mm, %c : !mm, !gm_f32
    asc.cross_core_set_flag mode 2, pipe_fix, %flag
  }
  %aiv = asc.is_aiv
  scf.if %aiv {
    %ub = asc.local_tensor.create %n, %n : !asc.local_tensor<vecin, f32>
    asc.cross_core_wait_flag %flag
    asc.data_copy %ub, %c, %n : !asc.local_tensor<vecin, f32>, !gm_f32
  }
  return
}
