// RUN: asc-opt %s -split-input-file --asc-sync-placement=promote-sync -verify-diagnostics | FileCheck %s
// RUN: asc-opt %s -split-input-file --asc-sync-placement=promote-sync --asc-verify-sync -o /dev/null
//
// asc.block_workspace promises that no code of the kernel uses the user
// workspace promote-sync gives the blocks. The promise is checked against
// the kernel's own accesses: one that may touch the workspace argument's
// memory refuses the promotion (its data would be overwritten by the
// blocks), and a kernel whose own data is provably elsewhere is promoted.

!gm16 = !asc.global_tensor<f16>
!gm32 = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>
!que = !asc.queue<vecin, 2>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>

// The kernel keeps a scale vector in a GetUserWorkspace slice of the same
// argument, written before the loop and read after it: the blocks would
// overwrite it.
// CHECK-LABEL: func.func @own_data_in_user_workspace(
// CHECK-NOT: sync = false
func.func @own_data_in_user_workspace(%a: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias},
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
  %yg = asc.set_global_buffer %y : !gm32
  %user = asc.get_user_workspace %ws
  %mine = asc.set_global_buffer %user : !gm32
  %t0 = asc.queue.alloc_tensor %q : !que -> !ub
  asc.duplicate %t0, %s, %n : !ub
  asc.pipe_barrier pipe_all
  // expected-note @+1 {{blocked by 'asc.data_copy'}}
  asc.data_copy %mine, %t0, %n : !gm32, !ub
  asc.pipe_barrier pipe_all
  asc.queue.free_tensor %q, %t0 : !que, !ub
  asc.matmul.set_tensor_a %mm, %ag : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %ag : !mm, !gm16
  // expected-remark @+1 {{Iterate loop not promoted: 'asc.data_copy' may write the workspace argument's memory, which may be the slice of the user workspace asc.block_workspace sets aside for the blocks (it promises that no code of the kernel uses it)}}
  %rounds = scf.while (%r = %c0) : (i32) -> i32 {
      %more = asc.matmul.iterate %mm : !mm
      scf.condition(%more) %r : i32
  } do {
  ^bb0(%k: i32):
    %t = asc.queue.alloc_tensor %q : !que -> !ub
    asc.matmul.get_tensor_c %mm, %t {en_sequential_write = true} : !mm, !ub
    asc.muls %t, %t, %s, %n : !ub, !ub
    asc.queue.free_tensor %q, %t : !que, !ub
    %next = arith.addi %k, %c1 : i32
    scf.yield %next : i32
  }
  %t1 = asc.queue.alloc_tensor %q : !que -> !ub
  asc.data_copy %t1, %mine, %n : !ub, !gm32
  asc.pipe_barrier pipe_all
  asc.data_copy %yg, %t1, %n : !gm32, !ub
  asc.queue.free_tensor %q, %t1 : !que, !ub
  asc.matmul.end %mm : !mm
  return
}

// -----

!gm16 = !asc.global_tensor<f16>
!gm32 = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>
!que = !asc.queue<vecin, 2>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>

// Its twin keeps the scale vector in a scratch argument of its own: the
// workspace argument is used by nobody else, and the loop is promoted.
// CHECK-LABEL: func.func @own_data_elsewhere(
// CHECK: asc.get_user_workspace
// CHECK: asc.matmul.iterate %{{.*}} {sync = false}
func.func @own_data_elsewhere(%a: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias},
    %ws: !asc.gm_addr {asc.workspace, asc.block_workspace = #asc.block_workspace<bytes_per_core = 4096>}, %tgm: !asc.gm_addr,
    %scratch: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
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
  %yg = asc.set_global_buffer %y : !gm32
  %mine = asc.set_global_buffer %scratch : !gm32
  %t0 = asc.queue.alloc_tensor %q : !que -> !ub
  asc.duplicate %t0, %s, %n : !ub
  asc.pipe_barrier pipe_all
  asc.data_copy %mine, %t0, %n : !gm32, !ub
  asc.pipe_barrier pipe_all
  asc.queue.free_tensor %q, %t0 : !que, !ub
  asc.matmul.set_tensor_a %mm, %ag : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %ag : !mm, !gm16
  %rounds = scf.while (%r = %c0) : (i32) -> i32 {
      %more = asc.matmul.iterate %mm : !mm
      scf.condition(%more) %r : i32
  } do {
  ^bb0(%k: i32):
    %t = asc.queue.alloc_tensor %q : !que -> !ub
    asc.matmul.get_tensor_c %mm, %t {en_sequential_write = true} : !mm, !ub
    asc.muls %t, %t, %s, %n : !ub, !ub
    asc.queue.free_tensor %q, %t : !que, !ub
    %next = arith.addi %k, %c1 : i32
    scf.yield %next : i32
  }
  %t1 = asc.queue.alloc_tensor %q : !que -> !ub
  asc.data_copy %t1, %mine, %n : !ub, !gm32
  asc.pipe_barrier pipe_all
  asc.data_copy %yg, %t1, %n : !gm32, !ub
  asc.queue.free_tensor %q, %t1 : !que, !ub
  asc.matmul.end %mm : !mm
  return
}

// -----

!gm16 = !asc.global_tensor<f16>
!gm32 = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>
!que = !asc.queue<vecin, 2>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>

// A pointer the analysis cannot trace (a select between the workspace and
// another argument) may be the slice as well.
// CHECK-LABEL: func.func @untraced_pointer(
// CHECK-NOT: sync = false
func.func @untraced_pointer(%a: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias},
    %ws: !asc.gm_addr {asc.workspace, asc.block_workspace = #asc.block_workspace<bytes_per_core = 4096>}, %tgm: !asc.gm_addr,
    %scratch: !asc.gm_addr {asc.no_alias}, %which: i1) attributes {asc.kernel} {
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
  %user = asc.get_user_workspace %ws
  %either = arith.select %which, %user, %scratch : !asc.gm_addr
  %mine = asc.set_global_buffer %either : !gm32
  %t0 = asc.queue.alloc_tensor %q : !que -> !ub
  asc.duplicate %t0, %s, %n : !ub
  asc.pipe_barrier pipe_all
  // expected-note @+1 {{blocked by 'asc.data_copy'}}
  asc.data_copy %mine, %t0, %n : !gm32, !ub
  asc.pipe_barrier pipe_all
  asc.queue.free_tensor %q, %t0 : !que, !ub
  asc.matmul.set_tensor_a %mm, %ag : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %ag : !mm, !gm16
  // expected-remark @+1 {{Iterate loop not promoted: 'asc.data_copy' may write memory the analysis cannot trace, which may be the slice}}
  %rounds = scf.while (%r = %c0) : (i32) -> i32 {
      %more = asc.matmul.iterate %mm : !mm
      scf.condition(%more) %r : i32
  } do {
  ^bb0(%k: i32):
    %t = asc.queue.alloc_tensor %q : !que -> !ub
    asc.matmul.get_tensor_c %mm, %t {en_sequential_write = true} : !mm, !ub
    asc.muls %t, %t, %s, %n : !ub, !ub
    asc.queue.free_tensor %q, %t : !que, !ub
    %next = arith.addi %k, %c1 : i32
    scf.yield %next : i32
  }
  asc.matmul.end %mm : !mm
  return
}
