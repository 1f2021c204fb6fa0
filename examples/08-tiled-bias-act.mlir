// A per-core loop over output tiles with a bias add, an activation and a
// copy out: y = leaky_relu(A * B + bias), the bias row broadcast over the
// rows, A: M x 32 (half), B: 32 x 64 (half), y: M x 64 (float).
//
//   extern "C" __global__ __aicore__ void matmul_tiled_bias_act_custom(
//       GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR y, GM_ADDR workspace,
//       GM_ADDR tilingGm)
//
// The rows are cut into tiles of 32; core c owns tiles [c * T, (c + 1) * T)
// with T = M / (32 * usedCoreNum) (the tiling chooses the trip count: 0, 1,
// 2 or many). The tiling's singleCore shape is one tile (32 x 64 x 32). For
// each tile the cube computes A_tile * B with an asynchronous
// IterateAll<false> into its own slot of the user workspace, and the vector
// core reads it back, adds the bias row, applies LeakyRelu and copies the
// tile out:
//
//   for (int32_t t = 0; t < T; ++t) {
//     mm.SetTensorA(aGlobal[(c * T + t) * 32 * 32]);
//     mm.SetTensorB(bGlobal);
//     mm.IterateAll<false>(cGlobal[t * 32 * 64], 0, false, true, false);
//     mm.WaitIterateAll();            // <- the hand-written place
//     cLocal = inQueueC.AllocTensor<float>();
//     DataCopy(cLocal, cGlobal[t * 32 * 64], 32 * 64); ...
//     for (int32_t r = 0; r < 32; ++r)
//       Add(yLocal[r * 64], cLocal[r * 64], biasLocal, 64);
//     LeakyRelu(yLocal, yLocal, 0.1f, 32 * 64); ...
//     DataCopy(yGlobal[(c * T + t) * 32 * 64], yLocal, 32 * 64); ...
//   }
//
// NOTE: the wait follows its issue, the hand-written style; nothing
// overlaps. --asc-pipeline-loops (or --asc-sync-placement=pipeline-loops)
// issues tile t + 1 right after tile t's wait, so the cube computes it while
// the vector core adds, activates and copies out tile t: the workspace slots
// are one tile (2048 floats) apart and the vector work reads exactly one
// tile, so it never touches the next tile's output.

!gm_f16 = !asc.global_tensor<f16>
!gm_f32 = !asc.global_tensor<f32>
!ub_in = !asc.local_tensor<vecin, f32>
!ub_out = !asc.local_tensor<vecout, f32>
!que_bias = !asc.queue<vecin, 1>
!que_in = !asc.queue<vecin, 2>
!que_out = !asc.queue<vecout, 2>
!mm_t = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

module {
  func.func @matmul_tiled_bias_act_custom(%a: !asc.gm_addr {asc.no_alias},
                                          %b: !asc.gm_addr {asc.no_alias},
                                          %bias: !asc.gm_addr {asc.no_alias},
                                          %y: !asc.gm_addr {asc.no_alias},
                                          %workspace: !asc.gm_addr {asc.no_alias, asc.workspace},
                                          %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c32_i32 = arith.constant 32 : i32
    %c64_i32 = arith.constant 64 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %c2048_i32 = arith.constant 2048 : i32
    %c256_bytes = arith.constant 256 : i32
    %c8192_bytes = arith.constant 8192 : i32
    %slope = arith.constant 1.000000e-01 : f32

    %pipe = asc.pipe.create
    %tiling = asc.get_tiling %tiling_gm
    %m = asc.tiling.get %tiling[M]
    %cores = asc.tiling.get %tiling[usedCoreNum]

    // T = M / (32 * usedCoreNum) tiles per core, starting at tile c * T.
    %block_idx_i64 = asc.get_block_idx
    %block_idx = arith.trunci %block_idx_i64 : i64 to i32
    %rows_per_round = arith.muli %cores, %c32_i32 : i32
    %tiles = arith.divsi %m, %rows_per_round : i32
    %first_tile = arith.muli %block_idx, %tiles : i32
    %core_c = arith.muli %first_tile, %c2048_i32 : i32
    %core_c_i64 = arith.extsi %core_c : i32 to i64

    %a_global = asc.set_global_buffer %a : !gm_f16
    %b_global = asc.set_global_buffer %b : !gm_f16
    %bias_global = asc.set_global_buffer %bias : !gm_f32
    %y_global = asc.set_global_buffer %y : !gm_f32
    // This core's slots of the user workspace, one tile each.
    %user_workspace = asc.get_user_workspace %workspace
    %c_global = asc.set_global_buffer %user_workspace[%core_c_i64] : !gm_f32

    %mm = asc.matmul.create : !mm_t
    %sys_workspace = asc.get_sys_workspace_ptr
    asc.matmul.register %pipe, %sys_workspace, %mm tiling %tiling : !mm_t

    %in_queue_bias = asc.queue.create : !que_bias
    %in_queue_c = asc.queue.create : !que_in
    %out_queue_y = asc.queue.create : !que_out
    asc.pipe.init_buffer %pipe, %in_queue_bias, %c1_i32, %c256_bytes : !que_bias
    asc.pipe.init_buffer %pipe, %in_queue_c, %c2_i32, %c8192_bytes : !que_in
    asc.pipe.init_buffer %pipe, %out_queue_y, %c2_i32, %c8192_bytes : !que_out

    // The bias row, once.
    %bias_load = asc.queue.alloc_tensor %in_queue_bias : !que_bias -> !ub_in
    asc.data_copy %bias_load, %bias_global, %c64_i32 : !ub_in, !gm_f32
    asc.queue.enque %in_queue_bias, %bias_load : !que_bias, !ub_in
    %bias_local = asc.queue.deque %in_queue_bias : !que_bias -> !ub_in

    scf.for %t = %c0_i32 to %tiles step %c1_i32 : i32 {
      %tile = arith.addi %first_tile, %t : i32
      %a_off = arith.muli %tile, %c1024_i32 : i32
      %a_off_i64 = arith.extsi %a_off : i32 to i64
      %a_tile = asc.subview %a_global[%a_off_i64] : !gm_f16
      %c_off = arith.muli %t, %c2048_i32 : i32
      %c_off_i64 = arith.extsi %c_off : i32 to i64
      %c_tile = asc.subview %c_global[%c_off_i64] : !gm_f32
      asc.matmul.set_tensor_a %mm, %a_tile : !mm_t, !gm_f16
      asc.matmul.set_tensor_b %mm, %b_global : !mm_t, !gm_f16
      asc.matmul.iterate_all %mm, %c_tile {sync = false, en_sequential_write = false, wait_iterate_all = true, fake_msg = false} : !mm_t, !gm_f32
      asc.matmul.wait_iterate_all %mm : !mm_t

      %c_load = asc.queue.alloc_tensor %in_queue_c : !que_in -> !ub_in
      asc.data_copy %c_load, %c_tile, %c2048_i32 : !ub_in, !gm_f32
      asc.queue.enque %in_queue_c, %c_load : !que_in, !ub_in
      %c_local = asc.queue.deque %in_queue_c : !que_in -> !ub_in
      %y_local = asc.queue.alloc_tensor %out_queue_y : !que_out -> !ub_out
      scf.for %r = %c0_i32 to %c32_i32 step %c1_i32 : i32 {
        %row = arith.muli %r, %c64_i32 : i32
        %row_i64 = arith.extsi %row : i32 to i64
        %y_row = asc.subview %y_local[%row_i64] : !ub_out
        %c_row = asc.subview %c_local[%row_i64] : !ub_in
        asc.add %y_row, %c_row, %bias_local, %c64_i32 : !ub_out, !ub_in, !ub_in
      }
      asc.leaky_relu %y_local, %y_local, %slope, %c2048_i32 : !ub_out, !ub_out
      asc.queue.enque %out_queue_y, %y_local : !que_out, !ub_out
      asc.queue.free_tensor %in_queue_c, %c_local : !que_in, !ub_in
      %y_store = asc.queue.deque %out_queue_y : !que_out -> !ub_out
      %y_off = arith.muli %tile, %c2048_i32 : i32
      %y_off_i64 = arith.extsi %y_off : i32 to i64
      %y_tile = asc.subview %y_global[%y_off_i64] : !gm_f32
      asc.data_copy %y_tile, %y_store, %c2048_i32 : !gm_f32, !ub_out
      asc.queue.free_tensor %out_queue_y, %y_store : !que_out, !ub_out
    }
    asc.queue.free_tensor %in_queue_bias, %bias_local : !que_bias, !ub_in

    asc.matmul.end %mm : !mm_t
    return
  }
}
