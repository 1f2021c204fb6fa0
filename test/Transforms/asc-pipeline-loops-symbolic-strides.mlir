// RUN: asc-opt %s -split-input-file --asc-pipeline-loops=emit-remarks -verify-diagnostics | FileCheck %s
// RUN: asc-opt %s -split-input-file --asc-pipeline-loops=emit-remarks --asc-verify-sync -verify-diagnostics -o /dev/null
// Idempotent: the rotated form has no wait after its issue, and the loop as
// written in the else-branch is where the check failed.
// RUN: asc-opt %s -split-input-file --asc-pipeline-loops=emit-remarks -verify-diagnostics | asc-opt -split-input-file --asc-pipeline-loops | FileCheck %s

// Tile loops whose strides come from the tiling: the offset is a polynomial
// over loop-invariant values, affine in the induction variable, and the
// tiles of two iterations are a symbolic stride apart. Proven apart from
// CANN's tiling invariants where they suffice; otherwise the loop is
// versioned on a run-time check.

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// The way CANN kernels write it: g = GetBlockIdx() * 4 + i, off = g *
// singleCoreM * N. (first + i) * S is first * S + i * S: the tiles are
// 4 * singleCoreM * N bytes apart, which no invariant bounds below 1024, so
// the check singleCoreM * N >= 256 (or <= -256) picks the rotated loop.
// CHECK-LABEL: func.func @tiling_stride(
// CHECK:      %[[SCM:.*]] = asc.tiling.get %{{.*}}[singleCoreM]
// CHECK-NEXT: %[[N:.*]] = asc.tiling.get %{{.*}}[N]
// CHECK:      %[[SCM64:.*]] = arith.extsi %[[SCM]] : i32 to i64
// CHECK-NEXT: %[[N64:.*]] = arith.extsi %[[N]] : i32 to i64
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[SCM64]], %[[N64]] overflow<nsw> : i64
// CHECK-NEXT: %[[BEHIND:.*]] = arith.constant -256 : i64
// CHECK-NEXT: %[[B:.*]] = arith.cmpi sle, %[[M]], %[[BEHIND]] : i64
// CHECK-NEXT: %[[AHEAD:.*]] = arith.constant 256 : i64
// CHECK-NEXT: %[[F:.*]] = arith.cmpi sge, %[[M]], %[[AHEAD]] : i64
// CHECK-NEXT: %[[OK:.*]] = arith.ori %[[B]], %[[F]] : i1
// CHECK-NEXT: scf.if %[[OK]] {
// CHECK:        asc.matmul.iterate_all
// CHECK-NEXT:   scf.for
// CHECK-NEXT:     arith.addi
// CHECK-NEXT:     asc.matmul.wait_iterate_all
// CHECK:          asc.matmul.iterate_all
// CHECK-NEXT:     asc.data_copy
// CHECK:        }
// CHECK-NEXT:   asc.matmul.wait_iterate_all
// CHECK:      } else {
// CHECK-NEXT:   scf.for
// CHECK:          asc.matmul.iterate_all
// CHECK-NEXT:     asc.matmul.wait_iterate_all
// CHECK-NEXT:     asc.data_copy
func.func @tiling_stride(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias}, %t: !asc.gm_addr {asc.no_alias}, %u: !ub) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c256 = arith.constant 256 : i32
  %tiling = asc.get_tiling %t
  %scm = asc.tiling.get %tiling[singleCoreM]
  %n = asc.tiling.get %tiling[N]
  %blk = asc.get_block_idx
  %blk32 = arith.trunci %blk : i64 to i32
  %first = arith.muli %blk32, %c4 : i32
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  %y_g = asc.set_global_buffer %y : !gm
  // expected-remark @+1 {{loop pipelined, versioned: no static proof keeps the tiles of iterations i and i + 1 apart (4 * tiling.singleCoreM * tiling.N bytes apart, footprints of 1024 and 1024 bytes), so a run-time check that the stride covers the footprints selects the rotated loop, and the loop as written runs otherwise}}
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %g = arith.addi %first, %i : i32
    %row = arith.muli %g, %scm : i32
    %off = arith.muli %row, %n : i32
    %off64 = arith.extsi %off : i32 to i64
    %c_t = asc.subview %c_g[%off64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    asc.data_copy %u, %c_t, %c256 : !ub, !gm
    %y_t = asc.subview %y_g[%off64] : !gm
    asc.data_copy %y_t, %u, %c256 : !gm, !ub
  }
  asc.matmul.end %mm : !mm
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm16 = !asc.global_tensor<f16>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// A host tiling's baseM and baseN are aligned to 16 and positive (CANN's
// TCubeTiling constraints): tiles of baseM * baseN f32 elements are at least
// 1024 bytes apart, so 256-element tiles are proven apart and the loop is
// rotated without a check.
// CHECK-LABEL: func.func @base_tiles_static(
// CHECK-NOT:  scf.if
// CHECK:      asc.matmul.iterate_all
// CHECK-NEXT: scf.for
// CHECK-NEXT:   arith.addi
// CHECK-NEXT:   asc.matmul.wait_iterate_all
// CHECK-NOT:  else
// CHECK:      return
func.func @base_tiles_static(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %t: !asc.gm_addr {asc.no_alias}, %u: !ub) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c256 = arith.constant 256 : i32
  %tiling = asc.get_tiling %t
  %bm = asc.tiling.get %tiling[baseM]
  %bn = asc.tiling.get %tiling[baseN]
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop pipelined: the 'asc.matmul.iterate_all' of iteration i + 1 issued right after iteration i's wait}}
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %row = arith.muli %i, %bm : i32
    %off = arith.muli %row, %bn : i32
    %off64 = arith.extsi %off : i32 to i64
    %c_t = asc.subview %c_g[%off64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
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

// Its twin with a tiling built in the kernel: its fields are whatever the
// kernel sets (0 when unset), so nothing bounds the stride and the loop is
// versioned.
// CHECK-LABEL: func.func @created_tiling(
// CHECK:      arith.muli %{{.*}}, %{{.*}} overflow<nsw> : i64
// CHECK:      scf.if
// CHECK:      } else {
func.func @created_tiling(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %bm: i32, %bn: i32, %u: !ub) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c256 = arith.constant 256 : i32
  %tiling = asc.tiling.create(baseM = %bm, baseN = %bn)
  %tbm = asc.tiling.get %tiling[baseM]
  %tbn = asc.tiling.get %tiling[baseN]
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop pipelined, versioned: no static proof keeps the tiles of iterations i and i + 1 apart (4 * tiling.baseM * tiling.baseN bytes apart, footprints of 1024 and 1024 bytes), so a run-time check that the stride covers the footprints selects the rotated loop, and the loop as written runs otherwise}}
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %row = arith.muli %i, %tbm : i32
    %off = arith.muli %row, %tbn : i32
    %off64 = arith.extsi %off : i32 to i64
    %c_t = asc.subview %c_g[%off64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
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

// An int16_t product of the counter and a stride wraps around: it is not
// taken apart, the offset is not affine in the induction variable, and no
// check can version it.
// CHECK-LABEL: func.func @narrow_stride(
// CHECK-NOT:  scf.if
// CHECK:      scf.for
// CHECK-NEXT:   arith.trunci
// CHECK-NEXT:   arith.muli %{{.*}}, %{{.*}} : i16
func.func @narrow_stride(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %t: !asc.gm_addr {asc.no_alias}, %u: !ub) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c256 = arith.constant 256 : i32
  %tiling = asc.get_tiling %t
  %n = asc.tiling.get %tiling[N]
  %n16 = arith.trunci %n : i32 to i16
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop not pipelined: 'asc.data_copy': it may read memory at an offset not affine in the induction variable overlapping the output of 'asc.matmul.iterate_all' of iteration i + 1, which the rotation would issue before it}}
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %i16 = arith.trunci %i : i32 to i16
    %off = arith.muli %i16, %n16 : i16
    %off64 = arith.extsi %off : i16 to i64
    %c_t = asc.subview %c_g[%off64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    // expected-remark @+1 {{this op blocks pipelining its loop}}
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

// A stride of three tiling values: the invariants bound it below by 4
// bytes only, and its product may not be exact in 64 bits, so there is no
// run-time check either: refused.
// CHECK-LABEL: func.func @three_factors(
// CHECK-NOT:  scf.if
// CHECK:      scf.for
// CHECK-NEXT:   arith.muli
func.func @three_factors(%a: !asc.gm_addr {asc.no_alias}, %ws: !asc.gm_addr {asc.no_alias}, %t: !asc.gm_addr {asc.no_alias}, %u: !ub) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c256 = arith.constant 256 : i32
  %tiling = asc.get_tiling %t
  %m = asc.tiling.get %tiling[singleCoreM]
  %n = asc.tiling.get %tiling[N]
  %k = asc.tiling.get %tiling[Ka]
  %mm = asc.matmul.create : !mm
  %a_g = asc.set_global_buffer %a : !gm16
  %c_g = asc.set_global_buffer %ws : !gm
  // expected-remark @+1 {{loop not pipelined: 'asc.data_copy': it may read 1024 bytes overlapping the output of 'asc.matmul.iterate_all' of iteration i + 1, which the rotation would issue before it}}
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %r1 = arith.muli %i, %m : i32
    %r2 = arith.muli %r1, %n : i32
    %off = arith.muli %r2, %k : i32
    %off64 = arith.extsi %off : i32 to i64
    %c_t = asc.subview %c_g[%off64] : !gm
    asc.matmul.set_tensor_a %mm, %a_g : !mm, !gm16
    asc.matmul.iterate_all %mm, %c_t {sync = false, wait_iterate_all = true, asc.output_elements = 256 : i64} : !mm, !gm
    asc.matmul.wait_iterate_all %mm : !mm
    // expected-remark @+1 {{this op blocks pipelining its loop}}
    asc.data_copy %u, %c_t, %c256 : !ub, !gm
  }
  asc.matmul.end %mm : !mm
  return
}
