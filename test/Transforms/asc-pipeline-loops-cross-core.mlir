// RUN: asc-opt %s -split-input-file --asc-pipeline-loops=emit-remarks -verify-diagnostics -o /dev/null
//
// O9 between cores: the rotation issues iteration i + 1 before the vector
// work of iteration i and waits for iteration i in iteration i + 1. Across a
// cross-core set (which publishes this core's work, C included, to the other
// cores) or a cross-core wait (after which another core's writes of A are
// visible), that changes what the cores see: the loop is not pipelined.
// The valid twin, without the flag, is.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

func.func @tiles_without_flags(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c256 = arith.constant 256 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop pipelined}}
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %o = arith.muli %i, %c256 : i32
    %o64 = arith.extsi %o : i32 to i64
    %c_t = asc.subview %c_g[%o64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.data_copy %u, %c_t, %c256 : !ub, !gm
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Each tile is handed to the cube core with a flag after its copy.
func.func @tiles_published_by_flag(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c256 = arith.constant 256 : i32
  %flag = arith.constant 3 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop not pipelined: 'asc.cross_core_set_flag': it orders this core with other cores (a cross-core flag or SyncAll): an issue or wait moved across it would change what they see (spec section 2c, O9)}}
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %o = arith.muli %i, %c256 : i32
    %o64 = arith.extsi %o : i32 to i64
    %c_t = asc.subview %c_g[%o64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.data_copy %u, %c_t, %c256 : !ub, !gm
    // expected-remark @+1 {{this op blocks pipelining its loop}}
    asc.cross_core_set_flag mode 2, pipe_mte2, %flag
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Each tile's A comes from another core, behind a flag: the next issue may
// not move above this iteration's wait for it.
func.func @inputs_behind_flag(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %u: !ub) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c256 = arith.constant 256 : i32
  %flag = arith.constant 4 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop not pipelined: 'asc.cross_core_wait_flag'}}
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %o = arith.muli %i, %c256 : i32
    %o64 = arith.extsi %o : i32 to i64
    %c_t = asc.subview %c_g[%o64] : !gm
    // expected-remark @+1 {{this op blocks pipelining its loop}}
    asc.cross_core_wait_flag %flag
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.data_copy %u, %c_t, %c256 : !ub, !gm
  }
  asc.matmul.end %mm : !mm
  return
}
