//===- ScalarToEmitC.cpp - scalar arithmetic as written C++ ---------------===//
//
// The integer and float scalar code of a kernel (offsets, counts, sizes)
// printed the way a person writes it: `a * b + c`, constants as literals,
// one `static_cast` per conversion, `(a + b - 1) / b` for a ceiling
// division of non-negative values. The upstream arith lowering routes signed
// arithmetic through unsigned casts to dodge signed overflow and expands a
// ceiling division into a dozen statements; kernels written by hand do
// neither, and the sizes they compute are far from overflowing.
//
//===----------------------------------------------------------------------===//

#include "ScalarToEmitC.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/EmitC/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Format.h"

using namespace mlir;
using namespace mlir::asc;

//===----------------------------------------------------------------------===//
// Sign knowledge
//===----------------------------------------------------------------------===//

/// True when `value` is known to be at least zero: a non-negative constant, a
/// tiling field or block index (sizes and counts), or arithmetic that keeps
/// non-negative operands non-negative, or the induction variable of a loop
/// counting up from a non-negative bound.
bool mlir::asc::isKnownNonNegative(Value value, unsigned depth) {
  if (depth == 0)
    return false;
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return !constant.isNegative();
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    // During the conversion a block may already be detached.
    auto loop = dyn_cast_or_null<scf::ForOp>(arg.getOwner()->getParentOp());
    if (!loop || loop.getInductionVar() != arg)
      return false;
    APInt step;
    return isKnownNonNegative(loop.getLowerBound(), depth - 1) &&
           matchPattern(loop.getStep(), m_ConstantInt(&step)) &&
           step.isStrictlyPositive();
  }
  Operation *op = value.getDefiningOp();
  if (!op)
    return false;
  if (isa<TilingGetOp, GetBlockIdxOp, GetBlockNumOp, GetTaskRationOp>(op))
    return true;
  auto allOperands = [&] {
    return llvm::all_of(op->getOperands(), [&](Value operand) {
      return isKnownNonNegative(operand, depth - 1);
    });
  };
  if (isa<arith::AddIOp, arith::MulIOp, arith::DivSIOp, arith::RemSIOp,
          arith::CeilDivSIOp, arith::FloorDivSIOp, arith::MinSIOp,
          arith::ExtSIOp, arith::TruncIOp, arith::IndexCastOp>(op))
    return allOperands();
  if (auto max = dyn_cast<arith::MaxSIOp>(op))
    return isKnownNonNegative(max.getLhs(), depth - 1) ||
           isKnownNonNegative(max.getRhs(), depth - 1);
  return isa<arith::ExtUIOp>(op);
}

//===----------------------------------------------------------------------===//
// Rewrites before the conversion
//===----------------------------------------------------------------------===//

namespace {
/// `ceildivsi(a, b)` of non-negative values is `(a + b - 1) / b`; the other
/// ones are left to the upstream expansion.
struct NonNegativeCeilDiv : public OpRewritePattern<arith::CeilDivSIOp> {
  NonNegativeCeilDiv(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(arith::CeilDivSIOp op,
                                PatternRewriter &rewriter) const override {
    if (!isKnownNonNegative(op.getLhs()) || !isKnownNonNegative(op.getRhs()))
      return failure();
    Location loc = op.getLoc();
    Value one = arith::ConstantOp::create(
        rewriter, loc, rewriter.getIntegerAttr(op.getType(), 1));
    Value sum = arith::AddIOp::create(rewriter, loc, op.getLhs(), op.getRhs());
    Value numerator = arith::SubIOp::create(rewriter, loc, sum, one);
    rewriter.replaceOpWithNewOp<arith::DivSIOp>(op, numerator, op.getRhs());
    return success();
  }
};
} // namespace

void mlir::asc::populateScalarPreparationPatterns(RewritePatternSet &patterns) {
  patterns.add<NonNegativeCeilDiv>(patterns.getContext());
}

//===----------------------------------------------------------------------===//
// Conversion patterns
//===----------------------------------------------------------------------===//

namespace {
/// A pattern that runs before the upstream arith one for the same op.
template <typename OpTy>
struct ScalarLowering : public OpConversionPattern<OpTy> {
  ScalarLowering(const TypeConverter &typeConverter, MLIRContext *context)
      : OpConversionPattern<OpTy>(typeConverter, context, /*benefit=*/2) {}

  /// The converted type of `type` when it is a C++ integer wider than bool.
  Type getIntegerType(Type type) const {
    auto integer = dyn_cast<IntegerType>(type);
    if (!integer || integer.getWidth() == 1)
      return {};
    return this->getTypeConverter()->convertType(type);
  }
};

/// `a + b`, `a - b`, `a * b`.
template <typename ArithOp, typename EmitCOp>
struct IntegerBinaryLowering : public ScalarLowering<ArithOp> {
  using ScalarLowering<ArithOp>::ScalarLowering;

  LogicalResult
  matchAndRewrite(ArithOp op, typename ArithOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = this->getIntegerType(op.getType());
    if (!type)
      return failure();
    rewriter.replaceOpWithNewOp<EmitCOp>(op, type, adaptor.getLhs(),
                                         adaptor.getRhs());
    return success();
  }
};

/// `static_cast<T>(x)` for a sign extension, a truncation, an index cast, or
/// a zero extension of a value known to be non-negative (or a bool).
template <typename ArithOp>
struct IntegerCastLowering : public ScalarLowering<ArithOp> {
  using ScalarLowering<ArithOp>::ScalarLowering;

  LogicalResult
  matchAndRewrite(ArithOp op, typename ArithOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = this->getTypeConverter()->convertType(op.getType());
    if (!type ||
        (!emitc::isSupportedIntegerType(type) && !isa<emitc::SizeTType>(type)))
      return failure();
    if (std::is_same_v<ArithOp, arith::ExtUIOp> &&
        !op.getIn().getType().isInteger(1) && !isKnownNonNegative(op.getIn()))
      return failure();

    rewriter.replaceOpWithNewOp<emitc::CallOpaqueOp>(
        op, type, "static_cast", adaptor.getOperands(), ArrayAttr(),
        rewriter.getArrayAttr({TypeAttr::get(type)}));
    return success();
  }
};

/// Spells a finite float as the shortest decimal that reads back to the same
/// value in its own type (`0.01`, not `0.00999999977`).
static std::string getShortestLiteral(const APFloat &value) {
  bool losesInfo = false;
  APFloat wide = value;
  wide.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &losesInfo);
  std::string text;
  for (int precision = 1; precision <= 17; ++precision) {
    text.clear();
    llvm::raw_string_ostream(text)
        << llvm::format("%.*g", precision, wide.convertToDouble());
    APFloat parsed(value.getSemantics());
    if (errorToBool(parsed.convertFromString(text, APFloat::rmNearestTiesToEven)
                        .takeError()))
      continue;
    if (parsed.bitwiseIsEqual(value))
      break;
  }
  if (StringRef(text).find_first_of(".e") == StringRef::npos)
    text += ".0";
  return text;
}

/// Constants as literals used in place: `0`, `true`, `0.01f`,
/// `half(0.5)`.
struct ConstantLowering : public ScalarLowering<arith::ConstantOp> {
  using ScalarLowering::ScalarLowering;

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return failure();
    std::string text;
    if (auto integer = dyn_cast<IntegerAttr>(op.getValue())) {
      if (op.getType().isInteger(1))
        text = integer.getValue().isZero() ? "false" : "true";
      else if (isa<IntegerType, IndexType>(op.getType()))
        text = std::to_string(integer.getValue().getSExtValue());
    } else if (auto real = dyn_cast<FloatAttr>(op.getValue())) {
      APFloat value = real.getValue();
      if (!value.isFinite())
        return failure();
      std::string digits = getShortestLiteral(value);
      if (op.getType().isF32())
        text = digits + "f";
      else if (op.getType().isF64())
        text = digits;
      else if (auto opaque = dyn_cast<emitc::OpaqueType>(type))
        text = (opaque.getValue() + "(" + digits + ")").str();
    }
    if (text.empty())
      return failure();
    rewriter.replaceOpWithNewOp<emitc::LiteralOp>(op, type, text);
    return success();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Clean-up after the conversion
//===----------------------------------------------------------------------===//

/// The narrower integer a `static_cast` widens with sign, or null.
static Value getWidenedValue(Value value) {
  auto cast = value.getDefiningOp<emitc::CallOpaqueOp>();
  if (!cast || cast.getCallee() != "static_cast" || cast.getNumOperands() != 1)
    return {};
  auto from = dyn_cast<IntegerType>(cast.getOperand(0).getType());
  auto to = dyn_cast<IntegerType>(value.getType());
  if (!from || !to || from.getWidth() >= to.getWidth() || from.isUnsigned() ||
      to.isUnsigned() || from.getWidth() == 1)
    return {};
  return cast.getOperand(0);
}

/// True for the statements and expressions the asc patterns build, whose
/// integer arguments C++ converts implicitly: member calls (verbatim),
/// subscripts and free calls.
static bool isImplicitlyWideningUser(Operation *op) {
  if (auto call = dyn_cast<emitc::CallOpaqueOp>(op))
    return call.getCallee() != "static_cast";
  return isa<emitc::VerbatimOp, emitc::SubscriptOp>(op);
}

void mlir::asc::elideImplicitWidenings(Operation *root) {
  // A cast with several widening users is collected once: erasing it twice
  // would read freed memory.
  llvm::SetVector<Operation *> casts;
  root->walk([&](Operation *op) {
    if (!isImplicitlyWideningUser(op))
      return;
    for (OpOperand &operand : op->getOpOperands())
      if (Value narrow = getWidenedValue(operand.get())) {
        casts.insert(operand.get().getDefiningOp());
        operand.set(narrow);
      }
  });
  for (Operation *cast : casts)
    if (cast->use_empty())
      cast->erase();
}

/// True when the emitter prints `value` inside its user: a single-use
/// expression without side effects.
static bool isInlinedExpression(Value value) {
  auto expression = value.getDefiningOp<emitc::ExpressionOp>();
  return expression && !expression.getDoNotInline() &&
         !expression.hasSideEffects() && value.hasOneUse();
}

/// Puts parentheses around the placeholders of `verbatim` that an inlined
/// expression fills: a placeholder prints its operand as it is, and
/// `(__gm__ half *){}` or `{}[i]` must not bind into it. Calls need none.
static void parenthesizeInlinedOperands(emitc::VerbatimOp verbatim) {
  StringRef format = verbatim.getValue();
  std::string result;
  unsigned index = 0;
  for (size_t i = 0; i < format.size(); ++i) {
    if (format.substr(i).starts_with("{{")) {
      result += "{{";
      ++i;
      continue;
    }
    if (!format.substr(i).starts_with("{}")) {
      result += format[i];
      continue;
    }
    Value operand = verbatim.getFmtArgs()[index++];
    bool needsParentheses =
        isInlinedExpression(operand) &&
        !isa<emitc::CallOpaqueOp, emitc::CallOp>(
            operand.getDefiningOp<emitc::ExpressionOp>().getRootOp());
    result += needsParentheses ? "({})" : "{}";
    ++i;
  }
  if (result != format)
    verbatim.setValue(result);
}

void mlir::asc::formReadableExpressions(Operation *root) {
  MLIRContext *context = root->getContext();
  OpBuilder builder(context);
  root->walk([&](Operation *op) {
    if (op->getNumResults() == 1 && !isa<emitc::LiteralOp>(op) &&
        isa<emitc::CExpressionInterface>(op) &&
        !op->getParentOfType<emitc::ExpressionOp>())
      emitc::createExpression(op, builder);
  });
  RewritePatternSet patterns(context);
  emitc::populateExpressionPatterns(patterns);
  // Without the greedy driver's dead-code elimination: an object declared
  // and never used (a TPipe constructs the pipe) stays.
  walkAndApplyPatterns(root, std::move(patterns));
  // C++ evaluates a loop's condition on every iteration: a bound is computed
  // once, before the loop, as hand-written code does.
  root->walk([](emitc::ForOp loop) {
    for (Value bound :
         {loop.getLowerBound(), loop.getUpperBound(), loop.getStep()})
      if (auto expression = bound.getDefiningOp<emitc::ExpressionOp>())
        expression.setDoNotInline(true);
  });
  root->walk(parenthesizeInlinedOperands);
}

void mlir::asc::populateScalarToEmitCPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<IntegerBinaryLowering<arith::AddIOp, emitc::AddOp>,
               IntegerBinaryLowering<arith::SubIOp, emitc::SubOp>,
               IntegerBinaryLowering<arith::MulIOp, emitc::MulOp>,
               IntegerCastLowering<arith::ExtSIOp>,
               IntegerCastLowering<arith::ExtUIOp>,
               IntegerCastLowering<arith::TruncIOp>,
               IntegerCastLowering<arith::IndexCastOp>, ConstantLowering>(
      typeConverter, context);
}
