// A vector-only kernel with scalar arguments: y = alpha * x, one row of n
// elements per block.
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>
!que = !asc.queue<vecin, 1>

func.func @scale_rows(%x: !asc.gm_addr {asc.no_alias},
                      %y: !asc.gm_addr {asc.no_alias},
                      %alpha: f32, %n: i32) attributes {asc.kernel} {
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %pipe = asc.pipe.create
  %idx = asc.get_block_idx
  %n64 = arith.extsi %n : i32 to i64
  %off = arith.muli %idx, %n64 : i64
  %gx = asc.set_global_buffer %x[%off] : !gm
  %gy = asc.set_global_buffer %y[%off] : !gm
  %q = asc.queue.create : !que
  %bytes = arith.muli %n, %c4 : i32
  asc.pipe.init_buffer %pipe, %q, %c1, %bytes : !que
  %t = asc.queue.alloc_tensor %q : !que -> !ub
  asc.data_copy %t, %gx, %n : !ub, !gm
  asc.muls %t, %t, %alpha, %n : !ub, !ub
  asc.data_copy %gy, %t, %n : !gm, !ub
  asc.queue.free_tensor %q, %t : !que, !ub
  return
}
