//===- KeepSourceNames.cpp - the source's names through the lowering ------===//
//
// A value the source names carries a NameLoc: an op's location names its
// only result (`loc("mm"(...))`), a block argument's location the argument.
// The tools attach them from the SSA names (`%mm`); a front end can set them
// itself. The lowering keeps each name on the one EmitC value that stands
// for the named value, and the Ascend C printer declares that value under it.
//
// - Op results: the patterns build every op of a lowering at the location of
//   the op they replace. Of those, the value the source op was replaced with
//   is the one used outside them; the others lose the name.
// - Block arguments the conversion re-creates: kernel arguments, by
//   position, and loop induction variables, by the location of their loop.
//
//===----------------------------------------------------------------------===//

#include "AscToEmitCPatterns.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::asc;

Location mlir::asc::getUnnamedLoc(Location loc) {
  if (auto name = dyn_cast<NameLoc>(loc))
    return name.getChildLoc();
  return loc;
}

void mlir::asc::moveSourceName(Operation *from, Operation *to) {
  auto name = dyn_cast<NameLoc>(from->getLoc());
  if (!name || isa<NameLoc>(to->getLoc()))
    return;
  to->setLoc(NameLoc::get(name.getName(), to->getLoc()));
}

void mlir::asc::dropNamesOfRegionOps(ModuleOp module) {
  module.walk([](Operation *op) {
    if (op->getNumRegions() != 0 && !isa<func::FuncOp, ModuleOp>(op))
      op->setLoc(getUnnamedLoc(op->getLoc()));
  });
}

BlockArgumentNames mlir::asc::collectBlockArgumentNames(ModuleOp module) {
  BlockArgumentNames names;
  module.walk([&](func::FuncOp funcOp) {
    if (funcOp.isExternal())
      return;
    SmallVector<Location> &locs = names.functionArguments[funcOp.getSymName()];
    for (BlockArgument argument : funcOp.getArguments())
      locs.push_back(argument.getLoc());
  });
  // Two loops at one location (a source without locations) name nothing:
  // which of them is which is lost with the loops.
  llvm::DenseSet<Location> ambiguous;
  module.walk([&](scf::ForOp loop) {
    Location loopLoc = loop.getLoc();
    Location ivLoc = loop.getInductionVar().getLoc();
    auto [it, inserted] = names.inductionVariables.try_emplace(loopLoc, ivLoc);
    if (!inserted && it->second != ivLoc)
      ambiguous.insert(loopLoc);
  });
  for (Location loc : ambiguous)
    names.inductionVariables.erase(loc);
  return names;
}

/// Sets the location of `argument` to `source` when that names it.
static void nameBlockArgument(BlockArgument argument, Location source) {
  if (isa<NameLoc>(source))
    argument.setLoc(source);
}

/// The value a named source op was replaced with: of the ops built at its
/// location (`group`), the last single-result op used by an op outside it.
static Operation *findReplacement(ArrayRef<Operation *> group) {
  llvm::SmallPtrSet<Operation *, 8> members(group.begin(), group.end());
  Operation *replacement = nullptr;
  for (Operation *op : group) {
    if (op->getNumResults() != 1)
      continue;
    bool usedOutside =
        llvm::any_of(op->getResult(0).getUsers(),
                     [&](Operation *user) { return !members.contains(user); });
    if (usedOutside)
      replacement = op;
  }
  return replacement;
}

/// Keeps each name of the ops of `funcOp` on one op only.
static void keepOneOpPerName(emitc::FuncOp funcOp) {
  llvm::MapVector<Location, SmallVector<Operation *>> groups;
  funcOp.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op != funcOp.getOperation() && isa<NameLoc>(op->getLoc()))
      groups[op->getLoc()].push_back(op);
  });
  for (auto &[loc, group] : groups) {
    Operation *replacement = findReplacement(group);
    for (Operation *op : group)
      if (op != replacement)
        op->setLoc(getUnnamedLoc(loc));
  }
}

void mlir::asc::keepSourceNames(ModuleOp module,
                                const BlockArgumentNames &names) {
  module.walk([&](emitc::FuncOp funcOp) {
    auto arguments = names.functionArguments.find(funcOp.getSymName());
    if (arguments != names.functionArguments.end() && !funcOp.isExternal() &&
        arguments->second.size() == funcOp.getNumArguments())
      for (auto [argument, loc] :
           llvm::zip(funcOp.getArguments(), arguments->second))
        nameBlockArgument(argument, loc);
    funcOp.walk([&](emitc::ForOp loop) {
      auto it = names.inductionVariables.find(loop.getLoc());
      if (it != names.inductionVariables.end())
        nameBlockArgument(cast<BlockArgument>(loop.getInductionVar()),
                          it->second);
    });
    keepOneOpPerName(funcOp);
  });
}
