//===- PipeToEmitC.cpp - the pipe and its queues --------------------------===//
//
// `AscendC::TPipe pipe;`, `AscendC::TQue<...> que;` (or TQueBind) and
// `AscendC::TBuf<...> buf;` declared in place,
// `pipe.InitBuffer(...)`, and the queue calls that hand out and take back
// local tensors.
//
//===----------------------------------------------------------------------===//

#include "AscToEmitCPatterns.h"

using namespace mlir;
using namespace mlir::asc;

namespace {

//===----------------------------------------------------------------------===//
// Patterns: pipe and queues
//===----------------------------------------------------------------------===//

/// `pipe.InitBuffer(que, num, len);`
struct PipeInitBufferLowering : public AscOpLowering<PipeInitBufferOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(PipeInitBufferOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    createMemberCallStatement(
        rewriter, op.getLoc(), adaptor.getPipe(), "InitBuffer", {},
        {adaptor.getQueue(), adaptor.getNum(), adaptor.getLength()});
    rewriter.eraseOp(op);
    return success();
  }
};

/// `int32_t id = pipe.FetchEventID(AscendC::HardEvent::MTE2_MTE3);`
struct PipeFetchEventIdLowering : public AscOpLowering<PipeFetchEventIdOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(PipeFetchEventIdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type idType = convert(op.getId());
    if (!idType)
      return failure();
    std::string event = "AscendC::HardEvent::" +
                        getEnumeratorName(stringifyHardEvent(op.getEvent()));
    replaceByMemberCall(rewriter, op, idType, adaptor.getPipe(), "FetchEventID",
                        {}, {CallArg(event)});
    return success();
  }
};

/// `pipe.InitBuffer(buf, len);`
struct PipeInitTBufLowering : public AscOpLowering<PipeInitTBufOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(PipeInitTBufOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    createMemberCallStatement(rewriter, op.getLoc(), adaptor.getPipe(),
                              "InitBuffer", {},
                              {adaptor.getBuffer(), adaptor.getLength()});
    rewriter.eraseOp(op);
    return success();
  }
};

/// `LocalTensor<T> t = buf.Get<T>();` or `buf.Get<T>(len)`.
struct TBufGetLowering : public AscOpLowering<TBufGetOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(TBufGetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type tensorType = convert(op.getTensor());
    if (!tensorType)
      return failure();
    SmallVector<CallArg, 1> arguments;
    if (Value length = adaptor.getLength())
      arguments.push_back(length);
    replaceByMemberCall(
        rewriter, op, tensorType, adaptor.getBuffer(), "Get",
        {getScalarTypeName(op.getTensor().getType().getElementType())},
        arguments);
    return success();
  }
};

/// `LocalTensor<T> t = que.AllocTensor<T>();` and `que.DeQue<T>()`.
template <typename OpTy> struct QueueTakeLowering : public AscOpLowering<OpTy> {
  QueueTakeLowering(const TypeConverter &typeConverter, MLIRContext *context,
                    StringRef callee)
      : AscOpLowering<OpTy>(typeConverter, context), callee(callee) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type tensorType = this->convert(op.getTensor());
    if (!tensorType)
      return failure();
    std::string elementName =
        getScalarTypeName(op.getTensor().getType().getElementType());
    replaceByMemberCall(rewriter, op, tensorType, adaptor.getQueue(), callee,
                        {elementName}, {});
    return success();
  }

  std::string callee;
};

/// `que.EnQue(t);` and `que.FreeTensor(t);`.
template <typename OpTy> struct QueueGiveLowering : public AscOpLowering<OpTy> {
  QueueGiveLowering(const TypeConverter &typeConverter, MLIRContext *context,
                    StringRef callee)
      : AscOpLowering<OpTy>(typeConverter, context), callee(callee) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    createMemberCallStatement(rewriter, op.getLoc(), adaptor.getQueue(), callee,
                              {}, {adaptor.getTensor()});
    rewriter.eraseOp(op);
    return success();
  }

  std::string callee;
};

} // namespace

void mlir::asc::populatePipeToEmitCPatterns(const TypeConverter &typeConverter,
                                            RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<ObjectDeclarationLowering<PipeCreateOp>,
               ObjectDeclarationLowering<QueueCreateOp>, PipeInitBufferLowering,
               ObjectDeclarationLowering<TBufCreateOp>, PipeInitTBufLowering,
               TBufGetLowering, PipeFetchEventIdLowering>(typeConverter,
                                                          context);
  patterns.add<QueueTakeLowering<QueueAllocTensorOp>>(typeConverter, context,
                                                      "AllocTensor");
  patterns.add<QueueTakeLowering<QueueDeQueOp>>(typeConverter, context,
                                                "DeQue");
  patterns.add<QueueGiveLowering<QueueEnQueOp>>(typeConverter, context,
                                                "EnQue");
  patterns.add<QueueGiveLowering<QueueFreeTensorOp>>(typeConverter, context,
                                                     "FreeTensor");
}
