//===- VerifySync.cpp - --asc-verify-sync ---------------------------------===//
//
// Reports violations of the Matmul protocol rules P1-P7.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/ProtocolChecker.h"
#include "asc/Transforms/Passes.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "asc-verify-sync"

namespace mlir::asc {
#define GEN_PASS_DEF_ASCVERIFYSYNC
#include "asc/Transforms/Passes.h.inc"
} // namespace mlir::asc

using namespace mlir;
using namespace mlir::asc;

namespace {
struct AscVerifySyncPass
    : public asc::impl::AscVerifySyncBase<AscVerifySyncPass> {
  void runOnOperation() override {
    auto &protocol = getAnalysis<MatmulProtocolAnalysis>();
    auto &aliases = getAnalysis<AscAliasAnalysis>();
    ProtocolChecker checker(protocol, aliases);
    LLVM_DEBUG(llvm::dbgs()
               << "checking @" << getOperation().getSymName() << "\n");
    if (failed(checker.check())) {
      ++numFunctionsRejected;
      signalPassFailure();
    }
    markAllAnalysesPreserved();
  }
};
} // namespace
