//===- arithmetic.h - The cube's arithmetic ---------------------*- C++ -*-===//
//
// What the cube computes in and how a result meets memory: the accumulator
// type, the conversion to the output type and the atomic combination
// (GetTensorC's and IterateAll's enAtomic).
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_MATMUL_ARITHMETIC_H
#define ASC_RUN_MATMUL_ARITHMETIC_H

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>

namespace AscendC {
namespace detail {

/// The accumulator of the cube: int32 for int8 inputs, float otherwise.
template <typename T>
using Acc = std::conditional_t<std::is_same_v<T, int8_t>, int32_t, float>;

/// Converts an accumulator value to the output type (saturating for int8).
template <typename D, typename A> D toOutput(A value) {
  if constexpr (std::is_same_v<D, int8_t>)
    return static_cast<int8_t>(std::clamp<int64_t>(
        static_cast<int64_t>(std::lrint(value)), -128, 127));
  else if constexpr (std::is_integral_v<D>)
    return static_cast<D>(value);
  else
    return D(static_cast<float>(value));
}

/// Combines a result with what is in memory (enAtomic: 1 add, 2 max, 3 min).
template <typename D> D combine(D old, D value, uint8_t atomic) {
  using W = std::conditional_t<std::is_integral_v<D>, int64_t, float>;
  W o = W(old), v = W(value);
  switch (atomic) {
  case 1:
    return toOutput<D>(o + v);
  case 2:
    return toOutput<D>(std::max(o, v));
  case 3:
    return toOutput<D>(std::min(o, v));
  default:
    return value;
  }
}

} // namespace detail
} // namespace AscendC

#endif // ASC_RUN_MATMUL_ARITHMETIC_H
