//===- ProtocolRecheck.cpp - re-check only what a reordering moved --------===//
//
// The incremental re-check of ProtocolRecheck.h. Why checking the ranges is
// enough: an op outside every range has the same ops before it as in the
// input, in an order that differs only inside ranges, and the state after
// each range is the input's; so the state before it is the input's, and so
// is its order against every op the checker relates it to (an issue before
// it in its block, a loop between them, a wait after a loop): its verdict
// is the input's, which the input check accepted. The footprints of the
// issues in flight at it are the input's too: an issue outside the ranges
// has its input state, and one inside is compared.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/ProtocolRecheck.h"
#include "asc/Dialect/Asc/Analysis/ProtocolChecker.h"
#include "asc/Dialect/Asc/IR/AscOps.h"

using namespace mlir;
using namespace mlir::asc;

void ReorderLog::noteReorder(Block *block) {
  auto [it, inserted] = inputOrders.try_emplace(block);
  if (!inserted)
    return;
  auto recorded = recordedOrders.find(block);
  if (recorded != recordedOrders.end()) {
    it->second = std::move(recorded->second);
    recordedOrders.erase(recorded);
    recordingBlock = nullptr;
    return;
  }
  for (Operation &op : *block)
    it->second.push_back(&op);
}

void ReorderLog::noteInputOp(Operation *op) {
  if (op->getBlock() != recordingBlock) {
    recordingBlock = op->getBlock();
    recording = &recordedOrders[recordingBlock];
  }
  recording->push_back(op);
}

namespace {
/// Ops of one block whose order against another op changed: [begin, end)
/// in the current order, and the same ops in the input's.
struct ReorderedRange {
  Block::iterator begin, end;
  ArrayRef<Operation *> inputOrder;
};
} // namespace

/// Splits `block`'s current order against `inputOrder` into the ranges of
/// reordered ops: a range closes where the ops seen so far in both orders
/// are the same ones again. False when the two orders do not hold the same
/// ops.
static bool findReorderedRanges(Block &block, ArrayRef<Operation *> inputOrder,
                                SmallVectorImpl<ReorderedRange> &ranges) {
  // Per op of an open range: seen in the current order (+1) minus seen in
  // the input's (-1); `unbalanced` counts the ops where that is not 0.
  DenseMap<Operation *, int> balance;
  unsigned unbalanced = 0;
  auto count = [&](Operation *op, int delta) {
    int &seen = balance[op];
    bool wasBalanced = seen == 0;
    seen += delta;
    if (wasBalanced && seen != 0)
      ++unbalanced;
    else if (!wasBalanced && seen == 0)
      --unbalanced;
  };
  size_t input = 0, rangeInput = 0;
  Block::iterator current = block.begin(), rangeBegin;
  for (; current != block.end() && input < inputOrder.size();
       ++current, ++input) {
    Operation *op = &*current;
    if (unbalanced == 0) {
      if (op == inputOrder[input])
        continue;
      rangeBegin = current;
      rangeInput = input;
      balance.clear();
    }
    count(op, +1);
    count(inputOrder[input], -1);
    if (unbalanced == 0)
      ranges.push_back({rangeBegin, std::next(current),
                        inputOrder.slice(rangeInput, input + 1 - rangeInput)});
  }
  return unbalanced == 0 && current == block.end() &&
         input == inputOrder.size();
}

static bool isSameAccess(const ResolvedAccess &lhs, const ResolvedAccess &rhs) {
  const Provenance &lhsBase = lhs.location.base, &rhsBase = rhs.location.base;
  return lhs.kind == rhs.kind && lhs.slot == rhs.slot &&
         lhs.location.size == rhs.location.size &&
         lhsBase.space == rhsBase.space && lhsBase.root == rhsBase.root &&
         lhsBase.offset == rhsBase.offset && lhsBase.fetch == rhsBase.fetch;
}

static bool isAsyncIssue(Operation &op) {
  auto issue = dyn_cast<MatmulAsyncIssueOpInterface>(op);
  return issue && issue.isAsync();
}

IncrementalRecheck mlir::asc::recheckReordered(
    Operation *function, MatmulProtocolAnalysis &protocol,
    InFlightConflicts &inputConflicts, const ReorderLog &log) {
  IncrementalRecheck result;
  if (log.hasOtherChange()) {
    result.reason = "ops were created or erased";
    return result;
  }

  // Every range first, and the input's footprints of the issues in them,
  // while the analysis still describes the input.
  SmallVector<ReorderedRange> ranges;
  for (const auto &[block, inputOrder] : log.getInputOrders()) {
    if (!findReorderedRanges(*block, inputOrder, ranges)) {
      result.reason = "a block holds other ops than before";
      return result;
    }
  }
  DenseMap<Operation *, SmallVector<ResolvedAccess, 6>> inputFootprints;
  for (const ReorderedRange &range : ranges) {
    for (Operation &op : llvm::make_range(range.begin, range.end)) {
      if (op.getNumRegions() != 0) {
        // Its regions' states would have to be found again to a fixpoint.
        result.reason = "a reordered range holds an op with regions";
        return result;
      }
      if (isa<SetFlagOp, WaitFlagOp>(op)) {
        // A WaitFlag orders the accesses before its SetFlag in the block
        // (rule P7): what it orders depends on where the two sit, which
        // the state after the range does not show.
        result.reason = "a reordered range holds a SetFlag or WaitFlag";
        return result;
      }
      if (isAsyncIssue(op))
        llvm::append_range(inputFootprints[&op],
                           inputConflicts.getFootprint(&op));
    }
  }

  // Flow each range again, in program order within its block (a range
  // starts from the state the one before it left).
  SmallVector<std::optional<ProtocolState>> entries;
  for (const ReorderedRange &range : ranges) {
    std::optional<ProtocolState> entry = protocol.getStateAt(&*range.begin);
    entries.push_back(entry);
    // Unreachable: the full check would not look at it either.
    if (!entry)
      continue;
    ProtocolState inputExit = *entry;
    for (Operation *op : llvm::reverse(range.inputOrder)) {
      if (const ProtocolState *after = protocol.getStateAfter(op)) {
        inputExit = *after;
        break;
      }
    }
    if (!(protocol.reflow(range.begin, range.end, *entry) == inputExit)) {
      result.reason = "the state after a reordered range changed";
      return result;
    }
  }

  // The check, with an alias analysis and a checker of its own.
  AscAliasAnalysis aliases(function, protocol);
  ProtocolChecker checker(protocol, aliases);
  for (auto [range, entry] : llvm::zip_equal(ranges, entries)) {
    if (!entry)
      continue;
    for (Operation &op : llvm::make_range(range.begin, range.end)) {
      if (!isAsyncIssue(op))
        continue;
      ArrayRef<ResolvedAccess> footprint =
          checker.getConflicts().getFootprint(&op);
      ArrayRef<ResolvedAccess> input = inputFootprints[&op];
      if (footprint.size() != input.size() ||
          !llvm::all_of(llvm::zip_equal(footprint, input), [](auto pair) {
            return isSameAccess(std::get<0>(pair), std::get<1>(pair));
          })) {
        result.reason = "a reordered issue's footprint changed";
        return result;
      }
    }
    if (failed(checker.checkRange(range.begin, range.end, *entry,
                                  /*reportErrors=*/false))) {
      result.reason = "a reordered op breaks the protocol";
      return result;
    }
    ++result.ranges;
    result.ops += std::distance(range.begin, range.end);
  }
  result.proved = true;
  return result;
}
