// Mix-mode GEMM to global memory: the `matmul_custom` sample kernel of the
// Ascend C Matmul high-level API (without bias).
//
//   extern "C" __global__ __aicore__ void matmul_custom(
//       GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR workspace, GM_ADDR tilingGm)
//
// Each AI Core computes one singleCoreM x singleCoreN block of C = A * B.
// The kernel copies the TCubeTiling, locates its block from GetBlockIdx()
// (the sample's CalcGMOffset), registers one Matmul object with the pipe
// (REGIST_MATMUL_OBJ with the system workspace and the tiling), feeds it A
// and B, shrinks the block with SetTail(tailM, tailN) when this core has a
// tail block, and computes the block with a synchronous IterateAll straight
// into C in GM. End() releases the object and PipeBarrier<PIPE_ALL>() drains
// the pipes before the kernel returns.
//
// What it shows: the plain synchronous shape. No operation is ever pending,
// so the protocol analysis has nothing to report and the wait placement
// nothing to do.

// GlobalTensor<half>, GlobalTensor<float>
!gm_f16 = !asc.global_tensor<f16>
!gm_f32 = !asc.global_tensor<f32>
// matmul::Matmul<MatmulType<GM, ND, half>, MatmulType<GM, ND, half>,
//                MatmulType<GM, ND, float>>
!mm_t = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

module {
  func.func @matmul_custom(%a: !asc.gm_addr {asc.no_alias},
                           %b: !asc.gm_addr {asc.no_alias},
                           %c: !asc.gm_addr {asc.no_alias},
                           %workspace: !asc.gm_addr {asc.workspace},
                           %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
    %c_minus1 = arith.constant -1 : i32

    // TPipe pipe;
    // TCubeTiling tiling; CopyTiling(&tiling, tilingGm);
    %pipe = asc.pipe.create
    %tiling = asc.get_tiling %tiling_gm
    %m = asc.tiling.get %tiling[M]
    %n = asc.tiling.get %tiling[N]
    %ka = asc.tiling.get %tiling[Ka]
    %single_m = asc.tiling.get %tiling[singleCoreM]
    %single_n = asc.tiling.get %tiling[singleCoreN]

    // CalcGMOffset(GetBlockIdx(), tiling, offsetA, offsetB, offsetC,
    //              tailM, tailN, isTailBlock):
    //   mSingleBlocks = Ceiling(M, singleCoreM);
    //   mCoreIndx = blockIdx % mSingleBlocks; nCoreIndx = blockIdx / mSingleBlocks;
    %block_idx_i64 = asc.get_block_idx
    %block_idx = arith.trunci %block_idx_i64 : i64 to i32
    %m_blocks = arith.ceildivsi %m, %single_m : i32
    %m_core = arith.remsi %block_idx, %m_blocks : i32
    %n_core = arith.divsi %block_idx, %m_blocks : i32
    //   offsetA = mCoreIndx * Ka * singleCoreM;
    %a_rows = arith.muli %m_core, %ka : i32
    %offset_a = arith.muli %a_rows, %single_m : i32
    //   offsetB = nCoreIndx * singleCoreN;
    %offset_b = arith.muli %n_core, %single_n : i32
    //   offsetC = mCoreIndx * N * singleCoreM + nCoreIndx * singleCoreN;
    %c_rows = arith.muli %m_core, %n : i32
    %c_row_offset = arith.muli %c_rows, %single_m : i32
    %offset_c = arith.addi %c_row_offset, %offset_b : i32
    //   tailM = min(M - mCoreIndx * singleCoreM, singleCoreM);
    %m_done = arith.muli %m_core, %single_m : i32
    %m_rest = arith.subi %m, %m_done : i32
    %tail_m = arith.minsi %m_rest, %single_m : i32
    //   tailN = min(N - nCoreIndx * singleCoreN, singleCoreN);
    %n_done = arith.muli %n_core, %single_n : i32
    %n_rest = arith.subi %n, %n_done : i32
    %tail_n = arith.minsi %n_rest, %single_n : i32
    //   isTailBlock = tailM < singleCoreM || tailN < singleCoreN;
    %short_m = arith.cmpi slt, %tail_m, %single_m : i32
    %short_n = arith.cmpi slt, %tail_n, %single_n : i32
    %is_tail_block = arith.ori %short_m, %short_n : i1

    // aGlobal.SetGlobalBuffer((__gm__ half *)a + offsetA); ...
    %offset_a_i64 = arith.extsi %offset_a : i32 to i64
    %offset_b_i64 = arith.extsi %offset_b : i32 to i64
    %offset_c_i64 = arith.extsi %offset_c : i32 to i64
    %a_global = asc.set_global_buffer %a[%offset_a_i64] : !gm_f16
    %b_global = asc.set_global_buffer %b[%offset_b_i64] : !gm_f16
    %c_global = asc.set_global_buffer %c[%offset_c_i64] : !gm_f32

    // matmul::Matmul<...> mm;
    // REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
    %mm = asc.matmul.create : !mm_t
    %sys_workspace = asc.get_sys_workspace_ptr
    asc.matmul.register %pipe, %sys_workspace, %mm tiling %tiling : !mm_t

    // mm.SetTensorA(aGlobal); mm.SetTensorB(bGlobal);
    asc.matmul.set_tensor_a %mm, %a_global : !mm_t, !gm_f16
    asc.matmul.set_tensor_b %mm, %b_global : !mm_t, !gm_f16
    // if (isTailBlock) { mm.SetTail(tailM, tailN); }
    scf.if %is_tail_block {
      asc.matmul.set_tail %mm, %tail_m, %tail_n, %c_minus1 : !mm_t
    }

    // mm.IterateAll(cGlobal);   // IterateAll<true>: returns with C in GM
    asc.matmul.iterate_all %mm, %c_global : !mm_t, !gm_f32
    // mm.End();
    asc.matmul.end %mm : !mm_t
    // PipeBarrier<PIPE_ALL>();
    asc.pipe_barrier pipe_all
    return
  }
}
