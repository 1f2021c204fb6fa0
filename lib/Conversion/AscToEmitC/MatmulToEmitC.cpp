//===- MatmulToEmitC.cpp - Matmul objects and their calls -----------------===//
//
// `matmul::Matmul<...> mm;`, `REGIST_MATMUL_OBJ(...)`, every member call of
// the Matmul high-level API with its compile-time flags spelled in place,
// and the `while (mm.Iterate()) { ... }` loop of the samples.
//
//===----------------------------------------------------------------------===//

#include "AscToEmitCPatterns.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::asc;

/// Declares the `constexpr static MatmulConfig` of `config` unless present.
static void ensureConfigDeclaration(OpBuilder &builder, ModuleOp module,
                                    MatmulConfigAttr config) {
  ensurePrologue(builder, module);
  std::string declaration = getConfigDeclaration(config);
  for (auto verbatim : module.getOps<emitc::VerbatimOp>())
    if (verbatim.getValue() == declaration)
      return;
  OpBuilder::InsertionGuard guard(builder);
  setInsertionPointAfterDeclarations(builder, module);
  emitc::VerbatimOp::create(builder, module.getLoc(), declaration);
}

namespace {

//===----------------------------------------------------------------------===//
// Patterns: Matmul objects
//===----------------------------------------------------------------------===//

/// `matmul::Matmul<...> mm;`, after the `constexpr static MatmulConfig` its
/// type names, if any.
struct MatmulCreateLowering : public AscOpLowering<MatmulCreateOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(MatmulCreateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type objectType = convert(op.getResult());
    if (!objectType)
      return failure();
    if (MatmulConfigAttr config = op.getType().getConfig()) {
      auto module = op->getParentOfType<ModuleOp>();
      if (!module)
        return failure();
      ensureConfigDeclaration(rewriter, module, config);
    }
    rewriter.replaceOp(op,
                       createObjectVariable(rewriter, op.getLoc(), objectType));
    return success();
  }
};

/// `REGIST_MATMUL_OBJ(&pipe, workspace, mm[, &tiling], ...);`
struct MatmulRegisterLowering : public AscOpLowering<MatmulRegisterOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(MatmulRegisterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // The verifier gives each object a tiling, or none.
    ValueRange matmuls = adaptor.getMatmuls();
    ValueRange tilings = adaptor.getTilings();
    SmallVector<CallArg> args = {CallArg::addressOf(adaptor.getPipe()),
                                 adaptor.getWorkspace()};
    for (auto [index, matmul] : llvm::enumerate(matmuls)) {
      args.push_back(matmul);
      if (!tilings.empty())
        args.push_back(CallArg::addressOf(tilings[index]));
    }
    FormattedCall call = formatCall("REGIST_MATMUL_OBJ", {}, args);
    emitc::VerbatimOp::create(rewriter, op.getLoc(), call.format + ";",
                              call.operands);
    rewriter.eraseOp(op);
    return success();
  }
};

/// A Matmul member call without result, `mm.<callee><templateArgs>(args);`.
/// `Derived` gives the arguments (`static getArgs(op, adaptor)`) and may
/// hide getTemplateArgs; the callee is the pattern's.
template <typename Derived, typename OpTy>
struct MatmulStatementLowering : public AscOpLowering<OpTy> {
  using Adaptor = typename OpTy::Adaptor;

  MatmulStatementLowering(const TypeConverter &typeConverter,
                          MLIRContext *context, StringRef callee)
      : AscOpLowering<OpTy>(typeConverter, context), callee(callee.str()) {}

  static SmallVector<std::string> getTemplateArgs(OpTy) { return {}; }

  LogicalResult
  matchAndRewrite(OpTy op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<CallArg> args = Derived::getArgs(op, adaptor);
    SmallVector<std::string> templateArgs = Derived::getTemplateArgs(op);
    createMemberCallStatement(rewriter, op.getLoc(), adaptor.getMatmul(),
                              callee, templateArgs, args);
    rewriter.eraseOp(op);
    return success();
  }

  std::string callee;
};

/// `bool more = mm.Iterate<sync>(enPartialSum[, localC]);`
struct MatmulIterateLowering : public AscOpLowering<MatmulIterateOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(MatmulIterateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = convert(op.getMore());
    if (!resultType)
      return failure();
    SmallVector<CallArg> args = {
        CallArg(getLiteral(op.getEnPartialSum())).withDefault("false")};
    if (Value localC = adaptor.getLocalCMatrix())
      args.push_back(localC);
    replaceByMemberCall(rewriter, op, resultType, adaptor.getMatmul(),
                        "Iterate", {getLiteral(op.getSync())}, args);
    return success();
  }
};

/// Base of the calls that fetch C: a statement into the given destination,
/// or a value when the op returns the block (a view of the workspace).
template <typename OpTy> struct FetchLowering : public AscOpLowering<OpTy> {
  using AscOpLowering<OpTy>::AscOpLowering;

  LogicalResult replaceByFetch(ConversionPatternRewriter &rewriter, OpTy op,
                               Value matmul, StringRef callee,
                               ArrayRef<std::string> templateArgs,
                               ArrayRef<CallArg> args) const {
    Type resultType;
    if (Value result = op.getResult())
      if (!(resultType = this->convert(result)))
        return failure();
    replaceByMemberCall(rewriter, op, resultType, matmul, callee, templateArgs,
                        args);
    return success();
  }
};

/// `mm.GetTensorC<sync>(dst[, ub], enAtomic, enSequentialWrite);` or
/// `GlobalTensor<T> blk = mm.GetTensorC<false>(enAtomic, enSequentialWrite);`
struct MatmulGetTensorCLowering : public FetchLowering<MatmulGetTensorCOp> {
  using FetchLowering::FetchLowering;

  LogicalResult
  matchAndRewrite(MatmulGetTensorCOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<CallArg> args(adaptor.getDsts().begin(),
                              adaptor.getDsts().end());
    args.push_back(
        CallArg(getLiteral(int64_t(op.getEnAtomic()))).withDefault("0"));
    args.push_back(
        CallArg(getLiteral(op.getEnSequentialWrite())).withDefault("false"));
    SmallVector<std::string> templateArgs = {getLiteral(op.getSync())};
    return replaceByFetch(rewriter, op, adaptor.getMatmul(), "GetTensorC",
                          templateArgs, args);
  }
};

/// `GlobalTensor<T> r = mm.GetBatchTensorC<sync>(batchA, batchB, enSeq);` or
/// `mm.GetBatchTensorC<sync>(dst, batchA, batchB, enSeq);`
struct MatmulGetBatchTensorCLowering
    : public FetchLowering<MatmulGetBatchTensorCOp> {
  using FetchLowering::FetchLowering;

  LogicalResult
  matchAndRewrite(MatmulGetBatchTensorCOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<CallArg> args;
    if (Value dst = adaptor.getDst())
      args.push_back(dst);
    args.append(
        {adaptor.getBatchA(), adaptor.getBatchB(),
         CallArg(getLiteral(op.getEnSequentialWrite())).withDefault("false")});
    SmallVector<std::string> templateArgs = {getLiteral(op.getSync())};
    return replaceByFetch(rewriter, op, adaptor.getMatmul(), "GetBatchTensorC",
                          templateArgs, args);
  }
};

/// The Iterate call an scf.while asks in its condition region, when that
/// region only calls it and passes its loop-carried values through.
static MatmulIterateOp getIterateCondition(scf::WhileOp op) {
  Block &before = op.getBefore().front();
  if (!llvm::hasSingleElement(before.without_terminator()))
    return {};
  auto iterate = dyn_cast<MatmulIterateOp>(before.front());
  auto condition = dyn_cast<scf::ConditionOp>(before.getTerminator());
  if (!iterate || !condition || iterate.getLocalCMatrix() ||
      condition.getCondition() != iterate.getMore() ||
      !iterate.getMore().hasOneUse() ||
      !llvm::equal(condition.getArgs(), before.getArguments()))
    return {};
  return iterate;
}

/// `while (mm.Iterate()) { ... }`: the loop the Matmul samples write, from an
/// scf.while whose condition only calls Iterate. A loop-carried value lives
/// in a variable the body assigns.
struct IterateLoopLowering : public PreferredOpLowering<scf::WhileOp> {
  using PreferredOpLowering::PreferredOpLowering;

  LogicalResult
  matchAndRewrite(scf::WhileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MatmulIterateOp iterate = getIterateCondition(op);
    if (!iterate)
      return failure();
    // Carried values keep their type: the body's yield is still unconverted.
    for (Type type : op.getResultTypes())
      if (getTypeConverter()->convertType(type) != type)
        return failure();
    Location loc = op.getLoc();
    // A carried value's variable is the condition region's argument (the
    // value the loop tests with), its load in the body the body's argument:
    // each is built at its argument's location, which has its source name.
    SmallVector<Value> variables;
    for (auto [init, argument] :
         llvm::zip(adaptor.getInits(), op.getBefore().getArguments()))
      variables.push_back(
          createCarriedVariable(rewriter, loc, argument.getLoc(), init));

    FormattedCall call = formatCall(
        "Iterate", {getLiteral(iterate.getSync())},
        {CallArg(getLiteral(iterate.getEnPartialSum())).withDefault("false")});
    emitc::VerbatimOp::create(rewriter, loc,
                              "while ({}." + call.format + ") {{",
                              rewriter.getRemappedValue(iterate.getMatmul()));
    Block &after = op.getAfter().front();
    Operation *yield = after.getTerminator();
    rewriter.inlineBlockBefore(
        &after, op,
        loadAll(rewriter, variables,
                llvm::map_to_vector(
                    after.getArguments(),
                    [](BlockArgument argument) { return argument.getLoc(); })));
    rewriter.setInsertionPoint(yield);
    for (auto [variable, next] : llvm::zip(variables, yield->getOperands()))
      emitc::AssignOp::create(rewriter, loc, variable, next);
    rewriter.eraseOp(yield);
    rewriter.setInsertionPoint(op);
    emitc::VerbatimOp::create(rewriter, loc, "}");
    // The results are the variables after the loop; nothing reads unused
    // ones (no `int32_t v40 = round;` left behind).
    if (op->use_empty())
      rewriter.eraseOp(op);
    else
      rewriter.replaceOp(op,
                         loadAll(rewriter, variables,
                                 SmallVector<Location>(variables.size(), loc)));
    return success();
  }

  /// `T v = init;` when `init` is a literal, else `T v; v = init;`. The
  /// variable is built at `variableLoc`.
  static Value createCarriedVariable(OpBuilder &builder, Location loc,
                                     Location variableLoc, Value init) {
    auto type = emitc::LValueType::get(init.getType());
    std::string initText;
    if (auto literal = init.getDefiningOp<emitc::LiteralOp>())
      initText = literal.getValue();
    Value variable = emitc::VariableOp::create(
        builder, variableLoc, type,
        emitc::OpaqueAttr::get(builder.getContext(), initText));
    if (initText.empty())
      emitc::AssignOp::create(builder, loc, variable, init);
    return variable;
  }

  /// Loads each of `variables`, built at the matching location of `locs`.
  static SmallVector<Value> loadAll(OpBuilder &builder, ValueRange variables,
                                    ArrayRef<Location> locs) {
    SmallVector<Value> loads;
    for (auto [variable, loc] : llvm::zip(variables, locs))
      loads.push_back(emitc::LoadOp::create(
          builder, loc,
          cast<emitc::LValueType>(variable.getType()).getValueType(),
          variable));
    return loads;
  }
};

} // namespace

//===----------------------------------------------------------------------===//
// Matmul call arguments
//===----------------------------------------------------------------------===//

/// Strides of a batched call: the operands, or the API's default 0.
template <typename OpTy>
static void appendStrides(SmallVectorImpl<CallArg> &args,
                          typename OpTy::Adaptor adaptor) {
  for (Value stride :
       {adaptor.getStrideA(), adaptor.getStrideB(), adaptor.getStrideC()})
    args.push_back(valueOr(stride, "0").withDefault("0"));
}

namespace {

//===----------------------------------------------------------------------===//
// Patterns: Matmul calls without result
//===----------------------------------------------------------------------===//

/// `mm.Init(&tiling[, &pipe]);`
struct MatmulInitLowering
    : public MatmulStatementLowering<MatmulInitLowering, MatmulInitOp> {
  using MatmulStatementLowering::MatmulStatementLowering;

  static SmallVector<CallArg> getArgs(MatmulInitOp, OpAdaptor adaptor) {
    SmallVector<CallArg> args = {CallArg::addressOf(adaptor.getTiling())};
    if (Value pipe = adaptor.getPipe())
      args.push_back(CallArg::addressOf(pipe));
    return args;
  }
};

/// `mm.SetTensorA(a[, isTranspose]);` and `mm.SetTensorB(b[, isTranspose]);`
template <typename OpTy>
struct MatmulSetTensorLowering
    : public MatmulStatementLowering<MatmulSetTensorLowering<OpTy>, OpTy> {
  using MatmulStatementLowering<MatmulSetTensorLowering<OpTy>,
                                OpTy>::MatmulStatementLowering;

  static SmallVector<CallArg> getArgs(OpTy op, typename OpTy::Adaptor adaptor) {
    SmallVector<CallArg> args = {adaptor.getInput()};
    if (std::optional<bool> transpose = op.getIsTranspose())
      args.push_back(CallArg(getLiteral(*transpose)).withDefault("false"));
    return args;
  }
};

/// A Matmul call whose arguments are the op's operands after the object, in
/// order, and whose name is the op's after `asc.matmul.` in CamelCase:
/// `mm.SetBias(bias);`, `mm.SetSingleShape(m, n, k);`, `mm.End();`.
template <typename OpTy>
struct MatmulOperandsLowering
    : public MatmulStatementLowering<MatmulOperandsLowering<OpTy>, OpTy> {
  MatmulOperandsLowering(const TypeConverter &typeConverter,
                         MLIRContext *context)
      : MatmulStatementLowering<MatmulOperandsLowering<OpTy>, OpTy>(
            typeConverter, context, getCallee()) {}

  /// `asc.matmul.set_bias` calls `SetBias`.
  static std::string getCallee() {
    StringRef name = OpTy::getOperationName();
    name.consume_front("asc.matmul.");
    return llvm::convertToCamelFromSnakeCase(name, /*capitalizeFirst=*/true);
  }

  static SmallVector<CallArg> getArgs(OpTy, typename OpTy::Adaptor adaptor) {
    return llvm::to_vector_of<CallArg>(adaptor.getOperands().drop_front());
  }
};

/// `mm.SetOrgShape(orgM, orgN, orgKa[, orgKb, orgKc]);`
struct MatmulSetOrgShapeLowering
    : public MatmulStatementLowering<MatmulSetOrgShapeLowering,
                                     MatmulSetOrgShapeOp> {
  using MatmulStatementLowering::MatmulStatementLowering;

  static SmallVector<CallArg> getArgs(MatmulSetOrgShapeOp, OpAdaptor adaptor) {
    SmallVector<CallArg> args = {adaptor.getOrgM(), adaptor.getOrgN(),
                                 adaptor.getOrgKa()};
    if (adaptor.getOrgKb())
      args.append({adaptor.getOrgKb(), adaptor.getOrgKc()});
    return args;
  }
};

/// `mm.SetTail(tailM, tailN, tailK);`, each -1 when absent.
struct MatmulSetTailLowering
    : public MatmulStatementLowering<MatmulSetTailLowering, MatmulSetTailOp> {
  using MatmulStatementLowering::MatmulStatementLowering;

  static SmallVector<CallArg> getArgs(MatmulSetTailOp, OpAdaptor adaptor) {
    return {CallArg(adaptor.getTailM()).withDefault("-1"),
            CallArg(adaptor.getTailN()).withDefault("-1"),
            CallArg(adaptor.getTailK()).withDefault("-1")};
  }
};

/// `mm.SetSelfDefineData(data);`, `mm.SetUserDefInfo(tilingPtr);`: CANN
/// takes a `uint64_t`, so a GM pointer is passed as `(uint64_t)ptr`.
template <typename OpTy>
struct MatmulUserWordLowering : public AscOpLowering<OpTy> {
  MatmulUserWordLowering(const TypeConverter &typeConverter,
                         MLIRContext *context, StringRef callee)
      : AscOpLowering<OpTy>(typeConverter, context), callee(callee.str()) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value word = adaptor.getOperands()[1];
    if (isa<GmAddrType>(op->getOperand(1).getType()))
      word = emitc::CastOp::create(
          rewriter, op.getLoc(),
          rewriter.getIntegerType(64, /*isSigned=*/false), word);
    createMemberCallStatement(rewriter, op.getLoc(), adaptor.getMatmul(),
                              callee, {}, {CallArg(word)});
    rewriter.eraseOp(op);
    return success();
  }

  std::string callee;
};

/// `mm.SetHF32(enableHF32, transMode);`
struct MatmulSetHf32Lowering
    : public MatmulStatementLowering<MatmulSetHf32Lowering, MatmulSetHf32Op> {
  using MatmulStatementLowering::MatmulStatementLowering;

  static SmallVector<CallArg> getArgs(MatmulSetHf32Op op, OpAdaptor) {
    return {CallArg(getLiteral(op.getEnableHf32())).withDefault("false"),
            CallArg(getLiteral(int64_t(op.getTransMode()))).withDefault("0")};
  }
};

/// IterateAll: `<sync>(c, enAtomic, enSequentialWrite, waitIterateAll,
/// fakeMsg)` to GM, `<sync>(c, enAtomic)` to a local tensor.
struct MatmulIterateAllLowering
    : public MatmulStatementLowering<MatmulIterateAllLowering,
                                     MatmulIterateAllOp> {
  using MatmulStatementLowering::MatmulStatementLowering;

  static SmallVector<CallArg> getArgs(MatmulIterateAllOp op,
                                      OpAdaptor adaptor) {
    SmallVector<CallArg> args = {
        adaptor.getC(),
        CallArg(getLiteral(int64_t(op.getEnAtomic()))).withDefault("0")};
    if (!isGlobalTensorType(op.getC().getType()))
      return args;
    for (bool flag : {op.getEnSequentialWrite().value_or(false),
                      op.getWaitIterateAll().value_or(false),
                      op.getFakeMsg().value_or(false)})
      args.push_back(CallArg(getLiteral(flag)).withDefault("false"));
    return args;
  }

  static SmallVector<std::string> getTemplateArgs(MatmulIterateAllOp op) {
    return {getLiteral(op.getSync())};
  }
};

/// IterateBatch, mix form: `<sync, waitIterateBatch>(c, batchA, batchB,
/// enSequentialWrite, strideA, strideB, strideC[, enPartialSum[,
/// enAtomic]])` (`<sync>` to a local tensor); cube-only form: `(c,
/// enPartialSum, enAtomic, enSequentialWrite, strideA, strideB, strideC)`.
struct MatmulIterateBatchLowering
    : public MatmulStatementLowering<MatmulIterateBatchLowering,
                                     MatmulIterateBatchOp> {
  using MatmulStatementLowering::MatmulStatementLowering;

  static SmallVector<CallArg> getArgs(MatmulIterateBatchOp op,
                                      OpAdaptor adaptor) {
    std::string partialSum = getLiteral(op.getEnPartialSum().value_or(false));
    std::string atomic = getLiteral(int64_t(op.getEnAtomic()));
    std::string sequential = getLiteral(op.getEnSequentialWrite());
    SmallVector<CallArg> args = {adaptor.getC()};
    if (!op.isMixForm()) {
      args.append({partialSum, atomic, sequential});
      appendStrides<MatmulIterateBatchOp>(args, adaptor);
      return args;
    }
    args.append({adaptor.getBatchA(), adaptor.getBatchB(), sequential});
    appendStrides<MatmulIterateBatchOp>(args, adaptor);
    args.push_back(CallArg(partialSum).withDefault("false"));
    args.push_back(CallArg(atomic).withDefault("0"));
    return args;
  }

  static SmallVector<std::string> getTemplateArgs(MatmulIterateBatchOp op) {
    if (!op.isMixForm())
      return {};
    SmallVector<std::string> templateArgs = {getLiteral(op.getSync())};
    if (isGlobalTensorType(op.getC().getType()))
      templateArgs.push_back(
          getLiteral(op.getWaitIterateBatch().value_or(false)));
    return templateArgs;
  }
};

/// `mm.IterateNBatch<sync, waitIterateBatch>(batchLoop, batchA, batchB,
/// enSequentialWrite, strideA, strideB, strideC);`
struct MatmulIterateNBatchLowering
    : public MatmulStatementLowering<MatmulIterateNBatchLowering,
                                     MatmulIterateNBatchOp> {
  using MatmulStatementLowering::MatmulStatementLowering;

  static SmallVector<CallArg> getArgs(MatmulIterateNBatchOp op,
                                      OpAdaptor adaptor) {
    SmallVector<CallArg> args = {adaptor.getBatchLoop(), adaptor.getBatchA(),
                                 adaptor.getBatchB(),
                                 getLiteral(op.getEnSequentialWrite())};
    appendStrides<MatmulIterateNBatchOp>(args, adaptor);
    return args;
  }

  static SmallVector<std::string> getTemplateArgs(MatmulIterateNBatchOp op) {
    return {getLiteral(op.getSync()),
            getLiteral(op.getWaitIterateBatch().value_or(false))};
  }
};

} // namespace

void mlir::asc::populateMatmulToEmitCPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<MatmulCreateLowering, MatmulRegisterLowering,
               MatmulIterateLowering, MatmulGetTensorCLowering,
               MatmulGetBatchTensorCLowering, IterateLoopLowering>(
      typeConverter, patterns.getContext());
  MLIRContext *context = patterns.getContext();
  patterns.add<MatmulInitLowering>(typeConverter, context, "Init");
  patterns.add<MatmulSetTensorLowering<MatmulSetTensorAOp>>(
      typeConverter, context, "SetTensorA");
  patterns.add<MatmulSetTensorLowering<MatmulSetTensorBOp>>(
      typeConverter, context, "SetTensorB");
  patterns.add<MatmulSetOrgShapeLowering>(typeConverter, context,
                                          "SetOrgShape");
  patterns.add<MatmulSetTailLowering>(typeConverter, context, "SetTail");
  patterns.add<MatmulSetHf32Lowering>(typeConverter, context, "SetHF32");
  patterns.add<MatmulUserWordLowering<MatmulSetSelfDefineDataOp>>(
      typeConverter, context, "SetSelfDefineData");
  patterns.add<MatmulUserWordLowering<MatmulSetUserDefInfoOp>>(
      typeConverter, context, "SetUserDefInfo");
  patterns.add<MatmulIterateAllLowering>(typeConverter, context, "IterateAll");
  patterns.add<MatmulIterateBatchLowering>(typeConverter, context,
                                           "IterateBatch");
  patterns.add<MatmulIterateNBatchLowering>(typeConverter, context,
                                            "IterateNBatch");
  patterns.add<MatmulOperandsLowering<MatmulSetBiasOp>,
               MatmulOperandsLowering<MatmulDisableBiasOp>,
               MatmulOperandsLowering<MatmulSetSingleShapeOp>,
               MatmulOperandsLowering<MatmulSetWorkspaceOp>,
               MatmulOperandsLowering<MatmulSetBatchNumOp>,
               MatmulOperandsLowering<MatmulSetSubBlockIdxOp>,
               MatmulOperandsLowering<MatmulSetQuantScalarOp>,
               MatmulOperandsLowering<MatmulSetQuantVectorOp>,
               MatmulOperandsLowering<MatmulAsyncGetTensorCOp>,
               MatmulOperandsLowering<MatmulWaitIterateAllOp>,
               MatmulOperandsLowering<MatmulWaitIterateBatchOp>,
               MatmulOperandsLowering<MatmulWaitGetTensorCOp>,
               MatmulOperandsLowering<MatmulEndOp>>(typeConverter, context);
}
