// REQUIRES: host-cxx
// RUN: %host_cxx -std=c++17 -I %runtime %s -o %t && %t | FileCheck %s
//
// The cost model's arithmetic on a hand-made timeline: an async issue runs
// on the cube from the message latency on, vector work overlaps it, a wait
// stalls the vector core until the cube is done.

#include "asc_run/cost.h"

#include <cstdio>

int main() {
  using namespace asc_run;
  // 2 x 200 latency + (16 + 16) * 16 * 2 / 32 load + 16^3 / 4096 MACs +
  // 16 * 16 * 4 / 32 store.
  // CHECK: cube 16x16x16 f16->f32: 465
  std::printf("cube 16x16x16 f16->f32: %.0f\n", cubeCycles(16, 16, 16, 2, 4, false));
  // int8: 400 latency + 64 * 32 / 32 load + 32^3 / 8192 MACs + 32 * 32 * 4 / 32.
  // CHECK-NEXT: cube 32x32x32 i8->i32: 596
  std::printf("cube 32x32x32 i8->i32: %.0f\n", cubeCycles(32, 32, 32, 1, 4, true));
  // 200 latency + 1 burst + 1024 / 32.
  // CHECK-NEXT: copy 1024 bytes: 233
  std::printf("copy 1024 bytes: %.0f\n", copyCycles(1024));
  // 8 issue + 4 repeats of 256 bytes.
  // CHECK-NEXT: vector 1024 bytes: 12
  std::printf("vector 1024 bytes: %.0f\n", vectorCycles(1024));

  Timeline t;
  t.vectorWork(100);                 // vector 0..100
  double done = t.cubeWork(500);     // cube 200..700 (posted at 100)
  t.vectorWork(300);                 // vector 100..400, overlaps 200..400
  t.stallUntil(done);                // the wait
  t.vectorWork(50);                  // vector 700..750
  // CHECK-NEXT: done 700 end 750 vector busy 450 cube busy 500 overlap 200
  std::printf("done %.0f end %.0f vector busy %.0f cube busy %.0f overlap %.0f\n",
              done, t.end(), t.vectorBusy, t.cubeBusy, t.overlap());
  return 0;
}
