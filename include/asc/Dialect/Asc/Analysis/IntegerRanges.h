//===- IntegerRanges.h - where emitted C++ integers cannot wrap -*- C++ -*-===//
//
// The alias analysis adds and multiplies offsets as exact integers. The
// emitted C++ computes them the way a person writes them (ScalarToEmitC):
// `int32_t` and `int64_t` arithmetic, where signed overflow is undefined,
// `size_t` for an index, which wraps modulo 2^64 as the address arithmetic
// does, and `int8_t` / `int16_t` values computed in `int` and narrowed on the
// store, which wraps around. These helpers say where an operation provably
// does not wrap: signed ranges of integer values, from constants, loop
// counters and the arithmetic over them.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_ANALYSIS_INTEGERRANGES_H
#define ASC_DIALECT_ASC_ANALYSIS_INTEGERRANGES_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>

namespace mlir {
namespace scf {
class ForOp;
} // namespace scf
namespace asc {

/// The signed values an integer of at most 64 bits may take: [lo, hi].
struct IntegerRange {
  int64_t lo, hi;
};

/// Signed ranges of integer values as the emitted C++ computes them, cached
/// per value (they hold while the ops that define integers stay put).
class IntegerRanges {
public:
  /// The values `value` (an integer or index of at most 64 bits) may take;
  /// nothing for any other type.
  std::optional<IntegerRange> get(Value value) { return get(value, 0); }

  /// Whether the result of an arith.addi, subi or muli is the exact sum,
  /// difference or product of its operands' values.
  enum class Exactness {
    /// It may wrap around (an int8_t or int16_t the ranges do not bound).
    No,
    /// Always: an index (modulo 2^64, as addresses are), overflow<nsw>, or
    /// operands whose ranges keep the result in range.
    Proven,
    /// As written: an `int32_t` or `int64_t` of the emitted C++, where
    /// signed overflow is undefined. Not once folded: folding combines the
    /// constants of a chain of such operations in the type, wrapping
    /// (`(x * 65536) * 65536` in i32 folds to `x * 0`), so the chain's
    /// coefficients must fit the type too.
    AsWritten,
  };
  Exactness getExactness(Operation *op);
  bool isExact(Operation *op) { return getExactness(op) != Exactness::No; }

  /// True when `value` lies in the signed range of `type` (an integer or
  /// index of at most 64 bits).
  static bool fitsType(int64_t value, Type type);

  /// True when the operand of `op` (an extension or cast) reaches the result
  /// with its signed value unchanged: a sign extension, a widening
  /// index_cast, or a zero extension, unsigned cast or narrowing cast of a
  /// value whose range the result type holds.
  bool keepsValue(Operation *op);

  /// True when the emitted C++ `for` of `loop` (a signed comparison, a
  /// positive constant step) steps its counter by the step without wrapping
  /// around until it leaves the loop: trip t + 1's value is trip t's plus
  /// the step (modulo 2^64 for a size_t counter, as offsets are). An int8_t
  /// or int16_t counter (promoted to int, narrowed on the store) wraps unless
  /// the upper bound's range keeps `ub - 1 + step` in range.
  bool countsWithoutWrapping(scf::ForOp loop);

  /// True for the integer types whose emitted C++ arithmetic is exact or
  /// modulo 2^64 (an index, i32, i64); i8 and i16 wrap within their width.
  static bool isWideCounterType(Type type);

private:
  std::optional<IntegerRange> get(Value value, unsigned depth);
  std::optional<IntegerRange> compute(Value value, unsigned width,
                                      unsigned depth);
  llvm::DenseMap<Value, IntegerRange> cache;
};

} // namespace asc
} // namespace mlir

#endif // ASC_DIALECT_ASC_ANALYSIS_INTEGERRANGES_H
