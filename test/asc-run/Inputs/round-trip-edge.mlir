!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gh = !asc.global_tensor<f16>
!gf = !asc.global_tensor<f32>
!ui = !asc.local_tensor<vecin, f16>

// test/Transforms/asc-sync-placement-round-trip-edge.mlir's kernels, run:
// a spill of A to GM by MTE3 and its reload by MTE2, ordered only by the
// synchronous IterateAll's round trip (O8). @ub_reload reloads into the
// buffer the spill read, @gm_reload into another queue's buffer (only the
// GM bytes are shared). y is A, through the spill.
func.func @ub_reload(%pa: !asc.gm_addr {asc.no_alias}, %pb: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %ps: !asc.gm_addr {asc.no_alias}, %py: !asc.gm_addr {asc.no_alias}, %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
  %n = arith.constant 256 : i32
  %e = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %bytes = arith.constant 512 : i32
  %pipe = asc.pipe.create
  %sys = asc.get_sys_workspace_ptr
  %tiling = asc.get_tiling %tiling_gm
  %a = asc.set_global_buffer %pa : !gh
  %b = asc.set_global_buffer %pb : !gh
  %c = asc.set_global_buffer %pc : !gf
  %sp = asc.set_global_buffer %ps : !gh
  %y = asc.set_global_buffer %py : !gh
  %mm = asc.matmul.create : !mm
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm
  %q = asc.queue.create : !asc.queue<vecin, 1>
  asc.pipe.init_buffer %pipe, %q, %one, %bytes : !asc.queue<vecin, 1>
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ui
  asc.data_copy %t, %a, %n : !ui, !gh
  asc.set_flag mte2_mte3, %e
  asc.wait_flag mte2_mte3, %e
  asc.data_copy %sp, %t, %n : !gh, !ui
  asc.matmul.set_tensor_a %mm, %a : !mm, !gh
  asc.matmul.set_tensor_b %mm, %b : !mm, !gh
  asc.matmul.iterate_all %mm, %c : !mm, !gf
  asc.data_copy %t, %sp, %n : !ui, !gh
  asc.set_flag mte2_mte3, %e
  asc.wait_flag mte2_mte3, %e
  asc.data_copy %y, %t, %n : !gh, !ui
  asc.queue.free_tensor %q, %t : !asc.queue<vecin, 1>, !ui
  asc.matmul.end %mm : !mm
  return
}

func.func @gm_reload(%pa: !asc.gm_addr {asc.no_alias}, %pb: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %ps: !asc.gm_addr {asc.no_alias}, %py: !asc.gm_addr {asc.no_alias}, %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
  %n = arith.constant 256 : i32
  %e = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %bytes = arith.constant 512 : i32
  %pipe = asc.pipe.create
  %sys = asc.get_sys_workspace_ptr
  %tiling = asc.get_tiling %tiling_gm
  %a = asc.set_global_buffer %pa : !gh
  %b = asc.set_global_buffer %pb : !gh
  %c = asc.set_global_buffer %pc : !gf
  %sp = asc.set_global_buffer %ps : !gh
  %y = asc.set_global_buffer %py : !gh
  %mm = asc.matmul.create : !mm
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm
  %q = asc.queue.create : !asc.queue<vecin, 1>
  %r = asc.queue.create : !asc.queue<vecin, 1>
  asc.pipe.init_buffer %pipe, %q, %one, %bytes : !asc.queue<vecin, 1>
  asc.pipe.init_buffer %pipe, %r, %one, %bytes : !asc.queue<vecin, 1>
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ui
  asc.data_copy %t, %a, %n : !ui, !gh
  asc.set_flag mte2_mte3, %e
  asc.wait_flag mte2_mte3, %e
  asc.data_copy %sp, %t, %n : !gh, !ui
  asc.queue.free_tensor %q, %t : !asc.queue<vecin, 1>, !ui
  asc.matmul.set_tensor_a %mm, %a : !mm, !gh
  asc.matmul.set_tensor_b %mm, %b : !mm, !gh
  asc.matmul.iterate_all %mm, %c : !mm, !gf
  %u = asc.queue.alloc_tensor %r : !asc.queue<vecin, 1> -> !ui
  asc.data_copy %u, %sp, %n : !ui, !gh
  asc.set_flag mte2_mte3, %e
  asc.wait_flag mte2_mte3, %e
  asc.data_copy %y, %u, %n : !gh, !ui
  asc.queue.free_tensor %r, %u : !asc.queue<vecin, 1>, !ui
  asc.matmul.end %mm : !mm
  return
}
