//===- TestPlacement.h - test passes over the placement space ---*- C++ -*-===//
//
// Passes that list and apply placements of Matmul waits and async issues,
// for the placement oracle (bench/oracle-placement.py) and its tests.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_TRANSFORMS_TESTPLACEMENT_H
#define ASC_DIALECT_ASC_TRANSFORMS_TESTPLACEMENT_H

namespace mlir::asc {
/// Registers -test-asc-placement-space and -test-asc-apply-placement.
void registerAscPlacementTestPasses();
} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_TRANSFORMS_TESTPLACEMENT_H
