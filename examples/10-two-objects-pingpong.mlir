// A kernel with two Matmul objects alternating tiles:
// y = leaky_relu(A * B + bias) as in 08-tiled-bias-act.mlir, but each
// iteration takes a pair of tiles: the even tile on one object, the odd one
// on the other, each with its own setters, issue and wait.
//
//   extern "C" __global__ __aicore__ void matmul_pingpong_custom(
//       GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR y, GM_ADDR workspace,
//       GM_ADDR tilingGm)
//
// Core c owns the pairs [c * P, (c + 1) * P), P = M / (64 * usedCoreNum):
//
//   for (int32_t p = 0; p < P; ++p) {
//     mm0.SetTensorA(aGlobal[(2 * (c * P + p)) * 32 * 32]); mm0.SetTensorB(bGlobal);
//     mm0.IterateAll<false>(cGlobal[2 * p * 2048], 0, false, true, false);
//     mm0.WaitIterateAll();
//     ... bias, LeakyRelu and copy out of the even tile ...
//     mm1.SetTensorA(aGlobal[(2 * (c * P + p) + 1) * 32 * 32]); mm1.SetTensorB(bGlobal);
//     mm1.IterateAll<false>(cGlobal[(2 * p + 1) * 2048], 0, false, true, false);
//     mm1.WaitIterateAll();
//     ... bias, LeakyRelu and copy out of the odd tile ...
//   }
//
// NOTE: each wait follows its issue, the hand-written style. Pipelined, each
// object's issue moves up to right after the other's wait: mm1 computes the
// odd tile while the vector core finishes the even one, and mm0 the next
// pair's even tile while it finishes the odd one; one issue is in flight at
// a time.

!gm_f16 = !asc.global_tensor<f16>
!gm_f32 = !asc.global_tensor<f32>
!ub_in = !asc.local_tensor<vecin, f32>
!ub_out = !asc.local_tensor<vecout, f32>
!que_bias = !asc.queue<vecin, 1>
!que_in = !asc.queue<vecin, 2>
!que_out = !asc.queue<vecout, 2>
!mm_t = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

module {
  func.func @matmul_pingpong_custom(%a: !asc.gm_addr {asc.no_alias},
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

    // P = M / (64 * usedCoreNum) pairs of tiles per core, from tile 2 * c * P.
    %block_idx_i64 = asc.get_block_idx
    %block_idx = arith.trunci %block_idx_i64 : i64 to i32
    %rows_per_round = arith.muli %cores, %c64_i32 : i32
    %pairs = arith.divsi %m, %rows_per_round : i32
    %first_pair = arith.muli %block_idx, %pairs : i32
    %first_tile = arith.muli %first_pair, %c2_i32 : i32
    %core_c = arith.muli %first_tile, %c2048_i32 : i32
    %core_c_i64 = arith.extsi %core_c : i32 to i64

    %a_global = asc.set_global_buffer %a : !gm_f16
    %b_global = asc.set_global_buffer %b : !gm_f16
    %bias_global = asc.set_global_buffer %bias : !gm_f32
    %y_global = asc.set_global_buffer %y : !gm_f32
    // This core's slots of the user workspace, one tile each.
    %user_workspace = asc.get_user_workspace %workspace
    %c_global = asc.set_global_buffer %user_workspace[%core_c_i64] : !gm_f32

    %mm0 = asc.matmul.create : !mm_t
    %mm1 = asc.matmul.create : !mm_t
    %sys_workspace = asc.get_sys_workspace_ptr
    asc.matmul.register %pipe, %sys_workspace, %mm0, %mm1 tiling %tiling, %tiling : !mm_t, !mm_t

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

    scf.for %p = %c0_i32 to %pairs step %c1_i32 : i32 {
      %pair_tile0 = arith.muli %p, %c2_i32 : i32
      %t0 = arith.addi %pair_tile0, %c0_i32 : i32
      %tile0 = arith.addi %first_tile, %t0 : i32
      %a_off0 = arith.muli %tile0, %c1024_i32 : i32
      %a_off0_i64 = arith.extsi %a_off0 : i32 to i64
      %a_tile0 = asc.subview %a_global[%a_off0_i64] : !gm_f16
      %c_off0 = arith.muli %t0, %c2048_i32 : i32
      %c_off0_i64 = arith.extsi %c_off0 : i32 to i64
      %c_tile0 = asc.subview %c_global[%c_off0_i64] : !gm_f32
      asc.matmul.set_tensor_a %mm0, %a_tile0 : !mm_t, !gm_f16
      asc.matmul.set_tensor_b %mm0, %b_global : !mm_t, !gm_f16
      asc.matmul.iterate_all %mm0, %c_tile0 {sync = false, en_sequential_write = false, wait_iterate_all = true, fake_msg = false} : !mm_t, !gm_f32
      asc.matmul.wait_iterate_all %mm0 : !mm_t

      %c_load0 = asc.queue.alloc_tensor %in_queue_c : !que_in -> !ub_in
      asc.data_copy %c_load0, %c_tile0, %c2048_i32 : !ub_in, !gm_f32
      asc.queue.enque %in_queue_c, %c_load0 : !que_in, !ub_in
      %c_local0 = asc.queue.deque %in_queue_c : !que_in -> !ub_in
      %y_local0 = asc.queue.alloc_tensor %out_queue_y : !que_out -> !ub_out
      scf.for %r0 = %c0_i32 to %c32_i32 step %c1_i32 : i32 {
        %row0 = arith.muli %r0, %c64_i32 : i32
        %row0_i64 = arith.extsi %row0 : i32 to i64
        %y_row0 = asc.subview %y_local0[%row0_i64] : !ub_out
        %c_row0 = asc.subview %c_local0[%row0_i64] : !ub_in
        asc.add %y_row0, %c_row0, %bias_local, %c64_i32 : !ub_out, !ub_in, !ub_in
      }
      asc.leaky_relu %y_local0, %y_local0, %slope, %c2048_i32 : !ub_out, !ub_out
      asc.queue.enque %out_queue_y, %y_local0 : !que_out, !ub_out
      asc.queue.free_tensor %in_queue_c, %c_local0 : !que_in, !ub_in
      %y_store0 = asc.queue.deque %out_queue_y : !que_out -> !ub_out
      %y_off0 = arith.muli %tile0, %c2048_i32 : i32
      %y_off0_i64 = arith.extsi %y_off0 : i32 to i64
      %y_tile0 = asc.subview %y_global[%y_off0_i64] : !gm_f32
      asc.data_copy %y_tile0, %y_store0, %c2048_i32 : !gm_f32, !ub_out
      asc.queue.free_tensor %out_queue_y, %y_store0 : !que_out, !ub_out
      %pair_tile1 = arith.muli %p, %c2_i32 : i32
      %t1 = arith.addi %pair_tile1, %c1_i32 : i32
      %tile1 = arith.addi %first_tile, %t1 : i32
      %a_off1 = arith.muli %tile1, %c1024_i32 : i32
      %a_off1_i64 = arith.extsi %a_off1 : i32 to i64
      %a_tile1 = asc.subview %a_global[%a_off1_i64] : !gm_f16
      %c_off1 = arith.muli %t1, %c2048_i32 : i32
      %c_off1_i64 = arith.extsi %c_off1 : i32 to i64
      %c_tile1 = asc.subview %c_global[%c_off1_i64] : !gm_f32
      asc.matmul.set_tensor_a %mm1, %a_tile1 : !mm_t, !gm_f16
      asc.matmul.set_tensor_b %mm1, %b_global : !mm_t, !gm_f16
      asc.matmul.iterate_all %mm1, %c_tile1 {sync = false, en_sequential_write = false, wait_iterate_all = true, fake_msg = false} : !mm_t, !gm_f32
      asc.matmul.wait_iterate_all %mm1 : !mm_t

      %c_load1 = asc.queue.alloc_tensor %in_queue_c : !que_in -> !ub_in
      asc.data_copy %c_load1, %c_tile1, %c2048_i32 : !ub_in, !gm_f32
      asc.queue.enque %in_queue_c, %c_load1 : !que_in, !ub_in
      %c_local1 = asc.queue.deque %in_queue_c : !que_in -> !ub_in
      %y_local1 = asc.queue.alloc_tensor %out_queue_y : !que_out -> !ub_out
      scf.for %r1 = %c0_i32 to %c32_i32 step %c1_i32 : i32 {
        %row1 = arith.muli %r1, %c64_i32 : i32
        %row1_i64 = arith.extsi %row1 : i32 to i64
        %y_row1 = asc.subview %y_local1[%row1_i64] : !ub_out
        %c_row1 = asc.subview %c_local1[%row1_i64] : !ub_in
        asc.add %y_row1, %c_row1, %bias_local, %c64_i32 : !ub_out, !ub_in, !ub_in
      }
      asc.leaky_relu %y_local1, %y_local1, %slope, %c2048_i32 : !ub_out, !ub_out
      asc.queue.enque %out_queue_y, %y_local1 : !que_out, !ub_out
      asc.queue.free_tensor %in_queue_c, %c_local1 : !que_in, !ub_in
      %y_store1 = asc.queue.deque %out_queue_y : !que_out -> !ub_out
      %y_off1 = arith.muli %tile1, %c2048_i32 : i32
      %y_off1_i64 = arith.extsi %y_off1 : i32 to i64
      %y_tile1 = asc.subview %y_global[%y_off1_i64] : !gm_f32
      asc.data_copy %y_tile1, %y_store1, %c2048_i32 : !gm_f32, !ub_out
      asc.queue.free_tensor %out_queue_y, %y_store1 : !que_out, !ub_out
    }
    asc.queue.free_tensor %in_queue_bias, %bias_local : !que_bias, !ub_in

    asc.matmul.end %mm0 : !mm_t
    asc.matmul.end %mm1 : !mm_t
    return
  }
}
