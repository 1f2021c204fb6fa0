!gm_f16 = !asc.global_tensor<f16>
!gm_f32 = !asc.global_tensor<f32>
!ub_f32 = !asc.local_tensor<vecin, f32>
!ubo_f32 = !asc.local_tensor<vecout, f32>
!q_f32 = !asc.queue<vecin, 1>
!q_out = !asc.queue<vecout, 1>
!mm_t = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
func.func @view_after_wait(%a: !asc.gm_addr {asc.no_alias}, %b: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias, asc.workspace}, %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
  %n = arith.constant 256 : i32
  %bytes = arith.constant 1024 : i32
  %one = arith.constant 1 : i32
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %tiling_gm
  %g_a = asc.set_global_buffer %a : !gm_f16
  %g_b = asc.set_global_buffer %b : !gm_f16
  %g_y = asc.set_global_buffer %y : !gm_f32
  %g_ws = asc.set_global_buffer %ws : !gm_f32
  %mm = asc.matmul.create : !mm_t
  %sysws = asc.get_sys_workspace_ptr
  asc.matmul.register %pipe, %sysws, %mm tiling %tiling : !mm_t
  %q = asc.queue.create : !q_f32
  %qo = asc.queue.create : !q_out
  asc.pipe.init_buffer %pipe, %q, %one, %bytes : !q_f32
  asc.pipe.init_buffer %pipe, %qo, %one, %bytes : !q_out
  asc.matmul.set_workspace %mm, %g_ws : !mm_t, !gm_f32
  asc.matmul.set_tensor_a %mm, %g_a : !mm_t, !gm_f16
  asc.matmul.set_tensor_b %mm, %g_b : !mm_t, !gm_f16
  %more = asc.matmul.iterate %mm {sync = false} : !mm_t
  %blk = asc.matmul.get_tensor_c %mm {sync = false} : !mm_t -> !gm_f32
  asc.matmul.wait_get_tensor_c %mm : !mm_t
  // The block is in place after the wait: reading it is what the result form is for.
  // Copied in (MTE2), handed to the vector unit, which writes the copy out
  // (MTE3) through a VECOUT queue: each pipe ordered after the one before.
  %t = asc.queue.alloc_tensor %q : !q_f32 -> !ub_f32
  asc.data_copy %t, %blk, %n : !ub_f32, !gm_f32
  asc.queue.enque %q, %t : !q_f32, !ub_f32
  %t_in = asc.queue.deque %q : !q_f32 -> !ub_f32
  %u = asc.queue.alloc_tensor %qo : !q_out -> !ubo_f32
  %scale = arith.constant 1.0 : f32
  asc.muls %u, %t_in, %scale, %n : !ubo_f32, !ub_f32
  asc.queue.free_tensor %q, %t_in : !q_f32, !ub_f32
  asc.queue.enque %qo, %u : !q_out, !ubo_f32
  %u_out = asc.queue.deque %qo : !q_out -> !ubo_f32
  asc.data_copy %g_y, %u_out, %n : !gm_f32, !ubo_f32
  asc.queue.free_tensor %qo, %u_out : !q_out, !ubo_f32
  asc.matmul.end %mm : !mm_t
  return
}
