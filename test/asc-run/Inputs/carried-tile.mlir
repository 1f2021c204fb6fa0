!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The double-buffered kernel of double-buffered.mlir with its last pair
// after the loop, which carries the pair's first tile out (0 when it makes
// no trip): tile r's work overlaps mm1's call of tile r + 1, issued by the
// loop's last trip or, when it made none, before it. Twins by sed: %n = 2
// (no trip), the first copy reading tile r + 1 (racy), the loop starting
// its carried tile at 1 (racy when it makes no trip).
func.func @carried_tile(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
  %n = arith.constant 6 : i32
  %s = arith.constant 1.0 : f32
  %pipe = asc.pipe.create
  %sys = asc.get_sys_workspace_ptr
  %tiling = asc.get_tiling %tiling_gm
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %k0 = arith.constant 0 : i32
  %k1 = arith.constant 1 : i32
  %k256 = arith.constant 256 : i32
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  %mm0 = asc.matmul.create : !mm
  %mm1 = asc.matmul.create : !mm
  asc.matmul.register %pipe, %sys, %mm0, %mm1 tiling %tiling, %tiling : !mm, !mm
  %que = asc.queue.create : !asc.queue<vecin, 1>
  %one = arith.constant 1 : i32
  %bytes = arith.constant 1024 : i32
  asc.pipe.init_buffer %pipe, %que, %one, %bytes : !asc.queue<vecin, 1>
  %u = asc.queue.alloc_tensor %que : !asc.queue<vecin, 1> -> !ub
  %offp0 = arith.muli %c0, %k256 : i32
  %off64p0 = arith.extsi %offp0 : i32 to i64
  %cp0 = asc.subview %c_g[%off64p0] : !gm
  asc.matmul.set_tensor_a %mm0, %a_g : !mm, !gm16
  asc.matmul.set_tensor_b %mm0, %a_g : !mm, !gm16
  asc.matmul.iterate_all %mm0, %cp0 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  %offp1 = arith.muli %c1, %k256 : i32
  %off64p1 = arith.extsi %offp1 : i32 to i64
  %cp1 = asc.subview %c_g[%off64p1] : !gm
  asc.matmul.set_tensor_a %mm1, %a_g : !mm, !gm16
  asc.matmul.set_tensor_b %mm1, %a_g : !mm, !gm16
  asc.matmul.iterate_all %mm1, %cp1 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
  %last = arith.subi %n, %c2 : i32
  %r = scf.for %g = %c0 to %last step %c2 iter_args(%next = %c0) -> (i32) : i32 {
    %g1 = arith.addi %g, %c1 : i32
    %g2 = arith.addi %g, %c2 : i32
    %g3 = arith.addi %g, %c3 : i32
    asc.matmul.wait_iterate_all %mm0 : !mm
    %offx0 = arith.muli %g, %k256 : i32
    %off64x0 = arith.extsi %offx0 : i32 to i64
    %cx0 = asc.subview %c_g[%off64x0] : !gm
    asc.data_copy %u, %cx0, %k256 : !ub, !gm
    asc.pipe_barrier pipe_all
    asc.adds %u, %u, %s, %k256 : !ub, !ub
    asc.pipe_barrier pipe_all
    %offn0 = arith.muli %g2, %k256 : i32
    %off64n0 = arith.extsi %offn0 : i32 to i64
    %cn0 = asc.subview %c_g[%off64n0] : !gm
    asc.matmul.set_tensor_a %mm0, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm0, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm0, %cn0 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    asc.matmul.wait_iterate_all %mm1 : !mm
    %offx1 = arith.muli %g1, %k256 : i32
    %off64x1 = arith.extsi %offx1 : i32 to i64
    %cx1 = asc.subview %c_g[%off64x1] : !gm
    asc.data_copy %u, %cx1, %k256 : !ub, !gm
    asc.pipe_barrier pipe_all
    asc.adds %u, %u, %s, %k256 : !ub, !ub
    asc.pipe_barrier pipe_all
    %offn1 = arith.muli %g3, %k256 : i32
    %off64n1 = arith.extsi %offn1 : i32 to i64
    %cn1 = asc.subview %c_g[%off64n1] : !gm
    asc.matmul.set_tensor_a %mm1, %a_g : !mm, !gm16
    asc.matmul.set_tensor_b %mm1, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm1, %cn1 {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    scf.yield %g2 : i32
  }
  // The last pair: mm1's call of tile r + 1 is in flight over tile r's work.
  %r1 = arith.addi %r, %c1 : i32
  asc.matmul.wait_iterate_all %mm0 : !mm
  %offe0 = arith.muli %r, %k256 : i32
  %off64e0 = arith.extsi %offe0 : i32 to i64
  %ce0 = asc.subview %c_g[%off64e0] : !gm
  asc.data_copy %u, %ce0, %k256 : !ub, !gm
  asc.pipe_barrier pipe_all
  asc.adds %u, %u, %s, %k256 : !ub, !ub
  asc.pipe_barrier pipe_all
  asc.matmul.wait_iterate_all %mm1 : !mm
  %offe1 = arith.muli %r1, %k256 : i32
  %off64e1 = arith.extsi %offe1 : i32 to i64
  %ce1 = asc.subview %c_g[%off64e1] : !gm
  asc.data_copy %u, %ce1, %k256 : !ub, !gm
  asc.pipe_barrier pipe_all
  asc.adds %u, %u, %s, %k256 : !ub, !ub
  asc.pipe_barrier pipe_all
  asc.matmul.end %mm0 : !mm
  asc.matmul.end %mm1 : !mm
  return
}
