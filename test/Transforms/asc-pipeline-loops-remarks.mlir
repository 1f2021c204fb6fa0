// RUN: asc-opt %s -split-input-file --asc-pipeline-loops=emit-remarks -verify-diagnostics -o /dev/null
// RUN: asc-opt %s -split-input-file --asc-sync-placement="pipeline-loops emit-remarks" --mlir-print-op-on-diagnostic=false -o /dev/null 2> %t
// RUN: FileCheck %s --check-prefix=PLACED < %t
// RUN: FileCheck %s --check-prefix=HOISTED < %t
// Placing twice changes nothing (the rotation runs between two placements).
// RUN: asc-opt %s -split-input-file --asc-sync-placement=pipeline-loops -o %t.1
// RUN: asc-opt %t.1 -split-input-file --asc-sync-placement=pipeline-loops | diff %t.1 -

// Every loop the pass rejects gets a remark naming the op and the access or
// dependence that blocked it, and the op a remark of its own; the loops stay
// as they are. Inside the placement the rotation runs on the placed code:
// the same loops are refused but one, whose issue the placement hoists above
// the vector work between its setters and itself.
// PLACED-COUNT-14: remark: loop not pipelined
// HOISTED: remark: loop pipelined

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The vector work reads two tiles of C: more than the stride between the
// iterations' outputs.
func.func @footprint_larger_than_stride(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2048 = arith.constant 2048 : i32
  %c4096 = arith.constant 4096 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop not pipelined: 'asc.data_copy': it may read 16384 bytes overlapping the output of 'asc.matmul.iterate_all' of iteration i + 1, which the rotation would issue before it}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    %off = arith.muli %i, %c2048 : i32
    %off64 = arith.extsi %off : i32 to i64
    %c_t = asc.subview %c_g[%off64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    // expected-remark @+1 {{this op blocks pipelining its loop}}
    asc.data_copy %u, %c_t, %c4096 : !ub, !gm
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The copy out goes through a select of the output and the workspace: it
// may write the next tile.
func.func @alias_through_select(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %which: i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2048 = arith.constant 2048 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  %either = arith.select %which, %y, %ws : !asc.gm_addr
  %y_g = asc.set_global_buffer %either : !gm
  // expected-remark @+1 {{loop not pipelined: 'asc.data_copy': it may write untraced memory overlapping the input (A) of 'asc.matmul.iterate_all' of iteration i + 1, which the rotation would issue before it}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    %off = arith.muli %i, %c2048 : i32
    %off64 = arith.extsi %off : i32 to i64
    %c_t = asc.subview %c_g[%off64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.data_copy %u, %c_t, %c2048 : !ub, !gm
    %y_t = asc.subview %y_g[%off64] : !gm
    // expected-remark @+1 {{this op blocks pipelining its loop}}
    asc.data_copy %y_t, %u, %c2048 : !gm, !ub
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The copy out writes a tensor that is a block argument of the function
// (no asc.no_alias): it may be the workspace.
func.func @alias_through_block_argument(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr, %y_g: !gm, %u: !ub, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2048 = arith.constant 2048 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop not pipelined: 'asc.data_copy': it may write 8192 bytes overlapping the output of 'asc.matmul.iterate_all' of iteration i + 1, which the rotation would issue before it}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    %off = arith.muli %i, %c2048 : i32
    %off64 = arith.extsi %off : i32 to i64
    %c_t = asc.subview %c_g[%off64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.data_copy %u, %c_t, %c2048 : !ub, !gm
    %y_t = asc.subview %y_g[%off64] : !gm
    // expected-remark @+1 {{this op blocks pipelining its loop}}
    asc.data_copy %y_t, %u, %c2048 : !gm, !ub
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The Matmul object is a block argument: which object it is is not known.
func.func @object_block_argument(%mm: !mm, %a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2048 = arith.constant 2048 : i32
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop not pipelined: 'asc.matmul.set_tensor_a': the Matmul object is not a matmul.create outside the loop (a select, a block argument: which object it is is not known)}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    %off = arith.muli %i, %c2048 : i32
    %off64 = arith.extsi %off : i32 to i64
    %c_t = asc.subview %c_g[%off64] : !gm
    // expected-remark @+1 {{this op blocks pipelining its loop}}
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.data_copy %u, %c_t, %c2048 : !ub, !gm
  }
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The vector work reads the tile the next iteration computes.
func.func @reads_next_output(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2048 = arith.constant 2048 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop not pipelined: 'asc.data_copy': it may read 8192 bytes overlapping the output of 'asc.matmul.iterate_all' of iteration i + 1, which the rotation would issue before it}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    %off = arith.muli %i, %c2048 : i32
    %off64 = arith.extsi %off : i32 to i64
    %c_t = asc.subview %c_g[%off64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    %next = arith.addi %i, %c1 : i32
    %next_off = arith.muli %next, %c2048 : i32
    %next_off64 = arith.extsi %next_off : i32 to i64
    %c_next = asc.subview %c_g[%next_off64] : !gm
    // expected-remark @+1 {{this op blocks pipelining its loop}}
    asc.data_copy %u, %c_next, %c2048 : !ub, !gm
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The tile's place is not affine in the induction variable (i * i).
func.func @non_affine_index(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2048 = arith.constant 2048 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop not pipelined: 'asc.data_copy': it may read memory at an offset not affine in the induction variable overlapping the output of 'asc.matmul.iterate_all' of iteration i + 1, which the rotation would issue before it}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    %sq = arith.muli %i, %i : i32
    %off = arith.muli %sq, %c2048 : i32
    %off64 = arith.extsi %off : i32 to i64
    %c_t = asc.subview %c_g[%off64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    // expected-remark @+1 {{this op blocks pipelining its loop}}
    asc.data_copy %u, %c_t, %c2048 : !ub, !gm
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// An effect of another dialect: a memref store may touch any memory.
func.func @memref_store(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %buf: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2048 = arith.constant 2048 : i32
  %idx = arith.constant 0 : index
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop not pipelined: 'memref.store': it may write any memory overlapping the input (A) of 'asc.matmul.iterate_all' of iteration i + 1, which the rotation would issue before it (its memory effects are unknown)}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    %off = arith.muli %i, %c2048 : i32
    %off64 = arith.extsi %off : i32 to i64
    %c_t = asc.subview %c_g[%off64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.data_copy %u, %c_t, %c2048 : !ub, !gm
    // expected-remark @+1 {{this op blocks pipelining its loop}}
    memref.store %v, %buf[%idx] : memref<4xf32>
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f16>

// The vector work writes the next iteration's A tile: the input of the
// issue that would move before it.
func.func @writes_next_input(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c1024 = arith.constant 1024 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop not pipelined: 'asc.data_copy': it may write 2048 bytes overlapping the input (A) of 'asc.matmul.iterate_all' of iteration i + 1, which the rotation would issue before it}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    %off = arith.muli %i, %c1024 : i32
    %off64 = arith.extsi %off : i32 to i64
    %a_t = asc.subview %a_g[%off64] : !gm16
    %c_t = asc.subview %c_g[%off64] : !gm
    asc.matmul.set_tensor_a %mm, %a_t : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    %next = arith.addi %i, %c1 : i32
    %next_off = arith.muli %next, %c1024 : i32
    %next_off64 = arith.extsi %next_off : i32 to i64
    %a_next = asc.subview %a_g[%next_off64] : !gm16
    // expected-remark @+1 {{this op blocks pipelining its loop}}
    asc.data_copy %a_next, %u, %c1024 : !gm16, !ub
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The structural blockers: a loop carrying values, a loop that runs once,
// one that never runs, a synchronous call, an effect between the setters
// and the issue, an operand read from memory, a second use after the wait.
func.func @structural(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32, %s: f32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2048 = arith.constant 2048 : i32
  %zero = arith.constant 0 : i64
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop not pipelined: the loop carries values from one iteration to the next (iter_args)}}
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_g {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    %next = arith.addi %acc, %c1 : i32
    scf.yield %next : i32
  }
  // expected-remark @+1 {{loop not pipelined: the loop runs once: there is no next iteration to overlap}}
  scf.for %i = %c0 to %c1 step %c1 : i32 {
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_g {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
  }
  // expected-remark @+1 {{loop not pipelined: the loop never runs}}
  scf.for %i = %c1 to %c0 step %c1 : i32 {
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_g {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
  }
  // expected-remark @+1 {{loop not pipelined: 'asc.matmul.set_tensor_a': the object is used again after its wait in the same iteration}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_g {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    // expected-remark @+1 {{this op blocks pipelining its loop}}
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_g {sync = true} : !mm, !gm
  }
  // expected-remark @+1 {{loop not pipelined: 'asc.muls': it sits between the setters and the issue they stage, and touches memory or state}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    // expected-remark @+1 {{this op blocks pipelining its loop}}
    asc.muls %u, %u, %s, %c2048 : !ub, !ub
    asc.matmul.iterate_all %mm, %c_g {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
  }
  // expected-remark @+1 {{loop not pipelined: 'asc.get_value': it computes an operand of 'asc.matmul.iterate_all' or its setters, and is not pure: it cannot run one iteration ahead}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    // expected-remark @+1 {{this op blocks pipelining its loop}}
    %k = asc.get_value %c_g[%zero] : !gm
    %k_i = arith.fptosi %k : f32 to i64
    %a_t = asc.subview %a_g[%k_i] : !gm16
    asc.matmul.set_tensor_a %mm, %a_t : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_g {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mmn = !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, layout = bsngd>, c = <gm, nd, f32, layout = bngs1s2>, config = <norm, is_n_batch = true>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// An iterate_n_batch body (with its wait flag): its results are in the
// object's workspace, the same for every iteration, which the vector work
// reads while the next iteration's issue would write it.
func.func @n_batch(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %mm = asc.matmul.create : !mmn
  %a_g = asc.set_global_buffer %a : !gm16
  %w_g = asc.set_global_buffer %ws : !gm
  asc.matmul.set_workspace %mm, %w_g : !mmn, !gm
  // expected-remark @+1 {{loop not pipelined: 'asc.data_copy': it may read 2048 bytes overlapping the output (workspace) of 'asc.matmul.iterate_n_batch' of iteration i + 1, which the rotation would issue before it}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    asc.matmul.set_tensor_a %mm, %a_g : !mmn, !gm16
    asc.matmul.set_tensor_b %mm, %a_g : !mmn, !gm16
    asc.matmul.iterate_n_batch %mm, %c1, %c2, %c2 {sync = false, wait_iterate_batch = true} : !mmn
    asc.matmul.wait_iterate_batch %mm : !mmn
    %c512 = arith.constant 512 : i32
    // expected-remark @+1 {{this op blocks pipelining its loop}}
    asc.data_copy %u, %w_g, %c512 : !ub, !gm
  }
  asc.matmul.end %mm : !mmn
  return
}
