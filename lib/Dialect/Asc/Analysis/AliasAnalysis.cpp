//===- AliasAnalysis.cpp - may-overlap queries on asc memory --------------===//
//
// Provenance-based alias analysis for asc pointers and tensors, with access
// footprints from MemoryAccessOpInterface. The memory model it implements is
// described in docs/Protocol.md ("The memory model") and the reasoning in
// docs/SyncPlacement.md.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/AliasAnalysis.h"
#include "asc/Dialect/Asc/IR/AscConstants.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/AnalysisManager.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::asc;

//===----------------------------------------------------------------------===//
// Alias queries
//===----------------------------------------------------------------------===//

AscAliasAnalysis::AscAliasAnalysis(Operation *function,
                                   MatmulProtocolAnalysis &protocol)
    : provenance(function, protocol) {}

AscAliasAnalysis::AscAliasAnalysis(Operation *function,
                                   AnalysisManager &manager)
    : AscAliasAnalysis(function,
                       manager.getAnalysis<MatmulProtocolAnalysis>()) {}

bool mlir::asc::isNoAliasArgument(Value root) {
  auto argument = dyn_cast<BlockArgument>(root);
  if (!argument || !argument.getOwner()->isEntryBlock())
    return false;
  auto function =
      dyn_cast<FunctionOpInterface>(argument.getOwner()->getParentOp());
  return function && function.getArgAttr(argument.getArgNumber(),
                                         AscDialect::getNoAliasAttrName());
}

/// The length in bytes of every buffer of `owner` (a TQue or a TBuf), when
/// each InitBuffer that sets it up gives a constant one.
static std::optional<int64_t> computeBufferLength(Value owner) {
  std::optional<int64_t> shortest;
  for (Operation *user : owner.getUsers()) {
    Value lengthValue;
    if (auto init = dyn_cast<PipeInitBufferOp>(user))
      lengthValue = init.getLength();
    else if (auto init = dyn_cast<PipeInitTBufOp>(user))
      lengthValue = init.getLength();
    else
      continue;
    APInt length;
    if (!matchConstantInt(lengthValue, length))
      return std::nullopt;
    int64_t bytes = length.getSExtValue();
    shortest = shortest ? std::min(*shortest, bytes) : bytes;
  }
  return shortest;
}

/// The queue ops are named on purpose here: how long a queue's buffers are
/// (its InitBuffer) and that they sit next to each other are TQue facts, not
/// a role other ops share.
///
/// True when `location`, based on a queue buffer allocation, provably stays
/// inside that buffer: Ascend C does not bound an access by the buffer, and
/// one that runs past its end reaches the next buffer.
Value mlir::asc::getLocalBufferOwner(Value root) {
  if (!root)
    return Value();
  if (isa<TBufType>(root.getType()))
    return root;
  auto source = root.getDefiningOp<BufferSourceOpInterface>();
  if (!source)
    return Value();
  BufferSource buffer = source.getBufferSource();
  return buffer.kind == BufferSource::Kind::Allocation ? buffer.from : Value();
}

bool AscAliasAnalysis::staysInsideBuffer(const MemoryLocation &location) {
  Value owner = getLocalBufferOwner(location.base.root);
  const ByteOffset &offset = location.base.offset;
  if (!owner || !location.size || !offset.known || !offset.terms.empty() ||
      offset.constant < 0)
    return false;
  auto [it, inserted] = bufferLengths.try_emplace(owner);
  if (inserted)
    it->second = computeBufferLength(owner);
  std::optional<int64_t> length = it->second;
  return length && __int128(offset.constant) + *location.size <= *length;
}

/// Whether two locations with distinct, known roots may share memory. Roots
/// are function arguments, queue buffer allocations and TBufs, none based
/// on another: two live buffers are distinct as long as each access stays
/// in its own.
bool AscAliasAnalysis::distinctRootsMayOverlap(const MemoryLocation &lhs,
                                               const MemoryLocation &rhs) {
  Value lhsRoot = lhs.base.root, rhsRoot = rhs.base.root;
  if (getLocalBufferOwner(lhsRoot) && getLocalBufferOwner(rhsRoot))
    return !staysInsideBuffer(lhs) || !staysInsideBuffer(rhs);
  return !isNoAliasRoot(lhsRoot) && !isNoAliasRoot(rhsRoot);
}

bool AscAliasAnalysis::isNoAliasRoot(Value root) {
  auto [it, inserted] = noAliasRoots.try_emplace(root, false);
  if (inserted)
    it->second = isNoAliasArgument(root);
  return it->second;
}

AliasResult AscAliasAnalysis::alias(const MemoryLocation &lhs,
                                    const MemoryLocation &rhs) {
  if ((lhs.size && *lhs.size == 0) || (rhs.size && *rhs.size == 0))
    return AliasResult::NoAlias;
  if (lhs.isAnyMemory() || rhs.isAnyMemory())
    return AliasResult::MayAlias;
  if (lhs.base.space != rhs.base.space)
    return AliasResult::NoAlias;
  Value lhsRoot = lhs.base.root, rhsRoot = rhs.base.root;
  if (!lhsRoot || !rhsRoot)
    return AliasResult::MayAlias;
  if (lhsRoot != rhsRoot)
    return distinctRootsMayOverlap(lhs, rhs) ? AliasResult::MayAlias
                                             : AliasResult::NoAlias;
  const ByteOffset &lhsOffset = lhs.base.offset, &rhsOffset = rhs.base.offset;
  if (!lhsOffset.isComparableWith(rhsOffset)) {
    std::optional<SymbolicGap> gap = getSymbolicGap(lhs, rhs);
    return gap && isSymbolicGapApart(*gap) ? AliasResult::NoAlias
                                           : AliasResult::MayAlias;
  }
  // Exact integer arithmetic on the constant parts: the common term cancels.
  __int128 lhsStart = lhsOffset.constant, rhsStart = rhsOffset.constant;
  auto endOf = [](__int128 start, std::optional<uint64_t> size) {
    return size ? std::optional<__int128>(start + *size) : std::nullopt;
  };
  std::optional<__int128> lhsEnd = endOf(lhsStart, lhs.size),
                          rhsEnd = endOf(rhsStart, rhs.size);
  // Offsets are exact modulo 2^64, as addresses are (an index offset is a
  // size_t): two footprints of known sizes are apart when they are on the
  // circle of 2^64 bytes; an unbounded one, when the offsets are less than
  // 2^63 bytes apart, as two accesses of one buffer are.
  constexpr __int128 turn = __int128(1) << 64;
  if (lhs.size && rhs.size) {
    __int128 ahead = ((rhsStart - lhsStart) % turn + turn) % turn;
    if (*lhs.size <= ahead && *rhs.size <= turn - ahead)
      return AliasResult::NoAlias;
  } else {
    __int128 apart = lhsStart - rhsStart;
    if (apart >= turn / 2 || -apart >= turn / 2)
      return AliasResult::MayAlias;
    if ((lhsEnd && *lhsEnd <= rhsStart) || (rhsEnd && *rhsEnd <= lhsStart))
      return AliasResult::NoAlias;
  }
  if (lhsStart == rhsStart)
    return AliasResult::MustAlias;
  if (lhsEnd && rhsEnd)
    return AliasResult::PartialAlias;
  return AliasResult::MayAlias;
}

//===----------------------------------------------------------------------===//
// Offsets a symbolic amount apart
//===----------------------------------------------------------------------===//

/// Offsets, sizes and differences this far from zero are compared as exact
/// integers: far from where the circle of 2^64 addresses wraps.
static constexpr __int128 kExactBound = __int128(1) << 62;

std::optional<SymbolicGap>
AscAliasAnalysis::getSymbolicGap(const MemoryLocation &lhs,
                                 const MemoryLocation &rhs) {
  if (lhs.isAnyMemory() || rhs.isAnyMemory() || !lhs.base.root ||
      lhs.base.root != rhs.base.root || lhs.base.space != rhs.base.space ||
      (!lhs.size && !rhs.size) ||
      (lhs.size && *lhs.size >= uint64_t(kExactBound)) ||
      (rhs.size && *rhs.size >= uint64_t(kExactBound)))
    return std::nullopt;
  ByteOffset difference = rhs.base.offset.minus(lhs.base.offset);
  if (!difference.known || difference.terms.empty())
    return std::nullopt;
  return SymbolicGap{difference, lhs.size, rhs.size};
}

std::optional<std::pair<__int128, __int128>>
AscAliasAnalysis::getOffsetRange(const ByteOffset &offset) {
  if (!offset.known)
    return std::nullopt;
  // Interval arithmetic saturating at +-2^63: a bound that reaches it stands
  // for "that far or farther", which is sound for a lower bound at +2^63 and
  // an upper one at -2^63 and, at the other ends, proves nothing (no test
  // below passes on it). Every product of two saturated values fits.
  constexpr __int128 saturated = __int128(1) << 63;
  auto clamp = [&](__int128 value) {
    return std::clamp(value, -saturated, saturated);
  };
  __int128 lo = offset.constant, hi = offset.constant;
  for (const auto &[monomial, scale] : offset.terms) {
    __int128 termLo = scale, termHi = scale;
    for (Value factor : monomial) {
      std::optional<IntegerRange> range = getIntegerRanges().get(factor);
      if (!range)
        return std::nullopt;
      __int128 candidates[] = {termLo * range->lo, termLo * range->hi,
                               termHi * range->lo, termHi * range->hi};
      termLo = clamp(*std::min_element(candidates, candidates + 4));
      termHi = clamp(*std::max_element(candidates, candidates + 4));
    }
    lo = clamp(lo + termLo);
    hi = clamp(hi + termHi);
  }
  return std::make_pair(lo, hi);
}

/// Whether a difference in `[lo, hi]` keeps footprints of `firstSize` and
/// `secondSize` bytes apart: always ahead by the first's size, or always
/// behind by the second's. Two accesses of one buffer are less than 2^63
/// bytes apart (as `alias` takes for unbounded footprints), so a difference
/// this side of that does not wrap around the circle of addresses. A
/// footprint without a size runs to the buffer's end: only the other one
/// can be ahead of it or behind it.
static bool isApartOver(__int128 lo, __int128 hi,
                        std::optional<uint64_t> firstSize,
                        std::optional<uint64_t> secondSize) {
  return (firstSize && lo >= __int128(*firstSize)) ||
         (secondSize && hi <= -__int128(*secondSize));
}

bool AscAliasAnalysis::isSymbolicGapApart(const SymbolicGap &gap) {
  // From the ranges of the values (the tiling's invariants among them).
  if (auto range = getOffsetRange(gap.difference))
    if (isApartOver(range->first, range->second, gap.firstSize, gap.secondSize))
      return true;
  // From a fact in force: the difference is `a * P + c` for a polynomial P
  // a fact bounds; each side of the fact must keep the footprints apart.
  for (const GapFact &fact : facts) {
    if (fact.polynomial.terms.empty())
      continue;
    const auto &[monomial, factScale] = fact.polynomial.terms.front();
    auto it = llvm::find_if(gap.difference.terms,
                            [&, &monomial = monomial](const auto &entry) {
                              return entry.first == monomial;
                            });
    if (it == gap.difference.terms.end() || it->second % factScale != 0)
      continue;
    int64_t multiple = it->second / factScale;
    // difference - multiple * P must be a constant.
    ByteOffset rest = gap.difference.minus(fact.polynomial.scaledBy(multiple));
    if (!rest.known || !rest.terms.empty())
      continue;
    __int128 c = rest.constant, a = multiple;
    auto boundOf = [&](int64_t bound) { return a * bound + c; };
    constexpr __int128 far = kExactBound * 4;
    // P <= atMost: the difference is at most (a > 0) or at least (a < 0)
    // a * atMost + c; likewise for P >= atLeast.
    bool apart = fact.atMost || fact.atLeast;
    if (fact.atMost)
      apart &= a > 0 ? isApartOver(-far, boundOf(*fact.atMost), gap.firstSize,
                                   gap.secondSize)
                     : isApartOver(boundOf(*fact.atMost), far, gap.firstSize,
                                   gap.secondSize);
    if (fact.atLeast)
      apart &= a > 0 ? isApartOver(boundOf(*fact.atLeast), far, gap.firstSize,
                                   gap.secondSize)
                     : isApartOver(-far, boundOf(*fact.atLeast), gap.firstSize,
                                   gap.secondSize);
    if (apart)
      return true;
  }
  return false;
}

/// The facts `condition` (an i1) establishes where it is true: each
/// conjunct of an `arith.andi` tree that is a comparison of a polynomial
/// with a constant, or an `arith.ori` of a `<=` and a `>=` of the same
/// polynomial.
static void collectFacts(Value condition, SmallVectorImpl<GapFact> &facts,
                         function_ref<ByteOffset(Value)> decompose,
                         unsigned depth = 0) {
  Operation *def = condition.getDefiningOp();
  if (!def || depth > 8)
    return;
  if (auto conjunction = dyn_cast<arith::AndIOp>(def)) {
    collectFacts(conjunction.getLhs(), facts, decompose, depth + 1);
    collectFacts(conjunction.getRhs(), facts, decompose, depth + 1);
    return;
  }
  // One comparison: `value <= bound` or `value >= bound`, as a fact.
  auto asFact = [&](Value comparison) -> std::optional<GapFact> {
    auto cmp = comparison.getDefiningOp<arith::CmpIOp>();
    APInt bound;
    if (!cmp || !matchConstantInt(cmp.getRhs(), bound) ||
        bound.getSignificantBits() > 63)
      return std::nullopt;
    int64_t value = bound.getSExtValue();
    GapFact fact{decompose(cmp.getLhs()), std::nullopt, std::nullopt};
    if (!fact.polynomial.known || fact.polynomial.terms.size() != 1 ||
        fact.polynomial.constant != 0)
      return std::nullopt;
    switch (cmp.getPredicate()) {
    case arith::CmpIPredicate::sle:
      fact.atMost = value;
      break;
    case arith::CmpIPredicate::slt:
      fact.atMost = value - 1;
      break;
    case arith::CmpIPredicate::sge:
      fact.atLeast = value;
      break;
    case arith::CmpIPredicate::sgt:
      fact.atLeast = value + 1;
      break;
    default:
      return std::nullopt;
    }
    return fact;
  };
  if (auto disjunction = dyn_cast<arith::OrIOp>(def)) {
    std::optional<GapFact> lhs = asFact(disjunction.getLhs());
    std::optional<GapFact> rhs = asFact(disjunction.getRhs());
    // Either side: the fact is the pair of bounds, each alone possible.
    if (lhs && rhs && lhs->polynomial == rhs->polynomial &&
        (lhs->atMost.has_value() != rhs->atMost.has_value())) {
      GapFact both = *lhs;
      if (rhs->atMost)
        both.atMost = rhs->atMost;
      else
        both.atLeast = rhs->atLeast;
      facts.push_back(both);
    }
    return;
  }
  if (std::optional<GapFact> fact = asFact(condition))
    facts.push_back(*fact);
}

ArrayRef<GapFact> AscAliasAnalysis::getConditionFacts(Operation *ifOp) {
  auto branch = cast<scf::IfOp>(ifOp);
  auto [cached, fresh] = conditionFacts.try_emplace(branch);
  if (fresh) {
    // The condition's values are the ones in force in the then-region: its
    // polynomial is exact within a run of the if's block.
    Block *context = branch->getBlock();
    SmallVector<GapFact, 1> facts;
    collectFacts(branch.getCondition(), facts, [&](Value value) {
      return provenance.getIntegerOffset(value, 1, context);
    });
    // The map may have grown: look the slot up again.
    conditionFacts[branch] = std::move(facts);
  }
  return conditionFacts[branch];
}

ArrayRef<GapFact> AscAliasAnalysis::getFactsAt(Operation *op) {
  // The facts depend on the regions around `op` only.
  Region *at = op->getParentRegion();
  if (!at)
    return {};
  auto [it, inserted] = factsAt.try_emplace(at);
  if (!inserted)
    return *it->second;
  SmallVector<GapFact, 2> found;
  for (Operation *inner = op; inner;) {
    Region *region = inner->getParentRegion();
    Operation *parent = region ? region->getParentOp() : nullptr;
    auto branch = dyn_cast_if_present<scf::IfOp>(parent);
    if (branch && region == &branch.getThenRegion()) {
      ArrayRef<GapFact> established = getConditionFacts(branch);
      found.append(established.begin(), established.end());
    }
    if (!parent || isa<FunctionOpInterface>(parent))
      break;
    inner = parent;
  }
  // Stored apart from the map: a QueryPoint holds on to it while the map
  // grows.
  auto &stored = factsAt[at];
  stored = std::make_unique<SmallVector<GapFact, 2>>(std::move(found));
  return *stored;
}

/// True for a resource that holds no memory a tensor can reach: the state of
/// Matmul objects and queues, and the hardware pipelines.
static bool isStateResource(SideEffects::Resource *resource) {
  return isa<MatmulStateResource, QueueStateResource, PipelineResource>(
      resource);
}

bool AscAliasAnalysis::isCallWithoutMemoryEffects(Operation *call) {
  auto callOp = dyn_cast<CallOpInterface>(call);
  if (!callOp)
    return false;
  auto callee = dyn_cast_or_null<FunctionOpInterface>(callOp.resolveCallable());
  if (!callee || callee.isExternal())
    return false;
  auto [it, inserted] = effectFreeCallees.try_emplace(callee, false);
  if (!inserted)
    return it->second; // Known, or being computed (recursion: assume not).
  bool effectFree =
      !callee
           ->walk([&](Operation *nested) {
             if (nested == callee.getOperation())
               return WalkResult::advance();
             SmallVector<ResolvedAccess> accesses;
             getAccesses(nested, accesses);
             bool touchesState =
                 !isMemoryEffectFree(nested) &&
                 !isa<MemoryAccessOpInterface, CallOpInterface>(nested) &&
                 !nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
             return accesses.empty() && !touchesState ? WalkResult::advance()
                                                      : WalkResult::interrupt();
           })
           .wasInterrupted();
  effectFreeCallees[callee] = effectFree;
  return effectFree;
}

void AscAliasAnalysis::getAccesses(Operation *op,
                                   SmallVectorImpl<ResolvedAccess> &accesses) {
  auto anyMemory = [&]() {
    accesses.push_back(
        {MemoryAccess::Kind::Read, MemoryLocation::anyMemory(), {}});
    accesses.push_back(
        {MemoryAccess::Kind::Write, MemoryLocation::anyMemory(), {}});
  };
  if (auto accessOp = dyn_cast<MemoryAccessOpInterface>(op)) {
    SmallVector<MemoryAccess> raw;
    accessOp.getMemoryAccesses(raw);
    for (const MemoryAccess &access : raw)
      resolve(op, access, accesses);
    return;
  }
  if (isa<CallOpInterface>(op)) {
    if (!isCallWithoutMemoryEffects(op))
      anyMemory();
    return;
  }
  if (auto effectsOp = dyn_cast<MemoryEffectOpInterface>(op)) {
    SmallVector<MemoryEffects::EffectInstance> effects;
    effectsOp.getEffects(effects);
    for (const MemoryEffects::EffectInstance &effect : effects) {
      // A fresh allocation touches no existing memory.
      if (isa<MemoryEffects::Allocate>(effect.getEffect()))
        continue;
      Value value = effect.getValue();
      if (isStateResource(effect.getResource()) ||
          (value && isa<AscDialect>(value.getType().getDialect()) &&
           !isMemoryType(value.getType())))
        continue;
      auto kind = isa<MemoryEffects::Read>(effect.getEffect())
                      ? MemoryAccess::Kind::Read
                      : MemoryAccess::Kind::Write;
      if (value && isMemoryType(value.getType())) {
        resolve(op, MemoryAccess::whole(kind, value), accesses);
        continue;
      }
      // No value, or a value the analysis cannot trace to asc memory (a
      // memref, an LLVM pointer, an EmitC lvalue): any memory of the space
      // the resource names, or any memory at all.
      MemoryLocation location = MemoryLocation::anyMemory();
      if (!value && isa<GlobalMemoryResource>(effect.getResource()))
        location.base.space = Provenance::Space::Global;
      else if (!value && isa<LocalMemoryResource>(effect.getResource()))
        location.base.space = Provenance::Space::Local;
      accesses.push_back({kind, location, {}});
    }
    return;
  }
  // Ops whose nested ops carry the effects are judged op by op.
  if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
    return;
  anyMemory();
}

ModRefResult AscAliasAnalysis::getModRef(Operation *op,
                                         const MemoryLocation &location) {
  ModRefResult result = ModRefResult::getNoModRef();
  SmallVector<ResolvedAccess> accesses;
  op->walk([&](Operation *nested) {
    accesses.clear();
    getAccesses(nested, accesses);
    for (const ResolvedAccess &access : accesses) {
      if (alias(access.location, location).isNo())
        continue;
      result = result.merge(access.isWrite() ? ModRefResult::getMod()
                                             : ModRefResult::getRef());
    }
  });
  return result;
}

//===----------------------------------------------------------------------===//
// Queries within one run of a block, and across loop iterations
//===----------------------------------------------------------------------===//

void AscAliasAnalysis::getAccessesIn(
    Operation *op, Block *context, SmallVectorImpl<ResolvedAccess> &accesses) {
  ProvenanceAnalysis::ExactWithin scope(provenance, context);
  getAccesses(op, accesses);
}

/// True when `value` is defined inside `loop` (its body or deeper).
static bool isDefinedIn(Value value, Operation *loop) {
  Region *region = value.getParentRegion();
  return region && loop->isAncestor(region->getParentOp());
}

void AscAliasAnalysis::getCrossIterationAccesses(
    Operation *x, Operation *y, Operation *loop, int64_t distance,
    SmallVectorImpl<ResolvedAccess> &xAccesses,
    SmallVectorImpl<ResolvedAccess> &yAccesses) {
  auto forOp = dyn_cast<scf::ForOp>(loop);
  APInt stepValue;
  std::optional<int64_t> step;
  // Trip i + d's counter is d steps on only where the C++ counter does not
  // wrap around (an int8_t counter past 127 goes on at -128).
  if (forOp && matchConstantInt(forOp.getStep(), stepValue) &&
      stepValue.getSignificantBits() <= 32 &&
      getIntegerRanges().countsWithoutWrapping(forOp))
    step = stepValue.getSExtValue();
  Value iv = forOp ? forOp.getInductionVar() : Value();
  Block *body = forOp ? forOp.getBody() : nullptr;

  // Offsets of one iteration, exact within the body's run; then, for the
  // later iteration, the induction variable moved on by `distance` steps.
  // A term defined in the body other than the induction variable has
  // another value in another iteration.
  auto shift = [&](ResolvedAccess access, int64_t by) {
    Provenance &base = access.location.base;
    if (access.location.isAnyMemory() || !base.offset.known)
      return access;
    bool inLoopRoot = base.root && isDefinedIn(base.root, loop);
    if (distance != 0 && inLoopRoot) {
      // A buffer allocated in the body is another allocation in another
      // iteration, possibly the same memory: it is nowhere in particular.
      base.root = Value();
      base.offset = ByteOffset::unknown();
      return access;
    }
    // Each term with the induction variable as a factor once moves by
    // `scale * step * by` times its other factors (a symbolic stride when
    // it has any), which must keep their values from one iteration to the
    // next; a term with it twice (i * i) is not affine in it.
    ByteOffset delta = ByteOffset::of(0);
    for (const auto &[monomial, scale] : base.offset.terms) {
      unsigned ivFactors = llvm::count(monomial, iv);
      bool variesInLoop = llvm::any_of(monomial, [&](Value factor) {
        return factor != iv && isDefinedIn(factor, loop);
      });
      if (distance != 0 && (variesInLoop || ivFactors > 1)) {
        base.offset = ByteOffset::unknown();
        return access;
      }
      if (ivFactors != 1 || by == 0)
        continue;
      int64_t scaled;
      if (!step || llvm::MulOverflow(scale, *step * by, scaled)) {
        base.offset = ByteOffset::unknown();
        return access;
      }
      Monomial others;
      for (Value factor : monomial)
        if (factor != iv)
          others.push_back(factor);
      delta = delta.plus(ByteOffset::ofMonomial(others, scaled));
    }
    base.offset = base.offset.plus(delta);
    return access;
  };

  auto collect = [&](Operation *op, SmallVectorImpl<ResolvedAccess> &out,
                     int64_t by) {
    op->walk([&](Operation *nested) {
      SmallVector<ResolvedAccess> raw;
      if (body)
        getAccessesIn(nested, body, raw);
      else
        getAccesses(nested, raw);
      for (const ResolvedAccess &access : raw)
        out.push_back(shift(access, by));
    });
  };
  collect(x, xAccesses, 0);
  collect(y, yAccesses, distance);
}

void AscAliasAnalysis::getFirstIterationAccesses(
    Operation *op, Operation *loop, SmallVectorImpl<ResolvedAccess> &accesses) {
  auto forOp = cast<scf::ForOp>(loop);
  APInt lowerBound;
  bool constantStart = matchConstantInt(forOp.getLowerBound(), lowerBound) &&
                       lowerBound.getSignificantBits() <= 64;
  Value iv = forOp.getInductionVar();
  op->walk([&](Operation *nested) {
    SmallVector<ResolvedAccess> raw;
    getAccessesIn(nested, forOp.getBody(), raw);
    for (ResolvedAccess &access : raw) {
      ByteOffset &offset = access.location.base.offset;
      bool hasIv = llvm::any_of(offset.terms, [&](const auto &entry) {
        return llvm::is_contained(entry.first, iv);
      });
      if (constantStart && !access.location.isAnyMemory() && offset.known &&
          hasIv) {
        // The first trip's induction variable is the lower bound: each
        // term's factors of it become that constant.
        ByteOffset replaced = ByteOffset::of(offset.constant);
        for (const auto &[monomial, scale] : offset.terms) {
          ByteOffset term = ByteOffset::of(scale);
          Monomial others;
          for (Value factor : monomial) {
            if (factor != iv) {
              others.push_back(factor);
              continue;
            }
            if (lowerBound.getSignificantBits() > 64)
              term = ByteOffset::unknown();
            else
              term = term.scaledBy(lowerBound.getSExtValue());
          }
          replaced =
              replaced.plus(term.times(ByteOffset::ofMonomial(others, 1)));
        }
        offset = replaced;
      }
      accesses.push_back(access);
    }
  });
}

void AscAliasAnalysis::getAccessesAfterLoop(
    Operation *op, Operation *loop, bool lastTrip,
    SmallVectorImpl<ResolvedAccess> &accesses) {
  auto forOp = cast<scf::ForOp>(loop);
  Block *block = loop->getBlock();
  // A yielded value is exact within the last trip's run of the body; an
  // initial value within the run of the loop's block.
  Block *handedOverIn = lastTrip ? forOp.getBody() : block;
  auto handedOver = [&](unsigned resultNumber) -> Value {
    return lastTrip ? forOp.getYieldedValues()[resultNumber]
                    : forOp.getInitArgs()[resultNumber];
  };
  auto isLoopResult = [&](Value factor) {
    auto result = dyn_cast<OpResult>(factor);
    return result && result.getOwner() == loop;
  };
  auto hasLoopResult = [&](const auto &entry) {
    return llvm::any_of(entry.first, isLoopResult);
  };
  op->walk([&](Operation *nested) {
    SmallVector<ResolvedAccess> raw;
    getAccessesIn(nested, block, raw);
    for (ResolvedAccess &access : raw) {
      ByteOffset &offset = access.location.base.offset;
      if (!access.location.isAnyMemory() && offset.known &&
          llvm::any_of(offset.terms, hasLoopResult)) {
        // Each factor that is a loop result becomes what the loop hands
        // over, the products multiplied out.
        ByteOffset replaced = ByteOffset::of(offset.constant);
        for (const auto &[monomial, scale] : offset.terms) {
          ByteOffset term = ByteOffset::of(scale);
          for (Value factor : monomial)
            term = term.times(
                isLoopResult(factor)
                    ? provenance.getIntegerOffset(
                          handedOver(cast<OpResult>(factor).getResultNumber()),
                          1, handedOverIn)
                    : ByteOffset::ofTerm(factor, 1));
          replaced = replaced.plus(term);
        }
        offset = replaced;
      }
      accesses.push_back(access);
    }
  });
}
