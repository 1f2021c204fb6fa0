//===- numeric.h - IEEE half and bfloat16 for the CPU runtime ---*- C++ -*-===//
//
// The 16-bit floating-point types of Ascend C: `half` (IEEE binary16) and
// `bfloat16_t`, stored as bits, converted from float with round to nearest,
// ties to even, and to float exactly. Arithmetic happens in float, as the
// vector unit does for these types.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_NUMERIC_H
#define ASC_RUN_NUMERIC_H

#include <cstdint>
#include <cstring>

namespace asc_run {

inline uint32_t floatBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

inline float bitsFloat(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

/// float -> IEEE binary16 bits, round to nearest even; overflow gives
/// infinity, NaN stays a (quiet) NaN.
inline uint16_t floatToHalfBits(float value) {
  uint32_t f = floatBits(value);
  uint16_t sign = static_cast<uint16_t>((f >> 16) & 0x8000u);
  uint32_t exp = (f >> 23) & 0xffu;
  uint32_t mant = f & 0x7fffffu;
  if (exp == 0xffu)
    return sign | 0x7c00u | (mant ? 0x200u : 0u);
  int32_t e = static_cast<int32_t>(exp) - 127 + 15;
  if (e >= 31)
    return sign | 0x7c00u;
  if (e <= 0) {
    // Subnormal half (or zero): shift the full significand into place.
    if (e < -10)
      return sign;
    uint32_t full = mant | 0x800000u;
    uint32_t shift = static_cast<uint32_t>(14 - e);
    uint32_t half = full >> shift;
    uint32_t rest = full & ((1u << shift) - 1u);
    uint32_t halfway = 1u << (shift - 1u);
    if (rest > halfway || (rest == halfway && (half & 1u)))
      ++half;
    return sign | static_cast<uint16_t>(half);
  }
  uint32_t half = (static_cast<uint32_t>(e) << 10) | (mant >> 13);
  uint32_t rest = mant & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (half & 1u)))
    ++half; // a carry into the exponent rounds up to the next binade or inf
  return sign | static_cast<uint16_t>(half);
}

inline float halfBitsToFloat(uint16_t h) {
  uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1fu;
  uint32_t mant = h & 0x3ffu;
  if (exp == 0x1fu)
    return bitsFloat(sign | 0x7f800000u | (mant << 13));
  if (exp == 0) {
    if (mant == 0)
      return bitsFloat(sign);
    // Subnormal: value = mant * 2^-24.
    float value = static_cast<float>(mant) * (1.0f / 16777216.0f);
    return sign ? -value : value;
  }
  return bitsFloat(sign | ((exp - 15u + 127u) << 23) | (mant << 13));
}

/// float -> bfloat16 bits, round to nearest even.
inline uint16_t floatToBf16Bits(float value) {
  uint32_t f = floatBits(value);
  if ((f & 0x7f800000u) == 0x7f800000u && (f & 0x7fffffu))
    return static_cast<uint16_t>((f >> 16) | 0x40u);
  uint32_t rounding = 0x7fffu + ((f >> 16) & 1u);
  return static_cast<uint16_t>((f + rounding) >> 16);
}

inline float bf16BitsToFloat(uint16_t b) {
  return bitsFloat(static_cast<uint32_t>(b) << 16);
}

} // namespace asc_run

/// IEEE binary16, the `half` of Ascend C.
struct half {
  half() = default;
  half(float value) : bits(asc_run::floatToHalfBits(value)) {}
  half(double value) : half(static_cast<float>(value)) {}
  half(int value) : half(static_cast<float>(value)) {}
  operator float() const { return asc_run::halfBitsToFloat(bits); }
  static half fromBits(uint16_t raw) {
    half h;
    h.bits = raw;
    return h;
  }
  uint16_t bits = 0;
};

/// bfloat16, the `bfloat16_t` of Ascend C.
struct bfloat16_t {
  bfloat16_t() = default;
  bfloat16_t(float value) : bits(asc_run::floatToBf16Bits(value)) {}
  bfloat16_t(double value) : bfloat16_t(static_cast<float>(value)) {}
  operator float() const { return asc_run::bf16BitsToFloat(bits); }
  uint16_t bits = 0;
};

#endif // ASC_RUN_NUMERIC_H
