//===- ProtocolTrial.h - try a change, check it, back out -------*- C++ -*-===//
//
// The one "try, check, back out" service of the transforms: a transformation
// that cannot prove its result keeps the Matmul protocol makes the change
// inside a trial, which checks rules P1-P8 on the result and, when they
// break, puts the function back and hands the first violation to the
// caller as data (ProtocolViolation) to emit or drop.
//
// A trial backs out in one of two ways: from a copy of the function taken
// when it began (Snapshot: nothing the caller holds into the body survives
// a back-out), or by the undo steps the transformation registered as it
// went (UndoSteps: the ops it did not touch stay the same ops, so that a
// caller may go on with pointers it holds).
//
//===----------------------------------------------------------------------===//

#ifndef ASC_TRANSFORMS_PROTOCOLTRIAL_H
#define ASC_TRANSFORMS_PROTOCOLTRIAL_H

#include "asc/Dialect/Asc/Analysis/ProtocolChecker.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/FunctionExtras.h"

namespace mlir::asc {

class ProtocolTrial {
public:
  enum class BackOut { Snapshot, UndoSteps };

  ProtocolTrial(func::FuncOp function, BackOut how);
  ProtocolTrial(const ProtocolTrial &) = delete;
  ProtocolTrial &operator=(const ProtocolTrial &) = delete;
  /// Drops the snapshot, and runs the keep steps of a kept change.
  ~ProtocolTrial();

  /// With UndoSteps: how to undo one part of the change; the steps run
  /// last to first on a back-out.
  void onBackOut(llvm::unique_function<void()> undo) {
    undoSteps.push_back(std::move(undo));
  }
  /// What a kept change leaves to clean up (the ops it replaced, taken out
  /// of the IR but still pointed at by remarks): run when the trial ends.
  void onKeep(llvm::unique_function<void()> step) {
    keepSteps.push_back(std::move(step));
  }

  /// Checks the protocol on the function as it now is: nothing when it
  /// holds (the change is kept); otherwise the trial backs out and returns
  /// the first violation.
  std::optional<ProtocolViolation> check();

private:
  func::FuncOp function;
  BackOut how;
  func::FuncOp snapshot;
  SmallVector<llvm::unique_function<void()>> undoSteps, keepSteps;
  bool kept = false;
};

} // namespace mlir::asc

#endif // ASC_TRANSFORMS_PROTOCOLTRIAL_H
