// RUN: asc-opt %s -split-input-file --asc-sync-placement=promote-sync -verify-diagnostics | FileCheck %s
//
// promote-sync refuses an Iterate loop it cannot make asynchronous, with a
// remark naming what stops it (a note at the blocker): one kernel per
// blocker. The refused loop stays as it was.
// CHECK-NOT: sync = false

!gm16 = !asc.global_tensor<f16>
!gm32 = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>
!que = !asc.queue<vecin, 2>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>

// No asc.block_workspace: no workspace the compiler may use.
func.func @no_workspace(%a: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias},
    %ws: !asc.gm_addr {asc.workspace}, %tgm: !asc.gm_addr) attributes {asc.kernel} {
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
  asc.matmul.set_tensor_a %mm, %ag : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %ag : !mm, !gm16
  // expected-remark @+1 {{Iterate loop not promoted: the kernel states no workspace for the blocks (asc.block_workspace on its asc.workspace argument)}}
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

// -----

!gm16 = !asc.global_tensor<f16>
!gm32 = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>
!que = !asc.queue<vecin, 2>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>

// The condition is not the Iterate's answer alone: the trip count is not
// the block count.
func.func @condition_and(%a: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias},
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
  asc.matmul.set_tensor_a %mm, %ag : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %ag : !mm, !gm16
  // expected-remark @+1 {{Iterate loop not promoted: 'arith.cmpi' runs in the loop's condition, so the trip count is not the object's block count alone}}
  %rounds = scf.while (%r = %c0) : (i32) -> i32 {
      %more = asc.matmul.iterate %mm : !mm
      // expected-note @+1 {{blocked by 'arith.cmpi'}}
      %lt = arith.cmpi slt, %r, %c2 : i32
      %go = arith.andi %more, %lt : i1
      scf.condition(%go) %r : i32
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

// -----

!gm16 = !asc.global_tensor<f16>
!gm32 = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>
!que = !asc.queue<vecin, 2>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>

// The body reads the object's state: a call that takes the object.
func.func private @inspect(!mm)
func.func @reads_state(%a: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias},
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
  asc.matmul.set_tensor_a %mm, %ag : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %ag : !mm, !gm16
  // expected-remark @+1 {{Iterate loop not promoted: 'func.call' uses the Matmul object in the loop's body, where only the block's fetch may (the async Iterate is in flight until the fetch loop is left)}}
  %rounds = scf.while (%r = %c0) : (i32) -> i32 {
      %more = asc.matmul.iterate %mm : !mm
      scf.condition(%more) %r : i32
  } do {
  ^bb0(%k: i32):
    %t = asc.queue.alloc_tensor %q : !que -> !ub
      asc.matmul.get_tensor_c %mm, %t {en_sequential_write = true} : !mm, !ub
    asc.muls %t, %t, %s, %n : !ub, !ub
    // The call may copy the block out on any pipe (rule P7).
    asc.pipe_barrier pipe_all
    // expected-note @+1 {{blocked by 'func.call'}}
    func.call @inspect(%mm) : (!mm) -> ()
    asc.queue.free_tensor %q, %t : !que, !ub
    %next = arith.addi %k, %c1 : i32
    scf.yield %next : i32
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!gm16 = !asc.global_tensor<f16>
!gm32 = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>
!que = !asc.queue<vecin, 2>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>

// Another call of the object in the body: SetTail.
func.func @set_tail_in_body(%a: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias},
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
  asc.matmul.set_tensor_a %mm, %ag : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %ag : !mm, !gm16
  // expected-remark @+1 {{Iterate loop not promoted: 'asc.matmul.set_tail' uses the Matmul object in the loop's body, where only the block's fetch may (the async Iterate is in flight until the fetch loop is left)}}
  %rounds = scf.while (%r = %c0) : (i32) -> i32 {
      %more = asc.matmul.iterate %mm : !mm
      scf.condition(%more) %r : i32
  } do {
  ^bb0(%k: i32):
    %t = asc.queue.alloc_tensor %q : !que -> !ub
      asc.matmul.get_tensor_c %mm, %t {en_sequential_write = true} : !mm, !ub
    asc.muls %t, %t, %s, %n : !ub, !ub
    // expected-note @+1 {{blocked by 'asc.matmul.set_tail'}}
    asc.matmul.set_tail %mm, %c2, %c2, %c2 : !mm
    asc.queue.free_tensor %q, %t : !que, !ub
    %next = arith.addi %k, %c1 : i32
    scf.yield %next : i32
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!gm16 = !asc.global_tensor<f16>
!gm32 = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>
!que = !asc.queue<vecin, 2>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>

// SetTail before the loop changes the client's block count.
func.func @set_tail_before(%a: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias},
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
  asc.matmul.set_tensor_a %mm, %ag : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %ag : !mm, !gm16
  // expected-note @+1 {{blocked by 'asc.matmul.set_tail'}}
  asc.matmul.set_tail %mm, %c2, %c2, %c2 : !mm
  // expected-remark @+1 {{Iterate loop not promoted: 'asc.matmul.set_tail' changes the object's block count (MatmulClient::SetTail recomputes mIter_ and nIter_ at once)}}
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

// -----

!gm16 = !asc.global_tensor<f16>
!gm32 = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>
!que = !asc.queue<vecin, 2>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>

// The body waits for the cube core's flag: it depends on its timing.
func.func @cross_core(%a: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias},
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
  asc.matmul.set_tensor_a %mm, %ag : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %ag : !mm, !gm16
  // expected-remark @+1 {{Iterate loop not promoted: 'asc.ffts_cross_core_sync' synchronises with the cube core, whose timing the async Iterate changes}}
  %rounds = scf.while (%r = %c0) : (i32) -> i32 {
      %more = asc.matmul.iterate %mm : !mm
      scf.condition(%more) %r : i32
  } do {
  ^bb0(%k: i32):
    %t = asc.queue.alloc_tensor %q : !que -> !ub
      asc.matmul.get_tensor_c %mm, %t {en_sequential_write = true} : !mm, !ub
    asc.muls %t, %t, %s, %n : !ub, !ub
    // expected-note @+1 {{blocked by 'asc.ffts_cross_core_sync'}}
    asc.ffts_cross_core_sync pipe_mte3, 3873
    asc.queue.free_tensor %q, %t : !que, !ub
    %next = arith.addi %k, %c1 : i32
    scf.yield %next : i32
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!gm16 = !asc.global_tensor<f16>
!gm32 = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>
!que = !asc.queue<vecin, 2>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>

// The body writes A, which the cube reads while it computes the blocks:
// rule P3 on the trial promotion.
func.func @writes_input(%a: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias},
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
  asc.matmul.set_tensor_a %mm, %ag : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %ag : !mm, !gm16
  // expected-remark @+1 {{Iterate loop not promoted: the async form breaks the Matmul protocol: 'asc.set_value' op may write memory that an async 'asc.matmul.iterate' reads while it runs (its A input) (rule P3)}}
  %rounds = scf.while (%r = %c0) : (i32) -> i32 {
      %more = asc.matmul.iterate %mm : !mm
      scf.condition(%more) %r : i32
  } do {
  ^bb0(%k: i32):
    %t = asc.queue.alloc_tensor %q : !que -> !ub
      asc.matmul.get_tensor_c %mm, %t {en_sequential_write = true} : !mm, !ub
    asc.muls %t, %t, %s, %n : !ub, !ub
    %a16 = asc.set_global_buffer %a : !gm16
    %h = arith.constant 1.0 : f16
    %z = arith.constant 0 : i64
    // expected-note @+1 {{here}}
    asc.set_value %a16[%z], %h : !gm16
    asc.queue.free_tensor %q, %t : !que, !ub
    %next = arith.addi %k, %c1 : i32
    scf.yield %next : i32
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!gm16 = !asc.global_tensor<f16>
!gm32 = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>
!que = !asc.queue<vecin, 2>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>

// A fetch into GM has no async form after an async Iterate.
func.func @fetch_to_gm(%a: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias},
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
  asc.matmul.set_tensor_a %mm, %ag : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %ag : !mm, !gm16
  // expected-remark @+1 {{Iterate loop not promoted: the fetch does not copy the block into one local tensor}}
  %rounds = scf.while (%r = %c0) : (i32) -> i32 {
      %more = asc.matmul.iterate %mm : !mm
      scf.condition(%more) %r : i32
  } do {
  ^bb0(%k: i32):
    %t = asc.queue.alloc_tensor %q : !que -> !ub
    // expected-note @+1 {{blocked by 'asc.matmul.get_tensor_c'}}
    asc.matmul.get_tensor_c %mm, %yg : !mm, !gm32
    asc.muls %t, %t, %s, %n : !ub, !ub
    asc.queue.free_tensor %q, %t : !que, !ub
    %next = arith.addi %k, %c1 : i32
    scf.yield %next : i32
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!gm16 = !asc.global_tensor<f16>
!gm32 = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>
!que = !asc.queue<vecin, 2>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>

// A fetch on some iterations only.
func.func @fetch_in_if(%a: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias},
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
  asc.matmul.set_tensor_a %mm, %ag : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %ag : !mm, !gm16
  // expected-remark @+1 {{Iterate loop not promoted: the fetch does not run once per iteration (it is nested in 'scf.if')}}
  %rounds = scf.while (%r = %c0) : (i32) -> i32 {
      %more = asc.matmul.iterate %mm : !mm
      scf.condition(%more) %r : i32
  } do {
  ^bb0(%k: i32):
    %t = asc.queue.alloc_tensor %q : !que -> !ub
    %even = arith.cmpi eq, %k, %c0 : i32
    scf.if %even {
      // expected-note @+1 {{blocked by 'asc.matmul.get_tensor_c'}}
      asc.matmul.get_tensor_c %mm, %t {en_sequential_write = true} : !mm, !ub
    }
    asc.muls %t, %t, %s, %n : !ub, !ub
    asc.queue.free_tensor %q, %t : !que, !ub
    %next = arith.addi %k, %c1 : i32
    scf.yield %next : i32
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!gm16 = !asc.global_tensor<f16>
!gm32 = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>
!que = !asc.queue<vecin, 2>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>

// No fetch at all.
func.func @no_fetch(%a: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias},
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
  asc.matmul.set_tensor_a %mm, %ag : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %ag : !mm, !gm16
  // expected-remark @+1 {{Iterate loop not promoted: the loop's body fetches no block of the object}}
  %rounds = scf.while (%r = %c0) : (i32) -> i32 {
      %more = asc.matmul.iterate %mm : !mm
      scf.condition(%more) %r : i32
  } do {
  ^bb0(%k: i32):
    %t = asc.queue.alloc_tensor %q : !que -> !ub
    asc.muls %t, %t, %s, %n : !ub, !ub
    asc.queue.free_tensor %q, %t : !que, !ub
    %next = arith.addi %k, %c1 : i32
    scf.yield %next : i32
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!gm16 = !asc.global_tensor<f16>
!gm32 = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>
!que = !asc.queue<vecin, 2>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>

// The kernel gives the object a workspace of its own, of no stated size.
func.func @own_workspace(%a: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias},
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
  asc.matmul.set_tensor_a %mm, %ag : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %ag : !mm, !gm16
  %wsg = asc.set_global_buffer %ws : !gm32
  // expected-note @+1 {{blocked by 'asc.matmul.set_workspace'}}
  asc.matmul.set_workspace %mm, %wsg : !mm, !gm32
  // expected-remark @+1 {{Iterate loop not promoted: the kernel gives the object a workspace of its own}}
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

// -----

!gm16 = !asc.global_tensor<f16>
!gm32 = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>
!que = !asc.queue<vecin, 2>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>,
           config = #asc.matmul_config<norm, is_partial_output = true>>

// isPartialOutput: the client counts a block per K step too.
func.func @partial_output(%a: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias},
    %ws: !asc.gm_addr {asc.workspace, asc.block_workspace = #asc.block_workspace<bytes_per_core = 4096>}, %tgm: !asc.gm_addr) attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %n = arith.constant 256 : i32
  %s = arith.constant 2.0 : f32
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %tgm
  // expected-note @+1 {{blocked by 'asc.matmul.create'}}
  %mm = asc.matmul.create : !mm
  %sys = asc.get_sys_workspace_ptr
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm
  %q = asc.queue.create : !que
  asc.pipe.init_buffer %pipe, %q, %c2, %n : !que
  %ag = asc.set_global_buffer %a : !gm16
  %yg = asc.set_global_buffer %y : !gm32
  asc.matmul.set_tensor_a %mm, %ag : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %ag : !mm, !gm16
  // expected-remark @+1 {{Iterate loop not promoted: the object's MatmulConfig sets isPartialOutput, whose blocks the client counts per K step}}
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

// -----

!gm16 = !asc.global_tensor<f16>
!gm32 = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>
!que = !asc.queue<vecin, 2>
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <vecin, nd, f32>>

// A fetch without en_sequential_write puts block k at its place in the
// single shape; GetTensorC<false> copies it to the buffer's start.
func.func @fetch_not_sequential(%a: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias},
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
  asc.matmul.set_tensor_a %mm, %ag : !mm, !gm16
  asc.matmul.set_tensor_b %mm, %ag : !mm, !gm16
  // expected-remark @+1 {{Iterate loop not promoted: the fetch places each block at its place in the single shape (en_sequential_write is false), the asynchronous fetch copies it to the destination's start (MatmulClient::GetTensorC, CopyToUB)}}
  scf.while : () -> () {
      %more = asc.matmul.iterate %mm : !mm
      scf.condition(%more)
  } do {
    %t = asc.queue.alloc_tensor %q : !que -> !ub
    // expected-note @+1 {{blocked by 'asc.matmul.get_tensor_c'}}
    asc.matmul.get_tensor_c %mm, %t : !mm, !ub
    asc.muls %t, %t, %s, %n : !ub, !ub
    asc.queue.free_tensor %q, %t : !que, !ub
    scf.yield
  }
  asc.matmul.end %mm : !mm
  return
}
