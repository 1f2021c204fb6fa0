// A synchronous `while (mm.Iterate())` loop fetching into UB, then the
// same object's IterateAll: the reproducer of
// test/asc-run/promote-iterate-loop-reuse.test.
!gm_f16 = !asc.global_tensor<f16>
!gm_f32 = !asc.global_tensor<f32>
!ub_f32 = !asc.local_tensor<vecin, f32>
!ubo_f32 = !asc.local_tensor<vecout, f32>
!q_f32 = !asc.queue<vecin, 2>
!q_out = !asc.queue<vecout, 2>
!mm_plain = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
func.func @reuse_after_promoted_loop(%a: !asc.gm_addr {asc.no_alias}, %c: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias, asc.workspace, asc.block_workspace = #asc.block_workspace<bytes_per_core = 4096>}, %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
  %i0 = arith.constant 0 : i32
  %i1 = arith.constant 1 : i32
  %nbuf = arith.constant 2 : i32
  %qbytes = arith.constant 2048 : i32
  %n = arith.constant 128 : i32
  %half = arith.constant 5.000000e-01 : f32
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %tiling_gm
  %g_a = asc.set_global_buffer %a : !gm_f16
  %g_c = asc.set_global_buffer %c : !gm_f32
  %g_y = asc.set_global_buffer %y : !gm_f32
  %mm = asc.matmul.create : !mm_plain
  %sysws = asc.get_sys_workspace_ptr
  asc.matmul.register %pipe, %sysws, %mm tiling %tiling : !mm_plain
  %qv = asc.queue.create : !q_f32
  %qo = asc.queue.create : !q_out
  asc.pipe.init_buffer %pipe, %qv, %nbuf, %qbytes : !q_f32
  asc.pipe.init_buffer %pipe, %qo, %nbuf, %qbytes : !q_out
  asc.matmul.set_tensor_a %mm, %g_a : !mm_plain, !gm_f16
  asc.matmul.set_tensor_b %mm, %g_a : !mm_plain, !gm_f16
  %rounds = scf.while (%r = %i0) : (i32) -> i32 {
    %more = asc.matmul.iterate %mm : !mm_plain
    scf.condition(%more) %r : i32
  } do {
  ^bb0(%k: i32):
    %t = asc.queue.alloc_tensor %qv : !q_f32 -> !ub_f32
    asc.matmul.get_tensor_c %mm, %t {en_sequential_write = true} : !mm_plain, !ub_f32
    %o = asc.queue.alloc_tensor %qo : !q_out -> !ubo_f32
    asc.adds %o, %t, %half, %n : !ubo_f32, !ub_f32
    asc.queue.free_tensor %qv, %t : !q_f32, !ub_f32
    asc.queue.enque %qo, %o : !q_out, !ubo_f32
    %z = asc.queue.deque %qo : !q_out -> !ubo_f32
    asc.data_copy %g_y, %z, %n : !gm_f32, !ubo_f32
    asc.queue.free_tensor %qo, %z : !q_out, !ubo_f32
    %next = arith.addi %k, %i1 : i32
    scf.yield %next : i32
  }
  asc.matmul.set_tensor_a %mm, %g_a : !mm_plain, !gm_f16
  asc.matmul.set_tensor_b %mm, %g_a : !mm_plain, !gm_f16
  asc.matmul.iterate_all %mm, %g_c : !mm_plain, !gm_f32
  asc.matmul.end %mm : !mm_plain
  return
}
