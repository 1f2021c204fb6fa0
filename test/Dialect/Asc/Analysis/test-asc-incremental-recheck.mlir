// The incremental re-check (ProtocolRecheck.h) on the moves of
// -test-asc-apply-placement, beside the whole function's check: it proves
// a reordering keeps the protocol from the reordered ranges alone, or says
// why it cannot and leaves the answer to the whole check.
//
// RUN: asc-opt %s -test-asc-apply-placement="moves=rounds/1=12,rounds/3=17 recheck=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUNK
// RUN: asc-opt %s -test-asc-apply-placement="moves=rounds/2=10 recheck=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=HOISTED
// RUN: asc-opt %s -test-asc-apply-placement="moves=rounds/1=10,rounds/2=11,rounds/3=17 recheck=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=THREE
// RUN: asc-opt %s -test-asc-apply-placement="moves=rounds/1=13 recheck=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: asc-opt %s -test-asc-apply-placement="moves=rounds/3=18 recheck=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFTER-END
// RUN: not asc-opt %s -test-asc-apply-placement="moves=rounds/0=9 recheck=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATE
// RUN: asc-opt %s -test-asc-apply-placement="moves=loop/1=9 recheck=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: asc-opt %s -test-asc-apply-placement="moves=unreachable/1=5 recheck=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNREACHABLE

// Two rounds of one object; ops 0-17 of the block: 7 the first issue, 8
// its wait, 9 the next call's setter, 10-11 vector work, 12 a read of the
// first output, 13 the second issue (of another output), 14 its wait,
// 15-16 vector work, 17 the end.
//
// Each wait sunk as far as it may go: two ranges, the ops between each
// wait's two places.
// SUNK: remark: incremental re-check passes: 7 ops in 2 ranges; the whole function passes
// The second issue hoisted above the vector work and the read.
// HOISTED: remark: incremental re-check passes: 4 ops in 1 ranges; the whole function passes
// The first wait past the setter, the second issue above one op, the
// second wait to the end: three ranges, however close.
// THREE: remark: incremental re-check passes: 8 ops in 3 ranges; the whole function passes
// The first wait past the read of its output: the range's check fails.
// RACE: remark: incremental re-check falls back: a reordered op breaks the protocol; the whole function fails
// The second wait past the end, which completes nothing and leaves the
// issue pending (spec revision 4): a legal move.
// AFTER-END: remark: incremental re-check passes: 4 ops in 1 ranges; the whole function passes
// The first issue after its own wait: what flows out of the range is not
// the input's (an issue pending), so nothing after it can be trusted (the
// wait, with no issue before it, then fails the op verifier too).
// STATE: remark: incremental re-check falls back: the state after a reordered range changed; the whole function fails
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

func.func @rounds(%c_in: !asc.gm_addr {asc.no_alias}, %u: !ub, %s: f32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %n = arith.constant 256 : i32
  %off = arith.constant 65536 : i64
  %c = asc.set_global_buffer %c_in : !gm
  %d = asc.set_global_buffer %c_in[%off] : !gm
  %mm = asc.matmul.create : !mm
  %a = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !asc.global_tensor<f16>
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.data_copy %u, %c, %n : !ub, !gm
  asc.matmul.iterate_all %mm, %d {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.matmul.end %mm : !mm
  return
}

// A wait sunk past a loop: the loop's regions would need their fixpoint
// again.
// LOOP: remark: incremental re-check falls back: a reordered range holds an op with regions; the whole function passes
func.func @loop(%c: !gm, %u: !ub, %n: i32, %s: f32, %a_in: !asc.gm_addr {asc.no_alias}) {
  %lb = arith.constant 0 : index
  %ub = arith.constant 4 : index
  %step = arith.constant 1 : index
  %mm = asc.matmul.create : !mm
  %a = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  scf.for %i = %lb to %ub step %step {
    asc.adds %u, %u, %s, %n : !ub, !ub
  }
  asc.matmul.end %mm : !mm
  return
}

// A block the function never reaches: no state, nothing to check (as in
// the whole check).
// UNREACHABLE: remark: incremental re-check passes: 0 ops in 0 ranges; the whole function passes
func.func @unreachable(%c: !gm, %u: !ub, %n: i32, %s: f32, %a_in: !asc.gm_addr {asc.no_alias}) {
  cf.br ^end
^dead:
  %mm = asc.matmul.create : !mm
  %a = asc.set_global_buffer %a_in : !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm, %a : !mm, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true} : !mm, !gm
  asc.matmul.wait_iterate_all %mm : !mm
  asc.adds %u, %u, %s, %n : !ub, !ub
  asc.matmul.end %mm : !mm
  cf.br ^end
^end:
  return
}
