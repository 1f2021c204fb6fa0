//===- KernelToAsc.cpp - objects, system values, tiling
//---------------------===//
//
// The patterns of pyasc's objects and system values: ascendc.construct of a
// Matmul object, of the MatmulConfig beside it and of a TCubeTiling built
// in the kernel; the block and core queries; the pipe barrier; the API
// constants and unsigned literals pyasc prints as emitc constants; the
// tiling copied from GM and its members.
//
//===----------------------------------------------------------------------===//

#include "PyascToAscPatterns.h"
#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "asc/Dialect/Pyasc/IR/PyascDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::asc;
using namespace mlir::asc::pyasc;

namespace {

//===----------------------------------------------------------------------===//
// Objects and system values
//===----------------------------------------------------------------------===//

/// `ascendc.construct` of a Matmul object becomes asc.matmul.create; that of
/// a MatmulConfig nobody uses (pyasc builds one beside every Matmul type that
/// already carries it) or only get_matmul_api_tiling uses, and that of an
/// unused AscendQuantConfig (a `constexpr static` value), disappear. That of
/// DataCopyParams stays legal while the data copies that use it read its
/// fields; the pass erases it after.
struct ConstructConversion : public PyOpConversion<PyConstructOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyConstructOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (isa<PyMatmulType>(type)) {
      Type converted = getTypeConverter()->convertType(type);
      if (!converted)
        return failure();
      rewriter.replaceOpWithNewOp<MatmulCreateOp>(op, converted);
      return success();
    }
    if (isa<PyMatmulConfigType, PyAscendQuantConfigType>(type)) {
      rewriter.eraseOp(op);
      return success();
    }
    if (isa<PyCubeTilingType>(type))
      return convertTiling(op, rewriter);
    return failure();
  }

  /// `TCubeTiling t(); t.M = m; ...` becomes one `asc.tiling.create(M = m,
  /// ...)` where the last member is set (the pass checked every set comes
  /// before any other use); a member set twice keeps its last value.
  LogicalResult convertTiling(PyConstructOp op,
                              ConversionPatternRewriter &rewriter) const {
    SmallVector<PySetMemberOp> sets;
    for (Operation *user : op->getUsers())
      if (auto set = dyn_cast<PySetMemberOp>(user))
        if (set.getBase() == op.getResult())
          sets.push_back(set);
    llvm::sort(sets, [](PySetMemberOp a, PySetMemberOp b) {
      return a->isBeforeInBlock(b);
    });
    SmallVector<TilingField> order;
    llvm::SmallDenseMap<TilingField, Value> values;
    for (PySetMemberOp set : sets) {
      std::optional<TilingField> field = convertTilingField(set.getField());
      if (!field || !isa<IntegerType>(set.getValue().getType()))
        return failure();
      if (!values.count(*field))
        order.push_back(*field);
      values[*field] = set.getValue();
    }
    OpBuilder::InsertionGuard guard(rewriter);
    if (!sets.empty())
      rewriter.setInsertionPoint(sets.back());
    Location loc = op.getLoc();
    SmallVector<Attribute> fields;
    SmallVector<Value> operands;
    for (TilingField field : order) {
      fields.push_back(TilingFieldAttr::get(rewriter.getContext(), field));
      operands.push_back(
          toI32(rewriter, loc, rewriter.getRemappedValue(values[field])));
    }
    Value tiling = TilingCreateOp::create(
        rewriter, loc, TilingType::get(rewriter.getContext()),
        rewriter.getArrayAttr(fields), operands);
    rewriter.replaceOp(op, tiling);
    for (PySetMemberOp set : sets)
      rewriter.eraseOp(set);
    return success();
  }
};

/// GetBlockIdx and GetBlockNum: asc's i64, at pyasc's width.
template <typename OpTy, typename AscOpTy>
struct BlockQueryConversion : public PyOpConversion<OpTy> {
  using PyOpConversion<OpTy>::PyOpConversion;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value value = AscOpTy::create(rewriter, op.getLoc(), rewriter.getI64Type());
    rewriter.replaceOp(op, castInteger(rewriter, op.getLoc(), value,
                                       op.getType().getIntOrFloatBitWidth()));
    return success();
  }
};

/// ASCEND_IS_AIC / ASCEND_IS_AIV; in a cube-only kernel they are constants.
template <typename OpTy, typename AscOpTy, bool cubeOnlyValue>
struct CoreQueryConversion : public PyOpConversion<OpTy> {
  CoreQueryConversion(const TypeConverter &converter, MLIRContext *context,
                      bool cubeOnly)
      : PyOpConversion<OpTy>(converter, context), cubeOnly(cubeOnly) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isInteger(1))
      return failure();
    if (cubeOnly)
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(
          op, rewriter.getBoolAttr(cubeOnlyValue));
    else
      rewriter.replaceOpWithNewOp<AscOpTy>(op, rewriter.getI1Type());
    return success();
  }

  bool cubeOnly;
};

struct PipeBarrierConversion : public PyOpConversion<PyPipeBarrierOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyPipeBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<PipeKind> pipe = convertPipe(op.getPipe());
    if (!pipe)
      return failure();
    rewriter.replaceOpWithNewOp<PipeBarrierOp>(op, *pipe);
    return success();
  }
};

/// `DEFAULT_C0_SIZE` and the other constants of the API pyasc prints as
/// opaque emitc constants, by value (kernel_utils_constants.h), and the
/// integer literals pyasc prints as emitc constants (its unsigned ones).
struct OpaqueConstantConversion : public PyOpConversion<emitc::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(emitc::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<IntegerType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type)
      return failure();
    // pyasc's unsigned literals (`emitc.constant 512 : ui32`).
    if (auto literal = dyn_cast<IntegerAttr>(op.getValue())) {
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(
          op, IntegerAttr::get(type, literal.getValue()));
      return success();
    }
    std::optional<int64_t> value = getKnownApiConstant(op);
    if (!value)
      return failure();
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, rewriter.getIntegerAttr(type, *value));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Tiling
//===----------------------------------------------------------------------===//

/// `TCubeTiling tiling; CopyTiling(&tiling, tilingGM)`.
struct CopyStructConversion : public PyOpConversion<PyCopyStructOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyCopyStructOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<PyCubeTilingType>(op.getType()))
      return failure();
    rewriter.replaceOpWithNewOp<GetTilingOp>(
        op, TilingType::get(rewriter.getContext()), adaptor.getBase(), Value());
    return success();
  }
};

/// `tiling.baseM` becomes `asc.tiling.get %tiling[baseM]`.
struct MemberConversion : public PyOpConversion<PyMemberOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyMemberOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<TilingField> field = convertTilingField(op.getField());
    if (!field || !isa<TilingType>(adaptor.getBase().getType()) ||
        !isa<IntegerType>(op.getType()))
      return failure();
    Value value =
        TilingGetOp::create(rewriter, op.getLoc(), rewriter.getI32Type(),
                            adaptor.getBase(), *field);
    rewriter.replaceOp(op, castInteger(rewriter, op.getLoc(), value,
                                       op.getType().getIntOrFloatBitWidth()));
    return success();
  }
};

} // namespace

void mlir::asc::pyasc::populateKernelToAscPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns,
    bool cubeOnly) {
  MLIRContext *context = patterns.getContext();
  patterns.add<ConstructConversion,
               BlockQueryConversion<PyGetBlockIdxOp, GetBlockIdxOp>,
               BlockQueryConversion<PyGetBlockNumOp, GetBlockNumOp>,
               PipeBarrierConversion, OpaqueConstantConversion,
               CopyStructConversion, MemberConversion>(typeConverter, context);
  patterns.add<CoreQueryConversion<PyAscendIsAICOp, IsAicOp, true>,
               CoreQueryConversion<PyAscendIsAIVOp, IsAivOp, false>>(
      typeConverter, context, cubeOnly);
}
