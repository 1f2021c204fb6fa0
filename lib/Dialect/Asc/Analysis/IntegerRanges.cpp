//===- IntegerRanges.cpp - where the emitted C++ integers cannot wrap -----===//
//
// Signed ranges of integer values, and which additions, subtractions,
// products, extensions and casts keep the exact value in the emitted C++.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/IntegerRanges.h"
#include "asc/Dialect/Asc/IR/AscConstants.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::asc;

/// The width of an integer or index type (an index is a 64-bit size_t), or
/// 0 for any other type and for integers wider than 64 bits.
static unsigned getWidth(Type type) {
  if (type.isIndex())
    return 64;
  if (auto integer = dyn_cast<IntegerType>(type))
    return integer.getWidth() <= 64 ? integer.getWidth() : 0;
  return 0;
}

static __int128 minOf(unsigned width) { return -(__int128(1) << (width - 1)); }
static __int128 maxOf(unsigned width) {
  return (__int128(1) << (width - 1)) - 1;
}
static IntegerRange fullRange(unsigned width) {
  return {int64_t(minOf(width)), int64_t(maxOf(width))};
}
static bool fits(__int128 lo, __int128 hi, unsigned width) {
  return lo >= minOf(width) && hi <= maxOf(width);
}
static bool fits(IntegerRange range, unsigned width) {
  return fits(range.lo, range.hi, width);
}

bool IntegerRanges::isWideCounterType(Type type) {
  if (type.isIndex())
    return true;
  auto integer = dyn_cast<IntegerType>(type);
  return integer && integer.isSignless() &&
         (integer.getWidth() == 32 || integer.getWidth() == 64);
}

/// The exact range of `op`'s result over its operands' ranges, for an
/// arith.addi, subi or muli.
static std::optional<std::pair<__int128, __int128>>
exactRange(Operation *op, IntegerRange lhs, IntegerRange rhs) {
  __int128 a = lhs.lo, b = lhs.hi, c = rhs.lo, d = rhs.hi;
  if (isa<arith::AddIOp>(op))
    return std::make_pair(a + c, b + d);
  if (isa<arith::SubIOp>(op))
    return std::make_pair(a - d, b - c);
  if (isa<arith::MulIOp>(op)) {
    __int128 products[] = {a * c, a * d, b * c, b * d};
    return std::make_pair(*std::min_element(products, products + 4),
                          *std::max_element(products, products + 4));
  }
  return std::nullopt;
}

std::optional<IntegerRange> IntegerRanges::get(Value value, unsigned depth) {
  unsigned width = getWidth(value.getType());
  if (!width)
    return std::nullopt;
  auto it = cache.find(value);
  if (it != cache.end())
    return it->second;
  std::optional<IntegerRange> range = compute(value, width, depth);
  // Past the depth limit a range is the whole type: sound, if coarse.
  IntegerRange result = range ? *range : fullRange(width);
  cache[value] = result;
  return result;
}

static std::optional<IntegerRange> getTilingFieldRange(TilingGetOp get);

std::optional<IntegerRange> IntegerRanges::compute(Value value, unsigned width,
                                                   unsigned depth) {
  APInt constant;
  if (matchConstantInt(value, constant)) {
    if (constant.getSignificantBits() > 64)
      return std::nullopt;
    int64_t c = constant.getSExtValue();
    return IntegerRange{c, c};
  }
  if (depth >= 12)
    return std::nullopt;
  auto operand = [&](Value of) { return *get(of, depth + 1); };
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    auto loop = dyn_cast_or_null<scf::ForOp>(arg.getOwner()->getParentOp());
    if (!loop || loop.getInductionVar() != arg || !countsWithoutWrapping(loop))
      return std::nullopt;
    // Trip t's value is lb + (t - 1) * step < ub: from the least lower
    // bound to one below the greatest upper bound. A size_t counter
    // compares unsigned: so only with bounds that are not negative.
    IntegerRange lb = operand(loop.getLowerBound());
    IntegerRange ub = operand(loop.getUpperBound());
    if (arg.getType().isIndex() && (lb.lo < 0 || ub.lo < 0))
      return std::nullopt;
    return IntegerRange{lb.lo, std::max(lb.lo, ub.hi - 1)};
  }
  Operation *op = value.getDefiningOp();
  if (auto get = dyn_cast<TilingGetOp>(op))
    return getTilingFieldRange(get);
  if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(op)) {
    auto range =
        exactRange(op, operand(op->getOperand(0)), operand(op->getOperand(1)));
    if (fits(range->first, range->second, width))
      return IntegerRange{int64_t(range->first), int64_t(range->second)};
    // With overflow<nsw> no run overflows: the value is the exact one,
    // within the type. An int32_t or int64_t is exact only as written
    // (folding wraps): its range is the type's.
    auto flags = cast<arith::ArithIntegerOverflowFlagsInterface>(op);
    __int128 lo = std::max(range->first, minOf(width));
    __int128 hi = std::min(range->second, maxOf(width));
    if (!flags.hasNoSignedWrap() || lo > hi)
      return std::nullopt;
    return IntegerRange{int64_t(lo), int64_t(hi)};
  }
  if (isa<arith::ExtSIOp, arith::ExtUIOp, arith::IndexCastOp,
          arith::IndexCastUIOp, arith::TruncIOp>(op)) {
    IntegerRange in = operand(op->getOperand(0));
    if (keepsValue(op))
      return in;
    unsigned inWidth = getWidth(op->getOperand(0).getType());
    // A zero extension of a value that may be negative.
    if (isa<arith::ExtUIOp, arith::IndexCastUIOp>(op) && inWidth < width)
      return IntegerRange{0, int64_t(maxOf(inWidth + 1))};
    return std::nullopt;
  }
  return std::nullopt;
}

/// The range CANN guarantees a field of a host tiling (a TCubeTiling the
/// kernel reads with asc.get_tiling, which the host filled with GetTiling or
/// by hand under the same constraints) to lie in; docs/TilingInvariants.md
/// cites each from the TCubeTiling documentation ("TCubeTiling结构体"):
/// singleCoreM/N/K, baseM/N/K, depthA1/B1 and stepM/N/Ka/Kb "must be greater
/// than 0" (Table 1); usedCoreNum is in [1, the AI core count]; M >=
/// singleCoreM and N >= singleCoreN (Table 1), so both are positive; Ka
/// equals singleCoreK (single-core K is K), so it is positive; and baseM and
/// baseN are aligned to 16 elements (Table 2), so they are at least 16. A
/// tiling built in the kernel (asc.tiling.create) guarantees nothing: its
/// unset fields are 0.
static std::optional<IntegerRange> getTilingFieldRange(TilingGetOp get) {
  if (!get.getTiling().getDefiningOp<GetTilingOp>())
    return std::nullopt;
  constexpr int64_t maxInt = std::numeric_limits<int32_t>::max();
  switch (get.getField()) {
  case TilingField::baseM:
  case TilingField::baseN:
    return IntegerRange{16, maxInt};
  case TilingField::usedCoreNum:
  case TilingField::M:
  case TilingField::N:
  case TilingField::Ka:
  case TilingField::singleCoreM:
  case TilingField::singleCoreN:
  case TilingField::singleCoreK:
  case TilingField::baseK:
  case TilingField::depthA1:
  case TilingField::depthB1:
  case TilingField::stepM:
  case TilingField::stepN:
  case TilingField::stepKa:
  case TilingField::stepKb:
    return IntegerRange{1, maxInt};
  default:
    return std::nullopt;
  }
}

IntegerRanges::Exactness IntegerRanges::getExactness(Operation *op) {
  if (!isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(op))
    return Exactness::No;
  Type type = op->getResult(0).getType();
  unsigned width = getWidth(type);
  if (!width)
    return Exactness::No;
  auto flags = cast<arith::ArithIntegerOverflowFlagsInterface>(op);
  if (type.isIndex() || flags.hasNoSignedWrap())
    return Exactness::Proven;
  auto range = exactRange(op, *get(op->getOperand(0)), *get(op->getOperand(1)));
  if (fits(range->first, range->second, width))
    return Exactness::Proven;
  // int32_t and int64_t: signed overflow is undefined in the emitted C++.
  return isWideCounterType(type) ? Exactness::AsWritten : Exactness::No;
}

bool IntegerRanges::fitsType(int64_t value, Type type) {
  unsigned width = getWidth(type);
  return width && fits(value, value, width);
}

bool IntegerRanges::keepsValue(Operation *op) {
  if (op->getNumOperands() != 1 || op->getNumResults() != 1)
    return false;
  Value in = op->getOperand(0);
  unsigned inWidth = getWidth(in.getType());
  unsigned width = getWidth(op->getResult(0).getType());
  if (!inWidth || !width)
    return false;
  // A sign extension, or a widening signed cast: the value, signed.
  if (isa<arith::ExtSIOp>(op) ||
      (isa<arith::IndexCastOp>(op) && width >= inWidth))
    return true;
  std::optional<IntegerRange> range = get(in);
  // A zero extension: the value when it is not negative; between index and
  // i64 the bits, which are the value.
  if (isa<arith::ExtUIOp, arith::IndexCastUIOp>(op) && width >= inWidth)
    return width == inWidth || range->lo >= 0;
  // A narrowing cast: the value when the narrower type holds it.
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::TruncIOp>(op))
    return fits(*range, width);
  return false;
}

bool IntegerRanges::countsWithoutWrapping(scf::ForOp loop) {
  if (loop.getUnsignedCmp())
    return false;
  Type type = loop.getInductionVar().getType();
  unsigned width = getWidth(type);
  APInt step;
  if (!width || !matchConstantInt(loop.getStep(), step) ||
      !step.isStrictlyPositive() || step.getSignificantBits() > 64)
    return false;
  // int32_t and int64_t counters: stepping past the range is undefined; a
  // size_t counter steps modulo 2^64, as the offsets do.
  if (isWideCounterType(type))
    return true;
  // An int8_t or int16_t counter wraps on the store.
  return __int128(get(loop.getUpperBound())->hi) - 1 + step.getSExtValue() <=
         maxOf(width);
}
