// A spill by MTE3 and its reload by MTE2 into the same buffer, ordered by a
// cross-core flag of mode 0 whose setters include this core (spec section
// 2c, O6): test/Transforms/asc-verify-sync-cross-core.mlir's
// @own_set_orders_own_pipes as a kernel.
!gh = !asc.global_tensor<f16>
!ui = !asc.local_tensor<vecin, f16>
func.func @own_set_orders_own_pipes(%pa: !asc.gm_addr {asc.no_alias}, %ps: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  %n = arith.constant 64 : i32
  %e = arith.constant 0 : i32
  %id = arith.constant 3 : i32
  %pipe = asc.pipe.create
  %one = arith.constant 1 : i32
  %bytes = arith.constant 128 : i32
  %q = asc.queue.create : !asc.queue<vecin, 1>
  asc.pipe.init_buffer %pipe, %q, %one, %bytes : !asc.queue<vecin, 1>
  %a = asc.set_global_buffer %pa : !gh
  %sp = asc.set_global_buffer %ps : !gh
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ui
  asc.data_copy %t, %a, %n : !ui, !gh
  asc.set_flag mte2_mte3, %e
  asc.wait_flag mte2_mte3, %e
  asc.data_copy %sp, %t, %n : !gh, !ui
  asc.cross_core_set_flag mode 0, pipe_mte3, %id
  asc.cross_core_wait_flag %id
  asc.data_copy %t, %sp, %n : !ui, !gh
  asc.queue.free_tensor %q, %t : !asc.queue<vecin, 1>, !ui
  return
}
