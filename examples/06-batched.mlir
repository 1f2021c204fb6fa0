// Batched matmul with the Ascend C Matmul high-level API: the two batched
// entry points, one kernel each.
//
// 1. @batch_matmul_custom: IterateBatch to GM, asynchronously.
//
//      mm.SetTensorA(aGlobal); mm.SetTensorB(bGlobal);
//      if (tiling.isBias) { mm.SetBias(biasGlobal); }
//      mm.IterateBatch<false, true>(cGlobal, batchA, batchB, false);
//      mm.WaitIterateBatch();
//      mm.End();
//
//    Each core computes max(batchA, batchB) products of M x Ka by Kb x N
//    (NORMAL batch layout, batches contiguous) straight into C in GM.
//
// 2. @batch_matmul_nbatch_custom: IterateNBatch into the workspace, then
//    BATCH_LOOP fetches of the results with GetBatchTensorC into UB, the
//    documented form: IterateNBatch without its wait flag and no
//    WaitIterateBatch. The cube core's server signals after each loop
//    (MatmulService::StartIterateNBatch), and each GetBatchTensorC waits for
//    its loop's signal (MatmulClient::GetBatchTensorC). With the wait flag the
//    server would signal once, WaitIterateBatch() would take that signal and
//    the first GetBatchTensorC would wait forever.
//
//      mm.SetWorkspace(workspaceGlobal);
//      mm.SetTensorA(aGlobal); mm.SetTensorB(bGlobal);
//      mm.IterateNBatch<false, false>(BATCH_LOOP, batchA, batchB, false);
//      for (int32_t i = 0; i < BATCH_LOOP; ++i) {
//        cLocal = inQueueC.AllocTensor<float>();   // VECIN: the fetch is MTE2
//        mm.GetBatchTensorC<false>(cLocal, batchA, batchB, false);
//        yLocal = outQueueY.AllocTensor<float>();
//        Muls(yLocal, cLocal, scale, batchNum * M * N);
//        inQueueC.FreeTensor(cLocal);
//        outQueueY.EnQue(yLocal); yLocal = outQueueY.DeQue<float>();
//        DataCopy(cGlobal[i * batchNum * M * N], yLocal, batchNum * M * N);
//        outQueueY.FreeTensor(yLocal);
//      }
//      mm.End();
//
//    The Matmul type carries a MatmulConfig with isNBatch = true and the
//    BSNGD/BNGS1S2 batch layouts, as IterateNBatch requires.
//
// What it shows: iterate_batch (mix form, GM output, async with the wait
// flag) completed by wait_iterate_batch; iterate_n_batch (async without the
// wait flag) consumed by an scf.for of get_batch_tensor_c into UB, one fetch
// per batch loop, with no wait.

// GlobalTensor<half>, GlobalTensor<float>
!gm_f16 = !asc.global_tensor<f16>
!gm_f32 = !asc.global_tensor<f32>
// LocalTensor<float> at VECIN and VECOUT, TQue<TPosition::VECIN, 2>,
// TQue<TPosition::VECOUT, 2>
!ub_in = !asc.local_tensor<vecin, f32>
!ub_out = !asc.local_tensor<vecout, f32>
!que_in = !asc.queue<vecin, 2>
!que_out = !asc.queue<vecout, 2>
// matmul::Matmul<MatmulType<GM, ND, half, false, LayoutMode::NORMAL>,
//                MatmulType<GM, ND, half, false, LayoutMode::NORMAL>,
//                MatmulType<GM, ND, float, false, LayoutMode::NORMAL>,
//                MatmulType<GM, ND, float>>
!mm_batch_t = !asc.matmul<a = <gm, nd, f16, layout = normal>,
                          b = <gm, nd, f16, layout = normal>,
                          c = <gm, nd, f32, layout = normal>,
                          bias = <gm, nd, f32>>
// IterateNBatch takes the attention layouts only (its static_assert rejects
// NONE and NORMAL): A and B as [B, S, N, G, D], C as [B, N, G, S1, S2], and
//   constexpr static MatmulConfig MM_CFG = GetNormalConfig(false, true);
// (isNBatch = true, without which IterateNBatch computes nothing).
// matmul::Matmul<MatmulType<GM, ND, half, false, LayoutMode::BSNGD>,
//                MatmulType<GM, ND, half, false, LayoutMode::BSNGD>,
//                MatmulType<GM, ND, float, false, LayoutMode::BNGS1S2>,
//                MatmulType<GM, ND, float, false, LayoutMode::BNGS1S2>, MM_CFG>
!mm_nbatch_t = !asc.matmul<a = <gm, nd, f16, layout = bsngd>,
                           b = <gm, nd, f16, layout = bsngd>,
                           c = <gm, nd, f32, layout = bngs1s2>,
                           config = <norm, is_n_batch = true>>

module {
  func.func @batch_matmul_custom(%a: !asc.gm_addr {asc.no_alias},
                                 %b: !asc.gm_addr {asc.no_alias},
                                 %bias: !asc.gm_addr {asc.no_alias},
                                 %c: !asc.gm_addr {asc.no_alias},
                                 %workspace: !asc.gm_addr {asc.workspace},
                                 %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
    %c0_i32 = arith.constant 0 : i32

    // TPipe pipe; TCubeTiling tiling; CopyTiling(&tiling, tilingGm);
    %pipe = asc.pipe.create
    %tiling = asc.get_tiling %tiling_gm
    %m = asc.tiling.get %tiling[M]
    %n = asc.tiling.get %tiling[N]
    %ka = asc.tiling.get %tiling[Ka]
    %kb = asc.tiling.get %tiling[Kb]
    // batchA = tiling.batchM; batchB = tiling.batchN;
    // batchNum = max(batchA, batchB);
    %batch_a = asc.tiling.get %tiling[batchM]
    %batch_b = asc.tiling.get %tiling[batchN]
    %batch_num = arith.maxsi %batch_a, %batch_b : i32

    // Core blockIdx takes the blockIdx-th group of batches:
    //   offsetA = blockIdx * batchA * M * Ka;
    //   offsetB = blockIdx * batchB * Kb * N;
    //   offsetC = blockIdx * batchNum * M * N;
    //   offsetBias = blockIdx * batchNum * N;
    %block_idx_i64 = asc.get_block_idx
    %block_idx = arith.trunci %block_idx_i64 : i64 to i32
    %a_mat = arith.muli %m, %ka : i32
    %a_group = arith.muli %batch_a, %a_mat : i32
    %offset_a = arith.muli %block_idx, %a_group : i32
    %b_mat = arith.muli %kb, %n : i32
    %b_group = arith.muli %batch_b, %b_mat : i32
    %offset_b = arith.muli %block_idx, %b_group : i32
    %c_mat = arith.muli %m, %n : i32
    %c_group = arith.muli %batch_num, %c_mat : i32
    %offset_c = arith.muli %block_idx, %c_group : i32
    %bias_group = arith.muli %batch_num, %n : i32
    %offset_bias = arith.muli %block_idx, %bias_group : i32
    %offset_a_i64 = arith.extsi %offset_a : i32 to i64
    %offset_b_i64 = arith.extsi %offset_b : i32 to i64
    %offset_c_i64 = arith.extsi %offset_c : i32 to i64
    %offset_bias_i64 = arith.extsi %offset_bias : i32 to i64
    %a_global = asc.set_global_buffer %a[%offset_a_i64] : !gm_f16
    %b_global = asc.set_global_buffer %b[%offset_b_i64] : !gm_f16
    %bias_global = asc.set_global_buffer %bias[%offset_bias_i64] : !gm_f32
    %c_global = asc.set_global_buffer %c[%offset_c_i64] : !gm_f32

    // matmul::Matmul<...> mm;
    // REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
    %mm = asc.matmul.create : !mm_batch_t
    %sys_workspace = asc.get_sys_workspace_ptr
    asc.matmul.register %pipe, %sys_workspace, %mm tiling %tiling : !mm_batch_t

    // mm.SetTensorA(aGlobal); mm.SetTensorB(bGlobal);
    // if (tiling.isBias) { mm.SetBias(biasGlobal); }
    asc.matmul.set_tensor_a %mm, %a_global : !mm_batch_t, !gm_f16
    asc.matmul.set_tensor_b %mm, %b_global : !mm_batch_t, !gm_f16
    %is_bias_i32 = asc.tiling.get %tiling[isBias]
    %is_bias = arith.cmpi ne, %is_bias_i32, %c0_i32 : i32
    scf.if %is_bias {
      asc.matmul.set_bias %mm, %bias_global : !mm_batch_t, !gm_f32
    }

    // mm.IterateBatch<false, true>(cGlobal, batchA, batchB, false);
    asc.matmul.iterate_batch %mm, %c_global batch(%batch_a, %batch_b) {sync = false, wait_iterate_batch = true, en_sequential_write = false} : !mm_batch_t, !gm_f32
    // mm.WaitIterateBatch();
    asc.matmul.wait_iterate_batch %mm : !mm_batch_t
    // mm.End();
    asc.matmul.end %mm : !mm_batch_t
    return
  }

  func.func @batch_matmul_nbatch_custom(%a: !asc.gm_addr {asc.no_alias},
                                        %b: !asc.gm_addr {asc.no_alias},
                                        %c: !asc.gm_addr {asc.no_alias},
                                        %workspace: !asc.gm_addr {asc.no_alias, asc.workspace},
                                        %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c4_i32 = arith.constant 4 : i32        // sizeof(float)
    %batch_loop = arith.constant 4 : i32    // constexpr int32_t BATCH_LOOP = 4;
    %scale = arith.constant 1.250000e-01 : f32

    // TPipe pipe; TCubeTiling tiling; CopyTiling(&tiling, tilingGm);
    %pipe = asc.pipe.create
    %tiling = asc.get_tiling %tiling_gm
    %m = asc.tiling.get %tiling[M]
    %n = asc.tiling.get %tiling[N]
    %ka = asc.tiling.get %tiling[Ka]
    %kb = asc.tiling.get %tiling[Kb]
    %batch_a = asc.tiling.get %tiling[batchM]
    %batch_b = asc.tiling.get %tiling[batchN]
    %batch_num = arith.maxsi %batch_a, %batch_b : i32

    // Core blockIdx takes BATCH_LOOP groups of batches:
    //   offsetA = blockIdx * BATCH_LOOP * batchA * M * Ka; ...
    %block_idx_i64 = asc.get_block_idx
    %block_idx = arith.trunci %block_idx_i64 : i64 to i32
    %core_loops = arith.muli %block_idx, %batch_loop : i32
    %a_mat = arith.muli %m, %ka : i32
    %a_group = arith.muli %batch_a, %a_mat : i32
    %offset_a = arith.muli %core_loops, %a_group : i32
    %b_mat = arith.muli %kb, %n : i32
    %b_group = arith.muli %batch_b, %b_mat : i32
    %offset_b = arith.muli %core_loops, %b_group : i32
    %c_mat = arith.muli %m, %n : i32
    %c_group = arith.muli %batch_num, %c_mat : i32
    %offset_c = arith.muli %core_loops, %c_group : i32
    %offset_a_i64 = arith.extsi %offset_a : i32 to i64
    %offset_b_i64 = arith.extsi %offset_b : i32 to i64
    %offset_c_i64 = arith.extsi %offset_c : i32 to i64
    %a_global = asc.set_global_buffer %a[%offset_a_i64] : !gm_f16
    %b_global = asc.set_global_buffer %b[%offset_b_i64] : !gm_f16
    %c_global = asc.set_global_buffer %c[%offset_c_i64] : !gm_f32
    // This core's slice of the workspace holds its BATCH_LOOP results:
    //   workspaceGlobal.SetGlobalBuffer((__gm__ float *)workspace + offsetC,
    //                                   BATCH_LOOP * batchNum * M * N);
    %ws_elems = arith.muli %batch_loop, %c_group : i32
    %ws_elems_i64 = arith.extsi %ws_elems : i32 to i64
    %workspace_global = asc.set_global_buffer %workspace[%offset_c_i64], %ws_elems_i64 : !gm_f32

    // matmul::Matmul<..., MM_CFG> mm;
    // REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
    %mm = asc.matmul.create : !mm_nbatch_t
    %sys_workspace = asc.get_sys_workspace_ptr
    asc.matmul.register %pipe, %sys_workspace, %mm tiling %tiling : !mm_nbatch_t

    // pipe.InitBuffer(inQueueC, 2, batchNum * M * N * sizeof(float));
    // pipe.InitBuffer(outQueueY, 2, batchNum * M * N * sizeof(float));
    %in_queue_c = asc.queue.create : !que_in
    %out_queue_y = asc.queue.create : !que_out
    %group_bytes = arith.muli %c_group, %c4_i32 : i32
    asc.pipe.init_buffer %pipe, %in_queue_c, %c2_i32, %group_bytes : !que_in
    asc.pipe.init_buffer %pipe, %out_queue_y, %c2_i32, %group_bytes : !que_out

    // mm.SetWorkspace(workspaceGlobal);
    // mm.SetTensorA(aGlobal); mm.SetTensorB(bGlobal);
    asc.matmul.set_workspace %mm, %workspace_global : !mm_nbatch_t, !gm_f32
    asc.matmul.set_tensor_a %mm, %a_global : !mm_nbatch_t, !gm_f16
    asc.matmul.set_tensor_b %mm, %b_global : !mm_nbatch_t, !gm_f16

    // mm.IterateNBatch<false, false>(BATCH_LOOP, batchA, batchB, false);
    // No WaitIterateBatch(): each GetBatchTensorC below waits for its loop.
    asc.matmul.iterate_n_batch %mm, %batch_loop, %batch_a, %batch_b {sync = false, en_sequential_write = false} : !mm_nbatch_t

    // for (int32_t i = 0; i < BATCH_LOOP; ++i) {
    scf.for %i = %c0_i32 to %batch_loop step %c1_i32 : i32 {
      // cLocal = inQueueC.AllocTensor<float>();
      // mm.GetBatchTensorC<false>(cLocal, batchA, batchB, false);  // loop i
      %c_local = asc.queue.alloc_tensor %in_queue_c : !que_in -> !ub_in
      asc.matmul.get_batch_tensor_c %mm, %batch_a, %batch_b into %c_local {sync = false, en_sequential_write = false} : !mm_nbatch_t, !ub_in
      // yLocal = outQueueY.AllocTensor<float>();
      // Muls(yLocal, cLocal, scale, batchNum * M * N);
      // inQueueC.FreeTensor(cLocal);
      // outQueueY.EnQue(yLocal); yLocal = outQueueY.DeQue<float>();
      %y_local = asc.queue.alloc_tensor %out_queue_y : !que_out -> !ub_out
      asc.muls %y_local, %c_local, %scale, %c_group : !ub_out, !ub_in
      asc.queue.free_tensor %in_queue_c, %c_local : !que_in, !ub_in
      asc.queue.enque %out_queue_y, %y_local : !que_out, !ub_out
      %c_out = asc.queue.deque %out_queue_y : !que_out -> !ub_out
      // DataCopy(cGlobal[i * batchNum * M * N], yLocal, batchNum * M * N);
      // outQueueY.FreeTensor(yLocal);
      %i_offset = arith.muli %i, %c_group : i32
      %i_offset_i64 = arith.extsi %i_offset : i32 to i64
      %c_batch = asc.subview %c_global[%i_offset_i64] : !gm_f32
      asc.data_copy %c_batch, %c_out, %c_group : !gm_f32, !ub_out
      asc.queue.free_tensor %out_queue_y, %c_out : !que_out, !ub_out
    }
    // }
    // mm.End();
    asc.matmul.end %mm : !mm_nbatch_t
    return
  }
}
