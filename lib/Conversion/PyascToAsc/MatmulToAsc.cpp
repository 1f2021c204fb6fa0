//===- MatmulToAsc.cpp - the Matmul API
//-------------------------------------===//
//
// The patterns of the Matmul API: REGIST_MATMUL_OBJ and every member call,
// their constant flags (checked constant by verifyPyascImportable) made
// attributes and their integer operands i32 or i64 as asc's calls take
// them.
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

struct RegistMatmulObjConversion : public PyOpConversion<PyRegistMatmulObjOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyRegistMatmulObjOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> tilings;
    if (adaptor.getTiling())
      tilings.push_back(adaptor.getTiling());
    if (tilings.size() == 1 && !isa<TilingType>(tilings.front().getType()))
      return failure();
    rewriter.replaceOpWithNewOp<MatmulRegisterOp>(
        op, adaptor.getPipe(), adaptor.getWorkspace(),
        ValueRange{adaptor.getMatmul()}, tilings);
    return success();
  }
};

/// A Matmul call whose integer operands are i32 run-time values.
template <typename OpTy, typename AscOpTy>
struct MatmulI32Conversion : public PyOpConversion<OpTy> {
  using PyOpConversion<OpTy>::PyOpConversion;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> operands = {adaptor.getMatmul()};
    for (Value value : adaptor.getOperands().drop_front())
      operands.push_back(toI32(rewriter, op.getLoc(), value));
    rewriter.replaceOpWithNewOp<AscOpTy>(op, TypeRange{}, operands);
    return success();
  }
};

/// SetTensorA/B: a tensor with its transpose flag, or a scalar.
template <typename OpTy, typename AscOpTy>
struct SetTensorConversion : public PyOpConversion<OpTy> {
  using PyOpConversion<OpTy>::PyOpConversion;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // As written: pyasc always passes the flag, as the C++ it emits does.
    BoolAttr transpose =
        rewriter.getBoolAttr(getConstantFlag(op.getTranspose()));
    AscOpTy::create(rewriter, op.getLoc(), adaptor.getMatmul(),
                    adaptor.getTensor(), transpose);
    rewriter.eraseOp(op);
    return success();
  }
};

template <typename OpTy, typename AscOpTy>
struct SetScalarConversion : public PyOpConversion<OpTy> {
  using PyOpConversion<OpTy>::PyOpConversion;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    AscOpTy::create(rewriter, op.getLoc(), adaptor.getMatmul(),
                    adaptor.getScalar(), BoolAttr());
    rewriter.eraseOp(op);
    return success();
  }
};

struct SetOrgShapeConversion : public PyOpConversion<PyMatmulSetOrgShapeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyMatmulSetOrgShapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto cast = [&](Value value) {
      return value ? toI32(rewriter, loc, value) : Value();
    };
    Value orgKc = cast(adaptor.getOrgKc());
    // SetOrgShape(orgM, orgN, orgKa, orgKb, orgKc = 0) (matmul_client.h):
    // asc spells the default pyasc's four-argument form leaves out.
    if (adaptor.getOrgKb() && !orgKc)
      orgKc = arith::ConstantOp::create(rewriter, loc,
                                        rewriter.getI32IntegerAttr(0));
    rewriter.replaceOpWithNewOp<MatmulSetOrgShapeOp>(
        op, adaptor.getMatmul(), cast(adaptor.getOrgM()),
        cast(adaptor.getOrgN()), cast(adaptor.getOrgKa()),
        cast(adaptor.getOrgKb()), orgKc);
    return success();
  }
};

/// `SetWorkspace(tensor)`, or `SetWorkspace(addr, size)`: CANN's client
/// keeps the address only (MatmulClient::SetWorkspace), which is what a
/// `GlobalTensor<uint8_t>` of `size` bytes over it gives the tensor form.
struct SetWorkspaceConversion : public PyOpConversion<PyMatmulSetWorkspaceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyMatmulSetWorkspaceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value workspace = adaptor.getTensor();
    if (adaptor.getSize()) {
      if (!isa<GmAddrType>(workspace.getType()))
        return failure();
      Location loc = op.getLoc();
      auto bytes = GlobalTensorType::get(
          getContext(),
          IntegerType::get(getContext(), 8, IntegerType::Unsigned));
      workspace =
          SetGlobalBufferOp::create(rewriter, loc, bytes, workspace, Value(),
                                    toI64(rewriter, loc, adaptor.getSize()));
    }
    if (!isa<GlobalTensorType>(workspace.getType()))
      return failure();
    rewriter.replaceOpWithNewOp<MatmulSetWorkspaceOp>(op, adaptor.getMatmul(),
                                                      workspace);
    return success();
  }
};

/// SetSelfDefineData and SetUserDefInfo: a GM pointer, or an integer as
/// CANN's `uint64_t`.
template <typename OpTy, typename AscOpTy>
struct UserWordConversion : public PyOpConversion<OpTy> {
  using PyOpConversion<OpTy>::PyOpConversion;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value word = adaptor.getOperands()[1];
    if (!isa<GmAddrType>(word.getType())) {
      if (!word.getType().isSignlessInteger())
        return failure();
      word = toI64(rewriter, op.getLoc(), word);
    }
    rewriter.replaceOpWithNewOp<AscOpTy>(op, adaptor.getMatmul(), word);
    return success();
  }
};

struct SetHF32Conversion : public PyOpConversion<PyMatmulSetHF32Op> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyMatmulSetHF32Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<MatmulSetHf32Op>(
        op, adaptor.getMatmul(), getConstantFlag(op.getEnableHF32()) != 0,
        static_cast<int32_t>(getConstantFlag(op.getTransMode())));
    return success();
  }
};

struct SetQuantScalarConversion
    : public PyOpConversion<PyMatmulSetQuantScalarOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyMatmulSetQuantScalarOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<MatmulSetQuantScalarOp>(
        op, adaptor.getMatmul(),
        toI64(rewriter, op.getLoc(), adaptor.getScalar()));
    return success();
  }
};

/// `Iterate<sync>(enPartialSum[, localC])`.
struct IterateConversion : public PyOpConversion<PyMatmulIterateOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyMatmulIterateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isInteger(1))
      return failure();
    rewriter.replaceOpWithNewOp<MatmulIterateOp>(
        op, rewriter.getI1Type(), adaptor.getMatmul(), adaptor.getLocalC(),
        getConstantFlag(op.getSync()) != 0,
        getConstantFlag(op.getEnPartialSum()) != 0);
    return success();
  }
};

/// `GetTensorC<sync>(dst[, dst2], enAtomic, enSequentialWrite)`.
struct GetTensorCConversion : public PyOpConversion<PyMatmulGetTensorCOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyMatmulGetTensorCOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> dsts = {adaptor.getTensor()};
    if (adaptor.getTensor2())
      dsts.push_back(adaptor.getTensor2());
    rewriter.replaceOpWithNewOp<MatmulGetTensorCOp>(
        op, Type(), adaptor.getMatmul(), dsts,
        getConstantFlag(op.getSync()) != 0,
        static_cast<int32_t>(getConstantFlag(op.getEnAtomic())),
        getConstantFlag(op.getEnSequentialWrite()) != 0);
    return success();
  }
};

/// `GetTensorC<sync>(enAtomic, enSequentialWrite)` returning the block.
struct GetTensorCReturnConversion
    : public PyOpConversion<PyMatmulGetTensorCReturnOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyMatmulGetTensorCReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return failure();
    rewriter.replaceOpWithNewOp<MatmulGetTensorCOp>(
        op, type, adaptor.getMatmul(), ValueRange{},
        getConstantFlag(op.getSync()) != 0,
        static_cast<int32_t>(getConstantFlag(op.getEnAtomic())),
        getConstantFlag(op.getEnSequentialWrite()) != 0);
    return success();
  }
};

/// `IterateAll<sync>(c, enAtomic, enSequentialWrite, waitIterateAll,
/// fakeMsg)`: the flags pyasc leaves out (for a local C) stay absent.
struct IterateAllConversion : public PyOpConversion<PyMatmulIterateAllOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyMatmulIterateAllOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto flag = [&](Value value) -> BoolAttr {
      return value ? rewriter.getBoolAttr(getConstantFlag(value) != 0)
                   : BoolAttr();
    };
    int64_t atomic = op.getEnAtomic() ? getConstantFlag(op.getEnAtomic()) : 0;
    MatmulIterateAllOp::create(
        rewriter, op.getLoc(), adaptor.getMatmul(), adaptor.getTensor(),
        getConstantFlag(op.getSync()) != 0, static_cast<uint32_t>(atomic),
        flag(op.getEnSequentialWrite()), flag(op.getWaitIterateAll()),
        flag(op.getFakeMsg()));
    rewriter.eraseOp(op);
    return success();
  }
};

/// `IterateBatch<sync, waitIterateBatch>(c, batchA, batchB,
/// enSequentialWrite, strideA, strideB, strideC[, enPartialSum, enAtomic])`.
struct IterateBatchConversion : public PyOpConversion<PyMatmulIterateBatchOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyMatmulIterateBatchOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto flag = [&](Value value) -> BoolAttr {
      return value ? rewriter.getBoolAttr(getConstantFlag(value) != 0)
                   : BoolAttr();
    };
    int64_t atomic = op.getEnAtomic() ? getConstantFlag(op.getEnAtomic()) : 0;
    MatmulIterateBatchOp::create(
        rewriter, loc, adaptor.getMatmul(), adaptor.getTensor(),
        toI32(rewriter, loc, adaptor.getBatchA()),
        toI32(rewriter, loc, adaptor.getBatchB()),
        toI32(rewriter, loc, adaptor.getStrideA()),
        toI32(rewriter, loc, adaptor.getStrideB()),
        toI32(rewriter, loc, adaptor.getStrideC()),
        getConstantFlag(op.getSync()) != 0, flag(op.getWaitIterateBatch()),
        getConstantFlag(op.getEnSequentialWrite()) != 0,
        flag(op.getEnPartialSum()), static_cast<uint32_t>(atomic));
    rewriter.eraseOp(op);
    return success();
  }
};

/// The cube-only IterateBatch, without batch counts.
struct IterateBatchCubeOnlyConversion
    : public PyOpConversion<PyMatmulIterateBatchCubeOnlyOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyMatmulIterateBatchCubeOnlyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MatmulIterateBatchOp::create(
        rewriter, loc, adaptor.getMatmul(), adaptor.getTensor(), Value(),
        Value(), toI32(rewriter, loc, adaptor.getStrideA()),
        toI32(rewriter, loc, adaptor.getStrideB()),
        toI32(rewriter, loc, adaptor.getStrideC()), /*sync=*/true, BoolAttr(),
        getConstantFlag(op.getEnSequentialWrite()) != 0,
        rewriter.getBoolAttr(getConstantFlag(op.getEnPartialSum()) != 0),
        static_cast<uint32_t>(getConstantFlag(op.getEnAtomic())));
    rewriter.eraseOp(op);
    return success();
  }
};

/// `IterateNBatch<sync, waitIterateBatch>(batchLoop, batchA, batchB,
/// enSequentialWrite, strideA, strideB, strideC)`.
struct IterateNBatchConversion
    : public PyOpConversion<PyMatmulIterateNBatchOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyMatmulIterateNBatchOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MatmulIterateNBatchOp::create(
        rewriter, loc, adaptor.getMatmul(),
        toI32(rewriter, loc, adaptor.getBatchLoop()),
        toI32(rewriter, loc, adaptor.getBatchA()),
        toI32(rewriter, loc, adaptor.getBatchB()),
        toI32(rewriter, loc, adaptor.getStrideA()),
        toI32(rewriter, loc, adaptor.getStrideB()),
        toI32(rewriter, loc, adaptor.getStrideC()),
        getConstantFlag(op.getSync()) != 0,
        rewriter.getBoolAttr(getConstantFlag(op.getWaitIterateBatch()) != 0),
        getConstantFlag(op.getEnSequentialWrite()) != 0);
    rewriter.eraseOp(op);
    return success();
  }
};

/// GetBatchTensorC into a local tensor, or returning a global view.
template <typename OpTy>
struct GetBatchTensorCConversion : public PyOpConversion<OpTy> {
  using PyOpConversion<OpTy>::PyOpConversion;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType;
    Value dst;
    if constexpr (std::is_same_v<OpTy, PyMatmulGetBatchTensorCOp>) {
      resultType = this->getTypeConverter()->convertType(op.getType());
      if (!resultType)
        return failure();
    } else {
      dst = adaptor.getTensor();
    }
    auto newOp = MatmulGetBatchTensorCOp::create(
        rewriter, loc, resultType, adaptor.getMatmul(),
        toI32(rewriter, loc, adaptor.getBatchA()),
        toI32(rewriter, loc, adaptor.getBatchB()), dst,
        getConstantFlag(op.getSync()) != 0,
        getConstantFlag(op.getEnSequentialWrite()) != 0);
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }
};

} // namespace

void mlir::asc::pyasc::populateMatmulToAscPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns
      .add<RegistMatmulObjConversion, SetOrgShapeConversion,
           SetWorkspaceConversion, SetHF32Conversion, SetQuantScalarConversion,
           IterateConversion, GetTensorCConversion, GetTensorCReturnConversion,
           IterateAllConversion, IterateBatchConversion,
           IterateBatchCubeOnlyConversion, IterateNBatchConversion,
           GetBatchTensorCConversion<PyMatmulGetBatchTensorCOp>,
           GetBatchTensorCConversion<PyMatmulGetBatchTensorCLocalMemOp>>(
          typeConverter, context);
  patterns.add<
      SetTensorConversion<PyMatmulSetTensorAOp, MatmulSetTensorAOp>,
      SetTensorConversion<PyMatmulSetTensorBOp, MatmulSetTensorBOp>,
      SetScalarConversion<PyMatmulSetTensorAScalarOp, MatmulSetTensorAOp>,
      SetScalarConversion<PyMatmulSetTensorBScalarOp, MatmulSetTensorBOp>,
      OneToOneConversion<PyMatmulInitOp, MatmulInitOp>,
      OneToOneConversion<PyMatmulSetBiasOp, MatmulSetBiasOp>,
      OneToOneConversion<PyMatmulDisableBiasOp, MatmulDisableBiasOp>,
      OneToOneConversion<PyMatmulSetQuantVectorOp, MatmulSetQuantVectorOp>,
      OneToOneConversion<PyMatmulWaitIterateAllOp, MatmulWaitIterateAllOp>,
      OneToOneConversion<PyMatmulWaitIterateBatchOp, MatmulWaitIterateBatchOp>,
      OneToOneConversion<PyMatmulWaitGetTensorCOp, MatmulWaitGetTensorCOp>,
      OneToOneConversion<PyMatmulAsyncGetTensorCOp, MatmulAsyncGetTensorCOp>,
      OneToOneConversion<PyMatmulEndOp, MatmulEndOp>,
      UserWordConversion<PyMatmulSetSelfDefineDataOp,
                         MatmulSetSelfDefineDataOp>,
      UserWordConversion<PyMatmulSetUserDefInfoOp, MatmulSetUserDefInfoOp>,
      MatmulI32Conversion<PyMatmulSetTailOp, MatmulSetTailOp>,
      MatmulI32Conversion<PyMatmulSetSingleShapeOp, MatmulSetSingleShapeOp>,
      MatmulI32Conversion<PyMatmulSetBatchNumOp, MatmulSetBatchNumOp>>(
      typeConverter, context);
}
