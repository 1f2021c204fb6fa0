// RUN: asc-opt %s | asc-opt | FileCheck %s
// RUN: asc-opt %s --mlir-print-op-generic | asc-opt | FileCheck %s
// RUN: asc-opt %s -emit-bytecode | asc-opt | FileCheck %s

// Round trip of every asc operation in all of its forms. The Matmul types
// are printed under the aliases !matmul, !matmul1, ...; the checks capture
// the alias of each type instead of relying on their numbering.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!mm_bias = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16, transposed>, c = <gm, nd, f32>, bias = <gm, nd, f32>, config = <mdl>>
!mm_ub = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <veccalc, nd, f32>, bias = <gm, nd, f32>>
!mm_local_in = !asc.matmul<a = <vecout, nd, f16>, b = <tscm, nz, f16>, c = <gm, nd, f32>, bias = <vecin, nd, f32>>
!mm_co1 = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <co1, nz, f32>>
!mm_batch = !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, layout = bsngd>, c = <gm, nd, f32, layout = bsngd>, config = <norm, is_n_batch = true>>
!mm_quant = !asc.matmul<a = <gm, nd, i8>, b = <gm, nd, i8>, c = <gm, nd, f16>, bias = <gm, nd, i32>>
!mm_f32 = !asc.matmul<a = <gm, nd, f32>, b = <gm, nd, f32>, c = <gm, nd, f32>>
!mm_shared_b = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16, ibshare>, c = <gm, nd, f32>, config = <ib_share_norm>>
!mm_shared_ab = !asc.matmul<a = <gm, nd, f16, transposed, ibshare>, b = <gm, nd, f16, layout = bsngd, ibshare>, c = <vecin, nd, f32>>

// CHECK-DAG: {{^}}![[MM:matmul[0-9]*]] = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>{{$}}
// CHECK-DAG: {{^}}![[MM_BIAS:matmul[0-9]*]] = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16, transposed>, c = <gm, nd, f32>, bias = <gm, nd, f32>, config = <mdl>>{{$}}
// CHECK-DAG: {{^}}![[MM_UB:matmul[0-9]*]] = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <veccalc, nd, f32>, bias = <gm, nd, f32>>{{$}}
// CHECK-DAG: {{^}}![[MM_LOCAL_IN:matmul[0-9]*]] = !asc.matmul<a = <vecout, nd, f16>, b = <tscm, nz, f16>, c = <gm, nd, f32>, bias = <vecin, nd, f32>>{{$}}
// CHECK-DAG: {{^}}![[MM_CO1:matmul[0-9]*]] = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <co1, nz, f32>>{{$}}
// CHECK-DAG: {{^}}![[MM_BATCH:matmul[0-9]*]] = !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, layout = bsngd>, c = <gm, nd, f32, layout = bsngd>, config = <norm, is_n_batch = true>>{{$}}
// CHECK-DAG: {{^}}![[MM_QUANT:matmul[0-9]*]] = !asc.matmul<a = <gm, nd, i8>, b = <gm, nd, i8>, c = <gm, nd, f16>, bias = <gm, nd, i32>>{{$}}
// CHECK-DAG: {{^}}![[MM_F32:matmul[0-9]*]] = !asc.matmul<a = <gm, nd, f32>, b = <gm, nd, f32>, c = <gm, nd, f32>>{{$}}
// CHECK-DAG: {{^}}![[MM_SHARED_B:matmul[0-9]*]] = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16, ibshare>, c = <gm, nd, f32>, config = <ib_share_norm>>{{$}}
// CHECK-DAG: {{^}}![[MM_SHARED_AB:matmul[0-9]*]] = !asc.matmul<a = <gm, nd, f16, transposed, ibshare>, b = <gm, nd, f16, layout = bsngd, ibshare>, c = <vecin, nd, f32>>{{$}}
// CHECK-DAG: {{^}}![[MM_FMT:matmul[0-9]*]] = !asc.matmul<a = <a1, zn, f16>, b = <b1, zz, f16>, c = <vecout, nn, f16>, bias = <c1, nd_align, f16>, config = <special_mdl>>{{$}}
// CHECK-DAG: {{^}}![[MM_SCALAR:matmul[0-9]*]] = !asc.matmul<a = <a2, scalar, bf16>, b = <b2, vector, bf16>, c = <vecin, nd, f32>, config = <ib_share_norm>>{{$}}
// CHECK-DAG: {{^}}![[MM_LAYOUT:matmul[0-9]*]] = !asc.matmul<a = <gm, nd, f16, layout = sbngd>, b = <gm, nd, f16, transposed, layout = bngs1s2>, c = <gm, nd, f32, layout = normal>, config = <basic>>{{$}}

//===----------------------------------------------------------------------===//
// Kernel environment
//===----------------------------------------------------------------------===//

// A kernel declaration carrying asc.kernel, asc.no_alias and asc.workspace
// without a body; a kernel may take scalars.
// CHECK-LABEL: func.func private @external_kernel
// CHECK-SAME: (!asc.gm_addr {asc.no_alias}, i32, !asc.gm_addr {asc.workspace})
// CHECK-SAME: attributes {asc.kernel}{{$}}
func.func private @external_kernel(!asc.gm_addr {asc.no_alias}, i32, !asc.gm_addr {asc.workspace}) attributes {asc.kernel}

// A device function may take a global tensor marked asc.no_alias.
// CHECK-LABEL: func.func private @device_function
// CHECK-SAME: (!asc.global_tensor<f16> {asc.no_alias}){{$}}
func.func private @device_function(!asc.global_tensor<f16> {asc.no_alias})

// A cube-only kernel.
// CHECK-LABEL: func.func @cube_only_kernel
// CHECK-SAME: attributes {asc.cube_only, asc.kernel}
func.func @cube_only_kernel() attributes {asc.kernel, asc.cube_only} {
  return
}

// Kernel environment: block index/count, task ration, core kind, system and user
// workspace, tiling.
// CHECK-LABEL: func.func @kernel_env
// CHECK-SAME: (%[[WORKSPACE:[^:]*]]: !asc.gm_addr {asc.no_alias}, %[[TILING_GM:[^:]*]]: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
// CHECK: %[[IDX:.*]] = asc.get_block_idx{{$}}
// CHECK: %[[NUM:.*]] = asc.get_block_num{{$}}
// CHECK: %[[RATION:.*]] = asc.get_task_ration{{$}}
// CHECK: %[[AIC:.*]] = asc.is_aic{{$}}
// CHECK: %[[AIV:.*]] = asc.is_aiv{{$}}
// CHECK: %[[WS:.*]] = asc.get_sys_workspace_ptr{{$}}
// CHECK: %[[USER_WS:.*]] = asc.get_user_workspace %[[WORKSPACE]]{{$}}
// CHECK: %[[TILING:.*]] = asc.get_tiling %[[TILING_GM]]{{$}}
// CHECK: %[[BASE_M:.*]] = asc.tiling.get %[[TILING]][baseM]{{$}}
// CHECK: return
func.func @kernel_env(%workspace: !asc.gm_addr {asc.no_alias}, %tiling_gm: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  %idx = asc.get_block_idx
  %num = asc.get_block_num
  %ration = asc.get_task_ration
  %aic = asc.is_aic
  %aiv = asc.is_aiv
  %ws = asc.get_sys_workspace_ptr
  %user_ws = asc.get_user_workspace %workspace
  %tiling = asc.get_tiling %tiling_gm
  %base_m = asc.tiling.get %tiling[baseM]
  return
}

// A GlobalTensor over the null address (a bias the kernel got as nullptr).
// CHECK-LABEL: func.func @null_gm_addr
// CHECK: %[[NULL:.*]] = asc.null_gm_addr{{$}}
// CHECK: asc.set_global_buffer %[[NULL]] : !asc.global_tensor<f32>
func.func @null_gm_addr() {
  %null = asc.null_gm_addr
  %bias = asc.set_global_buffer %null : !asc.global_tensor<f32>
  return
}

// A TCubeTiling built in the kernel: the named members, every other zero;
// any member of CANN's TCubeTiling, none at all.
// CHECK-LABEL: func.func @tiling_create
// CHECK-SAME: (%[[M:[^:]*]]: i32)
// CHECK: %[[T:.*]] = asc.tiling.create(usedCoreNum = %[[M]], M = %[[M]], shareL1Size = %[[M]], mxTypePara = %[[M]]){{$}}
// CHECK: asc.tiling.get %[[T]][shareL1Size]{{$}}
// CHECK: asc.tiling.create(){{$}}
func.func @tiling_create(%m: i32) attributes {asc.kernel} {
  %t = asc.tiling.create(usedCoreNum = %m, M = %m, shareL1Size = %m, mxTypePara = %m)
  %l1 = asc.tiling.get %t[shareL1Size]
  %empty = asc.tiling.create()
  return
}

// A local tensor at a fixed address, with constant or run-time address and
// length.
// CHECK-LABEL: func.func @local_tensor_create
// CHECK-SAME: (%[[ADDR:[^:]*]]: i32)
// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// CHECK: %[[C512:.*]] = arith.constant 512 : i32
// CHECK: asc.local_tensor.create %[[C0]], %[[C512]] : !asc.local_tensor<vecin, f16>{{$}}
// CHECK: asc.local_tensor.create %[[ADDR]], %[[C512]] : !asc.local_tensor<co1, f32>{{$}}
func.func @local_tensor_create(%addr: i32) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %x = asc.local_tensor.create %c0, %c512 : !asc.local_tensor<vecin, f16>
  %y = asc.local_tensor.create %addr, %c512 : !asc.local_tensor<co1, f32>
  return
}

// The prologue of a kernel launched by pyasc: the FFTS base address, and the
// cube core's cross-core flag.
// CHECK-LABEL: func.func @ffts_prologue
// CHECK-SAME: (%[[FFTS:[^:]*]]: !asc.gm_addr)
// CHECK: asc.set_ffts_base_addr %[[FFTS]]{{$}}
// CHECK: asc.ffts_cross_core_sync pipe_mte3, 3873{{$}}
func.func @ffts_prologue(%ffts: !asc.gm_addr) attributes {asc.kernel} {
  asc.set_ffts_base_addr %ffts
  asc.ffts_cross_core_sync pipe_mte3, 3873
  return
}

// get_tiling with a byte offset picks one TCubeTiling of a struct holding
// several; the form without an offset reads the first one.
// CHECK-LABEL: func.func @get_tiling_offset
// CHECK-SAME: (%[[TILING_GM:[^:]*]]: !asc.gm_addr {asc.no_alias}, %[[OFF:[^:]*]]: i64) attributes {asc.kernel} {
// CHECK: %[[T0:.*]] = asc.get_tiling %[[TILING_GM]]{{$}}
// CHECK: %[[T1:.*]] = asc.get_tiling %[[TILING_GM]][%[[OFF]]]{{$}}
// CHECK: %[[C512:.*]] = arith.constant 512 : i64
// CHECK: %[[T2:.*]] = asc.get_tiling %[[TILING_GM]][%[[C512]]]{{$}}
// CHECK: asc.tiling.get %[[T0]][M]{{$}}
// CHECK: asc.tiling.get %[[T1]][N]{{$}}
// CHECK: asc.tiling.get %[[T2]][Ka]{{$}}
func.func @get_tiling_offset(%tiling_gm: !asc.gm_addr {asc.no_alias}, %off: i64) attributes {asc.kernel} {
  %t0 = asc.get_tiling %tiling_gm
  %t1 = asc.get_tiling %tiling_gm[%off]
  %c512 = arith.constant 512 : i64
  %t2 = asc.get_tiling %tiling_gm[%c512]
  %m = asc.tiling.get %t0[M]
  %n = asc.tiling.get %t1[N]
  %k = asc.tiling.get %t2[Ka]
  return
}

// asc.tiling.get reads every TCubeTiling field.
// CHECK-LABEL: func.func @tiling_fields
// CHECK-SAME: (%[[T:[^:]*]]: !asc.tiling)
// CHECK: asc.tiling.get %[[T]][usedCoreNum]
// CHECK: asc.tiling.get %[[T]][M]
// CHECK: asc.tiling.get %[[T]][N]
// CHECK: asc.tiling.get %[[T]][Ka]
// CHECK: asc.tiling.get %[[T]][Kb]
// CHECK: asc.tiling.get %[[T]][singleCoreM]
// CHECK: asc.tiling.get %[[T]][singleCoreN]
// CHECK: asc.tiling.get %[[T]][singleCoreK]
// CHECK: asc.tiling.get %[[T]][baseM]
// CHECK: asc.tiling.get %[[T]][baseN]
// CHECK: asc.tiling.get %[[T]][baseK]
// CHECK: asc.tiling.get %[[T]][depthA1]
// CHECK: asc.tiling.get %[[T]][depthB1]
// CHECK: asc.tiling.get %[[T]][stepM]
// CHECK: asc.tiling.get %[[T]][stepN]
// CHECK: asc.tiling.get %[[T]][stepKa]
// CHECK: asc.tiling.get %[[T]][stepKb]
// CHECK: asc.tiling.get %[[T]][isBias]
// CHECK: asc.tiling.get %[[T]][iterateOrder]
// CHECK: asc.tiling.get %[[T]][batchM]
// CHECK: asc.tiling.get %[[T]][batchN]
// CHECK: asc.tiling.get %[[T]][singleBatchM]
// CHECK: asc.tiling.get %[[T]][singleBatchN]
func.func @tiling_fields(%tiling: !asc.tiling) {
  %0 = asc.tiling.get %tiling[usedCoreNum]
  %1 = asc.tiling.get %tiling[M]
  %2 = asc.tiling.get %tiling[N]
  %3 = asc.tiling.get %tiling[Ka]
  %4 = asc.tiling.get %tiling[Kb]
  %5 = asc.tiling.get %tiling[singleCoreM]
  %6 = asc.tiling.get %tiling[singleCoreN]
  %7 = asc.tiling.get %tiling[singleCoreK]
  %8 = asc.tiling.get %tiling[baseM]
  %9 = asc.tiling.get %tiling[baseN]
  %10 = asc.tiling.get %tiling[baseK]
  %11 = asc.tiling.get %tiling[depthA1]
  %12 = asc.tiling.get %tiling[depthB1]
  %13 = asc.tiling.get %tiling[stepM]
  %14 = asc.tiling.get %tiling[stepN]
  %15 = asc.tiling.get %tiling[stepKa]
  %16 = asc.tiling.get %tiling[stepKb]
  %17 = asc.tiling.get %tiling[isBias]
  %18 = asc.tiling.get %tiling[iterateOrder]
  %19 = asc.tiling.get %tiling[batchM]
  %20 = asc.tiling.get %tiling[batchN]
  %21 = asc.tiling.get %tiling[singleBatchM]
  %22 = asc.tiling.get %tiling[singleBatchN]
  return
}

//===----------------------------------------------------------------------===//
// Global and local tensors
//===----------------------------------------------------------------------===//

// set_global_buffer with/without offset and size, subviews, get_value/set_value.
// CHECK-LABEL: func.func @global_tensors
// CHECK-SAME: (%[[PTR:[^:]*]]: !asc.gm_addr {asc.no_alias}, %[[C:[^:]*]]: !asc.global_tensor<f32> {asc.no_alias},
// CHECK-SAME: %[[UB:[^:]*]]: !asc.local_tensor<vecin, f16>, %[[OFF:[^:]*]]: i64, %[[SIZE:[^:]*]]: i64, %[[I:[^:]*]]: i64, %[[V:[^:]*]]: f32)
// CHECK-SAME: {{ \{$}}
// CHECK: %[[G0:.*]] = asc.set_global_buffer %[[PTR]] : !asc.global_tensor<f16>
// CHECK: %[[G1:.*]] = asc.set_global_buffer %[[PTR]][%[[OFF]]] : !asc.global_tensor<bf16>
// CHECK: %[[G2:.*]] = asc.set_global_buffer %[[PTR]], %[[SIZE]] : !asc.global_tensor<i8>
// CHECK: %[[G3:.*]] = asc.set_global_buffer %[[PTR]][%[[OFF]]], %[[SIZE]] : !asc.global_tensor<i64>
// CHECK: %[[BLK:.*]] = asc.subview %[[C]][%[[OFF]]] : !asc.global_tensor<f32>
// CHECK: %[[UB_BLK:.*]] = asc.subview %[[UB]][%[[OFF]]] : !asc.local_tensor<vecin, f16>
// CHECK: %[[X:.*]] = asc.get_value %[[BLK]][%[[I]]] : !asc.global_tensor<f32>
// CHECK: asc.set_value %[[C]][%[[I]]], %[[V]] : !asc.global_tensor<f32>
// CHECK: %[[Y:.*]] = asc.get_value %[[G3]][%[[I]]] : !asc.global_tensor<i64>
// CHECK: asc.set_value %[[G3]][%[[I]]], %[[Y]] : !asc.global_tensor<i64>
func.func @global_tensors(%a_ptr: !asc.gm_addr {asc.no_alias}, %c: !asc.global_tensor<f32> {asc.no_alias}, %ub: !asc.local_tensor<vecin, f16>, %off: i64, %size: i64, %idx: i64, %v: f32) {
  %g0 = asc.set_global_buffer %a_ptr : !asc.global_tensor<f16>
  %g1 = asc.set_global_buffer %a_ptr[%off] : !asc.global_tensor<bf16>
  %g2 = asc.set_global_buffer %a_ptr, %size : !asc.global_tensor<i8>
  %g3 = asc.set_global_buffer %a_ptr[%off], %size : !asc.global_tensor<i64>
  %blk = asc.subview %c[%off] : !asc.global_tensor<f32>
  %ub_blk = asc.subview %ub[%off] : !asc.local_tensor<vecin, f16>
  %x = asc.get_value %blk[%idx] : !asc.global_tensor<f32>
  asc.set_value %c[%idx], %v : !asc.global_tensor<f32>
  %y = asc.get_value %g3[%idx] : !asc.global_tensor<i64>
  asc.set_value %g3[%idx], %y : !asc.global_tensor<i64>
  return
}

//===----------------------------------------------------------------------===//
// Pipe and queues
//===----------------------------------------------------------------------===//

// The pipe, a VECOUT queue and the buffer cycle alloc/enque/deque/free.
// CHECK-LABEL: func.func @queue_cycle
// CHECK-SAME: (%[[NUM:[^:]*]]: i32, %[[LEN:[^:]*]]: i32)
// CHECK: %[[PIPE:.*]] = asc.pipe.create{{$}}
// CHECK: %[[QUE:.*]] = asc.queue.create : !asc.queue<vecout, 2>
// CHECK: asc.pipe.init_buffer %[[PIPE]], %[[QUE]], %[[NUM]], %[[LEN]] : !asc.queue<vecout, 2>
// CHECK: %[[T:.*]] = asc.queue.alloc_tensor %[[QUE]] : !asc.queue<vecout, 2> -> !asc.local_tensor<vecout, f16>
// CHECK: asc.queue.enque %[[QUE]], %[[T]] : !asc.queue<vecout, 2>, !asc.local_tensor<vecout, f16>
// CHECK: %[[D:.*]] = asc.queue.deque %[[QUE]] : !asc.queue<vecout, 2> -> !asc.local_tensor<vecout, f16>
// CHECK: asc.queue.free_tensor %[[QUE]], %[[D]] : !asc.queue<vecout, 2>, !asc.local_tensor<vecout, f16>
func.func @queue_cycle(%num: i32, %len: i32) {
  %pipe = asc.pipe.create
  %que = asc.queue.create : !asc.queue<vecout, 2>
  asc.pipe.init_buffer %pipe, %que, %num, %len : !asc.queue<vecout, 2>
  %t = asc.queue.alloc_tensor %que : !asc.queue<vecout, 2> -> !asc.local_tensor<vecout, f16>
  asc.queue.enque %que, %t : !asc.queue<vecout, 2>, !asc.local_tensor<vecout, f16>
  %d = asc.queue.deque %que : !asc.queue<vecout, 2> -> !asc.local_tensor<vecout, f16>
  asc.queue.free_tensor %que, %d : !asc.queue<vecout, 2>, !asc.local_tensor<vecout, f16>
  return
}

// FetchEventID: an event's id read from the pipe, used by a set and a wait.
// CHECK-LABEL: func.func @fetch_event_id
// CHECK: %[[PIPE:.*]] = asc.pipe.create{{$}}
// CHECK: %[[ID:.*]] = asc.pipe.fetch_event_id %[[PIPE]], mte2_mte3{{$}}
// CHECK: asc.set_flag mte2_mte3, %[[ID]]{{$}}
// CHECK: asc.wait_flag mte2_mte3, %[[ID]]{{$}}
func.func @fetch_event_id() {
  %pipe = asc.pipe.create
  %id = asc.pipe.fetch_event_id %pipe, mte2_mte3
  asc.set_flag mte2_mte3, %id
  asc.wait_flag mte2_mte3, %id
  return
}

// A local tensor's size and its elements read and written by the scalar unit.
// CHECK-LABEL: func.func @local_tensor_scalars
// CHECK: %[[N:.*]] = asc.local_tensor.get_size %[[T:.*]] : !asc.local_tensor<vecin, f32>{{$}}
// CHECK: %[[V:.*]] = asc.get_value %[[T]][%{{.*}}] : !asc.local_tensor<vecin, f32>{{$}}
// CHECK: asc.set_value %[[T]][%{{.*}}], %[[V]] : !asc.local_tensor<vecin, f32>{{$}}
func.func @local_tensor_scalars(%t: !asc.local_tensor<vecin, f32>, %i: i64) -> i32 {
  %n = asc.local_tensor.get_size %t : !asc.local_tensor<vecin, f32>
  %v = asc.get_value %t[%i] : !asc.local_tensor<vecin, f32>
  asc.set_value %t[%i], %v : !asc.local_tensor<vecin, f32>
  return %n : i32
}

// Queues at every other local TPosition and depth, local tensors of many types.
// CHECK-LABEL: func.func @queue_positions
// CHECK: %[[VECIN:.*]] = asc.queue.create : !asc.queue<vecin, 1>
// CHECK: %[[VECCALC:.*]] = asc.queue.create : !asc.queue<veccalc, 4>
// CHECK: %[[A1:.*]] = asc.queue.create : !asc.queue<a1, 2>
// CHECK: %[[A2:.*]] = asc.queue.create : !asc.queue<a2, 1>
// CHECK: %[[B1:.*]] = asc.queue.create : !asc.queue<b1, 2>
// CHECK: %[[B2:.*]] = asc.queue.create : !asc.queue<b2, 1>
// CHECK: %[[C1:.*]] = asc.queue.create : !asc.queue<c1, 1>
// CHECK: %[[C2:.*]] = asc.queue.create : !asc.queue<c2, 1>
// CHECK: %[[CO1:.*]] = asc.queue.create : !asc.queue<co1, 1>
// CHECK: %[[CO2:.*]] = asc.queue.create : !asc.queue<co2, 1>
// CHECK: %[[TSCM:.*]] = asc.queue.create : !asc.queue<tscm, 1>
// CHECK: asc.queue.alloc_tensor %[[VECIN]] : !asc.queue<vecin, 1> -> !asc.local_tensor<vecin, f32>
// CHECK: asc.queue.alloc_tensor %[[VECCALC]] : !asc.queue<veccalc, 4> -> !asc.local_tensor<veccalc, bf16>
// CHECK: asc.queue.alloc_tensor %[[A1]] : !asc.queue<a1, 2> -> !asc.local_tensor<a1, i8>
// CHECK: asc.queue.alloc_tensor %[[A2]] : !asc.queue<a2, 1> -> !asc.local_tensor<a2, ui8>
// CHECK: asc.queue.alloc_tensor %[[B1]] : !asc.queue<b1, 2> -> !asc.local_tensor<b1, i16>
// CHECK: asc.queue.alloc_tensor %[[B2]] : !asc.queue<b2, 1> -> !asc.local_tensor<b2, ui32>
// CHECK: asc.queue.alloc_tensor %[[C1]] : !asc.queue<c1, 1> -> !asc.local_tensor<c1, i64>
// CHECK: asc.queue.alloc_tensor %[[C2]] : !asc.queue<c2, 1> -> !asc.local_tensor<c2, i1>
// CHECK: asc.queue.alloc_tensor %[[CO1]] : !asc.queue<co1, 1> -> !asc.local_tensor<co1, i32>
// CHECK: asc.queue.alloc_tensor %[[CO2]] : !asc.queue<co2, 1> -> !asc.local_tensor<co2, i4>
// CHECK: asc.queue.alloc_tensor %[[TSCM]] : !asc.queue<tscm, 1> -> !asc.local_tensor<tscm, f16>
func.func @queue_positions() {
  %vecin = asc.queue.create : !asc.queue<vecin, 1>
  %veccalc = asc.queue.create : !asc.queue<veccalc, 4>
  %a1 = asc.queue.create : !asc.queue<a1, 2>
  %a2 = asc.queue.create : !asc.queue<a2, 1>
  %b1 = asc.queue.create : !asc.queue<b1, 2>
  %b2 = asc.queue.create : !asc.queue<b2, 1>
  %c1 = asc.queue.create : !asc.queue<c1, 1>
  %c2 = asc.queue.create : !asc.queue<c2, 1>
  %co1 = asc.queue.create : !asc.queue<co1, 1>
  %co2 = asc.queue.create : !asc.queue<co2, 1>
  %tscm = asc.queue.create : !asc.queue<tscm, 1>
  %t0 = asc.queue.alloc_tensor %vecin : !asc.queue<vecin, 1> -> !asc.local_tensor<vecin, f32>
  %t1 = asc.queue.alloc_tensor %veccalc : !asc.queue<veccalc, 4> -> !asc.local_tensor<veccalc, bf16>
  %t2 = asc.queue.alloc_tensor %a1 : !asc.queue<a1, 2> -> !asc.local_tensor<a1, i8>
  %t3 = asc.queue.alloc_tensor %a2 : !asc.queue<a2, 1> -> !asc.local_tensor<a2, ui8>
  %t4 = asc.queue.alloc_tensor %b1 : !asc.queue<b1, 2> -> !asc.local_tensor<b1, i16>
  %t5 = asc.queue.alloc_tensor %b2 : !asc.queue<b2, 1> -> !asc.local_tensor<b2, ui32>
  %t6 = asc.queue.alloc_tensor %c1 : !asc.queue<c1, 1> -> !asc.local_tensor<c1, i64>
  %t7 = asc.queue.alloc_tensor %c2 : !asc.queue<c2, 1> -> !asc.local_tensor<c2, i1>
  %t8 = asc.queue.alloc_tensor %co1 : !asc.queue<co1, 1> -> !asc.local_tensor<co1, i32>
  %t9 = asc.queue.alloc_tensor %co2 : !asc.queue<co2, 1> -> !asc.local_tensor<co2, i4>
  %t10 = asc.queue.alloc_tensor %tscm : !asc.queue<tscm, 1> -> !asc.local_tensor<tscm, f16>
  return
}

//===----------------------------------------------------------------------===//
// Data movement and vector compute
//===----------------------------------------------------------------------===//

// data_copy with an element count (GM->UB, UB->UB) and with DataCopyParams.
// CHECK-LABEL: func.func @data_copy
// CHECK-SAME: (%[[GM:[^:]*]]: !asc.global_tensor<f16>, %[[IN:[^:]*]]: !asc.local_tensor<vecin, f16>, %[[OUT:[^:]*]]: !asc.local_tensor<vecout, f16>,
// CHECK-SAME: %[[N:[^:]*]]: i32, %[[CNT:[^:]*]]: i32, %[[BLEN:[^:]*]]: i32, %[[SS:[^:]*]]: i32, %[[DS:[^:]*]]: i32)
// CHECK: asc.data_copy %[[IN]], %[[GM]], %[[N]] : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>
// CHECK: asc.data_copy %[[OUT]], %[[IN]], %[[N]] : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>
// CHECK: asc.data_copy %[[GM]], %[[OUT]] params(%[[CNT]], %[[BLEN]], %[[SS]], %[[DS]]) : !asc.global_tensor<f16>, !asc.local_tensor<vecout, f16>
func.func @data_copy(%gm: !asc.global_tensor<f16>, %in: !asc.local_tensor<vecin, f16>, %out: !asc.local_tensor<vecout, f16>, %n: i32, %cnt: i32, %blen: i32, %ss: i32, %ds: i32) {
  asc.data_copy %in, %gm, %n : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>
  asc.data_copy %out, %in, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>
  asc.data_copy %gm, %out params(%cnt, %blen, %ss, %ds) : !asc.global_tensor<f16>, !asc.local_tensor<vecout, f16>
  return
}

// The vector instructions on unified-buffer tensors of f32, i32 and f16,
// each listing the type of every tensor operand.
// CHECK-LABEL: func.func @vector_ops
// CHECK-SAME: (%[[DST:[^:]*]]: !asc.local_tensor<vecout, f32>, %[[SRC:[^:]*]]: !asc.local_tensor<veccalc, f32>,
// CHECK-SAME: %[[LHS:[^:]*]]: !asc.local_tensor<vecin, i32>, %[[RHS:[^:]*]]: !asc.local_tensor<vecin, i32>, %[[H:[^:]*]]: !asc.local_tensor<vecout, f16>,
// CHECK-SAME: %[[ALPHA:[^:]*]]: f32, %[[S:[^:]*]]: i32, %[[HS:[^:]*]]: f16, %[[N:[^:]*]]: i32)
// CHECK: asc.leaky_relu %[[SRC]], %[[SRC]], %[[ALPHA]], %[[N]] : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>{{$}}
// CHECK: asc.add %[[LHS]], %[[LHS]], %[[RHS]], %[[N]] : !asc.local_tensor<vecin, i32>, !asc.local_tensor<vecin, i32>, !asc.local_tensor<vecin, i32>{{$}}
// CHECK: asc.adds %[[LHS]], %[[RHS]], %[[S]], %[[N]] : !asc.local_tensor<vecin, i32>, !asc.local_tensor<vecin, i32>{{$}}
// CHECK: asc.muls %[[DST]], %[[DST]], %[[ALPHA]], %[[N]] : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecout, f32>{{$}}
// CHECK: asc.duplicate %[[H]], %[[HS]], %[[N]] : !asc.local_tensor<vecout, f16>{{$}}
// CHECK: asc.leaky_relu %[[H]], %[[H]], %[[HS]], %[[N]] : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecout, f16>{{$}}
func.func @vector_ops(%dst: !asc.local_tensor<vecout, f32>, %src: !asc.local_tensor<veccalc, f32>, %lhs: !asc.local_tensor<vecin, i32>, %rhs: !asc.local_tensor<vecin, i32>, %h: !asc.local_tensor<vecout, f16>, %alpha: f32, %s: i32, %hs: f16, %n: i32) {
  asc.leaky_relu %src, %src, %alpha, %n : !asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>
  asc.add %lhs, %lhs, %rhs, %n : !asc.local_tensor<vecin, i32>, !asc.local_tensor<vecin, i32>, !asc.local_tensor<vecin, i32>
  asc.adds %lhs, %rhs, %s, %n : !asc.local_tensor<vecin, i32>, !asc.local_tensor<vecin, i32>
  asc.muls %dst, %dst, %alpha, %n : !asc.local_tensor<vecout, f32>, !asc.local_tensor<vecout, f32>
  asc.duplicate %h, %hs, %n : !asc.local_tensor<vecout, f16>
  asc.leaky_relu %h, %h, %hs, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecout, f16>
  return
}

// The 16-bit integer forms of Add/Muls and the unsigned form of Duplicate.
// CHECK-LABEL: func.func @vector_ops_integer
// CHECK: asc.add %{{.*}} : !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>{{$}}
// CHECK-NEXT: asc.muls %{{.*}} : !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>{{$}}
// CHECK-NEXT: asc.duplicate %{{.*}} : !asc.local_tensor<vecout, ui32>{{$}}
func.func @vector_ops_integer(%a: !asc.local_tensor<vecin, i16>, %s: i16, %u: !asc.local_tensor<vecout, ui32>, %us: ui32, %n: i32) {
  asc.add %a, %a, %a, %n : !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>
  asc.muls %a, %a, %s, %n : !asc.local_tensor<vecin, i16>, !asc.local_tensor<vecin, i16>
  asc.duplicate %u, %us, %n : !asc.local_tensor<vecout, ui32>
  return
}

// Vector instructions across unified-buffer positions: VECIN/VECCALC sources,
// a VECOUT destination, one element type.
// CHECK-LABEL: func.func @vector_ops_across_positions
// CHECK-SAME: (%[[OUT:[^:]*]]: !asc.local_tensor<vecout, f16>, %[[IN:[^:]*]]: !asc.local_tensor<vecin, f16>, %[[CALC:[^:]*]]: !asc.local_tensor<veccalc, f16>,
// CHECK-SAME: %[[S:[^:]*]]: f16, %[[N:[^:]*]]: i32)
// CHECK: asc.adds %[[OUT]], %[[IN]], %[[S]], %[[N]] : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>{{$}}
// CHECK: asc.muls %[[CALC]], %[[IN]], %[[S]], %[[N]] : !asc.local_tensor<veccalc, f16>, !asc.local_tensor<vecin, f16>{{$}}
// CHECK: asc.add %[[OUT]], %[[IN]], %[[CALC]], %[[N]] : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>{{$}}
// CHECK: asc.leaky_relu %[[OUT]], %[[CALC]], %[[S]], %[[N]] : !asc.local_tensor<vecout, f16>, !asc.local_tensor<veccalc, f16>{{$}}
func.func @vector_ops_across_positions(%out: !asc.local_tensor<vecout, f16>, %in: !asc.local_tensor<vecin, f16>, %calc: !asc.local_tensor<veccalc, f16>, %s: f16, %n: i32) {
  asc.adds %out, %in, %s, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>
  asc.muls %calc, %in, %s, %n : !asc.local_tensor<veccalc, f16>, !asc.local_tensor<vecin, f16>
  asc.add %out, %in, %calc, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<vecin, f16>, !asc.local_tensor<veccalc, f16>
  asc.leaky_relu %out, %calc, %s, %n : !asc.local_tensor<vecout, f16>, !asc.local_tensor<veccalc, f16>
  return
}

// pipe_barrier on every hardware pipeline.
// CHECK-LABEL: func.func @pipe_barriers
// CHECK: asc.pipe_barrier pipe_s{{$}}
// CHECK: asc.pipe_barrier pipe_v{{$}}
// CHECK: asc.pipe_barrier pipe_m{{$}}
// CHECK: asc.pipe_barrier pipe_mte1{{$}}
// CHECK: asc.pipe_barrier pipe_mte2{{$}}
// CHECK: asc.pipe_barrier pipe_mte3{{$}}
// CHECK: asc.pipe_barrier pipe_fix{{$}}
// CHECK: asc.pipe_barrier pipe_all{{$}}
func.func @pipe_barriers() {
  asc.pipe_barrier pipe_s
  asc.pipe_barrier pipe_v
  asc.pipe_barrier pipe_m
  asc.pipe_barrier pipe_mte1
  asc.pipe_barrier pipe_mte2
  asc.pipe_barrier pipe_mte3
  asc.pipe_barrier pipe_fix
  asc.pipe_barrier pipe_all
  return
}

// set_flag and wait_flag name a hardware event and its id.
// CHECK-LABEL: func.func @flags
// CHECK: asc.set_flag mte2_mte3, %{{.*}}{{$}}
// CHECK: asc.wait_flag mte2_mte3, %{{.*}}{{$}}
// CHECK: asc.set_flag s_v, %{{.*}}{{$}}
// CHECK: asc.wait_flag v_mte2, %{{.*}}{{$}}
func.func @flags(%id: i32) {
  asc.set_flag mte2_mte3, %id
  asc.wait_flag mte2_mte3, %id
  asc.set_flag s_v, %id
  asc.wait_flag v_mte2, %id
  return
}

// The cross-core flags keep their mode and pipe; a wait's defaults (mode 0,
// pipe_s) print as nothing; SyncAll defaults to the vector cores.
// CHECK-LABEL: func.func @cross_core
// CHECK: asc.cross_core_set_flag mode 2, pipe_fix, %{{.*}}{{$}}
// CHECK: asc.cross_core_wait_flag %{{.*}}{{$}}
// CHECK: asc.cross_core_wait_flag %{{.*}} {mode = 2 : i32, pipe = #asc.pipe<pipe_mte2>}{{$}}
// CHECK: asc.sync_all{{$}}
// CHECK: asc.sync_all {aiv_only = false}{{$}}
func.func @cross_core(%id: i32) {
  asc.cross_core_set_flag mode 2, pipe_fix, %id
  asc.cross_core_wait_flag %id
  asc.cross_core_wait_flag %id {mode = 2 : i32, pipe = #asc.pipe<pipe_mte2>}
  asc.sync_all
  asc.sync_all {aiv_only = false}
  return
}

//===----------------------------------------------------------------------===//
// Matmul set-up and configuration
//===----------------------------------------------------------------------===//

// One object registered with its tiling, initialised without a pipe, ended.
// CHECK-LABEL: func.func @register_with_tiling
// CHECK-SAME: (%[[TILING_GM:[^:]*]]: !asc.gm_addr) attributes {asc.kernel}
// CHECK: %[[PIPE:.*]] = asc.pipe.create
// CHECK: %[[WS:.*]] = asc.get_sys_workspace_ptr
// CHECK: %[[TILING:.*]] = asc.get_tiling %[[TILING_GM]]
// CHECK: %[[OBJ:.*]] = asc.matmul.create : ![[MM]]{{$}}
// CHECK: asc.matmul.register %[[PIPE]], %[[WS]], %[[OBJ]] tiling %[[TILING]] : ![[MM]]{{$}}
// CHECK: asc.matmul.init %[[OBJ]], %[[TILING]] : ![[MM]]{{$}}
// CHECK: asc.matmul.end %[[OBJ]] : ![[MM]]{{$}}
func.func @register_with_tiling(%tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  %ws = asc.get_sys_workspace_ptr
  %tiling = asc.get_tiling %tiling_gm
  %mm = asc.matmul.create : !mm
  asc.matmul.register %pipe, %ws, %mm tiling %tiling : !mm
  asc.matmul.init %mm, %tiling : !mm
  asc.matmul.end %mm : !mm
  return
}

// An object registered without a tiling, initialised with tiling and pipe.
// CHECK-LABEL: func.func @register_without_tiling
// CHECK-SAME: (%[[TILING_GM:[^:]*]]: !asc.gm_addr)
// CHECK: %[[PIPE:.*]] = asc.pipe.create
// CHECK: %[[WS:.*]] = asc.get_sys_workspace_ptr
// CHECK: %[[TILING:.*]] = asc.get_tiling %[[TILING_GM]]
// CHECK: %[[OBJ:.*]] = asc.matmul.create : ![[MM_BIAS]]{{$}}
// CHECK: asc.matmul.register %[[PIPE]], %[[WS]], %[[OBJ]] : ![[MM_BIAS]]{{$}}
// CHECK: asc.matmul.init %[[OBJ]], %[[TILING]], %[[PIPE]] : ![[MM_BIAS]]{{$}}
// CHECK: asc.matmul.end %[[OBJ]] : ![[MM_BIAS]]{{$}}
func.func @register_without_tiling(%tiling_gm: !asc.gm_addr) {
  %pipe = asc.pipe.create
  %ws = asc.get_sys_workspace_ptr
  %tiling = asc.get_tiling %tiling_gm
  %mm = asc.matmul.create : !mm_bias
  asc.matmul.register %pipe, %ws, %mm : !mm_bias
  asc.matmul.init %mm, %tiling, %pipe : !mm_bias
  asc.matmul.end %mm : !mm_bias
  return
}

// Three objects registered with tilings, then four (the maximum) without.
// CHECK-LABEL: func.func @register_several
// CHECK-SAME: (%[[T0:[^:]*]]: !asc.tiling, %[[T1:[^:]*]]: !asc.tiling, %[[T2:[^:]*]]: !asc.tiling)
// CHECK: %[[PIPE:.*]] = asc.pipe.create
// CHECK: %[[WS:.*]] = asc.get_sys_workspace_ptr
// CHECK: %[[MM0:.*]] = asc.matmul.create : ![[MM]]{{$}}
// CHECK: %[[MM1:.*]] = asc.matmul.create : ![[MM_BIAS]]{{$}}
// CHECK: %[[MM2:.*]] = asc.matmul.create : ![[MM_BATCH]]{{$}}
// CHECK: asc.matmul.register %[[PIPE]], %[[WS]], %[[MM0]], %[[MM1]], %[[MM2]] tiling %[[T0]], %[[T1]], %[[T2]] : ![[MM]], ![[MM_BIAS]], ![[MM_BATCH]]{{$}}
// CHECK: %[[MM3:.*]] = asc.matmul.create : ![[MM]]{{$}}
// CHECK: %[[MM4:.*]] = asc.matmul.create : ![[MM]]{{$}}
// CHECK: %[[MM5:.*]] = asc.matmul.create : ![[MM_F32]]{{$}}
// CHECK: %[[MM6:.*]] = asc.matmul.create : ![[MM_QUANT]]{{$}}
// CHECK: asc.matmul.register %[[PIPE]], %[[WS]], %[[MM3]], %[[MM4]], %[[MM5]], %[[MM6]] : ![[MM]], ![[MM]], ![[MM_F32]], ![[MM_QUANT]]{{$}}
func.func @register_several(%t0: !asc.tiling, %t1: !asc.tiling, %t2: !asc.tiling) {
  %pipe = asc.pipe.create
  %ws = asc.get_sys_workspace_ptr
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm_bias
  %mm2 = asc.matmul.create : !mm_batch
  asc.matmul.register %pipe, %ws, %mm0, %mm1, %mm2 tiling %t0, %t1, %t2 : !mm, !mm_bias, !mm_batch
  %mm3 = asc.matmul.create : !mm
  %mm4 = asc.matmul.create : !mm
  %mm5 = asc.matmul.create : !mm_f32
  %mm6 = asc.matmul.create : !mm_quant
  asc.matmul.register %pipe, %ws, %mm3, %mm4, %mm5, %mm6 : !mm, !mm, !mm_f32, !mm_quant
  return
}

// set_tensor_a/b with GM tensors (plain, transposed) and scalars; bias ops.
// CHECK-LABEL: func.func @set_inputs
// CHECK-SAME: (%[[OBJ:[^:]*]]: ![[MM_BIAS]], %[[A:[^:]*]]: !asc.global_tensor<f16>, %[[B:[^:]*]]: !asc.global_tensor<f16>,
// CHECK-SAME: %[[BIAS:[^:]*]]: !asc.global_tensor<f32>, %[[SA:[^:]*]]: f16, %[[SB:[^:]*]]: f16)
// CHECK: asc.matmul.set_tensor_a %[[OBJ]], %[[A]] : ![[MM_BIAS]], !asc.global_tensor<f16>
// CHECK: asc.matmul.set_tensor_a %[[OBJ]], %[[A]] {is_transpose = true} : ![[MM_BIAS]], !asc.global_tensor<f16>
// CHECK: asc.matmul.set_tensor_a %[[OBJ]], %[[A]] {is_transpose = false} : ![[MM_BIAS]], !asc.global_tensor<f16>
// CHECK: asc.matmul.set_tensor_a %[[OBJ]], %[[SA]] : ![[MM_BIAS]], f16
// CHECK: asc.matmul.set_tensor_b %[[OBJ]], %[[B]] : ![[MM_BIAS]], !asc.global_tensor<f16>
// CHECK: asc.matmul.set_tensor_b %[[OBJ]], %[[B]] {is_transpose = true} : ![[MM_BIAS]], !asc.global_tensor<f16>
// CHECK: asc.matmul.set_tensor_b %[[OBJ]], %[[SB]] : ![[MM_BIAS]], f16
// CHECK: asc.matmul.set_bias %[[OBJ]], %[[BIAS]] : ![[MM_BIAS]], !asc.global_tensor<f32>
// CHECK: asc.matmul.disable_bias %[[OBJ]] : ![[MM_BIAS]]{{$}}
func.func @set_inputs(%mm: !mm_bias, %a: !asc.global_tensor<f16>, %b: !asc.global_tensor<f16>, %bias: !asc.global_tensor<f32>, %sa: f16, %sb: f16) {
  asc.matmul.set_tensor_a %mm, %a : !mm_bias, !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a {is_transpose = true} : !mm_bias, !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a {is_transpose = false} : !mm_bias, !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %sa : !mm_bias, f16
  asc.matmul.set_tensor_b %mm, %b : !mm_bias, !asc.global_tensor<f16>
  asc.matmul.set_tensor_b %mm, %b {is_transpose = true} : !mm_bias, !asc.global_tensor<f16>
  asc.matmul.set_tensor_b %mm, %sb : !mm_bias, f16
  asc.matmul.set_bias %mm, %bias : !mm_bias, !asc.global_tensor<f32>
  asc.matmul.disable_bias %mm : !mm_bias
  return
}

// set_tensor_a/b and set_bias with local tensors for parts in local memory.
// CHECK-LABEL: func.func @set_local_inputs
// CHECK-SAME: (%[[OBJ:[^:]*]]: ![[MM_LOCAL_IN]], %[[A:[^:]*]]: !asc.local_tensor<vecout, f16>, %[[B:[^:]*]]: !asc.local_tensor<tscm, f16>,
// CHECK-SAME: %[[BIAS:[^:]*]]: !asc.local_tensor<vecin, f32>)
// CHECK: asc.matmul.set_tensor_a %[[OBJ]], %[[A]] : ![[MM_LOCAL_IN]], !asc.local_tensor<vecout, f16>
// CHECK: asc.matmul.set_tensor_b %[[OBJ]], %[[B]] {is_transpose = true} : ![[MM_LOCAL_IN]], !asc.local_tensor<tscm, f16>
// CHECK: asc.matmul.set_bias %[[OBJ]], %[[BIAS]] : ![[MM_LOCAL_IN]], !asc.local_tensor<vecin, f32>
func.func @set_local_inputs(%mm: !mm_local_in, %a: !asc.local_tensor<vecout, f16>, %b: !asc.local_tensor<tscm, f16>, %bias: !asc.local_tensor<vecin, f32>) {
  asc.matmul.set_tensor_a %mm, %a : !mm_local_in, !asc.local_tensor<vecout, f16>
  asc.matmul.set_tensor_b %mm, %b {is_transpose = true} : !mm_local_in, !asc.local_tensor<tscm, f16>
  asc.matmul.set_bias %mm, %bias : !mm_local_in, !asc.local_tensor<vecin, f32>
  return
}

// set_org_shape with 3 and 5 sizes, set_single_shape, set_tail, set_batch_num,
// set_sub_block_idx.
// CHECK-LABEL: func.func @shapes
// CHECK-SAME: (%[[OBJ:[^:]*]]: ![[MM]], %[[M:[^:]*]]: i32, %[[N:[^:]*]]: i32, %[[K:[^:]*]]: i32, %[[KB:[^:]*]]: i32, %[[KC:[^:]*]]: i32)
// CHECK: asc.matmul.set_org_shape %[[OBJ]], %[[M]], %[[N]], %[[K]] : ![[MM]]{{$}}
// CHECK: asc.matmul.set_org_shape %[[OBJ]], %[[M]], %[[N]], %[[K]], %[[KB]], %[[KC]] : ![[MM]]{{$}}
// CHECK: asc.matmul.set_single_shape %[[OBJ]], %[[M]], %[[N]], %[[K]] : ![[MM]]{{$}}
// CHECK: asc.matmul.set_tail %[[OBJ]], %[[M]], %[[N]], %[[K]] : ![[MM]]{{$}}
// CHECK: asc.matmul.set_batch_num %[[OBJ]], %[[M]], %[[N]] : ![[MM]]{{$}}
// CHECK: asc.matmul.set_sub_block_idx %[[OBJ]], %[[K]] : ![[MM]]{{$}}
func.func @shapes(%mm: !mm, %m: i32, %n: i32, %k: i32, %kb: i32, %kc: i32) {
  asc.matmul.set_org_shape %mm, %m, %n, %k : !mm
  asc.matmul.set_org_shape %mm, %m, %n, %k, %kb, %kc : !mm
  asc.matmul.set_single_shape %mm, %m, %n, %k : !mm
  asc.matmul.set_tail %mm, %m, %n, %k : !mm
  asc.matmul.set_batch_num %mm, %m, %n : !mm
  asc.matmul.set_sub_block_idx %mm, %k : !mm
  return
}

// The callbacks' values: an integer or a GM pointer; a UB bias for a GM
// bias part (the client copies it to GM).
// CHECK-LABEL: func.func @user_values
// CHECK-SAME: (%[[OBJ:[^:]*]]: ![[MM_BIAS]], %[[D:[^:]*]]: i64, %[[P:[^:]*]]: !asc.gm_addr, %[[UB:[^:]*]]: !asc.local_tensor<vecin, f32>)
// CHECK: asc.matmul.set_self_define_data %[[OBJ]], %[[D]] : ![[MM_BIAS]], i64
// CHECK: asc.matmul.set_self_define_data %[[OBJ]], %[[P]] : ![[MM_BIAS]], !asc.gm_addr
// CHECK: asc.matmul.set_user_def_info %[[OBJ]], %[[D]] : ![[MM_BIAS]], i64
// CHECK: asc.matmul.set_user_def_info %[[OBJ]], %[[P]] : ![[MM_BIAS]], !asc.gm_addr
// CHECK: asc.matmul.set_bias %[[OBJ]], %[[UB]] : ![[MM_BIAS]], !asc.local_tensor<vecin, f32>
func.func @user_values(%mm: !mm_bias, %d: i64, %p: !asc.gm_addr, %ub: !asc.local_tensor<vecin, f32>) {
  asc.matmul.set_self_define_data %mm, %d : !mm_bias, i64
  asc.matmul.set_self_define_data %mm, %p : !mm_bias, !asc.gm_addr
  asc.matmul.set_user_def_info %mm, %d : !mm_bias, i64
  asc.matmul.set_user_def_info %mm, %p : !mm_bias, !asc.gm_addr
  asc.matmul.set_bias %mm, %ub : !mm_bias, !asc.local_tensor<vecin, f32>
  return
}

// set_hf32 with default attributes (elided even when spelled out) and explicit ones.
// CHECK-LABEL: func.func @set_hf32
// CHECK-SAME: (%[[OBJ:[^:]*]]: ![[MM_F32]])
// CHECK: asc.matmul.set_hf32 %[[OBJ]] : ![[MM_F32]]{{$}}
// CHECK: asc.matmul.set_hf32 %[[OBJ]] : ![[MM_F32]]{{$}}
// CHECK: asc.matmul.set_hf32 %[[OBJ]] {enable_hf32 = true} : ![[MM_F32]]{{$}}
// CHECK: asc.matmul.set_hf32 %[[OBJ]] {enable_hf32 = true, trans_mode = 1 : i32} : ![[MM_F32]]{{$}}
func.func @set_hf32(%mm: !mm_f32) {
  asc.matmul.set_hf32 %mm : !mm_f32
  asc.matmul.set_hf32 %mm {enable_hf32 = false, trans_mode = 0 : i32} : !mm_f32
  asc.matmul.set_hf32 %mm {enable_hf32 = true} : !mm_f32
  asc.matmul.set_hf32 %mm {enable_hf32 = true, trans_mode = 1 : i32} : !mm_f32
  return
}

// set_workspace, set_quant_scalar and set_quant_vector with ui64 scales.
// CHECK-LABEL: func.func @quant_and_workspace
// CHECK-SAME: (%[[OBJ:[^:]*]]: ![[MM_QUANT]], %[[WS:[^:]*]]: !asc.global_tensor<ui8>, %[[SCALE:[^:]*]]: i64, %[[SCALES:[^:]*]]: !asc.global_tensor<ui64>)
// CHECK: asc.matmul.set_workspace %[[OBJ]], %[[WS]] : ![[MM_QUANT]], !asc.global_tensor<ui8>
// CHECK: asc.matmul.set_quant_scalar %[[OBJ]], %[[SCALE]] : ![[MM_QUANT]]{{$}}
// CHECK: asc.matmul.set_quant_vector %[[OBJ]], %[[SCALES]] : ![[MM_QUANT]], !asc.global_tensor<ui64>
func.func @quant_and_workspace(%mm: !mm_quant, %ws: !asc.global_tensor<ui8>, %scale: i64, %scales: !asc.global_tensor<ui64>) {
  asc.matmul.set_workspace %mm, %ws : !mm_quant, !asc.global_tensor<ui8>
  asc.matmul.set_quant_scalar %mm, %scale : !mm_quant
  asc.matmul.set_quant_vector %mm, %scales : !mm_quant, !asc.global_tensor<ui64>
  return
}

// Objects with a shared (IBSHARE) B part, and with both A and B shared.
// CHECK-LABEL: func.func @matmul_create_shared
// CHECK: asc.matmul.create : ![[MM_SHARED_B]]{{$}}
// CHECK: asc.matmul.create : ![[MM_SHARED_AB]]{{$}}
func.func @matmul_create_shared() {
  %b = asc.matmul.create : !mm_shared_b
  %ab = asc.matmul.create : !mm_shared_ab
  return
}

// Objects using the remaining CubeFormats, layouts, config kinds, L1/L0 parts.
// CHECK-LABEL: func.func @matmul_create_variants
// CHECK: %[[FMT:.*]] = asc.matmul.create : ![[MM_FMT]]{{$}}
// CHECK: %[[SCALAR:.*]] = asc.matmul.create : ![[MM_SCALAR]]{{$}}
// CHECK: %[[LAYOUT:.*]] = asc.matmul.create : ![[MM_LAYOUT]]{{$}}
func.func @matmul_create_variants() {
  %fmt = asc.matmul.create : !asc.matmul<a = <a1, zn, f16>, b = <b1, zz, f16>, c = <vecout, nn, f16>, bias = <c1, nd_align, f16>, config = <special_mdl>>
  %scalar = asc.matmul.create : !asc.matmul<a = <a2, scalar, bf16>, b = <b2, vector, bf16>, c = <vecin, nd, f32>, config = <ib_share_norm>>
  %layout = asc.matmul.create : !asc.matmul<a = <gm, nd, f16, layout = sbngd>, b = <gm, nd, f16, layout = bngs1s2, transposed>, c = <gm, nd, f32, layout = normal>, config = <basic, is_n_batch = false>>
  return
}

//===----------------------------------------------------------------------===//
// Matmul computation
//===----------------------------------------------------------------------===//

// Sync iterate loop; get_tensor_c into UB, into GM (atomic), into GM + VECIN.
// CHECK-LABEL: func.func @iterate_sync
// CHECK-SAME: (%[[OBJ:[^:]*]]: ![[MM]], %[[GM:[^:]*]]: !asc.global_tensor<f32>, %[[UB:[^:]*]]: !asc.local_tensor<vecin, f32>, %[[OUT:[^:]*]]: !asc.local_tensor<vecout, f32>)
// CHECK: scf.while
// CHECK: %[[MORE:.*]] = asc.matmul.iterate %[[OBJ]] : ![[MM]]{{$}}
// CHECK: scf.condition(%[[MORE]])
// CHECK: } do {
// CHECK: asc.matmul.get_tensor_c %[[OBJ]], %[[OUT]] : ![[MM]], !asc.local_tensor<vecout, f32>{{$}}
// CHECK: asc.matmul.get_tensor_c %[[OBJ]], %[[GM]] {en_atomic = 1 : i32} : ![[MM]], !asc.global_tensor<f32>{{$}}
// CHECK: asc.matmul.get_tensor_c %[[OBJ]], %[[GM]], %[[UB]] {en_sequential_write = true} : ![[MM]], !asc.global_tensor<f32>, !asc.local_tensor<vecin, f32>{{$}}
// CHECK: scf.yield
// CHECK: asc.matmul.end %[[OBJ]] : ![[MM]]{{$}}
func.func @iterate_sync(%mm: !mm, %gm: !asc.global_tensor<f32>, %ub: !asc.local_tensor<vecin, f32>, %out: !asc.local_tensor<vecout, f32>) {
  scf.while : () -> () {
    %more = asc.matmul.iterate %mm : !mm
    scf.condition(%more)
  } do {
    asc.matmul.get_tensor_c %mm, %out : !mm, !asc.local_tensor<vecout, f32>
    asc.matmul.get_tensor_c %mm, %gm {en_atomic = 1 : i32} : !mm, !asc.global_tensor<f32>
    asc.matmul.get_tensor_c %mm, %gm, %ub {en_sequential_write = true} : !mm, !asc.global_tensor<f32>, !asc.local_tensor<vecin, f32>
    scf.yield
  }
  asc.matmul.end %mm : !mm
  return
}

// Async iterate; async get_tensor_c into UB and result form, each with its wait.
// CHECK-LABEL: func.func @iterate_async
// CHECK-SAME: (%[[OBJ:[^:]*]]: ![[MM]], %[[WS:[^:]*]]: !asc.global_tensor<ui8>, %[[UB:[^:]*]]: !asc.local_tensor<veccalc, f32>)
// CHECK: asc.matmul.set_workspace %[[OBJ]], %[[WS]] : ![[MM]], !asc.global_tensor<ui8>
// CHECK: %[[MORE:.*]] = asc.matmul.iterate %[[OBJ]] {sync = false} : ![[MM]]{{$}}
// CHECK: asc.matmul.get_tensor_c %[[OBJ]], %[[UB]] {en_sequential_write = true, sync = false} : ![[MM]], !asc.local_tensor<veccalc, f32>{{$}}
// CHECK: asc.matmul.wait_get_tensor_c %[[OBJ]] : ![[MM]]{{$}}
// CHECK: %[[MORE2:.*]] = asc.matmul.iterate %[[OBJ]] {en_partial_sum = true, sync = false} : ![[MM]]{{$}}
// CHECK: %[[BLK:.*]] = asc.matmul.get_tensor_c %[[OBJ]] {sync = false} : ![[MM]] -> !asc.global_tensor<f32>{{$}}
// CHECK: asc.matmul.wait_get_tensor_c %[[OBJ]] : ![[MM]]{{$}}
// CHECK: %[[BLK2:.*]] = asc.matmul.get_tensor_c %[[OBJ]] {en_atomic = 2 : i32, sync = false} : ![[MM]] -> !asc.global_tensor<f32>{{$}}
// CHECK: asc.matmul.wait_get_tensor_c %[[OBJ]] : ![[MM]]{{$}}
// CHECK: asc.matmul.end %[[OBJ]] : ![[MM]]{{$}}
func.func @iterate_async(%mm: !mm, %ws: !asc.global_tensor<ui8>, %ub: !asc.local_tensor<veccalc, f32>) {
  asc.matmul.set_workspace %mm, %ws : !mm, !asc.global_tensor<ui8>
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  asc.matmul.get_tensor_c %mm, %ub {sync = false, en_atomic = 0 : i32, en_sequential_write = true} : !mm, !asc.local_tensor<veccalc, f32>
  asc.matmul.wait_get_tensor_c %mm : !mm
  %more2 = asc.matmul.iterate %mm {sync = false, en_partial_sum = true} : !mm
  %blk = asc.matmul.get_tensor_c %mm {sync = false} : !mm -> !asc.global_tensor<f32>
  asc.matmul.wait_get_tensor_c %mm : !mm
  %blk2 = asc.matmul.get_tensor_c %mm {sync = false, en_atomic = 2 : i32} : !mm -> !asc.global_tensor<f32>
  asc.matmul.wait_get_tensor_c %mm : !mm
  asc.matmul.end %mm : !mm
  return
}

// iterate accumulating into a CO1 local C matrix, sync and async.
// CHECK-LABEL: func.func @iterate_local_c
// CHECK-SAME: (%[[OBJ:[^:]*]]: ![[MM_CO1]], %[[L0C:[^:]*]]: !asc.local_tensor<co1, f32>)
// CHECK: %[[MORE:.*]] = asc.matmul.iterate %[[OBJ]] local_c %[[L0C]] : ![[MM_CO1]], !asc.local_tensor<co1, f32>{{$}}
// CHECK: %[[MORE2:.*]] = asc.matmul.iterate %[[OBJ]] local_c %[[L0C]] {en_partial_sum = true, sync = false} : ![[MM_CO1]], !asc.local_tensor<co1, f32>{{$}}
func.func @iterate_local_c(%mm: !mm_co1, %l0c: !asc.local_tensor<co1, f32>) {
  %more = asc.matmul.iterate %mm local_c %l0c : !mm_co1, !asc.local_tensor<co1, f32>
  %more2 = asc.matmul.iterate %mm local_c %l0c {sync = false, en_partial_sum = true} : !mm_co1, !asc.local_tensor<co1, f32>
  return
}

// iterate_all sync to GM/UB, async + wait_iterate_all, async without wait flag.
// CHECK-LABEL: func.func @iterate_all
// CHECK-SAME: (%[[OBJ:[^:]*]]: ![[MM_UB]], %[[GM:[^:]*]]: !asc.global_tensor<f32>, %[[UB:[^:]*]]: !asc.local_tensor<veccalc, f32>)
// CHECK: asc.matmul.iterate_all %[[OBJ]], %[[GM]] : ![[MM_UB]], !asc.global_tensor<f32>{{$}}
// CHECK: asc.matmul.iterate_all %[[OBJ]], %[[UB]] {en_atomic = 1 : i32} : ![[MM_UB]], !asc.local_tensor<veccalc, f32>{{$}}
// CHECK: asc.matmul.iterate_all %[[OBJ]], %[[GM]] {sync = false, wait_iterate_all = true} : ![[MM_UB]], !asc.global_tensor<f32>{{$}}
// CHECK: asc.matmul.wait_iterate_all %[[OBJ]] : ![[MM_UB]]{{$}}
// CHECK: asc.matmul.iterate_all %[[OBJ]], %[[GM]] {en_atomic = 3 : i32, en_sequential_write = false, fake_msg = true, sync = false, wait_iterate_all = false} : ![[MM_UB]], !asc.global_tensor<f32>{{$}}
// CHECK: asc.matmul.end %[[OBJ]] : ![[MM_UB]]{{$}}
func.func @iterate_all(%mm: !mm_ub, %gm: !asc.global_tensor<f32>, %ub: !asc.local_tensor<veccalc, f32>) {
  asc.matmul.iterate_all %mm, %gm : !mm_ub, !asc.global_tensor<f32>
  asc.matmul.iterate_all %mm, %ub {en_atomic = 1 : i32} : !mm_ub, !asc.local_tensor<veccalc, f32>
  asc.matmul.iterate_all %mm, %gm {sync = false, wait_iterate_all = true} : !mm_ub, !asc.global_tensor<f32>
  asc.matmul.wait_iterate_all %mm : !mm_ub
  asc.matmul.iterate_all %mm, %gm {sync = false, en_atomic = 3 : i32, en_sequential_write = false, wait_iterate_all = false, fake_msg = true} : !mm_ub, !asc.global_tensor<f32>
  asc.matmul.end %mm : !mm_ub
  return
}

// iterate_batch mix form to GM (async + wait, strides) and UB; cube-only form.
// CHECK-LABEL: func.func @iterate_batch
// CHECK-SAME: (%[[OBJ:[^:]*]]: ![[MM_BATCH]], %[[GM:[^:]*]]: !asc.global_tensor<f32>, %[[UB:[^:]*]]: !asc.local_tensor<vecout, f32>,
// CHECK-SAME: %[[BA:[^:]*]]: i32, %[[BB:[^:]*]]: i32, %[[SA:[^:]*]]: i32, %[[SB:[^:]*]]: i32, %[[SC:[^:]*]]: i32)
// CHECK: asc.matmul.iterate_batch %[[OBJ]], %[[GM]] batch(%[[BA]], %[[BB]]) {sync = false, wait_iterate_batch = true} : ![[MM_BATCH]], !asc.global_tensor<f32>{{$}}
// CHECK: asc.matmul.wait_iterate_batch %[[OBJ]] : ![[MM_BATCH]]{{$}}
// CHECK: asc.matmul.iterate_batch %[[OBJ]], %[[GM]] batch(%[[BA]], %[[BB]]) strides(%[[SA]], %[[SB]], %[[SC]]) {en_atomic = 1 : i32, en_partial_sum = true} : ![[MM_BATCH]], !asc.global_tensor<f32>{{$}}
// CHECK: asc.matmul.iterate_batch %[[OBJ]], %[[UB]] batch(%[[BA]], %[[BB]]) {en_sequential_write = true} : ![[MM_BATCH]], !asc.local_tensor<vecout, f32>{{$}}
// CHECK: asc.matmul.iterate_batch %[[OBJ]], %[[GM]] : ![[MM_BATCH]], !asc.global_tensor<f32>{{$}}
// CHECK: asc.matmul.iterate_batch %[[OBJ]], %[[GM]] strides(%[[SA]], %[[SB]], %[[SC]]) {sync = false, wait_iterate_batch = false} : ![[MM_BATCH]], !asc.global_tensor<f32>{{$}}
// CHECK: asc.matmul.end %[[OBJ]] : ![[MM_BATCH]]{{$}}
func.func @iterate_batch(%mm: !mm_batch, %gm: !asc.global_tensor<f32>, %ub: !asc.local_tensor<vecout, f32>, %ba: i32, %bb: i32, %sa: i32, %sb: i32, %sc: i32) {
  asc.matmul.iterate_batch %mm, %gm batch(%ba, %bb) {sync = false, wait_iterate_batch = true} : !mm_batch, !asc.global_tensor<f32>
  asc.matmul.wait_iterate_batch %mm : !mm_batch
  asc.matmul.iterate_batch %mm, %gm batch(%ba, %bb) strides(%sa, %sb, %sc) {en_atomic = 1 : i32, en_partial_sum = true} : !mm_batch, !asc.global_tensor<f32>
  asc.matmul.iterate_batch %mm, %ub batch(%ba, %bb) {en_sequential_write = true} : !mm_batch, !asc.local_tensor<vecout, f32>
  asc.matmul.iterate_batch %mm, %gm : !mm_batch, !asc.global_tensor<f32>
  asc.matmul.iterate_batch %mm, %gm strides(%sa, %sb, %sc) {sync = false, wait_iterate_batch = false} : !mm_batch, !asc.global_tensor<f32>
  asc.matmul.end %mm : !mm_batch
  return
}

// iterate_n_batch with/without strides, its wait, both get_batch_tensor_c forms.
// CHECK-LABEL: func.func @iterate_n_batch
// CHECK-SAME: (%[[OBJ:[^:]*]]: ![[MM_BATCH]], %[[UB:[^:]*]]: !asc.local_tensor<vecin, f32>, %[[LOOP:[^:]*]]: i32,
// CHECK-SAME: %[[BA:[^:]*]]: i32, %[[BB:[^:]*]]: i32, %[[SA:[^:]*]]: i32, %[[SB:[^:]*]]: i32, %[[SC:[^:]*]]: i32)
// CHECK: asc.matmul.iterate_n_batch %[[OBJ]], %[[LOOP]], %[[BA]], %[[BB]] {sync = false, wait_iterate_batch = true} : ![[MM_BATCH]]{{$}}
// CHECK: asc.matmul.wait_iterate_batch %[[OBJ]] : ![[MM_BATCH]]{{$}}
// CHECK: %[[R:.*]] = asc.matmul.get_batch_tensor_c %[[OBJ]], %[[BA]], %[[BB]] {sync = false} : ![[MM_BATCH]] -> !asc.global_tensor<f32>{{$}}
// CHECK: asc.matmul.get_batch_tensor_c %[[OBJ]], %[[BA]], %[[BB]] into %[[UB]] {en_sequential_write = true, sync = false} : ![[MM_BATCH]], !asc.local_tensor<vecin, f32>{{$}}
// CHECK: asc.matmul.iterate_n_batch %[[OBJ]], %[[LOOP]], %[[BA]], %[[BB]] strides(%[[SA]], %[[SB]], %[[SC]]) {en_sequential_write = true} : ![[MM_BATCH]]{{$}}
// CHECK: asc.matmul.end %[[OBJ]] : ![[MM_BATCH]]{{$}}
func.func @iterate_n_batch(%mm: !mm_batch, %ub: !asc.local_tensor<vecin, f32>, %loop: i32, %ba: i32, %bb: i32, %sa: i32, %sb: i32, %sc: i32) {
  asc.matmul.iterate_n_batch %mm, %loop, %ba, %bb {sync = false, wait_iterate_batch = true} : !mm_batch
  asc.matmul.wait_iterate_batch %mm : !mm_batch
  %r = asc.matmul.get_batch_tensor_c %mm, %ba, %bb {sync = false} : !mm_batch -> !asc.global_tensor<f32>
  asc.matmul.get_batch_tensor_c %mm, %ba, %bb into %ub {sync = false, en_sequential_write = true} : !mm_batch, !asc.local_tensor<vecin, f32>
  asc.matmul.iterate_n_batch %mm, %loop, %ba, %bb strides(%sa, %sb, %sc) {en_sequential_write = true} : !mm_batch
  asc.matmul.end %mm : !mm_batch
  return
}

// The older async_get_tensor_c, completed by wait_get_tensor_c.
// CHECK-LABEL: func.func @async_get_tensor_c
// CHECK-SAME: (%[[OBJ:[^:]*]]: ![[MM]], %[[UB:[^:]*]]: !asc.local_tensor<vecin, f32>)
// CHECK: %[[MORE:.*]] = asc.matmul.iterate %[[OBJ]] {sync = false} : ![[MM]]{{$}}
// CHECK: asc.matmul.async_get_tensor_c %[[OBJ]], %[[UB]] : ![[MM]], !asc.local_tensor<vecin, f32>{{$}}
// CHECK: asc.matmul.wait_get_tensor_c %[[OBJ]] : ![[MM]]{{$}}
// CHECK: asc.matmul.end %[[OBJ]] : ![[MM]]{{$}}
func.func @async_get_tensor_c(%mm: !mm, %ub: !asc.local_tensor<vecin, f32>) {
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  asc.matmul.async_get_tensor_c %mm, %ub : !mm, !asc.local_tensor<vecin, f32>
  asc.matmul.wait_get_tensor_c %mm : !mm
  asc.matmul.end %mm : !mm
  return
}

// TQueBind and TBuf, and an API call asc has no op for, with its effects.
// CHECK-LABEL: func.func @bind_tbuf_and_api_calls
// CHECK: %[[BIND:.*]] = asc.queue.create : !asc.queue<vecin -> vecout, 2>
// CHECK: %[[BUF:.*]] = asc.tbuf.create : !asc.tbuf<veccalc>
// CHECK: asc.pipe.init_tbuf %{{.*}}, %[[BUF]], %{{.*}} : !asc.tbuf<veccalc>
// CHECK: %[[T:.*]] = asc.tbuf.get %[[BUF]] : !asc.tbuf<veccalc> -> !asc.local_tensor<veccalc, f32>
// CHECK: asc.tbuf.get %[[BUF]], %{{.*}} : !asc.tbuf<veccalc> -> !asc.local_tensor<veccalc, f16>
// CHECK: asc.api_call "AscendC::Exp"(%[[T]], %[[T]], %{{.*}}) on pipe_v writes [0] : (!asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32) -> ()
// CHECK: asc.api_call "AscendC::Cast"(%{{.*}}, %[[T]], %{{.*}}) on pipe_v writes [0] {template_args = ["half", "float"]}
// CHECK: %{{.*}} = asc.api_call "AscendC::GetSubBlockIdx"() on pipe_s : () -> i64
func.func @bind_tbuf_and_api_calls(%n: i32) {
  %pipe = asc.pipe.create
  %bind = asc.queue.create : !asc.queue<vecin -> vecout, 2>
  %buf = asc.tbuf.create : !asc.tbuf<veccalc>
  asc.pipe.init_tbuf %pipe, %buf, %n : !asc.tbuf<veccalc>
  %t = asc.tbuf.get %buf : !asc.tbuf<veccalc> -> !asc.local_tensor<veccalc, f32>
  %h = asc.tbuf.get %buf, %n : !asc.tbuf<veccalc> -> !asc.local_tensor<veccalc, f16>
  asc.api_call "AscendC::Exp"(%t, %t, %n) on pipe_v writes [0] : (!asc.local_tensor<veccalc, f32>, !asc.local_tensor<veccalc, f32>, i32) -> ()
  asc.api_call "AscendC::Cast"(%h, %t, %n) on pipe_v writes [0] {template_args = ["half", "float"]} : (!asc.local_tensor<veccalc, f16>, !asc.local_tensor<veccalc, f32>, i32) -> ()
  %idx = asc.api_call "AscendC::GetSubBlockIdx"() on pipe_s : () -> i64
  return
}
