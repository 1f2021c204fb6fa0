!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gh = !asc.global_tensor<f16>
!gf = !asc.global_tensor<f32>
!ui = !asc.local_tensor<vecin, f32>
!uo = !asc.local_tensor<vecout, f32>

// test/Transforms/asc-pipeline-loops-wait-edge.mlir's running sum as a
// kernel: four tiles of C = A_t * B, each added into a sum in GM that is
// reloaded by MTE2 and stored back by MTE3. Only the next call's wait
// orders the store before the next reload (spec section 2c, O8).
func.func @running_sum(%pa: !asc.gm_addr {asc.no_alias}, %pb: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %ps: !asc.gm_addr {asc.no_alias}, %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %tiles = arith.constant 4 : i32
  %n = arith.constant 256 : i32
  %a_stride = arith.constant 256 : i32
  %one = arith.constant 1 : i32
  %bytes = arith.constant 1024 : i32
  %pipe = asc.pipe.create
  %sys = asc.get_sys_workspace_ptr
  %tiling = asc.get_tiling %tiling_gm
  %a = asc.set_global_buffer %pa : !gh
  %b = asc.set_global_buffer %pb : !gh
  %c = asc.set_global_buffer %pc : !gf
  %sum = asc.set_global_buffer %ps : !gf
  %mm = asc.matmul.create : !mm
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm
  %qc = asc.queue.create : !asc.queue<vecin, 1>
  %qs = asc.queue.create : !asc.queue<vecin, 1>
  %qo = asc.queue.create : !asc.queue<vecout, 1>
  asc.pipe.init_buffer %pipe, %qc, %one, %bytes : !asc.queue<vecin, 1>
  asc.pipe.init_buffer %pipe, %qs, %one, %bytes : !asc.queue<vecin, 1>
  asc.pipe.init_buffer %pipe, %qo, %one, %bytes : !asc.queue<vecout, 1>
  scf.for %t = %c0 to %tiles step %c1 : i32 {
    %a_off = arith.muli %t, %a_stride : i32
    %a_off64 = arith.extsi %a_off : i32 to i64
    %a_tile = asc.subview %a[%a_off64] : !gh
    %c_off = arith.muli %t, %n : i32
    %c_off64 = arith.extsi %c_off : i32 to i64
    %c_tile = asc.subview %c[%c_off64] : !gf
    asc.matmul.set_tensor_a %mm, %a_tile : !mm, !gh
    asc.matmul.set_tensor_b %mm, %b : !mm, !gh
    asc.matmul.iterate_all %mm, %c_tile {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gf
    asc.matmul.wait_iterate_all %mm : !mm
    %u = asc.queue.alloc_tensor %qc : !asc.queue<vecin, 1> -> !ui
    asc.data_copy %u, %c_tile, %n : !ui, !gf
    asc.queue.enque %qc, %u : !asc.queue<vecin, 1>, !ui
    %v = asc.queue.alloc_tensor %qs : !asc.queue<vecin, 1> -> !ui
    asc.data_copy %v, %sum, %n : !ui, !gf
    asc.queue.enque %qs, %v : !asc.queue<vecin, 1>, !ui
    %u2 = asc.queue.deque %qc : !asc.queue<vecin, 1> -> !ui
    %v2 = asc.queue.deque %qs : !asc.queue<vecin, 1> -> !ui
    %w = asc.queue.alloc_tensor %qo : !asc.queue<vecout, 1> -> !uo
    asc.add %w, %u2, %v2, %n : !uo, !ui, !ui
    asc.queue.free_tensor %qc, %u2 : !asc.queue<vecin, 1>, !ui
    asc.queue.free_tensor %qs, %v2 : !asc.queue<vecin, 1>, !ui
    asc.queue.enque %qo, %w : !asc.queue<vecout, 1>, !uo
    %w2 = asc.queue.deque %qo : !asc.queue<vecout, 1> -> !uo
    asc.data_copy %sum, %w2, %n : !gf, !uo
    asc.queue.free_tensor %qo, %w2 : !asc.queue<vecout, 1>, !uo
  }
  asc.matmul.end %mm : !mm
  return
}
