// RUN: asc-translate --asc-to-ascendc --asc-line-directives %s | FileCheck %s
// RUN: asc-translate --asc-to-ascendc %s | FileCheck %s --check-prefix=NONE
// RUN: asc-opt --asc-to-ascendc="line-directives=true" %s | FileCheck %s --check-prefix=PIPELINE

// With --asc-line-directives every lowered statement is preceded by the
// .mlir line it comes from (member calls included); without it there is none.

!mm_t = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// CHECK-LABEL: void line_kernel(
// NONE-NOT: #line
// PIPELINE: verbatim "#line {{[0-9]+}} \22{{.*}}line-directives.mlir\22"
func.func @line_kernel(%a: !asc.gm_addr, %b: !asc.gm_addr, %c: !asc.gm_addr,
                       %t: !asc.gm_addr) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  %ws = asc.get_sys_workspace_ptr
  %tiling = asc.get_tiling %t
  %mm = asc.matmul.create : !mm_t
  asc.matmul.register %pipe, %ws, %mm tiling %tiling : !mm_t
  %ga = asc.set_global_buffer %a : !asc.global_tensor<f16>
  %gb = asc.set_global_buffer %b : !asc.global_tensor<f16>
  %gc = asc.set_global_buffer %c : !asc.global_tensor<f32>
  // CHECK:      #line [[@LINE+2]] "{{.*}}line-directives.mlir"
  // CHECK-NEXT: [[MM:[A-Za-z0-9_]+]].SetTensorA(
  asc.matmul.set_tensor_a %mm, %ga : !mm_t, !asc.global_tensor<f16>
  // CHECK-NEXT: #line [[@LINE+2]] "{{.*}}line-directives.mlir"
  // CHECK-NEXT: [[MM]].SetTensorB(
  asc.matmul.set_tensor_b %mm, %gb : !mm_t, !asc.global_tensor<f16>
  // CHECK-NEXT: #line [[@LINE+2]] "{{.*}}line-directives.mlir"
  // CHECK-NEXT: [[MM]].IterateAll<false>(
  asc.matmul.iterate_all %mm, %gc {sync = false, wait_iterate_all = true} : !mm_t, !asc.global_tensor<f32>
  // CHECK-NEXT: #line [[@LINE+2]] "{{.*}}line-directives.mlir"
  // CHECK-NEXT: [[MM]].WaitIterateAll();
  asc.matmul.wait_iterate_all %mm : !mm_t
  // CHECK-NEXT: #line [[@LINE+2]] "{{.*}}line-directives.mlir"
  // CHECK-NEXT: [[MM]].End();
  asc.matmul.end %mm : !mm_t
  return
}
