// Four Matmul objects in one kernel: a fused gated-attention input
// projection. One activation block X is multiplied by four weights:
// Q = X * Wq, K = X * Wk, V = X * Wv go to GM as they are, and the gate
// G = LeakyRelu(X * Wg) goes through the vector core.
//
//   extern "C" __global__ __aicore__ void qkvg_proj_custom(
//       GM_ADDR x, GM_ADDR wq, GM_ADDR wk, GM_ADDR wv, GM_ADDR wg,
//       GM_ADDR q, GM_ADDR k, GM_ADDR v, GM_ADDR g,
//       GM_ADDR workspace, GM_ADDR tilingGm)
//
//   REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mmQ, &qTiling,
//                     mmK, &kTiling, mmV, &vTiling, mmG, &gTiling);
//   mmQ.IterateAll<false>(qGlobal, 0, false, true);     // pending: Q
//   mmK.IterateAll<false>(kGlobal, 0, false, true);     // pending: K
//   mmV.IterateAll<false>(vGlobal, 0, false, true);     // pending: V
//   mmG.template Iterate<false>();                      // starts all G blocks
//   for (int32_t count = 0; count < roundM * roundN; ++count) {
//     gLocal = inQueueG.AllocTensor<float>();      // VECIN: the fetch is MTE2
//     mmG.template GetTensorC<false>(gLocal, 0, true);  // pending: G block
//     ...
//     gOut = outQueueG.AllocTensor<float>();
//     mmG.WaitGetTensorC();
//     LeakyRelu(gOut, gLocal, 0.01, baseM * baseN);
//     inQueueG.FreeTensor(gLocal);
//     ... DataCopy(gGlobal[startOffset], gOut, copyParam); ...
//   }
//   mmQ.WaitIterateAll(); mmK.WaitIterateAll(); mmV.WaitIterateAll();
//   mmQ.End(); mmK.End(); mmV.End(); mmG.End();
//   PipeBarrier<PIPE_ALL>();
//
// The four products have the same shape and the same split over the cores,
// but each object has its own TCubeTiling: the three projection objects write
// f16 results to GM, while the gate object returns f32 blocks to a VECOUT
// buffer, so the host tiles it for a different C (base block sizes, buffer
// depths). The host passes the four tilings in one struct:
//
//   struct QkvgTilingData { alignas(256) TCubeTiling q, k, v, g; };
//
// A TCubeTiling is a struct of int32 fields, under 256 bytes; each one sits
// in a 256-byte slot (a realistic multiple of its sizeof), so the tilings are
// at byte offsets 0, 256, 512 and 768 of tilingGm, the offsets asc.get_tiling
// takes.
//
// What it shows: asc.get_tiling with a byte offset selecting one TCubeTiling
// of the tiling struct; the maximum of four objects in one asc.matmul.register
// (one tiling each); three async iterate_all issues pending at once on three
// different objects while a fourth object fetches its blocks in the async
// shape CANN documents (one asc.matmul.iterate whose answer nobody reads, then
// an scf.for over the roundM * roundN blocks of get_tensor_c /
// wait_get_tensor_c, each fetching the next block); each object waited on by
// its own wait and released by its own end.

// GlobalTensor<half>, GlobalTensor<float>, LocalTensor<float> at VECIN and
// VECOUT
!gm_f16 = !asc.global_tensor<f16>
!gm_f32 = !asc.global_tensor<f32>
!ub_in = !asc.local_tensor<vecin, f32>
!ub_out = !asc.local_tensor<vecout, f32>
// TQue<TPosition::VECIN, 2>, TQue<TPosition::VECOUT, 2>
!que_in = !asc.queue<vecin, 2>
!que_out = !asc.queue<vecout, 2>
// matmul::Matmul<MatmulType<GM, ND, half>, MatmulType<GM, ND, half>,
//                MatmulType<GM, ND, half>>  mmQ, mmK, mmV;
!mm_proj_t = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f16>>
// matmul::Matmul<MatmulType<GM, ND, half>, MatmulType<GM, ND, half>,
//                MatmulType<VECOUT, ND, float>>  mmG;
!mm_gate_t = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecout, nd, f32>>

module {
  func.func @qkvg_proj_custom(%x: !asc.gm_addr {asc.no_alias},
                              %wq: !asc.gm_addr {asc.no_alias},
                              %wk: !asc.gm_addr {asc.no_alias},
                              %wv: !asc.gm_addr {asc.no_alias},
                              %wg: !asc.gm_addr {asc.no_alias},
                              %q: !asc.gm_addr {asc.no_alias},
                              %k: !asc.gm_addr {asc.no_alias},
                              %v: !asc.gm_addr {asc.no_alias},
                              %g: !asc.gm_addr {asc.no_alias},
                              %workspace: !asc.gm_addr {asc.no_alias, asc.workspace},
                              %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c4_i32 = arith.constant 4 : i32    // sizeof(float)
    %c32_i32 = arith.constant 32 : i32  // DEFAULT_C0_SIZE
    %alpha = arith.constant 0.00999999977 : f32
    %c0_i64 = arith.constant 0 : i64      // offsetof(QkvgTilingData, q)
    %c256_i64 = arith.constant 256 : i64  // offsetof(QkvgTilingData, k)
    %c512_i64 = arith.constant 512 : i64  // offsetof(QkvgTilingData, v)
    %c768_i64 = arith.constant 768 : i64  // offsetof(QkvgTilingData, g)

    // TPipe pipe; TCubeTiling qTiling, kTiling, vTiling, gTiling;
    // CopyTiling(&qTiling, tilingGm + offsetof(QkvgTilingData, q));   // 0
    // CopyTiling(&kTiling, tilingGm + offsetof(QkvgTilingData, k));   // 256
    // CopyTiling(&vTiling, tilingGm + offsetof(QkvgTilingData, v));   // 512
    // CopyTiling(&gTiling, tilingGm + offsetof(QkvgTilingData, g));   // 768
    %pipe = asc.pipe.create
    %q_tiling = asc.get_tiling %tiling_gm[%c0_i64]
    %k_tiling = asc.get_tiling %tiling_gm[%c256_i64]
    %v_tiling = asc.get_tiling %tiling_gm[%c512_i64]
    %g_tiling = asc.get_tiling %tiling_gm[%c768_i64]
    // The shape and the split over the cores are common to the four tilings;
    // the gate's base block comes from its own tiling.
    %m = asc.tiling.get %q_tiling[M]
    %n = asc.tiling.get %q_tiling[N]
    %ka = asc.tiling.get %q_tiling[Ka]
    %single_m = asc.tiling.get %q_tiling[singleCoreM]
    %single_n = asc.tiling.get %q_tiling[singleCoreN]
    %base_m = asc.tiling.get %g_tiling[baseM]
    %base_n = asc.tiling.get %g_tiling[baseN]

    // CalcGMOffset(GetBlockIdx(), qTiling, offsetA, offsetB, offsetC);
    %block_idx_i64 = asc.get_block_idx
    %block_idx = arith.trunci %block_idx_i64 : i64 to i32
    %m_blocks = arith.ceildivsi %m, %single_m : i32
    %m_core = arith.remsi %block_idx, %m_blocks : i32
    %n_core = arith.divsi %block_idx, %m_blocks : i32
    %a_rows = arith.muli %m_core, %ka : i32
    %offset_a = arith.muli %a_rows, %single_m : i32
    %offset_b = arith.muli %n_core, %single_n : i32
    %c_rows = arith.muli %m_core, %n : i32
    %c_row_offset = arith.muli %c_rows, %single_m : i32
    %offset_c = arith.addi %c_row_offset, %offset_b : i32
    %offset_a_i64 = arith.extsi %offset_a : i32 to i64
    %offset_b_i64 = arith.extsi %offset_b : i32 to i64
    %offset_c_i64 = arith.extsi %offset_c : i32 to i64
    %x_global = asc.set_global_buffer %x[%offset_a_i64] : !gm_f16
    %wq_global = asc.set_global_buffer %wq[%offset_b_i64] : !gm_f16
    %wk_global = asc.set_global_buffer %wk[%offset_b_i64] : !gm_f16
    %wv_global = asc.set_global_buffer %wv[%offset_b_i64] : !gm_f16
    %wg_global = asc.set_global_buffer %wg[%offset_b_i64] : !gm_f16
    %q_global = asc.set_global_buffer %q[%offset_c_i64] : !gm_f16
    %k_global = asc.set_global_buffer %k[%offset_c_i64] : !gm_f16
    %v_global = asc.set_global_buffer %v[%offset_c_i64] : !gm_f16
    %g_global = asc.set_global_buffer %g[%offset_c_i64] : !gm_f32
    // The gate's async Iterate keeps its blocks in this core's slice of the
    // workspace:
    //   workspaceGlobal.SetGlobalBuffer((__gm__ float *)workspace +
    //       GetBlockIdx() * singleCoreM * singleCoreN, singleCoreM * singleCoreN);
    %ws_elems = arith.muli %single_m, %single_n : i32
    %ws_elems_i64 = arith.extsi %ws_elems : i32 to i64
    %ws_offset_i64 = arith.muli %block_idx_i64, %ws_elems_i64 : i64
    %workspace_global = asc.set_global_buffer %workspace[%ws_offset_i64], %ws_elems_i64 : !gm_f32

    // REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mmQ, &qTiling,
    //                   mmK, &kTiling, mmV, &vTiling, mmG, &gTiling);
    %mm_q = asc.matmul.create : !mm_proj_t
    %mm_k = asc.matmul.create : !mm_proj_t
    %mm_v = asc.matmul.create : !mm_proj_t
    %mm_g = asc.matmul.create : !mm_gate_t
    %sys_workspace = asc.get_sys_workspace_ptr
    asc.matmul.register %pipe, %sys_workspace, %mm_q, %mm_k, %mm_v, %mm_g tiling %q_tiling, %k_tiling, %v_tiling, %g_tiling : !mm_proj_t, !mm_proj_t, !mm_proj_t, !mm_gate_t

    // pipe.InitBuffer(inQueueG, 2, gTiling.baseM * gTiling.baseN * sizeof(float));
    // pipe.InitBuffer(outQueueG, 2, gTiling.baseM * gTiling.baseN * sizeof(float));
    %in_queue_g = asc.queue.create : !que_in
    %out_queue_g = asc.queue.create : !que_out
    %block_elems = arith.muli %base_m, %base_n : i32
    %block_bytes = arith.muli %block_elems, %c4_i32 : i32
    asc.pipe.init_buffer %pipe, %in_queue_g, %c2_i32, %block_bytes : !que_in
    asc.pipe.init_buffer %pipe, %out_queue_g, %c2_i32, %block_bytes : !que_out

    // mmQ.SetTensorA(xGlobal); mmQ.SetTensorB(wqGlobal); ... for K, V, G;
    // mmG.SetWorkspace(workspaceGlobal);
    asc.matmul.set_tensor_a %mm_q, %x_global : !mm_proj_t, !gm_f16
    asc.matmul.set_tensor_b %mm_q, %wq_global : !mm_proj_t, !gm_f16
    asc.matmul.set_tensor_a %mm_k, %x_global : !mm_proj_t, !gm_f16
    asc.matmul.set_tensor_b %mm_k, %wk_global : !mm_proj_t, !gm_f16
    asc.matmul.set_tensor_a %mm_v, %x_global : !mm_proj_t, !gm_f16
    asc.matmul.set_tensor_b %mm_v, %wv_global : !mm_proj_t, !gm_f16
    asc.matmul.set_workspace %mm_g, %workspace_global : !mm_gate_t, !gm_f32
    asc.matmul.set_tensor_a %mm_g, %x_global : !mm_gate_t, !gm_f16
    asc.matmul.set_tensor_b %mm_g, %wg_global : !mm_gate_t, !gm_f16

    // mmQ.IterateAll<false>(qGlobal, 0, false, true);
    // mmK.IterateAll<false>(kGlobal, 0, false, true);
    // mmV.IterateAll<false>(vGlobal, 0, false, true);
    asc.matmul.iterate_all %mm_q, %q_global {sync = false, wait_iterate_all = true} : !mm_proj_t, !gm_f16
    asc.matmul.iterate_all %mm_k, %k_global {sync = false, wait_iterate_all = true} : !mm_proj_t, !gm_f16
    asc.matmul.iterate_all %mm_v, %v_global {sync = false, wait_iterate_all = true} : !mm_proj_t, !gm_f16

    // roundM = singleCoreM / baseM;
    // copyParam = {baseM, baseN * sizeof(float) / DEFAULT_C0_SIZE, 0,
    //              (N - baseN) * sizeof(float) / DEFAULT_C0_SIZE};
    %round_m = arith.divsi %single_m, %base_m : i32
    %row_bytes = arith.muli %base_n, %c4_i32 : i32
    %block_len = arith.divsi %row_bytes, %c32_i32 : i32
    %gap = arith.subi %n, %base_n : i32
    %gap_bytes = arith.muli %gap, %c4_i32 : i32
    %dst_stride = arith.divsi %gap_bytes, %c32_i32 : i32

    // mmG.template Iterate<false>();   // its answer is not needed
    %more = asc.matmul.iterate %mm_g {sync = false} : !mm_gate_t
    // for (int32_t count = 0; count < roundM * roundN; ++count) { ... }
    // with roundN = singleCoreN / baseN, computed while the cube runs.
    %round_n = arith.divsi %single_n, %base_n : i32
    %blocks = arith.muli %round_m, %round_n : i32
    scf.for %count = %c0_i32 to %blocks step %c1_i32 : i32 {
      // gLocal = inQueueG.AllocTensor<float>();
      // mmG.template GetTensorC<false>(gLocal, 0, true);
      %g_local = asc.queue.alloc_tensor %in_queue_g : !que_in -> !ub_in
      asc.matmul.get_tensor_c %mm_g, %g_local {sync = false, en_sequential_write = true} : !mm_gate_t, !ub_in
      // startOffset = count % roundM * baseM * N + count / roundM * baseN;
      %m_step = arith.remsi %count, %round_m : i32
      %m_step_rows = arith.muli %m_step, %base_m : i32
      %m_start = arith.muli %m_step_rows, %n : i32
      %n_step = arith.divsi %count, %round_m : i32
      %n_start = arith.muli %n_step, %base_n : i32
      %start_offset = arith.addi %m_start, %n_start : i32
      %start_offset_i64 = arith.extsi %start_offset : i32 to i64
      // gOut = outQueueG.AllocTensor<float>();
      // mmG.WaitGetTensorC();
      // LeakyRelu(gOut, gLocal, 0.01, baseM * baseN);
      // inQueueG.FreeTensor(gLocal);
      // outQueueG.EnQue(gOut); gOut = outQueueG.DeQue<float>();
      %g_result = asc.queue.alloc_tensor %out_queue_g : !que_out -> !ub_out
      asc.matmul.wait_get_tensor_c %mm_g : !mm_gate_t
      asc.leaky_relu %g_result, %g_local, %alpha, %block_elems : !ub_out, !ub_in
      asc.queue.free_tensor %in_queue_g, %g_local : !que_in, !ub_in
      asc.queue.enque %out_queue_g, %g_result : !que_out, !ub_out
      %g_out = asc.queue.deque %out_queue_g : !que_out -> !ub_out
      // DataCopy(gGlobal[startOffset], gOut, copyParam);
      // outQueueG.FreeTensor(gOut);
      %g_block = asc.subview %g_global[%start_offset_i64] : !gm_f32
      asc.data_copy %g_block, %g_out params(%base_m, %block_len, %c0_i32, %dst_stride) : !gm_f32, !ub_out
      asc.queue.free_tensor %out_queue_g, %g_out : !que_out, !ub_out
    }

    // mmQ.WaitIterateAll(); mmK.WaitIterateAll(); mmV.WaitIterateAll();
    asc.matmul.wait_iterate_all %mm_q : !mm_proj_t
    asc.matmul.wait_iterate_all %mm_k : !mm_proj_t
    asc.matmul.wait_iterate_all %mm_v : !mm_proj_t
    // mmQ.End(); mmK.End(); mmV.End(); mmG.End();
    asc.matmul.end %mm_q : !mm_proj_t
    asc.matmul.end %mm_k : !mm_proj_t
    asc.matmul.end %mm_v : !mm_proj_t
    asc.matmul.end %mm_g : !mm_gate_t
    // PipeBarrier<PIPE_ALL>();
    asc.pipe_barrier pipe_all
    return
  }
}
