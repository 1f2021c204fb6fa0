//===- TestPlacement.cpp - list and apply placements ----------------------===//
//
// Test passes over the space of placements that --asc-sync-placement
// chooses from, for the placement oracle (bench/oracle_placement.py):
//
//   -test-asc-placement-space  prints, per function, one JSON line with every
//                              wait and async issue (its *movables*), the
//                              distinct positions each may take in its own
//                              block (a wait any later one, an issue any
//                              after its operands and before a use of its
//                              results, neither across an op on its Matmul
//                              object that the protocol orders with it) and,
//                              for a
//                              wait, the hand-written position right after
//                              its issue, and the Matmul object of each;
//   -test-asc-apply-placement  moves movables to given positions.
//
// A position is a *gap* of the block: gap g stands right before the block's
// g-th op, counted in the input; a movable's own index means "where it is".
// Movables at one gap keep their input order, but for async issues given a
// rank: those take the issues' places there in the order of their ranks
// (the order the cube runs them in is a dimension of the space of its own).
// Neither pass checks the protocol: the oracle runs --asc-verify-sync and
// asc-run on what it applies.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/ProtocolChecker.h"
#include "asc/Dialect/Asc/Analysis/ProtocolRecheck.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace mlir::asc;

//===----------------------------------------------------------------------===//
// The movables and their positions
//===----------------------------------------------------------------------===//

static bool isAsyncIssue(Operation *op) {
  auto issue = dyn_cast<MatmulAsyncIssueOpInterface>(op);
  return issue && issue.isAsync();
}

/// Waits and async issues: the ops a placement moves.
static bool isMovable(Operation *op) {
  return isa<MatmulWaitOpInterface>(op) || isAsyncIssue(op);
}

/// The movables of `function` in pre-order; a movable's number is its index
/// here, in both passes.
static SmallVector<Operation *> collectMovables(func::FuncOp function) {
  SmallVector<Operation *> movables;
  function.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isMovable(op))
      movables.push_back(op);
  });
  return movables;
}

/// True when moving a wait or an issue across `op` changes nothing: `op`
/// has no memory effect (so neither a conflict nor a cost in asc-run's model)
/// and is no movable itself.
static bool isTransparent(Operation *op) {
  return !isMovable(op) && !op->hasTrait<OpTrait::IsTerminator>() &&
         isMemoryEffectFree(op);
}

/// The distinct positions of `ops[self]` among the gaps [lo, hi]: two
/// neighbouring gaps are one position when only a transparent op, or the
/// movable itself, stands between them. Each position is named by one of its
/// gaps: `self` when the movable stands there, else the latest gap (`latest`,
/// for a wait: right before the op that ends the run) or the earliest.
static SmallVector<unsigned> getDistinctGaps(ArrayRef<Operation *> ops,
                                             unsigned self, unsigned lo,
                                             unsigned hi, bool latest) {
  SmallVector<unsigned> gaps;
  auto close = [&](unsigned first, unsigned last) {
    if (first <= self && self <= last)
      gaps.push_back(self);
    else
      gaps.push_back(latest ? last : first);
  };
  unsigned first = lo;
  for (unsigned gap = lo + 1; gap <= hi; ++gap) {
    unsigned between = gap - 1;
    if (between == self || isTransparent(ops[between]))
      continue;
    close(first, gap - 1);
    first = gap;
  }
  close(first, hi);
  return gaps;
}

/// The Matmul object a movable acts on.
static Value getMatmulOf(Operation *movable) {
  return cast<MatmulOpInterface>(movable).getMatmul();
}

/// True when `op`, or an op nested in it, acts on the Matmul object
/// `matmul` (with `setters`, also only configuring it): the protocol orders
/// a call's setters, its issue, its wait and the next call, so an issue
/// never rises above such an op and a wait never sinks past one other than
/// a setter (the next call's setters may run while a call is in flight:
/// they only stage the next message).
static bool usesMatmul(Operation *op, Value matmul, bool setters) {
  return op
      ->walk([&](MatmulOpInterface use) {
        if (use.getMatmul() != matmul ||
            (!setters && use.getMatmulUseKind() == MatmulUseKind::Configure))
          return WalkResult::advance();
        return WalkResult::interrupt();
      })
      .wasInterrupted();
}

/// True when `op`, or an op nested in it, uses a result of `producer`.
static bool usesResultOf(Operation *op, Operation *producer) {
  return op
      ->walk([&](Operation *nested) {
        return llvm::any_of(nested->getOperands(),
                            [&](Value operand) {
                              return operand.getDefiningOp() == producer;
                            })
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

static unsigned getLine(Operation *op) {
  if (auto loc = op->getLoc()->findInstanceOf<FileLineColLoc>())
    return loc.getLine();
  return 0;
}

static llvm::json::Object describeOp(Operation *op) {
  return llvm::json::Object{{"op", op->getName().getStringRef()},
                            {"line", getLine(op)}};
}

/// The op a movable effectively stands next to: for a wait the first later
/// op that is neither transparent nor a wait, for an issue the last earlier
/// op that is neither transparent nor an async issue.
static Operation *getNeighbour(Operation *movable) {
  bool wait = isa<MatmulWaitOpInterface>(movable);
  for (Operation *op = wait ? movable->getNextNode() : movable->getPrevNode();
       op; op = wait ? op->getNextNode() : op->getPrevNode()) {
    if (isTransparent(op) ||
        (wait ? isa<MatmulWaitOpInterface>(op) : isAsyncIssue(op)))
      continue;
    return op;
  }
  return nullptr;
}

namespace {
/// Prints the placement space of every function, one JSON line each.
struct TestAscPlacementSpacePass
    : public PassWrapper<TestAscPlacementSpacePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAscPlacementSpacePass)
  StringRef getArgument() const final { return "test-asc-placement-space"; }
  StringRef getDescription() const final {
    return "Print, per function, the positions each Matmul wait and async "
           "issue may take in its block (JSON lines)";
  }

  void runOnOperation() override {
    for (auto function : getOperation().getOps<func::FuncOp>())
      if (!function.isExternal())
        printSpace(function);
    markAllAnalysesPreserved();
  }

private:
  void printSpace(func::FuncOp function);
};
} // namespace

void TestAscPlacementSpacePass::printSpace(func::FuncOp function) {
  MatmulProtocolAnalysis protocol(function);
  SmallVector<Operation *> movables = collectMovables(function);
  DenseMap<Operation *, unsigned> numberOf;
  for (auto [number, op] : llvm::enumerate(movables))
    numberOf[op] = number;
  auto idOf = [&](Operation *op) {
    return (function.getSymName() + "/" + Twine(numberOf.lookup(op))).str();
  };
  DenseMap<Block *, unsigned> blockNumbers;
  DenseMap<Value, unsigned> objectNumbers;
  llvm::json::Array entries;
  for (Operation *movable : movables) {
    Block *block = movable->getBlock();
    SmallVector<Operation *> ops =
        llvm::map_to_vector(*block, [](Operation &op) { return &op; });
    unsigned self = llvm::find(ops, movable) - ops.begin();
    unsigned last = ops.size() - 1;
    if (!ops.back()->hasTrait<OpTrait::IsTerminator>())
      last = ops.size();
    auto blockNumber =
        blockNumbers.try_emplace(block, blockNumbers.size()).first->second;

    llvm::json::Object entry{{"id", idOf(movable)},
                             {"op", movable->getName().getStringRef()},
                             {"line", getLine(movable)},
                             {"block", blockNumber},
                             {"index", self},
                             {"block_size", ops.size()}};
    if (Operation *neighbour = getNeighbour(movable))
      entry["neighbour"] = describeOp(neighbour);
    // The Matmul object, numbered in the order the movables name them.
    Value matmul = getMatmulOf(movable);
    entry["object"] =
        objectNumbers.try_emplace(matmul, objectNumbers.size()).first->second;

    if (auto wait = dyn_cast<MatmulWaitOpInterface>(movable)) {
      entry["kind"] = "wait";
      // Never past the next op on the same object but a setter.
      for (unsigned j = self + 1; j < ops.size(); ++j)
        if (usesMatmul(ops[j], matmul, /*setters=*/false)) {
          last = std::min(last, j);
          break;
        }
      // The issues it completes; the hand-written wait stands right after
      // the latest of them found in its block (or the op holding it).
      llvm::json::Array pairs;
      std::optional<unsigned> handWritten;
      if (const ProtocolState *state = protocol.getStateBefore(movable)) {
        SmallVector<Operation *> issues;
        ProtocolState::ObjectState scratch;
        for (Operation *event :
             state->getObjectView(wait.getMatmul(), scratch).events())
          if (event && isPendingIssue(event))
            issues.push_back(event);
        llvm::append_range(issues,
                           getUnwaitedIssuesCompletedBy(movable, *state));
        // The analysis keeps them in address order (ProgramOrderKeys.h).
        sortInProgramOrder(issues);
        for (Operation *issue : issues) {
          if (numberOf.count(issue))
            pairs.push_back(idOf(issue));
          if (!isPendingIssue(issue))
            continue;
          Operation *ancestor = block->findAncestorOpInBlock(*issue);
          if (!ancestor || !ancestor->isBeforeInBlock(movable))
            continue;
          unsigned gap = llvm::find(ops, ancestor) - ops.begin() + 1;
          handWritten = std::max(handWritten.value_or(0), gap);
        }
      }
      entry["pairs_with"] = std::move(pairs);
      if (handWritten)
        entry["hand_written"] = *handWritten;
      else
        entry["hand_written"] = nullptr;
      entry["gaps"] = llvm::json::Array(getDistinctGaps(
          ops, self, handWritten.value_or(self), last, /*latest=*/true));
    } else {
      entry["kind"] = "issue";
      // Never above the definition of an operand or the previous op on the
      // same object.
      unsigned lo = 0;
      for (unsigned j = self; j-- > 0;)
        if (usesMatmul(ops[j], matmul, /*setters=*/true)) {
          lo = j + 1;
          break;
        }
      for (Value operand : movable->getOperands()) {
        Operation *def = operand.getDefiningOp();
        Operation *ancestor =
            def ? block->findAncestorOpInBlock(*def) : nullptr;
        if (ancestor)
          lo = std::max<unsigned>(lo,
                                  llvm::find(ops, ancestor) - ops.begin() + 1);
      }
      // Never below the next op on the same object (a setter included: it
      // stages the next message, which the issue must not post) or a use
      // of its results.
      unsigned hi = last;
      for (unsigned j = self + 1; j < ops.size() && j < hi; ++j)
        if (usesMatmul(ops[j], matmul, /*setters=*/true) ||
            usesResultOf(ops[j], movable)) {
          hi = j;
          break;
        }
      entry["gaps"] = llvm::json::Array(
          getDistinctGaps(ops, self, std::min(lo, self), hi, /*latest=*/false));
    }
    entries.push_back(std::move(entry));
  }
  llvm::json::Object line{{"function", function.getSymName()},
                          {"movables", std::move(entries)}};
  llvm::outs() << llvm::json::Value(std::move(line)) << "\n";
}

//===----------------------------------------------------------------------===//
// Applying a placement
//===----------------------------------------------------------------------===//

namespace {
/// Where a movable goes: its gap and, for an async issue, its rank among the
/// issues at that gap.
struct Move {
  Operation *op;
  unsigned gap;
  std::optional<unsigned> rank;
};
} // namespace

/// Reorders `block`: each moved op goes to its gap, everything else keeps
/// its order; movables sent to one gap keep the order they had, except that
/// ranked issues there take the issues' places in the order of their ranks.
static LogicalResult reorderBlock(Block &block, ArrayRef<Move> moves) {
  SmallVector<Operation *> ops =
      llvm::map_to_vector(block, [](Operation &op) { return &op; });
  unsigned gaps = ops.size();
  if (!ops.back()->hasTrait<OpTrait::IsTerminator>())
    ++gaps;
  // An op that stays at index j has key 2j + 1; one moved to gap g has key
  // 2g, between the ops g - 1 and g. Ties go in input order, but for a
  // ranked issue at its own gap: it joins the ops moved there, after them,
  // where it stood.
  struct Key {
    unsigned key, tie, index;
    bool operator<(const Key &other) const {
      return std::tie(key, tie, index) <
             std::tie(other.key, other.tie, other.index);
    }
  };
  SmallVector<Key> keys;
  for (unsigned j = 0; j < ops.size(); ++j)
    keys.push_back({2 * j + 1, j, j});
  DenseMap<Operation *, unsigned> rankOf;
  for (const Move &move : moves) {
    if (move.gap >= gaps)
      return move.op->emitError("expects a gap below ")
             << gaps << ", not " << move.gap;
    unsigned index = llvm::find(ops, move.op) - ops.begin();
    if (move.gap != index) {
      keys[index].key = 2 * move.gap;
    } else if (move.rank) {
      keys[index].key = 2 * move.gap;
      keys[index].tie = ops.size();
    }
    if (move.rank) {
      if (!isAsyncIssue(move.op))
        return move.op->emitError("is no async issue: only issues take a rank");
      rankOf[move.op] = *move.rank;
    }
  }
  llvm::sort(keys);
  SmallVector<Operation *> order =
      llvm::map_to_vector(keys, [&](const Key &key) { return ops[key.index]; });
  // Within each run of one key, the ranked issues permute among their own
  // places.
  for (unsigned begin = 0; begin < order.size();) {
    unsigned end = begin + 1;
    while (end < order.size() && keys[end].key == keys[begin].key)
      ++end;
    // (rank, place): equal ranks keep the input order.
    SmallVector<std::pair<unsigned, unsigned>> ranked;
    for (unsigned at = begin; at < end; ++at)
      if (rankOf.count(order[at]))
        ranked.push_back({rankOf.lookup(order[at]), at});
    SmallVector<Operation *> inRankOrder;
    llvm::sort(ranked);
    for (auto [rank, at] : ranked)
      inRankOrder.push_back(order[at]);
    llvm::sort(ranked,
               [](auto lhs, auto rhs) { return lhs.second < rhs.second; });
    for (auto [place, op] : llvm::zip(ranked, inRankOrder))
      order[place.second] = op;
    begin = end;
  }
  for (Operation *op : order)
    op->moveBefore(&block, block.end());
  return success();
}

namespace {
/// Moves the movables named by `moves` (FUNCTION/NUMBER=GAP) to their gaps.
struct TestAscApplyPlacementPass
    : public PassWrapper<TestAscApplyPlacementPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAscApplyPlacementPass)
  TestAscApplyPlacementPass() = default;
  TestAscApplyPlacementPass(const TestAscApplyPlacementPass &pass)
      : PassWrapper(pass) {}

  StringRef getArgument() const final { return "test-asc-apply-placement"; }
  StringRef getDescription() const final {
    return "Move Matmul waits and async issues to the gaps of their blocks "
           "that -test-asc-placement-space lists";
  }

  ListOption<std::string> moves{
      *this, "moves",
      llvm::cl::desc("FUNCTION/NUMBER=GAP[:RANK]: move the function's "
                     "movable NUMBER right before the GAP-th op of its "
                     "block; async issues at one gap go in RANK order")};
  Option<bool> recheck{
      *this, "recheck",
      llvm::cl::desc("Re-check each moved function incrementally "
                     "(ProtocolRecheck.h) from the analysis of its input, "
                     "and as a whole, and say what each found in a remark"),
      llvm::cl::init(false)};

  void runOnOperation() override;
};
} // namespace

void TestAscApplyPlacementPass::runOnOperation() {
  ModuleOp module = getOperation();
  struct NumberedMove {
    unsigned number, gap;
    std::optional<unsigned> rank;
  };
  llvm::StringMap<SmallVector<NumberedMove>> movesOf;
  for (const std::string &move : moves) {
    auto [target, place] = StringRef(move).rsplit('=');
    auto [function, numberText] = target.rsplit('/');
    auto [gapText, rankText] = place.split(':');
    unsigned number, gap, rank = 0;
    bool ranked = place.contains(':');
    if (function.empty() || numberText.getAsInteger(10, number) ||
        gapText.getAsInteger(10, gap) ||
        (ranked && rankText.getAsInteger(10, rank))) {
      module.emitError(
          "expects moves of the form FUNCTION/NUMBER=GAP[:RANK], not '")
          << move << "'";
      return signalPassFailure();
    }
    movesOf[function].push_back(
        {number, gap, ranked ? std::optional(rank) : std::nullopt});
  }
  for (auto function : module.getOps<func::FuncOp>()) {
    auto it = movesOf.find(function.getSymName());
    if (it == movesOf.end())
      continue;
    SmallVector<Operation *> movables = collectMovables(function);
    llvm::MapVector<Block *, SmallVector<Move>> perBlock;
    for (const NumberedMove &move : it->second) {
      if (move.number >= movables.size()) {
        function.emitError("has ")
            << movables.size() << " waits and async issues, no number "
            << move.number;
        return signalPassFailure();
      }
      Operation *op = movables[move.number];
      perBlock[op->getBlock()].push_back({op, move.gap, move.rank});
    }
    std::optional<MatmulProtocolAnalysis> protocol;
    std::optional<AscAliasAnalysis> aliases;
    std::optional<ProtocolChecker> checker;
    ReorderLog reorders;
    if (recheck) {
      protocol.emplace(function);
      aliases.emplace(function, *protocol);
      checker.emplace(*protocol, *aliases);
      // The input's check also fills the footprints the re-check compares.
      if (failed(checker->check(/*reportErrors=*/false)))
        function.emitRemark("the input breaks the protocol");
    }
    for (auto &[block, blockMoves] : perBlock) {
      reorders.noteReorder(block);
      if (failed(reorderBlock(*block, blockMoves)))
        return signalPassFailure();
    }
    if (recheck) {
      IncrementalRecheck incremental = recheckReordered(
          function, *protocol, checker->getConflicts(), reorders);
      MatmulProtocolAnalysis wholeProtocol(function);
      AscAliasAnalysis wholeAliases(function, wholeProtocol);
      bool passes = succeeded(ProtocolChecker(wholeProtocol, wholeAliases)
                                  .check(/*reportErrors=*/false));
      InFlightDiagnostic remark = function.emitRemark();
      if (incremental.proved)
        remark << "incremental re-check passes: " << incremental.ops
               << " ops in " << incremental.ranges << " ranges";
      else
        remark << "incremental re-check falls back: " << incremental.reason;
      remark << "; the whole function " << (passes ? "passes" : "fails");
    }
    movesOf.erase(it);
  }
  for (const auto &entry : movesOf) {
    module.emitError("has no function '") << entry.getKey() << "'";
    return signalPassFailure();
  }
}

namespace mlir::asc::test {
/// Registers -test-asc-placement-space and -test-asc-apply-placement
/// (asc-opt declares it).
void registerTestAscPlacementPasses() {
  PassRegistration<TestAscPlacementSpacePass>();
  PassRegistration<TestAscApplyPlacementPass>();
}
} // namespace mlir::asc::test
