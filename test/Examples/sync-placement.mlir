// Every example kernel goes through --asc-sync-placement and still keeps the
// Matmul protocol; the hand-placed waits of 04 and 07 move to where their
// outputs are first needed, and 05's stays where it is needed.
// RUN: asc-opt %examples/01-gemm-gm.mlir --asc-sync-placement --asc-verify-sync > /dev/null
// RUN: asc-opt %examples/02-gemm-cube-only.mlir --asc-sync-placement --asc-verify-sync > /dev/null
// RUN: asc-opt %examples/03-gemm-leakyrelu.mlir --asc-sync-placement --asc-verify-sync > /dev/null
// RUN: asc-opt %examples/06-batched.mlir --asc-sync-placement --asc-verify-sync > /dev/null
// RUN: asc-opt %examples/04-async-iterate-all-overlap.mlir --asc-sync-placement --asc-verify-sync | FileCheck %s --check-prefix=SHAPE4
// RUN: asc-opt %examples/07-multi-matmul.mlir --asc-sync-placement --asc-verify-sync | FileCheck %s --check-prefix=SHAPE7
// RUN: asc-opt %examples/05-async-get-tensor-c-ub.mlir --asc-sync-placement --asc-verify-sync | FileCheck %s --check-prefix=SHAPE5
// RUN: sed -e '/asc.matmul.wait_get_tensor_c %mm : !mm_t/d' -e 's/^      asc.matmul.get_tensor_c %mm, .*/&\n      asc.matmul.wait_get_tensor_c %mm : !mm_t/' %examples/05-async-get-tensor-c-ub.mlir \
// RUN:   | asc-opt --asc-sync-placement --asc-verify-sync | FileCheck %s --check-prefix=SHAPE5-WRITTEN

// Shape 4: loading and scaling the bias overlaps IterateAll; the wait sits
// right before the loop whose DataCopy reads C.
// SHAPE4-LABEL: func.func @matmul_addmm_custom
// SHAPE4:       asc.matmul.iterate_all %[[MM:[^,]*]], %[[C:[^ ]*]] {
// SHAPE4-NEXT:  asc.queue.alloc_tensor
// SHAPE4-NEXT:  asc.data_copy
// SHAPE4-NEXT:  asc.queue.enque
// SHAPE4-NEXT:  asc.queue.deque
// SHAPE4-NEXT:  asc.muls
// SHAPE4-NEXT:  asc.matmul.wait_iterate_all %[[MM]]
// SHAPE4-NEXT:  scf.for
// SHAPE4:       asc.subview %[[C]]

// Shape 5: in the counted fetch loop GetTensorC<false> into UB returns with
// its block ordered for the vector pipe (spec revision 4), so its
// WaitGetTensorC is redundant: no wait is paired with the fetch, and the
// one the example writes before the Muls stays there, as does one written
// right after the GetTensorC (moving it could drop an MTE2 -> V ordering
// the kernel's own copies rely on). The async Iterate stays before the
// loop.
// SHAPE5-LABEL: func.func @matmul_scale_async_custom
// SHAPE5:       asc.matmul.iterate %[[MM:[^ ]*]] {sync = false}
// SHAPE5:       scf.for
// SHAPE5-NEXT:  %[[T:.*]] = asc.queue.alloc_tensor
// SHAPE5-NEXT:  asc.matmul.get_tensor_c %[[MM]], %[[T]]
// SHAPE5-NEXT:  arith.remsi
// SHAPE5-NEXT:  arith.muli
// SHAPE5-NEXT:  arith.muli
// SHAPE5-NEXT:  arith.divsi
// SHAPE5-NEXT:  arith.muli
// SHAPE5-NEXT:  arith.addi
// SHAPE5-NEXT:  arith.extsi
// SHAPE5-NEXT:  %[[R:.*]] = asc.queue.alloc_tensor
// SHAPE5-NEXT:  asc.matmul.wait_get_tensor_c %[[MM]]
// SHAPE5-NEXT:  asc.muls %[[R]], %[[T]]
// SHAPE5:       asc.queue.free_tensor %{{.*}}, %{{.*}} : !asc.queue<vecout, 2>
// SHAPE5-NEXT:  }
// SHAPE5-NEXT:  asc.matmul.end %[[MM]]
// SHAPE5-WRITTEN-LABEL: func.func @matmul_scale_async_custom
// SHAPE5-WRITTEN:       asc.matmul.get_tensor_c
// SHAPE5-WRITTEN-NEXT:  asc.matmul.wait_get_tensor_c
// SHAPE5-WRITTEN-NEXT:  arith.remsi

// Shape 7: Q, K and V stay pending across the gate's whole counted fetch
// loop; each is waited on right before its End. The gate's async Iterate
// is posted before them (the loop needs its blocks first, and the cube runs
// the calls in order) and its WaitGetTensorC stays inside the loop.
// SHAPE7-LABEL: func.func @qkvg_proj_custom
// SHAPE7:       asc.matmul.iterate %{{.*}} {sync = false}
// SHAPE7-NEXT:  asc.matmul.iterate_all
// SHAPE7-NEXT:  asc.matmul.iterate_all
// SHAPE7-NEXT:  asc.matmul.iterate_all
// SHAPE7:       scf.for
// SHAPE7:       asc.matmul.wait_get_tensor_c
// SHAPE7-NEXT:  asc.leaky_relu
// SHAPE7:       asc.queue.free_tensor %[[OUT:.*]], %{{.*}} : !asc.queue<vecout, 2>
// SHAPE7-NEXT:  }
// SHAPE7:       asc.matmul.end %[[Q:[^ ]*]] :
// SHAPE7-NEXT:  asc.matmul.end %[[K:[^ ]*]] :
// SHAPE7-NEXT:  asc.matmul.end %[[V:[^ ]*]] :
// SHAPE7-NEXT:  asc.matmul.end
// SHAPE7-NEXT:  asc.pipe_barrier pipe_all
// SHAPE7-NEXT:  asc.matmul.wait_iterate_all %[[V]] :
// SHAPE7-NEXT:  asc.matmul.wait_iterate_all %[[K]] :
// SHAPE7-NEXT:  asc.matmul.wait_iterate_all %[[Q]] :
// SHAPE7-NEXT:  return
