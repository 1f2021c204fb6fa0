//===- KernelToEmitC.cpp - kernels, their environment and tiling ----------===//
//
// Kernels become `extern "C" __global__ __aicore__` functions, device
// functions `__aicore__ inline` ones; the block, core and workspace queries
// become the Ascend C calls; the tiling is copied out of global memory by the
// CopyTiling helper of the Matmul samples.
//
//===----------------------------------------------------------------------===//

#include "AscToEmitCPatterns.h"
#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::asc;

static constexpr StringLiteral kAicOnlyKernelType =
    "KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);";
static constexpr StringLiteral kCopyTilingName = "CopyTiling";

/// Defines the CopyTiling helper of the Ascend C Matmul samples unless
/// present: it copies a TCubeTiling out of global memory word by word.
///
///   __aicore__ inline void CopyTiling(TCubeTiling* tiling, GM_ADDR tilingGm) {
///     for (size_t i = 0; i < sizeof(TCubeTiling) / sizeof(uint32_t); i += 1) {
///       ((uint32_t*) tiling)[i] = ((__gm__ uint32_t*) tilingGm)[i];
///     }
///   }
static LogicalResult ensureCopyTilingHelper(OpBuilder &builder, ModuleOp module,
                                            Location tilingLoc) {
  ensurePrologue(builder, module);
  // The helper has names of its own, not those of the op that needs it.
  Location loc = getUnnamedLoc(tilingLoc);
  auto named = [&](StringRef name) {
    return NameLoc::get(builder.getStringAttr(name), loc);
  };
  MLIRContext *context = module.getContext();
  Type tilingPtrType =
      emitc::PointerType::get(emitc::OpaqueType::get(context, "TCubeTiling"));
  Type gmAddrType = emitc::OpaqueType::get(context, "GM_ADDR");
  auto helperType = FunctionType::get(context, {tilingPtrType, gmAddrType}, {});
  if (Operation *existing = module.lookupSymbol(kCopyTilingName)) {
    auto helper = dyn_cast<emitc::FuncOp>(existing);
    if (helper && helper.getFunctionType() == helperType)
      return success();
    return emitError(loc) << "cannot define the '" << kCopyTilingName
                          << "' helper: the module already has a symbol of "
                             "that name";
  }

  OpBuilder::InsertionGuard guard(builder);
  setInsertionPointAfterDeclarations(builder, module);
  auto helper =
      emitc::FuncOp::create(builder, loc, kCopyTilingName, helperType);
  helper.setSpecifiersAttr(builder.getStrArrayAttr({"__aicore__", "inline"}));
  // The entry block comes from the builder, not from addEntryBlock: a
  // conversion that fails later must be able to roll the helper back, and
  // it only knows what the rewriter created.
  Block *entry =
      builder.createBlock(&helper.getBody(), {}, helperType.getInputs(),
                          {named("tiling"), named("tilingGm")});

  Type wordType = builder.getIntegerType(32, /*isSigned=*/false);
  Type sizeType = emitc::SizeTType::get(context);
  Value dst = emitc::CastOp::create(
      builder, loc, emitc::PointerType::get(wordType), entry->getArgument(0));
  Value src =
      emitc::CastOp::create(builder, loc,
                            emitc::PointerType::get(emitc::OpaqueType::get(
                                context, "__gm__ uint32_t")),
                            entry->getArgument(1));
  Value lower = emitc::LiteralOp::create(builder, loc, sizeType, "0");
  Value upper = emitc::LiteralOp::create(
      builder, loc, sizeType, "sizeof(TCubeTiling) / sizeof(uint32_t)");
  Value step = emitc::LiteralOp::create(builder, loc, sizeType, "1");
  auto loop = emitc::ForOp::create(builder, loc, lower, upper, step);
  // A word of global memory cannot be a local value: copy in place.
  builder.setInsertionPointToStart(loop.getBody());
  Value index = loop.getInductionVar();
  index.setLoc(named("i"));
  emitc::VerbatimOp::create(builder, loc, "{}[{}] = {}[{}];",
                            ValueRange{dst, index, src, index});
  builder.setInsertionPointAfter(loop);
  emitc::ReturnOp::create(builder, loc, Value());
  return success();
}

/// True when `funcOp` is a kernel that reads the system workspace pointer.
bool mlir::asc::usesSysWorkspace(func::FuncOp funcOp) {
  return funcOp->hasAttr(AscDialect::getKernelAttrName()) &&
         funcOp
             .walk([](GetSysWorkspacePtrOp) { return WalkResult::interrupt(); })
             .wasInterrupted();
}

/// The kernel argument marked `asc.workspace`, if any.
std::optional<unsigned> mlir::asc::findWorkspaceArgument(func::FuncOp funcOp) {
  for (unsigned index = 0, e = funcOp.getNumArguments(); index < e; ++index)
    if (funcOp.getArgAttr(index, AscDialect::getWorkspaceAttrName()))
      return index;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Patterns: kernel environment
//===----------------------------------------------------------------------===//

namespace {

/// `AscendC::GetBlockIdx()`, `AscendC::GetBlockNum()`,
/// `AscendC::GetTaskRation()`, `GetSysWorkSpacePtr()`.
template <typename OpTy> struct FreeQueryLowering : public AscOpLowering<OpTy> {
  FreeQueryLowering(const TypeConverter &typeConverter, MLIRContext *context,
                    StringRef callee)
      : AscOpLowering<OpTy>(typeConverter, context), callee(callee) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = this->convert(op.getResult());
    if (!resultType)
      return failure();
    rewriter.replaceOp(op, createFreeCall(rewriter, op.getLoc(), resultType,
                                          callee, adaptor.getOperands()));
    return success();
  }

  std::string callee;
};

/// `GM_ADDR v = nullptr;`
struct NullGmAddrLowering : public AscOpLowering<NullGmAddrOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(NullGmAddrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = convert(op.getResult());
    if (!resultType)
      return failure();
    rewriter.replaceOpWithNewOp<emitc::ConstantOp>(
        op, resultType, emitc::OpaqueAttr::get(op.getContext(), "nullptr"));
    return success();
  }
};

} // namespace

/// True for an `scf.if` without results on asc.is_aic or asc.is_aiv, which
/// prints as `if ASCEND_IS_AIC {`.
static bool isCoreGuard(Operation *op) {
  auto ifOp = dyn_cast<scf::IfOp>(op);
  return ifOp && ifOp.getNumResults() == 0 &&
         isa_and_nonnull<IsAicOp, IsAivOp>(ifOp.getCondition().getDefiningOp());
}

/// True when `funcOp` has work for the vector cores: in a branch on
/// asc.is_aiv, or the else branch of one on asc.is_aic. A cube-only kernel
/// with such code (a cube-driven Matmul object whose C the vector cores
/// take after a cross-core flag, CANN's matmul_fused_manual) is a mix
/// kernel; only without it is it KERNEL_TYPE_AIC_ONLY, which launches no
/// vector core.
static bool hasVectorCoreCode(func::FuncOp funcOp) {
  return funcOp
      ->walk([](scf::IfOp ifOp) {
        Operation *query = ifOp.getCondition().getDefiningOp();
        Region *vectorSide =
            isa_and_nonnull<IsAivOp>(query)   ? &ifOp.getThenRegion()
            : isa_and_nonnull<IsAicOp>(query) ? &ifOp.getElseRegion()
                                              : nullptr;
        // Work of its own: memory it touches or a flag it takes part in
        // (a lone barrier there is dead code in an AIC-only kernel).
        bool works =
            vectorSide &&
            vectorSide
                ->walk([](Operation *op) {
                  return isa<MemoryAccessOpInterface, CrossCoreSyncOpInterface>(
                             op)
                             ? WalkResult::interrupt()
                             : WalkResult::advance();
                })
                .wasInterrupted();
        return works ? WalkResult::interrupt() : WalkResult::advance();
      })
      .wasInterrupted();
}

namespace {

/// `ASCEND_IS_AIC` is `constexpr(g_coreType == AscendC::AIC)` on the device,
/// which only an `if` can take: a query that only guards branches disappears
/// into them (CoreGuardLowering); any other use gets the comparison the macro
/// wraps.
template <typename OpTy> struct CoreTypeLowering : public AscOpLowering<OpTy> {
  CoreTypeLowering(const TypeConverter &typeConverter, MLIRContext *context,
                   StringRef coreType)
      : AscOpLowering<OpTy>(typeConverter, context), coreType(coreType) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (llvm::all_of(op->getUsers(), isCoreGuard)) {
      rewriter.eraseOp(op);
      return success();
    }
    Location loc = op.getLoc();
    Type intType = rewriter.getI32Type();
    Value current =
        emitc::LiteralOp::create(rewriter, loc, intType, "g_coreType");
    Value wanted = emitc::LiteralOp::create(rewriter, loc, intType, coreType);
    rewriter.replaceOpWithNewOp<emitc::CmpOp>(
        op, rewriter.getI1Type(), emitc::CmpPredicate::eq, current, wanted);
    return success();
  }

  std::string coreType;
};

/// `set_ffts_base_addr(*(__gm__ uint64_t *)ffts_addr);`: the launcher passes
/// the address of a GM word that holds the FFTS base address.
struct SetFftsBaseAddrLowering : public AscOpLowering<SetFftsBaseAddrOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(SetFftsBaseAddrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    emitc::VerbatimOp::create(rewriter, op.getLoc(),
                              "set_ffts_base_addr(*(__gm__ uint64_t *){});",
                              ValueRange{adaptor.getAddr()});
    rewriter.eraseOp(op);
    return success();
  }
};

/// `ffts_cross_core_sync(PIPE_MTE3, 3873);`
struct FftsCrossCoreSyncLowering : public AscOpLowering<FftsCrossCoreSyncOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(FftsCrossCoreSyncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string call = "ffts_cross_core_sync(" +
                       getEnumeratorName(stringifyPipeKind(op.getPipe())) +
                       ", " + std::to_string(op.getConfig()) + ");";
    emitc::VerbatimOp::create(rewriter, op.getLoc(), call);
    rewriter.eraseOp(op);
    return success();
  }
};

/// `GetUserWorkspace(workspace)`.
struct GetUserWorkspaceLowering : public AscOpLowering<GetUserWorkspaceOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(GetUserWorkspaceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = convert(op.getResult());
    if (!resultType)
      return failure();
    rewriter.replaceOp(op, createFreeCall(rewriter, op.getLoc(), resultType,
                                          "AscendC::GetUserWorkspace",
                                          adaptor.getWorkspace()));
    return success();
  }
};

/// `TCubeTiling tiling; CopyTiling(&tiling, tilingGm[ + offset]);`
struct GetTilingLowering : public AscOpLowering<GetTilingOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(GetTilingOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type tilingType = convert(op.getResult());
    if (!tilingType)
      return failure();
    auto module = op->getParentOfType<ModuleOp>();
    if (!module ||
        failed(ensureCopyTilingHelper(rewriter, module, op.getLoc())))
      return failure();
    Location loc = op.getLoc();
    Value tiling = createObjectVariable(rewriter, loc, tilingType);
    SmallVector<Value> operands = {tiling, adaptor.getSource()};
    std::string format = "CopyTiling(&{}, {}";
    if (Value offset = adaptor.getOffset()) {
      format += " + {}";
      operands.push_back(offset);
    }
    emitc::VerbatimOp::create(rewriter, loc, format + ");", operands);
    rewriter.replaceOp(op, tiling);
    return success();
  }
};

/// `TCubeTiling tiling = {}; tiling.M = m; ...` (every other member zero).
struct TilingCreateLowering : public AscOpLowering<TilingCreateOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(TilingCreateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto tilingType =
        dyn_cast_or_null<emitc::LValueType>(convert(op.getResult()));
    if (!tilingType)
      return failure();
    Location loc = op.getLoc();
    Value tiling = emitc::VariableOp::create(
        rewriter, loc, tilingType,
        emitc::OpaqueAttr::get(rewriter.getContext(), "{}"));
    for (auto [field, value] : llvm::zip(op.getFields(), adaptor.getValues())) {
      Value member = emitc::MemberOp::create(
          rewriter, loc, emitc::LValueType::get(value.getType()),
          stringifyTilingField(cast<TilingFieldAttr>(field).getValue()),
          tiling);
      emitc::AssignOp::create(rewriter, loc, member, value);
    }
    rewriter.replaceOp(op, tiling);
    return success();
  }
};

/// `int32_t v = tiling.baseM;`
struct TilingGetLowering : public AscOpLowering<TilingGetOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(TilingGetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = convert(op.getResult());
    if (!resultType)
      return failure();
    Value field = emitc::MemberOp::create(
        rewriter, op.getLoc(), emitc::LValueType::get(resultType),
        stringifyTilingField(op.getField()), adaptor.getTiling());
    rewriter.replaceOpWithNewOp<emitc::LoadOp>(op, resultType, field);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Patterns: functions and core guards
//===----------------------------------------------------------------------===//

/// func.func to emitc.func: a kernel (`asc.kernel`) becomes
/// `extern "C" __global__ __aicore__ void name(GM_ADDR ...)`, opened by
/// `KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);` when cube-only, any other
/// function a device function `__aicore__ inline`. Argument attributes
/// (`asc.no_alias`) have no C++ spelling and are dropped.
struct FuncOpLowering : public PreferredOpLowering<func::FuncOp> {
  FuncOpLowering(const TypeConverter &typeConverter, MLIRContext *context,
                 bool setSysWorkspace)
      : PreferredOpLowering(typeConverter, context),
        setSysWorkspace(setSysWorkspace) {}

  LogicalResult
  matchAndRewrite(func::FuncOp funcOp, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FunctionType type = funcOp.getFunctionType();
    if (type.getNumResults() > 1)
      return rewriter.notifyMatchFailure(funcOp, "expects at most one result");
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    for (auto [index, input] : llvm::enumerate(type.getInputs())) {
      Type converted = getTypeConverter()->convertType(input);
      if (!converted)
        return rewriter.notifyMatchFailure(funcOp, "unsupported argument type");
      signature.addInputs(index, converted);
    }
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertTypes(type.getResults(), results)))
      return rewriter.notifyMatchFailure(funcOp, "unsupported result type");

    auto module = funcOp->getParentOfType<ModuleOp>();
    if (module)
      ensurePrologue(rewriter, module);

    bool isKernel = funcOp->hasAttr(AscDialect::getKernelAttrName());
    bool isCubeOnly = AscDialect::isCubeOnlyKernel(funcOp);
    // Decided before the body moves into the new function.
    bool aicOnly = isCubeOnly && !hasVectorCoreCode(funcOp);
    std::optional<unsigned> sysWorkspace = getSysWorkspaceArgument(funcOp);
    if (module && isCubeOnly)
      ensureCubeOnlyDefine(rewriter, module);
    SmallVector<StringRef> specifiers;
    if (isKernel)
      specifiers = {"extern \"C\"", "__global__", "__aicore__"};
    else if (funcOp.isDeclaration())
      specifiers = {"__aicore__"};
    else
      specifiers = {"__aicore__", "inline"};

    auto newFuncOp = emitc::FuncOp::create(
        rewriter, funcOp.getLoc(), funcOp.getName(),
        FunctionType::get(getContext(), signature.getConvertedTypes(),
                          results));
    newFuncOp.setSpecifiersAttr(rewriter.getStrArrayAttr(specifiers));
    if (funcOp.isDeclaration()) {
      newFuncOp.setPrivate();
    } else {
      rewriter.inlineRegionBefore(funcOp.getBody(), newFuncOp.getBody(),
                                  newFuncOp.end());
      if (failed(rewriter.convertRegionTypes(&newFuncOp.getBody(),
                                             *getTypeConverter(), &signature)))
        return failure();
      // The kernel type comes first in the body, as the Ascend C samples
      // write it, then the system workspace.
      OpBuilder::InsertionGuard guard(rewriter);
      Block &entry = newFuncOp.getBody().front();
      rewriter.setInsertionPointToStart(&entry);
      if (aicOnly)
        emitc::VerbatimOp::create(rewriter, funcOp.getLoc(),
                                  kAicOnlyKernelType);
      if (sysWorkspace)
        createFreeCall(rewriter, funcOp.getLoc(), {},
                       "AscendC::SetSysWorkspace",
                       entry.getArgument(*sysWorkspace));
    }
    rewriter.eraseOp(funcOp);
    return success();
  }

  /// The argument SetSysWorkspace takes when the option asks for it and the
  /// kernel uses the system workspace (the pass checks that it exists).
  std::optional<unsigned> getSysWorkspaceArgument(func::FuncOp funcOp) const {
    if (!setSysWorkspace || !usesSysWorkspace(funcOp))
      return std::nullopt;
    return findWorkspaceArgument(funcOp);
  }

  bool setSysWorkspace;
};

/// A call of a device function: `emitc.call` with its results converted
/// like its operands. Upstream's FuncToEmitC keeps the call's result types,
/// which leaves an `emitc.call` returning an asc type (a helper returning a
/// GlobalTensor view) that the verifier rejects.
struct CallOpLowering : public PreferredOpLowering<func::CallOp> {
  using PreferredOpLowering::PreferredOpLowering;

  LogicalResult
  matchAndRewrite(func::CallOp callOp, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (callOp.getNumResults() > 1)
      return rewriter.notifyMatchFailure(callOp, "expects at most one result");
    SmallVector<Type> results;
    if (failed(
            getTypeConverter()->convertTypes(callOp.getResultTypes(), results)))
      return rewriter.notifyMatchFailure(callOp, "unsupported result type");
    rewriter.replaceOpWithNewOp<emitc::CallOp>(
        callOp, results, adaptor.getOperands(), callOp->getAttrs());
    return success();
  }
};

/// `if ASCEND_IS_AIC { ... } [else { ... }]`: an scf.if on asc.is_aic or
/// asc.is_aiv. The macro is `constexpr(g_coreType == AscendC::AIC)` on the
/// device, so it can only follow `if` directly; the branches become the
/// statements between verbatim braces.
struct CoreGuardLowering : public PreferredOpLowering<scf::IfOp> {
  using PreferredOpLowering::PreferredOpLowering;

  LogicalResult
  matchAndRewrite(scf::IfOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isCoreGuard(op))
      return failure();
    Operation *query = op.getCondition().getDefiningOp();
    StringRef macro = isa<IsAicOp>(query) ? "ASCEND_IS_AIC" : "ASCEND_IS_AIV";
    Location loc = op.getLoc();
    emitc::VerbatimOp::create(rewriter, loc, ("if " + macro + " {").str());
    inlineBranch(rewriter, op.thenBlock(), op);
    if (Block *elseBlock = op.elseBlock()) {
      emitc::VerbatimOp::create(rewriter, loc, "} else {");
      inlineBranch(rewriter, elseBlock, op);
    }
    emitc::VerbatimOp::create(rewriter, loc, "}");
    rewriter.eraseOp(op);
    return success();
  }

  /// Moves the branch's operations, without its yield, before `op`.
  static void inlineBranch(ConversionPatternRewriter &rewriter, Block *branch,
                           Operation *op) {
    rewriter.eraseOp(branch->getTerminator());
    rewriter.inlineBlockBefore(branch, op);
  }
};
} // namespace

void mlir::asc::populateKernelToEmitCPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns,
    bool setSysWorkspace) {
  MLIRContext *context = patterns.getContext();
  patterns.add<FuncOpLowering>(typeConverter, context, setSysWorkspace);
  patterns.add<CallOpLowering>(typeConverter, context);
  patterns.add<FreeQueryLowering<GetBlockIdxOp>>(typeConverter, context,
                                                 "AscendC::GetBlockIdx");
  patterns.add<FreeQueryLowering<GetBlockNumOp>>(typeConverter, context,
                                                 "AscendC::GetBlockNum");
  patterns.add<FreeQueryLowering<GetTaskRationOp>>(typeConverter, context,
                                                   "AscendC::GetTaskRation");
  // Declared at global scope by the CANN headers, not in AscendC.
  patterns.add<FreeQueryLowering<GetSysWorkspacePtrOp>>(typeConverter, context,
                                                        "GetSysWorkSpacePtr");
  patterns.add<CoreTypeLowering<IsAicOp>>(typeConverter, context,
                                          "AscendC::AIC");
  patterns.add<CoreTypeLowering<IsAivOp>>(typeConverter, context,
                                          "AscendC::AIV");
  patterns.add<GetUserWorkspaceLowering, GetTilingLowering, NullGmAddrLowering,
               TilingCreateLowering, TilingGetLowering, CoreGuardLowering,
               SetFftsBaseAddrLowering, FftsCrossCoreSyncLowering>(
      typeConverter, context);
}
