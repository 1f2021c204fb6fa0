// The placement's options reach the asc to Ascend C flow from asc-translate
// (--asc-<option>) and from the asc-opt pipeline (asc-to-ascendc="<option>"),
// and both give the same C++ (up to indentation: asc-translate indents the
// blocks the lowering opens with verbatim text, mlir-translate does not; and
// with the emitter's names, --asc-source-names=false, as mlir-translate keeps
// no .mlir names).

// Without the placement, the synchronous IterateAll stays as written.
// RUN: asc-translate --asc-to-ascendc %s | FileCheck %s --check-prefix=ASIS
// ASIS-LABEL: void promote(
// ASIS:      AscendC::Adds(
// ASIS-NEXT: .IterateAll(
// ASIS-NEXT: AscendC::Muls(
// ASIS-NEXT: AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(0);
// ASIS-NEXT: AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(0);
// ASIS-NEXT: AscendC::DataCopy(

// promote-sync makes it async; the issue is hoisted above the vector work
// and its wait placed right before the read of C.
// RUN: asc-translate --asc-to-ascendc --asc-sync-placement --asc-promote-sync \
// RUN:   --asc-source-names=false %s > %t.promote.cpp
// RUN: FileCheck %s --check-prefix=PROMOTE < %t.promote.cpp
// RUN: asc-opt --asc-to-ascendc="sync-placement=true promote-sync=true" %s \
// RUN:   | mlir-translate --mlir-to-cpp | diff -w %t.promote.cpp -
// PROMOTE-LABEL: void promote(
// PROMOTE:      .IterateAll<false>(
// PROMOTE:      AscendC::Adds(
// PROMOTE-NEXT: AscendC::Muls(
// PROMOTE-NEXT: AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(0);
// PROMOTE-NEXT: AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(0);
// PROMOTE-NEXT: .WaitIterateAll();
// PROMOTE-NEXT: AscendC::DataCopy(

// hoist-issues=false leaves the issue where it was.
// RUN: asc-translate --asc-to-ascendc --asc-sync-placement --asc-promote-sync \
// RUN:   --asc-hoist-issues=false --asc-source-names=false %s > %t.nohoist.cpp
// RUN: FileCheck %s --check-prefix=NOHOIST < %t.nohoist.cpp
// RUN: asc-opt --asc-to-ascendc="sync-placement=true promote-sync=true hoist-issues=false" %s \
// RUN:   | mlir-translate --mlir-to-cpp | diff -w %t.nohoist.cpp -
// NOHOIST-LABEL: void promote(
// NOHOIST:      AscendC::Adds(
// NOHOIST-NEXT: .IterateAll<false>(
// NOHOIST-NEXT: AscendC::Muls(
// NOHOIST-NEXT: AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(0);
// NOHOIST-NEXT: AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(0);
// NOHOIST-NEXT: .WaitIterateAll();
// NOHOIST-NEXT: AscendC::DataCopy(

// emit-remarks says what stopped the wait.
// RUN: asc-translate --asc-to-ascendc --asc-sync-placement --asc-promote-sync \
// RUN:   --asc-emit-remarks %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: asc-opt --asc-to-ascendc="sync-placement=true promote-sync=true emit-remarks=true" %s \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// REMARK: remark: wait placed before 'asc.data_copy'

// pipeline-loops rotates the loop of @tiles, with the placement or on its
// own; both entry points give the same C++.
// RUN: asc-translate --asc-to-ascendc --asc-sync-placement --asc-pipeline-loops \
// RUN:   --asc-source-names=false %s > %t.pipeline.cpp
// RUN: FileCheck %s --check-prefix=PIPELINE < %t.pipeline.cpp
// RUN: asc-opt --asc-to-ascendc="sync-placement=true pipeline-loops=true" %s \
// RUN:   | mlir-translate --mlir-to-cpp | diff -w %t.pipeline.cpp -
// RUN: asc-translate --asc-to-ascendc --asc-pipeline-loops %s \
// RUN:   | FileCheck %s --check-prefix=PIPELINE
// RUN: asc-translate --asc-to-ascendc %s | FileCheck %s --check-prefix=UNROTATED
// PIPELINE-LABEL: void tiles(
// PIPELINE:      if (
// PIPELINE:      .IterateAll<false>(
// PIPELINE-NEXT: for (
// PIPELINE:      .WaitIterateAll();
// PIPELINE:      .IterateAll<false>(
// PIPELINE-NEXT: AscendC::DataCopy(
// PIPELINE-NEXT: AscendC::PipeBarrier<PIPE_MTE2>();
// PIPELINE-NEXT: }
// PIPELINE:      .WaitIterateAll();
// PIPELINE:      AscendC::DataCopy(
// UNROTATED-LABEL: void tiles(
// UNROTATED:      for (
// UNROTATED:      .IterateAll<false>(
// UNROTATED-NEXT: .WaitIterateAll();
// UNROTATED-NEXT: AscendC::DataCopy(
// UNROTATED-NEXT: AscendC::PipeBarrier<PIPE_MTE2>();
// UNROTATED-NEXT: }

// The placement's options need the placement: refused, nothing printed.
// RUN: not asc-translate --asc-to-ascendc --asc-promote-sync %s 2> %t.conflict.err \
// RUN:   | count 0
// RUN: FileCheck %s --check-prefix=CONFLICT < %t.conflict.err
// RUN: not asc-translate --asc-to-ascendc --asc-repair-missing-waits \
// RUN:   --asc-hoist-issues=false --asc-emit-remarks %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CONFLICTS
// RUN: not asc-opt --asc-to-ascendc="promote-sync=true" %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CONFLICT
// CONFLICT: error: asc-to-ascendc option promote-sync needs sync-placement
// CONFLICTS: error: asc-to-ascendc option repair-missing-waits needs sync-placement
// CONFLICTS: error: asc-to-ascendc option hoist-issues=false needs sync-placement
// CONFLICTS: error: asc-to-ascendc option emit-remarks needs sync-placement

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!que = !asc.queue<vecin, 1>
!ub = !asc.local_tensor<vecin, f32>

// A synchronous IterateAll between two pieces of vector work, its output
// read after them.
func.func @promote(%a: !asc.gm_addr {asc.no_alias},
                   %c: !asc.gm_addr {asc.no_alias},
                   %tiling_gm: !asc.gm_addr, %n: i32, %s: f32)
    attributes {asc.kernel} {
  %c1 = arith.constant 1 : i32
  %pipe = asc.pipe.create
  %ws = asc.get_sys_workspace_ptr
  %tiling = asc.get_tiling %tiling_gm
  %mm = asc.matmul.create : !mm
  asc.matmul.register %pipe, %ws, %mm tiling %tiling : !mm
  %ga = asc.set_global_buffer %a : !asc.global_tensor<f16>
  %gc = asc.set_global_buffer %c : !asc.global_tensor<f32>
  %q = asc.queue.create : !que
  asc.pipe.init_buffer %pipe, %q, %c1, %n : !que
  asc.matmul.set_tensor_a %mm, %ga : !mm, !asc.global_tensor<f16>
  asc.matmul.set_tensor_b %mm, %ga : !mm, !asc.global_tensor<f16>
  %u = asc.queue.alloc_tensor %q : !que -> !ub
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.matmul.iterate_all %mm, %gc : !mm, !asc.global_tensor<f32>
  asc.muls %u, %u, %s, %n : !ub, !ub
  %flag4 = arith.constant 0 : i32
  asc.set_flag v_mte2, %flag4
  asc.wait_flag v_mte2, %flag4
  asc.data_copy %u, %gc, %n : !ub, !asc.global_tensor<f32>
  asc.matmul.end %mm : !mm
  return
}

// A loop over tiles of the workspace: the iterate_all of tile i + 1 can be
// issued before the copy of tile i.
func.func @tiles(%a: !asc.gm_addr {asc.no_alias},
                 %ws: !asc.gm_addr {asc.no_alias},
                 %tiling_gm: !asc.gm_addr, %n: i32)
    attributes {asc.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2048 = arith.constant 2048 : i32
  %c8192 = arith.constant 8192 : i32
  %pipe = asc.pipe.create
  %sys = asc.get_sys_workspace_ptr
  %tiling = asc.get_tiling %tiling_gm
  %mm = asc.matmul.create : !mm
  asc.matmul.register %pipe, %sys, %mm tiling %tiling : !mm
  %ga = asc.set_global_buffer %a : !asc.global_tensor<f16>
  %gc = asc.set_global_buffer %ws : !asc.global_tensor<f32>
  %q = asc.queue.create : !que
  asc.pipe.init_buffer %pipe, %q, %c1, %c8192 : !que
  %u = asc.queue.alloc_tensor %q : !que -> !ub
  scf.for %i = %c0 to %n step %c1 : i32 {
    %off = arith.muli %i, %c2048 : i32
    %off64 = arith.extsi %off : i32 to i64
    %t = asc.subview %gc[%off64] : !asc.global_tensor<f32>
    asc.matmul.set_tensor_a %mm, %ga : !mm, !asc.global_tensor<f16>
    asc.matmul.set_tensor_b %mm, %ga : !mm, !asc.global_tensor<f16>
    asc.matmul.iterate_all %mm, %t {sync = false, wait_iterate_all = true} : !mm, !asc.global_tensor<f32>
    asc.matmul.wait_iterate_all %mm : !mm
    asc.data_copy %u, %t, %c2048 : !ub, !asc.global_tensor<f32>
    // The next trip's copy overwrites the same bytes (O1).
    asc.pipe_barrier pipe_mte2
  }
  asc.matmul.end %mm : !mm
  return
}
