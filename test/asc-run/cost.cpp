// REQUIRES: host-cxx
// RUN: %host_cxx -std=c++17 -I %runtime %s -o %t && %t | FileCheck %s
//
// The cost model's arithmetic on hand-made traces, with the default
// parameters (docs/Runtime.md, "Cost model"): the cycles of each kind of
// work; the units running side by side, ordered only by the scalar unit's
// issue, flags and signals; the message path of a Matmul post; the cube
// core of a 1:2 launch serving its two vector cores in turn; and the
// overlap of a call in flight with the core's own work.

#include "asc_run/core.h"

#include <cstdio>

using namespace asc_run;

static double cycles(Work w, double a, double b = 0) {
  Node n;
  n.work = w;
  n.a = a;
  n.b = b;
  return nodeCycles(n, costTable());
}

static double product(double m, double n, double k, unsigned in, unsigned out,
                      Rate rate) {
  Node node;
  node.work = Work::Product;
  node.a = m;
  node.b = n;
  node.c = k;
  node.inBytes = uint8_t(in);
  node.outBytes = uint8_t(out);
  node.rate = rate;
  return nodeCycles(node, costTable());
}

static void print(const char *what, const CostResult &r) {
  std::printf("%s: total %.1f cube %.1f vector %.1f overlap %.1f S %.1f V "
              "%.1f MTE2 %.1f MTE3 %.1f cube cores %lld\n",
              what, r.total, r.cube, r.vector, r.overlap, r.pipe[PipeS],
              r.pipe[PipeV], r.pipe[PipeMte2], r.pipe[PipeMte3],
              static_cast<long long>(r.cubeCores));
}

int main() {
  // A GM copy: 200 latency + 1 burst + 1024 / 32 bytes a cycle.
  // CHECK: copy 1024 bytes: 233.0
  std::printf("copy 1024 bytes: %.1f\n", cycles(Work::GmCopy, 1024, 1));
  // A vector instruction: 8 + 4 repeats of 256 bytes at 256 bytes a cycle;
  // a partial repeat costs a whole one.
  // CHECK-NEXT: vector 1024 bytes: 12.0, 100 bytes: 9.0
  std::printf("vector 1024 bytes: %.1f, 100 bytes: %.1f\n",
              cycles(Work::Vector, 1024), cycles(Work::Vector, 100));
  // 16x16x16 f16 -> f32: load 200 + 1024 / 32 = 232, L1 -> L0 512 / 256 +
  // 512 / 128 = 6, Mmad 4096 / 4096 = 1, FIXPIPE 200 + 1024 / min(64 * 4,
  // 32) = 232: serial 471, the longest phase 232, half of the difference
  // overlapped (cube_overlap 0.5): 471 - 119.5.
  // CHECK-NEXT: product 16x16x16 f16: 351.5
  std::printf("product 16x16x16 f16: %.1f\n",
              product(16, 16, 16, 2, 4, Rate::F16));
  // 32x32x32 i8 -> i32: load 264, L1 -> L0 12, Mmad 32768 / 8192 = 4,
  // FIXPIPE 328: 608 - 0.5 * (608 - 328).
  // CHECK-NEXT: product 32x32x32 i8: 468.0
  std::printf("product 32x32x32 i8: %.1f\n",
              product(32, 32, 32, 1, 4, Rate::I8));
  // fp32 inputs: load 264, L1 -> L0 12, Mmad at 1024 MACs a cycle (16x16x4)
  // 4, FIXPIPE 232: 512 - 0.5 * (512 - 264).
  // CHECK-NEXT: product 16x16x16 f32: 388.0
  std::printf("product 16x16x16 f32: %.1f\n",
              product(16, 16, 16, 4, 4, Rate::F32));

  // One block: a copy-in, the vector unit after it (a DeQue), then an
  // async issue and its wait.
  //   S    10 scalar instructions               [0, 10]
  //   MTE2 copy 1024 bytes, issued at 10        [10, 243]
  //   V    mark after MTE2, 1024 bytes          [243, 255]
  //   post: S 4 + 16 stores                     [10, 30]
  //         MTE3 the 128-byte message           [30, 235]
  //         cube: the poll (200), the dispatch  [435, 535]
  //   cube product 16x16x16                     [535, 886.5]
  //   S    the wait: signal + 50                 886.5 + 50
  //   S    1 scalar instruction                 [936.5, 937.5]
  // Overlap: the call is in flight from its message copy (30) to 886.5;
  // the core's own work in it: MTE2 30..243 and V 243..255.
  RunState &s = state();
  scalarWork(10);
  s.trace.work(PipeMte2, Work::GmCopy, 1024, 1);
  orderPipes(PipeMte2, PipeV);
  s.trace.work(PipeV, Work::Vector, 1024);
  scalarWork(4);
  postMessage();
  serverProduct(1, 16, 16, 16, 2, 4, Rate::F16);
  waitSignal(cubePoint());
  scalarWork(1);
  // CHECK-NEXT: issue: total 937.5 cube 451.5 vector 245.0 overlap 225.0 S 31.0
  // V 12.0 MTE2 233.0 MTE3 205.0 cube cores 1
  print("issue", schedule({s.trace}, 1, costTable()));

  // As written, with the wait at once: the copy-in after the wait overlaps
  // nothing.
  s.trace.clear();
  s.resetPipes();
  scalarWork(4);
  postMessage();
  serverProduct(1, 16, 16, 16, 2, 4, Rate::F16);
  waitSignal(cubePoint());
  s.trace.work(PipeMte2, Work::GmCopy, 1024, 1);
  // S [0, 20], MTE3 [20, 225], dispatch [425, 525], product [525, 876.5],
  // the wait until 926.5, MTE2 [926.5, 1159.5].
  // CHECK-NEXT: waited: total 1159.5 cube 451.5 vector 438.0 overlap 0.0
  print("waited", schedule({s.trace}, 1, costTable()));

  // PipeBarrier<PIPE_MTE3> in the post: the message leaves after an
  // outstanding copy out; the next post's AllocMessage (WaitFlag<MTE3_S>)
  // waits for that message's copy.
  //   S 1 [0, 1]; MTE3 copy out 3200 bytes [1, 302]
  //   post 1: S 16 [1, 17]; message [302, 507]; dispatch [707, 807]
  //   post 2: S waits until 507; S 16 [507, 523]; message [523, 728];
  //           dispatch at 928
  s.trace.clear();
  s.resetPipes();
  scalarWork(1);
  s.trace.work(PipeMte3, Work::GmCopy, 3200, 1);
  postMessage();
  postMessage();
  // CHECK-NEXT: barrier: total 1028.0 cube 200.0 vector 711.0 overlap 0.0
  // S 33.0
  print("barrier", schedule({s.trace}, 1, costTable()));

  // Two vector cores, each posting one 16x16x16 product at once: on their
  // own cube cores both end at 20 + 205 + 200 + 100 + 351.5; sharing one
  // (1:2), the cube core serves core 0's message whole, then core 1's.
  s.trace.clear();
  s.resetPipes();
  scalarWork(4);
  postMessage();
  serverProduct(1, 16, 16, 16, 2, 4, Rate::F16);
  std::vector<Trace> two = {s.trace, s.trace};
  // CHECK-NEXT: 1:1: total 876.5 cube 903.0 vector 410.0 overlap 0.0 S 40.0 V
  // 0.0 MTE2 0.0 MTE3 410.0 cube cores 2
  print("1:1", schedule(two, 1, costTable()));
  // CHECK-NEXT: 1:2: total 1328.0 cube 903.0 vector 410.0 overlap 0.0 S 40.0 V
  // 0.0 MTE2 0.0 MTE3 410.0 cube cores 1
  print("1:2", schedule(two, 2, costTable()));

  // Parameters by name, refused outside their domain.
  CostTable t;
  // CHECK-NEXT: set gm_latency 600: 1 copy 633.0; cube_overlap 2: 0; rate 0: 0;
  // unknown: 0
  bool ok = t.set("gm_latency", 600);
  Node copy;
  copy.work = Work::GmCopy;
  copy.a = 1024;
  copy.b = 1;
  std::printf("set gm_latency 600: %d copy %.1f; cube_overlap 2: %d; rate 0: "
              "%d; unknown: %d\n",
              ok, nodeCycles(copy, t), t.set("cube_overlap", 2),
              t.set("gm_bytes", 0), t.set("no_such", 1));
  return 0;
}
