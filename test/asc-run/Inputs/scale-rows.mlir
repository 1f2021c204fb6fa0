// A vector-only kernel with scalar arguments: y = alpha * x, one row of n
// elements per block.
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>
!ub_out = !asc.local_tensor<vecout, f32>
!que = !asc.queue<vecin, 1>
!que_out = !asc.queue<vecout, 1>

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
  %q_out = asc.queue.create : !que_out
  %bytes = arith.muli %n, %c4 : i32
  asc.pipe.init_buffer %pipe, %q, %c1, %bytes : !que
  asc.pipe.init_buffer %pipe, %q_out, %c1, %bytes : !que_out
  %t = asc.queue.alloc_tensor %q : !que -> !ub
  asc.data_copy %t, %gx, %n : !ub, !gm
  asc.queue.enque %q, %t : !que, !ub
  %t_in = asc.queue.deque %q : !que -> !ub
  %u = asc.queue.alloc_tensor %q_out : !que_out -> !ub_out
  asc.muls %u, %t_in, %alpha, %n : !ub_out, !ub
  asc.queue.free_tensor %q, %t_in : !que, !ub
  asc.queue.enque %q_out, %u : !que_out, !ub_out
  %u_out = asc.queue.deque %q_out : !que_out -> !ub_out
  asc.data_copy %gy, %u_out, %n : !gm, !ub_out
  asc.queue.free_tensor %q_out, %u_out : !que_out, !ub_out
  return
}
