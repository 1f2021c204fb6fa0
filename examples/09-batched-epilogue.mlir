// A batched loop with a per-batch epilogue: y[i] = 0.125 * (A[i] * B[i]) + 1
// for every batch i of 16 x 32 by 32 x 16 products (NORMAL layout, batches
// contiguous), two batches per IterateBatch call.
//
//   extern "C" __global__ __aicore__ void batch_matmul_epilogue_custom(
//       GM_ADDR a, GM_ADDR b, GM_ADDR y, GM_ADDR workspace, GM_ADDR tilingGm)
//
// Core c owns G = batchM / 2 groups of two batches (the tiling's batchM is
// the core's batch count: it chooses the trip count, 0, 1, 2 or many). For
// each group the cube computes both products with an asynchronous
// IterateBatch<false, true> into the group's slot of the user workspace; the
// vector core reads the group back and runs the epilogue batch by batch
// (Muls, Adds), then copies the group out:
//
//   for (int32_t g = 0; g < G; ++g) {
//     mm.SetTensorA(aGlobal[(c * G + g) * 2 * 16 * 32]);
//     mm.SetTensorB(bGlobal[(c * G + g) * 2 * 32 * 16]);
//     mm.IterateBatch<false, true>(cGlobal[g * 2 * 16 * 16], 2, 2, false);
//     mm.WaitIterateBatch();             // <- the hand-written place
//     cLocal = inQueueC.AllocTensor<float>();
//     DataCopy(cLocal, cGlobal[g * 512], 512); ...
//     for (int32_t i = 0; i < 2; ++i) {   // the per-batch epilogue
//       Muls(yLocal[i * 256], cLocal[i * 256], 0.125f, 256);
//       Adds(yLocal[i * 256], yLocal[i * 256], 1.0f, 256);
//     }
//     DataCopy(yGlobal[(c * G + g) * 512], yLocal, 512); ...
//   }
//
// NOTE: the wait follows its issue, the hand-written style. Pipelined, the
// cube computes group g + 1 while the vector core runs group g's epilogue:
// the slots are one group (512 floats) apart and the epilogue reads one
// group from GM. Two facts the tiling sets, stated for the compiler: each
// call writes 512 floats (`asc.output_elements`, asc-run checks it), and
// the cube core has room for a second object of this type and tiling
// (`asc.copies = 2`: 16 x 32 and 32 x 16 halves, a few KB of the 512 KB
// L1). With both, loop pipelining runs even groups on the object and odd
// ones on a copy, two calls in flight, so the cube goes on to the next
// group while the vector core is still waiting on this one.

!gm_f16 = !asc.global_tensor<f16>
!gm_f32 = !asc.global_tensor<f32>
!ub_in = !asc.local_tensor<vecin, f32>
!ub_out = !asc.local_tensor<vecout, f32>
!que_in = !asc.queue<vecin, 2>
!que_out = !asc.queue<vecout, 2>
!mm_batch_t = !asc.matmul<a = <gm, nd, f16, layout = normal>,
                          b = <gm, nd, f16, layout = normal>,
                          c = <gm, nd, f32, layout = normal>>

module {
  func.func @batch_matmul_epilogue_custom(%a: !asc.gm_addr {asc.no_alias},
                                          %b: !asc.gm_addr {asc.no_alias},
                                          %y: !asc.gm_addr {asc.no_alias},
                                          %workspace: !asc.gm_addr {asc.no_alias, asc.workspace},
                                          %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c256_i32 = arith.constant 256 : i32
    %c512_i32 = arith.constant 512 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %c2048_bytes = arith.constant 2048 : i32
    %scale = arith.constant 1.250000e-01 : f32
    %shift = arith.constant 1.000000e+00 : f32

    %pipe = asc.pipe.create
    %tiling = asc.get_tiling %tiling_gm
    %core_batches = asc.tiling.get %tiling[batchM]
    %groups = arith.divsi %core_batches, %c2_i32 : i32

    %block_idx_i64 = asc.get_block_idx
    %block_idx = arith.trunci %block_idx_i64 : i64 to i32
    %first_group = arith.muli %block_idx, %groups : i32
    %core_c = arith.muli %first_group, %c512_i32 : i32
    %core_c_i64 = arith.extsi %core_c : i32 to i64

    %a_global = asc.set_global_buffer %a : !gm_f16
    %b_global = asc.set_global_buffer %b : !gm_f16
    %y_global = asc.set_global_buffer %y : !gm_f32
    %user_workspace = asc.get_user_workspace %workspace
    %c_global = asc.set_global_buffer %user_workspace[%core_c_i64] : !gm_f32

    %mm = asc.matmul.create {asc.copies = 2 : i64} : !mm_batch_t
    %sys_workspace = asc.get_sys_workspace_ptr
    asc.matmul.register %pipe, %sys_workspace, %mm tiling %tiling : !mm_batch_t

    %in_queue_c = asc.queue.create : !que_in
    %out_queue_y = asc.queue.create : !que_out
    asc.pipe.init_buffer %pipe, %in_queue_c, %c2_i32, %c2048_bytes : !que_in
    asc.pipe.init_buffer %pipe, %out_queue_y, %c2_i32, %c2048_bytes : !que_out

    scf.for %g = %c0_i32 to %groups step %c1_i32 : i32 {
      %group = arith.addi %first_group, %g : i32
      %ab_off = arith.muli %group, %c1024_i32 : i32
      %ab_off_i64 = arith.extsi %ab_off : i32 to i64
      %a_group = asc.subview %a_global[%ab_off_i64] : !gm_f16
      %b_group = asc.subview %b_global[%ab_off_i64] : !gm_f16
      %c_off = arith.muli %g, %c512_i32 : i32
      %c_off_i64 = arith.extsi %c_off : i32 to i64
      %c_group = asc.subview %c_global[%c_off_i64] : !gm_f32
      asc.matmul.set_tensor_a %mm, %a_group : !mm_batch_t, !gm_f16
      asc.matmul.set_tensor_b %mm, %b_group : !mm_batch_t, !gm_f16
      asc.matmul.iterate_batch %mm, %c_group batch(%c2_i32, %c2_i32) {sync = false, wait_iterate_batch = true, en_sequential_write = false, asc.output_elements = 512 : i64} : !mm_batch_t, !gm_f32
      asc.matmul.wait_iterate_batch %mm : !mm_batch_t

      %c_load = asc.queue.alloc_tensor %in_queue_c : !que_in -> !ub_in
      asc.data_copy %c_load, %c_group, %c512_i32 : !ub_in, !gm_f32
      asc.queue.enque %in_queue_c, %c_load : !que_in, !ub_in
      %c_local = asc.queue.deque %in_queue_c : !que_in -> !ub_in
      %y_local = asc.queue.alloc_tensor %out_queue_y : !que_out -> !ub_out
      // The per-batch epilogue.
      scf.for %i = %c0_i32 to %c2_i32 step %c1_i32 : i32 {
        %batch_off = arith.muli %i, %c256_i32 : i32
        %batch_off_i64 = arith.extsi %batch_off : i32 to i64
        %c_batch = asc.subview %c_local[%batch_off_i64] : !ub_in
        %y_batch = asc.subview %y_local[%batch_off_i64] : !ub_out
        asc.muls %y_batch, %c_batch, %scale, %c256_i32 : !ub_out, !ub_in
        asc.adds %y_batch, %y_batch, %shift, %c256_i32 : !ub_out, !ub_out
      }
      asc.queue.enque %out_queue_y, %y_local : !que_out, !ub_out
      asc.queue.free_tensor %in_queue_c, %c_local : !que_in, !ub_in
      %y_store = asc.queue.deque %out_queue_y : !que_out -> !ub_out
      %y_off = arith.muli %group, %c512_i32 : i32
      %y_off_i64 = arith.extsi %y_off : i32 to i64
      %y_group = asc.subview %y_global[%y_off_i64] : !gm_f32
      asc.data_copy %y_group, %y_store, %c512_i32 : !gm_f32, !ub_out
      asc.queue.free_tensor %out_queue_y, %y_store : !que_out, !ub_out
    }

    asc.matmul.end %mm : !mm_batch_t
    return
  }
}
