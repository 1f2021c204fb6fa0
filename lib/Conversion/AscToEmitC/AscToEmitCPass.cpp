//===- AscToEmitCPass.cpp - asc to EmitC conversion pass ------------------===//
//
// Lowers asc kernels to EmitC. The upstream C++ emitter then prints Ascend C
// as spelled in section 4 of the spec:
//
// - a void member call is one `emitc.verbatim` statement with `{}`
//   placeholders for its SSA operands and its compile-time flags spelled in
//   place (`{}.IterateAll<false>({}, 0, false, true, false);`);
// - a value-returning member call is an `emitc.load` of an `emitc.member`
//   whose member is the call (`bool v = mm.Iterate<true>(false);`) when every
//   argument is a constant, and otherwise an `emitc.variable` assigned by a
//   verbatim statement;
// - a free function is an `emitc.call_opaque` (`AscendC::DataCopy(...)`);
// - objects a kernel declares once (TPipe, TQue, TCubeTiling, Matmul) are
//   `emitc.variable`s used in place, never copied.
//
// The patterns live with their concern: KernelToEmitC.cpp (functions, core
// guards, workspaces, tiling), PipeToEmitC.cpp (pipe and queues),
// TensorToEmitC.cpp (tensors, DataCopy, vector instructions),
// MatmulToEmitC.cpp (Matmul objects), ScalarToEmitC.cpp (integer arithmetic
// as written C++), over the spellings of TypeConversion.cpp and the builders
// of EmitCBuilders.cpp. docs/Rationale.md explains these choices.
//
//===----------------------------------------------------------------------===//

#include "AscToEmitCPatterns.h"
#include "ScalarToEmitC.h"
#include "asc/Conversion/AscToEmitC/AscToEmitC.h"
#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "mlir/Conversion/ArithToEmitC/ArithToEmitC.h"
#include "mlir/Conversion/FuncToEmitC/FuncToEmitC.h"
#include "mlir/Conversion/SCFToEmitC/SCFToEmitC.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/EmitC/Transforms/TypeConversions.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::asc {
#define GEN_PASS_DEF_CONVERTASCTOEMITC
#include "asc/Conversion/Passes.h.inc"
} // namespace mlir::asc

using namespace mlir;
using namespace mlir::asc;

void mlir::asc::populateAscToEmitCConversionPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns,
    const ConvertAscToEmitCOptions &options) {
  populateKernelToEmitCPatterns(typeConverter, patterns,
                                options.setSysWorkspace);
  populatePipeToEmitCPatterns(typeConverter, patterns);
  populateTensorToEmitCPatterns(typeConverter, patterns);
  populateMatmulToEmitCPatterns(typeConverter, patterns);
}

//===----------------------------------------------------------------------===//
// Checks
//===----------------------------------------------------------------------===//

/// With set-sys-workspace, every kernel that uses the system workspace must
/// say which argument SetSysWorkspace takes.
static LogicalResult verifySysWorkspaceArguments(ModuleOp module) {
  WalkResult result = module.walk([](func::FuncOp funcOp) {
    if (!usesSysWorkspace(funcOp) || findWorkspaceArgument(funcOp))
      return WalkResult::advance();
    funcOp.emitOpError("cannot emit SetSysWorkspace(workspace): the kernel "
                       "uses the system workspace but no argument is marked '")
        << AscDialect::getWorkspaceAttrName() << "'";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// Global tensors read in place
//===----------------------------------------------------------------------===//

emitc::VerbatimOp
mlir::asc::getOnlySetGlobalBuffer(emitc::VariableOp variable) {
  auto type = dyn_cast<emitc::OpaqueType>(
      cast<emitc::LValueType>(variable.getType()).getValueType());
  if (!type || !type.getValue().starts_with("AscendC::GlobalTensor<"))
    return {};
  // Of the statements the lowering builds, only SetGlobalBuffer sets a
  // GlobalTensor it is handed; the others (member calls, free calls) read
  // it. Loads read it, also inside an expression.
  emitc::VerbatimOp setGlobalBuffer;
  for (OpOperand &use : variable->getUses()) {
    Operation *user = use.getOwner();
    if (isa<emitc::LoadOp>(user))
      continue;
    if (auto expression = dyn_cast<emitc::ExpressionOp>(user)) {
      BlockArgument inside =
          expression.getRegion().front().getArgument(use.getOperandNumber());
      if (!llvm::all_of(inside.getUsers(), llvm::IsaPred<emitc::LoadOp>))
        return {};
      continue;
    }
    auto statement = dyn_cast<emitc::VerbatimOp>(user);
    if (!statement)
      return {};
    if (!statement.getValue().starts_with("{}.SetGlobalBuffer(") ||
        use.getOperandNumber() != 0)
      continue;
    if (setGlobalBuffer)
      return {};
    setGlobalBuffer = statement;
  }
  return setGlobalBuffer;
}

/// Hands a set-once GlobalTensor to the member calls that use it
/// (`mm.SetTensorA(aGlobal)`) instead of a copy of it
/// (`GlobalTensor<half> v2 = v1;`): a verbatim statement takes the variable
/// itself. Nothing writes the tensor after SetGlobalBuffer, so the variable
/// holds the value the copy would. Free calls and subscripts still read it
/// into a value, as EmitC wants.
static void readGlobalTensorsInPlace(Operation *root) {
  SmallVector<emitc::VariableOp> variables;
  root->walk([&](emitc::VariableOp variable) {
    if (getOnlySetGlobalBuffer(variable))
      variables.push_back(variable);
  });
  for (emitc::VariableOp variable : variables) {
    for (Operation *user : llvm::make_early_inc_range(variable->getUsers())) {
      auto load = dyn_cast<emitc::LoadOp>(user);
      if (!load)
        continue;
      load.getResult().replaceUsesWithIf(
          variable.getResult(), [](OpOperand &use) {
            return isa<emitc::VerbatimOp>(use.getOwner());
          });
      if (load->use_empty()) {
        moveSourceName(load, variable);
        load->erase();
      }
    }
  }
}

/// Drops the reads of variables whose value nothing uses: the SCF lowering
/// reads a loop-carried variable into the body's block argument on every
/// trip, also when the body ignores it (`int32_t v3 = v2;` otherwise), and
/// reading a variable has no other effect. Not a load of a member, which
/// may be a call (`mm.Iterate<true>(false)`).
static void dropUnusedReads(Operation *root) {
  root->walk([](emitc::LoadOp load) {
    if (load->use_empty() &&
        load.getOperand().getDefiningOp<emitc::VariableOp>())
      load->erase();
  });
}

ConvertAscToEmitCOptions mlir::asc::getAscendCSourceLoweringOptions() {
  ConvertAscToEmitCOptions options;
  options.formExpressions = true;
  options.typeAliases = true;
  return options;
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

namespace {
struct ConvertAscToEmitCPass
    : public asc::impl::ConvertAscToEmitCBase<ConvertAscToEmitCPass> {
  using ConvertAscToEmitCBase::ConvertAscToEmitCBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(verifyAscToEmitCLowerable(module)) ||
        (setSysWorkspace && failed(verifySysWorkspaceArguments(module))))
      return signalPassFailure();

    // A ceiling division of sizes becomes `(a + b - 1) / b`; the integer
    // ops the upstream arith lowering has no pattern for (other ceildivsi,
    // minsi, ...) become the ops it has.
    RewritePatternSet expandPatterns(&getContext());
    populateScalarPreparationPatterns(expandPatterns);
    arith::populateArithExpandOpsPatterns(expandPatterns);
    walkAndApplyPatterns(module, std::move(expandPatterns));

    TypeConverter typeConverter;
    // Types keep their spelling, except the scalars C++ has none for (the
    // check above reports them; the conversion must not pass them on).
    typeConverter.addConversion([](Type type) -> Type {
      return isPrintableScalarType(type) ? type : Type();
    });
    populateEmitCSizeTTypeConversions(typeConverter);
    populateAscToEmitCTypeConversions(typeConverter);
    std::optional<MatmulTypeAliases> aliases;
    if (typeAliases) {
      aliases.emplace(module);
      // Tried before the full spelling: conversions run last-added first.
      typeConverter.addConversion([&](MatmulType type) -> std::optional<Type> {
        auto it = aliases->names.find(type);
        if (it == aliases->names.end() || it->second.empty())
          return std::nullopt;
        return getObjectType(type.getContext(), it->second);
      });
    }

    // Everything but EmitC must go: an op without a lowering fails the pass
    // with "failed to legalize operation '<name>'".
    ConversionTarget target(getContext());
    target.addLegalDialect<emitc::EmitCDialect>();
    target.addLegalOp<ModuleOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return false; });

    dropNamesOfRegionOps(module);
    BlockArgumentNames argumentNames = collectBlockArgumentNames(module);
    RewritePatternSet patterns(&getContext());
    populateAscToEmitCConversionPatterns(typeConverter, patterns,
                                         {setSysWorkspace});
    populateScalarToEmitCPatterns(typeConverter, patterns);
    populateFuncToEmitCPatterns(typeConverter, patterns);
    populateArithToEmitCPatterns(typeConverter, patterns);
    populateSCFToEmitCConversionPatterns(patterns, typeConverter);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    dropUnusedReads(module);
    keepSourceNames(module, argumentNames);
    if (aliases)
      aliases->declare(module);
    elideImplicitWidenings(module);
    if (formExpressions) {
      readGlobalTensorsInPlace(module);
      formReadableExpressions(module);
    }
  }
};
} // namespace
