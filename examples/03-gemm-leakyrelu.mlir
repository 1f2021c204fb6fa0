// GEMM + LeakyReLU: the `matmul_leakyrelu` sample kernel of the Ascend C
// Matmul high-level API (MatmulLeakyKernel).
//
//   extern "C" __global__ __aicore__ void matmul_leakyrelu_custom(
//       GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR workspace,
//       GM_ADDR tilingGm)
//
// The vector core drives the Matmul object block by block:
//
//   matmulObj.SetTensorA(aGlobal); matmulObj.SetTensorB(bGlobal);
//   matmulObj.SetBias(biasGlobal);
//   while (matmulObj.template Iterate<true>()) {
//     reluOutLocal = reluOutQueue_.AllocTensor<float>();
//     matmulObj.template GetTensorC<true>(reluOutLocal, 0, true);
//     LeakyRelu(reluOutLocal, reluOutLocal, (float)0.001, baseM * baseN);
//     reluOutQueue_.EnQue(reluOutLocal);
//     reluOutLocal = reluOutQueue_.DeQue<float>();
//     DataCopy(cGlobal[startOffset], reluOutLocal, copyParam);
//     reluOutQueue_.FreeTensor(reluOutLocal);
//     computeRound++;
//   }
//   matmulObj.End();
//
// Each synchronous GetTensorC lands one baseM x baseN block of C = A * B + bias
// in a VECOUT buffer; LeakyRelu runs in place and DataCopy writes the block to
// its place in the singleCoreM x singleCoreN block of C in GM with strided
// DataCopyParams {baseM, baseN * 4 / 32, 0, (N - baseN) * 4 / 32}.
//
// The host sets aside 4096 bytes of user workspace per core (a core's
// singleCoreM x singleCoreN floats, 32 x 32 x 4 with the launch's tiling),
// which the kernel does not use: asc.block_workspace says so, and lets
// promote-sync turn the loop into Iterate<false> plus a counted loop of
// GetTensorC<false> + WaitGetTensorC that fetches the blocks from each
// core's slice (docs/SyncPlacement.md, "Promoting an Iterate loop").
//
// What it shows: the `while (mm.Iterate())` loop as scf.while (the condition
// region calls asc.matmul.iterate) carrying the round counter, a synchronous
// get_tensor_c into a queue buffer, the queue alloc/enque/deque/free cycle,
// and the params form of asc.data_copy into a subview of C.

// GlobalTensor<half>, GlobalTensor<float>, LocalTensor<float> at VECOUT
!gm_f16 = !asc.global_tensor<f16>
!gm_f32 = !asc.global_tensor<f32>
!ub_out = !asc.local_tensor<vecout, f32>
// TQue<TPosition::VECOUT, 1>
!que_out = !asc.queue<vecout, 1>
// matmul::Matmul<MatmulType<GM, ND, half>, MatmulType<GM, ND, half>,
//                MatmulType<VECCALC, ND, float>, MatmulType<GM, ND, float>>
!mm_t = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>,
                    c = <veccalc, nd, f32>, bias = <gm, nd, f32>>

module {
  func.func @matmul_leakyrelu_custom(%a: !asc.gm_addr {asc.no_alias},
                                     %b: !asc.gm_addr {asc.no_alias},
                                     %bias: !asc.gm_addr {asc.no_alias},
                                     %c: !asc.gm_addr {asc.no_alias},
                                     %workspace: !asc.gm_addr {asc.workspace, asc.block_workspace = #asc.block_workspace<bytes_per_core = 4096>},
                                     %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32    // sizeof(float)
    %c32_i32 = arith.constant 32 : i32  // DEFAULT_C0_SIZE
    %alpha = arith.constant 1.000000e-03 : f32

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

    // MatmulLeakyKernel<half, half, float, float> matmulKernel;
    // REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), matmulKernel.matmulObj, &tiling);
    %mm = asc.matmul.create : !mm_t
    %sys_workspace = asc.get_sys_workspace_ptr
    asc.matmul.register %pipe, %sys_workspace, %mm tiling %tiling : !mm_t

    // matmulKernel.Init(a, b, bias, c, workspace, tiling, &pipe):
    //   CalcOffset(GetBlockIdx(), tiling, offsetA, offsetB, offsetC, offsetBias);
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
    //   aGlobal = aGlobal[offsetA]; ... biasGlobal = biasGlobal[offsetBias];
    %offset_a_i64 = arith.extsi %offset_a : i32 to i64
    %offset_b_i64 = arith.extsi %offset_b : i32 to i64
    %offset_c_i64 = arith.extsi %offset_c : i32 to i64
    %a_global = asc.set_global_buffer %a[%offset_a_i64] : !gm_f16
    %b_global = asc.set_global_buffer %b[%offset_b_i64] : !gm_f16
    %bias_global = asc.set_global_buffer %bias[%offset_b_i64] : !gm_f32
    %c_global = asc.set_global_buffer %c[%offset_c_i64] : !gm_f32
    //   pipe->InitBuffer(reluOutQueue_, 1, tiling.baseM * tiling.baseN * sizeof(float));
    %relu_out_queue = asc.queue.create : !que_out
    %block_elems = arith.muli %base_m, %base_n : i32
    %block_bytes = arith.muli %block_elems, %c4_i32 : i32
    asc.pipe.init_buffer %pipe, %relu_out_queue, %c1_i32, %block_bytes : !que_out

    // matmulKernel.Process(&pipe):
    //   matmulObj.SetTensorA(aGlobal); matmulObj.SetTensorB(bGlobal);
    //   matmulObj.SetBias(biasGlobal);
    asc.matmul.set_tensor_a %mm, %a_global : !mm_t, !gm_f16
    asc.matmul.set_tensor_b %mm, %b_global : !mm_t, !gm_f16
    asc.matmul.set_bias %mm, %bias_global : !mm_t, !gm_f32

    // roundM = singleCoreM / baseM;
    // copyParam = {baseM, baseN * sizeof(float) / DEFAULT_C0_SIZE, 0,
    //              (N - baseN) * sizeof(float) / DEFAULT_C0_SIZE};
    %round_m = arith.divsi %single_m, %base_m : i32
    %row_bytes = arith.muli %base_n, %c4_i32 : i32
    %block_len = arith.divsi %row_bytes, %c32_i32 : i32
    %gap = arith.subi %n, %base_n : i32
    %gap_bytes = arith.muli %gap, %c4_i32 : i32
    %dst_stride = arith.divsi %gap_bytes, %c32_i32 : i32

    //   uint32_t computeRound = 0;
    //   while (matmulObj.template Iterate<true>()) { ... computeRound++; }
    %rounds = scf.while (%round = %c0_i32) : (i32) -> i32 {
      %more = asc.matmul.iterate %mm : !mm_t
      scf.condition(%more) %round : i32
    } do {
    ^bb0(%count: i32):
      // MatmulCompute():
      //   reluOutLocal = reluOutQueue_.AllocTensor<float>();
      //   matmulObj.template GetTensorC<true>(reluOutLocal, 0, true);
      %relu_out_local = asc.queue.alloc_tensor %relu_out_queue : !que_out -> !ub_out
      asc.matmul.get_tensor_c %mm, %relu_out_local {en_sequential_write = true} : !mm_t, !ub_out
      // LeakyReluCompute():
      //   LeakyRelu(reluOutLocal, reluOutLocal, (float)0.001, baseM * baseN);
      //   reluOutQueue_.EnQue(reluOutLocal);
      asc.leaky_relu %relu_out_local, %relu_out_local, %alpha, %block_elems : !ub_out, !ub_out
      asc.queue.enque %relu_out_queue, %relu_out_local : !que_out, !ub_out
      // CopyOut(computeRound):
      //   reluOutLocal = reluOutQueue_.DeQue<float>();
      //   startOffset = count % roundM * baseM * N + count / roundM * baseN;
      //   DataCopy(cGlobal[startOffset], reluOutLocal, copyParam);
      //   reluOutQueue_.FreeTensor(reluOutLocal);
      %copy_local = asc.queue.deque %relu_out_queue : !que_out -> !ub_out
      %m_step = arith.remsi %count, %round_m : i32
      %m_step_rows = arith.muli %m_step, %base_m : i32
      %m_start = arith.muli %m_step_rows, %n : i32
      %n_step = arith.divsi %count, %round_m : i32
      %n_start = arith.muli %n_step, %base_n : i32
      %start_offset = arith.addi %m_start, %n_start : i32
      %start_offset_i64 = arith.extsi %start_offset : i32 to i64
      %c_block = asc.subview %c_global[%start_offset_i64] : !gm_f32
      asc.data_copy %c_block, %copy_local params(%base_m, %block_len, %c0_i32, %dst_stride) : !gm_f32, !ub_out
      asc.queue.free_tensor %relu_out_queue, %copy_local : !que_out, !ub_out
      %next = arith.addi %count, %c1_i32 : i32
      scf.yield %next : i32
    }
    //   matmulObj.End();
    asc.matmul.end %mm : !mm_t
    return
  }
}
