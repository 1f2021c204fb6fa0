// The test passes of the placement oracle (bench/oracle_placement.py):
// -test-asc-placement-space lists each wait's and async issue's distinct
// positions in its block, -test-asc-apply-placement moves them there.
//
// RUN: asc-opt %s -test-asc-placement-space -o /dev/null | FileCheck %s --check-prefix=SPACE
// RUN: asc-opt %s -test-asc-apply-placement="moves=kernel0/1=22,kernel0/3=29" --asc-verify-sync | FileCheck %s --check-prefix=APPLY
// RUN: asc-opt %s -test-asc-apply-placement="moves=kernel0/0=17" | FileCheck %s --check-prefix=STAY
// RUN: not asc-opt %s -test-asc-apply-placement="moves=kernel0/1=22,kernel0/2=20" --asc-verify-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=ILLEGAL
// RUN: not asc-opt %s -test-asc-apply-placement="moves=kernel0/9=22" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NUMBER
// RUN: not asc-opt %s -test-asc-apply-placement="moves=kernel0/1=99" -o /dev/null 2>&1 | FileCheck %s --check-prefix=GAP
// RUN: not asc-opt %s -test-asc-apply-placement="moves=other/1=9" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUNCTION
// RUN: not asc-opt %s -test-asc-apply-placement="moves=kernel0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FORM
// RUN: asc-opt %s -test-asc-apply-placement="moves=two_objects/0=22:2,two_objects/1=22:1" --asc-verify-sync | FileCheck %s --check-prefix=RANK
// RUN: not asc-opt %s -test-asc-apply-placement="moves=two_objects/2=26:1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=WAIT-RANK
// RUN: not asc-opt %s -test-asc-apply-placement="moves=two_objects/0=22:x" -o /dev/null 2>&1 | FileCheck %s --check-prefix=RANK-FORM

!mm_t = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!ub_t = !asc.local_tensor<vecin, f16>
!que_t = !asc.queue<vecin, 1>
!gm_t = !asc.global_tensor<f32>

// Two rounds of one object, each wait right after its issue (the
// hand-written form). The first issue cannot rise above its setters; the
// first wait may sink past the next call's setter and the vector work, not
// past the next issue; the second issue may rise above that work, not above
// the setter; a run of ops without memory effects (the constants and the
// addi) is one position, named by the gap where the wait stands.
// SPACE: {"function":"kernel0","movables":[
// SPACE-SAME: {"block":0,"block_size":31,"gaps":[17],"id":"kernel0/0","index":17,"kind":"issue","line":{{[0-9]+}},"neighbour":{"line":{{[0-9]+}},"op":"asc.matmul.set_tensor_b"},"object":0,"op":"asc.matmul.iterate_all"},
// SPACE-SAME: {"block":0,"block_size":31,"gaps":[18,20,21,22],"hand_written":18,"id":"kernel0/1","index":18,"kind":"wait","line":{{[0-9]+}},"neighbour":{"line":{{[0-9]+}},"op":"asc.matmul.set_tensor_a"},"object":0,"op":"asc.matmul.wait_iterate_all","pairs_with":["kernel0/0"]},
// SPACE-SAME: {"block":0,"block_size":31,"gaps":[20,21,22],"id":"kernel0/2","index":22,"kind":"issue","line":{{[0-9]+}},"neighbour":{"line":{{[0-9]+}},"op":"asc.adds"},"object":0,"op":"asc.matmul.iterate_all"},
// SPACE-SAME: {"block":0,"block_size":31,"gaps":[23,28,29],"hand_written":23,"id":"kernel0/3","index":23,"kind":"wait","line":{{[0-9]+}},"neighbour":{"line":{{[0-9]+}},"op":"asc.adds"},"object":0,"op":"asc.matmul.wait_iterate_all","pairs_with":["kernel0/2"]}
// SPACE-SAME: ]}
// SPACE-NEXT: {"function":"empty","movables":[]}
// SPACE-NEXT: {"function":"two_objects","movables":[
// SPACE-SAME: "gaps":[18,19,20,22,23,24,25],"id":"two_objects/0","index":20,"kind":"issue"
// SPACE-SAME: "gaps":[20,21,22,24],"id":"two_objects/1","index":22,"kind":"issue"
func.func @kernel0(%a: !asc.gm_addr {asc.no_alias}, %c: !asc.gm_addr {asc.no_alias}, %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  %ws = asc.get_sys_workspace_ptr
  %tiling = asc.get_tiling %tiling_gm
  %n = arith.constant 256 : i32
  %s = arith.constant 1.0 : f16
  %one = arith.constant 1 : i32
  %bytes = arith.constant 512 : i32
  %ga = asc.set_global_buffer %a : !asc.global_tensor<f16>
  %mm0 = asc.matmul.create : !mm_t
  %off0 = arith.constant 0 : i64
  %gc0 = asc.set_global_buffer %c[%off0] : !gm_t
  asc.matmul.register %pipe, %ws, %mm0 tiling %tiling : !mm_t
  %que = asc.queue.create : !que_t
  asc.pipe.init_buffer %pipe, %que, %one, %bytes : !que_t
  %ub = asc.queue.alloc_tensor %que : !que_t -> !ub_t
  asc.matmul.set_tensor_a %mm0, %ga : !mm_t, !asc.global_tensor<f16>
  asc.matmul.set_tensor_b %mm0, %ga : !mm_t, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm0, %gc0 {sync = false, wait_iterate_all = true} : !mm_t, !gm_t
  asc.matmul.wait_iterate_all %mm0 : !mm_t
  asc.matmul.set_tensor_a %mm0, %ga : !mm_t, !asc.global_tensor<f16>
  asc.adds %ub, %ub, %s, %n : !ub_t, !ub_t
  asc.adds %ub, %ub, %s, %n : !ub_t, !ub_t
  asc.matmul.iterate_all %mm0, %gc0 {sync = false, wait_iterate_all = true} : !mm_t, !gm_t
  asc.matmul.wait_iterate_all %mm0 : !mm_t
  %x = arith.constant 2 : i32
  %y = arith.constant 3 : i32
  %z = arith.addi %x, %y : i32
  asc.adds %ub, %ub, %s, %z : !ub_t, !ub_t
  asc.matmul.set_tensor_a %mm0, %ga : !mm_t, !asc.global_tensor<f16>
  asc.matmul.end %mm0 : !mm_t
  return
}

func.func @empty() {
  return
}

// Two objects: an issue may also sink, down to the next op on its object
// (here its wait), so either issue may be posted first.
func.func @two_objects(%a: !asc.gm_addr {asc.no_alias}, %c: !asc.gm_addr {asc.no_alias}, %d: !asc.gm_addr {asc.no_alias}, %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  %ws = asc.get_sys_workspace_ptr
  %tiling = asc.get_tiling %tiling_gm
  %n = arith.constant 256 : i32
  %s = arith.constant 1.0 : f16
  %one = arith.constant 1 : i32
  %bytes = arith.constant 512 : i32
  %ga = asc.set_global_buffer %a : !asc.global_tensor<f16>
  %gc = asc.set_global_buffer %c : !gm_t
  %gd = asc.set_global_buffer %d : !gm_t
  %mm0 = asc.matmul.create : !mm_t
  %mm1 = asc.matmul.create : !mm_t
  asc.matmul.register %pipe, %ws, %mm0, %mm1 tiling %tiling, %tiling : !mm_t, !mm_t
  %que = asc.queue.create : !que_t
  asc.pipe.init_buffer %pipe, %que, %one, %bytes : !que_t
  %ub = asc.queue.alloc_tensor %que : !que_t -> !ub_t
  asc.matmul.set_tensor_a %mm0, %ga : !mm_t, !asc.global_tensor<f16>
  asc.matmul.set_tensor_b %mm0, %ga : !mm_t, !asc.global_tensor<f16>
  asc.matmul.set_tensor_a %mm1, %ga : !mm_t, !asc.global_tensor<f16>
  asc.matmul.set_tensor_b %mm1, %ga : !mm_t, !asc.global_tensor<f16>
  asc.matmul.iterate_all %mm0, %gc {sync = false, wait_iterate_all = true} : !mm_t, !gm_t
  asc.adds %ub, %ub, %s, %n : !ub_t, !ub_t
  asc.matmul.iterate_all %mm1, %gd {sync = false, wait_iterate_all = true} : !mm_t, !gm_t
  asc.adds %ub, %ub, %s, %n : !ub_t, !ub_t
  asc.matmul.wait_iterate_all %mm1 : !mm_t
  asc.matmul.wait_iterate_all %mm0 : !mm_t
  asc.matmul.end %mm0 : !mm_t
  asc.matmul.end %mm1 : !mm_t
  return
}

// Each wait sinks to its gap; the other ops keep their order.
// APPLY:      asc.matmul.iterate_all
// APPLY-NEXT: asc.matmul.set_tensor_a
// APPLY-NEXT: asc.adds
// APPLY-NEXT: asc.adds
// APPLY-NEXT: asc.matmul.wait_iterate_all
// APPLY-NEXT: asc.matmul.iterate_all
// APPLY-NEXT: arith.constant
// APPLY-NEXT: arith.constant
// APPLY-NEXT: arith.addi
// APPLY-NEXT: asc.adds
// APPLY-NEXT: asc.matmul.set_tensor_a
// APPLY-NEXT: asc.matmul.wait_iterate_all
// APPLY-NEXT: asc.matmul.end

// A movable's own index leaves it where it is.
// STAY:      asc.matmul.set_tensor_b
// STAY-NEXT: asc.matmul.iterate_all
// STAY-NEXT: asc.matmul.wait_iterate_all

// The passes check no protocol: the second issue above the first wait is
// for --asc-verify-sync (or asc-run's checker) to refuse.
// ILLEGAL: error: 'asc.matmul.iterate_all' op issues new work on the Matmul object while an async 'asc.matmul.iterate_all' is pending

// NUMBER:   error: has 4 waits and async issues, no number 9
// GAP:      error: expects a gap below 31, not 99
// FUNCTION: error: has no function 'other'
// FORM:     error: expects moves of the form FUNCTION/NUMBER=GAP[:RANK], not 'kernel0'
// WAIT-RANK: error: is no async issue: only issues take a rank

// Issues at one gap go in the order of their ranks, the second object's
// first; an issue ranked at its own gap stands with them.
// RANK-LABEL: func.func @two_objects
// RANK:       asc.matmul.set_tensor_b
// RANK-NEXT:  asc.matmul.set_tensor_a
// RANK-NEXT:  asc.matmul.set_tensor_b
// RANK-NEXT:  asc.adds
// RANK-NEXT:  asc.matmul.iterate_all %[[MM1:[^,]*]], %{{[^ ]*}} {
// RANK-NEXT:  asc.matmul.iterate_all
// RANK-NEXT:  asc.adds
// RANK-NEXT:  asc.matmul.wait_iterate_all %[[MM1]]
// RANK-FORM: error: expects moves of the form FUNCTION/NUMBER=GAP[:RANK], not 'two_objects/0=22:x'
