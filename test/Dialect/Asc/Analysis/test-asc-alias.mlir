// RUN: asc-opt %s -split-input-file -test-asc-alias -o /dev/null | FileCheck %s

// The alias analysis on its own: footprints set by the access, provenance
// through views, untraced values, sub-byte elements.

!gm = !asc.global_tensor<f32>
!ub = !asc.local_tensor<vecin, f32>

// Footprints come from the access, not from SetGlobalBuffer's size.
// CHECK-LABEL: function @footprints
// CHECK: copy: read gm arg0 + 0 [6144 bytes]
// CHECK: copy: write local arg1 + 0 [6144 bytes]
// CHECK: count: read gm arg0 + 0 [17179869180 bytes]
// CHECK: count: write local arg1 + 0 [17179869180 bytes]
// CHECK: one: read gm arg0 + 4092 [4 bytes]
// CHECK: copy <-> count: MayAlias, modref of count: ModRef
// CHECK: copy <-> one: MayAlias, modref of one: Ref
func.func @footprints(%p: !asc.gm_addr {asc.no_alias}, %u: !ub) {
  %c0 = arith.constant 0 : i64
  %c16 = arith.constant 16 : i64
  %cnt = arith.constant 2 : i32
  %len = arith.constant 64 : i32
  %all = arith.constant -1 : i32
  %m1 = arith.constant -1 : i64
  %c1024 = arith.constant 1024 : i64
  %head = asc.set_global_buffer %p[%c0], %c16 : !gm
  %c = asc.set_global_buffer %p[%c1024], %c16 : !gm
  asc.data_copy %u, %head params(%cnt, %len, %len, %len) {test.name = "copy"} : !ub, !gm
  asc.data_copy %u, %head, %all {test.name = "count"} : !ub, !gm
  %x = asc.get_value %c[%m1] {test.name = "one"} : !gm
  return
}

// -----

!gm = !asc.global_tensor<f32>

// Constant and symbolic offsets from one root are compared exactly.
// CHECK-LABEL: function @offsets
// CHECK: low: write gm arg0 + 0 [4 bytes]
// CHECK: high: write gm arg0 + 4 [4 bytes]
// CHECK: sym: read gm arg0 + 4 * arg1 + 32 [4 bytes]
// CHECK: sym2: read gm arg0 + 4 * arg1 + 36 [4 bytes]
// CHECK: low <-> high: NoAlias
// CHECK: low <-> sym: MayAlias
// CHECK: sym <-> sym2: NoAlias
func.func @offsets(%p: !asc.gm_addr, %base: i64, %x: f32) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c8 = arith.constant 8 : i64
  %t = asc.set_global_buffer %p : !gm
  asc.set_value %t[%c0], %x {test.name = "low"} : !gm
  asc.set_value %t[%c1], %x {test.name = "high"} : !gm
  %i = arith.addi %base, %c8 : i64
  %j = arith.addi %i, %c1 : i64
  %a = asc.get_value %t[%i] {test.name = "sym"} : !gm
  %b = asc.get_value %t[%j] {test.name = "sym2"} : !gm
  return
}

// -----

!gm = !asc.global_tensor<f32>
!gm4 = !asc.global_tensor<i4>
!ub = !asc.local_tensor<vecin, f32>
!ub4 = !asc.local_tensor<vecin, i4>

// Untraced values may alias anything in their space, no_alias arguments
// included; GM and local memory never overlap; int4 counts half a byte.
// CHECK-LABEL: function @untraced
// CHECK: sel: read gm untraced + ? [4 bytes]
// CHECK: arg: write gm arg1 + 0 [4 bytes]
// CHECK: ub: write local arg3 + 0 [4 bytes]
// CHECK: nib: read gm arg4 + 3 [1 bytes]
// CHECK: nib2: read gm arg4 + 2 [1 bytes]
// CHECK: sel <-> arg: MayAlias
// CHECK: sel <-> ub: NoAlias
// CHECK: arg <-> ub: NoAlias
// CHECK: nib <-> nib2: NoAlias
func.func @untraced(%a: !asc.gm_addr {asc.no_alias}, %b: !asc.gm_addr {asc.no_alias}, %cond: i1, %u: !ub, %q: !asc.gm_addr, %x: f32, %u4: !ub4) {
  %c0 = arith.constant 0 : i64
  %c3 = arith.constant 3 : i64
  %one = arith.constant 1 : i32
  %ab = arith.select %cond, %a, %b : !asc.gm_addr
  %s = asc.set_global_buffer %ab : !gm
  %t = asc.set_global_buffer %b : !gm
  %y = asc.get_value %s[%c0] {test.name = "sel"} : !gm
  asc.set_value %t[%c0], %x {test.name = "arg"} : !gm
  asc.duplicate %u, %x, %one {test.name = "ub"} : !ub
  %c4 = arith.constant 4 : i64
  %two = arith.constant 2 : i32
  %n = asc.set_global_buffer %q[%c4] : !gm4
  %v = asc.get_value %n[%c3] {test.name = "nib"} : !gm4
  asc.data_copy %u4, %n, %two {test.name = "nib2"} : !ub4, !gm4
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!gmh = !asc.global_tensor<f16>

// A Matmul call's accesses through its state resolve to the memory set in
// effect; the result-form GetTensorC view lives in the workspace.
// CHECK-LABEL: function @state_held
// CHECK: issue: read gm arg0 + 0 [unbounded] (A)
// CHECK: issue: read gm arg1 + 0 [unbounded] (B)
// CHECK: issue: write gm arg2 + 0 [unbounded]
// CHECK: fetch: read gm arg0 + 0 [unbounded] (A)
// CHECK: fetch: read gm arg1 + 0 [unbounded] (B)
// CHECK: fetch: write gm arg3 + 0 [unbounded] (workspace)
// CHECK: view: read gm arg3 + ? [4 bytes]
// CHECK: issue <-> view: NoAlias
// CHECK: fetch <-> view: MayAlias
func.func @state_held(%a: !asc.gm_addr {asc.no_alias}, %b: !asc.gm_addr {asc.no_alias}, %c: !asc.gm_addr {asc.no_alias}, %w: !asc.gm_addr {asc.no_alias}) {
  %c0 = arith.constant 0 : i64
  %ga = asc.set_global_buffer %a : !gmh
  %gb = asc.set_global_buffer %b : !gmh
  %gc = asc.set_global_buffer %c : !gm
  %ws = asc.set_global_buffer %w : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %ga : !mm, !gmh
  asc.matmul.set_tensor_b %mm, %gb : !mm, !gmh
  asc.matmul.set_workspace %mm, %ws : !mm, !gm
  asc.matmul.iterate_all %mm, %gc {sync = true, test.name = "issue"} : !mm, !gm
  %more = asc.matmul.iterate %mm {sync = false} : !mm
  %blk = asc.matmul.get_tensor_c %mm {sync = false, test.name = "fetch"} : !mm -> !gm
  asc.matmul.wait_get_tensor_c %mm : !mm
  %v = asc.get_value %blk[%c0] {test.name = "view"} : !gm
  asc.matmul.end %mm : !mm
  return
}

// -----

!ub = !asc.local_tensor<vecin, f32>

// Two live buffers are distinct while each access stays in its buffer of
// 1024 bytes (InitBuffer); one that runs past its end may reach the other.
// CHECK-LABEL: function @queue_buffers
// CHECK: in0 <-> in1: NoAlias
// CHECK: in0 <-> past: MayAlias
// CHECK: in1 <-> past: MustAlias
func.func @queue_buffers(%x: f32) {
  %num = arith.constant 2 : i32
  %len = arith.constant 1024 : i32
  %n = arith.constant 256 : i32
  %big = arith.constant 257 : i32
  %pipe = asc.pipe.create
  %q = asc.queue.create : !asc.queue<vecin, 2>
  asc.pipe.init_buffer %pipe, %q, %num, %len : !asc.queue<vecin, 2>
  %t0 = asc.queue.alloc_tensor %q : !asc.queue<vecin, 2> -> !ub
  %t1 = asc.queue.alloc_tensor %q : !asc.queue<vecin, 2> -> !ub
  asc.duplicate %t0, %x, %n {test.name = "in0"} : !ub
  asc.duplicate %t1, %x, %n {test.name = "in1"} : !ub
  asc.duplicate %t1, %x, %big {test.name = "past"} : !ub
  return
}

// -----

!ub = !asc.local_tensor<vecin, f32>

// A tensor at a fixed address (LocalTensor(pos, addr, tileSize)) has no
// provenance the analysis knows: it may overlap any local buffer, a queue's
// or another fixed one, even at another address.
// CHECK-LABEL: function @fixed_address
// CHECK: fixed0: write local untraced + ? [1024 bytes]
// CHECK: fixed0 <-> fixed1: MayAlias
// CHECK: fixed0 <-> queued: MayAlias
func.func @fixed_address(%x: f32) {
  %num = arith.constant 1 : i32
  %len = arith.constant 1024 : i32
  %n = arith.constant 256 : i32
  %c0 = arith.constant 0 : i32
  %c4096 = arith.constant 4096 : i32
  %pipe = asc.pipe.create
  %q = asc.queue.create : !asc.queue<vecin, 1>
  asc.pipe.init_buffer %pipe, %q, %num, %len : !asc.queue<vecin, 1>
  %t = asc.queue.alloc_tensor %q : !asc.queue<vecin, 1> -> !ub
  %f0 = asc.local_tensor.create %c0, %n : !ub
  %f1 = asc.local_tensor.create %c4096, %n : !ub
  asc.duplicate %f0, %x, %n {test.name = "fixed0"} : !ub
  asc.duplicate %f1, %x, %n {test.name = "fixed1"} : !ub
  asc.duplicate %t, %x, %n {test.name = "queued"} : !ub
  return
}

// -----

!gm = !asc.global_tensor<f32>
!gm8 = !asc.global_tensor<i8>
!gm4 = !asc.global_tensor<i4>
!ub = !asc.local_tensor<vecin, f32>

// Offsets and sizes at the ends of the 64-bit range: any sum or product
// that overflows makes the offset unknown (they may alias), never a wrapped
// value; huge counts and strides give huge but exact footprints.
// CHECK-LABEL: function @huge_offsets
// CHECK: a: write gm arg0 + ? [4 bytes]
// CHECK: b: write gm arg0 + ? [4 bytes]
// CHECK: c: write gm arg0 + ? [4 bytes]
// CHECK: d: write gm arg0 + ? [4 bytes]
// CHECK: e: read gm arg0 + ? [1 bytes]
// CHECK: f: read gm arg0 + ? [2 bytes]
// CHECK: g: write gm arg0 + ? [4 bytes]
// CHECK: h: read gm arg0 + ? [17179869180 bytes]
// CHECK: i: read gm arg0 + ? [274867421280 bytes]
// CHECK: j: write gm arg0 + 9223372036854775804 [4 bytes]
// CHECK: k: read gm arg0 + -9223372036854775808 [1 bytes]
// CHECK: a <-> b: MayAlias
// CHECK: j <-> k: NoAlias
func.func @huge_offsets(%p: !asc.gm_addr {asc.no_alias}, %u: !ub, %x: f32, %k: i64) {
  %big = arith.constant 4611686018427387904 : i64
  %max = arith.constant 9223372036854775807 : i64
  %min = arith.constant -9223372036854775808 : i64
  %neg = arith.constant -4611686018427387904 : i64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %last = arith.constant 2305843009213693951 : i64
  %t = asc.set_global_buffer %p[%big] : !gm
  %t2 = asc.subview %t[%big] : !gm
  asc.set_value %t2[%big], %x {test.name = "a"} : !gm
  %t3 = asc.set_global_buffer %p[%min] : !gm
  asc.set_value %t3[%min], %x {test.name = "b"} : !gm
  %s = arith.addi %max, %c1 : i64
  asc.set_value %t[%s], %x {test.name = "c"} : !gm
  %m = arith.muli %k, %big : i64
  asc.set_value %t[%m], %x {test.name = "d"} : !gm
  %t8 = asc.set_global_buffer %p[%max] : !gm8
  %t9 = asc.subview %t8[%max] : !gm8
  %v = asc.get_value %t9[%max] {test.name = "e"} : !gm8
  %t4 = asc.set_global_buffer %p[%max] : !gm4
  %w = asc.get_value %t4[%max] {test.name = "f"} : !gm4
  %t5 = asc.subview %t3[%neg] : !gm
  asc.set_value %t5[%neg], %x {test.name = "g"} : !gm
  %all = arith.constant -1 : i32
  asc.data_copy %u, %t5, %all {test.name = "h"} : !ub, !gm
  %cnt = arith.constant 65535 : i32
  asc.data_copy %u, %t3 params(%cnt, %cnt, %cnt, %cnt) {test.name = "i"} : !ub, !gm
  %tail = asc.set_global_buffer %p[%last] : !gm
  asc.set_value %tail[%c0], %x {test.name = "j"} : !gm
  %i8 = asc.set_global_buffer %p[%min] : !gm8
  %y = asc.get_value %i8[%c0] {test.name = "k"} : !gm8
  return
}

// -----

!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!gm = !asc.global_tensor<f32>
!ga = !asc.global_tensor<f16>
!ub = !asc.local_tensor<vecin, f32>

// A Matmul output is unbounded from its first element (the tiling sets its
// extent) unless the call states it with asc.output_elements: 256 floats
// end where the next tile starts, 257 run into it; the atomic form also
// reads what it states.
// CHECK-LABEL: function @stated_output_elements
// CHECK: unstated: write gm arg1 + 0 [unbounded]
// CHECK: stated: write gm arg1 + 0 [1024 bytes]
// CHECK: over: write gm arg1 + 0 [1028 bytes]
// CHECK: atomic: read gm arg1 + 0 [1024 bytes]
// CHECK: atomic: write gm arg1 + 0 [1024 bytes]
// CHECK: next: read gm arg1 + 1024 [1024 bytes]
// CHECK: unstated <-> next: MayAlias
// CHECK: stated <-> next: NoAlias
// CHECK: over <-> next: MayAlias
// CHECK: atomic <-> next: NoAlias
func.func @stated_output_elements(%pa: !asc.gm_addr {asc.no_alias}, %pc: !asc.gm_addr {asc.no_alias}, %u: !ub) {
  %a = asc.set_global_buffer %pa : !ga
  %c256 = arith.constant 256 : i64
  %n = arith.constant 256 : i32
  %c = asc.set_global_buffer %pc : !gm
  %d = asc.set_global_buffer %pc[%c256] : !gm
  %mm = asc.matmul.create : !mm
  asc.matmul.set_tensor_a %mm, %a : !mm, !ga
  asc.matmul.set_tensor_b %mm, %a : !mm, !ga
  asc.matmul.iterate_all %mm, %c {sync = true, test.name = "unstated"} : !mm, !gm
  asc.matmul.iterate_all %mm, %c {sync = true, asc.output_elements = 256 : i64, test.name = "stated"} : !mm, !gm
  asc.matmul.iterate_all %mm, %c {sync = true, asc.output_elements = 257 : i64, test.name = "over"} : !mm, !gm
  asc.matmul.iterate_all %mm, %c {sync = true, en_atomic = 1 : i32, asc.output_elements = 256 : i64, test.name = "atomic"} : !mm, !gm
  asc.data_copy %u, %d, %n {test.name = "next"} : !ub, !gm
  asc.matmul.end %mm : !mm
  return
}
