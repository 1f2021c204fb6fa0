//===- ProtocolTransfer.h - what one op does to the state -------*- C++ -*-===//
//
// The protocol's transfer function (lib/.../ProtocolTransfer.cpp): what
// one operation does to a ProtocolState (ProtocolState.h), and the issues a
// call completes. What an operation is to the protocol (isPendingIssue,
// isFetch, ...) its interfaces answer (asc/Dialect/Asc/IR/AscInterfaces.h);
// the dataflow that runs this function over a kernel is ProtocolAnalysis.h.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_ANALYSIS_PROTOCOLTRANSFER_H
#define ASC_DIALECT_ASC_ANALYSIS_PROTOCOLTRANSFER_H

#include "asc/Dialect/Asc/Analysis/ProtocolState.h"

namespace mlir::asc {

/// The issues without a wait flag in `state` that `op` completes when it
/// returns: those made through its object's value, when `op` is a
/// synchronous computation or a wait that completes an issue (the server
/// runs one client's messages in order).
SmallVector<Operation *>
getUnwaitedIssuesCompletedBy(Operation *op, const ProtocolState &state);

/// True for an op whose transfer function may change the state: what
/// applyProtocolTransfer acts on.
bool mayChangeProtocolState(Operation *op);
/// Runs the pipe orderings of `op` (PipeOrderingOpInterface) on `state`:
/// its orderings, barriers and access; the access is not recorded when the
/// call is `inFlight` (its output is rule P3's until it completes).
void applyPipeOrderingSteps(Operation *op, ProtocolState &state, bool inFlight);
/// The same with `steps` given; with `stopAtAccess`, only the steps before
/// the access (what the pipes see as the access is made).
void applyPipeOrderingSteps(Operation *op, ArrayRef<PipeOrderingStep> steps,
                            ProtocolState &state, bool inFlight,
                            bool stopAtAccess);
/// The wait for a server signal that `use` makes before anything else (a
/// wait for its object's pending call, a fetch of an async Iterate's
/// block): every access that call's post saw is ordered before every pipe
/// (spec section 2c, O8). A synchronous call's round trip is its own
/// ordering step (PipeOrderingStep::Kind::Server).
void orderAfterAwaitedPost(MatmulOpInterface use, ProtocolState &state);
/// The vector core's accesses that a wait for `issue`'s signal, right
/// after it, would be the first to order: those its post saw (O8: the
/// scalar unit's and MTE3's work, or work ordered before them) with the
/// pipes (ProtocolState::pipeBit of V, MTE2, MTE3) nothing had ordered
/// after them yet, from `afterIssue`, the state right after the issue. In
/// program order. A later access of such a pipe to the same bytes relies
/// on that wait (O9): a transform that moves the wait past it, or the issue
/// above the access, drops the edge.
SmallVector<std::pair<Operation *, uint8_t>>
getAccessesFirstOrderedByWait(const ProtocolState &afterIssue,
                              Operation *issue);
/// The same for a synchronous call's round trip made in `before` (its post
/// and the wait for the server's signal: PipeOrderingStep::Kind::Server).
SmallVector<std::pair<Operation *, uint8_t>>
getAccessesFirstOrderedByRoundTrip(const ProtocolState &before);
/// The pipe of `op`'s own accesses when it is no Matmul call and accesses
/// unified-buffer memory on V, MTE2 or MTE3 (MemoryAccessOpInterface).
std::optional<PipeKind> getLocalAccessPipe(Operation *op);

/// Applies the effect of `op` (without nested regions) to `state`;
/// `cubeSide` when the function's objects are the cube-side ones.
void applyProtocolTransfer(Operation *op, ProtocolState &state, bool cubeSide);

} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_ANALYSIS_PROTOCOLTRANSFER_H
