// Async IterateAll overlapped with vector work: an addmm kernel
// y = alpha * (A * B) + beta * bias, the bias row broadcast over the rows.
//
//   extern "C" __global__ __aicore__ void matmul_addmm_custom(
//       GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR y, GM_ADDR workspace,
//       GM_ADDR tilingGm)
//
// The cube core computes this core's singleCoreM x singleCoreN block of
// A * B into the user workspace (GetUserWorkspace(workspace)) with an
// asynchronous IterateAll<false>(cGlobal, 0, false, true, false)
// (waitIterateAll = true), so the call returns at once. The vector core
// meanwhile has independent work: it loads this core's slice of the bias into
// UB and scales it by beta. Only then does it read C back, row by row
// (DataCopy from cGlobal into a VECIN tile), scale it by alpha into a VECOUT
// tile, add the bias row there and copy the VECOUT tile out to y.
//
//   mm.IterateAll<false>(cGlobal, 0, false, true, false);
//   mm.WaitIterateAll();              // <- where kernel authors put it
//   biasLocal = inQueueBias.AllocTensor<float>();
//   DataCopy(biasLocal, biasGlobal, singleCoreN); ...
//   Muls(biasLocal, biasLocal, beta, singleCoreN);
//   for (int32_t row = 0; row < singleCoreM; ++row) {
//     cLocal = inQueueC.AllocTensor<float>();
//     DataCopy(cLocal, cGlobal[row * N], singleCoreN);   // first read of C
//     ...
//     yLocal = outQueueY.AllocTensor<float>();
//     Muls(yLocal, cLocal, alpha, singleCoreN);
//     Add(yLocal, yLocal, biasLocal, singleCoreN);
//     ...
//     DataCopy(yGlobal[row * N], yLocal, singleCoreN);
//   }
//   mm.End();
//
// NOTE: the wait is written immediately after the issue, the defensive
// hand-written style. It is correct but overlaps nothing: the bias load and
// Muls below do not touch C, so the wait belongs right before the scf.for
// whose DataCopy first reads C. This is the input the wait-placement pass is
// meant to improve (it sinks asc.matmul.wait_iterate_all past the
// independent vector work).
//
// What it shows: asc.get_user_workspace; an async, waitable iterate_all to
// GM, its wait, independent UB work that could overlap the cube computation,
// and a later read of C; vector instructions from VECIN sources into a VECOUT
// destination (the CopyIn / Compute / CopyOut queue pattern).

// GlobalTensor<half>, GlobalTensor<float>
!gm_f16 = !asc.global_tensor<f16>
!gm_f32 = !asc.global_tensor<f32>
// LocalTensor<float> at VECIN, LocalTensor<float> at VECOUT
!ub_in = !asc.local_tensor<vecin, f32>
!ub_out = !asc.local_tensor<vecout, f32>
// TQue<TPosition::VECIN, 1>, TQue<TPosition::VECIN, 2>, TQue<TPosition::VECOUT, 2>
!que_bias = !asc.queue<vecin, 1>
!que_in = !asc.queue<vecin, 2>
!que_out = !asc.queue<vecout, 2>
// matmul::Matmul<MatmulType<GM, ND, half>, MatmulType<GM, ND, half>,
//                MatmulType<GM, ND, float>>
!mm_t = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

module {
  func.func @matmul_addmm_custom(%a: !asc.gm_addr {asc.no_alias},
                                 %b: !asc.gm_addr {asc.no_alias},
                                 %bias: !asc.gm_addr {asc.no_alias},
                                 %y: !asc.gm_addr {asc.no_alias},
                                 %workspace: !asc.gm_addr {asc.no_alias, asc.workspace},
                                 %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c4_i32 = arith.constant 4 : i32    // sizeof(float)
    %alpha = arith.constant 1.000000e+00 : f32
    %beta = arith.constant 5.000000e-01 : f32

    // TPipe pipe; TCubeTiling tiling; CopyTiling(&tiling, tilingGm);
    %pipe = asc.pipe.create
    %tiling = asc.get_tiling %tiling_gm
    %m = asc.tiling.get %tiling[M]
    %n = asc.tiling.get %tiling[N]
    %ka = asc.tiling.get %tiling[Ka]
    %single_m = asc.tiling.get %tiling[singleCoreM]
    %single_n = asc.tiling.get %tiling[singleCoreN]

    // CalcGMOffset(GetBlockIdx(), tiling, offsetA, offsetB, offsetC, offsetBias);
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
    %a_global = asc.set_global_buffer %a[%offset_a_i64] : !gm_f16
    %b_global = asc.set_global_buffer %b[%offset_b_i64] : !gm_f16
    %bias_global = asc.set_global_buffer %bias[%offset_b_i64] : !gm_f32
    %y_global = asc.set_global_buffer %y[%offset_c_i64] : !gm_f32
    // The M x N product goes to the user workspace, laid out like y:
    //   GM_ADDR userWorkspace = GetUserWorkspace(workspace);
    //   cGlobal.SetGlobalBuffer((__gm__ float *)userWorkspace + offsetC);
    %user_workspace = asc.get_user_workspace %workspace
    %c_global = asc.set_global_buffer %user_workspace[%offset_c_i64] : !gm_f32

    // matmul::Matmul<...> mm;
    // REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
    %mm = asc.matmul.create : !mm_t
    %sys_workspace = asc.get_sys_workspace_ptr
    asc.matmul.register %pipe, %sys_workspace, %mm tiling %tiling : !mm_t

    // pipe.InitBuffer(inQueueBias, 1, singleCoreN * sizeof(float));
    // pipe.InitBuffer(inQueueC, 2, singleCoreN * sizeof(float));
    // pipe.InitBuffer(outQueueY, 2, singleCoreN * sizeof(float));
    %row_bytes = arith.muli %single_n, %c4_i32 : i32
    %in_queue_bias = asc.queue.create : !que_bias
    %in_queue_c = asc.queue.create : !que_in
    %out_queue_y = asc.queue.create : !que_out
    asc.pipe.init_buffer %pipe, %in_queue_bias, %c1_i32, %row_bytes : !que_bias
    asc.pipe.init_buffer %pipe, %in_queue_c, %c2_i32, %row_bytes : !que_in
    asc.pipe.init_buffer %pipe, %out_queue_y, %c2_i32, %row_bytes : !que_out

    asc.matmul.set_tensor_a %mm, %a_global : !mm_t, !gm_f16
    asc.matmul.set_tensor_b %mm, %b_global : !mm_t, !gm_f16

    // mm.IterateAll<false>(cGlobal, 0, false, true, false);
    asc.matmul.iterate_all %mm, %c_global {sync = false, en_sequential_write = false, wait_iterate_all = true, fake_msg = false} : !mm_t, !gm_f32
    // mm.WaitIterateAll();
    // Hand-written placement: immediately after the issue. Nothing until the
    // scf.for below reads C, so the wait-placement pass moves this wait down
    // to just before that loop and lets the bias work overlap the cube.
    asc.matmul.wait_iterate_all %mm : !mm_t

    // Independent vector work: does not touch C.
    //   biasLocal = inQueueBias.AllocTensor<float>();
    //   DataCopy(biasLocal, biasGlobal, singleCoreN);
    //   inQueueBias.EnQue(biasLocal); biasLocal = inQueueBias.DeQue<float>();
    //   Muls(biasLocal, biasLocal, beta, singleCoreN);
    %bias_load = asc.queue.alloc_tensor %in_queue_bias : !que_bias -> !ub_in
    asc.data_copy %bias_load, %bias_global, %single_n : !ub_in, !gm_f32
    asc.queue.enque %in_queue_bias, %bias_load : !que_bias, !ub_in
    %bias_local = asc.queue.deque %in_queue_bias : !que_bias -> !ub_in
    asc.muls %bias_local, %bias_local, %beta, %single_n : !ub_in, !ub_in

    // for (int32_t row = 0; row < singleCoreM; ++row) {
    //   // CopyIn
    //   cLocal = inQueueC.AllocTensor<float>();
    //   DataCopy(cLocal, cGlobal[row * N], singleCoreN);   // reads C
    //   inQueueC.EnQue(cLocal);
    //   // Compute
    //   cLocal = inQueueC.DeQue<float>();
    //   yLocal = outQueueY.AllocTensor<float>();
    //   Muls(yLocal, cLocal, alpha, singleCoreN);
    //   Add(yLocal, yLocal, biasLocal, singleCoreN);
    //   outQueueY.EnQue(yLocal);
    //   inQueueC.FreeTensor(cLocal);
    //   // CopyOut
    //   yLocal = outQueueY.DeQue<float>();
    //   DataCopy(yGlobal[row * N], yLocal, singleCoreN);
    //   outQueueY.FreeTensor(yLocal);
    // }
    scf.for %row = %c0_i32 to %single_m step %c1_i32 : i32 {
      %row_offset = arith.muli %row, %n : i32
      %row_offset_i64 = arith.extsi %row_offset : i32 to i64
      %c_row = asc.subview %c_global[%row_offset_i64] : !gm_f32
      %c_load = asc.queue.alloc_tensor %in_queue_c : !que_in -> !ub_in
      asc.data_copy %c_load, %c_row, %single_n : !ub_in, !gm_f32
      asc.queue.enque %in_queue_c, %c_load : !que_in, !ub_in
      %c_local = asc.queue.deque %in_queue_c : !que_in -> !ub_in
      %y_local = asc.queue.alloc_tensor %out_queue_y : !que_out -> !ub_out
      asc.muls %y_local, %c_local, %alpha, %single_n : !ub_out, !ub_in
      asc.add %y_local, %y_local, %bias_local, %single_n : !ub_out, !ub_out, !ub_in
      asc.queue.enque %out_queue_y, %y_local : !que_out, !ub_out
      asc.queue.free_tensor %in_queue_c, %c_local : !que_in, !ub_in
      %y_store = asc.queue.deque %out_queue_y : !que_out -> !ub_out
      %y_row = asc.subview %y_global[%row_offset_i64] : !gm_f32
      asc.data_copy %y_row, %y_store, %single_n : !gm_f32, !ub_out
      asc.queue.free_tensor %out_queue_y, %y_store : !que_out, !ub_out
    }
    // inQueueBias.FreeTensor(biasLocal);
    asc.queue.free_tensor %in_queue_bias, %bias_local : !que_bias, !ub_in

    // mm.End();
    asc.matmul.end %mm : !mm_t
    return
  }
}
