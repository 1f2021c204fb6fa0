//===- OrderingPath.cpp - the kernel's own orderings along a path ---------===//
//
// OrderingPath.h: a ProtocolState carried along a path of the kernel, with
// only the orderings that do not move.
//
//===----------------------------------------------------------------------===//

#include "OrderingPath.h"

using namespace mlir;
using namespace mlir::asc;

void OrderingPath::followToEnd(Operation *from) {
  for (Operation *op = from; op && !op->hasTrait<OpTrait::IsTerminator>();
       op = op->getNextNode())
    follow(op);
}

bool OrderingPath::ordersBefore(Operation *from, Operation *y, PipeKind pipe) {
  Block *block = from->getBlock();
  Operation *ancestor = block->findAncestorOpInBlock(*y);
  if (!ancestor)
    return false;
  for (Operation *op = from; op != ancestor; op = op->getNextNode())
    follow(op);
  while (ancestor != y && !metX) {
    Operation *inner = nullptr;
    for (Region &region : ancestor->getRegions())
      for (Block &nested : region)
        if (Operation *found = nested.findAncestorOpInBlock(*y))
          inner = found;
    if (!inner)
      return false;
    for (Operation *op = &inner->getBlock()->front(); op != inner;
         op = op->getNextNode())
      follow(op);
    ancestor = inner;
  }
  if (metX)
    return false;
  uint8_t bit = ProtocolState::pipeBit(pipe);
  return llvm::none_of(state.getPipeAccessesUnorderedFor(bit),
                       [&](const auto &entry) { return entry.first == x; });
}

void OrderingPath::follow(Operation *op) {
  if (metX || op->isAncestor(x)) {
    metX = true;
    return;
  }
  if (op->getNumRegions() == 0 && counts(op))
    applyProtocolTransfer(op, state, /*cubeSide=*/false);
}
