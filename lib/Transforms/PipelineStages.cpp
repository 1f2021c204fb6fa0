//===- PipelineStages.cpp - what a pipelined loop rotates, and whether ----===//
//
// The matching half of --asc-pipeline-loops: the stages of a loop body (each
// object's setters, issue and wait), from which PipelineSchedule.cpp builds
// the schedule, and the legality of issuing iteration i + 1's stages right
// after iteration i's waits, with the run-time gap checks that keep tiles a
// symbolic stride apart.
//
//===----------------------------------------------------------------------===//

#include "LoopPipeliner.h"
#include "OrderingPath.h"
#include "asc/Dialect/Asc/Analysis/IntegerRanges.h"
#include "asc/Dialect/Asc/Analysis/LoopTrips.h"
#include "asc/Dialect/Asc/Analysis/ProtocolChecker.h"
#include "asc/Dialect/Asc/Analysis/ProtocolTransfer.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "asc-pipeline-loops"

using namespace mlir;
using namespace mlir::asc;
using namespace mlir::asc::pipelining;

/// Operations at the top of a loop body that move with the issue of their
/// stage: the object's Configure calls (SetTensorA/B, SetBias, SetTail,
/// SetOrgShape, ...).
static bool isStagedSetter(Operation *op, Value matmul) {
  auto use = dyn_cast<MatmulOpInterface>(op);
  return use && use.getMatmul() == matmul &&
         use.getMatmulUseKind() == MatmulUseKind::Configure;
}

/// True when `op` or an op nested in it is handed a Matmul object that may
/// be `matmul`.
static bool usesObject(Operation *op, Value matmul) {
  return op
      ->walk([&](Operation *nested) {
        return hasOperandDenoting(nested, matmul) ? WalkResult::interrupt()
                                                  : WalkResult::advance();
      })
      .wasInterrupted();
}

DenseSet<Operation *>
mlir::asc::pipelining::getMovedOps(ArrayRef<Stage> stages) {
  DenseSet<Operation *> moved;
  for (const Stage &stage : stages) {
    moved.insert(stage.setters.begin(), stage.setters.end());
    moved.insert(stage.issue);
  }
  return moved;
}

std::string mlir::asc::pipelining::describe(Operation *op) {
  return "'" + op->getName().getStringRef().str() + "'";
}

FailureOr<SmallVector<Stage>>
mlir::asc::pipelining::matchStages(scf::ForOp loop,
                                   std::optional<Rejection> &why) {
  Block *body = loop.getBody();
  // Candidates: loops with an async issue with its wait flag at the top of
  // their body, or a Matmul call of any kind nested deeper.
  bool issues =
      llvm::any_of(*body, [](Operation &op) { return isPendingIssue(&op); });
  if (!issues)
    return failure();
  auto reject = [&](Operation *op, const Twine &reason) {
    why = Rejection{op, reason.str()};
    return failure();
  };
  if (loop.getNumResults() != 0)
    return reject(loop, "the loop carries values from one iteration to the "
                        "next (iter_args)");
  if (loop.getUnsignedCmp())
    return reject(loop, "the loop compares its bounds unsigned");
  APInt step;
  if (!matchPattern(loop.getStep(), m_ConstantInt(&step)) ||
      !step.isStrictlyPositive() || step.getSignificantBits() > 32)
    return reject(loop, "its step is not a positive constant");
  if (!IntegerRanges().countsWithoutWrapping(loop))
    return reject(loop, "its counter is narrower than 32 bits and may wrap "
                        "around before it reaches the upper bound (the C++ "
                        "counter is narrowed on each step)");
  switch (getEmittedLoopTrips(loop)) {
  case LoopTrips::Zero:
    return reject(loop, "the loop never runs");
  case LoopTrips::One:
    return reject(loop, "the loop runs once: there is no next iteration to "
                        "overlap");
  default:
    break;
  }

  SmallVector<Stage> stages;
  DenseMap<Value, unsigned> stageOf;
  Stage *open = nullptr; // The stage whose wait is still to come.
  for (Operation &op : body->without_terminator()) {
    // Matmul calls nested in regions of the body.
    if (op.getNumRegions() != 0) {
      Operation *nestedUse = nullptr;
      op.walk([&](MatmulOpInterface use) { nestedUse = use; });
      if (nestedUse)
        return reject(nestedUse, "a Matmul call nested in a region of the "
                                 "loop body");
      continue;
    }
    auto use = dyn_cast<MatmulOpInterface>(&op);
    if (!use) {
      if (llvm::any_of(op.getOperands(), [](Value operand) {
            return isa<MatmulType>(operand.getType());
          }))
        return reject(&op, "it hands a Matmul object to an op the pass does "
                           "not know");
      continue;
    }
    Value matmul = use.getMatmul();
    if (!isMatmulCreation(matmul) ||
        !matmul.getParentRegion()->isProperAncestor(&loop.getRegion()))
      return reject(&op, "the Matmul object is not a matmul.create outside "
                         "the loop (a select, a block argument: which "
                         "object it is is not known)");
    auto [it, inserted] = stageOf.try_emplace(matmul, stages.size());
    if (inserted)
      stages.push_back(Stage{matmul, {}, nullptr, nullptr, nullptr});
    Stage &stage = stages[it->second];
    if (stage.wait)
      return reject(&op, "the object is used again after its wait in the "
                         "same iteration");
    if (isStagedSetter(&op, matmul) && !stage.issue) {
      if (open && open != &stage)
        return reject(&op, "the setters of one object come while another "
                           "object's issue is pending");
      stage.setters.push_back(&op);
      stage.first = stage.first ? stage.first : &op;
      continue;
    }
    if (isPendingIssue(&op) && !stage.issue) {
      if (open && open != &stage)
        return reject(&op, "two objects' issues are pending at once in the "
                           "body");
      stage.issue = &op;
      stage.first = stage.first ? stage.first : &op;
      open = &stage;
      continue;
    }
    if (isa<MatmulWaitOpInterface>(&op) && stage.issue) {
      stage.wait = &op;
      open = nullptr;
      continue;
    }
    if (!isPendingIssue(&op) &&
        use.getMatmulUseKind() == MatmulUseKind::Compute)
      return reject(&op, "a synchronous Matmul call in the body (promote-sync "
                         "makes it async where it can)");
    return reject(&op, "a Matmul call that is not a staged setter, an async "
                       "issue with its wait flag or its wait");
  }
  for (Stage &stage : stages) {
    if (!stage.issue)
      return reject(stage.setters.front(), "the object's setters stage no "
                                           "async issue in the body");
    if (!stage.wait)
      return reject(stage.issue, "the issue is not waited for in the same "
                                 "iteration");
  }
  // The moved ops run one iteration ahead, in a clone the body's other ops
  // do not see: a result of theirs the body uses (the view a result-form
  // get_tensor_c returns) would have to be carried into the next iteration.
  for (Stage &stage : stages)
    for (Operation *op : llvm::concat<Operation *const>(
             stage.setters, ArrayRef<Operation *>(stage.issue)))
      if (!op->use_empty())
        return reject(op, "the body uses its result (" +
                              describe(*op->getUsers().begin()) +
                              "), which the rotation would compute one "
                              "iteration ahead without carrying it over");
  // Between the first setter and the issue only the setters and pure ops.
  for (Stage &stage : stages)
    for (Operation *op = stage.first; op != stage.issue; op = op->getNextNode())
      if (!isStagedSetter(op, stage.matmul) && !isPure(op))
        return reject(op, "it sits between the setters and the issue they "
                          "stage, and touches memory or state");
  // The operands of setters and issues: defined outside the loop, the
  // induction variable, or by pure ops of the body.
  for (Stage &stage : stages) {
    SmallVector<Operation *> worklist(stage.setters.begin(),
                                      stage.setters.end());
    worklist.push_back(stage.issue);
    DenseSet<Operation *> seen;
    while (!worklist.empty()) {
      Operation *op = worklist.pop_back_val();
      for (Value operand : op->getOperands()) {
        Operation *def = operand.getDefiningOp();
        if (!def || def->getBlock() != body || !seen.insert(def).second)
          continue;
        if (!isPure(def) || def->getNumRegions() != 0)
          return reject(def, "it computes an operand of " +
                                 describe(stage.issue) +
                                 " or its setters, and is not pure: it cannot "
                                 "run one iteration ahead");
        worklist.push_back(def);
      }
    }
  }
  return stages;
}

/// A name for a factor of a stride, for remarks: a tiling field by its
/// name.
static std::string describeFactor(Value factor) {
  if (auto get = factor.getDefiningOp<TilingGetOp>())
    return "tiling." + stringifyTilingField(get.getField()).str();
  if (auto argument = dyn_cast<BlockArgument>(factor))
    return "argument #" + std::to_string(argument.getArgNumber());
  return "the result of '" +
         factor.getDefiningOp()->getName().getStringRef().str() + "'";
}

/// `factors` in program order (block arguments before their block's ops),
/// so that the check and the remark do not depend on value addresses.
static Monomial inProgramOrder(const Monomial &factors, Operation *root) {
  DenseMap<Operation *, unsigned> order;
  root->walk<WalkOrder::PreOrder>(
      [&](Operation *op) { order.try_emplace(op, order.size()); });
  auto key = [&](Value value) -> std::pair<unsigned, unsigned> {
    if (auto argument = dyn_cast<BlockArgument>(value))
      return {order.lookup(argument.getOwner()->getParentOp()),
              argument.getArgNumber()};
    return {order.lookup(value.getDefiningOp()),
            (1u << 30) + cast<OpResult>(value).getResultNumber()};
  };
  Monomial sorted(factors);
  llvm::stable_sort(sorted,
                    [&](Value lhs, Value rhs) { return key(lhs) < key(rhs); });
  return sorted;
}

/// floor(n / d) and ceil(n / d) for d != 0.
static __int128 floorDiv(__int128 n, __int128 d) {
  __int128 q = n / d;
  return (n % d != 0 && ((n < 0) != (d < 0))) ? q - 1 : q;
}
static __int128 ceilDiv(__int128 n, __int128 d) { return -floorDiv(-n, d); }

/// The run-time check that keeps `access` (iteration i) and `inFlight` (an
/// issue's footprint) apart, when they are two footprints of known sizes of
/// one root a symbolic amount `a * m + c` apart, `m` a product of one or
/// two values the loop does not change, each an integer of 8 to 32 bits, so
/// that the product computed in i64 is exact; nothing otherwise.
static std::optional<GapCheck> getGapCheck(AscAliasAnalysis &aliases,
                                           scf::ForOp loop,
                                           const ResolvedAccess &access,
                                           const ResolvedAccess &inFlight) {
  std::optional<SymbolicGap> gap =
      aliases.getSymbolicGap(access.location, inFlight.location);
  if (!gap || gap->difference.terms.size() != 1)
    return std::nullopt;
  const auto &[factors, scale] = gap->difference.terms.front();
  if (factors.size() > 2)
    return std::nullopt;
  for (Value factor : factors) {
    auto type = dyn_cast<IntegerType>(factor.getType());
    if (!type || !type.isSignless() || type.getWidth() < 8 ||
        type.getWidth() > 32 ||
        loop->isAncestor(factor.getParentRegion()->getParentOp()))
      return std::nullopt;
  }
  // Apart when a * m + c >= first size (ahead) or <= -second size (behind).
  // A footprint without a size runs to the end of the buffer: only the
  // other side can hold (the first ahead of an unbounded second, the second
  // behind an unbounded first).
  __int128 a = scale, c = gap->difference.constant;
  std::optional<__int128> ahead, behind;
  if (gap->firstSize)
    ahead = __int128(*gap->firstSize) - c;
  if (gap->secondSize)
    behind = -__int128(*gap->secondSize) - c;
  // a * m >= ahead and a * m <= behind, as bounds on m.
  std::optional<__int128> lowerM, upperM;
  std::optional<__int128> lowerSide = a > 0 ? ahead : behind;
  std::optional<__int128> upperSide = a > 0 ? behind : ahead;
  if (lowerSide)
    lowerM = ceilDiv(*lowerSide, a);
  if (upperSide)
    upperM = floorDiv(*upperSide, a);
  // m is a product of at most two int32 values: |m| <= 2^62. A bound is
  // kept within 2^61 (what the facts read back): a side past it is
  // dropped, a bound clamped only makes its side harder to meet.
  constexpr __int128 reach = __int128(1) << 61;
  GapCheck check{inProgramOrder(factors, loop->getParentOfType<func::FuncOp>()),
                 std::nullopt, std::nullopt, ""};
  if (lowerM && *lowerM < reach)
    check.atLeast = int64_t(std::max(*lowerM, -reach));
  if (upperM && *upperM > -reach)
    check.atMost = int64_t(std::min(*upperM, reach));
  if (!check.atLeast && !check.atMost)
    return std::nullopt;
  auto describeSize = [](std::optional<uint64_t> size) {
    return size ? std::to_string(*size) + " bytes"
                : std::string("up to the buffer's end");
  };
  std::string stride;
  for (Value factor : check.factors)
    stride += (stride.empty() ? "" : " * ") + describeFactor(factor);
  check.description = std::to_string(int64_t(scale)) + " * " + stride +
                      " bytes apart, footprints of " +
                      (gap->firstSize && gap->secondSize
                           ? std::to_string(*gap->firstSize) + " and " +
                                 std::to_string(*gap->secondSize) + " bytes"
                           : describeSize(gap->firstSize) + " and " +
                                 describeSize(gap->secondSize));
  return check;
}

/// True when every stride `lhs` accepts `rhs` accepts too (the same
/// factors; each accepts m >= atLeast or m <= atMost).
static bool implies(const GapCheck &lhs, const GapCheck &rhs) {
  if (lhs.factors != rhs.factors)
    return false;
  bool lower = !lhs.atLeast || (rhs.atLeast && *rhs.atLeast <= *lhs.atLeast);
  bool upper = !lhs.atMost || (rhs.atMost && *rhs.atMost >= *lhs.atMost);
  return lower && upper;
}

/// `op`'s name in quotes and, where known, its line.
static std::string describeWithLine(Operation *op) {
  std::string text = describe(op);
  if (auto fileLoc = dyn_cast<FileLineColLoc>(op->getLoc()))
    text += " at line " + std::to_string(fileLoc.getLine());
  return text;
}

/// Adds `gap` to `gaps` unless a check there implies it; the checks it
/// implies leave (all of them must hold).
static void addGapCheck(SmallVectorImpl<GapCheck> &gaps, GapCheck gap) {
  if (llvm::any_of(gaps,
                   [&](const GapCheck &other) { return implies(other, gap); }))
    return;
  llvm::erase_if(gaps,
                 [&](const GapCheck &other) { return implies(gap, other); });
  gaps.push_back(std::move(gap));
}

/// Whether `x` and `y` may touch one byte of global memory (or memory of no
/// known space), one of them writing: `x` at iteration i of `loop` and `y`
/// at iteration i + `distance`, or `y` anywhere after the loop when
/// `distance` is unset. Pairs one iteration apart that a run-time check can
/// keep apart add that check to `gaps` instead (the loop is versioned).
static bool mayTouchSameGlobalBytes(AscAliasAnalysis &aliases, scf::ForOp loop,
                                    Operation *x, Operation *y,
                                    std::optional<int64_t> distance,
                                    SmallVectorImpl<GapCheck> &gaps) {
  SmallVector<ResolvedAccess> xAccesses, yAccesses;
  if (distance) {
    aliases.getCrossIterationAccesses(x, y, loop, *distance, xAccesses,
                                      yAccesses);
  } else {
    aliases.getAccesses(x, xAccesses);
    aliases.getAccesses(y, yAccesses);
  }
  SmallVector<GapCheck> checks;
  for (const ResolvedAccess &first : xAccesses)
    for (const ResolvedAccess &second : yAccesses) {
      if (!mayConflictInGlobalMemory(aliases, first, second))
        continue;
      std::optional<GapCheck> gap;
      if (distance == 1)
        gap = getGapCheck(aliases, loop, first, second);
      if (!gap)
        return true;
      checks.push_back(std::move(*gap));
    }
  for (GapCheck &check : checks)
    addGapCheck(gaps, std::move(check));
  return false;
}

/// The first op of `loop`'s body, or after the loop in its block, that
/// relies on `issue`'s wait to order `x` before it (O9): `x` is an access
/// the wait is the first to order for `pipes` (what the issue's post saw,
/// from `afterIssue`), the rotation issues the next call before `x`, and
/// the op makes a later access of one of `pipes` to the same global memory
/// that nothing else orders after `x` (OrderingPath: in the body no Matmul
/// call counts, the rotation moves them all; after the loop the calls of
/// other objects do). Later: for `x` above the issue, an op after the
/// issue in `x`'s iteration or any in the next; for `x` below it (iteration
/// i, seen by iteration i + 1's post), an op after the issue in the next
/// iteration; or one after the loop, reached from the issue's state past
/// the rest of the loop (its orderings left out). UB pairs the re-check of
/// the rotated loop finds itself (the own accesses of section 2c); GM pairs
/// it leaves to asc-run, so they are looked for here.
static Operation *
findRelianceOnWait(scf::ForOp loop, ArrayRef<Stage> stages, Operation *issue,
                   const ProtocolState &afterIssue, Operation *x, uint8_t pipes,
                   AscAliasAnalysis &aliases, SmallVectorImpl<GapCheck> &gaps) {
  Block *body = loop.getBody();
  Operation *xInBody = body->findAncestorOpInBlock(*x);
  bool xAboveIssue = xInBody && xInBody->isBeforeInBlock(issue);
  auto notMatmul = [](Operation *op) {
    return !isa<MatmulObjectUseOpInterface>(op);
  };
  auto notStaged = [&](Operation *op) {
    return llvm::none_of(stages, [&](const Stage &stage) {
      return usesObject(op, stage.matmul);
    });
  };
  auto isOrdered = [&](Operation *y, std::optional<int64_t> distance,
                       PipeKind pipe) {
    if (!distance) {
      OrderingPath path(afterIssue, x, notStaged);
      return path.ordersBefore(loop->getNextNode(), y, pipe);
    }
    OrderingPath path(afterIssue, x, notMatmul);
    if (*distance == 1 && xAboveIssue) {
      path.followToEnd(issue->getNextNode());
      return path.ordersBefore(&body->front(), y, pipe);
    }
    return path.ordersBefore(issue->getNextNode(), y, pipe);
  };
  auto findIn = [&](Operation *root, std::optional<int64_t> distance) {
    Operation *found = nullptr;
    root->walk<WalkOrder::PreOrder>([&](Operation *y) {
      std::optional<PipeKind> pipe = getOwnAccessPipe(y);
      if (!pipe || isa<MatmulOpInterface>(y) ||
          !(ProtocolState::pipeBit(*pipe) & pipes) ||
          !mayTouchSameGlobalBytes(aliases, loop, x, y, distance, gaps) ||
          isOrdered(y, distance, *pipe))
        return WalkResult::advance();
      found = y;
      return WalkResult::interrupt();
    });
    return found;
  };
  // x's own iteration first: its pairs are the ones a reader looks for.
  if (xAboveIssue)
    for (Operation &op : body->without_terminator())
      if (issue->isBeforeInBlock(&op))
        if (Operation *found = findIn(&op, 0))
          return found;
  for (Operation &op : body->without_terminator())
    if (xAboveIssue || issue->isBeforeInBlock(&op))
      if (Operation *found = findIn(&op, 1))
        return found;
  for (Operation *op = loop->getNextNode(); op; op = op->getNextNode())
    if (Operation *found = findIn(op, std::nullopt))
      return found;
  return nullptr;
}

std::optional<Rejection>
mlir::asc::pipelining::checkLegality(scf::ForOp loop, ArrayRef<Stage> stages,
                                     const MatmulProtocolAnalysis &protocol,
                                     InFlightConflicts &conflicts,
                                     SmallVectorImpl<GapCheck> &gaps) {
  Block *body = loop.getBody();
  unsigned numStages = stages.size();
  DenseSet<Operation *> moved = getMovedOps(stages);
  auto describeAccess = [](const ResolvedAccess &access) {
    std::string text;
    llvm::raw_string_ostream os(text);
    if (access.location.isAnyMemory())
      os << "any memory";
    else if (!access.location.base.root)
      os << "untraced memory";
    else if (!access.location.base.offset.known)
      os << "memory at an offset not affine in the induction variable";
    else if (access.location.size)
      os << access.location.size.value() << " bytes";
    else
      os << "an unbounded footprint";
    return text;
  };
  // `x` must not conflict with stage `k`'s issue at `distance` iterations
  // later.
  auto check = [&](Operation *x, const Stage &stage,
                   int64_t distance) -> std::optional<Rejection> {
    if (usesObject(x, stage.matmul))
      return Rejection{x, "it uses the Matmul object whose issue would move "
                          "past it"};
    if (isa<CrossCoreSyncOpInterface>(x))
      return Rejection{x, "it orders this core with other cores (a "
                          "cross-core flag or SyncAll): an issue or wait "
                          "moved across it would change what they see "
                          "(spec section 2c, O9)"};
    SmallVector<AccessConflict> found;
    conflicts.findCrossIterationConflicts(x, stage.issue, loop, distance,
                                          found);
    // Every conflict a run-time check can rule out becomes one; the first
    // other one blocks the rotation.
    const AccessConflict *conflict = nullptr;
    for (const AccessConflict &candidate : found) {
      std::optional<GapCheck> gap = getGapCheck(
          conflicts.getAliases(), loop, candidate.first, candidate.second);
      if (!gap) {
        conflict = &candidate;
        break;
      }
      addGapCheck(gaps, std::move(*gap));
    }
    if (!conflict)
      return std::nullopt;
    const auto &[access, inFlight] = *conflict;
    std::string reason;
    llvm::raw_string_ostream os(reason);
    os << "it may " << (access.isWrite() ? "write" : "read") << " "
       << describeAccess(access) << " overlapping the "
       << (inFlight.isWrite() ? "output" : "input")
       << (inFlight.slot ? " (" + describeMatmulSlot(*inFlight.slot).str() + ")"
                         : std::string())
       << " of " << describe(stage.issue) << " of iteration i"
       << (distance ? " + 1" : "")
       << ", which the rotation would issue before it";
    if (access.location.isAnyMemory())
      os << " (its memory effects are unknown)";
    return Rejection{x, reason};
  };
  // What each stage's wait is the first to order (O9), from the state
  // after its issue (at the loop's fixpoint: the previous iteration's work
  // included).
  SmallVector<DenseMap<Operation *, uint8_t>> firstOrderedByWait(numStages);
  SmallVector<const ProtocolState *> afterIssue(numStages);
  for (unsigned k = 0; k < numStages; ++k)
    if ((afterIssue[k] = protocol.getStateAfter(stages[k].issue)))
      for (auto [access, pipes] :
           getAccessesFirstOrderedByWait(*afterIssue[k], stages[k].issue))
        firstOrderedByWait[k][access] = pipes;
  // An op the issue of stage `k` moves above is out of what its post sees:
  // a later access that relied on the wait to order it after the op would
  // race.
  auto checkWaitEdge = [&](Operation *op,
                           unsigned k) -> std::optional<Rejection> {
    if (firstOrderedByWait[k].empty())
      return std::nullopt;
    std::optional<Rejection> why;
    op->walk<WalkOrder::PreOrder>([&](Operation *x) {
      uint8_t pipes = firstOrderedByWait[k].lookup(x);
      if (!pipes)
        return WalkResult::advance();
      Operation *later =
          findRelianceOnWait(loop, stages, stages[k].issue, *afterIssue[k], x,
                             pipes, conflicts.getAliases(), gaps);
      if (!later)
        return WalkResult::advance();
      why = Rejection{op,
                      "the post of " + describe(stages[k].issue) +
                          " sees its work, which only that call's wait orders "
                          "before " +
                          describeWithLine(later) +
                          " (it touches the same global memory): issued before "
                          "it, the call's wait would no longer order the two "
                          "(spec section 2c, O8, O9)"};
      return WalkResult::interrupt();
    });
    return why;
  };
  // The ops of the body each issue moves past: for stage k > 0, those
  // between the previous wait and the issue; for stage 0, those after the
  // last wait (iteration i) and those before its issue (iteration i + 1).
  Operation *lastWait = stages.back().wait;
  for (unsigned k = 0; k < numStages; ++k) {
    const Stage &stage = stages[k];
    Operation *from =
        k == 0 ? &body->front() : stages[k - 1].wait->getNextNode();
    for (Operation *op = from; op != stage.issue; op = op->getNextNode()) {
      if (moved.contains(op) || isPure(op))
        continue;
      if (auto why = check(op, stage, 0))
        return why;
      if (auto why = checkWaitEdge(op, k))
        return why;
    }
    // Ops between an issue and its wait already overlap it.
  }
  for (Operation *op = lastWait->getNextNode(); op != body->getTerminator();
       op = op->getNextNode()) {
    if (isPure(op))
      continue;
    if (auto why = check(op, stages.front(), 1))
      return why;
    if (auto why = checkWaitEdge(op, 0))
      return why;
  }
  (void)numStages;
  return std::nullopt;
}
