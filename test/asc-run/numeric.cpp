// REQUIRES: host-cxx
// RUN: %host_cxx -std=c++17 -I %runtime %s -o %t && %t | FileCheck %s
//
// asc-run's half and bfloat16_t round float to nearest, ties to even, with
// subnormals, overflow to infinity and NaN kept; every half converts to float
// and back to itself.

#include "asc_run/numeric.h"

#include <cmath>
#include <cstdio>

static void show(const char *what, float value) {
  std::printf("%s %04x\n", what, half(value).bits);
}

int main() {
  // CHECK: one 3c00
  show("one", 1.0f);
  // CHECK-NEXT: max 7bff
  show("max", 65504.0f);
  // CHECK-NEXT: below-tie 7bff
  show("below-tie", 65519.0f);
  // CHECK-NEXT: tie-to-inf 7c00
  show("tie-to-inf", 65520.0f);
  // CHECK-NEXT: tie-even-down 3c00
  show("tie-even-down", 1.0f + std::ldexp(1.0f, -11));
  // CHECK-NEXT: tie-even-up 3c02
  show("tie-even-up", 1.0f + 3 * std::ldexp(1.0f, -11));
  // CHECK-NEXT: subnormal-min 0001
  show("subnormal-min", std::ldexp(1.0f, -24));
  // CHECK-NEXT: subnormal-tie-zero 0000
  show("subnormal-tie-zero", std::ldexp(1.0f, -25));
  // CHECK-NEXT: subnormal-tie-two 0002
  show("subnormal-tie-two", 3 * std::ldexp(1.0f, -25));
  // CHECK-NEXT: subnormal-to-normal 0400
  show("subnormal-to-normal", std::ldexp(1.0f, -14) - std::ldexp(1.0f, -26));
  // CHECK-NEXT: minus-zero 8000
  show("minus-zero", -0.0f);
  // CHECK-NEXT: nan 7e00
  show("nan", std::nanf(""));
  // CHECK-NEXT: bf16-tie 3f80
  std::printf("bf16-tie %04x\n", bfloat16_t(1.0f + std::ldexp(1.0f, -8)).bits);
  // CHECK-NEXT: bf16-up 3f81
  std::printf("bf16-up %04x\n",
              bfloat16_t(1.0f + std::ldexp(1.0f, -8) + std::ldexp(1.0f, -12)).bits);
  int bad = 0;
  for (unsigned bits = 0; bits < 0x10000; ++bits) {
    half h = half::fromBits(static_cast<uint16_t>(bits));
    float f = h;
    if (std::isnan(f))
      continue;
    if (half(f).bits != bits)
      ++bad;
  }
  // CHECK-NEXT: round-trip failures 0
  std::printf("round-trip failures %d\n", bad);
  return 0;
}
