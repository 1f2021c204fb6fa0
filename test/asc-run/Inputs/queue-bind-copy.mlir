// asc-run test input: the kernel of examples/05-async-get-tensor-c-ub.mlir
// with its blocks copied out as they are, through a
// TQueBind<VECIN, VECOUT> and no vector work:
//
//   cLocal = bindQueue.AllocTensor<float>();
//   mm.template GetTensorC<false>(cLocal, 0, true);
//   bindQueue.EnQue(cLocal);            // MTE2_MTE3
//   cLocal = bindQueue.DeQue<float>();
//   DataCopy(yGlobal[startOffset], cLocal, copyParam);
//   bindQueue.FreeTensor(cLocal);       // MTE3_MTE2, before the next fetch
//
// The bind's hand-off is the MTE2 -> MTE3 ordering rule P7 asks of a block
// copied out by MTE3 (GetTensorC<false>(ub) orders only the vector pipe).

// GlobalTensor<half>, GlobalTensor<float>, LocalTensor<float> at VECOUT
!gm_f16 = !asc.global_tensor<f16>
!gm_f32 = !asc.global_tensor<f32>
!ub_out = !asc.local_tensor<vecout, f32>
// TQueBind<TPosition::VECIN, TPosition::VECOUT, 2>
!que_bind = !asc.queue<vecin -> vecout, 2>
// matmul::Matmul<MatmulType<GM, ND, half>, MatmulType<GM, ND, half>,
//                MatmulType<VECOUT, ND, float>>
!mm_t = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecout, nd, f32>>

module {
  func.func @matmul_copy_through_bind(%a: !asc.gm_addr {asc.no_alias},
                                       %b: !asc.gm_addr {asc.no_alias},
                                       %y: !asc.gm_addr {asc.no_alias},
                                       %workspace: !asc.gm_addr {asc.no_alias, asc.workspace},
                                       %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c4_i32 = arith.constant 4 : i32    // sizeof(float)
    %c32_i32 = arith.constant 32 : i32  // DEFAULT_C0_SIZE

    // TPipe pipe; TCubeTiling tiling; CopyTiling(&tiling, tilingGm);
    %pipe = asc.pipe.create
    %tiling = asc.get_tiling %tiling_gm
    %m = asc.tiling.get %tiling[M]
    %n = asc.tiling.get %tiling[N]
    %ka = asc.tiling.get %tiling[Ka]
    %single_m = asc.tiling.get %tiling[singleCoreM]
    %single_n = asc.tiling.get %tiling[singleCoreN]
    %base_m = asc.tiling.get %tiling[baseM]
    %base_n = asc.tiling.get %tiling[baseN]

    // CalcGMOffset(GetBlockIdx(), tiling, offsetA, offsetB, offsetC);
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
    %y_global = asc.set_global_buffer %y[%offset_c_i64] : !gm_f32
    // Each core gets its own singleCoreM x singleCoreN slice of the workspace
    // for the blocks the async Iterate leaves there:
    //   workspaceGlobal.SetGlobalBuffer((__gm__ float *)workspace +
    //       GetBlockIdx() * singleCoreM * singleCoreN, singleCoreM * singleCoreN);
    %ws_elems = arith.muli %single_m, %single_n : i32
    %ws_elems_i64 = arith.extsi %ws_elems : i32 to i64
    %ws_offset_i64 = arith.muli %block_idx_i64, %ws_elems_i64 : i64
    %workspace_global = asc.set_global_buffer %workspace[%ws_offset_i64], %ws_elems_i64 : !gm_f32

    // matmul::Matmul<...> mm;
    // REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
    %mm = asc.matmul.create : !mm_t
    %sys_workspace = asc.get_sys_workspace_ptr
    asc.matmul.register %pipe, %sys_workspace, %mm tiling %tiling : !mm_t

    // pipe.InitBuffer(bindQueue, 2, baseM * baseN * sizeof(float));
    %bind_queue = asc.queue.create : !que_bind
    %block_elems = arith.muli %base_m, %base_n : i32
    %block_bytes = arith.muli %block_elems, %c4_i32 : i32
    asc.pipe.init_buffer %pipe, %bind_queue, %c2_i32, %block_bytes : !que_bind

    // mm.SetWorkspace(workspaceGlobal);
    // mm.SetTensorA(aGlobal); mm.SetTensorB(bGlobal);
    asc.matmul.set_workspace %mm, %workspace_global : !mm_t, !gm_f32
    asc.matmul.set_tensor_a %mm, %a_global : !mm_t, !gm_f16
    asc.matmul.set_tensor_b %mm, %b_global : !mm_t, !gm_f16

    // roundM = singleCoreM / baseM;
    // copyParam = {baseM, baseN * sizeof(float) / DEFAULT_C0_SIZE, 0,
    //              (N - baseN) * sizeof(float) / DEFAULT_C0_SIZE};
    %round_m = arith.divsi %single_m, %base_m : i32
    %row_bytes = arith.muli %base_n, %c4_i32 : i32
    %block_len = arith.divsi %row_bytes, %c32_i32 : i32
    %gap = arith.subi %n, %base_n : i32
    %gap_bytes = arith.muli %gap, %c4_i32 : i32
    %dst_stride = arith.divsi %gap_bytes, %c32_i32 : i32

    // mm.template Iterate<false>();   // its answer is not needed
    %more = asc.matmul.iterate %mm {sync = false} : !mm_t
    // for (int32_t count = 0; count < roundM * roundN; ++count) { ... }
    // with roundN = singleCoreN / baseN, computed while the cube runs.
    %round_n = arith.divsi %single_n, %base_n : i32
    %blocks = arith.muli %round_m, %round_n : i32
    scf.for %count = %c0_i32 to %blocks step %c1_i32 : i32 {
      %c_local = asc.queue.alloc_tensor %bind_queue : !que_bind -> !ub_out
      asc.matmul.get_tensor_c %mm, %c_local {sync = false, en_atomic = 0 : i32, en_sequential_write = true} : !mm_t, !ub_out
      %m_step = arith.remsi %count, %round_m : i32
      %m_step_rows = arith.muli %m_step, %base_m : i32
      %m_start = arith.muli %m_step_rows, %n : i32
      %n_step = arith.divsi %count, %round_m : i32
      %n_start = arith.muli %n_step, %base_n : i32
      %start_offset = arith.addi %m_start, %n_start : i32
      %start_offset_i64 = arith.extsi %start_offset : i32 to i64
      asc.queue.enque %bind_queue, %c_local : !que_bind, !ub_out
      %c_store = asc.queue.deque %bind_queue : !que_bind -> !ub_out
      %y_block = asc.subview %y_global[%start_offset_i64] : !gm_f32
      asc.data_copy %y_block, %c_store params(%base_m, %block_len, %c0_i32, %dst_stride) : !gm_f32, !ub_out
      asc.queue.free_tensor %bind_queue, %c_store : !que_bind, !ub_out
    }
    // mm.End();
    asc.matmul.end %mm : !mm_t
    return
  }
}
