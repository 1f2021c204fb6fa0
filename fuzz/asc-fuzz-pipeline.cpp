//===- asc-fuzz-pipeline.cpp - fuzz the asc passes from textual IR --------===//
//
// libFuzzer target over everything a kernel goes through: parse (keeping the
// SSA names), verify, --asc-verify-sync, --asc-sync-placement (its options
// chosen by the input), --convert-asc-to-emitc (options chosen too), #line
// directives, the C++ emitter and the source names of the Ascend C.
//
// Input: one byte of option bits, then the MLIR text of a module.
//
// Beyond crashes and sanitizer reports, it aborts with "asc-fuzz: ..." when
//   - a pass succeeds and leaves IR the verifier rejects,
//   - the placement succeeds and its output fails --asc-verify-sync,
//   - placing twice differs from placing once (same options),
//   - the lowering succeeds and the C++ emitter cannot print the result
//     (unless ASC_FUZZ_ALLOW_EMISSION_FAILURE is set in the environment),
//   - it prints the result but not with the name markers, or a marker is
//     left in the renamed Ascend C.
//
// With ASC_FUZZ_TRACE set, each input prints one line saying how far it got
// ("asc-fuzz-pipeline: parsed verify-sync=fail placement=ok lowering=ok
// emission=ok"), which the tests use to show the passes really run.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "asc/Conversion/Passes.h"
#include "asc/Parser/ParseKeepingNames.h"
#include "asc/Target/AscendC/CppNames.h"
#include "asc/Target/AscendC/LineDirectives.h"
#include "asc/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/Cpp/CppEmitter.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>

using namespace mlir;
using namespace mlir::asc::fuzz;

namespace {
/// The options of one run, one bit each of the input's first byte.
struct PipelineOptions {
  bool repairMissingWaits, promoteSync, hoistIssues, emitRemarks;
  bool setSysWorkspace, formExpressions, typeAliases, lineDirectives;

  explicit PipelineOptions(uint8_t bits)
      : repairMissingWaits(bits & 1), promoteSync(bits & 2),
        hoistIssues(!(bits & 4)), emitRemarks(bits & 8),
        setSysWorkspace(bits & 16), formExpressions(bits & 32),
        typeAliases(bits & 64), lineDirectives(bits & 128) {}

  std::string placementPipeline() const {
    // The loop rotation rides on the remarks' bit: both change nothing but
    // what the placement does first and says (the byte has no spare bit).
    return llvm::formatv(
               "func.func(asc-sync-placement{{repair-missing-waits={0} "
               "promote-sync={1} hoist-issues={2} emit-remarks={3} "
               "pipeline-loops={3}})",
               repairMissingWaits, promoteSync, hoistIssues, emitRemarks)
        .str();
  }

  std::string loweringPipeline() const {
    return llvm::formatv("convert-asc-to-emitc{{"
                         "set-sys-workspace={0} form-expressions={1} "
                         "type-aliases={2}}",
                         setSysWorkspace, formExpressions, typeAliases)
        .str();
  }
};
} // namespace

/// What happened to one input, printed with ASC_FUZZ_TRACE.
struct Trace {
  const char *verifySync = "-", *placement = "-", *lowering = "-",
             *emission = "-";

  static const char *outcome(bool ok) { return ok ? "ok" : "fail"; }
  ~Trace() {
    static const bool enabled = std::getenv("ASC_FUZZ_TRACE") != nullptr;
    if (enabled)
      llvm::errs() << "asc-fuzz-pipeline: parsed verify-sync=" << verifySync
                   << " placement=" << placement << " lowering=" << lowering
                   << " emission=" << emission << "\n";
  }
};

static std::string printOp(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os, OpPrintingFlags().printGenericOpForm());
  return text;
}

/// Runs the textual `pipeline` (the passes inside `builtin.module(...)`) on
/// `module`. The pipelines are ours and must parse: failing to parse one is a
/// bug of this target.
static LogicalResult runPipeline(ModuleOp module, StringRef pipeline,
                                 bool lineDirectives = false) {
  PassManager pm(module.getContext(), ModuleOp::getOperationName());
  if (failed(parsePassPipeline(pipeline, pm, llvm::errs())))
    reportOracleFailure("cannot parse the pass pipeline " + pipeline.str(), "",
                        "");
  if (lineDirectives)
    pm.addPass(asc::createAscLineDirectivesPass());
  return pm.run(module);
}

/// Checks that `module`, which `step` left after succeeding, still verifies.
static void checkVerifies(ModuleOp module, StringRef step,
                          DiagnosticCollector &diagnostics) {
  diagnostics.take();
  if (failed(verify(module)))
    reportOracleFailure(step.str() + " succeeded but left IR the verifier "
                                     "rejects",
                        diagnostics.take(), printOp(module));
}

/// Places the waits of `module` and checks the result: it verifies, passes
/// --asc-verify-sync and does not change when placed again. Returns the
/// placed module, or null when the placement refuses the input.
static OwningOpRef<ModuleOp> placeAndCheck(ModuleOp module,
                                           const PipelineOptions &options,
                                           DiagnosticCollector &diagnostics,
                                           Trace &trace) {
  OwningOpRef<ModuleOp> placed = module.clone();
  bool ok = succeeded(runPipeline(*placed, options.placementPipeline()));
  trace.placement = Trace::outcome(ok);
  if (!ok)
    return nullptr;
  checkVerifies(*placed, "--asc-sync-placement", diagnostics);

  OwningOpRef<ModuleOp> checked = placed->clone();
  if (failed(runPipeline(*checked, "func.func(asc-verify-sync)")))
    reportOracleFailure("the output of --asc-sync-placement fails "
                        "--asc-verify-sync (options: " +
                            options.placementPipeline() + ")",
                        diagnostics.take(), printOp(*placed));

  OwningOpRef<ModuleOp> placedTwice = placed->clone();
  if (failed(runPipeline(*placedTwice, options.placementPipeline())))
    reportOracleFailure("--asc-sync-placement refuses its own output "
                        "(options: " +
                            options.placementPipeline() + ")",
                        diagnostics.take(), printOp(*placed));
  std::string once = printOp(*placed), twice = printOp(*placedTwice);
  if (once != twice)
    reportOracleFailure(
        "--asc-sync-placement is not idempotent (options: " +
            options.placementPipeline() + ")",
        "", "-- placed once:\n" + once + "\n-- placed twice:\n" + twice);
  diagnostics.take();
  return placed;
}

/// Prints the lowered `module` as asc-translate does, under the source names:
/// the name markers must not stop the emitter, and none may be left.
static void checkSourceNames(ModuleOp module,
                             DiagnosticCollector &diagnostics) {
  OwningOpRef<ModuleOp> marked = module.clone();
  asc::insertCppNameMarkers(*marked);
  std::string cpp;
  llvm::raw_string_ostream os(cpp);
  if (failed(emitc::translateToCpp(*marked, os)))
    reportOracleFailure("the C++ emitter prints the lowered module but not "
                        "with the name markers",
                        diagnostics.take(), printOp(*marked));
  std::string named = asc::applyCppNameMarkers(cpp);
  if (StringRef(named).contains("//@asc-"))
    reportOracleFailure("a name marker is left in the Ascend C", "",
                        "-- emitted:\n" + cpp + "\n-- renamed:\n" + named);
}

/// Lowers `module` to EmitC and prints it as C++; the lowered IR must verify
/// and, unless allowed, the emitter must print it.
static void lowerAndEmit(ModuleOp module, const PipelineOptions &options,
                         DiagnosticCollector &diagnostics, Trace &trace) {
  bool lowered = succeeded(
      runPipeline(module, options.loweringPipeline(), options.lineDirectives));
  trace.lowering = Trace::outcome(lowered);
  if (!lowered)
    return;
  checkVerifies(module, "--convert-asc-to-emitc", diagnostics);
  std::string cpp;
  llvm::raw_string_ostream os(cpp);
  bool emitted = succeeded(emitc::translateToCpp(module, os));
  trace.emission = Trace::outcome(emitted);
  if (emitted) {
    checkSourceNames(module, diagnostics);
    return;
  }
  static const bool allowEmissionFailure =
      std::getenv("ASC_FUZZ_ALLOW_EMISSION_FAILURE") != nullptr;
  if (!allowEmissionFailure)
    reportOracleFailure("--convert-asc-to-emitc succeeded but the C++ "
                        "emitter cannot print its output",
                        diagnostics.take(), printOp(module));
}

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  asc::registerAscPasses();
  asc::registerAscConversionPasses();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0)
    return 0;
  PipelineOptions options(data[0]);
  // The MLIR lexer reads up to a NUL: give it a terminated copy.
  std::string text(reinterpret_cast<const char *>(data + 1), size - 1);

  MLIRContext context;
  prepareContext(context);
  DiagnosticCollector diagnostics(context);
  // Parsed as asc-translate parses, with the SSA names as NameLocs.
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(text, "fuzz"),
                                llvm::SMLoc());
  OwningOpRef<ModuleOp> module(cast_if_present<ModuleOp>(
      asc::parseSourceKeepingNames(sourceMgr, &context).release()));
  if (!module || failed(verify(*module)))
    return 0;

  Trace trace;
  OwningOpRef<ModuleOp> checked = module->clone();
  bool protocolHolds =
      succeeded(runPipeline(*checked, "func.func(asc-verify-sync)"));
  trace.verifySync = Trace::outcome(protocolHolds);
  if (protocolHolds)
    checkVerifies(*checked, "--asc-verify-sync", diagnostics);

  // Lower what a user could lower: the placed kernel, or the kernel as
  // written when it already keeps the protocol.
  if (OwningOpRef<ModuleOp> placed =
          placeAndCheck(*module, options, diagnostics, trace))
    lowerAndEmit(*placed, options, diagnostics, trace);
  else if (protocolHolds)
    lowerAndEmit(*module, options, diagnostics, trace);
  return 0;
}
