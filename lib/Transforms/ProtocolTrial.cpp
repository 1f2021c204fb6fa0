//===- ProtocolTrial.cpp - try a change, check it, back out ---------------===//
//
// The trial of ProtocolTrial.h: a snapshot or undo steps, one check.
//
//===----------------------------------------------------------------------===//

#include "asc/Transforms/ProtocolTrial.h"

using namespace mlir;
using namespace mlir::asc;

ProtocolTrial::ProtocolTrial(func::FuncOp function, BackOut how)
    : function(function), how(how) {
  if (how == BackOut::Snapshot)
    snapshot = cast<func::FuncOp>(function->clone());
}

ProtocolTrial::~ProtocolTrial() {
  if (snapshot)
    snapshot.erase();
  if (kept)
    for (llvm::unique_function<void()> &step : keepSteps)
      step();
}

std::optional<ProtocolViolation> ProtocolTrial::check() {
  std::optional<ProtocolViolation> violation = findProtocolViolation(function);
  if (!violation) {
    kept = true;
    return std::nullopt;
  }
  if (how == BackOut::Snapshot)
    function.getBody().takeBody(snapshot.getBody());
  for (llvm::unique_function<void()> &undo : llvm::reverse(undoSteps))
    undo();
  undoSteps.clear();
  return violation;
}
