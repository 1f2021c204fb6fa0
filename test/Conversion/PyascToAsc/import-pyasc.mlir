// RUN: asc-translate --import-pyasc %s --mlir-print-debuginfo | FileCheck %s
// RUN: asc-translate --import-pyasc %s --mlir-print-debuginfo | not asc-opt --asc-verify-sync 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: asc-translate --import-pyasc --pyasc-ffts-prologue=false %s | FileCheck %s --check-prefix=NOFFTS

// asc-translate --import-pyasc reads a module as pyasc prints it, with its
// locations (the #loc aliases at the end, NameLocs on the arguments), and
// keeps them: the kernel's arguments are named after the Python
// parameters, and a protocol error found later points at the user's line.

!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, batch_mode = 1 : i32, enable_ub_reuse = true>>

// CHECK: #[[KLOC:loc[0-9]*]] = loc("kernel.py":10:0)
// CHECK-DAG: #{{loc[0-9]+}} = loc("a"(#[[KLOC]]))
// CHECK-DAG: #{{loc[0-9]+}} = loc("workspace"(#[[KLOC]]))
// CHECK-DAG: #{{loc[0-9]+}} = loc("ffts_addr"(#[[KLOC]]))
// CHECK-LABEL: func.func @kernel
// CHECK-SAME: !asc.gm_addr {asc.workspace}
// CHECK: asc.matmul.iterate_all {{.*}} loc(#[[ITER:loc[0-9]*]])
// CHECK: #[[ITER]] = loc("kernel.py":21:22)
// The asynchronous IterateAll has no wait (End completes nothing):
// --asc-verify-sync says so at the Python lines of both calls.
// VERIFY: kernel.py:22:14: error: 'func.return' op returns while an async 'asc.matmul.iterate_all' is pending
// VERIFY: kernel.py:21:22: note: the pending async issue
// NOFFTS-LABEL: func.func @kernel
// NOFFTS-SAME: (%{{[^:]*}}: !asc.gm_addr, %{{[^:]*}}: !asc.gm_addr, %{{[^:]*}}: !asc.gm_addr {asc.workspace})
#loc1 = loc("kernel.py":10:0)
module {
  func.func @kernel(%arg0: memref<?xf16, 22> loc("a"(#loc1)), %arg1: memref<?xf32, 22> loc("c"(#loc1)), %arg2: memref<?xui8, 22> loc("workspace"(#loc1))) attributes {ascendc.aicore, ascendc.global} {
    %0 = ascendc.global_tensor : !ascendc.global_tensor<*xf16> loc(#loc2)
    ascendc.global_tensor.set_global_buffer %0, %arg0 : !ascendc.global_tensor<*xf16>, memref<?xf16, 22> loc(#loc2)
    %1 = ascendc.global_tensor : !ascendc.global_tensor<*xf32> loc(#loc3)
    ascendc.global_tensor.set_global_buffer %1, %arg1 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22> loc(#loc3)
    %2 = ascendc.pipe loc(#loc4)
    %3 = ascendc.construct !mm() loc(#loc5)
    ascendc.regist_matmul_obj %2, %arg2, %3 : !ascendc.pipe, memref<?xui8, 22>, !mm loc(#loc6)
    %false = arith.constant false loc(#loc7)
    ascendc.matmul.set_tensor_a %3, %0, %false : !mm, !ascendc.global_tensor<*xf16>, i1 loc(#loc7)
    ascendc.matmul.set_tensor_b %3, %0, %false : !mm, !ascendc.global_tensor<*xf16>, i1 loc(#loc8)
    %true = arith.constant true loc(#loc9)
    %c0_i8 = arith.constant 0 : i8 loc(#loc9)
    ascendc.matmul.iterate_all %3, %1, %c0_i8, %false, %true, %false, %false {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1>} : !mm, !ascendc.global_tensor<*xf32>, i8, i1, i1, i1, i1 loc(#loc9)
    ascendc.matmul.end %3 : !mm loc(#loc10)
    return loc(#loc10)
  } loc(#loc1)
} loc(#loc)
#loc = loc(unknown)
#loc2 = loc("kernel.py":12:30)
#loc3 = loc("kernel.py":13:30)
#loc4 = loc("kernel.py":14:11)
#loc5 = loc("kernel.py":15:13)
#loc6 = loc("kernel.py":16:27)
#loc7 = loc("kernel.py":17:23)
#loc8 = loc("kernel.py":18:23)
#loc9 = loc("kernel.py":21:22)
#loc10 = loc("kernel.py":22:14)
