//===- TestPipelineSchedule.cpp - the pipeliner's phases one at a time ----===//
//
// Test passes over the two phases of --asc-pipeline-loops
// (asc/Transforms/PipelineSchedule.h), each without the other's part and
// without the driver's legality check and protocol trial:
//
//   -test-asc-pipeline-schedule  a remark per scf.for that issues async
//                                Matmul work: its schedule (the kernel's
//                                ops with stage and copy), or why it has
//                                none; with `two-copies`, a one-stage
//                                schedule unrolled by two (both copies on
//                                the loop's object: only the list shows);
//   -test-asc-pipeline-expand    expands every loop that has a schedule
//                                (one copy of the body) and erases it.
//
//===----------------------------------------------------------------------===//

#include "asc/Transforms/PipelineSchedule.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::asc;

/// The scf.for loops of `function`, innermost first.
static SmallVector<scf::ForOp> getLoops(func::FuncOp function) {
  SmallVector<scf::ForOp> loops;
  function.walk([&](scf::ForOp loop) { loops.push_back(loop); });
  return loops;
}

namespace {
/// Prints the schedule of every candidate loop as a remark on it.
struct TestAscPipelineSchedulePass
    : public PassWrapper<TestAscPipelineSchedulePass,
                         OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAscPipelineSchedulePass)
  TestAscPipelineSchedulePass() = default;
  TestAscPipelineSchedulePass(const TestAscPipelineSchedulePass &pass)
      : PassWrapper(pass) {}
  StringRef getArgument() const final { return "test-asc-pipeline-schedule"; }
  StringRef getDescription() const final {
    return "Print the pipeline schedule of every scf.for that issues async "
           "Matmul work, or why it has none (remarks)";
  }

  void runOnOperation() override {
    for (scf::ForOp loop : getLoops(getOperation())) {
      std::optional<pipelining::Rejection> why;
      FailureOr<PipelineSchedule> schedule = matchPipelineSchedule(loop, why);
      if (succeeded(schedule) && twoCopies && schedule->stages.size() == 1)
        schedule = unrollOnTwoObjects(*schedule, schedule->objects.front());
      if (succeeded(schedule)) {
        std::string text;
        llvm::raw_string_ostream os(text);
        schedule->print(os);
        loop.emitRemark("pipeline schedule: ") << text;
      } else if (why) {
        loop.emitRemark("no pipeline schedule: ")
            << "'" << why->op->getName() << "': " << why->reason;
      }
    }
    markAllAnalysesPreserved();
  }

  Option<bool> twoCopies{*this, "two-copies",
                         llvm::cl::desc("Unroll one-stage schedules by two"),
                         llvm::cl::init(false)};
};

/// Expands the schedule of every loop that has one, unchecked.
struct TestAscPipelineExpandPass
    : public PassWrapper<TestAscPipelineExpandPass,
                         OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAscPipelineExpandPass)
  StringRef getArgument() const final { return "test-asc-pipeline-expand"; }
  StringRef getDescription() const final {
    return "Replace every scf.for that has a pipeline schedule by its "
           "expansion, without the legality check and the protocol trial";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, scf::SCFDialect>();
  }

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    for (scf::ForOp loop : getLoops(getOperation())) {
      std::optional<pipelining::Rejection> why;
      FailureOr<PipelineSchedule> schedule = matchPipelineSchedule(loop, why);
      if (failed(schedule))
        continue;
      expandPipelinedLoop(rewriter, *schedule);
      rewriter.eraseOp(loop);
    }
  }
};
} // namespace

namespace mlir::asc::test {
/// Registers -test-asc-pipeline-schedule and -test-asc-pipeline-expand
/// (asc-opt declares it).
void registerTestAscPipelinePasses() {
  PassRegistration<TestAscPipelineSchedulePass>();
  PassRegistration<TestAscPipelineExpandPass>();
}
} // namespace mlir::asc::test
