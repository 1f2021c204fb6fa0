// RUN: asc-translate --asc-to-ascendc %s | FileCheck %s

// Values an scf.for carries become variables assigned at the end of each
// trip. The body reads the variable only when it uses the value: the
// two-object form of loop pipelining carries the last pair's tile out and
// computes each trip's tiles from the induction variable.

!gm_f32 = !asc.global_tensor<f32>
!ub_out = !asc.local_tensor<vecout, f32>
!que_out = !asc.queue<vecout, 2>

// CHECK-LABEL: void carried(GM_ADDR c) {
// CHECK:        int32_t [[NEXT:[a-z0-9_]+]];
// CHECK-NEXT:   [[NEXT]] = 0;
// CHECK-NEXT:   for (int32_t tile = 0; tile < 4; tile += 1) {
// CHECK-NEXT:     [[NEXT]] = tile + 2;
// CHECK-NEXT:   }
// CHECK-NEXT:   int32_t [[LAST:[a-z0-9_]+]] = [[NEXT]];
// CHECK-NEXT:   int32_t offset = [[LAST]] * 256;
// CHECK:        int32_t [[SUM:[a-z0-9_]+]];
// CHECK-NEXT:   [[SUM]] = 0;
// CHECK-NEXT:   for (int32_t row = 0; row < 4; row += 1) {
// CHECK-NEXT:     int32_t [[PARTIAL:[a-z0-9_]+]] = [[SUM]];
// CHECK-NEXT:     [[SUM]] = [[PARTIAL]] + row;
// CHECK-NEXT:   }
func.func @carried(%c: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c256 = arith.constant 256 : i32
  %rows = arith.constant 4 : i32
  %pipe = asc.pipe.create
  %cGlobal = asc.set_global_buffer %c : !gm_f32
  %outQueue = asc.queue.create : !que_out
  asc.pipe.init_buffer %pipe, %outQueue, %c2, %c256 : !que_out
  %last = scf.for %tile = %c0 to %rows step %c1 iter_args(%next = %c0) -> (i32) : i32 {
    %after = arith.addi %tile, %c2 : i32
    scf.yield %after : i32
  }
  %offset = arith.muli %last, %c256 : i32
  %offset64 = arith.extsi %offset : i32 to i64
  %cTile = asc.subview %cGlobal[%offset64] : !gm_f32
  %cLocal = asc.queue.alloc_tensor %outQueue : !que_out -> !ub_out
  asc.data_copy %cTile, %cLocal, %c256 : !gm_f32, !ub_out
  asc.queue.free_tensor %outQueue, %cLocal : !que_out, !ub_out
  %total = scf.for %row = %c0 to %rows step %c1 iter_args(%sum = %c0) -> (i32) : i32 {
    %more = arith.addi %sum, %row : i32
    scf.yield %more : i32
  }
  %totalOffset = arith.extsi %total : i32 to i64
  %cSum = asc.subview %cGlobal[%totalOffset] : !gm_f32
  %sumLocal = asc.queue.alloc_tensor %outQueue : !que_out -> !ub_out
  asc.pipe_barrier pipe_mte3
  asc.data_copy %cSum, %sumLocal, %c256 : !gm_f32, !ub_out
  asc.queue.free_tensor %outQueue, %sumLocal : !que_out, !ub_out
  return
}
