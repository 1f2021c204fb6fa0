//===- TestAnalyses.cpp - print the analyses' answers ---------------------===//
//
// Test passes that print what the asc analyses answer, so that each analysis
// is tested on its own rather than through the passes built on it:
//
//   -test-asc-alias           the footprint of every op tagged `test.name`,
//                             and alias/mod-ref for every pair of them;
//   -test-asc-loop-alias      for every scf.for, whether tagged ops at
//                             iteration i and i + 1 conflict;
//   -test-asc-protocol-state  the protocol state before every op tagged
//                             `test.state`;
//   -test-asc-persistent-map  random updates of the states' persistent maps
//                             against std::map, every kept version checked.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/ProtocolChecker.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <map>
#include <random>

using namespace mlir;
using namespace mlir::asc;

/// The name a test gives an op (`test.name`), or the op's name.
static std::string getTestName(Operation *op) {
  if (!op)
    return "unknown";
  if (auto name = op->getAttrOfType<StringAttr>("test.name"))
    return name.str();
  return op->getName().getStringRef().str();
}

/// Whether `lhs` is defined before `rhs` in program order: a block's
/// arguments, in their order, before the ops it holds.
static bool isDefinedBefore(Value lhs, Value rhs) {
  auto position = [](Value value) -> std::pair<Operation *, unsigned> {
    if (auto argument = dyn_cast<BlockArgument>(value))
      return {argument.getOwner()->getParentOp(), argument.getArgNumber()};
    return {value.getDefiningOp(),
            (1u << 20) + cast<OpResult>(value).getResultNumber()};
  };
  auto [lhsOp, lhsIndex] = position(lhs);
  auto [rhsOp, rhsIndex] = position(rhs);
  if (lhsOp == rhsOp)
    return lhsIndex < rhsIndex;
  return isBeforeInProgramOrder(lhsOp, rhsOp);
}

static std::string describeValue(Value value) {
  if (auto argument = dyn_cast<BlockArgument>(value))
    return "arg" + std::to_string(argument.getArgNumber());
  return getTestName(value.getDefiningOp());
}

static void printLocation(raw_ostream &os, const MemoryLocation &location) {
  if (location.isAnyMemory()) {
    os << "any memory";
    return;
  }
  const Provenance &base = location.base;
  os << (base.space == Provenance::Space::Global ? "gm" : "local") << " ";
  if (!base.root)
    os << "untraced";
  else
    os << describeValue(base.root);
  const ByteOffset &offset = base.offset;
  if (!offset.known)
    os << " + ?";
  else if (!offset.terms.empty()) {
    // By name, so that the output does not depend on addresses.
    SmallVector<std::pair<std::string, int64_t>> terms;
    for (const auto &[monomial, scale] : offset.terms) {
      SmallVector<std::string, 2> factors;
      for (Value factor : monomial)
        factors.push_back(describeValue(factor));
      llvm::sort(factors);
      terms.push_back({llvm::join(factors, " * "), scale});
    }
    llvm::sort(terms);
    for (const auto &[name, scale] : terms)
      os << " + " << scale << " * " << name;
    os << " + " << offset.constant;
  } else
    os << " + " << offset.constant;
  if (location.size)
    os << " [" << *location.size << " bytes]";
  else
    os << " [unbounded]";
}

namespace {
struct TestAscAliasPass
    : public PassWrapper<TestAscAliasPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAscAliasPass)
  StringRef getArgument() const final { return "test-asc-alias"; }
  StringRef getDescription() const final {
    return "Print the footprints, alias and mod-ref answers of the asc alias "
           "analysis for ops tagged test.name";
  }
  void runOnOperation() override {
    auto &aliases = getAnalysis<AscAliasAnalysis>();
    SmallVector<std::pair<Operation *, SmallVector<ResolvedAccess>>> tagged;
    getOperation().walk([&](Operation *op) {
      if (!op->hasAttr("test.name"))
        return;
      SmallVector<ResolvedAccess> accesses;
      aliases.getAccesses(op, accesses);
      tagged.emplace_back(op, std::move(accesses));
    });
    raw_ostream &os = llvm::outs();
    os << "function @" << getOperation().getSymName() << "\n";
    for (auto &[op, accesses] : tagged) {
      for (const ResolvedAccess &access : accesses) {
        os << "  " << getTestName(op) << ": "
           << (access.isWrite() ? "write " : "read ");
        printLocation(os, access.location);
        if (access.slot)
          os << " (" << describeMatmulSlot(*access.slot) << ")";
        os << "\n";
      }
    }
    for (unsigned i = 0; i < tagged.size(); ++i) {
      for (unsigned j = i + 1; j < tagged.size(); ++j) {
        std::optional<AliasResult> result;
        for (const ResolvedAccess &lhs : tagged[i].second) {
          for (const ResolvedAccess &rhs : tagged[j].second) {
            AliasResult pair = aliases.alias(lhs.location, rhs.location);
            result = result ? result->merge(pair) : pair;
          }
        }
        ModRefResult modRef = ModRefResult::getNoModRef();
        for (const ResolvedAccess &lhs : tagged[i].second)
          modRef =
              modRef.merge(aliases.getModRef(tagged[j].first, lhs.location));
        os << "  " << getTestName(tagged[i].first) << " <-> "
           << getTestName(tagged[j].first) << ": "
           << result.value_or(AliasResult::NoAlias) << ", modref of "
           << getTestName(tagged[j].first) << ": " << modRef << "\n";
      }
    }
    markAllAnalysesPreserved();
  }
};

/// For every scf.for holding ops tagged `test.name`: whether each tagged
/// op at iteration i conflicts with each tagged op at iteration i + 1; for
/// an scf.for with results, the accesses of the tagged ops after it.
struct TestAscLoopAliasPass
    : public PassWrapper<TestAscLoopAliasPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAscLoopAliasPass)
  StringRef getArgument() const final { return "test-asc-loop-alias"; }
  StringRef getDescription() const final {
    return "Print whether the footprints of tagged ops at iteration i and "
           "i + 1 of their scf.for conflict";
  }
  void runOnOperation() override {
    auto &aliases = getAnalysis<AscAliasAnalysis>();
    InFlightConflicts conflicts(aliases);
    raw_ostream &os = llvm::outs();
    getOperation().walk([&](scf::ForOp loop) {
      SmallVector<Operation *> tagged, after;
      for (Operation &op : *loop.getBody())
        if (op.hasAttr("test.name"))
          tagged.push_back(&op);
      if (loop.getNumResults() != 0)
        for (Operation *op = loop->getNextNode(); op; op = op->getNextNode())
          if (op->hasAttr("test.name"))
            after.push_back(op);
      if (tagged.empty() && after.empty())
        return;
      os << "loop " << getTestName(loop) << "\n";
      // The accesses of the ops after a loop with results, the results
      // being what its last trip yields, or its initial values.
      for (Operation *op : after)
        for (bool lastTrip : {true, false}) {
          SmallVector<ResolvedAccess> accesses;
          aliases.getAccessesAfterLoop(op, loop, lastTrip, accesses);
          for (const ResolvedAccess &access : accesses) {
            os << "  " << getTestName(op)
               << (lastTrip ? " after the last trip: " : " after no trip: ")
               << (access.isWrite() ? "write " : "read ");
            printLocation(os, access.location);
            os << "\n";
          }
        }
      for (Operation *x : tagged)
        for (Operation *y : tagged) {
          for (int64_t distance : {0, 1}) {
            if (distance == 0 && x == y)
              continue;
            auto conflict =
                conflicts.findCrossIterationConflict(x, y, loop, distance);
            os << "  " << getTestName(x) << " @i vs " << getTestName(y)
               << " @i+" << distance << ": ";
            if (!conflict) {
              os << "apart\n";
              continue;
            }
            os << "conflict (";
            printLocation(os, conflict->first.location);
            os << (conflict->first.isWrite() ? " written" : " read") << " vs ";
            printLocation(os, conflict->second.location);
            os << (conflict->second.isWrite() ? " written" : " read") << ")\n";
          }
        }
    });
    markAllAnalysesPreserved();
  }
};

struct TestAscProtocolStatePass
    : public PassWrapper<TestAscProtocolStatePass,
                         OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAscProtocolStatePass)
  StringRef getArgument() const final { return "test-asc-protocol-state"; }
  StringRef getDescription() const final {
    return "Print the Matmul protocol state before every op tagged "
           "test.state";
  }
  void runOnOperation() override {
    auto &protocol = getAnalysis<MatmulProtocolAnalysis>();
    raw_ostream &os = llvm::outs();
    // The analysis keeps these sets in pointer order; print them by name so
    // the output does not depend on where the ops were allocated.
    auto printOps = [&](ArrayRef<Operation *> ops) {
      SmallVector<std::string> names;
      for (Operation *op : ops)
        names.push_back(getTestName(op));
      llvm::sort(names);
      os << "[";
      llvm::interleaveComma(names, os);
      os << "]";
    };
    protocol.walkStates([&](Operation *op, const ProtocolState &state) {
      auto tag = op->getAttrOfType<StringAttr>("test.state");
      if (!tag)
        return;
      os << tag.getValue() << ":\n";
      // The objects too come in address order: print them in the order of
      // their values (block arguments first, in their order).
      SmallVector<const ProtocolState::ObjectState *> objects =
          state.getObjects();
      llvm::sort(objects, [](const ProtocolState::ObjectState *lhs,
                             const ProtocolState::ObjectState *rhs) {
        return isDefinedBefore(lhs->matmul, rhs->matmul);
      });
      for (const ProtocolState::ObjectState *object : objects) {
        os << "  " << describeValue(object->matmul) << ": events ";
        printOps(object->events());
        for (unsigned slot = 0; slot < kNumMatmulSlots; ++slot) {
          os << ", " << describeMatmulSlot(static_cast<MatmulSlot>(slot))
             << " ";
          printOps(object->setters(slot));
        }
        os << ", posts without inputs ";
        printOps(object->postsWithoutInputs());
        os << ", staged ";
        printOps(object->staged());
        os << ", applied bias ";
        printOps(object->appliedBias());
        os << ", last computations ";
        printOps(object->lastComputations());
        os << ", unfetched ";
        printOps(object->unfetched());
        os << "\n";
      }
      os << "  unwaited ";
      printOps(state.getUnwaitedIssues());
      os << ", fetch-consumed ";
      printOps(state.getFetchConsumedIssues());
      os << ", unordered fetches ";
      printOps(state.getUnorderedFetches(PipeKind::PIPE_ALL));
      os << "\n";
    });
    markAllAnalysesPreserved();
  }
};
struct TestAscPersistentMapPass
    : public PassWrapper<TestAscPersistentMapPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAscPersistentMapPass)
  TestAscPersistentMapPass() = default;
  TestAscPersistentMapPass(const TestAscPersistentMapPass &other)
      : PassWrapper(other) {}
  StringRef getArgument() const final { return "test-asc-persistent-map"; }
  StringRef getDescription() const final {
    return "Check PersistentMap against std::map over random updates, every "
           "kept version included";
  }
  Option<unsigned> seed{*this, "seed", llvm::cl::init(1)};
  Option<unsigned> updates{*this, "updates", llvm::cl::init(20000)};
  Option<unsigned> keys{*this, "keys", llvm::cl::init(500)};

  using Map = PersistentMap<uintptr_t, unsigned>;
  using Reference = std::map<uintptr_t, unsigned>;

  /// Where `map` and `reference` differ, or the empty string.
  static std::string compare(const Map &map, const Reference &reference) {
    if (!map.verify())
      return "the tree is not ordered and balanced";
    auto it = reference.begin();
    for (auto [key, value] : map) {
      if (it == reference.end() || it->first != key || it->second != value)
        return "iteration differs at key " + std::to_string(key);
      ++it;
    }
    if (it != reference.end())
      return "iteration ends early";
    for (uintptr_t key = 0; key <= reference.size() * 2 + 2; ++key) {
      const unsigned *value = map.lookup(key);
      auto found = reference.find(key);
      if ((value == nullptr) != (found == reference.end()) ||
          (value && *value != found->second))
        return "lookup differs at key " + std::to_string(key);
    }
    return "";
  }

  /// Map equality against the contents' over versions that share subtrees
  /// (path copies of each other) and versions of other shapes: the same
  /// contents inserted in another order, each kept version against every
  /// other, and copies with one value changed and changed back.
  LogicalResult checkEquality(const Map &map, const Reference &reference,
                              ArrayRef<std::pair<Map, Reference>> kept,
                              AnalysisArena &arena, std::mt19937 &random) {
    auto fail = [&](const Twine &what) {
      getOperation().emitError() << "persistent map equality: " << what;
      return failure();
    };
    std::vector<std::pair<uintptr_t, unsigned>> entries(reference.begin(),
                                                        reference.end());
    std::shuffle(entries.begin(), entries.end(), random);
    Map shuffled;
    for (auto [key, value] : entries)
      shuffled = shuffled.add(key, value, arena);
    if (!(shuffled == map) || !(map == shuffled))
      return fail("the same contents in another shape differ");
    // Enough keys to change one at a time without a quadratic test.
    if (entries.size() > 2000)
      entries.resize(2000);
    for (auto [key, value] : entries) {
      Map changed = map.add(key, value + 1, arena);
      if (changed == map || shuffled == changed)
        return fail("a changed value compares equal");
      if (!(changed.add(key, value, arena) == map))
        return fail("a value changed back compares unequal");
      Map removed = map.remove(key, arena);
      if (removed == map || shuffled == removed)
        return fail("a removed key compares equal");
    }
    // Neighbours share most of their subtrees; random pairs, less.
    for (size_t i = 0; i < kept.size() && !kept.empty(); ++i) {
      size_t j = i + 1 < kept.size() ? i + 1 : random() % kept.size();
      for (size_t other : {j, size_t(random() % kept.size()), i})
        if ((kept[i].first == kept[other].first) !=
            (kept[i].second == kept[other].second))
          return fail("kept versions compare unlike their contents");
    }
    return success();
  }

  void runOnOperation() override {
    AnalysisArena arena;
    std::mt19937 random(seed);
    Map map;
    Reference reference;
    // Every 97th version, kept to be checked again at the end: an update
    // must never change a version made before it.
    std::vector<std::pair<Map, Reference>> kept;
    for (unsigned step = 0; step < updates; ++step) {
      uintptr_t key = random() % keys;
      if (random() % 3 == 0) {
        map = map.remove(key, arena);
        reference.erase(key);
      } else {
        unsigned value = random() % 4;
        map = map.add(key, value, arena);
        reference[key] = value;
      }
      if (step % 97 == 0)
        kept.emplace_back(map, reference);
      if (step % 997 == 0 || step + 1 == updates) {
        std::string difference = compare(map, reference);
        if (!difference.empty()) {
          getOperation().emitError()
              << "persistent map, step " << step << ": " << difference;
          return signalPassFailure();
        }
      }
    }
    if (failed(checkEquality(map, reference, kept, arena, random)))
      return signalPassFailure();
    for (const auto &[version, contents] : kept) {
      std::string difference = compare(version, contents);
      if (!difference.empty()) {
        getOperation().emitError() << "a kept version changed: " << difference;
        return signalPassFailure();
      }
      if ((version == map) != (contents == reference)) {
        getOperation().emitError() << "equality of versions differs";
        return signalPassFailure();
      }
    }
    getOperation().emitRemark()
        << "persistent map: " << unsigned(updates) << " updates, "
        << kept.size() << " kept versions, " << reference.size()
        << " keys at the end: all agree with std::map";
  }
};
} // namespace

namespace mlir::asc::test {
/// Registers -test-asc-alias, -test-asc-loop-alias,
/// -test-asc-protocol-state and -test-asc-persistent-map (asc-opt declares
/// it).
void registerTestAscAnalysisPasses() {
  PassRegistration<TestAscAliasPass>();
  PassRegistration<TestAscLoopAliasPass>();
  PassRegistration<TestAscProtocolStatePass>();
  PassRegistration<TestAscPersistentMapPass>();
}
} // namespace mlir::asc::test
