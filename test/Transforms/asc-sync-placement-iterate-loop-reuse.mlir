// RUN: asc-opt %s -split-input-file --asc-sync-placement=promote-sync -verify-diagnostics | FileCheck %s
//
// promote-sync refuses an Iterate loop whose object is used after it by a
// call that depends on the client's Iterate loop having ended: the counted
// async form never calls Iterate until it returns false. The loop stays
// synchronous (the IterateAll itself may become asynchronous). The valid
// twin, a tile loop whose later calls only stage inputs, is
// @promote_in_tile_loop in asc-sync-placement-iterate-loop.mlir.

!gm16 = !asc.global_tensor<f16>
!gm32 = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>
!que = !asc.queue<vecin, 2>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>

// The object's IterateAll after the loop: the counted async form leaves the
// client inside its Iterate loop there (test/asc-run/promote-iterate-loop-reuse.test).
// CHECK-LABEL: func.func @iterate_all_after_loop(
// CHECK:         scf.while
// CHECK-NEXT:      asc.matmul.iterate %{{[^ ]*}} : !
// CHECK:           asc.matmul.get_tensor_c %{{[^{]*}} {en_sequential_write = true} : !
func.func @iterate_all_after_loop(%a: !asc.gm_addr {asc.no_alias}, %c: !asc.gm_addr {asc.no_alias},
    %ws: !asc.gm_addr {asc.workspace, asc.block_workspace = #asc.block_workspace<bytes_per_core = 4096>}, %tgm: !asc.gm_addr) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %n = arith.constant 256 : i32
  %s = arith.constant 2.0 : f32
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %tgm
  %mm = asc.matmul.create : !mm
  %sys = asc.get_sys_workspace_ptr
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm
  %q = asc.queue.create : !que
  asc.pipe.init_buffer %pipe, %q, %c2, %n : !que
  %ag = asc.set_global_buffer %a : !gm16
  %cg = asc.set_global_buffer %c : !gm32
  asc.matmul.set_tensor_a %mm, %ag : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %ag : !mm, !gm16
  // expected-remark @+1 {{Iterate loop not promoted: 'asc.matmul.iterate_all' uses the Matmul object after the loop: the counted async form never calls Iterate until it returns false, so the client still counts the object inside its Iterate loop there (MatmulClient::Iterate's cntIter_ stays below mnIter_), where the synchronous loop had ended it}}
  scf.while : () -> () {
      %more = asc.matmul.iterate %mm : !mm
      scf.condition(%more)
  } do {
    %t = asc.queue.alloc_tensor %q : !que -> !ub
    asc.matmul.get_tensor_c %mm, %t {en_sequential_write = true} : !mm, !ub
    asc.muls %t, %t, %s, %n : !ub, !ub
    asc.queue.free_tensor %q, %t : !que, !ub
    scf.yield
  }
  asc.matmul.set_tensor_a %mm, %ag : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %ag : !mm, !gm16
  // expected-note @+1 {{blocked by 'asc.matmul.iterate_all'}}
  asc.matmul.iterate_all %mm, %cg : !mm, !gm32
  asc.matmul.end %mm : !mm
  return
}

// -----

!gm16 = !asc.global_tensor<f16>
!gm32 = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>
!que = !asc.queue<vecin, 2>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>

// In a tile loop the object's calls before the Iterate loop run after it
// too, on the next tile: here an IterateAll.
// CHECK-LABEL: func.func @iterate_all_next_tile(
// CHECK:         scf.while
// CHECK-NEXT:      asc.matmul.iterate %{{[^ ]*}} : !
// CHECK:           asc.matmul.get_tensor_c %{{[^{]*}} {en_sequential_write = true} : !
func.func @iterate_all_next_tile(%a: !asc.gm_addr {asc.no_alias}, %c: !asc.gm_addr {asc.no_alias},
    %ws: !asc.gm_addr {asc.workspace, asc.block_workspace = #asc.block_workspace<bytes_per_core = 4096>}, %tgm: !asc.gm_addr) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %n = arith.constant 256 : i32
  %s = arith.constant 2.0 : f32
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %tgm
  %mm = asc.matmul.create : !mm
  %sys = asc.get_sys_workspace_ptr
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm
  %q = asc.queue.create : !que
  asc.pipe.init_buffer %pipe, %q, %c2, %n : !que
  %ag = asc.set_global_buffer %a : !gm16
  %cg = asc.set_global_buffer %c : !gm32
  scf.for %tile = %c0 to %c2 step %c1 : i32 {
    asc.matmul.set_tensor_a %mm, %ag : !mm, !gm16
    asc.matmul.set_tensor_b %mm, %ag : !mm, !gm16
    // expected-note @+1 {{blocked by 'asc.matmul.iterate_all'}}
    asc.matmul.iterate_all %mm, %cg : !mm, !gm32
    asc.matmul.set_tensor_a %mm, %ag : !mm, !gm16
    // expected-remark @+1 {{Iterate loop not promoted: 'asc.matmul.iterate_all' uses the Matmul object after the loop}}
    scf.while : () -> () {
        %more = asc.matmul.iterate %mm : !mm
        scf.condition(%more)
    } do {
      %t = asc.queue.alloc_tensor %q : !que -> !ub
      asc.matmul.get_tensor_c %mm, %t {en_sequential_write = true} : !mm, !ub
      asc.muls %t, %t, %s, %n : !ub, !ub
      asc.queue.free_tensor %q, %t : !que, !ub
      scf.yield
    }
  }
  asc.matmul.end %mm : !mm
  return
}
