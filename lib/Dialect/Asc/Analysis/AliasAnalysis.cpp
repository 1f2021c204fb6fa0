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
    : function(function), protocol(protocol) {}

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

/// The length in bytes of every buffer of `queue`, when each InitBuffer
/// that sets it up gives a constant one.
static std::optional<int64_t> computeBufferLength(Value queue) {
  std::optional<int64_t> shortest;
  for (Operation *user : queue.getUsers()) {
    auto init = dyn_cast<PipeInitBufferOp>(user);
    if (!init)
      continue;
    APInt length;
    if (!matchConstantInt(init.getLength(), length))
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
bool AscAliasAnalysis::staysInsideBuffer(const MemoryLocation &location) {
  auto alloc = location.base.root.getDefiningOp<QueueAllocTensorOp>();
  const ByteOffset &offset = location.base.offset;
  if (!alloc || !location.size || !offset.known || !offset.terms.empty() ||
      offset.constant < 0)
    return false;
  auto [it, inserted] = bufferLengths.try_emplace(alloc.getQueue());
  if (inserted)
    it->second = computeBufferLength(alloc.getQueue());
  std::optional<int64_t> length = it->second;
  return length && __int128(offset.constant) + *location.size <= *length;
}

/// Whether two locations with distinct, known roots may share memory. Roots
/// are function arguments and queue buffer allocations, none based on
/// another: two live buffers are distinct as long as each access stays in
/// its own.
bool AscAliasAnalysis::distinctRootsMayOverlap(const MemoryLocation &lhs,
                                               const MemoryLocation &rhs) {
  Value lhsRoot = lhs.base.root, rhsRoot = rhs.base.root;
  if (lhsRoot.getDefiningOp<QueueAllocTensorOp>() &&
      rhsRoot.getDefiningOp<QueueAllocTensorOp>())
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
  if (!lhsOffset.isComparableWith(rhsOffset))
    return AliasResult::MayAlias;
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
  Block *saved = termContext;
  termContext = context;
  getAccesses(op, accesses);
  termContext = saved;
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
      ranges.countsWithoutWrapping(forOp))
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
    int64_t delta = 0;
    for (const auto &[term, scale] : base.offset.terms) {
      if (term == iv) {
        int64_t scaled;
        if (!step || llvm::MulOverflow(scale, *step * by, scaled) ||
            llvm::AddOverflow(delta, scaled, delta)) {
          base.offset = ByteOffset::unknown();
          return access;
        }
        continue;
      }
      if (distance != 0 && isDefinedIn(term, loop)) {
        base.offset = ByteOffset::unknown();
        return access;
      }
    }
    base.offset = base.offset.plusConstant(delta);
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
      auto term = llvm::find_if(
          offset.terms, [&](const auto &entry) { return entry.first == iv; });
      if (constantStart && !access.location.isAnyMemory() && offset.known &&
          term != offset.terms.end()) {
        // The first trip's induction variable is the lower bound.
        int64_t bytes;
        if (llvm::MulOverflow(term->second, lowerBound.getSExtValue(), bytes)) {
          offset = ByteOffset::unknown();
        } else {
          offset.terms.erase(term);
          offset = offset.plusConstant(bytes);
        }
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
  auto isLoopResult = [&](const auto &entry) {
    auto result = dyn_cast<OpResult>(entry.first);
    return result && result.getOwner() == loop;
  };
  op->walk([&](Operation *nested) {
    SmallVector<ResolvedAccess> raw;
    getAccessesIn(nested, block, raw);
    for (ResolvedAccess &access : raw) {
      ByteOffset &offset = access.location.base.offset;
      if (!access.location.isAnyMemory() && offset.known &&
          llvm::any_of(offset.terms, isLoopResult)) {
        ByteOffset replaced = ByteOffset::of(offset.constant);
        for (const auto &entry : offset.terms) {
          auto [term, scale] = entry;
          replaced = replaced.plus(
              isLoopResult(entry)
                  ? getIntegerOffset(
                        handedOver(cast<OpResult>(term).getResultNumber()),
                        scale, handedOverIn)
                  : ByteOffset::ofTerm(term, scale));
        }
        offset = replaced;
      }
      accesses.push_back(access);
    }
  });
}
