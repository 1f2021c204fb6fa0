//===- Provenance.cpp - where asc pointers and tensors point --------------===//
//
// Byte offsets, whether blocks repeat, the root and offset of every pointer
// and tensor, and the location of one access: what the alias queries of
// AliasAnalysis.cpp compare.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/Provenance.h"
#include "asc/Dialect/Asc/IR/AscConstants.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/RegionGraphTraits.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SCCIterator.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::asc;

//===----------------------------------------------------------------------===//
// ByteOffset
//===----------------------------------------------------------------------===//

/// Orders monomials (and factors) by address: equal offsets get equal
/// term lists.
static bool lessByAddress(Value lhs, Value rhs) {
  return lhs.getAsOpaquePointer() < rhs.getAsOpaquePointer();
}
static bool lessMonomial(const Monomial &lhs, const Monomial &rhs) {
  return std::lexicographical_compare(lhs.begin(), lhs.end(), rhs.begin(),
                                      rhs.end(), lessByAddress);
}

/// Sorts `terms`, drops zero scales, and checks the limits.
static ByteOffset normalize(ByteOffset offset) {
  llvm::erase_if(offset.terms,
                 [](const auto &entry) { return entry.second == 0; });
  if (offset.terms.size() > ByteOffset::kMaxTerms)
    return ByteOffset::unknown();
  llvm::sort(offset.terms, [](const auto &lhs, const auto &rhs) {
    return lessMonomial(lhs.first, rhs.first);
  });
  return offset;
}

ByteOffset ByteOffset::ofMonomial(Monomial factors, int64_t scale) {
  if (factors.size() > kMaxDegree)
    return unknown();
  llvm::sort(factors, lessByAddress);
  ByteOffset offset = of(0);
  if (factors.empty())
    offset.constant = scale;
  else
    offset.terms.push_back({std::move(factors), scale});
  return normalize(offset);
}

ByteOffset ByteOffset::plus(const ByteOffset &other) const {
  if (!known || !other.known)
    return unknown();
  ByteOffset sum = *this;
  for (const auto &[term, scale] : other.terms) {
    auto it = llvm::find_if(sum.terms,
                            [&, term = std::cref(term)](const auto &entry) {
                              return entry.first == term.get();
                            });
    if (it == sum.terms.end()) {
      sum.terms.push_back({term, scale});
      continue;
    }
    if (llvm::AddOverflow(it->second, scale, it->second))
      return unknown();
  }
  if (llvm::AddOverflow(constant, other.constant, sum.constant))
    return unknown();
  return normalize(sum);
}

ByteOffset ByteOffset::scaledBy(int64_t factor) const {
  if (!known)
    return unknown();
  ByteOffset scaled = *this;
  for (auto &entry : scaled.terms)
    if (llvm::MulOverflow(entry.second, factor, entry.second))
      return unknown();
  if (llvm::MulOverflow(constant, factor, scaled.constant))
    return unknown();
  return normalize(scaled);
}

ByteOffset ByteOffset::minus(const ByteOffset &other) const {
  return plus(other.scaledBy(-1));
}

ByteOffset ByteOffset::times(const ByteOffset &other) const {
  if (!known || !other.known)
    return unknown();
  // (c + sum a_k m_k) * (d + sum b_l n_l), term by term.
  ByteOffset product = other.scaledBy(constant);
  for (const auto &[monomial, scale] : terms) {
    ByteOffset partial = ofMonomial(monomial, scale).scaledBy(other.constant);
    for (const auto &[otherMonomial, otherScale] : other.terms) {
      int64_t coefficient;
      if (llvm::MulOverflow(scale, otherScale, coefficient))
        return unknown();
      Monomial factors(monomial);
      factors.append(otherMonomial.begin(), otherMonomial.end());
      partial = partial.plus(ofMonomial(std::move(factors), coefficient));
    }
    product = product.plus(partial);
    if (!product.known)
      return unknown();
  }
  return product;
}

ByteOffset ByteOffset::plusConstant(int64_t delta) const {
  return plus(of(delta));
}

int64_t ByteOffset::getScale(Value term) const {
  for (const auto &[monomial, scale] : terms)
    if (monomial.size() == 1 && monomial.front() == term)
      return scale;
  return 0;
}

bool ByteOffset::isComparableWith(const ByteOffset &other) const {
  return known && other.known && terms == other.terms;
}

bool ByteOffset::operator==(const ByteOffset &other) const {
  return known == other.known && terms == other.terms &&
         constant == other.constant;
}

bool BlockRepetition::mayRunRepeatedly(Block *block) {
  // Up the nesting until an answer is known; every block on the way gets
  // the same one.
  SmallVector<Block *, 8> chain;
  bool repeats = false;
  for (Block *current = block; current;) {
    auto cached = cache.find(current);
    if (cached != cache.end()) {
      repeats = cached->second;
      break;
    }
    chain.push_back(current);
    Operation *parent = current->getParentOp();
    if (!parent || isa<FunctionOpInterface>(parent)) {
      repeats = isInCycle(current);
      break;
    }
    auto branch = dyn_cast<RegionBranchOpInterface>(parent);
    if (!branch || !current->getParent()->hasOneBlock() ||
        branch.isRepetitiveRegion(current->getParent()->getRegionNumber())) {
      repeats = true;
      break;
    }
    current = parent->getBlock();
  }
  for (Block *visited : chain)
    cache[visited] = repeats;
  return repeats;
}

bool BlockRepetition::isInCycle(Block *block) {
  Region *region = block->getParent();
  if (!region || region->hasOneBlock())
    return false;
  auto [it, inserted] = cyclicBlocks.try_emplace(region);
  if (inserted) {
    // One pass over the CFG's strongly connected components (iterative:
    // no recursion over the number of blocks). Blocks it does not reach
    // from the entry are marked reachable-from-nowhere below.
    for (auto scc = llvm::scc_begin(region); !scc.isAtEnd(); ++scc) {
      for (Block *member : *scc)
        it->second.reached.insert(member);
      if (scc.hasCycle())
        for (Block *member : *scc)
          it->second.cyclic.insert(member);
    }
  }
  // An unreachable block: no run of the function reaches it; say it may
  // repeat, which only drops a symbolic offset.
  return it->second.cyclic.contains(block) ||
         !it->second.reached.contains(block);
}

/// True when `value` has one value throughout a run of `context` (or of the
/// function, without a context): it is defined in a block that runs once,
/// or in `context` or a block enclosing it.
static bool isFixedTerm(Value value, BlockRepetition &repetition,
                        Block *context) {
  Block *block = value.getParentBlock();
  for (Block *enclosing = context; enclosing;) {
    if (enclosing == block)
      return true;
    Operation *parent = enclosing->getParentOp();
    enclosing = parent ? parent->getBlock() : nullptr;
  }
  return !repetition.mayRunRepeatedly(block);
}

/// `value` (an integer counting `unitBits`-bit units) as a byte offset:
/// a constant plus multiples of SSA values, or unknown. A symbolic term is
/// kept only when it has one value per run of the function (or of
/// `context`): two accesses in different iterations of a loop see different
/// values of the same SSA name. An addition, subtraction or product is taken
/// apart only where the emitted C++ computes it exactly (or modulo 2^64, as
/// addresses are): an int8_t or int16_t result wraps around on the store
/// unless it states overflow<nsw> or its operands' ranges keep it in range
/// (IntegerRanges::isExact); an extension or cast only where it keeps the
/// value (IntegerRanges::keepsValue). Anything else is a term of its own: the
/// same SSA value is the same integer, whatever it is.
static ByteOffset decomposeUnits(Value value, int64_t unitBytes,
                                 BlockRepetition &repetition,
                                 IntegerRanges &ranges, Block *context,
                                 unsigned depth = 0,
                                 Type checkedChain = Type()) {
  APInt constant;
  if (matchConstantInt(value, constant)) {
    int64_t bytes;
    if (constant.getSignificantBits() > 64 ||
        llvm::MulOverflow(constant.getSExtValue(), unitBytes, bytes))
      return ByteOffset::unknown();
    return ByteOffset::of(bytes);
  }
  Operation *def = value.getDefiningOp();
  if (depth < 8 && def) {
    IntegerRanges::Exactness exactness = ranges.getExactness(def);
    bool exact = exactness != IntegerRanges::Exactness::No;
    // An operation exact only as written heads a chain of operations of its
    // type whose constants folding combines, wrapping: the chain's
    // coefficients, in units of the value, must fit the type.
    Type type = value.getType();
    if (exactness == IntegerRanges::Exactness::AsWritten &&
        type != checkedChain) {
      ByteOffset own =
          decomposeUnits(value, 1, repetition, ranges, context, depth, type);
      exact =
          !own.known || (IntegerRanges::fitsType(own.constant, type) &&
                         llvm::all_of(own.terms, [&](const auto &term) {
                           return IntegerRanges::fitsType(term.second, type);
                         }));
      checkedChain = type;
    }
    auto recurse = [&](Value operand, int64_t units) {
      return decomposeUnits(
          operand, units, repetition, ranges, context, depth + 1,
          operand.getType() == checkedChain ? checkedChain : Type());
    };
    if (auto add = dyn_cast<arith::AddIOp>(def); add && exact)
      return recurse(add.getLhs(), unitBytes)
          .plus(recurse(add.getRhs(), unitBytes));
    if (auto sub = dyn_cast<arith::SubIOp>(def); sub && exact)
      return recurse(sub.getLhs(), unitBytes)
          .minus(recurse(sub.getRhs(), unitBytes));
    if (isa<arith::ExtSIOp, arith::ExtUIOp, arith::IndexCastOp,
            arith::IndexCastUIOp>(def) &&
        ranges.keepsValue(def))
      return recurse(def->getOperand(0), unitBytes);
    if (auto mul = dyn_cast<arith::MulIOp>(def); mul && exact) {
      APInt factor;
      Value other;
      if (matchConstantInt(mul.getRhs(), factor))
        other = mul.getLhs();
      else if (matchConstantInt(mul.getLhs(), factor))
        other = mul.getRhs();
      if (other && factor.getSignificantBits() <= 32) {
        int64_t scaled;
        if (llvm::MulOverflow(unitBytes, factor.getSExtValue(), scaled))
          return ByteOffset::unknown();
        return recurse(other, scaled);
      }
      // A product of two non-constant values (a stride from the tiling):
      // the sums multiplied out, `(first + i) * S` is `first * S + i * S`.
      // Exact as the product is: the integers are, term by term.
      if (!other) {
        ByteOffset product =
            recurse(mul.getLhs(), unitBytes).times(recurse(mul.getRhs(), 1));
        if (product.known)
          return product;
      }
    }
  }
  if (!isFixedTerm(value, repetition, context))
    return ByteOffset::unknown();
  return ByteOffset::ofTerm(value, unitBytes);
}

ByteOffset ProvenanceAnalysis::getIntegerOffset(Value value, int64_t unitBytes,
                                                Block *context) {
  return decomposeUnits(value, unitBytes, repetition, ranges, context);
}

/// The byte offset of element `index` of a tensor of `elementBits`-bit
/// elements; sub-byte elements need a constant, byte-aligned index.
static ByteOffset getElementOffset(Value index, unsigned elementBits,
                                   BlockRepetition &repetition,
                                   IntegerRanges &ranges, Block *context) {
  if (!index)
    return ByteOffset::of(0);
  if (elementBits % 8 == 0)
    return decomposeUnits(index, elementBits / 8, repetition, ranges, context);
  ByteOffset bits =
      decomposeUnits(index, elementBits, repetition, ranges, context);
  if (!bits.known || !bits.terms.empty() || bits.constant % 8 != 0)
    return ByteOffset::unknown();
  return ByteOffset::of(bits.constant / 8);
}

//===----------------------------------------------------------------------===//
// Provenance
//===----------------------------------------------------------------------===//

bool mlir::asc::isMemoryType(Type type) {
  return isa<GmAddrType, GlobalTensorType, LocalTensorType>(type);
}

static Provenance::Space getSpace(Type type) {
  if (isa<GmAddrType, GlobalTensorType>(type))
    return Provenance::Space::Global;
  if (isa<LocalTensorType>(type))
    return Provenance::Space::Local;
  return Provenance::Space::Any;
}

/// The provenance of memory reached through `type` whose origin is unknown.
static Provenance getUntraced(Type type) {
  Provenance provenance;
  provenance.space = getSpace(type);
  return provenance;
}

/// The join of two provenances: their common root, if any.
static Provenance joinProvenance(const Provenance &lhs, const Provenance &rhs) {
  if (lhs.space != rhs.space || !lhs.root || lhs.root != rhs.root) {
    Provenance joined;
    joined.space = lhs.space == rhs.space ? lhs.space : Provenance::Space::Any;
    return joined;
  }
  Provenance joined = lhs;
  if (!(lhs.offset == rhs.offset))
    joined.offset = ByteOffset::unknown();
  if (lhs.fetch != rhs.fetch)
    joined.fetch = nullptr;
  return joined;
}

const Provenance &ProvenanceAnalysis::getProvenance(Value value) {
  llvm::DenseMap<Value, Provenance> &cache =
      termContext ? contextProvenances[termContext] : provenances;
  auto it = cache.find(value);
  if (it != cache.end())
    return it->second;
  // A cycle (a dequeued buffer enqueued into its own queue) resolves to
  // "untraced" rather than recursing forever.
  cache[value] = getUntraced(value.getType());
  Provenance computed = computeProvenance(value);
  // The maps may have grown while computing: look the slot up again.
  llvm::DenseMap<Value, Provenance> &filled =
      termContext ? contextProvenances[termContext] : provenances;
  return filled[value] = computed;
}

Provenance ProvenanceAnalysis::getStateViewProvenance(Operation *op,
                                                      Value matmul) {
  std::optional<SmallVector<Value, 2>> workspaces =
      protocol.getSlotMemory(op, matmul, MatmulSlot::Workspace);
  Provenance untraced;
  untraced.space = Provenance::Space::Global;
  if (!workspaces || workspaces->empty())
    return untraced;
  std::optional<Provenance> joined;
  for (Value workspace : *workspaces) {
    if (!workspace)
      return untraced;
    const Provenance &provenance = getProvenance(workspace);
    joined = joined ? joinProvenance(*joined, provenance) : provenance;
  }
  // Somewhere in the workspace: the block's place in it is the object's.
  joined->offset = ByteOffset::unknown();
  return *joined;
}

Provenance ProvenanceAnalysis::getDequeuedProvenance(Value queue) {
  // One walk per queue, however many DeQue calls it has.
  auto cached = dequeuedProvenances.find(queue);
  if (cached != dequeuedProvenances.end())
    return cached->second;
  Provenance provenance = computeDequeuedProvenance(queue);
  return dequeuedProvenances[queue] = provenance;
}

Provenance ProvenanceAnalysis::computeDequeuedProvenance(Value queue) {
  Provenance untraced;
  untraced.space = Provenance::Space::Local;
  if (!queue.getDefiningOp<QueueCreateOp>())
    return untraced;
  if (!enqueues) {
    // One walk for all the queues.
    enqueues.emplace();
    function->walk([&](QueueEnQueOp enque) {
      Value target = enque.getQueue();
      if (target.getDefiningOp<QueueCreateOp>())
        enqueues->intoQueue[target].push_back(enque.getTensor());
      else
        enqueues->intoAnyOfType[target.getType()].push_back(enque.getTensor());
    });
  }
  // A dequeued buffer is one that was enqueued into the same queue, through
  // this value or through another name that may denote it.
  std::optional<Provenance> joined;
  for (const auto *tensors :
       {&enqueues->intoQueue[queue], &enqueues->intoAnyOfType[queue.getType()]})
    for (Value tensor : *tensors) {
      const Provenance &provenance = getProvenance(tensor);
      joined = joined ? joinProvenance(*joined, provenance) : provenance;
    }
  return joined ? *joined : untraced;
}

Provenance ProvenanceAnalysis::computeProvenance(Value value) {
  Type type = value.getType();
  if (!isMemoryType(type))
    return getUntraced(type);
  Provenance provenance = getUntraced(type);
  if (auto argument = dyn_cast<BlockArgument>(value)) {
    // A function argument is a root; a value carried by a branch or a loop
    // may be any of several.
    Block *owner = argument.getOwner();
    if (owner->isEntryBlock() &&
        isa<FunctionOpInterface>(owner->getParentOp())) {
      provenance.root = value;
      provenance.offset = ByteOffset::of(0);
    }
    return provenance;
  }
  Operation *def = value.getDefiningOp();
  if (auto view = dyn_cast<MemoryViewOpInterface>(def)) {
    Provenance base = getProvenance(view.getViewSource());
    base.space = getSpace(type);
    if (view.hasUnstatedFixedOffset()) {
      // The user workspace starts at an offset from the workspace the
      // framework fixes for the whole run: a term of its own, so that two
      // views of one user workspace compare, and nothing else does.
      if (base.offset.known && isFixedTerm(value, repetition, termContext))
        base.offset = base.offset.plus(ByteOffset::ofTerm(value, 1));
      else
        base.offset = ByteOffset::unknown();
      return base;
    }
    base.offset = base.offset.plus(
        getElementOffset(view.getViewOffset(), getElementBitWidth(type),
                         repetition, ranges, termContext));
    return base;
  }
  if (auto source = dyn_cast<BufferSourceOpInterface>(def)) {
    BufferSource buffer = source.getBufferSource();
    switch (buffer.kind) {
    case BufferSource::Kind::Allocation:
      // Each allocation is a buffer of its own while it is live.
      provenance.root = value;
      provenance.offset = ByteOffset::of(0);
      return provenance;
    case BufferSource::Kind::WholeBuffer:
      // One buffer for the kernel's whole run: every Get is the same root.
      provenance.root = buffer.from;
      provenance.offset = ByteOffset::of(0);
      return provenance;
    case BufferSource::Kind::Dequeued:
      return getDequeuedProvenance(buffer.from);
    case BufferSource::Kind::MatmulBlock: {
      // A view of the block in the workspace in effect.
      Provenance view = getStateViewProvenance(def, buffer.from);
      view.fetch = def;
      return view;
    }
    }
  }
  // The system workspace is the memory the framework hands the kernel,
  // possibly through one of its arguments: untraced. Selects, calls, loads
  // and anything else: untraced.
  return provenance;
}

/// True when `earlier` ran before `later` in the run of their innermost
/// common block that `later` is in: the values `earlier` used are the ones
/// of that run. False when it may have run in an earlier run of a block
/// around `later` (a setter after an issue in a loop body stages the next
/// trip's call).
static bool ranEarlierInSameRun(Operation *earlier, Operation *later) {
  for (Block *block = later->getBlock(); block;) {
    if (Operation *ancestor = block->findAncestorOpInBlock(*earlier)) {
      Operation *laterAncestor = block->findAncestorOpInBlock(*later);
      return ancestor != laterAncestor &&
             ancestor->isBeforeInBlock(laterAncestor);
    }
    Operation *parent = block->getParentOp();
    block = parent ? parent->getBlock() : nullptr;
  }
  return false;
}

void ProvenanceAnalysis::resolve(Operation *op, const MemoryAccess &access,
                                 SmallVectorImpl<ResolvedAccess> &resolved) {
  if (access.slot) {
    SmallVector<Operation *, 2> setters;
    std::optional<SmallVector<Value, 2>> memory =
        protocol.getSlotMemory(op, access.matmul, *access.slot, &setters);
    if (!memory) {
      // The workspace and the scales are global tensors: unknown ones are
      // somewhere in GM. An unknown A, B or bias may be anywhere.
      MemoryLocation location = MemoryLocation::anyMemory();
      if (*access.slot == MatmulSlot::Workspace ||
          *access.slot == MatmulSlot::QuantScales)
        location.base.space = Provenance::Space::Global;
      resolved.push_back({access.kind, location, access.slot});
      return;
    }
    for (auto [held, setter] : llvm::zip_equal(*memory, setters)) {
      if (!held)
        continue;
      // Offsets exact within a run of `termContext` hold for what this run
      // set; a setter of an earlier run held other values of the same
      // names, so its memory is taken as the function's run sees it.
      Block *context = termContext;
      if (context && !ranEarlierInSameRun(setter, op))
        termContext = nullptr;
      Provenance provenance = getProvenance(held);
      termContext = context;
      resolved.push_back(
          {access.kind, {provenance, std::nullopt}, access.slot});
    }
    return;
  }
  if (access.isAnyMemory()) {
    resolved.push_back({access.kind, MemoryLocation::anyMemory(), {}});
    return;
  }
  MemoryLocation location;
  location.base = getProvenance(access.memory);
  unsigned elementBits = getElementBitWidth(access.memory.getType());
  std::optional<uint64_t> sizeInBits = access.sizeInBits;
  ByteOffset start = getElementOffset(access.index, elementBits, repetition,
                                      ranges, termContext);
  if (elementBits % 8 != 0 && sizeInBits) {
    // Sub-byte elements: the footprint covers every byte one of its bits
    // is in, so it may straddle one more byte than its width.
    ByteOffset startBits = access.index
                               ? decomposeUnits(access.index, elementBits,
                                                repetition, ranges, termContext)
                               : ByteOffset::of(0);
    if (startBits.known && startBits.terms.empty() && startBits.constant >= 0) {
      uint64_t first = uint64_t(startBits.constant) % 8;
      start = ByteOffset::of(startBits.constant / 8);
      *sizeInBits = llvm::SaturatingAdd<uint64_t>(*sizeInBits, first);
    } else {
      *sizeInBits = llvm::SaturatingAdd<uint64_t>(*sizeInBits, 8);
    }
  }
  location.base.offset = location.base.offset.plus(start);
  if (sizeInBits)
    location.size = *sizeInBits / 8 + (*sizeInBits % 8 != 0);
  resolved.push_back({access.kind, location, {}});
}
