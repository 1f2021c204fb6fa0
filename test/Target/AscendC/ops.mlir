// RUN: asc-translate --asc-to-ascendc %s | FileCheck %s

// The Ascend C spelling (docs/Protocol.md section 6) of every asc op and
// type. Every function is a kernel so that the output compiles against the
// API header.

!gm_f16 = !asc.global_tensor<f16>
!gm_f32 = !asc.global_tensor<f32>
!ub_in = !asc.local_tensor<vecin, f32>
!ub_out = !asc.local_tensor<vecout, f32>
!que_in = !asc.queue<vecin, 2>
!que_out = !asc.queue<vecout, 1>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16, transposed>,
                  c = <gm, nd, f32>, bias = <gm, nd, f32>>
!mm_ub = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>
!mm_batch = !asc.matmul<a = <gm, nd, f16, layout = normal>,
                        b = <gm, nd, f16, layout = normal>,
                        c = <gm, nd, f32, layout = normal>>
!mm_nbatch = !asc.matmul<a = <gm, nd, f16, layout = bsngd>,
                         b = <gm, nd, f16, layout = bsngd>,
                         c = <gm, nd, f32, layout = bngs1s2>,
                         config = <norm, is_n_batch = true>>
!mm_mdl = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>,
                      config = <mdl>>
!mm_co1 = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <co1, nz, f32>>

// The prologue, then one configuration constant per distinct configuration,
// one `using` alias per Matmul type, then the CopyTiling helper.
// CHECK: #include "kernel_operator.h"
// CHECK-NEXT: #include "lib/matmul_intf.h"
// CHECK-NEXT: using namespace AscendC;
// CHECK-DAG: constexpr static MatmulConfig MM_CFG_NORM_NBATCH = GetNormalConfig(false, true);
// CHECK-DAG: constexpr static MatmulConfig MM_CFG_MDL = GetMDLConfig();
// CHECK-DAG: using MatmulT{{[0-9]+}} = matmul::Matmul<{{.*}}, MM_CFG_MDL>;
// CHECK-DAG: using MatmulT{{[0-9]+}} = matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, true>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>>;
// CHECK-DAG: using MatmulT{{[0-9]+}} = matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, matmul::MatmulType<AscendC::TPosition::CO1, CubeFormat::NZ, float>>;
// CHECK-DAG: using MatmulT{{[0-9]+}} = matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::BSNGD>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::BSNGD>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::BNGS1S2>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::BNGS1S2>, MM_CFG_NORM_NBATCH>;
// CHECK-DAG: using MatmulT{{[0-9]+}} = matmul::Matmul<matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::NZ, int8_t>, matmul::MatmulType<AscendC::TPosition::TSCM, CubeFormat::ND_ALIGN, int8_t>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, int32_t>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, int32_t>>;
// CHECK-DAG: using MatmulT{{[0-9]+}} = matmul::Matmul<matmul::MatmulType<AscendC::TPosition::VECCALC, CubeFormat::ND, bfloat16_t>, matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, bfloat16_t, true, LayoutMode::BSNGD>, matmul::MatmulType<AscendC::TPosition::VECOUT, CubeFormat::ND, half>>;
// CHECK: __aicore__ inline void CopyTiling(TCubeTiling* [[TILING:.*]], GM_ADDR [[GM:.*]]) {
// CHECK-NEXT: for (size_t [[I:.*]] = 0; [[I]] < sizeof(TCubeTiling) / sizeof(uint32_t); [[I]] += 1) {
// CHECK-NEXT: ((uint32_t*) [[TILING]])[[[I]]] = ((__gm__ uint32_t*) [[GM]])[[[I]]];
// CHECK-NEXT: }

// A kernel takes GM_ADDR pointers; the block queries are free functions;
// the core queries, when used as values, the comparisons ASCEND_IS_AIC and
// ASCEND_IS_AIV stand for; GetSysWorkSpacePtr is global.
// CHECK-LABEL: extern "C" __global__ __aicore__ void environment(GM_ADDR {{.*}}, GM_ADDR {{.*}}) {
// CHECK: int64_t {{.*}} = AscendC::GetBlockIdx();
// CHECK: int64_t {{.*}} = AscendC::GetBlockNum();
// CHECK: int64_t {{.*}} = AscendC::GetTaskRation();
// CHECK-DAG: g_coreType == AscendC::AIC
// CHECK-DAG: g_coreType == AscendC::AIV
// CHECK: AscendC::PipeBarrier<PIPE_V>();
// CHECK: GM_ADDR {{.*}} = GetSysWorkSpacePtr();
// CHECK: GM_ADDR {{.*}} = AscendC::GetUserWorkspace(
// CHECK: TCubeTiling [[T:.*]];
// CHECK-NEXT: CopyTiling(&[[T]], [[TGM:.*]]);
// CHECK: TCubeTiling [[T1:.*]];
// CHECK-NEXT: CopyTiling(&[[T1]], [[TGM]] + {{.*}});
// CHECK: int32_t {{.*}} = [[T]].baseM;
// CHECK: int32_t {{.*}} = [[T1]].isBias;
// CHECK: AscendC::PipeBarrier<PIPE_ALL>();
// CHECK: AscendC::PipeBarrier<PIPE_MTE3>();
// CHECK: AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE3>([[E:.*]]);
// CHECK-NEXT: AscendC::WaitFlag<AscendC::HardEvent::MTE2_MTE3>([[E]]);
// CHECK: AscendC::CrossCoreSetFlag<2, PIPE_FIX>([[F:.*]]);
// CHECK-NEXT: AscendC::CrossCoreWaitFlag([[F]]);
// CHECK-NEXT: AscendC::CrossCoreWaitFlag<2, PIPE_MTE2>([[F]]);
// CHECK-NEXT: AscendC::SyncAll<true>();
// CHECK-NEXT: AscendC::SyncAll<false>();
func.func @environment(%ws: !asc.gm_addr, %tiling_gm: !asc.gm_addr)
    attributes {asc.kernel} {
  %c256 = arith.constant 256 : i64
  %idx = asc.get_block_idx
  %num = asc.get_block_num
  %ration = asc.get_task_ration
  %aic = asc.is_aic
  %aiv = asc.is_aiv
  %either = arith.ori %aic, %aiv : i1
  scf.if %either {
    asc.pipe_barrier pipe_v
  }
  %sys = asc.get_sys_workspace_ptr
  %user = asc.get_user_workspace %ws
  %tiling = asc.get_tiling %tiling_gm
  %tiling1 = asc.get_tiling %tiling_gm[%c256]
  %base_m = asc.tiling.get %tiling[baseM]
  %is_bias = asc.tiling.get %tiling1[isBias]
  asc.pipe_barrier pipe_all
  asc.pipe_barrier pipe_mte3
  %event = arith.constant 0 : i32
  asc.set_flag mte2_mte3, %event
  asc.wait_flag mte2_mte3, %event
  %flag = arith.constant 3 : i32
  asc.cross_core_set_flag mode 2, pipe_fix, %flag
  asc.cross_core_wait_flag %flag
  asc.cross_core_wait_flag %flag {mode = 2 : i32, pipe = #asc.pipe<pipe_mte2>}
  asc.sync_all
  asc.sync_all {aiv_only = false}
  return
}

// Global tensors: SetGlobalBuffer with and without an offset and a size, a
// subview, scalar access. Every use reads the tensor SetGlobalBuffer filled,
// never a copy of it.
// CHECK-LABEL: void global_tensors(GM_ADDR
// CHECK: AscendC::GlobalTensor<half> [[A:.*]];
// CHECK-NEXT: [[A]].SetGlobalBuffer((__gm__ half *){{[A-Za-z0-9_]+}});
// CHECK-NEXT: AscendC::GlobalTensor<float> [[B:.*]];
// CHECK-NEXT: [[B]].SetGlobalBuffer((__gm__ float *){{.*}} + 64);
// CHECK-NEXT: AscendC::GlobalTensor<int8_t> [[C:.*]];
// CHECK-NEXT: [[C]].SetGlobalBuffer((__gm__ int8_t *){{.*}} + 64, 64);
// CHECK-NEXT: AscendC::GlobalTensor<bfloat16_t> [[D:.*]];
// CHECK-NEXT: [[D]].SetGlobalBuffer((__gm__ bfloat16_t *){{.*}}, 64);
// CHECK-NEXT: AscendC::GlobalTensor<float> {{.*}} = [[B]][64];
// CHECK: float [[X:.*]];
// CHECK-NEXT: [[X]] = [[B]].GetValue(64);
// CHECK-NEXT: float [[XV:.*]] = [[X]];
// CHECK-NEXT: [[B]].SetValue(64, [[XV]]);
// CHECK: AscendC::GlobalTensor<uint8_t>
// CHECK: AscendC::GlobalTensor<uint32_t>
// CHECK: AscendC::GlobalTensor<int32_t>
// CHECK: AscendC::GlobalTensor<bool>
func.func @global_tensors(%p: !asc.gm_addr, %q: !asc.gm_addr)
    attributes {asc.kernel} {
  %off = arith.constant 64 : i64
  %a = asc.set_global_buffer %p : !gm_f16
  %b = asc.set_global_buffer %q[%off] : !gm_f32
  %c = asc.set_global_buffer %q[%off], %off : !asc.global_tensor<i8>
  %d = asc.set_global_buffer %q, %off : !asc.global_tensor<bf16>
  %b_view = asc.subview %b[%off] : !gm_f32
  %x = asc.get_value %b[%off] : !gm_f32
  asc.set_value %b[%off], %x : !gm_f32
  %e = asc.set_global_buffer %q : !asc.global_tensor<ui8>
  %f = asc.set_global_buffer %q : !asc.global_tensor<ui32>
  %g = asc.set_global_buffer %q : !asc.global_tensor<i32>
  %h = asc.set_global_buffer %q : !asc.global_tensor<i1>
  return
}

// The pipe and its queues, local tensors, data copies and vector compute.
// CHECK-LABEL: void queues_and_vectors(GM_ADDR
// CHECK: AscendC::TPipe [[PIPE:.*]];
// CHECK-NEXT: AscendC::TQue<AscendC::TPosition::VECIN, 2> [[QIN:.*]];
// CHECK-NEXT: AscendC::TQue<AscendC::TPosition::VECOUT, 1> [[QOUT:.*]];
// CHECK-NEXT: [[PIPE]].InitBuffer([[QIN]], [[N:.*]], [[LEN:.*]]);
// CHECK-NEXT: [[PIPE]].InitBuffer([[QOUT]], [[N]], [[LEN]]);
// CHECK-NEXT: AscendC::LocalTensor<float> [[IN:.*]] = [[QIN]].AllocTensor<float>();
// CHECK-NEXT: AscendC::DataCopy([[IN]], [[GM:.*]], [[LEN]]);
// CHECK-NEXT: [[QIN]].EnQue([[IN]]);
// CHECK-NEXT: AscendC::LocalTensor<float> [[X:.*]] = [[QIN]].DeQue<float>();
// CHECK-NEXT: AscendC::LocalTensor<float> [[Y:.*]] = [[QOUT]].AllocTensor<float>();
// CHECK-NEXT: AscendC::Duplicate([[Y]], [[S:.*]], [[LEN]]);
// CHECK-NEXT: AscendC::Add([[Y]], [[Y]], [[X]], [[LEN]]);
// CHECK-NEXT: AscendC::Adds([[Y]], [[Y]], [[S]], [[LEN]]);
// CHECK-NEXT: AscendC::Muls([[Y]], [[X]], [[S]], [[LEN]]);
// CHECK-NEXT: AscendC::LeakyRelu([[Y]], [[Y]], [[S]], [[LEN]]);
// CHECK-NEXT: AscendC::LocalTensor<float> [[YV:.*]] = [[Y]][{{.*}}];
// CHECK-NEXT: AscendC::DataCopy([[YV]], [[X]], [[LEN]]);
// CHECK-NEXT: AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE3>(0);
// CHECK-NEXT: AscendC::WaitFlag<AscendC::HardEvent::MTE2_MTE3>(0);
// CHECK-NEXT: AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(0);
// CHECK-NEXT: AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(0);
// CHECK-NEXT: AscendC::DataCopyParams [[PARAMS:.*]] = AscendC::DataCopyParams([[N]], [[LEN]], [[N]], [[LEN]]);
// CHECK-NEXT: AscendC::DataCopy([[GM]], [[Y]], [[PARAMS]]);
// CHECK-NEXT: [[QIN]].FreeTensor([[X]]);
// CHECK-NEXT: [[QOUT]].FreeTensor([[Y]]);
func.func @queues_and_vectors(%p: !asc.gm_addr) attributes {asc.kernel} {
  %n = arith.constant 1 : i32
  %len = arith.constant 1024 : i32
  %s = arith.constant 5.000000e-01 : f32
  %c16 = arith.constant 16 : i64
  %gm = asc.set_global_buffer %p : !gm_f32
  %pipe = asc.pipe.create
  %qin = asc.queue.create : !que_in
  %qout = asc.queue.create : !que_out
  asc.pipe.init_buffer %pipe, %qin, %n, %len : !que_in
  asc.pipe.init_buffer %pipe, %qout, %n, %len : !que_out
  %in = asc.queue.alloc_tensor %qin : !que_in -> !ub_in
  asc.data_copy %in, %gm, %len : !ub_in, !gm_f32
  asc.queue.enque %qin, %in : !que_in, !ub_in
  %x = asc.queue.deque %qin : !que_in -> !ub_in
  %y = asc.queue.alloc_tensor %qout : !que_out -> !ub_out
  asc.duplicate %y, %s, %len : !ub_out
  asc.add %y, %y, %x, %len : !ub_out, !ub_out, !ub_in
  asc.adds %y, %y, %s, %len : !ub_out, !ub_out
  asc.muls %y, %x, %s, %len : !ub_out, !ub_in
  asc.leaky_relu %y, %y, %s, %len : !ub_out, !ub_out
  %y_view = asc.subview %y[%c16] : !ub_out
  asc.data_copy %y_view, %x, %len : !ub_out, !ub_in
  %flag1 = arith.constant 0 : i32
  asc.set_flag mte2_mte3, %flag1
  asc.wait_flag mte2_mte3, %flag1
  %flag2 = arith.constant 0 : i32
  asc.set_flag v_mte3, %flag2
  asc.wait_flag v_mte3, %flag2
  asc.data_copy %gm, %y params(%n, %len, %n, %len) : !gm_f32, !ub_out
  asc.queue.free_tensor %qin, %x : !que_in, !ub_in
  asc.queue.free_tensor %qout, %y : !que_out, !ub_out
  return
}

// A copy through UB with TQueBind<VECIN, VECOUT>, and a TBuf's buffer taken
// whole and in part.
// CHECK-LABEL: void queue_bind_and_tbuf(GM_ADDR
// CHECK: AscendC::TPipe [[PIPE:.*]];
// CHECK-NEXT: AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 2> [[BIND:.*]];
// CHECK-NEXT: AscendC::TBuf<AscendC::TPosition::VECCALC> [[BUF:.*]];
// CHECK-NEXT: [[PIPE]].InitBuffer([[BIND]], [[N:.*]], [[LEN:.*]]);
// CHECK-NEXT: [[PIPE]].InitBuffer([[BUF]], [[LEN]]);
// CHECK-NEXT: AscendC::LocalTensor<float> [[T:.*]] = [[BIND]].AllocTensor<float>();
// CHECK-NEXT: AscendC::DataCopy([[T]], [[GM:.*]], [[COUNT:.*]]);
// CHECK-NEXT: [[BIND]].EnQue([[T]]);
// CHECK-NEXT: AscendC::LocalTensor<float> [[U:.*]] = [[BIND]].DeQue<float>();
// CHECK-NEXT: AscendC::DataCopy([[GM]], [[U]], [[COUNT]]);
// CHECK-NEXT: [[BIND]].FreeTensor([[U]]);
// CHECK-NEXT: AscendC::LocalTensor<float> [[W:.*]] = [[BUF]].Get<float>();
// CHECK: = [[BUF]].Get<half>([[COUNT]]);
// CHECK: AscendC::Duplicate([[W]], {{.*}}, [[COUNT]]);
func.func @queue_bind_and_tbuf(%p: !asc.gm_addr) attributes {asc.kernel} {
  %n = arith.constant 2 : i32
  %len = arith.constant 1024 : i32
  %count = arith.constant 256 : i32
  %s = arith.constant 5.000000e-01 : f32
  %h = arith.constant 1.000000e+00 : f16
  %gm = asc.set_global_buffer %p : !gm_f32
  %pipe = asc.pipe.create
  %bind = asc.queue.create : !asc.queue<vecin -> vecout, 2>
  %buf = asc.tbuf.create : !asc.tbuf<veccalc>
  asc.pipe.init_buffer %pipe, %bind, %n, %len : !asc.queue<vecin -> vecout, 2>
  asc.pipe.init_tbuf %pipe, %buf, %len : !asc.tbuf<veccalc>
  %t = asc.queue.alloc_tensor %bind : !asc.queue<vecin -> vecout, 2> -> !asc.local_tensor<vecout, f32>
  asc.data_copy %t, %gm, %count : !asc.local_tensor<vecout, f32>, !gm_f32
  asc.queue.enque %bind, %t : !asc.queue<vecin -> vecout, 2>, !asc.local_tensor<vecout, f32>
  %u = asc.queue.deque %bind : !asc.queue<vecin -> vecout, 2> -> !asc.local_tensor<vecout, f32>
  asc.data_copy %gm, %u, %count : !gm_f32, !asc.local_tensor<vecout, f32>
  asc.queue.free_tensor %bind, %u : !asc.queue<vecin -> vecout, 2>, !asc.local_tensor<vecout, f32>
  %w = asc.tbuf.get %buf : !asc.tbuf<veccalc> -> !asc.local_tensor<veccalc, f32>
  %hv = asc.tbuf.get %buf, %count : !asc.tbuf<veccalc> -> !asc.local_tensor<veccalc, f16>
  asc.duplicate %w, %s, %count : !asc.local_tensor<veccalc, f32>
  asc.duplicate %hv, %h, %count : !asc.local_tensor<veccalc, f16>
  return
}

// What a kernel builds itself: a TCubeTiling from its members (every other
// member zero; a read of a member folds to the value it was given), a local
// tensor at a fixed address of the TPipe's memory.
// CHECK-LABEL: void kernel_built_objects(GM_ADDR
// CHECK: TCubeTiling [[T:.*]] = {};
// CHECK-NEXT: [[T]].usedCoreNum = [[V:.*]];
// CHECK-NEXT: [[T]].shareL1Size = [[V]];
// CHECK-NOT: [[T]].shareL1Size;
// CHECK: AscendC::LocalTensor<half> {{.*}} = AscendC::LocalTensor<half>(AscendC::TPosition::VECIN, [[ADDR:.*]], [[LEN:.*]]);
// CHECK: AscendC::LocalTensor<float> {{.*}} = AscendC::LocalTensor<float>(AscendC::TPosition::CO1, [[ADDR]], [[LEN]]);
func.func @kernel_built_objects(%p: !asc.gm_addr) attributes {asc.kernel} {
  %v = arith.constant 24 : i32
  %tiling = asc.tiling.create(usedCoreNum = %v, shareL1Size = %v)
  %l1 = asc.tiling.get %tiling[shareL1Size]
  %pipe = asc.pipe.create
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %x = asc.local_tensor.create %c0, %c512 : !asc.local_tensor<vecin, f16>
  %y = asc.local_tensor.create %c0, %c512 : !asc.local_tensor<co1, f32>
  return
}

// The full Matmul type (A, B transposed, C, bias) and its configuration
// calls, with and without their optional arguments; arguments that repeat
// their parameter's default are left out. Init, SetOrgShape and SetHF32 post
// a message of their own, so they come before the setters that stage the
// issue's message (rule P6).
// CHECK-LABEL: void matmul_configuration(GM_ADDR
// CHECK: MatmulT{{[0-9]+}} [[MM:.*]];
// CHECK-NEXT: GM_ADDR [[WS:.*]] = GetSysWorkSpacePtr();
// CHECK-NEXT: REGIST_MATMUL_OBJ(&[[PIPE:.*]], [[WS]], [[MM]]);
// CHECK-NEXT: [[MM]].Init(&[[T:.*]]);
// CHECK-NEXT: [[MM]].Init(&[[T]], &[[PIPE]]);
// CHECK-NEXT: [[MM]].SetOrgShape([[M:.*]], [[M]], [[M]]);
// CHECK-NEXT: [[MM]].SetOrgShape([[M]], [[M]], [[M]], [[M]], [[M]]);
// CHECK-NEXT: [[MM]].SetHF32();
// CHECK-NEXT: [[MM]].SetHF32(true, 1);
// CHECK-NEXT: [[MM]].SetTensorA([[A:.*]]);
// CHECK-NEXT: [[MM]].SetTensorA([[A]]);
// CHECK-NEXT: [[MM]].SetTensorB([[B:.*]], true);
// CHECK-NEXT: [[MM]].SetBias([[BIAS:.*]]);
// CHECK-NEXT: [[MM]].DisableBias();
// CHECK-NEXT: [[MM]].SetSingleShape([[M]], [[M]], [[M]]);
// CHECK-NEXT: [[MM]].SetTail([[M]], [[M]], [[M]]);
// CHECK-NEXT: [[MM]].SetWorkspace([[BIAS]]);
// CHECK-NEXT: [[MM]].SetQuantScalar([[SCALE:.*]]);
// CHECK-NEXT: [[MM]].SetQuantVector([[SCALES:.*]]);
// CHECK-NEXT: [[MM]].IterateAll([[BIAS]]);
// CHECK-NEXT: [[MM]].End();
func.func @matmul_configuration(%p: !asc.gm_addr, %t: !asc.gm_addr)
    attributes {asc.kernel} {
  %m = arith.constant 128 : i32
  %scale = arith.constant 3 : i64
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %t
  %a = asc.set_global_buffer %p : !gm_f16
  %b = asc.set_global_buffer %p : !gm_f16
  %bias = asc.set_global_buffer %p : !gm_f32
  %scales = asc.set_global_buffer %p : !asc.global_tensor<ui64>
  %mm = asc.matmul.create : !mm
  %ws = asc.get_sys_workspace_ptr
  asc.matmul.register %pipe, %ws, %mm : !mm
  asc.matmul.init %mm, %tiling : !mm
  asc.matmul.init %mm, %tiling, %pipe : !mm
  asc.matmul.set_org_shape %mm, %m, %m, %m : !mm
  asc.matmul.set_org_shape %mm, %m, %m, %m, %m, %m : !mm
  asc.matmul.set_hf32 %mm : !mm
  asc.matmul.set_hf32 %mm {enable_hf32 = true, trans_mode = 1 : i32} : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !gm_f16
  asc.matmul.set_tensor_a %mm, %a {is_transpose = false} : !mm, !gm_f16
  asc.matmul.set_tensor_b %mm, %b {is_transpose = true} : !mm, !gm_f16
  asc.matmul.set_bias %mm, %bias : !mm, !gm_f32
  asc.matmul.disable_bias %mm : !mm
  asc.matmul.set_single_shape %mm, %m, %m, %m : !mm
  asc.matmul.set_tail %mm, %m, %m, %m : !mm
  asc.matmul.set_workspace %mm, %bias : !mm, !gm_f32
  asc.matmul.set_quant_scalar %mm, %scale : !mm
  asc.matmul.set_quant_vector %mm, %scales : !mm, !asc.global_tensor<ui64>
  asc.matmul.iterate_all %mm, %bias : !mm, !gm_f32
  asc.matmul.end %mm : !mm
  return
}

// IterateAll to GM spells all five arguments, to a local tensor two;
// template arguments come first. Each issue has its inputs staged (rule
// P6), the second one's while the first runs.
// CHECK-LABEL: void iterate_all(GM_ADDR
// CHECK: [[MM:[A-Za-z0-9_]+]].SetTensorA([[A:.*]]);
// CHECK-NEXT: [[MM]].IterateAll<false>([[C:.*]], 0, false, true);
// CHECK-NEXT: [[MM]].SetTensorA([[A]]);
// CHECK-NEXT: [[MM]].WaitIterateAll();
// CHECK-NEXT: [[MM]].IterateAll([[C]], 1, true, false, true);
// CHECK-NEXT: [[MM2:[A-Za-z0-9_]+]].SetTensorA([[A]]);
// CHECK-NEXT: [[MM2]].IterateAll([[UB:.*]]);
// CHECK-NEXT: [[MM2]].SetTensorA([[A]]);
// CHECK-NEXT: AscendC::PipeBarrier<PIPE_MTE2>();
// CHECK-NEXT: [[MM2]].IterateAll<false>([[UB]], 2);
func.func @iterate_all(%p: !asc.gm_addr, %pa: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  %c = asc.set_global_buffer %p : !gm_f32
  %a = asc.set_global_buffer %pa : !gm_f16
  %que = asc.queue.create : !que_in
  %ub = asc.queue.alloc_tensor %que : !que_in -> !ub_in
  %mm = asc.matmul.create : !mm
  %mm_ub = asc.matmul.create : !mm_ub
  asc.matmul.set_tensor_a %mm, %a : !mm, !gm_f16
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm_f32
  asc.matmul.set_tensor_a %mm, %a : !mm, !gm_f16
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.iterate_all %mm, %c {en_atomic = 1 : i32, en_sequential_write = true, fake_msg = true} : !mm, !gm_f32
  asc.matmul.set_tensor_a %mm_ub, %a : !mm_ub, !gm_f16
  asc.matmul.iterate_all %mm_ub, %ub : !mm_ub, !ub_in
  asc.matmul.set_tensor_a %mm_ub, %a : !mm_ub, !gm_f16
  // Two MTE2 copies into one buffer overlap without a barrier (rule P7).
  asc.pipe_barrier pipe_mte2
  asc.matmul.iterate_all %mm_ub, %ub {sync = false, en_atomic = 2 : i32} : !mm_ub, !ub_in
  // The kernel may return with the issue without a wait flag in flight:
  // End completes nothing.
  asc.matmul.end %mm_ub : !mm_ub
  return
}

// Iterate returns whether a block is left; GetTensorC has three forms
// (one destination, GM plus a VECIN copy, the returned workspace view). A
// result nobody reads leaves a plain call statement.
// CHECK-LABEL: void iterate_and_get_tensor_c(GM_ADDR
// CHECK: [[MM:[A-Za-z0-9_]+]].SetTensorA([[A:.*]]);
// CHECK-NEXT: bool [[MORE:.*]] = [[MM]].Iterate();
// CHECK-NEXT: if ([[MORE]]) {
// CHECK-NEXT: [[MM]].GetTensorC([[UB:.*]]);
// CHECK-NEXT: AscendC::PipeBarrier<PIPE_MTE2>();
// CHECK-NEXT: [[MM]].GetTensorC([[C:.*]], [[UB]], 1);
// CHECK-NEXT: }
// CHECK-NEXT: [[MM]].SetTensorA([[A]]);
// CHECK-NEXT: bool [[MORE_ASYNC:.*]] = [[MM]].Iterate<false>(true);
// CHECK-NEXT: if ([[MORE_ASYNC]]) {
// CHECK-NEXT: AscendC::PipeBarrier<PIPE_MTE2>();
// CHECK-NEXT: [[MM]].GetTensorC<false>([[UB]], 0, true);
// CHECK-NEXT: [[MM]].WaitGetTensorC();
// CHECK-NEXT: AscendC::GlobalTensor<float> [[BLK:.*]] = [[MM]].GetTensorC<false>();
// CHECK-NEXT: [[MM]].WaitGetTensorC();
// CHECK-NEXT: AscendC::PipeBarrier<PIPE_ALL>();
// CHECK-NEXT: AscendC::DataCopy([[UB]], [[BLK]], {{.*}});
// CHECK-NEXT: [[MM]].GetTensorC<false>(3, true);
// CHECK-NEXT: [[MM]].WaitGetTensorC();
// CHECK-NEXT: AscendC::PipeBarrier<PIPE_MTE2>();
// CHECK-NEXT: [[MM]].AsyncGetTensorC([[UB]]);
// CHECK-NEXT: [[MM]].WaitGetTensorC();
// CHECK-NEXT: }
func.func @iterate_and_get_tensor_c(%p: !asc.gm_addr, %pa: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  %n = arith.constant 256 : i32
  %c = asc.set_global_buffer %p : !gm_f32
  %a = asc.set_global_buffer %pa : !gm_f16
  %que = asc.queue.create : !que_in
  %ub = asc.queue.alloc_tensor %que : !que_in -> !ub_in
  %mm = asc.matmul.create : !mm_ub
  asc.matmul.set_tensor_a %mm, %a : !mm_ub, !gm_f16
  %more = asc.matmul.iterate %mm : !mm_ub
  // The synchronous forms fetch the blocks of a synchronous Iterate.
  scf.if %more {
    asc.matmul.get_tensor_c %mm, %ub : !mm_ub, !ub_in
    // Two MTE2 copies into one buffer overlap without a barrier (rule P7).
    asc.pipe_barrier pipe_mte2
    asc.matmul.get_tensor_c %mm, %c, %ub {en_atomic = 1 : i32} : !mm_ub, !gm_f32, !ub_in
  }
  asc.matmul.set_tensor_a %mm, %a : !mm_ub, !gm_f16
  %more_async = asc.matmul.iterate %mm {sync = false, en_partial_sum = true} : !mm_ub
  scf.if %more_async {
    asc.pipe_barrier pipe_mte2
    asc.matmul.get_tensor_c %mm, %ub {sync = false, en_sequential_write = true} : !mm_ub, !ub_in
    asc.matmul.wait_get_tensor_c %mm : !mm_ub
    %blk = asc.matmul.get_tensor_c %mm {sync = false} : !mm_ub -> !gm_f32
    asc.matmul.wait_get_tensor_c %mm : !mm_ub
    // The copy into the block fetched above runs on MTE2 (rule P7).
    asc.pipe_barrier pipe_all
    asc.data_copy %ub, %blk, %n : !ub_in, !gm_f32
    %unused = asc.matmul.get_tensor_c %mm {sync = false, en_atomic = 3 : i32, en_sequential_write = true} : !mm_ub -> !gm_f32
    asc.matmul.wait_get_tensor_c %mm : !mm_ub
    asc.pipe_barrier pipe_mte2
    asc.matmul.async_get_tensor_c %mm, %ub : !mm_ub, !ub_in
    asc.matmul.wait_get_tensor_c %mm : !mm_ub
  }
  return
}

// An async Iterate as the whole condition of an scf.while is the C++ while
// loop, as for a synchronous one (the examples fetch async blocks in a
// counted loop instead; test/asc-run/async-fetch.test runs both shapes).
// CHECK-LABEL: void iterate_loop_async(GM_ADDR
// CHECK: MatmulT{{[0-9]+}} [[MM:[A-Za-z0-9_]+]];
// CHECK-NEXT: [[MM]].SetTensorA({{.*}});
// CHECK-NEXT: while ([[MM]].Iterate<false>()) {
// CHECK-NEXT: AscendC::LocalTensor<float> [[UB:[A-Za-z0-9_]+]] = [[QUE:[A-Za-z0-9_]+]].AllocTensor<float>();
// CHECK-NEXT: [[MM]].GetTensorC<false>([[UB]], 0, true);
// CHECK-NEXT: [[MM]].WaitGetTensorC();
// CHECK-NEXT: [[QUE]].FreeTensor([[UB]]);
// CHECK-NEXT: }
// CHECK-NEXT: [[MM]].End();
func.func @iterate_loop_async(%p: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  %a = asc.set_global_buffer %p : !gm_f16
  %que = asc.queue.create : !que_in
  %mm = asc.matmul.create : !mm_ub
  asc.matmul.set_tensor_a %mm, %a : !mm_ub, !gm_f16
  scf.while : () -> () {
    %more = asc.matmul.iterate %mm {sync = false} : !mm_ub
    scf.condition(%more)
  } do {
    %ub = asc.queue.alloc_tensor %que : !que_in -> !ub_in
    asc.matmul.get_tensor_c %mm, %ub {sync = false, en_sequential_write = true} : !mm_ub, !ub_in
    asc.matmul.wait_get_tensor_c %mm : !mm_ub
    asc.queue.free_tensor %que, %ub : !que_in, !ub_in
    scf.yield
  }
  asc.matmul.end %mm : !mm_ub
  return
}

// Iterate into a CO1 tensor takes it as an argument after enPartialSum.
// CHECK-LABEL: void iterate_local_c(GM_ADDR
// CHECK: MatmulT{{[0-9]+}} [[MM:.*]];
// CHECK-NEXT: [[MM]].SetTensorA({{.*}});
// CHECK-NEXT: bool [[MORE:.*]];
// CHECK-NEXT: [[MORE]] = [[MM]].Iterate(true, [[CO1:.*]]);
func.func @iterate_local_c(%p: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  %a = asc.set_global_buffer %p : !gm_f16
  %que = asc.queue.create : !asc.queue<co1, 1>
  %co1 = asc.queue.alloc_tensor %que : !asc.queue<co1, 1> -> !asc.local_tensor<co1, f32>
  %mm = asc.matmul.create : !mm_co1
  asc.matmul.set_tensor_a %mm, %a : !mm_co1, !gm_f16
  %more = asc.matmul.iterate %mm local_c %co1 {en_partial_sum = true} : !mm_co1, !asc.local_tensor<co1, f32>
  scf.if %more {
      asc.matmul.end %mm : !mm_co1
  }
  return
}

// IterateBatch: the mix form to GM takes <sync, waitIterateBatch>, to a
// local tensor <sync>; strides default to 0 and enPartialSum, enAtomic
// trail when set (the cube-only form is in cube-only.mlir).
// CHECK-LABEL: void iterate_batch(GM_ADDR
// CHECK: [[MM:[A-Za-z0-9_]+]].IterateBatch<false, true>([[C:.*]], [[BA:.*]], [[BB:.*]], false);
// CHECK-NEXT: [[MM]].WaitIterateBatch();
// CHECK-NEXT: [[MM]].SetTensorA([[A:.*]]);
// CHECK-NEXT: [[MM]].IterateBatch([[C]], [[BA]], [[BB]], false, [[S:.*]], [[S]], [[S]]);
// CHECK-NEXT: [[MM]].SetTensorA([[A]]);
// CHECK-NEXT: [[MM]].IterateBatch([[C]], [[BA]], [[BB]], false, 0, 0, 0, true);
// CHECK-NEXT: [[MM]].SetTensorA([[A]]);
// CHECK-NEXT: [[MM]].IterateBatch([[C]], [[BA]], [[BB]], false, 0, 0, 0, false, 1);
// CHECK-NEXT: [[MM]].SetTensorA([[A]]);
// CHECK-NEXT: [[MM]].IterateBatch([[UB:.*]], [[BA]], [[BB]], true);
func.func @iterate_batch(%p: !asc.gm_addr, %pa: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  %ba = arith.constant 2 : i32
  %bb = arith.constant 3 : i32
  %s = arith.constant 4096 : i32
  %c = asc.set_global_buffer %p : !gm_f32
  %que = asc.queue.create : !que_in
  %ub = asc.queue.alloc_tensor %que : !que_in -> !ub_in
  %a = asc.set_global_buffer %pa : !gm_f16
  %mm = asc.matmul.create : !mm_batch
  asc.matmul.set_tensor_a %mm, %a : !mm_batch, !gm_f16
  asc.matmul.iterate_batch %mm, %c batch(%ba, %bb) {sync = false, wait_iterate_batch = true} : !mm_batch, !gm_f32
  asc.matmul.wait_iterate_batch %mm : !mm_batch
  asc.matmul.set_tensor_a %mm, %a : !mm_batch, !gm_f16
  asc.matmul.iterate_batch %mm, %c batch(%ba, %bb) strides(%s, %s, %s) : !mm_batch, !gm_f32
  asc.matmul.set_tensor_a %mm, %a : !mm_batch, !gm_f16
  asc.matmul.iterate_batch %mm, %c batch(%ba, %bb) {en_partial_sum = true} : !mm_batch, !gm_f32
  asc.matmul.set_tensor_a %mm, %a : !mm_batch, !gm_f16
  asc.matmul.iterate_batch %mm, %c batch(%ba, %bb) {en_atomic = 1 : i32} : !mm_batch, !gm_f32
  asc.matmul.set_tensor_a %mm, %a : !mm_batch, !gm_f16
  asc.matmul.iterate_batch %mm, %ub batch(%ba, %bb) {en_sequential_write = true} : !mm_batch, !ub_in
  return
}

// IterateNBatch into the workspace in its three forms (flagged and waited,
// synchronous, flagless) and the two GetBatchTensorC forms, which take the
// flagless form's per-loop signals (rule P5); the object's type names its
// configuration constant (bias slot = C).
// CHECK-LABEL: void iterate_n_batch(GM_ADDR
// CHECK: MatmulT{{[0-9]+}} [[MM:.*]];
// CHECK: [[MM]].IterateNBatch<false, true>([[L:.*]], [[BA:.*]], [[BB:.*]], false);
// CHECK-NEXT: [[MM]].WaitIterateBatch();
// CHECK-NEXT: [[MM]].SetTensorA([[A:.*]]);
// CHECK-NEXT: [[MM]].IterateNBatch([[L]], [[BA]], [[BB]], true, [[S:.*]], [[S]], [[S]]);
// CHECK-NEXT: [[MM]].SetTensorA([[A]]);
// CHECK-NEXT: [[MM]].IterateNBatch<false>([[L]], [[BA]], [[BB]], false);
// CHECK-NEXT: AscendC::GlobalTensor<float> [[R:.*]];
// CHECK-NEXT: [[R]] = [[MM]].GetBatchTensorC<false>([[BA]], [[BB]]);
// CHECK-NEXT: AscendC::GlobalTensor<float> [[RV:.*]] = [[R]];
// CHECK-NEXT: AscendC::DataCopy([[UB:.*]], [[RV]], [[S]]);
// CHECK-NEXT: AscendC::PipeBarrier<PIPE_MTE2>();
// CHECK-NEXT: [[MM]].GetBatchTensorC<false>([[UB]], [[BA]], [[BB]], true);
func.func @iterate_n_batch(%p: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  %loop = arith.constant 4 : i32
  %ba = arith.constant 2 : i32
  %bb = arith.constant 3 : i32
  %s = arith.constant 4096 : i32
  %que = asc.queue.create : !que_in
  %ub = asc.queue.alloc_tensor %que : !que_in -> !ub_in
  %a = asc.set_global_buffer %p : !gm_f16
  %mm = asc.matmul.create : !mm_nbatch
  asc.matmul.set_tensor_a %mm, %a : !mm_nbatch, !gm_f16
  asc.matmul.iterate_n_batch %mm, %loop, %ba, %bb {sync = false, wait_iterate_batch = true} : !mm_nbatch
  asc.matmul.wait_iterate_batch %mm : !mm_nbatch
  asc.matmul.set_tensor_a %mm, %a : !mm_nbatch, !gm_f16
  asc.matmul.iterate_n_batch %mm, %loop, %ba, %bb strides(%s, %s, %s) {en_sequential_write = true} : !mm_nbatch
  asc.matmul.set_tensor_a %mm, %a : !mm_nbatch, !gm_f16
  asc.matmul.iterate_n_batch %mm, %loop, %ba, %bb {sync = false} : !mm_nbatch
  %r = asc.matmul.get_batch_tensor_c %mm, %ba, %bb {sync = false} : !mm_nbatch -> !gm_f32
  asc.data_copy %ub, %r, %s : !ub_in, !gm_f32
  asc.pipe_barrier pipe_mte2
  asc.matmul.get_batch_tensor_c %mm, %ba, %bb into %ub {sync = false, en_sequential_write = true} : !mm_nbatch, !ub_in
  return
}

// Four objects registered at once, each with its tiling; two objects with
// different configurations name different constants, two with the same
// share one.
// CHECK-LABEL: void four_objects(GM_ADDR
// CHECK: [[MDL:MatmulT[0-9]+]] [[M1:.*]];
// CHECK-NEXT: [[MDL]] [[M2:.*]];
// CHECK-NEXT: MatmulT{{[0-9]+}} [[M3:.*]];
// CHECK-NEXT: MatmulT{{[0-9]+}} [[M4:.*]];
// CHECK-NEXT: REGIST_MATMUL_OBJ(&[[PIPE:.*]], [[WS:.*]], [[M1]], &[[T:.*]], [[M2]], &[[T]], [[M3]], &[[T]], [[M4]], &[[T]]);
func.func @four_objects(%p: !asc.gm_addr) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %p
  %m1 = asc.matmul.create : !mm_mdl
  %m2 = asc.matmul.create : !mm_mdl
  %m3 = asc.matmul.create : !mm_nbatch
  %m4 = asc.matmul.create : !mm
  asc.matmul.register %pipe, %p, %m1, %m2, %m3, %m4 tiling %tiling, %tiling, %tiling, %tiling : !mm_mdl, !mm_mdl, !mm_nbatch, !mm
  return
}

// Matmul element types: int8_t inputs with int32_t results, bfloat16_t, NZ
// and ND_ALIGN formats, TSCM and VECCALC positions.
// CHECK-LABEL: void matmul_types(GM_ADDR
// CHECK: MatmulT{{[0-9]+}} {{.*}};
// CHECK: MatmulT{{[0-9]+}} {{.*}};
func.func @matmul_types(%p: !asc.gm_addr) attributes {asc.kernel} {
  %m1 = asc.matmul.create : !asc.matmul<a = <gm, nz, i8>, b = <tscm, nd_align, i8>, c = <gm, nd, i32>, bias = <gm, nd, i32>>
  %m2 = asc.matmul.create : !asc.matmul<a = <veccalc, nd, bf16>, b = <gm, nd, bf16, transposed, layout = bsngd>, c = <vecout, nd, f16>>
  return
}

// A device helper is `__aicore__ inline`; constants are literals in place,
// an f16 one spelled as a half.
// CHECK-LABEL: __aicore__ inline int32_t helper(
// CHECK-SAME: AscendC::LocalTensor<half> [[T:[A-Za-z0-9_]+]], int32_t [[X:[A-Za-z0-9_]+]])
// CHECK-NEXT: AscendC::Muls([[T]], [[T]], half(1.5), [[X]]);
// CHECK-NEXT: return [[X]] * 2;
func.func @helper(%t: !asc.local_tensor<vecin, f16>, %x: i32) -> i32 {
  %h = arith.constant 1.500000e+00 : f16
  %c2 = arith.constant 2 : i32
  asc.muls %t, %t, %h, %x : !asc.local_tensor<vecin, f16>, !asc.local_tensor<vecin, f16>
  %y = arith.muli %x, %c2 : i32
  return %y : i32
}
