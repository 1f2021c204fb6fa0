// RUN: asc-opt %s 2>&1 | FileCheck %s

// An InitBuffer before the registration is a warning (rule L11) that asc-opt
// prints once, with the module still printed after it: the warning is
// reported at a location, so printing the op for a diagnostic does not run
// the verifier into the same warning again.

// CHECK: warning: 'asc.pipe.init_buffer' gives a queue its buffers before the pipe's asc.matmul.register
// CHECK: note: registered here
// CHECK-NOT: warning:
// CHECK: func.func @init_buffer_first
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
func.func @init_buffer_first(%ws: !asc.gm_addr, %n: i32) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  %que = asc.queue.create : !asc.queue<vecout, 1>
  asc.pipe.init_buffer %pipe, %que, %n, %n : !asc.queue<vecout, 1>
  %mm = asc.matmul.create : !mm
  asc.matmul.register %pipe, %ws, %mm : !mm
  return
}
