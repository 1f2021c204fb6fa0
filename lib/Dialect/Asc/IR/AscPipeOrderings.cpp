//===- AscPipeOrderings.cpp - how ops order the vector core's pipes -------===//
//
// The PipeOrderingOpInterface implementations. The steps of the Matmul
// client's calls and the queues' hand-offs are runtime/asc_run/
// call_orderings.def, the table asc-run's checker runs too (spec section
// 2c, O4, O5 and O8; docs/HappensBefore.md).
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/IR/AscOps.h"

using namespace mlir;
using namespace mlir::asc;

using Step = PipeOrderingStep;

namespace {
/// The calls of the table.
enum class OrderedCall {
#define ASC_ORDERED_CALL(NAME) NAME,
#include "asc_run/call_orderings.def"
};

struct TableRow {
  OrderedCall call;
  Step step;
};
} // namespace

/// Every row of the table, the steps of each call consecutive.
static constexpr TableRow kCallSteps[] = {
#define ASC_CALL_STEP(CALL, KIND, FROM, TO)                                    \
  {OrderedCall::CALL,                                                          \
   {Step::Kind::KIND, PipeKind::PIPE_##FROM, PipeKind::PIPE_##TO}},
// The table's step kinds, as PipeOrderingStep::Kind names them.
#define ORDER Order
#define ACCESS Access
#define SERVER Server
#include "asc_run/call_orderings.def"
#undef ORDER
#undef ACCESS
#undef SERVER
};

static void appendCallSteps(OrderedCall call, SmallVectorImpl<Step> &steps) {
  for (const TableRow &row : kCallSteps)
    if (row.call == call)
      steps.push_back(row.step);
}

namespace {
/// The physical memories of the table's queue rows.
enum class QueueMemory { GM, UB, Other };
} // namespace

static QueueMemory getQueueMemory(TPosition position) {
#define ASC_POSITION_MEMORY(POSITION, MEMORY)                                  \
  if (position == TPosition::POSITION)                                         \
    return QueueMemory::MEMORY;
#include "asc_run/call_orderings.def"
  return QueueMemory::Other;
}

std::optional<std::pair<PipeKind, PipeKind>>
mlir::asc::getQueueHandOffPipes(std::optional<TPosition> source,
                                TPosition position) {
  // A TQue<position> is the TQueBind<source, destination> of its row.
  TPosition destination = position;
  if (!source) {
#define ASC_QUEUE_BIND(POSITION, SOURCE, DESTINATION)                          \
  if (position == TPosition::POSITION) {                                       \
    source = TPosition::SOURCE;                                                \
    destination = TPosition::DESTINATION;                                      \
  }
#include "asc_run/call_orderings.def"
  }
  if (!source)
    return std::nullopt;
  QueueMemory from = getQueueMemory(*source), to = getQueueMemory(destination);
#define ASC_QUEUE_HANDOFF(SOURCE, DESTINATION, PRODUCER, CONSUMER)             \
  if (from == QueueMemory::SOURCE && to == QueueMemory::DESTINATION)           \
    return std::make_pair(PipeKind::PIPE_##PRODUCER, PipeKind::PIPE_##CONSUMER);
#include "asc_run/call_orderings.def"
  return std::nullopt;
}

/// True when `op` writes a unified-buffer tensor (the client copies its
/// result there by MTE2).
static bool writesUnifiedBuffer(Operation *op) {
  auto access = dyn_cast<MemoryAccessOpInterface>(op);
  if (!access)
    return false;
  SmallVector<MemoryAccess> accesses;
  access.getMemoryAccesses(accesses);
  return llvm::any_of(accesses, [](const MemoryAccess &write) {
    auto local = write.memory
                     ? dyn_cast<LocalTensorType>(write.memory.getType())
                     : LocalTensorType();
    return write.isWrite() && local && isVectorPosition(local.getPosition());
  });
}

/// True when `op` sets an input from a unified-buffer tensor (a TSCM
/// tensor is the cube core's own: no copy).
static bool setsInputFromUnifiedBuffer(MatmulOpInterface op) {
  std::optional<MatmulSlotUpdate> update = op.getSlotUpdate();
  if (!update || !update->memory)
    return false;
  if (update->slot != MatmulSlot::TensorA &&
      update->slot != MatmulSlot::TensorB && update->slot != MatmulSlot::Bias)
    return false;
  auto local = dyn_cast<LocalTensorType>(update->memory.getType());
  return local && isVectorPosition(local.getPosition());
}

void mlir::asc::getMatmulCallOrderingSteps(Operation *op,
                                           SmallVectorImpl<Step> &steps) {
  auto call = dyn_cast<MatmulOpInterface>(op);
  if (!call)
    return;
  if (auto wait = dyn_cast<MatmulWaitOpInterface>(op)) {
    if (wait.getWaitKind() == WaitKind::GetTensorC)
      appendCallSteps(OrderedCall::WaitGetTensorC, steps);
    return;
  }
  if (setsInputFromUnifiedBuffer(call))
    return appendCallSteps(OrderedCall::LocalInputSetter, steps);
  if (call.getMatmulUseKind() != MatmulUseKind::Compute)
    return;
  // A synchronous call posts and waits for the server (an Iterate posts
  // and returns: its fetches wait).
  auto issue = dyn_cast<MatmulAsyncIssueOpInterface>(op);
  if (issue && !issue.isAsync() && !issue.isConsumedByFetches())
    appendCallSteps(OrderedCall::RoundTrip, steps);
  if (!writesUnifiedBuffer(op))
    return;
  // A copy that its own call does not end with MTE2_V: AsyncGetTensorC,
  // or an async call whose wait orders the vector pipe later.
  bool flagAtReturn = !issue || !issue.isAsync() || issue.returnsComplete();
  appendCallSteps(flagAtReturn && !isa<MatmulAsyncGetTensorCOp>(op)
                      ? OrderedCall::FetchIntoUb
                      : OrderedCall::AsyncFetchIntoUb,
                  steps);
}

//===----------------------------------------------------------------------===//
// Queues, barriers, SyncAll
//===----------------------------------------------------------------------===//

void QueueEnQueOp::getPipeOrderingSteps(SmallVectorImpl<Step> &steps) {
  QueueType queue = getQueue().getType();
  if (auto pipes = getQueueHandOffPipes(queue.getSource(), queue.getPosition()))
    steps.push_back({Step::Kind::Order, pipes->first, pipes->second});
}

void QueueFreeTensorOp::getPipeOrderingSteps(SmallVectorImpl<Step> &steps) {
  // FreeTensor sets the event the next AllocTensor of the buffer waits for.
  QueueType queue = getQueue().getType();
  if (auto pipes = getQueueHandOffPipes(queue.getSource(), queue.getPosition()))
    steps.push_back({Step::Kind::Order, pipes->second, pipes->first});
}

void PipeBarrierOp::getPipeOrderingSteps(SmallVectorImpl<Step> &steps) {
  steps.push_back({Step::Kind::Barrier, getPipe(), getPipe()});
}

void SyncAllOp::getPipeOrderingSteps(SmallVectorImpl<Step> &steps) {
  // Every access before it happens before every access after it (O7),
  // the core's own included.
  steps.push_back(
      {Step::Kind::Barrier, PipeKind::PIPE_ALL, PipeKind::PIPE_ALL});
}
