//===- LoopTrips.cpp - how often the emitted program runs a loop ----------===//
//
// Runs the first steps of an scf.for with constant bounds the way its C++
// `for` loop runs them.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/LoopTrips.h"
#include "asc/Dialect/Asc/IR/AscConstants.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;
using namespace mlir::asc;

/// The integer type C++ gives an induction variable of `type`.
struct CounterType {
  unsigned width;
  bool isSigned;
};

static std::optional<CounterType> getCounterType(Type type) {
  if (type.isIndex())
    return CounterType{64, false}; // size_t
  if (auto integer = dyn_cast<IntegerType>(type))
    if (integer.getWidth() == 8 || integer.getWidth() == 16 ||
        integer.getWidth() == 32 || integer.getWidth() == 64)
      return CounterType{integer.getWidth(), !integer.isUnsigned()};
  return std::nullopt;
}

/// `counter + step` as C++ computes it in `type`: an unsigned or a narrow
/// signed counter wraps around (a narrow one is promoted to int, then
/// converted back); a 32- or 64-bit signed one that leaves its range is
/// undefined behaviour (none).
static std::optional<APInt> stepCounter(const APInt &counter, const APInt &step,
                                        CounterType type) {
  if (!type.isSigned || type.width < 32)
    return counter + step;
  bool overflow = false;
  APInt next = counter.sadd_ov(step, overflow);
  if (overflow)
    return std::nullopt;
  return next;
}

static bool isBelow(const APInt &counter, const APInt &bound,
                    CounterType type) {
  return type.isSigned ? counter.slt(bound) : counter.ult(bound);
}

static LoopTrips getForTrips(scf::ForOp loop) {
  // The lowering refuses an unsigned comparison of signed counters; such a
  // loop has no emitted program to count, so nothing is pruned.
  if (loop.getUnsignedCmp())
    return LoopTrips::Unknown;
  APInt lower, upper, step;
  if (!matchConstantInt(loop.getLowerBound(), lower) ||
      !matchConstantInt(loop.getUpperBound(), upper) ||
      !matchConstantInt(loop.getStep(), step))
    return LoopTrips::Unknown;
  std::optional<CounterType> type =
      getCounterType(loop.getInductionVar().getType());
  if (!type)
    return LoopTrips::Unknown;
  // The constants of an index loop come as 64-bit values.
  lower = lower.sextOrTrunc(type->width);
  upper = upper.sextOrTrunc(type->width);
  step = step.sextOrTrunc(type->width);
  if (!isBelow(lower, upper, *type))
    return LoopTrips::Zero;
  std::optional<APInt> next = stepCounter(lower, step, *type);
  if (!next)
    return LoopTrips::Unknown;
  return isBelow(*next, upper, *type) ? LoopTrips::Several : LoopTrips::One;
}

LoopTrips mlir::asc::getEmittedLoopTrips(Operation *loop) {
  if (auto forOp = dyn_cast<scf::ForOp>(loop))
    return getForTrips(forOp);
  auto loopLike = dyn_cast<LoopLikeOpInterface>(loop);
  std::optional<APInt> trips =
      loopLike ? loopLike.getStaticTripCount() : std::nullopt;
  if (!trips)
    return LoopTrips::Unknown;
  if (trips->isZero())
    return LoopTrips::Zero;
  return trips->isOne() ? LoopTrips::One : LoopTrips::Several;
}
