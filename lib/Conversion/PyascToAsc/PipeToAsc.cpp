//===- PipeToAsc.cpp - the pipe and its queues
//------------------------------===//
//
// The patterns of TPipe and TQue: their declarations, InitBuffer
// (init_queue), and the queue cycle (alloc_tensor, enque_tensor,
// deque_tensor, free_tensor), one to one but for the buffer sizes.
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

struct InitQueueConversion : public PyOpConversion<PyPipeInitQueueOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyPipeInitQueueOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    rewriter.replaceOpWithNewOp<PipeInitBufferOp>(
        op, adaptor.getPipe(), adaptor.getQueue(),
        toI32(rewriter, loc, adaptor.getNum()),
        toI32(rewriter, loc, adaptor.getLength()));
    return success();
  }
};

} // namespace

void mlir::asc::pyasc::populatePipeToAscPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns) {
  // alloc_tensor and deque_tensor convert once their results carry the
  // queue's position (the pass set it before the conversion).
  patterns.add<InitQueueConversion, OneToOneConversion<PyPipeOp, PipeCreateOp>,
               OneToOneConversion<PyQueueOp, QueueCreateOp>,
               OneToOneConversion<PyQueAllocTensorOp, QueueAllocTensorOp>,
               OneToOneConversion<PyQueDequeTensorOp, QueueDeQueOp>,
               OneToOneConversion<PyQueEnqueTensorOp, QueueEnQueOp>,
               OneToOneConversion<PyQueFreeTensorOp, QueueFreeTensorOp>>(
      typeConverter, patterns.getContext());
}
