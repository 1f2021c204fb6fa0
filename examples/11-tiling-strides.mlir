// Example 08's tile loop written the way CANN's kernels write it: every
// offset comes from the tiling's fields, none from a constant. y =
// leaky_relu(A * B + bias), the bias row broadcast over the rows, A: M x Ka
// (half), B: Ka x N (half), y: M x N (float), tiles of singleCoreM rows.
//
//   extern "C" __global__ __aicore__ void matmul_tiling_strides_custom(
//       GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR y, GM_ADDR workspace,
//       GM_ADDR tilingGm)
//
// Core c owns tiles [c * T, (c + 1) * T), T = M / (singleCoreM *
// usedCoreNum), each one singleCoreM x N slot of the user workspace:
//
//   for (int32_t t = 0; t < T; ++t) {
//     int32_t g = GetBlockIdx() * T + t;
//     mm.SetTensorA(aGlobal[g * tiling.singleCoreM * tiling.Ka]);
//     mm.SetTensorB(bGlobal);
//     mm.IterateAll<false>(cGlobal[t * tiling.singleCoreM * tiling.N], 0,
//                          false, true, false);
//     mm.WaitIterateAll();            // <- the hand-written place
//     ... DataCopy in, Add the bias per row, LeakyRelu ...
//     DataCopy(yGlobal[g * tiling.singleCoreM * tiling.N], yLocal, 32 * 64);
//   }
//
// The UB buffers hold one 32 x 64 tile, which the launches' tilings give
// (singleCoreM = 32, N = 64). The tiles of two iterations are
// singleCoreM * N floats apart, a product no tiling invariant bounds
// below 2048 (docs/TilingInvariants.md), so --asc-pipeline-loops versions
// the loop: a run-time check that the stride covers the tile the vector
// core reads selects the rotated loop (tile t + 1 issued right after tile
// t's wait), the loop as written runs otherwise (docs/SyncPlacement.md,
// "Symbolic strides").

!gm_f16 = !asc.global_tensor<f16>
!gm_f32 = !asc.global_tensor<f32>
!ub_in = !asc.local_tensor<vecin, f32>
!ub_out = !asc.local_tensor<vecout, f32>
!que_bias = !asc.queue<vecin, 1>
!que_in = !asc.queue<vecin, 2>
!que_out = !asc.queue<vecout, 2>
!mm_t = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

module {
  func.func @matmul_tiling_strides_custom(%a: !asc.gm_addr {asc.no_alias},
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
    %c2048_i32 = arith.constant 2048 : i32
    %c256_bytes = arith.constant 256 : i32
    %c8192_bytes = arith.constant 8192 : i32
    %slope = arith.constant 1.000000e-01 : f32

    %pipe = asc.pipe.create
    %tiling = asc.get_tiling %tiling_gm
    %m = asc.tiling.get %tiling[M]
    %n = asc.tiling.get %tiling[N]
    %ka = asc.tiling.get %tiling[Ka]
    %single_m = asc.tiling.get %tiling[singleCoreM]
    %cores = asc.tiling.get %tiling[usedCoreNum]

    // T = M / (singleCoreM * usedCoreNum) tiles per core, starting at tile
    // c * T; a tile of A is singleCoreM * Ka halves, one of C and y
    // singleCoreM * N floats.
    %block_idx_i64 = asc.get_block_idx
    %block_idx = arith.trunci %block_idx_i64 : i64 to i32
    %rows_per_round = arith.muli %cores, %single_m : i32
    %tiles = arith.divsi %m, %rows_per_round : i32
    %first_tile = arith.muli %block_idx, %tiles : i32
    %first_row = arith.muli %first_tile, %single_m : i32
    %core_c = arith.muli %first_row, %n : i32
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
      %tile_row = arith.muli %tile, %single_m : i32
      %a_off = arith.muli %tile_row, %ka : i32
      %a_off_i64 = arith.extsi %a_off : i32 to i64
      %a_tile = asc.subview %a_global[%a_off_i64] : !gm_f16
      %slot_row = arith.muli %t, %single_m : i32
      %c_off = arith.muli %slot_row, %n : i32
      %c_off_i64 = arith.extsi %c_off : i32 to i64
      %c_tile = asc.subview %c_global[%c_off_i64] : !gm_f32
      asc.matmul.set_tensor_a %mm, %a_tile : !mm_t, !gm_f16
      asc.matmul.set_tensor_b %mm, %b_global : !mm_t, !gm_f16
      asc.matmul.iterate_all %mm, %c_tile {sync = false, en_sequential_write = false, wait_iterate_all = true, fake_msg = false, asc.output_elements = 2048 : i64} : !mm_t, !gm_f32
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
      %y_off = arith.muli %tile_row, %n : i32
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
