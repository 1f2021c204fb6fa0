//===- PyascToAscPass.cpp - the --convert-pyasc-to-asc pass ---------------===//
//
// The import in four steps: refuse what is outside the mirror
// (Importability.cpp), inline the helper @jit functions (InlineHelpers.cpp),
// give local tensors their queues' positions and check what the patterns
// need (Importability.cpp), then one dialect conversion with the patterns of
// each family (KernelToAsc, TensorToAsc, PipeToAsc, MatmulToAsc) and the
// kernel's asc attributes and pyasc's launch prologue.
//
//===----------------------------------------------------------------------===//

#include "PyascToAscPatterns.h"
#include "asc/Conversion/PyascToAsc/PyascToAsc.h"
#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "asc/Dialect/Pyasc/IR/PyascDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::asc {
#define GEN_PASS_DEF_CONVERTPYASCTOASC
#include "asc/Conversion/Passes.h.inc"
} // namespace mlir::asc

using namespace mlir;
using namespace mlir::asc;
using namespace mlir::asc::pyasc;

void mlir::asc::populatePyascToAscConversionPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns, bool cubeOnly) {
  populateKernelToAscPatterns(typeConverter, patterns, cubeOnly);
  populateTensorToAscPatterns(typeConverter, patterns);
  populatePipeToAscPatterns(typeConverter, patterns);
  populateMatmulToAscPatterns(typeConverter, patterns);
}

//===----------------------------------------------------------------------===//
// Step 3: local tensor positions
//===----------------------------------------------------------------------===//

/// A local tensor allocated from or dequeued out of a queue has the queue's
/// position, one built at a fixed address (local_tensor_v2) the position it
/// names; the import needs it for every local tensor.
static LogicalResult inferLocalTensorPositions(func::FuncOp kernel) {
  auto setPosition = [](Value tensor, TPosition position) {
    auto type = cast<PyLocalTensorType>(tensor.getType());
    tensor.setType(PyLocalTensorType::get(
        type.getContext(), type.getShape(), type.getElementType(),
        TPositionAttr::get(type.getContext(), position)));
  };
  kernel.walk([&](Operation *op) {
    if (auto alloc = dyn_cast<PyQueAllocTensorOp>(op))
      setPosition(alloc.getTensor(), alloc.getQueue().getType().getPosition());
    else if (auto deque = dyn_cast<PyQueDequeTensorOp>(op))
      setPosition(deque.getTensor(), deque.getQueue().getType().getPosition());
    else if (auto fixed = dyn_cast<PyLocalTensorV2Op>(op))
      setPosition(fixed.getResult(), fixed.getPos());
  });
  auto check = [](Value value, Location loc) -> LogicalResult {
    auto type = dyn_cast<PyLocalTensorType>(value.getType());
    if (!type || type.getPosition())
      return success();
    return emitError(loc)
           << "expects every local tensor to come from a queue's "
              "alloc_tensor or deque_tensor or from local_tensor_v2 in the "
              "kernel: asc gives a local tensor its position, and this one "
              "has none";
  };
  WalkResult result = kernel.walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (failed(check(arg, op->getLoc())))
            return WalkResult::interrupt();
    for (Value value : op->getResults())
      if (failed(check(value, op->getLoc())))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// Step 4: convert, then the kernel's attributes and prologue
//===----------------------------------------------------------------------===//

/// An unsigned arith op as pyasc prints it: every signless integer wider
/// than i1 is a signed C++ type (intN_t), and the op one operator or
/// `static_cast` (Arith.h, Arith.cpp), so `/`, `<`, `>>` and the casts
/// compute signed: extui is a sign extension, ult a signed less. i1 is
/// `bool`: static_cast<bool> of an integer is `!= 0`, and a bool widens
/// to 0 or 1. Returns the replacement, or null when `op` means what it
/// says.
static Value signedAsPrinted(OpBuilder &builder, Operation *op) {
  auto isWord = [](Type type) {
    auto integer = dyn_cast<IntegerType>(type);
    return integer && integer.isSignless() && integer.getWidth() > 1;
  };
  auto isBool = [](Type type) { return type.isSignlessInteger(1); };
  Location loc = op->getLoc();
  // (unsigned, signed) pairs of comparisons.
  using P = arith::CmpIPredicate;
  static constexpr std::pair<P, P> kinds[] = {
      {P::ult, P::slt}, {P::ule, P::sle}, {P::ugt, P::sgt}, {P::uge, P::sge}};
  auto signedPredicate = [](P p) {
    for (auto [u, s] : kinds)
      if (p == u)
        return s;
    return p;
  };
  auto unsignedPredicate = [](P p) {
    for (auto [u, s] : kinds)
      if (p == s)
        return u;
    return p;
  };
  return TypeSwitch<Operation *, Value>(op)
      .Case([&](arith::DivUIOp o) -> Value {
        if (!isWord(o.getType()))
          return {};
        return arith::DivSIOp::create(builder, loc, o.getLhs(), o.getRhs());
      })
      .Case([&](arith::RemUIOp o) -> Value {
        if (!isWord(o.getType()))
          return {};
        return arith::RemSIOp::create(builder, loc, o.getLhs(), o.getRhs());
      })
      .Case([&](arith::ShRUIOp o) -> Value {
        if (!isWord(o.getType()))
          return {};
        return arith::ShRSIOp::create(builder, loc, o.getLhs(), o.getRhs());
      })
      .Case([&](arith::CmpIOp o) -> Value {
        Type operand = o.getLhs().getType();
        arith::CmpIPredicate p = o.getPredicate();
        arith::CmpIPredicate meant = isWord(operand)   ? signedPredicate(p)
                                     : isBool(operand) ? unsignedPredicate(p)
                                                       : p;
        if (meant == p)
          return {};
        return arith::CmpIOp::create(builder, loc, meant, o.getLhs(),
                                     o.getRhs());
      })
      .Case([&](arith::ExtUIOp o) -> Value {
        if (!isWord(o.getIn().getType()))
          return {};
        return arith::ExtSIOp::create(builder, loc, o.getType(), o.getIn());
      })
      .Case([&](arith::ExtSIOp o) -> Value {
        if (!isBool(o.getIn().getType()))
          return {};
        return arith::ExtUIOp::create(builder, loc, o.getType(), o.getIn());
      })
      .Case([&](arith::TruncIOp o) -> Value {
        if (!isBool(o.getType()))
          return {};
        Value zero = arith::ConstantOp::create(
            builder, loc, builder.getIntegerAttr(o.getIn().getType(), 0));
        return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne,
                                     o.getIn(), zero);
      })
      .Case([&](arith::UIToFPOp o) -> Value {
        if (!isWord(o.getIn().getType()))
          return {};
        return arith::SIToFPOp::create(builder, loc, o.getType(), o.getIn());
      })
      .Case([&](arith::FPToUIOp o) -> Value {
        if (!isWord(o.getType()))
          return {};
        return arith::FPToSIOp::create(builder, loc, o.getType(), o.getIn());
      })
      .Default([](Operation *) { return Value(); });
}

/// pyasc's arithmetic as pyasc's compiler emits it: a signless i32 or i64
/// is C++'s int32_t or int64_t, whose signed overflow is undefined (nsw),
/// `ceildivsi(a, b)` is printed as `(a + b - 1) / b`
/// (pyasc's include/ascir/Target/Asc/External/Arith.h), and the unsigned
/// ops compute signed (signedAsPrinted). The kernel pyasc runs computes
/// that, not MLIR's meaning of its IR (they differ for negative operands),
/// so the import says the same.
static void giveArithPyascMeaning(func::FuncOp kernel) {
  SmallVector<Operation *> unsignedOps;
  kernel.walk([&](Operation *op) {
    if (isa<arith::DivUIOp, arith::RemUIOp, arith::ShRUIOp, arith::CmpIOp,
            arith::ExtUIOp, arith::ExtSIOp, arith::TruncIOp, arith::UIToFPOp,
            arith::FPToUIOp>(op))
      unsignedOps.push_back(op);
  });
  for (Operation *op : unsignedOps) {
    OpBuilder builder(op);
    if (Value meant = signedAsPrinted(builder, op)) {
      op->getResult(0).replaceAllUsesWith(meant);
      op->erase();
    }
  }
  auto isSignedWord = [](Type type) {
    auto integer = dyn_cast<IntegerType>(type);
    return integer && integer.isSignless() &&
           (integer.getWidth() == 32 || integer.getWidth() == 64);
  };
  SmallVector<arith::CeilDivSIOp> ceilDivs;
  kernel.walk([&](Operation *op) {
    if (op->getNumResults() != 1 || !isSignedWord(op->getResult(0).getType()))
      return;
    if (auto ceilDiv = dyn_cast<arith::CeilDivSIOp>(op))
      ceilDivs.push_back(ceilDiv);
    else if (auto flagged =
                 dyn_cast<arith::ArithIntegerOverflowFlagsInterface>(op))
      if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(op))
        op->setAttr(flagged.getIntegerOverflowAttrName(),
                    arith::IntegerOverflowFlagsAttr::get(
                        op->getContext(), arith::IntegerOverflowFlags::nsw));
  });
  for (arith::CeilDivSIOp op : ceilDivs) {
    OpBuilder builder(op);
    Location loc = op.getLoc();
    auto nsw = arith::IntegerOverflowFlags::nsw;
    Value one = arith::ConstantOp::create(
        builder, loc, builder.getIntegerAttr(op.getType(), 1));
    Value sum =
        arith::AddIOp::create(builder, loc, op.getLhs(), op.getRhs(), nsw);
    Value less = arith::SubIOp::create(builder, loc, sum, one, nsw);
    op.replaceAllUsesWith(
        arith::DivSIOp::create(builder, loc, less, op.getRhs()).getResult());
    op.erase();
  }
}

static LogicalResult convertModule(ModuleOp module, bool cubeOnly) {
  MLIRContext *context = module.getContext();
  TypeConverter typeConverter;
  populatePyascToAscTypeConversions(typeConverter);

  ConversionTarget target(*context);
  target.addLegalDialect<AscDialect, arith::ArithDialect>();
  target.addLegalOp<ModuleOp>();
  // Read by the data copies that use them, then erased (eraseDataCopyParams).
  target.addDynamicallyLegalOp<PyConstructOp>(
      [](PyConstructOp op) { return isa<PyDataCopyParamsType>(op.getType()); });
  target.addIllegalDialect<PyascAscendCDialect, PyascEmitAscDialect,
                           emitc::EmitCDialect>();
  target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
    return typeConverter.isSignatureLegal(op.getFunctionType()) &&
           typeConverter.isLegal(&op.getBody());
  });
  target.addDynamicallyLegalOp<func::ReturnOp>(
      [&](func::ReturnOp op) { return typeConverter.isLegal(op); });
  target.addDynamicallyLegalDialect<arith::ArithDialect>(
      [&](Operation *op) { return typeConverter.isLegal(op); });

  RewritePatternSet patterns(context);
  populatePyascToAscConversionPatterns(typeConverter, patterns, cubeOnly);
  populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                 typeConverter);
  populateReturnOpTypeConversionPattern(patterns, typeConverter);
  scf::populateSCFStructuralTypeConversionsAndLegality(typeConverter, patterns,
                                                       target);
  return applyFullConversion(module, target, std::move(patterns));
}

/// The DataCopyParams constructors, whose fields the data copies now spell.
static void eraseDataCopyParams(ModuleOp module) {
  module.walk([](PyConstructOp op) {
    if (op->use_empty())
      op.erase();
  });
}

/// Branches on constants are inlined: in a cube-only kernel `if
/// (ASCEND_IS_AIC)` is `if (true)`, so that its REGIST_MATMUL_OBJ lands in
/// the kernel's top-level block as asc requires; a helper's `if is_trans_a:`
/// on a constant argument is decided once inlined.
static LogicalResult inlineConstantBranches(ModuleOp module) {
  RewritePatternSet patterns(module.getContext());
  scf::IfOp::getCanonicalizationPatterns(patterns, module.getContext());
  return applyPatternsGreedily(module, std::move(patterns));
}

/// The kernel's asc attributes: asc.kernel, asc.cube_only, the workspace
/// argument REGIST_MATMUL_OBJ takes. CANN's cube-only REGIST_MATMUL_OBJ
/// drops its workspace argument (`InitCurObj(tpipe, objects...)`,
/// kfc_register_obj.h): no message goes through it, so the argument is not
/// the Matmul's workspace, and the registration names the kernel's system
/// workspace, as asc-check's lift of the same C++ does.
static void markKernel(func::FuncOp kernel, bool cubeOnly) {
  MLIRContext *context = kernel.getContext();
  kernel->removeAttr(kPyascGlobalAttr);
  kernel->removeAttr(kPyascAicoreAttr);
  kernel->setAttr(AscDialect::getKernelAttrName(), UnitAttr::get(context));
  if (cubeOnly) {
    kernel->setAttr(AscDialect::getCubeOnlyAttrName(), UnitAttr::get(context));
    kernel.walk([&](MatmulRegisterOp reg) {
      OpBuilder builder(reg);
      reg.getWorkspaceMutable().assign(GetSysWorkspacePtrOp::create(
          builder, reg.getLoc(), GmAddrType::get(context)));
    });
    return;
  }
  kernel.walk([&](MatmulRegisterOp reg) {
    auto arg = dyn_cast<BlockArgument>(reg.getWorkspace());
    if (arg && arg.getOwner()->isEntryBlock() &&
        arg.getOwner()->getParentOp() == kernel)
      kernel.setArgAttr(arg.getArgNumber(), AscDialect::getWorkspaceAttrName(),
                        UnitAttr::get(context));
  });
}

/// `asc.block_workspace` on the workspace argument markKernel found: what
/// the user says the host allocates (pyasc's IR cannot say it).
static LogicalResult stateBlockWorkspace(func::FuncOp kernel,
                                         uint64_t bytesPerCore) {
  for (unsigned i = 0, e = kernel.getNumArguments(); i < e; ++i) {
    if (!kernel.getArgAttr(i, AscDialect::getWorkspaceAttrName()))
      continue;
    kernel.setArgAttr(i, AscDialect::getBlockWorkspaceAttrName(),
                      BlockWorkspaceAttr::get(kernel.getContext(), bytesPerCore,
                                              std::nullopt, std::nullopt,
                                              std::nullopt));
    return success();
  }
  if (AscDialect::isCubeOnlyKernel(kernel))
    return kernel.emitError()
           << "block-workspace=" << bytesPerCore << " states a workspace for '"
           << kernel.getSymName()
           << "', but a cube-only kernel's Matmul objects take none (CANN's "
              "cube-only REGIST_MATMUL_OBJ drops its workspace argument)";
  return kernel.emitError()
         << "block-workspace=" << bytesPerCore << " states a workspace for '"
         << kernel.getSymName()
         << "', but it passes no kernel argument to register_matmul as its "
            "workspace";
}

/// `asc.no_alias` on every global-memory argument but the workspace and the
/// tiling (the user's word that the buffers are distinct).
static void markArgumentsNoAlias(func::FuncOp kernel) {
  UnitAttr unit = UnitAttr::get(kernel.getContext());
  for (BlockArgument arg : kernel.getArguments()) {
    unsigned i = arg.getArgNumber();
    if (!isa<GmAddrType>(arg.getType()) ||
        kernel.getArgAttr(i, AscDialect::getWorkspaceAttrName()))
      continue;
    // The tiling is read by asc.get_tiling only: no Matmul call touches it.
    if (llvm::any_of(arg.getUsers(), llvm::IsaPred<GetTilingOp>))
      continue;
    kernel.setArgAttr(i, AscDialect::getNoAliasAttrName(), unit);
  }
}

/// pyasc's launcher appends `ffts_addr`; its kernels start with
/// set_ffts_base_addr and, when they drive a Matmul object from the vector
/// core, the cube core's cross-core flag (legalize-kernel-args in pyasc).
static void addFftsPrologue(func::FuncOp kernel, bool cubeOnly) {
  MLIRContext *context = kernel.getContext();
  Location loc =
      NameLoc::get(StringAttr::get(context, "ffts_addr"), kernel.getLoc());
  unsigned index = kernel.getNumArguments();
  if (failed(kernel.insertArgument(index, GmAddrType::get(context),
                                   DictionaryAttr::get(context), loc)))
    return;
  Value ffts = kernel.getArgument(index);
  OpBuilder builder = OpBuilder::atBlockBegin(&kernel.getBody().front());
  SetFftsBaseAddrOp::create(builder, kernel.getLoc(), ffts);
  bool hasMatmul =
      kernel.walk([](MatmulRegisterOp) { return WalkResult::interrupt(); })
          .wasInterrupted();
  if (!hasMatmul || cubeOnly)
    return;
  Value aic = IsAicOp::create(builder, kernel.getLoc(), builder.getI1Type());
  auto ifOp = scf::IfOp::create(builder, kernel.getLoc(), aic,
                                /*withElseRegion=*/false);
  builder.setInsertionPointToStart(ifOp.thenBlock());
  // 0xf21: mode 2 (every core of the group), flag 15, as pyasc's prologue.
  FftsCrossCoreSyncOp::create(builder, kernel.getLoc(), PipeKind::PIPE_MTE3,
                              0xf21);
}

/// `GetMatmulApiTiling<A, B, C, Bias>(cfg, l1Size)` is a compile-time value
/// with no effect, which pyasc's get_matmul_api_tiling never gives the user
/// (it returns nothing; verifyPyascImportable checked it unused): it goes
/// before the conversion, and its MatmulConfig with the unused ones.
static void eraseApiTilings(func::FuncOp kernel) {
  kernel.walk([](PyGetMatmulApiTilingOp tiling) { tiling->erase(); });
}

namespace {
struct ConvertPyascToAscPass
    : public asc::impl::ConvertPyascToAscBase<ConvertPyascToAscPass> {
  using ConvertPyascToAscBase::ConvertPyascToAscBase;

  void getDependentDialects(DialectRegistry &registry) const override {
    ConvertPyascToAscBase::getDependentDialects(registry);
    registerPyascInlinerInterfaces(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> kernels;
    if (failed(verifyOpsAreImported(module)) ||
        failed(inlineHelpers(module, kernels)))
      return signalPassFailure();
    for (func::FuncOp kernel : kernels)
      if (failed(inferLocalTensorPositions(kernel)) ||
          failed(verifyPyascImportable(kernel)))
        return signalPassFailure();
    for (func::FuncOp kernel : kernels) {
      eraseApiTilings(kernel);
      giveArithPyascMeaning(kernel);
    }
    if (failed(convertModule(module, cubeOnly)))
      return signalPassFailure();
    eraseDataCopyParams(module);
    if (failed(inlineConstantBranches(module)))
      return signalPassFailure();
    for (func::FuncOp kernel : kernels) {
      markKernel(kernel, cubeOnly);
      if (noAliasArguments)
        markArgumentsNoAlias(kernel);
      if (blockWorkspace != 0 &&
          failed(stateBlockWorkspace(kernel, blockWorkspace)))
        return signalPassFailure();
      if (fftsPrologue)
        addFftsPrologue(kernel, cubeOnly);
    }
  }
};
} // namespace
