// Found by the random tester (asc-random-test --seed 5200000
// --shape-share 1: seed 5200562, the fetch-copy-out shape of
// utils/asc_random/shapes.py), reduced by hand. The incremental re-check
// (ProtocolRecheck.cpp) re-checks the ops of a reordered range and
// compares the protocol state after it; moving a GetTensorC<false> into UB
// below SetFlag<MTE2_MTE3> changed neither, yet the copy out after the
// wait, outside the range, is no longer ordered after the fetch (rule P7:
// a flag set before the fetch orders nothing). A range that holds a
// SetFlag or WaitFlag, whose effect depends on where the pair sits, now
// falls back to the whole check.
//
// RUN: asc-opt %s -test-asc-apply-placement="moves=fetch_below_flag/1=12 recheck=true" --verify-each=false -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: incremental re-check falls back: a reordered range holds a SetFlag or WaitFlag; the whole function fails

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

func.func @fetch_below_flag(%pa: !asc.gm_addr {asc.no_alias}, %pw: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %q: !asc.queue<vecin, 1>) {
  %n = arith.constant 64 : i32
  %e = arith.constant 0 : i32
  %a = asc.set_global_buffer %pa : !ga
  %w = asc.set_global_buffer %pw : !gm
  %c = asc.set_global_buffer %pc : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_workspace %mm, %w : !mm, !gm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ub
  asc.matmul.get_tensor_c %mm, %t {sync = false} : !mm, !ub
  asc.set_flag mte2_mte3, %e
  asc.wait_flag mte2_mte3, %e
  asc.data_copy %c, %t, %n : !gm, !ub
  return
}
