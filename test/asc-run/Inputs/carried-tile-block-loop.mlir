!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A loop that carries a tile out, in a block loop with no wait after it:
// in the block loop's first trip the tile loop makes one trip, issues tile
// 0 and carries 7 out; in the second it makes none and carries 0 out, and
// the copy of tile 0 meets the first trip's call, still in flight. The
// call in flight after the tile loop may come from an earlier run of its
// block, so the checker does not take it for this run's last trip.
func.func @carried_tile_block_loop(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
  %s = arith.constant 1.0 : f32
  %pipe = asc.pipe.create
  %sys = asc.get_sys_workspace_ptr
  %tiling = asc.get_tiling %tiling_gm
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %k256 = arith.constant 256 : i32
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm
  %que = asc.queue.create : !asc.queue<vecin, 1>
  %bytes = arith.constant 1024 : i32
  asc.pipe.init_buffer %pipe, %que, %c1, %bytes : !asc.queue<vecin, 1>
  %u = asc.queue.alloc_tensor %que : !asc.queue<vecin, 1> -> !ub
  %offp = arith.muli %c5, %k256 : i32
  %off64p = arith.extsi %offp : i32 to i64
  %cp = asc.subview %c_g[%off64p] : !gm
  asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %a_g : !mm, !gm16
  asc.matmul.iterate_all %mm, %cp {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  scf.for %o = %c0 to %c2 step %c1 : i32 {
    %trips = arith.subi %c1, %o : i32
    %r = scf.for %j = %c0 to %trips step %c1 iter_args(%next = %c0) -> (i32) : i32 {
      asc.matmul.wait_iterate_all %mm : !mm
      %offn = arith.muli %c0, %k256 : i32
      %off64n = arith.extsi %offn : i32 to i64
      %cn = asc.subview %c_g[%off64n] : !gm
      asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
      asc.matmul.set_tensor_b %mm, %a_g : !mm, !gm16
      asc.matmul.iterate_all %mm, %cn {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
      scf.yield %c7 : i32
    }
    %offx = arith.muli %r, %k256 : i32
    %off64x = arith.extsi %offx : i32 to i64
    %cx = asc.subview %c_g[%off64x] : !gm
    asc.data_copy %u, %cx, %k256 : !ub, !gm
    asc.pipe_barrier pipe_all
    asc.adds %u, %u, %s, %k256 : !ub, !ub
    asc.pipe_barrier pipe_all
  }
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}
