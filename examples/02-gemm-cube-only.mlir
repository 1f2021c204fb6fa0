// Cube-only GEMM with an optional bias: the Ascend C Matmul sample built
// for the cube core alone.
//
//   #define ASCENDC_CUBE_ONLY
//   #include "lib/matmul_intf.h"
//   extern "C" __global__ __aicore__ void matmul_cube_only(
//       GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR workspace,
//       GM_ADDR tilingGm)
//   {
//     KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
//     ...
//     if ASCEND_IS_AIC { ... }
//   }
//
// `asc.cube_only` makes the kernel cube-only: the emitted file defines
// ASCENDC_CUBE_ONLY before the Matmul header (without it the cube core runs
// the mix-mode server loop and the kernel hangs) and the kernel declares the
// AIC-only kernel type. The kernel copies the tiling, registers the Matmul
// object without a tiling in its top-level block (REGIST_MATMUL_OBJ declares
// locals, so never inside a branch) and initialises it with mm.Init(&tiling).
// Under `if ASCEND_IS_AIC` it locates its singleCoreM x singleCoreN block of
// C = A * B^T + bias, sets A and the transposed B (SetTensorB(b, true)), sets
// the bias only when the host tiling says so (`if (tiling.isBias)`),
// computes the block with a synchronous IterateAll into GM and calls End().
//
// What it shows: a cube-only kernel, scf.if on asc.is_aic around the
// computation, register + init instead of register-with-tiling, a
// transposed B part, SetBias guarded by the isBias tiling field.

// GlobalTensor<half>, GlobalTensor<float>
!gm_f16 = !asc.global_tensor<f16>
!gm_f32 = !asc.global_tensor<f32>
// matmul::Matmul<MatmulType<GM, ND, half>, MatmulType<GM, ND, half, true>,
//                MatmulType<GM, ND, float>, MatmulType<GM, ND, float>>
!mm_t = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16, transposed>,
                    c = <gm, nd, f32>, bias = <gm, nd, f32>>

module {
  func.func @matmul_cube_only(%a: !asc.gm_addr {asc.no_alias},
                              %b: !asc.gm_addr {asc.no_alias},
                              %bias: !asc.gm_addr {asc.no_alias},
                              %c: !asc.gm_addr {asc.no_alias},
                              %workspace: !asc.gm_addr {asc.workspace},
                              %tiling_gm: !asc.gm_addr)
      attributes {asc.kernel, asc.cube_only} {
    %c0_i32 = arith.constant 0 : i32

    // TPipe pipe; TCubeTiling tiling; CopyTiling(&tiling, tilingGm);
    %pipe = asc.pipe.create
    %tiling = asc.get_tiling %tiling_gm

    // matmul::Matmul<...> mm;
    // REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm);
    // mm.Init(&tiling);
    %mm = asc.matmul.create : !mm_t
    %sys_workspace = asc.get_sys_workspace_ptr
    asc.matmul.register %pipe, %sys_workspace, %mm : !mm_t
    asc.matmul.init %mm, %tiling : !mm_t

    // if ASCEND_IS_AIC {
    %is_aic = asc.is_aic
    scf.if %is_aic {
      %m = asc.tiling.get %tiling[M]
      %n = asc.tiling.get %tiling[N]
      %ka = asc.tiling.get %tiling[Ka]
      %kb = asc.tiling.get %tiling[Kb]
      %single_m = asc.tiling.get %tiling[singleCoreM]
      %single_n = asc.tiling.get %tiling[singleCoreN]

      // mSingleBlocks = Ceiling(M, singleCoreM);
      // mCoreIndx = blockIdx % mSingleBlocks; nCoreIndx = blockIdx / mSingleBlocks;
      %block_idx_i64 = asc.get_block_idx
      %block_idx = arith.trunci %block_idx_i64 : i64 to i32
      %m_blocks = arith.ceildivsi %m, %single_m : i32
      %m_core = arith.remsi %block_idx, %m_blocks : i32
      %n_core = arith.divsi %block_idx, %m_blocks : i32
      // offsetA = mCoreIndx * Ka * singleCoreM;
      %a_rows = arith.muli %m_core, %ka : i32
      %offset_a = arith.muli %a_rows, %single_m : i32
      // offsetB = nCoreIndx * Kb * singleCoreN;   (B^T is N x K)
      %b_rows = arith.muli %n_core, %kb : i32
      %offset_b = arith.muli %b_rows, %single_n : i32
      // offsetBias = nCoreIndx * singleCoreN;
      %offset_bias = arith.muli %n_core, %single_n : i32
      // offsetC = mCoreIndx * N * singleCoreM + nCoreIndx * singleCoreN;
      %c_rows = arith.muli %m_core, %n : i32
      %c_row_offset = arith.muli %c_rows, %single_m : i32
      %offset_c = arith.addi %c_row_offset, %offset_bias : i32

      %offset_a_i64 = arith.extsi %offset_a : i32 to i64
      %offset_b_i64 = arith.extsi %offset_b : i32 to i64
      %offset_bias_i64 = arith.extsi %offset_bias : i32 to i64
      %offset_c_i64 = arith.extsi %offset_c : i32 to i64
      %a_global = asc.set_global_buffer %a[%offset_a_i64] : !gm_f16
      %b_global = asc.set_global_buffer %b[%offset_b_i64] : !gm_f16
      %bias_global = asc.set_global_buffer %bias[%offset_bias_i64] : !gm_f32
      %c_global = asc.set_global_buffer %c[%offset_c_i64] : !gm_f32

      // mm.SetTensorA(aGlobal, false); mm.SetTensorB(bGlobal, true);
      asc.matmul.set_tensor_a %mm, %a_global {is_transpose = false} : !mm_t, !gm_f16
      asc.matmul.set_tensor_b %mm, %b_global {is_transpose = true} : !mm_t, !gm_f16
      // if (tiling.isBias) { mm.SetBias(biasGlobal); }
      %is_bias_i32 = asc.tiling.get %tiling[isBias]
      %is_bias = arith.cmpi ne, %is_bias_i32, %c0_i32 : i32
      scf.if %is_bias {
        asc.matmul.set_bias %mm, %bias_global : !mm_t, !gm_f32
      }

      // mm.IterateAll(cGlobal);
      asc.matmul.iterate_all %mm, %c_global : !mm_t, !gm_f32
      // mm.End();
      asc.matmul.end %mm : !mm_t
    }
    // }
    return
  }
}
