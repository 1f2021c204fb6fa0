//===- EnumArguments.h - C enum arguments read safely -----------*- C++ -*-===//
//
// The C API's enum parameters as the integers C callers pass: C lets an enum
// hold any value of its integer type, but loading an enum whose value has
// no enumerator is undefined in C++ (UBSan -fsanitize=enum).
//
//===----------------------------------------------------------------------===//

#ifndef ASC_LIB_CAPI_ENUMARGUMENTS_H
#define ASC_LIB_CAPI_ENUMARGUMENTS_H

#include <cstdint>
#include <cstring>

namespace mlir::asc {

/// The integer a C caller passed for the enum parameter `value`, copied
/// from its bytes, so that the parameter is never loaded as an enum (pass
/// the parameter itself: a copy of it is a load).
template <typename CEnumT> int32_t getRawEnumArg(const CEnumT &value) {
  static_assert(sizeof(CEnumT) == sizeof(int32_t),
                "the C API's enums are 32-bit integers");
  int32_t raw;
  std::memcpy(&raw, &value, sizeof(raw));
  return raw;
}

} // namespace mlir::asc

#endif // ASC_LIB_CAPI_ENUMARGUMENTS_H
