//===- CrossCoreOrdering.cpp - rule P8 and the cross-core hangs -----------===//
//
// A cube-only kernel (`asc.cube_only`) drives its Matmul objects from the
// cube core: their calls are cube-core instructions, C is written by the
// FIX pipe, and nothing the client protocol does orders them with the
// vector cores. A vector-core access that conflicts with such a call is
// ordered only by a cross-core flag (the earlier core's set on the pipe of
// its access, the later core's wait) or by SyncAll<false> on both (spec
// section 2c, O6/O7; rule P8). asc-run checks the same edges at run time
// (runtime/asc_run/ffts.h).
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/CrossCoreOrdering.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::asc;

CoreSide mlir::asc::getCoreSide(Operation *op) {
  CoreSide side = CoreSide::Both;
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    auto ifOp = dyn_cast<scf::IfOp>(parent);
    if (!ifOp)
      continue;
    Operation *query = ifOp.getCondition().getDefiningOp();
    if (!isa_and_nonnull<IsAicOp, IsAivOp>(query))
      continue;
    bool inThen = ifOp.getThenRegion().isAncestor(op->getParentRegion());
    bool cube = isa<IsAicOp>(query) == inThen;
    CoreSide here = cube ? CoreSide::Cube : CoreSide::Vector;
    if (side != CoreSide::Both && side != here)
      return CoreSide::Neither;
    side = here;
  }
  return side;
}

/// Whether `op` may run on the cube side (`cube`) or the vector side.
static bool runsOn(Operation *op, bool cube) {
  CoreSide side = getCoreSide(op);
  return side == CoreSide::Both ||
         side == (cube ? CoreSide::Cube : CoreSide::Vector);
}

/// Whether `later` runs after `earlier` on every path that runs `earlier`:
/// `later`'s block holds `earlier` (or an op it is nested in) before it.
static bool followsOnEveryPathFrom(Operation *earlier, Operation *later) {
  Operation *ancestor = later->getBlock()->findAncestorOpInBlock(*earlier);
  return ancestor && ancestor != later && ancestor->isBeforeInBlock(later);
}

/// Whether `earlier` runs before `later` on every path that reaches
/// `later`: `earlier`'s block holds `later` (or an op it is nested in)
/// after it (structured control flow: dominance).
static bool precedesOnEveryPathTo(Operation *earlier, Operation *later) {
  Operation *ancestor = earlier->getBlock()->findAncestorOpInBlock(*later);
  return ancestor && ancestor != earlier && earlier->isBeforeInBlock(ancestor);
}

/// Whether two flag ids may name the same flag.
static bool sameFlag(Value a, Value b) {
  if (a == b)
    return true;
  APInt x, y;
  if (matchPattern(a, m_ConstantInt(&x)) && matchPattern(b, m_ConstantInt(&y)))
    return x == y;
  return false;
}

static bool isKnownFlag(Value id) {
  APInt value;
  return matchPattern(id, m_ConstantInt(&value));
}

/// Whether a set on `pipe` after `op` publishes `op`'s access of the memory
/// (the conflicting part: an output when `output`, else an input). A cube
/// call writes C through FIX, which runs after its MTE2 loads. A vector-core
/// access needs a set on its own pipe (MemoryAccessOpInterface says which);
/// a scalar one is done before any later instruction issues. An access of
/// no known pipe is published by no flag (only SyncAll orders it).
static bool pipePublishes(PipeKind pipe, Operation *op, bool isCubeIssue,
                          bool output) {
  if (isCubeIssue)
    return pipe == PipeKind::PIPE_FIX ||
           (!output && pipe == PipeKind::PIPE_MTE2);
  auto memoryOp = dyn_cast<MemoryAccessOpInterface>(op);
  PipeKind accessPipe =
      memoryOp ? memoryOp.getExecutingPipe() : PipeKind::PIPE_ALL;
  return accessPipe == PipeKind::PIPE_S || pipe == accessPipe;
}

bool CrossCoreChecker::isOrderedAcrossCores(Operation *earlier,
                                            Operation *later,
                                            bool earlierIsCubeIssue,
                                            bool onOutput) {
  // The cube issue runs on the cube core, the access on the vector core.
  bool earlierOnCube = earlierIsCubeIssue;
  for (CrossCoreSetFlagOp set : sets) {
    if (set.getMode() != 2 || !runsOn(set, earlierOnCube) ||
        !followsOnEveryPathFrom(earlier, set) ||
        !pipePublishes(set.getPipe(), earlier, earlierIsCubeIssue, onOutput))
      continue;
    for (CrossCoreWaitFlagOp wait : waits)
      if (runsOn(wait, !earlierOnCube) && precedesOnEveryPathTo(wait, later) &&
          sameFlag(set.getId(), wait.getId()))
        return true;
  }
  for (SyncAllOp first : barriers) {
    if (!runsOn(first, earlierOnCube) ||
        !followsOnEveryPathFrom(earlier, first))
      continue;
    for (SyncAllOp second : barriers)
      if (runsOn(second, !earlierOnCube) &&
          precedesOnEveryPathTo(second, later))
        return true;
  }
  return false;
}

LogicalResult CrossCoreChecker::checkCubeDrivenAccesses(bool report) {
  if (!AscDialect::isCubeOnlyKernel(function))
    return success();
  SmallVector<Operation *> cubeIssues, vectorOps;
  function->walk([&](Operation *op) {
    CoreSide side = getCoreSide(op);
    if (isa<MatmulAsyncIssueOpInterface>(op) && side == CoreSide::Cube)
      cubeIssues.push_back(op);
    else if (side == CoreSide::Vector && !isPure(op) &&
             op->getNumRegions() == 0)
      vectorOps.push_back(op);
  });
  bool failed = false;
  for (Operation *access : vectorOps) {
    for (Operation *issue : cubeIssues) {
      std::optional<AccessConflict> conflict =
          conflicts.findConflict(access, conflicts.getFootprint(issue));
      if (!conflict)
        continue;
      bool output = conflict->second.isWrite();
      if (isOrderedAcrossCores(issue, access, /*earlierIsCubeIssue=*/true,
                               output) ||
          isOrderedAcrossCores(access, issue, /*earlierIsCubeIssue=*/false,
                               output))
        continue;
      failed = true;
      if (!report)
        return failure();
      ViolationDiagnostic diag =
          sink->error(access)
          << "on the vector core may "
          << (conflict->first.isWrite() ? "write" : "read") << " the "
          << (output ? "output" : "input") << " of '" << issue->getName()
          << "', which the cube core runs, with nothing ordering the two "
             "cores (rule P8): a cube-core asc.cross_core_set_flag mode 2, "
          << (output ? "pipe_fix" : "pipe_fix or pipe_mte2")
          << " after the call matched by an asc.cross_core_wait_flag of the "
             "same flag before this access, or asc.sync_all {aiv_only = "
             "false} on both cores";
      diag.attachNote(issue->getLoc()) << "the cube core's call is here";
      break;
    }
  }
  return failure(failed);
}

LogicalResult CrossCoreChecker::checkFlagsAreSet(bool report) {
  if (llvm::any_of(sets, [](CrossCoreSetFlagOp set) {
        return !isKnownFlag(set.getId());
      }))
    return success(); // a set of an unknown flag may be the one
  bool failed = false;
  for (CrossCoreWaitFlagOp wait : waits) {
    CoreSide side = getCoreSide(wait);
    // The wait's own mode is a template argument wait_flag_dev ignores:
    // CANN's samples wait with the default (0) for a mode-2 set.
    if (!isKnownFlag(wait.getId()) ||
        (side != CoreSide::Cube && side != CoreSide::Vector))
      continue;
    bool cube = side == CoreSide::Cube;
    bool matched = llvm::any_of(sets, [&](CrossCoreSetFlagOp set) {
      if (!sameFlag(set.getId(), wait.getId()))
        return false;
      // Modes 0 and 1 reach cores of the setter's own type.
      return set.getMode() == 2 ? runsOn(set, !cube) : runsOn(set, cube);
    });
    if (matched)
      continue;
    failed = true;
    if (report)
      sink->error(wait) << "on the " << (cube ? "cube" : "vector")
                        << " core waits for a flag no "
                        << (cube ? "vector" : "cube")
                        << " core sets: the core hangs (rule P5)";
  }
  return failure(failed);
}

/// Whether `value` is computed from the block index (GetBlockIdx), which
/// differs from core to core.
static bool dependsOnBlockIndex(Value value) {
  SmallVector<Value> worklist{value};
  DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value next = worklist.pop_back_val();
    if (!seen.insert(next).second)
      continue;
    Operation *def = next.getDefiningOp();
    if (!def)
      continue;
    if (isa<GetBlockIdxOp>(def))
      return true;
    llvm::append_range(worklist, def->getOperands());
  }
  return false;
}

/// The enclosing op of `op` (inside `function`) that makes it run on some
/// cores and not on others: an scf.if, or a loop whose bounds, on the
/// block index; null when every core that runs the function reaches it
/// alike (the branches on asc.is_aic / asc.is_aiv choose the core type,
/// which the mode names already).
static Operation *findCoreDependentControl(Operation *op, Operation *function) {
  for (Operation *parent = op->getParentOp(); parent && parent != function;
       parent = parent->getParentOp()) {
    if (auto ifOp = dyn_cast<scf::IfOp>(parent)) {
      if (dependsOnBlockIndex(ifOp.getCondition()))
        return parent;
    } else if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
      if (dependsOnBlockIndex(forOp.getLowerBound()) ||
          dependsOnBlockIndex(forOp.getUpperBound()) ||
          dependsOnBlockIndex(forOp.getStep()))
        return parent;
    } else if (auto whileOp = dyn_cast<scf::WhileOp>(parent)) {
      if (llvm::any_of(whileOp.getInits(), dependsOnBlockIndex) ||
          dependsOnBlockIndex(whileOp.getConditionOp().getCondition()))
        return parent;
    }
  }
  return nullptr;
}

LogicalResult CrossCoreChecker::checkFlagModes(bool report) {
  bool failed = false;
  for (CrossCoreSetFlagOp set : sets) {
    unsigned mode = set.getMode();
    if (mode == 2)
      continue;
    if (mode == 1 && getCoreSide(set) == CoreSide::Cube) {
      failed = true;
      if (report)
        sink->error(set)
            << "sets a mode-1 flag on the cube core: mode 1 synchronises "
               "the vector cores of one group and the cube core takes no "
               "part (CrossCoreSetFlag(ISASI).md); mode 2 signals a cube "
               "core's vector cores";
      continue;
    }
    // Each wait of the flag returns once every core of the mode has set it
    // (every AIC or every AIV of the launch for mode 0, both AIVs of the
    // group for mode 1): a core that skips the set leaves them waiting.
    // The branch may still be taken by every core at run time (a guard on
    // the block index that the launch never fails), so this is a warning.
    Operation *control = findCoreDependentControl(set, function);
    if (!control || !report)
      continue;
    ViolationDiagnostic diag =
        sink->warning(set)
        << "a mode-" << mode << " cross-core flag is set only by the cores "
        << "that take this branch on the block index; every "
        << (mode == 0 ? "core of its type in the launch"
                      : "vector core of "
                        "its group")
        << " must set it, or each wait for it hangs (rule P5)";
    diag.attachNote(control->getLoc()) << "the branch on the block index";
  }
  return failure(failed);
}

LogicalResult CrossCoreChecker::checkSyncAllJoins(bool report) {
  if (barriers.empty() || AscDialect::isCubeOnlyKernel(function))
    return success();
  Operation *registration = nullptr;
  function->walk([&](MatmulRegisterOp op) { registration = op; });
  if (!registration)
    return success();
  if (!report)
    return failure();
  for (SyncAllOp all : barriers) {
    ViolationDiagnostic diag =
        sink->error(all)
        << "waits for every core, but the cube core of a mix kernel serves "
           "the Matmul objects and never joins: the kernel hangs (rule P5); "
           "asc.sync_all with aiv_only synchronises the vector cores";
    diag.attachNote(registration->getLoc())
        << "the cube core enters the server loop here";
  }
  return failure();
}

LogicalResult CrossCoreChecker::checkServerSideCalls(bool report) {
  // In a mix kernel the cube core's object is MatmulServiceAux, whose calls
  // do nothing, and REGIST_MATMUL_OBJ has already sent the cube core into
  // the server loop (spec rule P8).
  if (AscDialect::isCubeOnlyKernel(function))
    return success();
  bool failed = false;
  function->walk([&](MatmulAsyncIssueOpInterface issue) {
    if (getCoreSide(issue) != CoreSide::Cube)
      return;
    failed = true;
    if (report)
      sink->error(issue)
          << "drives the Matmul object from the cube core of a mix kernel, "
             "where the object does nothing (MatmulServiceAux) and the core "
             "serves the vector cores' clients (rule P8): call it on the "
             "vector core, or make the kernel cube-only (asc.cube_only)";
  });
  return failure(failed);
}

LogicalResult CrossCoreChecker::checkVectorWorkAfterRegister(bool report) {
  if (!AscDialect::isCubeOnlyKernel(function))
    return success();
  bool failed = false;
  function->walk([&](MatmulRegisterOp registration) {
    if (getCoreSide(registration) != CoreSide::Both)
      return;
    // The first vector-core op with work of its own after it: a memory
    // access or a flag the vector core takes part in.
    Operation *dead = nullptr;
    for (Operation *op = registration->getNextNode(); op && !dead;
         op = op->getNextNode())
      op->walk([&](Operation *nested) {
        if (dead || getCoreSide(nested) != CoreSide::Vector ||
            !isa<MemoryAccessOpInterface, CrossCoreSyncOpInterface>(nested))
          return;
        dead = nested;
      });
    if (!dead)
      return;
    failed = true;
    if (!report)
      return;
    ViolationDiagnostic diag =
        sink->error(registration)
        << "returns on the vector cores of a cube-only kernel "
           "(REGIST_MATMUL_OBJ with ASCENDC_CUBE_ONLY, rule L11), so their "
           "work after it never runs: register in the cube core's branch "
           "(if ASCEND_IS_AIC)";
    diag.attachNote(dead->getLoc()) << "vector-core work that never runs";
  });
  return failure(failed);
}

LogicalResult CrossCoreChecker::check(ViolationSink &into) {
  sink = &into;
  bool report = sink->wantsWords();
  function->walk([&](Operation *op) {
    if (auto set = dyn_cast<CrossCoreSetFlagOp>(op))
      sets.push_back(set);
    else if (auto wait = dyn_cast<CrossCoreWaitFlagOp>(op))
      waits.push_back(wait);
    else if (auto all = dyn_cast<SyncAllOp>(op); all && !all.getAivOnly())
      barriers.push_back(all);
  });
  bool failed = false;
  failed |= mlir::failed(checkServerSideCalls(report));
  failed |= mlir::failed(checkVectorWorkAfterRegister(report));
  failed |= mlir::failed(checkFlagsAreSet(report));
  failed |= mlir::failed(checkFlagModes(report));
  failed |= mlir::failed(checkSyncAllJoins(report));
  failed |= mlir::failed(checkCubeDrivenAccesses(report));
  return failure(failed);
}
