//===- arithmetic.h - The cube's arithmetic ---------------------*- C++ -*-===//
//
// What the cube computes in and how a result meets memory: the accumulator
// type, FIXPIPE's conversion to the output type (with its quantisation) and
// the atomic combination (GetTensorC's and IterateAll's enAtomic).
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_MATMUL_ARITHMETIC_H
#define ASC_RUN_MATMUL_ARITHMETIC_H

#include "asc_run/numeric.h"
#include "kernel_operator.h" // int4b_t

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>

namespace AscendC {
namespace detail {

/// The accumulator of the cube: int32 for int8 inputs, float otherwise.
template <typename T>
using Acc = std::conditional_t<
    std::is_same_v<T, int8_t> || std::is_same_v<T, ::int4b_t>, int32_t, float>;

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

/// FIXPIPE's quantisation modes on the way out of CO1 (Atlas A2, NPU
/// architecture 2201), chosen by the types as CANN's MatmulQuantProcessor
/// does (impl/adv_api/detail/matmul/stage/copy_cube_out/quant/
/// quant_processor_fixpipe.h, IsQuantSenario in quant_processor_utils.h):
/// an int32 CO1 into half is (V)DEQF16, into int8/uint8 (V)REQ8; a float CO1
/// into int8/uint8 (V)QF322B8_PRE. Any other pair is no quantisation
/// scenario, and CANN's SetQuantScalar/SetQuantVector do nothing there.
enum class QuantKind { None, DeqF16, ToB8 };

template <typename AccT, typename DstT> constexpr QuantKind quantKind() {
  constexpr bool toB8 =
      std::is_same_v<DstT, int8_t> || std::is_same_v<DstT, uint8_t>;
  if constexpr (std::is_same_v<AccT, int32_t> && std::is_same_v<DstT, half>)
    return QuantKind::DeqF16;
  else if constexpr (toB8)
    return QuantKind::ToB8;
  else
    return QuantKind::None;
}

/// One quantisation parameter (SetQuantScalar's, or one column's element
/// of SetQuantVector's tensor) as the device reads it: CANN's table of
/// QUANT_PRE for architecture 2201 (docs/zh/api/SIMD-API/基础API/
/// 矩阵计算（ISASI）/矩阵计算的搬出/关键特性说明/随路量化.md, table 1):
/// bits 31..13 are M1, a float of 1 sign, 8 exponent and 10 mantissa bits
/// (bits 12..0 are not read: SetQuantScalar.md truncates the scale with
/// `& 0xFFFFE000`); bit 36 the mode control bit (shift the int32 right by N
/// first); bits 45..37 a 9-bit signed offset added after the scaling
/// ((V)REQ8, (V)QF322B8_PRE only); bit 46 signed (int8) or unsigned (uint8)
/// saturation ((V)REQ8, (V)QF322B8_PRE only).
struct QuantParam {
  float m1 = 1.0f;
  bool modeControl = false;
  int32_t offset = 0;
  bool isSigned = false;
};

inline QuantParam decodeQuant(uint64_t raw) {
  QuantParam q;
  q.m1 = asc_run::bitsFloat(static_cast<uint32_t>(raw) & 0xFFFFE000u);
  q.modeControl = (raw >> 36) & 1u;
  int32_t offset = static_cast<int32_t>((raw >> 37) & 0x1FFu);
  q.offset = offset >= 256 ? offset - 512 : offset;
  q.isSigned = (raw >> 46) & 1u;
  return q;
}

/// The device's quantisation of one CO1 value with parameter `q`, as CANN's
/// reference algorithms compute it (examples/01_simd_cpp_api/03_basic_api/
/// 03_matrix_compute/fixpipe_l0c2gm/scripts/gen_data_s322f16.py,
/// gen_data_s322s8.py, gen_data_f322s8.py; without ReLU M2 = M1): the value
/// as a float times M1, then
/// - (V)DEQF16: rounded to half, saturating at the largest half (the
///   result has no INF/NaN mode); the fraction stays;
/// - (V)REQ8, (V)QF322B8_PRE: saturated to [-256, 255] and rounded to the
///   nearest integer (ties to even), plus the offset, saturated to int8
///   (signed) or uint8 and stored as that byte.
/// The docs do not say in what precision the product is formed; asc-run
/// rounds it to float first.
template <typename DstT, typename AccT>
DstT quantiseValue(AccT value, const QuantParam &q) {
  float product = static_cast<float>(value) * q.m1;
  if constexpr (std::is_same_v<DstT, half>) {
    return half(std::clamp(product, -65504.0f, 65504.0f));
  } else {
    float scaled = std::nearbyint(std::clamp(product, -256.0f, 255.0f));
    int32_t shifted = static_cast<int32_t>(scaled) + q.offset;
    int32_t saturated = q.isSigned ? std::clamp(shifted, -128, 127)
                                   : std::clamp(shifted, 0, 255);
    return static_cast<DstT>(static_cast<uint8_t>(saturated));
  }
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
