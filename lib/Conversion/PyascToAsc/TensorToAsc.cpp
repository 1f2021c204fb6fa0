//===- TensorToAsc.cpp - tensors and data movement
//--------------------------===//
//
// The patterns of GlobalTensor (one value where its buffer is set, pointer
// offsets folded in, subindex), of LocalTensor at a fixed address, of the
// data copies and of LeakyRelu.
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
// Global and local tensors
//===----------------------------------------------------------------------===//

/// `GlobalTensor g; g.SetGlobalBuffer(ptr + off[, size])` becomes one value,
/// `asc.set_global_buffer %ptr[%off][, %size]` where the buffer is set,
/// which replaces the object (the pass checked that nothing uses it before).
struct GlobalTensorConversion : public PyOpConversion<PyGlobalTensorOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyGlobalTensorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    PySetGlobalBufferOp set;
    for (Operation *user : op->getUsers())
      if (auto candidate = dyn_cast<PySetGlobalBufferOp>(user))
        set = candidate;
    Type type = getTypeConverter()->convertType(op.getType());
    if (!set || !type)
      return failure();
    Location loc = set.getLoc();
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(set);
    Value buffer = set.getBuffer();
    Value offset;
    if (auto offsetOp = buffer.getDefiningOp<PyPtrOffsetOp>()) {
      buffer = offsetOp.getBase();
      if (Value dynamic = offsetOp.getDynamicOffset())
        offset = toI64(rewriter, loc, rewriter.getRemappedValue(dynamic));
      else if (std::optional<APInt> fixed = offsetOp.getStaticOffset())
        offset = arith::ConstantOp::create(
            rewriter, loc, rewriter.getI64IntegerAttr(fixed->getSExtValue()));
    }
    Value ptr = rewriter.getRemappedValue(buffer);
    if (!ptr || !isa<GmAddrType>(ptr.getType()))
      return failure();
    Value size;
    if (Value setSize = set.getSize())
      size = toI64(rewriter, loc, rewriter.getRemappedValue(setSize));
    Value tensor =
        SetGlobalBufferOp::create(rewriter, loc, type, ptr, offset, size);
    rewriter.replaceOp(op, tensor);
    rewriter.eraseOp(set);
    return success();
  }
};

/// `LocalTensor<T>(pos, addr, tileSize)`; the pass gave the result its
/// position.
struct LocalTensorV2Conversion : public PyOpConversion<PyLocalTensorV2Op> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyLocalTensorV2Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return failure();
    Location loc = op.getLoc();
    rewriter.replaceOpWithNewOp<LocalTensorCreateOp>(
        op, type, toI32(rewriter, loc, adaptor.getAddr()),
        toI32(rewriter, loc, adaptor.getTileSize()));
    return success();
  }
};

/// Pointer offsets are folded into the set_global_buffer that takes them.
struct PtrOffsetConversion : public PyOpConversion<PyPtrOffsetOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyPtrOffsetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!llvm::all_of(op->getUsers(), llvm::IsaPred<PySetGlobalBufferOp>))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

struct SubIndexConversion : public PyOpConversion<PyGlobalTensorSubIndexOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyGlobalTensorSubIndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value offset = toI64(rewriter, op.getLoc(), adaptor.getIndex());
    rewriter.replaceOpWithNewOp<SubViewOp>(op, adaptor.getTensor().getType(),
                                           adaptor.getTensor(), offset);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

/// `DataCopy(dst, src, DataCopyParams{blockCount, blockLen, srcStride,
/// dstStride})`: the params are the operands of their constructor, each
/// converted to its member's type as pyasc's C++ does
/// (`static_cast<uint16_t>(v)`): a value past 65535 wraps.
struct DataCopyParamsConversion : public PyOpConversion<PyDataCopyL0Op> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyDataCopyL0Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto params = op.getParams().getDefiningOp<PyConstructOp>();
    if (!params || params.getArgs().size() != 4)
      return failure();
    // The constructor narrows each value to its member, then the copy
    // reads the members (the lift of pyasc's C++ orders them so too).
    std::optional<ArrayAttr> memberTypes = params.getTypes();
    Location loc = op.getLoc();
    SmallVector<Value> fields;
    SmallVector<IntegerType> members;
    for (auto [i, field] : llvm::enumerate(params.getArgs())) {
      Value value = toI32(rewriter, loc, rewriter.getRemappedValue(field));
      auto member = memberTypes && i < memberTypes->size()
                        ? dyn_cast<IntegerType>(
                              cast<TypeAttr>((*memberTypes)[i]).getValue())
                        : IntegerType();
      if (member && member.getWidth() < 32)
        value = arith::TruncIOp::create(
            rewriter, loc, rewriter.getIntegerType(member.getWidth()), value);
      else
        member = IntegerType();
      fields.push_back(value);
      members.push_back(member);
    }
    for (auto [field, member] : llvm::zip(fields, members)) {
      if (!member)
        continue;
      Type i32 = rewriter.getI32Type();
      field = member.isUnsigned()
                  ? Value(arith::ExtUIOp::create(rewriter, loc, i32, field))
                  : Value(arith::ExtSIOp::create(rewriter, loc, i32, field));
    }
    rewriter.replaceOpWithNewOp<DataCopyOp>(op, adaptor.getDst(),
                                            adaptor.getSrc(), Value(), fields);
    return success();
  }
};

struct DataCopyCountConversion : public PyOpConversion<PyDataCopyL2Op> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyDataCopyL2Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<DataCopyOp>(
        op, adaptor.getDst(), adaptor.getSrc(),
        toI32(rewriter, op.getLoc(), adaptor.getCount()), ValueRange{});
    return success();
  }
};

struct LeakyReluConversion : public PyOpConversion<PyLeakyReluL2Op> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyLeakyReluL2Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LeakyReluOp>(
        op, adaptor.getDst(), adaptor.getSrc(), adaptor.getScalar(),
        toI32(rewriter, op.getLoc(), adaptor.getCount()));
    return success();
  }
};

} // namespace

void mlir::asc::pyasc::populateTensorToAscPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<GlobalTensorConversion, PtrOffsetConversion, SubIndexConversion,
               LocalTensorV2Conversion, DataCopyParamsConversion,
               DataCopyCountConversion, LeakyReluConversion>(
      typeConverter, patterns.getContext());
}
