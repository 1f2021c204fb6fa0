// iterate-loop-blocks.mlir with data of the kernel's own in its user
// workspace (soundness-transformed-kernels.test): each core stashes a vector of zeros in a
// GetUserWorkspace slice of its workspace argument before the Iterate loop
// and adds it to its first output block after the loop. The
// asc.block_workspace promise (no code of the kernel uses the user
// workspace) is broken, so promote-sync must not give the blocks that
// memory: promoted, the blocks overwrite the stash and the first block is
// wrong.

!gm_f16 = !asc.global_tensor<f16>
!gm_f32 = !asc.global_tensor<f32>
!ub_in = !asc.local_tensor<vecin, f32>
!ub_out = !asc.local_tensor<vecout, f32>
!que_in = !asc.queue<vecin, 2>
!que_out = !asc.queue<vecout, 2>
!mm_t = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>

module {
  func.func @matmul_scale_blocks(%a: !asc.gm_addr {asc.no_alias},
                                 %b: !asc.gm_addr {asc.no_alias},
                                 %y: !asc.gm_addr {asc.no_alias},
                                 %workspace: !asc.gm_addr {asc.workspace, asc.block_workspace = #asc.block_workspace<bytes_per_core = 16384>},
                                 %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c4_i32 = arith.constant 4 : i32
    %c0_i64 = arith.constant 0 : i64
    %scale = arith.constant 0.5 : f32
    %pipe = asc.pipe.create
    %tiling = asc.get_tiling %tiling_gm
    %ka = asc.tiling.get %tiling[Ka]
    %single_m = asc.tiling.get %tiling[singleCoreM]
    %single_n = asc.tiling.get %tiling[singleCoreN]
    %base_m = asc.tiling.get %tiling[baseM]
    %base_n = asc.tiling.get %tiling[baseN]
    %mm = asc.matmul.create : !mm_t
    %sys_workspace = asc.get_sys_workspace_ptr
    asc.matmul.register %pipe, %sys_workspace, %mm tiling %tiling : !mm_t
    // Core i computes rows [i * singleCoreM, (i + 1) * singleCoreM) of C,
    // all singleCoreN columns; its blocks go to y[i * singleCoreM * singleCoreN].
    %block_idx_i64 = asc.get_block_idx
    %block_idx = arith.trunci %block_idx_i64 : i64 to i32
    %a_rows = arith.muli %block_idx, %single_m : i32
    %offset_a = arith.muli %a_rows, %ka : i32
    %offset_a_i64 = arith.extsi %offset_a : i32 to i64
    %y_elems = arith.muli %single_m, %single_n : i32
    %y_elems_i64 = arith.extsi %y_elems : i32 to i64
    %offset_y = arith.muli %block_idx_i64, %y_elems_i64 : i64
    %a_global = asc.set_global_buffer %a[%offset_a_i64] : !gm_f16
    %b_global = asc.set_global_buffer %b : !gm_f16
    %y_global = asc.set_global_buffer %y[%offset_y] : !gm_f32
    %in_queue = asc.queue.create : !que_in
    %out_queue = asc.queue.create : !que_out
    %block_elems = arith.muli %base_m, %base_n : i32
    %block_elems_i64 = arith.extsi %block_elems : i32 to i64
    %block_bytes = arith.muli %block_elems, %c4_i32 : i32
    asc.pipe.init_buffer %pipe, %in_queue, %c2_i32, %block_bytes : !que_in
    asc.pipe.init_buffer %pipe, %out_queue, %c2_i32, %block_bytes : !que_out
    %zero = arith.constant 0.0 : f32
    %user = asc.get_user_workspace %workspace
    %stash_off = arith.muli %block_idx_i64, %block_elems_i64 : i64
    %stash = asc.set_global_buffer %user[%stash_off] : !gm_f32
    %zeros = asc.queue.alloc_tensor %out_queue : !que_out -> !ub_out
    asc.duplicate %zeros, %zero, %block_elems : !ub_out
    asc.queue.enque %out_queue, %zeros : !que_out, !ub_out
    %zeros_out = asc.queue.deque %out_queue : !que_out -> !ub_out
    asc.data_copy %stash, %zeros_out, %block_elems : !gm_f32, !ub_out
    asc.queue.free_tensor %out_queue, %zeros_out : !que_out, !ub_out
    asc.pipe_barrier pipe_all
    asc.matmul.set_tensor_a %mm, %a_global : !mm_t, !gm_f16
    asc.matmul.set_tensor_b %mm, %b_global : !mm_t, !gm_f16
    %done:2 = scf.while (%offset = %c0_i64, %count = %c0_i32) : (i64, i32) -> (i64, i32) {
      %more = asc.matmul.iterate %mm : !mm_t
      scf.condition(%more) %offset, %count : i64, i32
    } do {
    ^bb0(%off: i64, %cnt: i32):
      %c_local = asc.queue.alloc_tensor %in_queue : !que_in -> !ub_in
      asc.matmul.get_tensor_c %mm, %c_local {en_sequential_write = true} : !mm_t, !ub_in
      %y_local = asc.queue.alloc_tensor %out_queue : !que_out -> !ub_out
      asc.muls %y_local, %c_local, %scale, %block_elems : !ub_out, !ub_in
      asc.queue.free_tensor %in_queue, %c_local : !que_in, !ub_in
      asc.queue.enque %out_queue, %y_local : !que_out, !ub_out
      %y_store = asc.queue.deque %out_queue : !que_out -> !ub_out
      %y_block = asc.subview %y_global[%off] : !gm_f32
      asc.data_copy %y_block, %y_store, %block_elems : !gm_f32, !ub_out
      asc.queue.free_tensor %out_queue, %y_store : !que_out, !ub_out
      %next_off = arith.addi %off, %block_elems_i64 : i64
      %next_cnt = arith.addi %cnt, %c1_i32 : i32
      scf.yield %next_off, %next_cnt : i64, i32
    }
    // The first block plus the stash, when the core has blocks.
    %has_blocks = arith.cmpi sgt, %done#1, %c0_i32 : i32
    scf.if %has_blocks {
      asc.pipe_barrier pipe_all
      %s_in = asc.queue.alloc_tensor %in_queue : !que_in -> !ub_in
      asc.data_copy %s_in, %stash, %block_elems : !ub_in, !gm_f32
      %y_in = asc.queue.alloc_tensor %in_queue : !que_in -> !ub_in
      asc.data_copy %y_in, %y_global, %block_elems : !ub_in, !gm_f32
      asc.pipe_barrier pipe_all
      %sum = asc.queue.alloc_tensor %out_queue : !que_out -> !ub_out
      asc.add %sum, %y_in, %s_in, %block_elems : !ub_out, !ub_in, !ub_in
      asc.pipe_barrier pipe_all
      asc.data_copy %y_global, %sum, %block_elems : !gm_f32, !ub_out
      asc.pipe_barrier pipe_all
      asc.queue.free_tensor %in_queue, %s_in : !que_in, !ub_in
      asc.queue.free_tensor %in_queue, %y_in : !que_in, !ub_in
      asc.queue.free_tensor %out_queue, %sum : !que_out, !ub_out
    }
    asc.matmul.end %mm : !mm_t
    return
  }
}
