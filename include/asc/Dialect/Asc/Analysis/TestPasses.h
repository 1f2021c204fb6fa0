//===- TestPasses.h - test passes of the asc analyses -----------*- C++ -*-===//
//
// Passes that print the answers of the asc analyses, for their lit tests.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_ANALYSIS_TESTPASSES_H
#define ASC_DIALECT_ASC_ANALYSIS_TESTPASSES_H

namespace mlir::asc {
/// Registers -test-asc-alias and -test-asc-protocol-state.
void registerAscTestPasses();
} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_ANALYSIS_TESTPASSES_H
