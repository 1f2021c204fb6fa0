// RUN: asc-opt %s -split-input-file --asc-pipeline-loops=emit-remarks -verify-diagnostics -o /dev/null
// RUN: asc-opt %s -split-input-file --asc-pipeline-loops --asc-verify-sync -o /dev/null
//
// A wait orders the vector core's work its issue's post saw before
// everything after it (spec section 2c, O8). The rotation issues the next
// call before this iteration's work: its post no longer sees that work, so
// a later access of the same global memory that relied on the wait would
// race (O9). The re-check of the rotated loop finds such UB pairs itself;
// GM pairs (a store and its reload, a spill and its reload) the pipeliner
// looks for before it rotates, and a kernel's own flag between the two
// lets the rotation go on.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gh = !asc.global_tensor<f16>
!gf = !asc.global_tensor<f32>
!ui = !asc.local_tensor<vecin, f32>
!uo = !asc.local_tensor<vecout, f32>

// A running sum in GM: each iteration reloads it by MTE2 and stores it back
// by MTE3; the next call's post saw the store, and its wait orders it before
// the next reload.
func.func @running_sum_reload(%pa: !asc.gm_addr {asc.no_alias}, %pb: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %ps: !asc.gm_addr {asc.no_alias}, %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
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
  // expected-remark @below {{loop not pipelined: 'asc.data_copy': the post of 'asc.matmul.iterate_all' sees its work, which only that call's wait orders before 'asc.data_copy' at line}}
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
    // expected-remark @below {{this op blocks pipelining its loop}}
    asc.data_copy %sum, %w2, %n : !gf, !uo
    asc.queue.free_tensor %qo, %w2 : !asc.queue<vecout, 1>, !uo
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gh = !asc.global_tensor<f16>
!gf = !asc.global_tensor<f32>
!ui = !asc.local_tensor<vecin, f32>
!uo = !asc.local_tensor<vecout, f32>

// The valid twin: the kernel orders the store before the next reload with
// its own MTE3_MTE2 flag, and the loop is rotated.
func.func @running_sum_flagged(%pa: !asc.gm_addr {asc.no_alias}, %pb: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %ps: !asc.gm_addr {asc.no_alias}, %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
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
  // expected-remark @below {{loop pipelined}}
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
    asc.set_flag mte3_mte2, %c0
    asc.wait_flag mte3_mte2, %c0
    asc.queue.free_tensor %qo, %w2 : !asc.queue<vecout, 1>, !uo
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gh = !asc.global_tensor<f16>
!gf = !asc.global_tensor<f32>
!ui = !asc.local_tensor<vecin, f16>

// A spill above the issue: each tile's A goes to GM by MTE3 before the
// call, and comes back by MTE2 after its wait, which orders the two (the
// post saw the spill). Rotated, the next call's post would come before the
// spill and this iteration's wait before it too.
func.func @spill_above_issue(%pa: !asc.gm_addr {asc.no_alias}, %pb: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %ps: !asc.gm_addr {asc.no_alias}, %py: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %tiles = arith.constant 4 : i32
  %n = arith.constant 256 : i32
  %a = asc.set_global_buffer %pa : !gh
  %b = asc.set_global_buffer %pb : !gh
  %c = asc.set_global_buffer %pc : !gf
  %sp = asc.set_global_buffer %ps : !gh
  %y = asc.set_global_buffer %py : !gh
  %mm = asc.matmul.create : !mm
  %q = asc.queue.create : !asc.queue<vecin, 1>
  %r = asc.queue.create : !asc.queue<vecin, 1>
  // expected-remark @below {{loop not pipelined: 'asc.data_copy': the post of 'asc.matmul.iterate_all' sees its work, which only that call's wait orders before 'asc.data_copy' at line}}
  scf.for %t = %c0 to %tiles step %c1 : i32 {
    %off = arith.muli %t, %n : i32
    %off64 = arith.extsi %off : i32 to i64
    %a_tile = asc.subview %a[%off64] : !gh
    %c_tile = asc.subview %c[%off64] : !gf
    %y_tile = asc.subview %y[%off64] : !gh
    %u = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ui
    asc.data_copy %u, %a_tile, %n : !ui, !gh
    asc.set_flag mte2_mte3, %c0
    asc.wait_flag mte2_mte3, %c0
    // expected-remark @below {{this op blocks pipelining its loop}}
    asc.data_copy %sp, %u, %n : !gh, !ui
    asc.queue.free_tensor %q, %u : !asc.queue<vecin, 1>, !ui
    asc.matmul.set_tensor_a %mm, %a_tile : !mm, !gh
    asc.matmul.set_tensor_b %mm, %b : !mm, !gh
    asc.matmul.iterate_all %mm, %c_tile {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gf
    asc.matmul.wait_iterate_all %mm : !mm
    %v = asc.queue.alloc_tensor %r : !asc.queue<vecin, 1> -> !ui
    asc.data_copy %v, %sp, %n : !ui, !gh
    asc.set_flag mte2_mte3, %c0
    asc.wait_flag mte2_mte3, %c0
    asc.data_copy %y_tile, %v, %n : !gh, !ui
    asc.queue.free_tensor %r, %v : !asc.queue<vecin, 1>, !ui
  }
  asc.matmul.end %mm : !mm
  return
}
