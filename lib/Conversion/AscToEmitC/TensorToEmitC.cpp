//===- TensorToEmitC.cpp - tensors, data movement and vector compute -----===//
//
// Global tensors set on GM addresses, their subviews and elements, DataCopy,
// the vector instructions and the pipe barrier.
//
//===----------------------------------------------------------------------===//

#include "AscToEmitCPatterns.h"

using namespace mlir;
using namespace mlir::asc;

namespace {

//===----------------------------------------------------------------------===//
// Patterns: tensors
//===----------------------------------------------------------------------===//

/// `GlobalTensor<T> t; t.SetGlobalBuffer((__gm__ T *)ptr[ + offset][, size]);`
struct SetGlobalBufferLowering : public AscOpLowering<SetGlobalBufferOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(SetGlobalBufferOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type tensorType = convert(op.getResult());
    if (!tensorType)
      return failure();
    Location loc = op.getLoc();
    std::string elementName = getScalarTypeName(op.getType().getElementType());
    Value tensor =
        createObjectVariable(rewriter, loc, emitc::LValueType::get(tensorType));
    SmallVector<Value> operands = {tensor, adaptor.getPtr()};
    std::string format = "{}.SetGlobalBuffer((__gm__ " + elementName + " *){}";
    if (Value offset = adaptor.getOffset()) {
      format += " + {}";
      operands.push_back(offset);
    }
    if (Value size = adaptor.getSize()) {
      format += ", {}";
      operands.push_back(size);
    }
    emitc::VerbatimOp::create(rewriter, loc, format + ");", operands);
    rewriter.replaceOpWithNewOp<emitc::LoadOp>(op, tensorType, tensor);
    return success();
  }
};

/// `LocalTensor<T> t = LocalTensor<T>(TPosition::VECIN, addr, tileSize);`
struct LocalTensorCreateLowering : public AscOpLowering<LocalTensorCreateOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(LocalTensorCreateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type tensorType = convert(op.getResult());
    if (!tensorType)
      return failure();
    LocalTensorType type = op.getType();
    MLIRContext *context = rewriter.getContext();
    Type indexType = rewriter.getIndexType();
    ArrayAttr args = rewriter.getArrayAttr(
        {emitc::OpaqueAttr::get(context, getPositionName(type.getPosition())),
         IntegerAttr::get(indexType, 0), IntegerAttr::get(indexType, 1)});
    ArrayAttr templateArgs = rewriter.getArrayAttr({emitc::OpaqueAttr::get(
        context, getScalarTypeName(type.getElementType()))});
    rewriter.replaceOpWithNewOp<emitc::CallOpaqueOp>(
        op, tensorType, "AscendC::LocalTensor",
        ValueRange{adaptor.getAddr(), adaptor.getTileSize()}, args,
        templateArgs);
    return success();
  }
};

/// `t[offset]`.
struct SubViewLowering : public AscOpLowering<SubViewOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(SubViewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type tensorType = convert(op.getResult());
    if (!tensorType)
      return failure();
    Value view = emitc::SubscriptOp::create(
        rewriter, op.getLoc(), emitc::LValueType::get(tensorType),
        adaptor.getSource(), ValueRange{adaptor.getOffset()});
    rewriter.replaceOpWithNewOp<emitc::LoadOp>(op, tensorType, view);
    return success();
  }
};

/// `T v = t.GetValue(index);`
struct GetValueLowering : public AscOpLowering<GetValueOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(GetValueOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = convert(op.getResult());
    if (!resultType)
      return failure();
    replaceByMemberCall(rewriter, op, resultType, adaptor.getTensor(),
                        "GetValue", {}, {adaptor.getIndex()});
    return success();
  }
};

/// `t.SetValue(index, value);`
struct SetValueLowering : public AscOpLowering<SetValueOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(SetValueOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    createMemberCallStatement(rewriter, op.getLoc(), adaptor.getTensor(),
                              "SetValue", {},
                              {adaptor.getIndex(), adaptor.getValue()});
    rewriter.eraseOp(op);
    return success();
  }
};

/// `int32_t n = t.GetSize();`
struct LocalTensorGetSizeLowering : public AscOpLowering<LocalTensorGetSizeOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(LocalTensorGetSizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = convert(op.getSize());
    if (!resultType)
      return failure();
    replaceByMemberCall(rewriter, op, resultType, adaptor.getTensor(),
                        "GetSize", {}, {});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Patterns: data movement and vector compute
//===----------------------------------------------------------------------===//

/// `AscendC::DataCopy(dst, src, count)` or, with DataCopyParams,
/// `AscendC::DataCopyParams params = AscendC::DataCopyParams(blockCount,
/// blockLen, srcStride, dstStride); AscendC::DataCopy(dst, src, params);`.
struct DataCopyLowering : public AscOpLowering<DataCopyOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(DataCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> operands = {adaptor.getDst(), adaptor.getSrc()};
    if (Value count = adaptor.getCount()) {
      operands.push_back(count);
    } else {
      // The verifier gives DataCopyParams' four values.
      Type paramsType =
          emitc::OpaqueType::get(getContext(), "AscendC::DataCopyParams");
      // Declared as `params` where the C++ keeps names (CppNames.h).
      Location paramsLoc =
          NameLoc::get(rewriter.getStringAttr("params"), getUnnamedLoc(loc));
      operands.push_back(createFreeCall(rewriter, paramsLoc, paramsType,
                                        "AscendC::DataCopyParams",
                                        adaptor.getParams())
                             .getResult(0));
    }
    createFreeCall(rewriter, loc, {}, "AscendC::DataCopy", operands);
    rewriter.eraseOp(op);
    return success();
  }
};

/// A vector instruction: `AscendC::LeakyRelu(dst, src, alpha, count)`, ...
template <typename OpTy> struct VectorOpLowering : public AscOpLowering<OpTy> {
  VectorOpLowering(const TypeConverter &typeConverter, MLIRContext *context,
                   StringRef callee)
      : AscOpLowering<OpTy>(typeConverter, context), callee(callee) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    createFreeCall(rewriter, op.getLoc(), {}, callee, adaptor.getOperands());
    rewriter.eraseOp(op);
    return success();
  }

  std::string callee;
};

/// The call as the front end met it: `AscendC::Exp(dst, src, n);`, or
/// `T r = callee<args>(...)` for a call with a result.
struct ApiCallLowering : public AscOpLowering<ApiCallOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(ApiCallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<StringRef> templateArgs;
    if (ArrayAttr args = op.getTemplateArgsAttr())
      for (Attribute arg : args)
        templateArgs.push_back(cast<StringAttr>(arg).getValue());
    SmallVector<Type, 1> resultTypes;
    if (Value result = op.getResult()) {
      Type converted = convert(result);
      if (!converted)
        return failure();
      resultTypes.push_back(converted);
    }
    emitc::CallOpaqueOp call =
        createFreeCall(rewriter, op.getLoc(), resultTypes, op.getCallee(),
                       adaptor.getArgs(), templateArgs);
    if (op.getResult())
      rewriter.replaceOp(op, call);
    else
      rewriter.eraseOp(op);
    return success();
  }
};

/// `AscendC::PipeBarrier<PIPE_ALL>();`
struct PipeBarrierLowering : public AscOpLowering<PipeBarrierOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(PipeBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string pipe = getEnumeratorName(stringifyPipeKind(op.getPipe()));
    createFreeCall(rewriter, op.getLoc(), {}, "AscendC::PipeBarrier", {},
                   {pipe});
    rewriter.eraseOp(op);
    return success();
  }
};

/// `AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE3>(id);` and WaitFlag.
template <typename FlagOp> struct FlagLowering : public AscOpLowering<FlagOp> {
  FlagLowering(const TypeConverter &typeConverter, MLIRContext *context,
               StringRef callee)
      : AscOpLowering<FlagOp>(typeConverter, context), callee(callee) {}

  LogicalResult
  matchAndRewrite(FlagOp op, typename FlagOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string event = "AscendC::HardEvent::" +
                        getEnumeratorName(stringifyHardEvent(op.getEvent()));
    createFreeCall(rewriter, op.getLoc(), {}, callee, {adaptor.getId()},
                   {event});
    rewriter.eraseOp(op);
    return success();
  }

  std::string callee;
};

/// `AscendC::CrossCoreSetFlag<2, PIPE_FIX>(id);`
struct CrossCoreSetFlagLowering : public AscOpLowering<CrossCoreSetFlagOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(CrossCoreSetFlagOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    createFreeCall(rewriter, op.getLoc(), {}, "AscendC::CrossCoreSetFlag",
                   {adaptor.getId()},
                   {std::to_string(op.getMode()),
                    getEnumeratorName(stringifyPipeKind(op.getPipe()))});
    rewriter.eraseOp(op);
    return success();
  }
};

/// `AscendC::CrossCoreWaitFlag(id);`, with the template arguments when they
/// are not CANN's defaults (mode 0, PIPE_S).
struct CrossCoreWaitFlagLowering : public AscOpLowering<CrossCoreWaitFlagOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(CrossCoreWaitFlagOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string mode = std::to_string(op.getMode());
    std::string pipe = getEnumeratorName(stringifyPipeKind(op.getPipe()));
    SmallVector<StringRef> templateArgs;
    if (op.getMode() != 0 || op.getPipe() != PipeKind::PIPE_S)
      templateArgs = {mode, pipe};
    createFreeCall(rewriter, op.getLoc(), {}, "AscendC::CrossCoreWaitFlag",
                   {adaptor.getId()}, templateArgs);
    rewriter.eraseOp(op);
    return success();
  }
};

/// `AscendC::SyncAll<true>();`
struct SyncAllLowering : public AscOpLowering<SyncAllOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(SyncAllOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    createFreeCall(rewriter, op.getLoc(), {}, "AscendC::SyncAll", {},
                   {op.getAivOnly() ? "true" : "false"});
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::asc::populateTensorToEmitCPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns
      .add<SetGlobalBufferLowering, LocalTensorCreateLowering, SubViewLowering,
           GetValueLowering, SetValueLowering, LocalTensorGetSizeLowering,
           DataCopyLowering, PipeBarrierLowering, CrossCoreSetFlagLowering,
           CrossCoreWaitFlagLowering, SyncAllLowering, ApiCallLowering>(
          typeConverter, context);
  patterns.add<FlagLowering<SetFlagOp>>(typeConverter, context,
                                        "AscendC::SetFlag");
  patterns.add<FlagLowering<WaitFlagOp>>(typeConverter, context,
                                         "AscendC::WaitFlag");
  patterns.add<VectorOpLowering<LeakyReluOp>>(typeConverter, context,
                                              "AscendC::LeakyRelu");
  patterns.add<VectorOpLowering<AddOp>>(typeConverter, context, "AscendC::Add");
  patterns.add<VectorOpLowering<AddsOp>>(typeConverter, context,
                                         "AscendC::Adds");
  patterns.add<VectorOpLowering<MulsOp>>(typeConverter, context,
                                         "AscendC::Muls");
  patterns.add<VectorOpLowering<DuplicateOp>>(typeConverter, context,
                                              "AscendC::Duplicate");
}
