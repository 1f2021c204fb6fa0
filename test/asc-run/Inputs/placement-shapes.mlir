// Complete kernels with the shapes of the placement tests
// (test/Transforms/asc-sync-placement.mlir), built on example
// 04 (same launch arguments and reference): asc-run runs them as written and
// after --asc-sync-placement, and its race checker judges each placement
// from the runtime footprints (test/asc-run/placement-shapes.test).

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
  func.func @shape_branch(%a: !asc.gm_addr {asc.no_alias},
                                 %b: !asc.gm_addr {asc.no_alias},
                                 %bias: !asc.gm_addr {asc.no_alias},
                                 %y: !asc.gm_addr {asc.no_alias},
                                 %workspace: !asc.gm_addr {asc.no_alias, asc.workspace},
                                 %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c4_i32 = arith.constant 4 : i32
    %alpha = arith.constant 1.000000e+00 : f32
    %beta = arith.constant 5.000000e-01 : f32

    %pipe = asc.pipe.create
    %tiling = asc.get_tiling %tiling_gm
    %m = asc.tiling.get %tiling[M]
    %n = asc.tiling.get %tiling[N]
    %ka = asc.tiling.get %tiling[Ka]
    %single_m = asc.tiling.get %tiling[singleCoreM]
    %single_n = asc.tiling.get %tiling[singleCoreN]

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
    %user_workspace = asc.get_user_workspace %workspace
    %c_global = asc.set_global_buffer %user_workspace[%offset_c_i64] : !gm_f32

    %mm = asc.matmul.create : !mm_t
    %sys_workspace = asc.get_sys_workspace_ptr
    asc.matmul.register %pipe, %sys_workspace, %mm tiling %tiling : !mm_t

    %row_bytes = arith.muli %single_n, %c4_i32 : i32
    %in_queue_bias = asc.queue.create : !que_bias
    %in_queue_c = asc.queue.create : !que_in
    %out_queue_y = asc.queue.create : !que_out
    asc.pipe.init_buffer %pipe, %in_queue_bias, %c1_i32, %row_bytes : !que_bias
    asc.pipe.init_buffer %pipe, %in_queue_c, %c2_i32, %row_bytes : !que_in
    asc.pipe.init_buffer %pipe, %out_queue_y, %c2_i32, %row_bytes : !que_out

    asc.matmul.set_tensor_a %mm, %a_global : !mm_t, !gm_f16
    asc.matmul.set_tensor_b %mm, %b_global : !mm_t, !gm_f16

    asc.matmul.iterate_all %mm, %c_global {sync = false, en_sequential_write = false, wait_iterate_all = true, fake_msg = false} : !mm_t, !gm_f32
    asc.matmul.wait_iterate_all %mm : !mm_t

    %bias_load = asc.queue.alloc_tensor %in_queue_bias : !que_bias -> !ub_in
    asc.data_copy %bias_load, %bias_global, %single_n : !ub_in, !gm_f32
    asc.queue.enque %in_queue_bias, %bias_load : !que_bias, !ub_in
    %bias_local = asc.queue.deque %in_queue_bias : !que_bias -> !ub_in
    asc.muls %bias_local, %bias_local, %beta, %single_n : !ub_in, !ub_in

    // The reads of C under a condition only the run decides (true here):
    // the wait belongs in the branch, or before it (placement's
    // if_conflict_in_then, wait_follows_branch).
    %has_rows = arith.cmpi sgt, %single_m, %c0_i32 : i32
    scf.if %has_rows {
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
    }
    asc.queue.free_tensor %in_queue_bias, %bias_local : !que_bias, !ub_in

    asc.matmul.end %mm : !mm_t
    return
  }

  func.func @shape_late_issue(%a: !asc.gm_addr {asc.no_alias},
                                 %b: !asc.gm_addr {asc.no_alias},
                                 %bias: !asc.gm_addr {asc.no_alias},
                                 %y: !asc.gm_addr {asc.no_alias},
                                 %workspace: !asc.gm_addr {asc.no_alias, asc.workspace},
                                 %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c4_i32 = arith.constant 4 : i32
    %alpha = arith.constant 1.000000e+00 : f32
    %beta = arith.constant 5.000000e-01 : f32

    %pipe = asc.pipe.create
    %tiling = asc.get_tiling %tiling_gm
    %m = asc.tiling.get %tiling[M]
    %n = asc.tiling.get %tiling[N]
    %ka = asc.tiling.get %tiling[Ka]
    %single_m = asc.tiling.get %tiling[singleCoreM]
    %single_n = asc.tiling.get %tiling[singleCoreN]

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
    %user_workspace = asc.get_user_workspace %workspace
    %c_global = asc.set_global_buffer %user_workspace[%offset_c_i64] : !gm_f32

    %mm = asc.matmul.create : !mm_t
    %sys_workspace = asc.get_sys_workspace_ptr
    asc.matmul.register %pipe, %sys_workspace, %mm tiling %tiling : !mm_t

    %row_bytes = arith.muli %single_n, %c4_i32 : i32
    %in_queue_bias = asc.queue.create : !que_bias
    %in_queue_c = asc.queue.create : !que_in
    %out_queue_y = asc.queue.create : !que_out
    asc.pipe.init_buffer %pipe, %in_queue_bias, %c1_i32, %row_bytes : !que_bias
    asc.pipe.init_buffer %pipe, %in_queue_c, %c2_i32, %row_bytes : !que_in
    asc.pipe.init_buffer %pipe, %out_queue_y, %c2_i32, %row_bytes : !que_out

    asc.matmul.set_tensor_a %mm, %a_global : !mm_t, !gm_f16
    asc.matmul.set_tensor_b %mm, %b_global : !mm_t, !gm_f16


    %bias_load = asc.queue.alloc_tensor %in_queue_bias : !que_bias -> !ub_in
    asc.data_copy %bias_load, %bias_global, %single_n : !ub_in, !gm_f32
    asc.queue.enque %in_queue_bias, %bias_load : !que_bias, !ub_in
    %bias_local = asc.queue.deque %in_queue_bias : !que_bias -> !ub_in
    asc.muls %bias_local, %bias_local, %beta, %single_n : !ub_in, !ub_in

    // Issued after the bias work it does not depend on: placement hoists
    // the issue above that work (hoist_issue) and keeps the wait here.
    asc.matmul.iterate_all %mm, %c_global {sync = false, en_sequential_write = false, wait_iterate_all = true, fake_msg = false} : !mm_t, !gm_f32
    asc.matmul.wait_iterate_all %mm : !mm_t
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
    asc.queue.free_tensor %in_queue_bias, %bias_local : !que_bias, !ub_in

    asc.matmul.end %mm : !mm_t
    return
  }
}
