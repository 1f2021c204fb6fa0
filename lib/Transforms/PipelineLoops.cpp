//===- PipelineLoops.cpp - --asc-pipeline-loops ---------------------------===//
//
// Software pipelining of scf.for loops whose body issues async Matmul work
// and waits for it in the same iteration: the issue of iteration i + 1 (with
// the setters that stage it) moves up to right after the wait of iteration
// i, so that the cube computes the next tile while the vector core works on
// this one. The design and the proof obligations are in docs/SyncPlacement.md
// ("Loop pipelining").
//
//   for i in [lb, ub):  X0; S(i); I(i); W; X1(i)
//
// becomes (the guard only when the trip count is not known to be positive;
// `last` = lb + ((ub - lb - 1) / step) * step):
//
//   if (lb < ub) {
//     S(lb); I(lb)                                  // prologue
//     for i in [lb, last):  W; S(i+step); I(i+step); X0(i); X1(i)
//     W; X0(last); X1(last)                         // epilogue
//   }
//
// With several objects, each issue moves up to right after the previous
// object's wait (the first object's to after the last one's, one iteration
// ahead), so that one issue at a time is in flight. The last iteration is
// peeled rather than guarded inside the body: a guard `if (i + step < ub)`
// around the next issue makes the pending state at the back edge a join of
// "pending" and "idle", which a path-insensitive protocol check cannot
// prove; peeled, every point has one pending issue per object or none.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/IntegerRanges.h"
#include "asc/Dialect/Asc/Analysis/LoopTrips.h"
#include "asc/Dialect/Asc/Analysis/ProtocolChecker.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "asc/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "asc-pipeline-loops"

namespace mlir::asc {
#define GEN_PASS_DEF_ASCPIPELINELOOPS
#include "asc/Transforms/Passes.h.inc"
} // namespace mlir::asc

using namespace mlir;
using namespace mlir::asc;

namespace {

/// One object's part of the body: the setters that stage its issue, the
/// issue, and its wait.
struct Stage {
  Value matmul;
  SmallVector<Operation *, 4> setters;
  Operation *issue = nullptr;
  Operation *wait = nullptr;
  /// The first setter (or the issue without setters).
  Operation *first = nullptr;
};

/// A run-time test that keeps two tiles apart: `factors` (a product of one
/// or two loop-invariant integers of at most 32 bits, exact in i64) is at
/// most `atMost` or at least `atLeast` (at least one side is present).
struct GapCheck {
  Monomial factors;
  std::optional<int64_t> atMost, atLeast;
  /// What it stands for, for the remark: the stride and the footprint.
  std::string description;
};

/// Why a loop is not pipelined: the op to point at and the reason.
struct Rejection {
  Operation *op;
  std::string reason;
};

class LoopPipeliner {
public:
  LoopPipeliner(func::FuncOp function, bool emitRemarks)
      : function(function), emitRemarks(emitRemarks) {}

  /// Pipelines every loop it can, innermost first. True when one changed.
  /// The number of loops rotated.
  unsigned run();

private:
  /// The stages of `loop`'s body, or why there are none to rotate (a null
  /// op with an empty reason: the loop issues nothing async).
  FailureOr<SmallVector<Stage>> matchStages(scf::ForOp loop,
                                            std::optional<Rejection> &why);
  /// Why `loop` may not be rotated, or nothing. Conflicts between tiles a
  /// symbolic stride apart that a run-time check can rule out go into
  /// `gaps` instead: the rotation then needs that check (versioning).
  std::optional<Rejection> checkLegality(scf::ForOp loop,
                                         ArrayRef<Stage> stages,
                                         InFlightConflicts &conflicts,
                                         SmallVectorImpl<GapCheck> &gaps);
  /// Rotates `loop` under `gaps`' run-time check: `if (check) { rotated }
  /// else { the loop as it was }`. True when it holds (the loop is gone).
  bool rotateVersioned(scf::ForOp loop, ArrayRef<Stage> stages,
                       ArrayRef<GapCheck> gaps);
  /// Builds the rotated form before `loop`; the ops built, in order.
  void rotate(scf::ForOp loop, ArrayRef<Stage> stages);
  /// Builds the two-object form of a one-stage loop before `loop`: even
  /// iterations on the stage's object, odd ones on `copy`, each object's
  /// next call issued at its wait, so that two calls are in flight.
  void rotateOnTwoObjects(scf::ForOp loop, const Stage &stage, Value copy);
  /// Tries the two-object form; true when it holds (the loop is gone).
  bool tryTwoObjects(scf::ForOp loop, const Stage &stage);
  /// At `op`'s location: a loop is reported on after it left the IR.
  void remark(Operation *op, const Twine &message) {
    if (emitRemarks)
      mlir::emitRemark(op->getLoc()) << message;
  }

  func::FuncOp function;
  bool emitRemarks;
};

} // namespace

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

/// The ops that move with the stages' issues: their setters and issues.
static DenseSet<Operation *> getMovedOps(ArrayRef<Stage> stages) {
  DenseSet<Operation *> moved;
  for (const Stage &stage : stages) {
    moved.insert(stage.setters.begin(), stage.setters.end());
    moved.insert(stage.issue);
  }
  return moved;
}

static std::string describe(Operation *op) {
  return "'" + op->getName().getStringRef().str() + "'";
}

FailureOr<SmallVector<Stage>>
LoopPipeliner::matchStages(scf::ForOp loop, std::optional<Rejection> &why) {
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
  __int128 a = scale, c = gap->difference.constant;
  __int128 ahead = __int128(gap->firstSize) - c;
  __int128 behind = -__int128(gap->secondSize) - c;
  // a * m >= ahead and a * m <= behind, as bounds on m.
  __int128 lowerM = a > 0 ? ceilDiv(ahead, a) : ceilDiv(behind, a);
  __int128 upperM = a > 0 ? floorDiv(behind, a) : floorDiv(ahead, a);
  // m is a product of at most two int32 values: |m| <= 2^62. A bound is
  // kept within 2^61 (what the facts read back): a side past it is
  // dropped, a bound clamped only makes its side harder to meet.
  constexpr __int128 reach = __int128(1) << 61;
  GapCheck check{inProgramOrder(factors, loop->getParentOfType<func::FuncOp>()),
                 std::nullopt, std::nullopt, ""};
  if (lowerM < reach)
    check.atLeast = int64_t(std::max(lowerM, -reach));
  if (upperM > -reach)
    check.atMost = int64_t(std::min(upperM, reach));
  if (!check.atLeast && !check.atMost)
    return std::nullopt;
  std::string stride;
  for (Value factor : check.factors)
    stride += (stride.empty() ? "" : " * ") + describeFactor(factor);
  check.description = std::to_string(int64_t(scale)) + " * " + stride +
                      " bytes apart, footprints of " +
                      std::to_string(gap->firstSize) + " and " +
                      std::to_string(gap->secondSize) + " bytes";
  return check;
}

/// Builds the i1 that is true when every check of `gaps` holds, before
/// `builder`'s insertion point: `m <= atMost || m >= atLeast` each, `m`
/// the product of the sign-extended factors in i64 (overflow<nsw>: two
/// int32 values multiply exactly in 64 bits).
static Value buildGapChecks(OpBuilder &builder, Location loc,
                            ArrayRef<GapCheck> gaps) {
  Type i64 = builder.getI64Type();
  Value all;
  for (const GapCheck &gap : gaps) {
    Value product;
    for (Value factor : gap.factors) {
      Value wide =
          factor.getType() == i64
              ? factor
              : arith::ExtSIOp::create(builder, loc, i64, factor).getResult();
      product = product
                    ? arith::MulIOp::create(builder, loc, product, wide,
                                            arith::IntegerOverflowFlags::nsw)
                          .getResult()
                    : wide;
    }
    auto bound = [&](int64_t value) -> Value {
      return arith::ConstantOp::create(builder, loc, i64,
                                       builder.getI64IntegerAttr(value));
    };
    Value holds;
    if (gap.atMost)
      holds = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sle,
                                    product, bound(*gap.atMost));
    if (gap.atLeast) {
      Value ahead =
          arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sge,
                                product, bound(*gap.atLeast));
      holds = holds
                  ? arith::OrIOp::create(builder, loc, holds, ahead).getResult()
                  : ahead;
    }
    all = all ? arith::AndIOp::create(builder, loc, all, holds).getResult()
              : holds;
  }
  return all;
}

std::optional<Rejection>
LoopPipeliner::checkLegality(scf::ForOp loop, ArrayRef<Stage> stages,
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
      bool known = llvm::any_of(gaps, [&](const GapCheck &other) {
        return other.factors == gap->factors && other.atMost == gap->atMost &&
               other.atLeast == gap->atLeast;
      });
      if (!known)
        gaps.push_back(std::move(*gap));
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
    }
    // Ops between an issue and its wait already overlap it.
  }
  for (Operation *op = lastWait->getNextNode(); op != body->getTerminator();
       op = op->getNextNode()) {
    if (isPure(op))
      continue;
    if (auto why = check(op, stages.front(), 1))
      return why;
  }
  (void)numStages;
  return std::nullopt;
}

/// Clones `ops` (in order) with `mapping`, then the backward slices of the
/// setters and issue of `stage` that are not mapped yet, then those.
static void cloneStageSlice(OpBuilder &builder, Block *body, const Stage &stage,
                            IRMapping &mapping) {
  // The body's pure ops the slice needs, in body order.
  DenseSet<Operation *> needed;
  SmallVector<Operation *> worklist(stage.setters.begin(), stage.setters.end());
  worklist.push_back(stage.issue);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (Value operand : op->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (def && def->getBlock() == body && needed.insert(def).second)
        worklist.push_back(def);
    }
  }
  for (Operation &op : body->without_terminator()) {
    if (&op == stage.issue)
      break;
    if (needed.contains(&op) &&
        (op.getNumResults() == 0 || !mapping.contains(op.getResult(0))))
      builder.clone(op, mapping);
  }
  for (Operation *setter : stage.setters)
    builder.clone(*setter, mapping);
  builder.clone(*stage.issue, mapping);
}

/// The last iteration's value of a loop from `lb` to `ub` by `step` that
/// runs (lb < ub), `lb + ((ub - lb - 1) / step) * step`, computed where it
/// cannot wrap around: the span of an int8_t or int16_t counter (promoted to
/// int, narrowed on the store) wraps in its own type (from -100 to 100 is
/// 200), so it is computed in i64 and the result, which lies in [lb, ub),
/// narrowed back; a 32- or 64-bit span is at most 2^64 - 1 as an unsigned
/// number, so the division is unsigned.
static Value buildLastIteration(OpBuilder &builder, Location loc, Value lb,
                                Value ub, Value step) {
  Type ivType = lb.getType();
  bool narrow = !IntegerRanges::isWideCounterType(ivType);
  Type type = narrow ? builder.getI64Type() : ivType;
  auto widen = [&](Value value) -> Value {
    return narrow ? builder.createOrFold<arith::ExtSIOp>(loc, type, value)
                  : value;
  };
  Value wideLb = widen(lb), wideUb = widen(ub), wideStep = widen(step);
  Value one = arith::ConstantOp::create(
      builder, loc, cast<TypedAttr>(builder.getIntegerAttr(type, 1)));
  Value span = builder.createOrFold<arith::SubIOp>(loc, wideUb, wideLb);
  Value spanLess = builder.createOrFold<arith::SubIOp>(loc, span, one);
  Value steps =
      narrow ? builder.createOrFold<arith::DivSIOp>(loc, spanLess, wideStep)
             : builder.createOrFold<arith::DivUIOp>(loc, spanLess, wideStep);
  Value lastOffset = builder.createOrFold<arith::MulIOp>(loc, steps, wideStep);
  Value last = builder.createOrFold<arith::AddIOp>(loc, wideLb, lastOffset);
  return narrow ? builder.createOrFold<arith::TruncIOp>(loc, ivType, last)
                : last;
}

void LoopPipeliner::rotate(scf::ForOp loop, ArrayRef<Stage> stages) {
  OpBuilder builder(loop);
  Location loc = loop.getLoc();
  Block *body = loop.getBody();
  Value iv = loop.getInductionVar();
  Value lb = loop.getLowerBound(), ub = loop.getUpperBound(),
        step = loop.getStep();

  DenseSet<Operation *> moved = getMovedOps(stages);

  // The guard: only when the loop may not run.
  if (getEmittedLoopTrips(loop) != LoopTrips::Several) {
    Value runs =
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, lb, ub);
    auto guard = scf::IfOp::create(builder, loc, runs, /*withElse=*/false);
    builder.setInsertionPointToStart(&guard.getThenRegion().front());
  }
  Value last = buildLastIteration(builder, loc, lb, ub, step);

  // Prologue: iteration lb's first issue.
  {
    IRMapping mapping;
    mapping.map(iv, lb);
    cloneStageSlice(builder, body, stages.front(), mapping);
  }

  // One iteration of the rotated body at `value`: the first wait first
  // (what preceded it ran before the issue and now runs after it completes),
  // then the body in order with each stage's setters and issue at the place
  // of the previous stage's wait, and, with `next`, the first stage's of the
  // next iteration at the place of the last wait.
  auto emitIteration = [&](Value value, Value next) {
    IRMapping mapping;
    mapping.map(iv, value);
    builder.clone(*stages.front().wait, mapping);
    for (Operation &op : body->without_terminator()) {
      if (moved.contains(&op))
        continue;
      // A pure op a stage's setters needed is cloned already.
      if (isPure(&op) && op.getNumResults() != 0 &&
          mapping.contains(op.getResult(0)))
        continue;
      if (&op != stages.front().wait)
        builder.clone(op, mapping);
      for (unsigned k = 0; k < stages.size(); ++k) {
        if (&op != stages[k].wait)
          continue;
        if (k + 1 < stages.size()) {
          cloneStageSlice(builder, body, stages[k + 1], mapping);
        } else if (next) {
          IRMapping nextMapping;
          nextMapping.map(iv, next);
          cloneStageSlice(builder, body, stages.front(), nextMapping);
        }
      }
    }
  };
  auto steady = scf::ForOp::create(builder, loc, lb, last, step);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(steady.getBody());
    Value current = steady.getInductionVar();
    Value next = arith::AddIOp::create(builder, loc, current, step);
    emitIteration(current, next);
  }
  // Epilogue: the last iteration, whose issue the loop (or the prologue)
  // made.
  emitIteration(last, Value());
}

//===----------------------------------------------------------------------===//
// Two objects
//===----------------------------------------------------------------------===//
//
// One object keeps one call in flight (rule P1): after its wait returns the
// cube idles until the next message arrives (the client sees the server's
// flag, the vector core posts, the server picks it up). With a second
// object of the same type and tiling, iteration i + 1's call is already
// queued when iteration i's wait returns:
//
//   n = max(ceil((ub - lb) / step), 0); pairs = n / 2
//   if (pairs >= 1) {
//     S(lb); I(lb)  on mm;  S(lb + step); I(lb + step)  on mm2
//     r = for j in [0, pairs - 1) carrying r = lb:  g = lb + 2 * step * j
//       W mm;  X0(g);        S(g + 2 step); I(g + 2 step) on mm;   X1(g)
//       W mm2; X0(g + step); S(g + 3 step); I(g + 3 step) on mm2;  X1(g + step)
//       yield g + 2 step
//     W mm; X(r); W mm2; X(r + step)   // the last pair
//   }
//   if (n is odd) { the loop's body at lb + (n - 1) step on mm }
//
// The protocol check proves it (the instance of a call in flight across the
// back edge is the previous trip's, the prologue's only in the first trip;
// after the loop the last trip's, or the prologue's when it made no trip,
// and `r` is that trip's next iteration or `lb`: ProtocolChecker), given
// outputs that do not overlap, which
// `asc.output_elements` states. The author states with `asc.copies` that
// the tiling leaves the cube core room for the second object.

namespace {
/// What the two-object form changes outside the loop: the copy's creation,
/// the registration that takes it, and its End calls.
struct ObjectCopy {
  MatmulCreateOp create;
  MatmulRegisterOp registration;
  SmallVector<Operation *, 1> ends;
};
} // namespace

/// The object of a one-stage loop that may get a copy: its creation states
/// `asc.copies` of 2 or more, the loop's setters stage both inputs each
/// iteration, and nothing but its registration (room for one more object),
/// the loop's calls, End calls after the loop and, anywhere else, setters
/// of A, B (which the loop's own replace before each call) and the
/// workspace (client-side state its calls do not read) uses it. Anything
/// else would leave state behind the copy lacks (a bias the server holds,
/// SetOrgShape) or see the object after the loop in another state.
/// Nothing, with an empty `why`, when the author states no copies.
static std::optional<ObjectCopy>
matchObjectCopy(scf::ForOp loop, const Stage &stage, std::string &why) {
  why.clear();
  auto create = stage.matmul.getDefiningOp<MatmulCreateOp>();
  auto copies =
      create
          ? create->getAttrOfType<IntegerAttr>(AscDialect::getCopiesAttrName())
          : IntegerAttr();
  if (!copies || copies.getInt() < 2)
    return std::nullopt;
  Type ivType = loop.getInductionVar().getType();
  if (!ivType.isIndex() && ivType.getIntOrFloatBitWidth() < 32) {
    why = "the loop counter is narrower than 32 bits (the C++ counter wraps "
          "around)";
    return std::nullopt;
  }
  auto stagesEachIteration = [&](MatmulSlot slot) {
    return llvm::any_of(stage.setters, [&](Operation *setter) {
      std::optional<MatmulSlotUpdate> update =
          cast<MatmulOpInterface>(setter).getSlotUpdate();
      return update && update->slot == slot && update->memory;
    });
  };
  if (!stagesEachIteration(MatmulSlot::TensorA) ||
      !stagesEachIteration(MatmulSlot::TensorB)) {
    why = "the loop's setters do not stage both inputs (A and B tensors) "
          "each iteration: the copy would start without them";
    return std::nullopt;
  }
  ObjectCopy copy{create, nullptr, {}};
  for (Operation *user : stage.matmul.getUsers()) {
    // A setter of A, B or the workspace, by the slot it sets.
    auto setter = dyn_cast<MatmulOpInterface>(user);
    std::optional<MatmulSlotUpdate> update =
        setter ? setter.getSlotUpdate() : std::nullopt;
    if (loop->isAncestor(user) ||
        (update && (update->slot == MatmulSlot::TensorA ||
                    update->slot == MatmulSlot::TensorB ||
                    update->slot == MatmulSlot::Workspace)))
      continue;
    if (auto registration = dyn_cast<MatmulRegisterOp>(user)) {
      if (copy.registration) {
        why = "the object is registered twice";
        return std::nullopt;
      }
      copy.registration = registration;
      continue;
    }
    if (isa<MatmulEndOp>(user) && user->getBlock() == loop->getBlock() &&
        loop->isBeforeInBlock(user)) {
      copy.ends.push_back(user);
      continue;
    }
    why = "the object is used outside the loop (" + describe(user) +
          ") other than by its registration, End and input setters: a copy "
          "would miss it";
    return std::nullopt;
  }
  if (!copy.registration || copy.registration.getMatmuls().size() >= 4) {
    why = copy.registration
              ? "its registration holds four objects already"
              : "the object is not registered with asc.matmul.register";
    return std::nullopt;
  }
  return copy;
}

void LoopPipeliner::rotateOnTwoObjects(scf::ForOp loop, const Stage &stage,
                                       Value copy) {
  OpBuilder builder(loop);
  Location loc = loop.getLoc();
  Block *body = loop.getBody();
  Value iv = loop.getInductionVar();
  Type ivType = iv.getType();
  Value lb = loop.getLowerBound(), ub = loop.getUpperBound(),
        step = loop.getStep();
  DenseSet<Operation *> moved = getMovedOps(stage);

  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantOp::create(
        builder, loc, cast<TypedAttr>(builder.getIntegerAttr(ivType, value)));
  };
  Value zero = constant(0), one = constant(1), two = constant(2);
  Value span = builder.createOrFold<arith::SubIOp>(loc, ub, lb);
  Value trips = builder.createOrFold<arith::CeilDivSIOp>(loc, span, step);
  trips = builder.createOrFold<arith::MaxSIOp>(loc, trips, zero);
  Value pairs = builder.createOrFold<arith::DivSIOp>(loc, trips, two);
  Value pairStep = builder.createOrFold<arith::MulIOp>(loc, step, two);

  auto emitIssue = [&](Value value, Value object) {
    IRMapping mapping;
    mapping.map(iv, value);
    mapping.map(stage.matmul, object);
    cloneStageSlice(builder, body, stage, mapping);
  };
  auto emitWait = [&](Value object) {
    IRMapping mapping;
    mapping.map(stage.matmul, object);
    builder.clone(*stage.wait, mapping);
  };
  // The body at `value` on `object` without its setters, issue and wait;
  // with `next`, the object's call of iteration `next` at the wait's place.
  auto emitWork = [&](Value value, Value object, Value next) {
    IRMapping mapping;
    mapping.map(iv, value);
    mapping.map(stage.matmul, object);
    for (Operation &op : body->without_terminator()) {
      if (moved.contains(&op))
        continue;
      if (&op == stage.wait) {
        if (next)
          emitIssue(next, object);
        continue;
      }
      // A pure op the next call's setters needed is cloned already.
      if (isPure(&op) && op.getNumResults() != 0 &&
          mapping.contains(op.getResult(0)))
        continue;
      builder.clone(op, mapping);
    }
  };

  Value hasPair = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sge,
                                        pairs, one);
  auto pairGuard = scf::IfOp::create(builder, loc, hasPair, /*withElse=*/false);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(&pairGuard.getThenRegion().front());
    emitIssue(lb, stage.matmul);
    emitIssue(builder.createOrFold<arith::AddIOp>(loc, lb, step), copy);
    Value steadyTrips = builder.createOrFold<arith::SubIOp>(loc, pairs, one);
    // The loop carries the last pair's first iteration out (the prologue's
    // when it makes no trip), which tells the checker where the copy's call
    // still in flight after it writes (ProtocolChecker's isApartAfterLoop).
    auto steady = scf::ForOp::create(builder, loc, zero, steadyTrips, one,
                                     ValueRange{lb});
    {
      OpBuilder::InsertionGuard inner(builder);
      builder.setInsertionPointToStart(steady.getBody());
      Value offset = arith::MulIOp::create(builder, loc,
                                           steady.getInductionVar(), pairStep);
      Value even = arith::AddIOp::create(builder, loc, lb, offset);
      Value odd = arith::AddIOp::create(builder, loc, even, step);
      Value nextEven = arith::AddIOp::create(builder, loc, even, pairStep);
      Value nextOdd = arith::AddIOp::create(builder, loc, odd, pairStep);
      emitWait(stage.matmul);
      emitWork(even, stage.matmul, nextEven);
      emitWait(copy);
      emitWork(odd, copy, nextOdd);
      scf::YieldOp::create(builder, loc, nextEven);
    }
    // The last pair: the copy's call stays in flight over the first
    // iteration's work.
    Value lastEven = steady.getResult(0);
    emitWait(stage.matmul);
    emitWork(lastEven, stage.matmul, Value());
    emitWait(copy);
    emitWork(builder.createOrFold<arith::AddIOp>(loc, lastEven, step), copy,
             Value());
  }
  // An odd trip count leaves one iteration: the body as it was.
  Value paired = builder.createOrFold<arith::MulIOp>(loc, pairs, two);
  Value isOdd = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                                      paired, trips);
  auto oddGuard = scf::IfOp::create(builder, loc, isOdd, /*withElse=*/false);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(&oddGuard.getThenRegion().front());
    Value lastSteps = builder.createOrFold<arith::SubIOp>(loc, trips, one);
    Value lastOffset =
        builder.createOrFold<arith::MulIOp>(loc, lastSteps, step);
    Value last = builder.createOrFold<arith::AddIOp>(loc, lb, lastOffset);
    IRMapping mapping;
    mapping.map(iv, last);
    for (Operation &op : body->without_terminator())
      builder.clone(op, mapping);
  }
}

/// Erases the pure ops nothing uses among `ops` and what they hold.
static void eraseDeadPureOps(Operation *root) {
  bool erased = true;
  while (erased) {
    erased = false;
    SmallVector<Operation *> dead;
    root->walk([&](Operation *op) {
      if (op != root && isOpTriviallyDead(op))
        dead.push_back(op);
    });
    for (Operation *op : dead) {
      op->erase();
      erased = true;
    }
  }
}

/// Runs the protocol check on `function`; the first error's text, if any.
static std::optional<std::string> checkProtocol(func::FuncOp function) {
  MatmulProtocolAnalysis protocol(function);
  AscAliasAnalysis aliases(function, protocol);
  ProtocolChecker checker(protocol, aliases);
  if (succeeded(checker.check(/*reportErrors=*/false)))
    return std::nullopt;
  std::optional<std::string> first;
  {
    ScopedDiagnosticHandler handler(
        function.getContext(), [&](Diagnostic &diag) {
          if (!first && diag.getSeverity() == DiagnosticSeverity::Error)
            first = diag.str();
          return success();
        });
    MatmulProtocolAnalysis again(function);
    AscAliasAnalysis againAliases(function, again);
    ProtocolChecker reporter(again, againAliases);
    (void)reporter.check();
  }
  return first ? first : std::optional<std::string>("a protocol violation");
}

/// The ops of `block` strictly between `prev` and `next` (null: the block's
/// ends).
static SmallVector<Operation *> opsBetween(Block *block, Operation *prev,
                                           Operation *next) {
  Block::iterator begin =
      prev ? std::next(prev->getIterator()) : block->begin();
  Block::iterator end = next ? next->getIterator() : block->end();
  SmallVector<Operation *> ops;
  for (Block::iterator it = begin; it != end; ++it)
    ops.push_back(&*it);
  return ops;
}

/// Erases the dead pure ops of the ops built between `prev` and `next`.
static void cleanUpBuilt(Block *block, Operation *prev, Operation *next) {
  SmallVector<Operation *> built = opsBetween(block, prev, next);
  for (Operation *op : built)
    eraseDeadPureOps(op);
  // Dead pure ops at the top level of the built range.
  for (Operation *op : llvm::reverse(built))
    if (isOpTriviallyDead(op))
      op->erase();
}

/// Erases the ops built between `prev` and `next` and puts `loop` back.
static void backOut(Block *block, Operation *prev, Operation *next,
                    scf::ForOp loop) {
  SmallVector<Operation *> built = opsBetween(block, prev, next);
  for (Operation *op : llvm::reverse(built)) {
    op->dropAllUses();
    op->erase();
  }
  block->getOperations().insert(next ? next->getIterator() : block->end(),
                                loop);
}

bool LoopPipeliner::tryTwoObjects(scf::ForOp loop, const Stage &stage) {
  std::string why;
  std::optional<ObjectCopy> copy = matchObjectCopy(loop, stage, why);
  if (!copy) {
    if (!why.empty())
      remark(loop, "loop not pipelined on two objects: " + Twine(why));
    return false;
  }
  // The copy: created right after the object, registered with it (the same
  // tiling), ended where it is.
  OpBuilder builder(copy->create);
  builder.setInsertionPointAfter(copy->create);
  auto copyCreate = cast<MatmulCreateOp>(builder.clone(*copy->create));
  copyCreate->removeAttr(AscDialect::getCopiesAttrName());
  Value object = copyCreate.getMatmul();
  MatmulRegisterOp original = copy->registration;
  SmallVector<Value> matmuls(original.getMatmuls());
  SmallVector<Value> tilings(original.getTilings());
  if (!tilings.empty())
    tilings.push_back(
        tilings[llvm::find(matmuls, stage.matmul) - matmuls.begin()]);
  matmuls.push_back(object);
  builder.setInsertionPoint(original);
  auto registration =
      MatmulRegisterOp::create(builder, original.getLoc(), original.getPipe(),
                               original.getWorkspace(), matmuls, tilings);
  registration->setDiscardableAttrs(original->getDiscardableAttrDictionary());
  Block *registrationBlock = original->getBlock();
  Operation *afterRegistration = original->getNextNode();
  original->remove();
  SmallVector<Operation *> ends;
  for (Operation *end : copy->ends) {
    builder.setInsertionPointAfter(end);
    IRMapping mapping;
    mapping.map(stage.matmul, object);
    ends.push_back(builder.clone(*end, mapping));
  }

  Operation *prev = loop->getPrevNode();
  Block *block = loop->getBlock();
  rotateOnTwoObjects(loop, stage, object);
  Operation *next = loop->getNextNode();
  loop->remove();
  cleanUpBuilt(block, prev, next);
  if (std::optional<std::string> error = checkProtocol(function)) {
    backOut(block, prev, next, loop);
    for (Operation *end : ends)
      end->erase();
    registration->erase();
    registrationBlock->getOperations().insert(
        afterRegistration ? afterRegistration->getIterator()
                          : registrationBlock->end(),
        original);
    copyCreate->erase();
    remark(loop, "loop not pipelined on two objects: the two-object form "
                 "fails the protocol check, so the pass backed out: " +
                     Twine(*error));
    return false;
  }
  remark(loop, "loop pipelined on two objects: even iterations run the " +
                   describe(stage.issue) +
                   " on its object, odd ones on a copy (asc.copies), each "
                   "object's next call issued at its wait: two calls in "
                   "flight");
  loop->erase();
  original->erase();
  return true;
}

/// True when `loop` is in the else-region of an scf.if whose condition is a
/// gap check (a versioned loop's original): there the check failed, and
/// versioning it again on the same check would only nest a dead copy.
static bool isVersionedFallback(scf::ForOp loop) {
  auto branch = dyn_cast<scf::IfOp>(loop->getParentOp());
  if (!branch || loop->getParentRegion() != &branch.getElseRegion())
    return false;
  MatmulProtocolAnalysis protocol(loop->getParentOfType<func::FuncOp>());
  AscAliasAnalysis aliases(loop->getParentOfType<func::FuncOp>(), protocol);
  return !aliases.getConditionFacts(branch).empty();
}

bool LoopPipeliner::rotateVersioned(scf::ForOp loop, ArrayRef<Stage> stages,
                                    ArrayRef<GapCheck> gaps) {
  Block *block = loop->getBlock();
  Operation *prev = loop->getPrevNode();
  OpBuilder builder(loop);
  Location loc = loop.getLoc();
  Value holds = buildGapChecks(builder, loc, gaps);
  auto version = scf::IfOp::create(builder, loc, holds, /*withElse=*/true);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(version.elseBlock()->getTerminator());
    builder.clone(*loop);
  }
  // The rotated form is built in the then-block, where the check holds.
  Operation *thenYield = version.thenBlock()->getTerminator();
  loop->moveBefore(thenYield);
  rotate(loop, stages);
  loop->remove();
  cleanUpBuilt(version.thenBlock(), nullptr, thenYield);
  Operation *next = version->getNextNode();
  if (std::optional<std::string> error = checkProtocol(function)) {
    backOut(block, prev, next, loop);
    remark(loop, "loop not pipelined: the versioned loop fails the protocol "
                 "check, so the pass backed out: " +
                     Twine(*error));
    return false;
  }
  std::string checks;
  for (const GapCheck &gap : gaps)
    checks += (checks.empty() ? "" : "; ") + gap.description;
  remark(loop, "loop pipelined, versioned: no static proof keeps the tiles "
               "of iterations i and i + 1 apart (" +
                   Twine(checks) +
                   "), so a run-time check that the stride covers the "
                   "footprints selects the rotated loop, and the loop as "
                   "written runs otherwise");
  loop->erase();
  return true;
}

unsigned LoopPipeliner::run() {
  // The input must keep the protocol: the re-check after each rotation
  // then tells the rotation's own faults.
  if (checkProtocol(function))
    return false;
  SmallVector<scf::ForOp> loops;
  function.walk([&](Operation *op) {
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      loops.push_back(loop);
      return;
    }
    // Other loops with Matmul calls in them: said, not rotated.
    if (!isa<LoopLikeOpInterface>(op) || isa<scf::ForOp>(op))
      return;
    bool matmul = false;
    op->walk([&](MatmulOpInterface) { matmul = true; });
    if (matmul)
      remark(op, "loop not pipelined: only scf.for loops with a constant "
                 "step are rotated (a while (Iterate()) loop is the "
                 "promotion's business)");
  });
  unsigned numPipelined = 0;
  for (scf::ForOp loop : loops) {
    std::optional<Rejection> why;
    FailureOr<SmallVector<Stage>> stages = matchStages(loop, why);
    if (failed(stages)) {
      if (why) {
        if (why->op == loop.getOperation()) {
          remark(loop, "loop not pipelined: " + Twine(why->reason));
        } else {
          remark(loop, "loop not pipelined: " + describe(why->op) + ": " +
                           why->reason);
          remark(why->op, "this op blocks pipelining its loop");
        }
      }
      continue;
    }
    SmallVector<GapCheck> gaps;
    {
      MatmulProtocolAnalysis protocol(function);
      AscAliasAnalysis aliases(function, protocol);
      InFlightConflicts conflicts(aliases);
      if (std::optional<Rejection> blocked =
              checkLegality(loop, *stages, conflicts, gaps)) {
        remark(loop, "loop not pipelined: " + describe(blocked->op) + ": " +
                         blocked->reason);
        remark(blocked->op, "this op blocks pipelining its loop");
        continue;
      }
    }
    // Tiles a symbolic stride apart: the rotated loop under a run-time
    // check, on one object.
    if (!gaps.empty()) {
      if (isVersionedFallback(loop)) {
        remark(loop, "loop not pipelined: it is the loop as written of a "
                     "versioned loop, which runs where the run-time check "
                     "failed");
        continue;
      }
      if (rotateVersioned(loop, *stages, gaps))
        ++numPipelined;
      continue;
    }
    // With one object whose creation states copies: two objects in flight.
    if (stages->size() == 1 && tryTwoObjects(loop, stages->front())) {
      ++numPipelined;
      continue;
    }
    // Rotate, then check the whole function again; back out on failure.
    Operation *prev = loop->getPrevNode();
    Block *block = loop->getBlock();
    rotate(loop, *stages);
    Operation *next = loop->getNextNode();
    loop->remove();
    cleanUpBuilt(block, prev, next);
    if (std::optional<std::string> error = checkProtocol(function)) {
      backOut(block, prev, next, loop);
      remark(loop, "loop not pipelined: the rotated loop fails the protocol "
                   "check, so the pass backed out: " +
                       Twine(*error));
      continue;
    }
    if (emitRemarks) {
      InFlightDiagnostic diag = mlir::emitRemark(loop.getLoc());
      diag << "loop pipelined: the ";
      for (unsigned k = 0; k < stages->size(); ++k)
        diag << (k ? ", " : "") << describe((*stages)[k].issue);
      diag << " of iteration i + 1 issued right after iteration i's wait"
           << (stages->size() > 1 ? "s" : "");
    }
    LLVM_DEBUG(llvm::dbgs() << "pipelined the loop at " << loop->getLoc()
                            << " (" << stages->size() << " stages)\n");
    loop->erase();
    ++numPipelined;
  }
  return numPipelined;
}

unsigned mlir::asc::pipelineAscLoops(func::FuncOp function, bool emitRemarks) {
  return LoopPipeliner(function, emitRemarks).run();
}

namespace {
struct AscPipelineLoopsPass
    : public asc::impl::AscPipelineLoopsBase<AscPipelineLoopsPass> {
  using AscPipelineLoopsBase::AscPipelineLoopsBase;
  void runOnOperation() override {
    unsigned pipelined = pipelineAscLoops(getOperation(), emitRemarks);
    numLoopsPipelined += pipelined;
    if (!pipelined)
      markAllAnalysesPreserved();
  }
};
} // namespace
