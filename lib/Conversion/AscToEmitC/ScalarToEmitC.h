//===- ScalarToEmitC.h - scalar arithmetic as written C++ -------*- C++ -*-===//
//
// The patterns of ScalarToEmitC.cpp, private to the AscToEmitC conversion.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_ASCTOEMITC_SCALARTOEMITC_H
#define LIB_CONVERSION_ASCTOEMITC_SCALARTOEMITC_H

#include "mlir/IR/PatternMatch.h"

namespace mlir {
class TypeConverter;

namespace asc {

/// True when `value` is known to be at least zero (looking through at most
/// `depth` defining operations).
bool isKnownNonNegative(Value value, unsigned depth = 8);

/// Rewrites, before the conversion, the arith ops the conversion spells
/// better in another form: a ceiling division of non-negative values
/// becomes `(a + b - 1) / b`.
void populateScalarPreparationPatterns(RewritePatternSet &patterns);

/// Adds the patterns that print integer arithmetic, conversions and
/// constants as written C++; they take precedence over the upstream arith
/// patterns, which handle the rest.
void populateScalarToEmitCPatterns(const TypeConverter &typeConverter,
                                   RewritePatternSet &patterns);

/// After the conversion: passes the narrower value to the member calls,
/// subscripts and free calls a sign-extending `static_cast` only fed (C++
/// widens an integer argument implicitly, so the cast says nothing), and
/// drops the casts left unused.
void elideImplicitWidenings(Operation *root);

/// After the conversion: folds single-use C operators into the expression
/// that uses them (`(m + singleM - 1) / singleM` rather than one variable per
/// operator), as --form-expressions does, and puts parentheses around the
/// verbatim placeholders such an expression fills (a placeholder prints its
/// operand as it is).
void formReadableExpressions(Operation *root);

} // namespace asc
} // namespace mlir

#endif // LIB_CONVERSION_ASCTOEMITC_SCALARTOEMITC_H
