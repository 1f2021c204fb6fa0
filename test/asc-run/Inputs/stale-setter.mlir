// The racy kernel of asc-verify-sync-race-classes.mlir's
// @setter_of_the_previous_trip, runnable: the setters after the wait stage
// trip i + 1's A, a[(i + 1) * 256] on; the copy of trip i + 1 writes there
// while that trip's IterateAll reads it. Trip 0's A is b.
!gm_f16 = !asc.global_tensor<f16>
!gm_f32 = !asc.global_tensor<f32>
!mm_t = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!ub_t = !asc.local_tensor<vecout, f16>
!que_t = !asc.queue<vecout, 1>

func.func @stale_setter(%pa: !asc.gm_addr {asc.no_alias}, %pb: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c256 = arith.constant 256 : i32
  %bytes = arith.constant 512 : i32
  %z = arith.constant 0 : i64
  %pipe = asc.pipe.create
  %ws = asc.get_sys_workspace_ptr
  %tiling = asc.get_tiling %tiling_gm
  %a = asc.set_global_buffer %pa : !gm_f16
  %b = asc.set_global_buffer %pb : !gm_f16
  %c = asc.set_global_buffer %pc : !gm_f32
  %mm = asc.matmul.create : !mm_t
  asc.matmul.register %pipe, %ws, %mm tiling %tiling : !mm_t
  %que = asc.queue.create : !que_t
  asc.pipe.init_buffer %pipe, %que, %c1, %bytes : !que_t
  %h = asc.queue.alloc_tensor %que : !que_t -> !ub_t
  %zero_h = arith.constant 0.0 : f16
  asc.duplicate %h, %zero_h, %c256 : !ub_t
  asc.queue.enque %que, %h : !que_t, !ub_t
  %hd = asc.queue.deque %que : !que_t -> !ub_t
  %b0 = asc.subview %b[%z] : !gm_f16
  asc.matmul.set_tensor_a %mm, %b0 : !mm_t, !gm_f16
  asc.matmul.set_tensor_b %mm, %b0 : !mm_t, !gm_f16
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %off = arith.muli %i, %c256 : i32
    %off64 = arith.extsi %off : i32 to i64
    %ci = asc.subview %c[%off64] : !gm_f32
    asc.matmul.iterate_all %mm, %ci {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm_t, !gm_f32
    %ai = asc.subview %a[%off64] : !gm_f16
    asc.data_copy %ai, %hd, %c256 : !gm_f16, !ub_t
    asc.matmul.wait_iterate_all %mm : !mm_t
    %next = arith.addi %i, %c1 : i32
    %noff = arith.muli %next, %c256 : i32
    %noff64 = arith.extsi %noff : i32 to i64
    %an = asc.subview %a[%noff64] : !gm_f16
    asc.matmul.set_tensor_a %mm, %an : !mm_t, !gm_f16
    asc.matmul.set_tensor_b %mm, %b0 : !mm_t, !gm_f16
  }
  asc.matmul.end %mm : !mm_t
  return
}
