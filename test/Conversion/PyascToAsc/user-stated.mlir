// RUN: asc-opt %s --convert-pyasc-to-asc="no-alias-arguments block-workspace=65536" | FileCheck %s
// RUN: asc-opt %s --convert-pyasc-to-asc | FileCheck %s --check-prefix=DEFAULT
// RUN: asc-translate --import-pyasc --pyasc-no-alias-arguments --pyasc-block-workspace=65536 %s | FileCheck %s
// RUN: asc-opt %s --convert-pyasc-to-asc="no-alias-arguments block-workspace=65536" | asc-opt --asc-sync-placement=promote-sync | FileCheck %s --check-prefix=PROMOTED
// RUN: asc-opt %s --convert-pyasc-to-asc | asc-opt --asc-sync-placement="promote-sync emit-remarks" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOTPROMOTED
// RUN: asc-opt %s --convert-pyasc-to-asc="block-workspace=65536" | asc-opt --asc-sync-placement="promote-sync emit-remarks" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALIASED

// What pyasc's IR cannot say and the user can: that the tensors passed are
// distinct (asc.no_alias on every GM argument but the workspace and the
// tiling) and how much user workspace per core the host allocates after the
// system workspace (asc.block_workspace). With both, promote-sync makes the
// while (Iterate()) loop of tutorial 05's shape async; without them the
// import states neither.

!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, veccalc, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, batch_mode = 1 : i32, enable_ub_reuse = true>>

// CHECK-LABEL: func.func @iterate_loop
// CHECK-SAME: (%{{[^:]*}}: !asc.gm_addr {asc.no_alias}, %{{[^:]*}}: !asc.gm_addr {asc.no_alias}, %{{[^:]*}}: !asc.gm_addr, %{{[^:]*}}: !asc.gm_addr {asc.block_workspace = #asc.block_workspace<bytes_per_core = 65536>, asc.workspace}, %{{[^:]*}}: !asc.gm_addr)
// DEFAULT-LABEL: func.func @iterate_loop
// DEFAULT-SAME: (%{{[^:]*}}: !asc.gm_addr, %{{[^:]*}}: !asc.gm_addr, %{{[^:]*}}: !asc.gm_addr, %{{[^:]*}}: !asc.gm_addr {asc.workspace}, %{{[^:]*}}: !asc.gm_addr)
// PROMOTED-LABEL: func.func @iterate_loop
// PROMOTED: asc.matmul.set_workspace
// PROMOTED: asc.matmul.iterate %{{.*}} {sync = false}
// PROMOTED: asc.matmul.get_tensor_c %{{.*}} {en_sequential_write = true, sync = false}
// PROMOTED-NOT: asc.matmul.wait_get_tensor_c
// NOTPROMOTED: remark: Iterate loop not promoted: the kernel states no workspace for the blocks
// ALIASED: remark: Iterate loop not promoted: the async form breaks the Matmul protocol: 'asc.data_copy' op may write memory that an async 'asc.matmul.iterate' reads while it runs (its A input)
func.func @iterate_loop(%a: memref<?xf16, 22>, %c: memref<?xf32, 22>, %t: memref<?x!ascendc.cube_tiling, 22>, %ws: memref<?xui8, 22>) attributes {ascendc.aicore, ascendc.global} {
  %tiling = emitasc.copy_struct %t : memref<?x!ascendc.cube_tiling, 22>, !ascendc.cube_tiling
  %ga = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %ga, %a : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  %gc = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gc, %c : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecout, 1>
  %c1 = arith.constant 1 : i32
  %bm = emitasc.member %tiling "baseM" : !ascendc.cube_tiling, i32
  %mm = ascendc.construct !mm()
  ascendc.regist_matmul_obj %pipe, %ws, %mm, %tiling : !ascendc.pipe, memref<?xui8, 22>, !mm, !ascendc.cube_tiling
  ascendc.pipe.init_queue %pipe, %q, %c1, %bm : !ascendc.queue<vecout, 1>, i32, i32
  %c0 = arith.constant 0 : i32
  %false = arith.constant false
  %true = arith.constant true
  %c0_i8 = arith.constant 0 : i8
  ascendc.matmul.set_tensor_a %mm, %ga, %false : !mm, !ascendc.global_tensor<*xf16>, i1
  ascendc.matmul.set_tensor_b %mm, %ga, %false : !mm, !ascendc.global_tensor<*xf16>, i1
  %n = scf.while (%count = %c0) : (i32) -> i32 {
    %more = ascendc.matmul.iterate %mm, %false, %true : !mm, i1, i1, i1
    scf.condition(%more) %count : i32
  } do {
  ^bb0(%count: i32):
    %l = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    ascendc.matmul.get_tensor_c %mm, %l, %c0_i8, %true, %true : !mm, !ascendc.local_tensor<*xf32>, i8, i1, i1
    ascendc.que_bind.enque_tensor %q, %l : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %sub = ascendc.global_tensor.subindex %gc[%count] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %sub, %d, %bm : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
    %next = arith.addi %count, %c1 : i32
    scf.yield %next : i32
  }
  ascendc.matmul.end %mm : !mm
  return
}
