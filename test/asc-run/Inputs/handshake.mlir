// Kernels for the client/server handshake as CANN's c220 code runs it
// (docs/Runtime.md, "The handshake"), one block each, M = N = 16, K = 32:
// @nbatch_flagged_fetch: IterateNBatch with its wait flag, WaitIterateBatch,
//   then GetBatchTensorC (into VECIN, scaled by 1 into VECOUT, copied out):
//   the server signals once, the wait takes that signal, and the first
//   fetch waits forever (a hang).
// @read_after_end: IterateAll without its wait flag, End(), a read of C:
//   End() completes nothing, so the read races.
// @bias_lost: a second IterateAll with a new SetTensorA and no SetBias runs
//   without bias (the reference expects bias on both).
// @flagless_then_sync: IterateAll without its wait flag, then a synchronous
//   IterateAll of the same object, then a read of the first's C: the
//   server runs them in order, so the second's return completes the first.
// @setters_in_flight: setters between an async IterateAll and its wait
//   stage the next message; the in-flight call keeps its own.
!gm_f16 = !asc.global_tensor<f16>
!gm_f32 = !asc.global_tensor<f32>
!ub_in = !asc.local_tensor<vecin, f32>
!ub_out = !asc.local_tensor<vecout, f32>
!que_in = !asc.queue<vecin, 1>
!que_out = !asc.queue<vecout, 1>
!mm_t = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>,
                    bias = <gm, nd, f32>>
!mm_nb = !asc.matmul<a = <gm, nd, f16, layout = bngs1s2>,
                     b = <gm, nd, f16, layout = bngs1s2>,
                     c = <gm, nd, f32, layout = bngs1s2>,
                     config = <norm, is_n_batch = true>>

func.func @nbatch_flagged_fetch(%a: !asc.gm_addr {asc.no_alias},
                                %b: !asc.gm_addr {asc.no_alias},
                                %y: !asc.gm_addr {asc.no_alias},
                                %workspace: !asc.gm_addr {asc.no_alias, asc.workspace},
                                %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %loops = arith.constant 2 : i32
  %count = arith.constant 256 : i32
  %bytes = arith.constant 1024 : i32
  %i0 = arith.constant 0 : i64
  %ws_elems = arith.constant 512 : i64
  %one = arith.constant 1.0 : f32
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %tiling_gm
  %mm = asc.matmul.create : !mm_nb
  %sys = asc.get_sys_workspace_ptr
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm_nb
  %que_in = asc.queue.create : !que_in
  %que = asc.queue.create : !que_out
  asc.pipe.init_buffer %pipe, %que_in, %c1_i32, %bytes : !que_in
  asc.pipe.init_buffer %pipe, %que, %c1_i32, %bytes : !que_out
  %ga = asc.set_global_buffer %a : !gm_f16
  %gb = asc.set_global_buffer %b : !gm_f16
  %gy = asc.set_global_buffer %y : !gm_f32
  %gws = asc.set_global_buffer %workspace[%i0], %ws_elems : !gm_f32
  asc.matmul.set_workspace %mm, %gws : !mm_nb, !gm_f32
  asc.matmul.set_tensor_a %mm, %ga : !mm_nb, !gm_f16
  asc.matmul.set_tensor_b %mm, %gb : !mm_nb, !gm_f16
  asc.matmul.iterate_n_batch %mm, %loops, %c1_i32, %c1_i32 {sync = false, wait_iterate_batch = true} : !mm_nb
  asc.matmul.wait_iterate_batch %mm : !mm_nb
  scf.for %i = %c0_i32 to %loops step %c1_i32 : i32 {
    %t = asc.queue.alloc_tensor %que_in : !que_in -> !ub_in
    asc.matmul.get_batch_tensor_c %mm, %c1_i32, %c1_i32 into %t {sync = false} : !mm_nb, !ub_in
    %u = asc.queue.alloc_tensor %que : !que_out -> !ub_out
    asc.muls %u, %t, %one, %count : !ub_out, !ub_in
    asc.queue.free_tensor %que_in, %t : !que_in, !ub_in
    asc.queue.enque %que, %u : !que_out, !ub_out
    %out = asc.queue.deque %que : !que_out -> !ub_out
    %off = arith.muli %i, %count : i32
    %off_i64 = arith.extsi %off : i32 to i64
    %gy_i = asc.subview %gy[%off_i64] : !gm_f32
    asc.data_copy %gy_i, %out, %count : !gm_f32, !ub_out
    asc.queue.free_tensor %que, %out : !que_out, !ub_out
  }
  asc.matmul.end %mm : !mm_nb
  return
}

func.func @read_after_end(%a: !asc.gm_addr {asc.no_alias},
                          %a2: !asc.gm_addr {asc.no_alias},
                          %b: !asc.gm_addr {asc.no_alias},
                          %bias: !asc.gm_addr {asc.no_alias},
                          %c1: !asc.gm_addr {asc.no_alias},
                          %c2: !asc.gm_addr {asc.no_alias},
                          %y: !asc.gm_addr {asc.no_alias},
                          %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
  %i0 = arith.constant 0 : i64
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %tiling_gm
  %mm = asc.matmul.create : !mm_t
  %sys = asc.get_sys_workspace_ptr
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm_t
  %ga = asc.set_global_buffer %a : !gm_f16
  %gb = asc.set_global_buffer %b : !gm_f16
  %gc1 = asc.set_global_buffer %c1 : !gm_f32
  %gy = asc.set_global_buffer %y : !gm_f32
  asc.matmul.set_tensor_a %mm, %ga : !mm_t, !gm_f16
  asc.matmul.set_tensor_b %mm, %gb : !mm_t, !gm_f16
  asc.matmul.iterate_all %mm, %gc1 {sync = false} : !mm_t, !gm_f32
  asc.matmul.end %mm : !mm_t
  %v = asc.get_value %gc1[%i0] : !gm_f32
  asc.set_value %gy[%i0], %v : !gm_f32
  return
}

func.func @bias_lost(%a: !asc.gm_addr {asc.no_alias},
                     %a2: !asc.gm_addr {asc.no_alias},
                     %b: !asc.gm_addr {asc.no_alias},
                     %bias: !asc.gm_addr {asc.no_alias},
                     %c1: !asc.gm_addr {asc.no_alias},
                     %c2: !asc.gm_addr {asc.no_alias},
                     %y: !asc.gm_addr {asc.no_alias},
                     %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %tiling_gm
  %mm = asc.matmul.create : !mm_t
  %sys = asc.get_sys_workspace_ptr
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm_t
  %ga = asc.set_global_buffer %a : !gm_f16
  %ga2 = asc.set_global_buffer %a2 : !gm_f16
  %gb = asc.set_global_buffer %b : !gm_f16
  %gbias = asc.set_global_buffer %bias : !gm_f32
  %gc1 = asc.set_global_buffer %c1 : !gm_f32
  %gc2 = asc.set_global_buffer %c2 : !gm_f32
  asc.matmul.set_tensor_a %mm, %ga : !mm_t, !gm_f16
  asc.matmul.set_tensor_b %mm, %gb : !mm_t, !gm_f16
  asc.matmul.set_bias %mm, %gbias : !mm_t, !gm_f32
  asc.matmul.iterate_all %mm, %gc1 : !mm_t, !gm_f32
  asc.matmul.set_tensor_a %mm, %ga2 : !mm_t, !gm_f16
  asc.matmul.iterate_all %mm, %gc2 : !mm_t, !gm_f32
  asc.matmul.end %mm : !mm_t
  return
}

func.func @flagless_then_sync(%a: !asc.gm_addr {asc.no_alias},
                              %a2: !asc.gm_addr {asc.no_alias},
                              %b: !asc.gm_addr {asc.no_alias},
                              %bias: !asc.gm_addr {asc.no_alias},
                              %c1: !asc.gm_addr {asc.no_alias},
                              %c2: !asc.gm_addr {asc.no_alias},
                              %y: !asc.gm_addr {asc.no_alias},
                              %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
  %i0 = arith.constant 0 : i64
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %tiling_gm
  %mm = asc.matmul.create : !mm_t
  %sys = asc.get_sys_workspace_ptr
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm_t
  %ga = asc.set_global_buffer %a : !gm_f16
  %ga2 = asc.set_global_buffer %a2 : !gm_f16
  %gb = asc.set_global_buffer %b : !gm_f16
  %gc1 = asc.set_global_buffer %c1 : !gm_f32
  %gc2 = asc.set_global_buffer %c2 : !gm_f32
  %gy = asc.set_global_buffer %y : !gm_f32
  asc.matmul.set_tensor_a %mm, %ga : !mm_t, !gm_f16
  asc.matmul.set_tensor_b %mm, %gb : !mm_t, !gm_f16
  asc.matmul.iterate_all %mm, %gc1 {sync = false} : !mm_t, !gm_f32
  asc.matmul.set_tensor_a %mm, %ga2 : !mm_t, !gm_f16
  asc.matmul.set_tensor_b %mm, %gb : !mm_t, !gm_f16
  asc.matmul.iterate_all %mm, %gc2 : !mm_t, !gm_f32
  %v = asc.get_value %gc1[%i0] : !gm_f32
  asc.set_value %gy[%i0], %v : !gm_f32
  asc.matmul.end %mm : !mm_t
  return
}

func.func @setters_in_flight(%a: !asc.gm_addr {asc.no_alias},
                             %a2: !asc.gm_addr {asc.no_alias},
                             %b: !asc.gm_addr {asc.no_alias},
                             %bias: !asc.gm_addr {asc.no_alias},
                             %c1: !asc.gm_addr {asc.no_alias},
                             %c2: !asc.gm_addr {asc.no_alias},
                             %y: !asc.gm_addr {asc.no_alias},
                             %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %tiling_gm
  %mm = asc.matmul.create : !mm_t
  %sys = asc.get_sys_workspace_ptr
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm_t
  %ga = asc.set_global_buffer %a : !gm_f16
  %ga2 = asc.set_global_buffer %a2 : !gm_f16
  %gb = asc.set_global_buffer %b : !gm_f16
  %gbias = asc.set_global_buffer %bias : !gm_f32
  %gc1 = asc.set_global_buffer %c1 : !gm_f32
  %gc2 = asc.set_global_buffer %c2 : !gm_f32
  asc.matmul.set_tensor_a %mm, %ga : !mm_t, !gm_f16
  asc.matmul.set_tensor_b %mm, %gb : !mm_t, !gm_f16
  asc.matmul.iterate_all %mm, %gc1 {sync = false, wait_iterate_all = true} : !mm_t, !gm_f32
  asc.matmul.set_tensor_a %mm, %ga2 : !mm_t, !gm_f16
  asc.matmul.set_tensor_b %mm, %gb : !mm_t, !gm_f16
  asc.matmul.set_bias %mm, %gbias : !mm_t, !gm_f32
  asc.matmul.wait_iterate_all %mm : !mm_t
  asc.matmul.iterate_all %mm, %gc2 : !mm_t, !gm_f32
  asc.matmul.end %mm : !mm_t
  return
}
