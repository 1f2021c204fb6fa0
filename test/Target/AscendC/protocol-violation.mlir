// Every entry point of the asc to Ascend C flow refuses a kernel that breaks
// the Matmul protocol with the P-rule diagnostic, and prints nothing: the
// translation with and without the placement, the asc-opt pipeline with and
// without it (the mlir-opt plugin and the C API have their own tests:
// test/asc-plugin/protocol-violation.mlir, test/CAPI/pipeline-options.c).
// RUN: asc-translate --asc-to-ascendc %s -verify-diagnostics
// RUN: asc-translate --asc-to-ascendc --asc-sync-placement %s -verify-diagnostics
// RUN: asc-opt --asc-to-ascendc %s -verify-diagnostics
// RUN: asc-opt --asc-to-ascendc="sync-placement=true" %s -verify-diagnostics
// RUN: not asc-translate --asc-to-ascendc %s > %t.cpp 2> %t.err
// RUN: count 0 < %t.cpp
// RUN: FileCheck %s --check-prefix=ERROR < %t.err
// ERROR: error: 'asc.data_copy' op may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)
// ERROR: error: 'func.return' op returns while an async 'asc.matmul.iterate_all' is pending: rule P1 needs 'asc.matmul.wait_iterate_all' first

// Options that make the flow accept the kernel: the placement inserts the
// missing wait, right before the read of C.
// RUN: asc-translate --asc-to-ascendc --asc-sync-placement \
// RUN:   --asc-repair-missing-waits %s 2> %t.repair.err | FileCheck %s --check-prefix=REPAIR
// RUN: FileCheck %s --check-prefix=REPAIR-REMARK < %t.repair.err
// REPAIR-LABEL: void missing_wait(
// REPAIR:      .IterateAll<false>(
// REPAIR:      AscendC::Adds(
// REPAIR-NEXT: AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(0);
// REPAIR-NEXT: AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(0);
// REPAIR-NEXT: .WaitIterateAll();
// REPAIR-NEXT: AscendC::DataCopy(
// REPAIR-REMARK: remark: inserted the missing 'asc.matmul.wait_iterate_all' for this issue

// Without the protocol check (asc-run's --asc-verify-sync=false, so that its race
// checker reports the race), the racy kernel is lowered as written.
// RUN: asc-translate --asc-to-ascendc --asc-verify-sync=false %s \
// RUN:   | FileCheck %s --check-prefix=UNCHECKED
// UNCHECKED-LABEL: void missing_wait(
// UNCHECKED:      .IterateAll<false>(
// UNCHECKED-NEXT: AscendC::Adds(
// UNCHECKED-NEXT: AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(0);
// UNCHECKED-NEXT: AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(0);
// UNCHECKED-NEXT: AscendC::DataCopy(
// UNCHECKED-NEXT: .End();

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!que = !asc.queue<vecin, 1>
!ub = !asc.local_tensor<vecin, f32>

// An async IterateAll whose wait is missing: C is read (rule P3) and the
// object ended (rule P1) while the issue is pending.
func.func @missing_wait(%a: !asc.gm_addr {asc.no_alias},
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
  // expected-note @+2 {{the async issue writing that output}}
  // expected-note @+1 {{the pending async issue}}
  asc.matmul.iterate_all %mm, %gc {sync = false, wait_iterate_all = true} : !mm, !asc.global_tensor<f32>
  asc.adds %u, %u, %s, %n : !ub, !ub
  %flag5 = arith.constant 0 : i32
  asc.set_flag v_mte2, %flag5
  asc.wait_flag v_mte2, %flag5
  // expected-error @+1 {{may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
  asc.data_copy %u, %gc, %n : !ub, !asc.global_tensor<f32>
  asc.matmul.end %mm : !mm
  // expected-error @+1 {{rule P1 needs 'asc.matmul.wait_iterate_all' first}}
  return
}
