//===- AscToEmitC.cpp - asc to EmitC conversion ---------------------------===//
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
// docs/Rationale.md explains these choices.
//
//===----------------------------------------------------------------------===//

#include "asc/Conversion/AscToEmitC/AscToEmitC.h"
#include "ScalarToEmitC.h"
#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/Conversion/ArithToEmitC/ArithToEmitC.h"
#include "mlir/Conversion/FuncToEmitC/FuncToEmitC.h"
#include "mlir/Conversion/SCFToEmitC/SCFToEmitC.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/EmitC/Transforms/TypeConversions.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Format.h"

namespace mlir::asc {
#define GEN_PASS_DEF_CONVERTASCTOEMITC
#include "asc/Conversion/Passes.h.inc"
} // namespace mlir::asc

using namespace mlir;
using namespace mlir::asc;

//===----------------------------------------------------------------------===//
// C++ spellings
//===----------------------------------------------------------------------===//

/// The Ascend C spelling of a scalar type (`half`, `int32_t`, ...), or an
/// empty string when Ascend C has none.
static std::string getScalarTypeName(Type type) {
  if (type.isF16())
    return "half";
  if (type.isBF16())
    return "bfloat16_t";
  if (type.isF32())
    return "float";
  auto integer = dyn_cast<IntegerType>(type);
  if (!integer || integer.isSigned())
    return "";
  unsigned width = integer.getWidth();
  if (width == 1)
    return "bool";
  if (width == 4)
    return integer.isUnsigned() ? "" : "int4b_t";
  if (!llvm::is_contained({8u, 16u, 32u, 64u}, width))
    return "";
  return (Twine(integer.isUnsigned() ? "uint" : "int") + Twine(width) + "_t")
      .str();
}

/// An enumerator spelled as its C++ name: the asc keyword in upper case.
static std::string getEnumeratorName(StringRef keyword) {
  return keyword.upper();
}

static std::string getPositionName(TPosition position) {
  return "AscendC::TPosition::" +
         getEnumeratorName(stringifyTPosition(position));
}

/// `matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half[, isTrans
/// [, LayoutMode]]>`; trailing default arguments are left out.
static std::string getMatmulPartTypeName(MatmulPartAttr part) {
  std::string elementName = getScalarTypeName(part.getElementType());
  if (elementName.empty())
    return "";
  std::string name = "matmul::MatmulType<" +
                     getPositionName(part.getPosition()) + ", CubeFormat::" +
                     getEnumeratorName(stringifyCubeFormat(part.getFormat())) +
                     ", " + elementName;
  bool hasLayout = part.getLayout() != LayoutMode::NONE;
  if (part.getTransposed() || hasLayout)
    name += part.getTransposed() ? ", true" : ", false";
  if (hasLayout)
    name += ", LayoutMode::" +
            getEnumeratorName(stringifyLayoutMode(part.getLayout()));
  return name + ">";
}

/// The preset function a MatmulConfig starts from, or an empty string for a
/// preset whose arguments the attribute does not carry.
static StringRef getConfigPresetFunction(MatmulConfigKind kind) {
  switch (kind) {
  case MatmulConfigKind::Norm:
    return "GetNormalConfig";
  case MatmulConfigKind::MDL:
    return "GetMDLConfig";
  case MatmulConfigKind::SpecialMDL:
    return "GetSpecialMDLConfig";
  case MatmulConfigKind::IBShareNorm:
    return "GetIBShareNormConfig";
  case MatmulConfigKind::Basic:
    // GetBasicConfig(basicM, basicN, basicK) needs the basic block sizes.
    return "";
  }
  llvm_unreachable("unknown MatmulConfigKind");
}

/// The name of the `constexpr static MatmulConfig` of a configuration. It is
/// derived from the configuration, so that two objects with different
/// configurations never collide and objects of one Matmul type (one C++
/// type) share one constant.
static std::string getConfigName(MatmulConfigAttr config) {
  std::string name =
      "MM_CFG_" +
      getEnumeratorName(stringifyMatmulConfigKind(config.getKind()));
  if (config.getIsNBatch())
    name += "_NBATCH";
  return name;
}

/// `constexpr static MatmulConfig MM_CFG_NORM_NBATCH = GetNormalConfig(false,
/// true);`: the presets take (intrinsicsLimit, batchLoop, ...) first.
static std::string getConfigDeclaration(MatmulConfigAttr config) {
  std::string init = getConfigPresetFunction(config.getKind()).str() + "(";
  if (config.getIsNBatch())
    init += "false, true";
  init += ")";
  return "constexpr static MatmulConfig " + getConfigName(config) + " = " +
         init + ";";
}

/// `matmul::Matmul<A, B, C[, Bias][, MM_CFG]>`; with a config and no bias,
/// the bias slot repeats C, its default.
static std::string getMatmulTypeName(MatmulType type) {
  SmallVector<MatmulPartAttr> parts = {type.getA(), type.getB(), type.getC()};
  if (type.getBias())
    parts.push_back(type.getBias());
  else if (type.getConfig())
    parts.push_back(type.getC());
  std::string name = "matmul::Matmul<";
  for (auto [index, part] : llvm::enumerate(parts)) {
    std::string partName = getMatmulPartTypeName(part);
    if (partName.empty())
      return "";
    name += (index ? ", " : "") + partName;
  }
  if (MatmulConfigAttr config = type.getConfig()) {
    if (getConfigPresetFunction(config.getKind()).empty())
      return "";
    name += ", " + getConfigName(config);
  }
  return name + ">";
}

static std::string getTensorTypeName(StringRef tensorClass, Type elementType) {
  std::string elementName = getScalarTypeName(elementType);
  if (elementName.empty())
    return "";
  return ("AscendC::" + tensorClass + "<" + elementName + ">").str();
}

/// C++ text of a compile-time flag or count.
static std::string getLiteral(bool value) { return value ? "true" : "false"; }
static std::string getLiteral(int64_t value) { return std::to_string(value); }

//===----------------------------------------------------------------------===//
// Type conversion
//===----------------------------------------------------------------------===//

/// Ascend C objects a kernel declares once and uses in place.
static bool isAscObjectType(Type type) {
  return isa<PipeType, QueueType, TilingType, MatmulType>(type);
}

static Type getOpaqueType(MLIRContext *context, StringRef name) {
  if (name.empty())
    return {};
  return emitc::OpaqueType::get(context, name);
}

static Type getObjectType(MLIRContext *context, StringRef name) {
  if (name.empty())
    return {};
  return emitc::LValueType::get(emitc::OpaqueType::get(context, name));
}

void mlir::asc::populateAscToEmitCTypeConversions(
    TypeConverter &typeConverter) {
  typeConverter.addConversion([](GmAddrType type) -> Type {
    return getOpaqueType(type.getContext(), "GM_ADDR");
  });
  typeConverter.addConversion([](GlobalTensorType type) -> Type {
    return getOpaqueType(
        type.getContext(),
        getTensorTypeName("GlobalTensor", type.getElementType()));
  });
  typeConverter.addConversion([](LocalTensorType type) -> Type {
    return getOpaqueType(
        type.getContext(),
        getTensorTypeName("LocalTensor", type.getElementType()));
  });
  typeConverter.addConversion([](PipeType type) -> Type {
    return getObjectType(type.getContext(), "AscendC::TPipe");
  });
  typeConverter.addConversion([](QueueType type) -> Type {
    return getObjectType(type.getContext(),
                         "AscendC::TQue<" +
                             getPositionName(type.getPosition()) + ", " +
                             std::to_string(type.getDepth()) + ">");
  });
  typeConverter.addConversion([](TilingType type) -> Type {
    return getObjectType(type.getContext(), "TCubeTiling");
  });
  typeConverter.addConversion([](MatmulType type) -> Type {
    return getObjectType(type.getContext(), getMatmulTypeName(type));
  });
  typeConverter.addConversion([](Float16Type type) -> Type {
    return getOpaqueType(type.getContext(), "half");
  });
  typeConverter.addConversion([](BFloat16Type type) -> Type {
    return getOpaqueType(type.getContext(), "bfloat16_t");
  });
}

//===----------------------------------------------------------------------===//
// Module-level declarations
//===----------------------------------------------------------------------===//

static constexpr StringLiteral kKernelOperatorHeader = "kernel_operator.h";
static constexpr StringLiteral kMatmulHeader = "lib/matmul_intf.h";
static constexpr StringLiteral kUsingAscendC = "using namespace AscendC;";
static constexpr StringLiteral kCubeOnlyDefine = "#define ASCENDC_CUBE_ONLY";
static constexpr StringLiteral kAicOnlyKernelType =
    "KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);";
static constexpr StringLiteral kCopyTilingName = "CopyTiling";

/// True for the ops the prologue and the declarations consist of.
static bool isModuleDeclaration(Operation &op) {
  return isa<emitc::IncludeOp, emitc::VerbatimOp>(op);
}

/// Adds `#include "kernel_operator.h"`, `#include "lib/matmul_intf.h"` and
/// `using namespace AscendC;` at the top of `module` unless present.
static void ensurePrologue(OpBuilder &builder, ModuleOp module) {
  for (auto include : module.getOps<emitc::IncludeOp>())
    if (include.getInclude() == kKernelOperatorHeader)
      return;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());
  Location loc = module.getLoc();
  emitc::IncludeOp::create(builder, loc, kKernelOperatorHeader);
  emitc::IncludeOp::create(builder, loc, kMatmulHeader);
  emitc::VerbatimOp::create(builder, loc, kUsingAscendC);
}

/// Defines ASCENDC_CUBE_ONLY right before `#include "lib/matmul_intf.h"`
/// unless defined: the header then makes every Matmul object the cube-side
/// implementation. Without it a cube-only kernel runs the mix-mode server
/// loop on the cube core and never returns.
static void ensureCubeOnlyDefine(OpBuilder &builder, ModuleOp module) {
  ensurePrologue(builder, module);
  for (auto verbatim : module.getOps<emitc::VerbatimOp>())
    if (verbatim.getValue() == kCubeOnlyDefine)
      return;
  for (auto include : module.getOps<emitc::IncludeOp>()) {
    if (include.getInclude() != kMatmulHeader)
      continue;
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(include);
    emitc::VerbatimOp::create(builder, module.getLoc(), kCubeOnlyDefine);
    return;
  }
}

/// Sets the insertion point after the prologue and the declarations so far.
static void setInsertionPointAfterDeclarations(OpBuilder &builder,
                                               ModuleOp module) {
  Block *body = module.getBody();
  auto it = llvm::find_if_not(*body, isModuleDeclaration);
  builder.setInsertionPoint(body, it);
}

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

/// Defines the CopyTiling helper of the Ascend C Matmul samples unless
/// present: it copies a TCubeTiling out of global memory word by word.
///
///   __aicore__ inline void CopyTiling(TCubeTiling* v1, GM_ADDR v2) {
///     uint32_t* v3 = (uint32_t*) v1;
///     __gm__ uint32_t* v4 = (__gm__ uint32_t*) v2;
///     for (size_t v5 = 0; v5 < sizeof(TCubeTiling) / sizeof(uint32_t);
///          v5 += 1) {
///       v3[v5] = v4[v5];
///     }
///   }
static LogicalResult ensureCopyTilingHelper(OpBuilder &builder, ModuleOp module,
                                            Location loc) {
  ensurePrologue(builder, module);
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
  Block *entry = helper.addEntryBlock();
  builder.setInsertionPointToStart(entry);

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
  emitc::VerbatimOp::create(builder, loc, "{}[{}] = {}[{}];",
                            ValueRange{dst, index, src, index});
  builder.setInsertionPointAfter(loop);
  emitc::ReturnOp::create(builder, loc, Value());
  return success();
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

namespace {

/// One argument of an emitted C++ call: an SSA value, the address of one
/// (`&tiling`), or C++ text (a compile-time flag or count), with the
/// parameter's default when it has one.
struct CallArg {
  CallArg(Value value) : value(value) {}
  CallArg(std::string text) : text(std::move(text)) {}
  CallArg(const char *text) : text(text) {}
  static CallArg addressOf(Value value) {
    CallArg arg(value);
    arg.takeAddress = true;
    return arg;
  }
  /// This argument for a parameter whose default is `defaultText`.
  CallArg withDefault(StringRef defaultText) && {
    this->defaultText = defaultText.str();
    return std::move(*this);
  }

  /// True when the argument spells the parameter's default: the same text,
  /// or a literal of it (constants are literals).
  bool isDefault() const {
    if (defaultText.empty())
      return false;
    if (!value)
      return text == defaultText;
    auto literal = value.getDefiningOp<emitc::LiteralOp>();
    return literal && literal.getValue() == defaultText;
  }

  Value value;
  std::string text;
  bool takeAddress = false;
  std::string defaultText;
};

/// Text of an emitted statement or expression with `{}` placeholders, and the
/// operands that fill them.
struct FormattedCall {
  std::string format;
  SmallVector<Value> operands;

  bool hasOperands() const { return !operands.empty(); }
};

} // namespace

/// Escapes text for an emitc.verbatim format string.
static std::string escapeFormat(StringRef text) {
  std::string escaped;
  for (char c : text) {
    escaped += c;
    if (c == '{')
      escaped += '{';
  }
  return escaped;
}

/// The defaults of the Matmul calls' template parameters: `sync` and, for
/// the batched calls, `waitIterateBatch`.
static ArrayRef<StringRef> getTemplateDefaults(StringRef callee) {
  static const StringRef syncOnly[] = {"true"};
  static const StringRef syncAndWait[] = {"true", "false"};
  return llvm::StringSwitch<ArrayRef<StringRef>>(callee)
      .Cases({"Iterate", "IterateAll", "GetTensorC", "GetBatchTensorC"},
             syncOnly)
      .Cases({"IterateBatch", "IterateNBatch"}, syncAndWait)
      .Default({});
}

/// Formats `callee<templateArgs>(args)`, with `{}` placeholders for the SSA
/// arguments when `forVerbatim` and as plain C++ text otherwise (every
/// argument is then text).
static FormattedCall formatCall(StringRef callee,
                                ArrayRef<std::string> templateArgs,
                                ArrayRef<CallArg> args,
                                bool forVerbatim = true) {
  auto text = [&](StringRef piece) {
    return forVerbatim ? escapeFormat(piece) : piece.str();
  };
  // A call reads as written by hand: trailing arguments that repeat their
  // parameter's default are left out, as are trailing template arguments
  // that do.
  while (!args.empty() && args.back().isDefault())
    args = args.drop_back();
  ArrayRef<StringRef> templateDefaults = getTemplateDefaults(callee);
  while (!templateArgs.empty() &&
         templateArgs.size() <= templateDefaults.size() &&
         templateArgs.back() == templateDefaults[templateArgs.size() - 1])
    templateArgs = templateArgs.drop_back();
  FormattedCall call;
  call.format = text(callee);
  if (!templateArgs.empty())
    call.format += "<" + text(llvm::join(templateArgs, ", ")) + ">";
  call.format += "(";
  for (auto [index, arg] : llvm::enumerate(args)) {
    if (index)
      call.format += ", ";
    if (!arg.value) {
      call.format += text(arg.text);
      continue;
    }
    assert(forVerbatim && "expects text arguments only");
    call.format += arg.takeAddress ? "&{}" : "{}";
    call.operands.push_back(arg.value);
  }
  call.format += ")";
  return call;
}

/// Emits `object.callee<templateArgs>(args);`.
static void createMemberCallStatement(OpBuilder &builder, Location loc,
                                      Value object, StringRef callee,
                                      ArrayRef<std::string> templateArgs,
                                      ArrayRef<CallArg> args) {
  FormattedCall call = formatCall(callee, templateArgs, args);
  SmallVector<Value> operands = {object};
  llvm::append_range(operands, call.operands);
  emitc::VerbatimOp::create(builder, loc, "{}." + call.format + ";", operands);
}

/// Emits `T v = object.callee<templateArgs>(args);` and returns `v`. The
/// object must be an lvalue when every argument is text (the call is then an
/// emitc.member); otherwise the result is declared first and assigned by a
/// verbatim statement.
static Value createMemberCallValue(OpBuilder &builder, Location loc,
                                   Type resultType, Value object,
                                   StringRef callee,
                                   ArrayRef<std::string> templateArgs,
                                   ArrayRef<CallArg> args) {
  FormattedCall call = formatCall(callee, templateArgs, args);
  auto lvalueType = emitc::LValueType::get(resultType);
  if (!call.hasOperands() && isa<emitc::LValueType>(object.getType())) {
    std::string member =
        formatCall(callee, templateArgs, args, /*forVerbatim=*/false).format;
    Value access =
        emitc::MemberOp::create(builder, loc, lvalueType, member, object);
    return emitc::LoadOp::create(builder, loc, resultType, access);
  }
  Value result = emitc::VariableOp::create(
      builder, loc, lvalueType,
      emitc::OpaqueAttr::get(builder.getContext(), ""));
  SmallVector<Value> operands = {result, object};
  llvm::append_range(operands, call.operands);
  emitc::VerbatimOp::create(builder, loc, "{} = {}." + call.format + ";",
                            operands);
  return emitc::LoadOp::create(builder, loc, resultType, result);
}

/// Replaces `op`, whose only result is the value of a member call, by that
/// call; a result nobody uses becomes a plain statement, so that no dead
/// load can drop the call.
static void replaceByMemberCall(ConversionPatternRewriter &rewriter,
                                Operation *op, Type resultType, Value object,
                                StringRef callee,
                                ArrayRef<std::string> templateArgs,
                                ArrayRef<CallArg> args) {
  if (op->use_empty()) {
    createMemberCallStatement(rewriter, op->getLoc(), object, callee,
                              templateArgs, args);
    rewriter.eraseOp(op);
    return;
  }
  rewriter.replaceOp(op,
                     createMemberCallValue(rewriter, op->getLoc(), resultType,
                                           object, callee, templateArgs, args));
}

/// Declares an uninitialised C++ variable (`T v;`) of an object type.
static Value createObjectVariable(OpBuilder &builder, Location loc,
                                  Type lvalueType) {
  return emitc::VariableOp::create(
      builder, loc, lvalueType,
      emitc::OpaqueAttr::get(builder.getContext(), ""));
}

/// Emits a free function call `callee<templateArgs>(operands)`.
static emitc::CallOpaqueOp
createFreeCall(OpBuilder &builder, Location loc, TypeRange resultTypes,
               StringRef callee, ValueRange operands,
               ArrayRef<StringRef> templateArgs = {}) {
  ArrayAttr templateAttr;
  if (!templateArgs.empty()) {
    SmallVector<Attribute> attrs;
    for (StringRef arg : templateArgs)
      attrs.push_back(emitc::OpaqueAttr::get(builder.getContext(), arg));
    templateAttr = builder.getArrayAttr(attrs);
  }
  return emitc::CallOpaqueOp::create(builder, loc, resultTypes, callee,
                                     operands, ArrayAttr(), templateAttr);
}

/// The argument for an optional run-time operand: the value or a default.
static CallArg valueOr(Value value, StringRef fallback) {
  if (value)
    return CallArg(value);
  return CallArg(fallback.str());
}

/// True when `funcOp` is a kernel that reads the system workspace pointer.
static bool usesSysWorkspace(func::FuncOp funcOp) {
  return funcOp->hasAttr(AscDialect::getKernelAttrName()) &&
         funcOp
             .walk([](GetSysWorkspacePtrOp) { return WalkResult::interrupt(); })
             .wasInterrupted();
}

/// The kernel argument marked `asc.workspace`, if any.
static std::optional<unsigned> findWorkspaceArgument(func::FuncOp funcOp) {
  for (unsigned index = 0, e = funcOp.getNumArguments(); index < e; ++index)
    if (funcOp.getArgAttr(index, AscDialect::getWorkspaceAttrName()))
      return index;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Patterns: kernel environment
//===----------------------------------------------------------------------===//

namespace {

/// Base of the asc patterns: converts the op's results with the type
/// converter.
template <typename OpTy>
struct AscOpLowering : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  /// The converted type of `value`, or null.
  Type convert(Value value) const {
    return this->getTypeConverter()->convertType(value.getType());
  }
};

/// `AscendC::GetBlockIdx()`, `AscendC::GetBlockNum()`, `GetSysWorkSpacePtr()`.
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

} // namespace

/// True for an `scf.if` without results on asc.is_aic or asc.is_aiv, which
/// prints as `if ASCEND_IS_AIC {`.
static bool isCoreGuard(Operation *op) {
  auto ifOp = dyn_cast<scf::IfOp>(op);
  return ifOp && ifOp.getNumResults() == 0 &&
         isa_and_nonnull<IsAicOp, IsAivOp>(ifOp.getCondition().getDefiningOp());
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
// Patterns: tensors
//===----------------------------------------------------------------------===//

/// `GlobalTensor<T> t; t.SetGlobalBuffer((__gm__ T *)ptr[ + offset][, size]);`
struct SetGlobalBufferLowering : public AscOpLowering<SetGlobalBufferOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(SetGlobalBufferOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type tensorType = convert(op.getResult());
    if (!tensorType)
      return failure();
    Location loc = op.getLoc();
    std::string elementName = getScalarTypeName(op.getType().getElementType());
    Value tensor =
        createObjectVariable(rewriter, loc, emitc::LValueType::get(tensorType));
    SmallVector<Value> operands = {tensor, adaptor.getPtr()};
    std::string format = "{}.SetGlobalBuffer((__gm__ " + elementName + " *){}";
    if (Value offset = adaptor.getOffset()) {
      format += " + {}";
      operands.push_back(offset);
    }
    if (Value size = adaptor.getSize()) {
      format += ", {}";
      operands.push_back(size);
    }
    emitc::VerbatimOp::create(rewriter, loc, format + ");", operands);
    rewriter.replaceOpWithNewOp<emitc::LoadOp>(op, tensorType, tensor);
    return success();
  }
};

/// `t[offset]`.
struct SubViewLowering : public AscOpLowering<SubViewOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(SubViewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type tensorType = convert(op.getResult());
    if (!tensorType)
      return failure();
    Value view = emitc::SubscriptOp::create(
        rewriter, op.getLoc(), emitc::LValueType::get(tensorType),
        adaptor.getSource(), ValueRange{adaptor.getOffset()});
    rewriter.replaceOpWithNewOp<emitc::LoadOp>(op, tensorType, view);
    return success();
  }
};

/// `T v = t.GetValue(index);`
struct GetValueLowering : public AscOpLowering<GetValueOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(GetValueOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = convert(op.getResult());
    if (!resultType)
      return failure();
    replaceByMemberCall(rewriter, op, resultType, adaptor.getTensor(),
                        "GetValue", {}, {adaptor.getIndex()});
    return success();
  }
};

/// `t.SetValue(index, value);`
struct SetValueLowering : public AscOpLowering<SetValueOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(SetValueOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    createMemberCallStatement(rewriter, op.getLoc(), adaptor.getTensor(),
                              "SetValue", {},
                              {adaptor.getIndex(), adaptor.getValue()});
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Patterns: pipe and queues
//===----------------------------------------------------------------------===//

/// `AscendC::TPipe pipe;`, `AscendC::TQue<...> que;`, `matmul::Matmul<...>
/// mm;`: an object declared in place.
template <typename OpTy>
struct ObjectDeclarationLowering : public AscOpLowering<OpTy> {
  using AscOpLowering<OpTy>::AscOpLowering;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value result = op->getResult(0);
    Type objectType = this->convert(result);
    if (!objectType)
      return failure();
    if (auto matmulType = dyn_cast<MatmulType>(result.getType())) {
      if (MatmulConfigAttr config = matmulType.getConfig()) {
        auto module = op->template getParentOfType<ModuleOp>();
        if (!module)
          return failure();
        ensureConfigDeclaration(rewriter, module, config);
      }
    }
    rewriter.replaceOp(op,
                       createObjectVariable(rewriter, op.getLoc(), objectType));
    return success();
  }
};

/// `pipe.InitBuffer(que, num, len);`
struct PipeInitBufferLowering : public AscOpLowering<PipeInitBufferOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(PipeInitBufferOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    createMemberCallStatement(
        rewriter, op.getLoc(), adaptor.getPipe(), "InitBuffer", {},
        {adaptor.getQueue(), adaptor.getNum(), adaptor.getLength()});
    rewriter.eraseOp(op);
    return success();
  }
};

/// `LocalTensor<T> t = que.AllocTensor<T>();` and `que.DeQue<T>()`.
template <typename OpTy> struct QueueTakeLowering : public AscOpLowering<OpTy> {
  QueueTakeLowering(const TypeConverter &typeConverter, MLIRContext *context,
                    StringRef callee)
      : AscOpLowering<OpTy>(typeConverter, context), callee(callee) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type tensorType = this->convert(op.getTensor());
    if (!tensorType)
      return failure();
    std::string elementName =
        getScalarTypeName(op.getTensor().getType().getElementType());
    replaceByMemberCall(rewriter, op, tensorType, adaptor.getQueue(), callee,
                        {elementName}, {});
    return success();
  }

  std::string callee;
};

/// `que.EnQue(t);` and `que.FreeTensor(t);`.
template <typename OpTy> struct QueueGiveLowering : public AscOpLowering<OpTy> {
  QueueGiveLowering(const TypeConverter &typeConverter, MLIRContext *context,
                    StringRef callee)
      : AscOpLowering<OpTy>(typeConverter, context), callee(callee) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    createMemberCallStatement(rewriter, op.getLoc(), adaptor.getQueue(), callee,
                              {}, {adaptor.getTensor()});
    rewriter.eraseOp(op);
    return success();
  }

  std::string callee;
};

//===----------------------------------------------------------------------===//
// Patterns: data movement and vector compute
//===----------------------------------------------------------------------===//

/// `AscendC::DataCopy(dst, src, count)` or, with DataCopyParams,
/// `AscendC::DataCopyParams p = AscendC::DataCopyParams(blockCount, blockLen,
/// srcStride, dstStride); AscendC::DataCopy(dst, src, p);`.
struct DataCopyLowering : public AscOpLowering<DataCopyOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(DataCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> operands = {adaptor.getDst(), adaptor.getSrc()};
    if (Value count = adaptor.getCount()) {
      operands.push_back(count);
    } else {
      if (adaptor.getParams().size() != 4)
        return rewriter.notifyMatchFailure(op, "expects four DataCopyParams");
      Type paramsType =
          emitc::OpaqueType::get(getContext(), "AscendC::DataCopyParams");
      operands.push_back(createFreeCall(rewriter, loc, paramsType,
                                        "AscendC::DataCopyParams",
                                        adaptor.getParams())
                             .getResult(0));
    }
    createFreeCall(rewriter, loc, {}, "AscendC::DataCopy", operands);
    rewriter.eraseOp(op);
    return success();
  }
};

/// A vector instruction: `AscendC::LeakyRelu(dst, src, alpha, count)`, ...
template <typename OpTy> struct VectorOpLowering : public AscOpLowering<OpTy> {
  VectorOpLowering(const TypeConverter &typeConverter, MLIRContext *context,
                   StringRef callee)
      : AscOpLowering<OpTy>(typeConverter, context), callee(callee) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    createFreeCall(rewriter, op.getLoc(), {}, callee, adaptor.getOperands());
    rewriter.eraseOp(op);
    return success();
  }

  std::string callee;
};

/// `AscendC::PipeBarrier<PIPE_ALL>();`
struct PipeBarrierLowering : public AscOpLowering<PipeBarrierOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(PipeBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string pipe = getEnumeratorName(stringifyPipeKind(op.getPipe()));
    createFreeCall(rewriter, op.getLoc(), {}, "AscendC::PipeBarrier", {},
                   {pipe});
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Patterns: Matmul objects
//===----------------------------------------------------------------------===//

/// `REGIST_MATMUL_OBJ(&pipe, workspace, mm[, &tiling], ...);`
struct MatmulRegisterLowering : public AscOpLowering<MatmulRegisterOp> {
  using AscOpLowering::AscOpLowering;

  LogicalResult
  matchAndRewrite(MatmulRegisterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange matmuls = adaptor.getMatmuls();
    ValueRange tilings = adaptor.getTilings();
    if (!tilings.empty() && tilings.size() != matmuls.size())
      return rewriter.notifyMatchFailure(op, "expects one tiling per object");
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

/// A Matmul call without result whose arguments `getArgs` decides.
template <typename OpTy>
struct MatmulStatementLowering : public AscOpLowering<OpTy> {
  using Adaptor = typename OpTy::Adaptor;
  using ArgsFn = std::function<SmallVector<CallArg>(OpTy, Adaptor)>;
  using TemplateArgsFn = std::function<SmallVector<std::string>(OpTy)>;

  MatmulStatementLowering(const TypeConverter &typeConverter,
                          MLIRContext *context, StringRef callee,
                          ArgsFn getArgs = nullptr,
                          TemplateArgsFn getTemplateArgs = nullptr)
      : AscOpLowering<OpTy>(typeConverter, context), callee(callee),
        getArgs(std::move(getArgs)),
        getTemplateArgs(std::move(getTemplateArgs)) {}

  LogicalResult
  matchAndRewrite(OpTy op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<CallArg> args;
    if (getArgs)
      args = getArgs(op, adaptor);
    SmallVector<std::string> templateArgs;
    if (getTemplateArgs)
      templateArgs = getTemplateArgs(op);
    createMemberCallStatement(rewriter, op.getLoc(), adaptor.getMatmul(),
                              callee, templateArgs, args);
    rewriter.eraseOp(op);
    return success();
  }

  std::string callee;
  ArgsFn getArgs;
  TemplateArgsFn getTemplateArgs;
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

/// `mm.GetTensorC<sync>(dst[, ub], enAtomic, enSequentialWrite);` or
/// `GlobalTensor<T> blk = mm.GetTensorC<false>(enAtomic, enSequentialWrite);`
struct MatmulGetTensorCLowering : public AscOpLowering<MatmulGetTensorCOp> {
  using AscOpLowering::AscOpLowering;

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
    if (Value result = op.getResult()) {
      Type resultType = convert(result);
      if (!resultType)
        return failure();
      replaceByMemberCall(rewriter, op, resultType, adaptor.getMatmul(),
                          "GetTensorC", templateArgs, args);
      return success();
    }
    createMemberCallStatement(rewriter, op.getLoc(), adaptor.getMatmul(),
                              "GetTensorC", templateArgs, args);
    rewriter.eraseOp(op);
    return success();
  }
};

/// `GlobalTensor<T> r = mm.GetBatchTensorC<sync>(batchA, batchB, enSeq);` or
/// `mm.GetBatchTensorC<sync>(dst, batchA, batchB, enSeq);`
struct MatmulGetBatchTensorCLowering
    : public AscOpLowering<MatmulGetBatchTensorCOp> {
  using AscOpLowering::AscOpLowering;

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
    if (Value result = op.getResult()) {
      Type resultType = convert(result);
      if (!resultType)
        return failure();
      replaceByMemberCall(rewriter, op, resultType, adaptor.getMatmul(),
                          "GetBatchTensorC", templateArgs, args);
      return success();
    }
    createMemberCallStatement(rewriter, op.getLoc(), adaptor.getMatmul(),
                              "GetBatchTensorC", templateArgs, args);
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Patterns: functions and scalars
//===----------------------------------------------------------------------===//

/// A pattern that runs before the upstream one for the same op (benefit 2).
template <typename OpTy>
struct PreferredOpLowering : public OpConversionPattern<OpTy> {
  PreferredOpLowering(const TypeConverter &typeConverter, MLIRContext *context)
      : OpConversionPattern<OpTy>(typeConverter, context, /*benefit=*/2) {}
};

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
      if (isCubeOnly)
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
    SmallVector<Value> variables;
    for (Value init : adaptor.getInits())
      variables.push_back(createCarriedVariable(rewriter, loc, init));

    FormattedCall call = formatCall(
        "Iterate", {getLiteral(iterate.getSync())},
        {CallArg(getLiteral(iterate.getEnPartialSum())).withDefault("false")});
    emitc::VerbatimOp::create(rewriter, loc,
                              "while ({}." + call.format + ") {{",
                              rewriter.getRemappedValue(iterate.getMatmul()));
    Block &after = op.getAfter().front();
    Operation *yield = after.getTerminator();
    rewriter.inlineBlockBefore(&after, op, loadAll(rewriter, loc, variables));
    rewriter.setInsertionPoint(yield);
    for (auto [variable, next] : llvm::zip(variables, yield->getOperands()))
      emitc::AssignOp::create(rewriter, loc, variable, next);
    rewriter.eraseOp(yield);
    rewriter.setInsertionPoint(op);
    emitc::VerbatimOp::create(rewriter, loc, "}");
    rewriter.replaceOp(op, loadAll(rewriter, loc, variables));
    return success();
  }

  /// `T v = init;` when `init` is a literal, else `T v; v = init;`.
  static Value createCarriedVariable(OpBuilder &builder, Location loc,
                                     Value init) {
    auto type = emitc::LValueType::get(init.getType());
    std::string initText;
    if (auto literal = init.getDefiningOp<emitc::LiteralOp>())
      initText = literal.getValue();
    Value variable = emitc::VariableOp::create(
        builder, loc, type,
        emitc::OpaqueAttr::get(builder.getContext(), initText));
    if (initText.empty())
      emitc::AssignOp::create(builder, loc, variable, init);
    return variable;
  }

  static SmallVector<Value> loadAll(OpBuilder &builder, Location loc,
                                    ValueRange variables) {
    return llvm::map_to_vector(variables, [&](Value variable) -> Value {
      return emitc::LoadOp::create(
          builder, loc,
          cast<emitc::LValueType>(variable.getType()).getValueType(), variable);
    });
  }
};

} // namespace

//===----------------------------------------------------------------------===//
// Matmul call arguments
//===----------------------------------------------------------------------===//

/// IterateAll: `<sync>(c, enAtomic, enSequentialWrite, waitIterateAll,
/// fakeMsg)` to GM, `<sync>(c, enAtomic)` to a local tensor.
static SmallVector<CallArg>
getIterateAllArgs(MatmulIterateAllOp op, MatmulIterateAllOp::Adaptor adaptor) {
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

/// Strides of a batched call: the operands, or the API's default 0.
template <typename OpTy>
static void appendStrides(SmallVectorImpl<CallArg> &args,
                          typename OpTy::Adaptor adaptor) {
  for (Value stride :
       {adaptor.getStrideA(), adaptor.getStrideB(), adaptor.getStrideC()})
    args.push_back(valueOr(stride, "0").withDefault("0"));
}

/// IterateBatch, mix form: `(c, batchA, batchB, enSequentialWrite, strideA,
/// strideB, strideC[, enPartialSum[, enAtomic]])`; cube-only form: `(c,
/// enPartialSum, enAtomic, enSequentialWrite, strideA, strideB, strideC)`.
static SmallVector<CallArg>
getIterateBatchArgs(MatmulIterateBatchOp op,
                    MatmulIterateBatchOp::Adaptor adaptor) {
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

/// IterateBatch template arguments: `<sync, waitIterateBatch>` for the mix
/// form to GM, `<sync>` to a local tensor, none for the cube-only form.
static SmallVector<std::string>
getIterateBatchTemplateArgs(MatmulIterateBatchOp op) {
  if (!op.isMixForm())
    return {};
  SmallVector<std::string> templateArgs = {getLiteral(op.getSync())};
  if (isGlobalTensorType(op.getC().getType()))
    templateArgs.push_back(
        getLiteral(op.getWaitIterateBatch().value_or(false)));
  return templateArgs;
}

//===----------------------------------------------------------------------===//
// Pattern population
//===----------------------------------------------------------------------===//

/// Adds the patterns of the Matmul calls that have no result.
static void populateMatmulStatementPatterns(const TypeConverter &converter,
                                            RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  using InitOp = MatmulInitOp;
  patterns.add<MatmulStatementLowering<InitOp>>(
      converter, context, "Init",
      [](InitOp, InitOp::Adaptor adaptor) -> SmallVector<CallArg> {
        SmallVector<CallArg> args = {CallArg::addressOf(adaptor.getTiling())};
        if (Value pipe = adaptor.getPipe())
          args.push_back(CallArg::addressOf(pipe));
        return args;
      });
  auto setTensor = [](auto op, auto adaptor) -> SmallVector<CallArg> {
    SmallVector<CallArg> args = {adaptor.getInput()};
    if (std::optional<bool> transpose = op.getIsTranspose())
      args.push_back(CallArg(getLiteral(*transpose)).withDefault("false"));
    return args;
  };
  patterns.add<MatmulStatementLowering<MatmulSetTensorAOp>>(
      converter, context, "SetTensorA", setTensor);
  patterns.add<MatmulStatementLowering<MatmulSetTensorBOp>>(
      converter, context, "SetTensorB", setTensor);
  using SetBiasOp = MatmulSetBiasOp;
  patterns.add<MatmulStatementLowering<SetBiasOp>>(
      converter, context, "SetBias",
      [](SetBiasOp, SetBiasOp::Adaptor adaptor) -> SmallVector<CallArg> {
        return {adaptor.getBias()};
      });
  patterns.add<MatmulStatementLowering<MatmulDisableBiasOp>>(converter, context,
                                                             "DisableBias");
  using OrgShapeOp = MatmulSetOrgShapeOp;
  patterns.add<MatmulStatementLowering<OrgShapeOp>>(
      converter, context, "SetOrgShape",
      [](OrgShapeOp, OrgShapeOp::Adaptor adaptor) -> SmallVector<CallArg> {
        SmallVector<CallArg> args = {adaptor.getOrgM(), adaptor.getOrgN(),
                                     adaptor.getOrgKa()};
        if (adaptor.getOrgKb())
          args.append({adaptor.getOrgKb(), adaptor.getOrgKc()});
        return args;
      });
  using SingleShapeOp = MatmulSetSingleShapeOp;
  patterns.add<MatmulStatementLowering<SingleShapeOp>>(
      converter, context, "SetSingleShape",
      [](SingleShapeOp,
         SingleShapeOp::Adaptor adaptor) -> SmallVector<CallArg> {
        return {adaptor.getSingleM(), adaptor.getSingleN(),
                adaptor.getSingleK()};
      });
  using TailOp = MatmulSetTailOp;
  patterns.add<MatmulStatementLowering<TailOp>>(
      converter, context, "SetTail",
      [](TailOp, TailOp::Adaptor adaptor) -> SmallVector<CallArg> {
        return {CallArg(adaptor.getTailM()).withDefault("-1"),
                CallArg(adaptor.getTailN()).withDefault("-1"),
                CallArg(adaptor.getTailK()).withDefault("-1")};
      });
  using WorkspaceOp = MatmulSetWorkspaceOp;
  patterns.add<MatmulStatementLowering<WorkspaceOp>>(
      converter, context, "SetWorkspace",
      [](WorkspaceOp, WorkspaceOp::Adaptor adaptor) -> SmallVector<CallArg> {
        return {adaptor.getWorkspace()};
      });
  using Hf32Op = MatmulSetHf32Op;
  patterns.add<MatmulStatementLowering<Hf32Op>>(
      converter, context, "SetHF32",
      [](Hf32Op op, Hf32Op::Adaptor) -> SmallVector<CallArg> {
        return {
            CallArg(getLiteral(op.getEnableHf32())).withDefault("false"),
            CallArg(getLiteral(int64_t(op.getTransMode()))).withDefault("0")};
      });
  using BatchNumOp = MatmulSetBatchNumOp;
  patterns.add<MatmulStatementLowering<BatchNumOp>>(
      converter, context, "SetBatchNum",
      [](BatchNumOp, BatchNumOp::Adaptor adaptor) -> SmallVector<CallArg> {
        return {adaptor.getBatchA(), adaptor.getBatchB()};
      });
  using QuantScalarOp = MatmulSetQuantScalarOp;
  patterns.add<MatmulStatementLowering<QuantScalarOp>>(
      converter, context, "SetQuantScalar",
      [](QuantScalarOp, QuantScalarOp::Adaptor adaptor)
          -> SmallVector<CallArg> { return {adaptor.getScale()}; });
  using QuantVectorOp = MatmulSetQuantVectorOp;
  patterns.add<MatmulStatementLowering<QuantVectorOp>>(
      converter, context, "SetQuantVector",
      [](QuantVectorOp, QuantVectorOp::Adaptor adaptor)
          -> SmallVector<CallArg> { return {adaptor.getScales()}; });

  patterns.add<MatmulStatementLowering<MatmulIterateAllOp>>(
      converter, context, "IterateAll", getIterateAllArgs,
      [](MatmulIterateAllOp op) -> SmallVector<std::string> {
        return {getLiteral(op.getSync())};
      });
  patterns.add<MatmulStatementLowering<MatmulIterateBatchOp>>(
      converter, context, "IterateBatch", getIterateBatchArgs,
      getIterateBatchTemplateArgs);
  using NBatchOp = MatmulIterateNBatchOp;
  patterns.add<MatmulStatementLowering<NBatchOp>>(
      converter, context, "IterateNBatch",
      [](NBatchOp op, NBatchOp::Adaptor adaptor) -> SmallVector<CallArg> {
        SmallVector<CallArg> args = {adaptor.getBatchLoop(),
                                     adaptor.getBatchA(), adaptor.getBatchB(),
                                     getLiteral(op.getEnSequentialWrite())};
        appendStrides<NBatchOp>(args, adaptor);
        return args;
      },
      [](NBatchOp op) -> SmallVector<std::string> {
        return {getLiteral(op.getSync()),
                getLiteral(op.getWaitIterateBatch().value_or(false))};
      });
  using AsyncGetOp = MatmulAsyncGetTensorCOp;
  patterns.add<MatmulStatementLowering<AsyncGetOp>>(
      converter, context, "AsyncGetTensorC",
      [](AsyncGetOp, AsyncGetOp::Adaptor adaptor) -> SmallVector<CallArg> {
        return {adaptor.getDst()};
      });
  patterns.add<MatmulStatementLowering<MatmulWaitIterateAllOp>>(
      converter, context, "WaitIterateAll");
  patterns.add<MatmulStatementLowering<MatmulWaitIterateBatchOp>>(
      converter, context, "WaitIterateBatch");
  patterns.add<MatmulStatementLowering<MatmulWaitGetTensorCOp>>(
      converter, context, "WaitGetTensorC");
  patterns.add<MatmulStatementLowering<MatmulEndOp>>(converter, context, "End");
}

void mlir::asc::populateAscToEmitCConversionPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns,
    const ConvertAscToEmitCOptions &options) {
  MLIRContext *context = patterns.getContext();
  patterns.add<FuncOpLowering>(typeConverter, context, options.setSysWorkspace);
  patterns.add<FreeQueryLowering<GetBlockIdxOp>>(typeConverter, context,
                                                 "AscendC::GetBlockIdx");
  patterns.add<FreeQueryLowering<GetBlockNumOp>>(typeConverter, context,
                                                 "AscendC::GetBlockNum");
  // Declared at global scope by the CANN headers, not in AscendC.
  patterns.add<FreeQueryLowering<GetSysWorkspacePtrOp>>(typeConverter, context,
                                                        "GetSysWorkSpacePtr");
  patterns.add<CoreTypeLowering<IsAicOp>>(typeConverter, context,
                                          "AscendC::AIC");
  patterns.add<CoreTypeLowering<IsAivOp>>(typeConverter, context,
                                          "AscendC::AIV");
  patterns.add<QueueTakeLowering<QueueAllocTensorOp>>(typeConverter, context,
                                                      "AllocTensor");
  patterns.add<QueueTakeLowering<QueueDeQueOp>>(typeConverter, context,
                                                "DeQue");
  patterns.add<QueueGiveLowering<QueueEnQueOp>>(typeConverter, context,
                                                "EnQue");
  patterns.add<QueueGiveLowering<QueueFreeTensorOp>>(typeConverter, context,
                                                     "FreeTensor");
  patterns.add<VectorOpLowering<LeakyReluOp>>(typeConverter, context,
                                              "AscendC::LeakyRelu");
  patterns.add<VectorOpLowering<AddOp>>(typeConverter, context, "AscendC::Add");
  patterns.add<VectorOpLowering<AddsOp>>(typeConverter, context,
                                         "AscendC::Adds");
  patterns.add<VectorOpLowering<MulsOp>>(typeConverter, context,
                                         "AscendC::Muls");
  patterns.add<VectorOpLowering<DuplicateOp>>(typeConverter, context,
                                              "AscendC::Duplicate");
  patterns.add<GetUserWorkspaceLowering, GetTilingLowering, TilingGetLowering,
               SetGlobalBufferLowering, SubViewLowering, GetValueLowering,
               SetValueLowering, ObjectDeclarationLowering<PipeCreateOp>,
               ObjectDeclarationLowering<QueueCreateOp>,
               ObjectDeclarationLowering<MatmulCreateOp>,
               PipeInitBufferLowering, DataCopyLowering, PipeBarrierLowering,
               MatmulRegisterLowering, MatmulIterateLowering,
               MatmulGetTensorCLowering, MatmulGetBatchTensorCLowering,
               CoreGuardLowering, IterateLoopLowering>(typeConverter, context);
  populateMatmulStatementPatterns(typeConverter, patterns);
}

//===----------------------------------------------------------------------===//
// Lowerability check
//===----------------------------------------------------------------------===//

/// Describes an object type for a diagnostic ("a Matmul object").
static StringRef describeObject(Type type) {
  if (isa<MatmulType>(type))
    return "a Matmul object";
  if (isa<PipeType>(type))
    return "a TPipe";
  if (isa<QueueType>(type))
    return "a TQue";
  return "a TCubeTiling";
}

/// The op that declares an object of `type` in Ascend C.
static bool isObjectDeclaration(Operation *op) {
  return isa<PipeCreateOp, QueueCreateOp, GetTilingOp, MatmulCreateOp>(op);
}

/// Objects are declared once and used in place: they may come only from
/// their declaring op and go only to asc ops.
static LogicalResult verifyObjectUses(Operation *op) {
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (BlockArgument arg : block.getArguments())
        if (isAscObjectType(arg.getType()))
          return op->emitOpError("cannot be lowered to Ascend C: its region "
                                 "takes ")
                 << describeObject(arg.getType()) << " (" << arg.getType()
                 << ") as block argument #" << arg.getArgNumber()
                 << "; objects are declared once and used in place";
  if (!isObjectDeclaration(op))
    for (Value result : op->getResults())
      if (isAscObjectType(result.getType()))
        return op->emitOpError("cannot be lowered to Ascend C: it yields ")
               << describeObject(result.getType())
               << "; objects are declared once and used in place";
  if (op->getDialect() && isa<AscDialect>(op->getDialect()))
    return success();
  for (Value operand : op->getOperands())
    if (isAscObjectType(operand.getType()))
      return op->emitOpError("cannot be lowered to Ascend C: it passes ")
             << describeObject(operand.getType())
             << " by value; objects are declared once and used in place";
  return success();
}

/// No function takes or returns an object (the verifier keeps a kernel's
/// arguments to GM addresses and scalars).
static LogicalResult verifyFunctionSignature(func::FuncOp funcOp) {
  for (auto [index, input] :
       llvm::enumerate(funcOp.getFunctionType().getInputs())) {
    if (isAscObjectType(input))
      return funcOp.emitOpError("cannot be lowered to Ascend C: argument #")
             << index << " is " << describeObject(input)
             << "; objects are declared once and used in place";
  }
  for (auto [index, result] :
       llvm::enumerate(funcOp.getFunctionType().getResults()))
    if (isAscObjectType(result))
      return funcOp.emitOpError("cannot be lowered to Ascend C: result #")
             << index << " is " << describeObject(result)
             << "; objects are declared once and used in place";
  return success();
}

/// Configurations the lowering can spell.
static LogicalResult verifyMatmulConfig(MatmulCreateOp op) {
  MatmulConfigAttr config = op.getType().getConfig();
  if (config && getConfigPresetFunction(config.getKind()).empty())
    return op.emitOpError("cannot be lowered to Ascend C: a '")
           << stringifyMatmulConfigKind(config.getKind())
           << "' MatmulConfig needs the basic block sizes of "
              "GetBasicConfig(basicM, basicN, basicK), which "
              "#asc.matmul_config does not carry";
  return success();
}

/// The cube-side Matmul calls a device function may make (rule L13 checks
/// them in kernels).
static StringRef getCubeOnlyCallName(Operation *op) {
  if (isa<MatmulSetBatchNumOp>(op))
    return "SetBatchNum";
  if (auto batch = dyn_cast<MatmulIterateBatchOp>(op))
    if (!batch.isMixForm())
      return "the cube-only IterateBatch";
  return "";
}

/// The mix-mode client's calls the cube-side object (MatmulImpl) lacks.
static StringRef getMixOnlyCallName(Operation *op) {
  return TypeSwitch<Operation *, StringRef>(op)
      .Case([](MatmulWaitIterateAllOp) { return "WaitIterateAll"; })
      .Case([](MatmulWaitIterateBatchOp) { return "WaitIterateBatch"; })
      .Case([](MatmulWaitGetTensorCOp) { return "WaitGetTensorC"; })
      .Case([](MatmulAsyncGetTensorCOp) { return "AsyncGetTensorC"; })
      .Case([](MatmulIterateNBatchOp) { return "IterateNBatch"; })
      .Case([](MatmulGetBatchTensorCOp) { return "GetBatchTensorC"; })
      .Case([](MatmulIterateBatchOp batch) {
        return batch.isMixForm() ? "IterateBatch with batch counts" : "";
      })
      .Case([](MatmulGetTensorCOp get) {
        return get.getResult() ? "GetTensorC returning the block" : "";
      })
      .Default([](Operation *) { return ""; });
}

/// Reports the first call in `root` that `getCallName` names, as missing
/// from the Matmul class the file's mode selects.
static LogicalResult
verifyCallsExist(Operation *root,
                 function_ref<StringRef(Operation *)> getCallName,
                 StringRef reason) {
  WalkResult result = root->walk([&](Operation *op) {
    StringRef call = getCallName(op);
    if (call.empty())
      return WalkResult::advance();
    op->emitOpError("cannot be lowered to Ascend C: ") << call << reason;
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

/// ASCENDC_CUBE_ONLY applies to the whole emitted file: either every kernel
/// that creates a Matmul object is cube-only or none is, and cube-side calls
/// need a cube-only file.
static LogicalResult verifyCubeOnlyMode(Operation *root) {
  func::FuncOp cubeOnlyKernel, mixKernel;
  root->walk([&](func::FuncOp funcOp) {
    if (AscDialect::isCubeOnlyKernel(funcOp)) {
      cubeOnlyKernel = cubeOnlyKernel ? cubeOnlyKernel : funcOp;
      return;
    }
    bool createsMatmul =
        funcOp->hasAttr(AscDialect::getKernelAttrName()) &&
        funcOp.walk([](MatmulCreateOp) { return WalkResult::interrupt(); })
            .wasInterrupted();
    if (createsMatmul && !mixKernel)
      mixKernel = funcOp;
  });
  if (cubeOnlyKernel && mixKernel)
    return mixKernel
               .emitOpError("cannot be lowered to Ascend C: it creates a "
                            "Matmul object in mix mode, but the module's "
                            "cube-only kernel makes the file define "
                            "ASCENDC_CUBE_ONLY")
               .attachNote(cubeOnlyKernel.getLoc())
           << "cube-only kernel here";
  if (cubeOnlyKernel)
    return verifyCallsExist(root, getMixOnlyCallName,
                            " exists only on the mix-mode Matmul client, and "
                            "the module's cube-only kernel makes the file "
                            "define ASCENDC_CUBE_ONLY");
  return verifyCallsExist(
      root, getCubeOnlyCallName,
      (" exists only on the cube-side Matmul object and no kernel of the "
       "module is cube-only ('" +
       AscDialect::getCubeOnlyAttrName() + "')")
          .str());
}

LogicalResult mlir::asc::verifyAscToEmitCLowerable(Operation *root) {
  if (failed(verifyCubeOnlyMode(root)))
    return failure();
  WalkResult result = root->walk<WalkOrder::PreOrder>([](Operation *op) {
    if (auto funcOp = dyn_cast<func::FuncOp>(op))
      if (failed(verifyFunctionSignature(funcOp)))
        return WalkResult::interrupt();
    if (auto create = dyn_cast<MatmulCreateOp>(op))
      if (failed(verifyMatmulConfig(create)))
        return WalkResult::interrupt();
    if (failed(verifyObjectUses(op)))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

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
// Matmul type aliases
//===----------------------------------------------------------------------===//

namespace {
/// The `using` alias of each Matmul type a module declares objects of, in
/// the order the objects appear: `MatmulT` when there is one type, else
/// `MatmulT0`, `MatmulT1`, ...
struct MatmulTypeAliases {
  explicit MatmulTypeAliases(ModuleOp module) {
    module.walk([&](MatmulCreateOp create) {
      MatmulType type = create.getType();
      if (!getMatmulTypeName(type).empty() && !names.count(type))
        order.push_back(type);
      names.try_emplace(type);
    });
    for (auto [index, type] : llvm::enumerate(order))
      names[type] =
          order.size() == 1 ? "MatmulT" : "MatmulT" + std::to_string(index);
  }

  /// Declares `using <alias> = matmul::Matmul<...>;` for every type after
  /// the module's other declarations, where the configurations they name
  /// are already declared.
  void declare(ModuleOp module) const {
    OpBuilder builder(module.getContext());
    setInsertionPointAfterDeclarations(builder, module);
    for (MatmulType type : order)
      emitc::VerbatimOp::create(builder, module.getLoc(),
                                "using " + names.lookup(type) + " = " +
                                    getMatmulTypeName(type) + ";");
  }

  SmallVector<MatmulType> order;
  llvm::DenseMap<MatmulType, std::string> names;
};
} // namespace

//===----------------------------------------------------------------------===//
// Global tensors read in place
//===----------------------------------------------------------------------===//

/// True when `variable` is a GlobalTensor that only SetGlobalBuffer writes
/// and everything else loads.
static bool isSetOnceGlobalTensor(emitc::VariableOp variable) {
  auto type = dyn_cast<emitc::OpaqueType>(
      cast<emitc::LValueType>(variable.getType()).getValueType());
  if (!type || !type.getValue().starts_with("AscendC::GlobalTensor<"))
    return false;
  unsigned writes = 0;
  for (Operation *user : variable->getUsers()) {
    if (isa<emitc::LoadOp>(user))
      continue;
    auto call = dyn_cast<emitc::VerbatimOp>(user);
    if (!call || !call.getValue().starts_with("{}.SetGlobalBuffer(") ||
        call.getFmtArgs().front() != variable.getResult())
      return false;
    ++writes;
  }
  return writes == 1;
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
    if (isSetOnceGlobalTensor(variable))
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
      if (load->use_empty())
        load->erase();
    }
  }
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
    typeConverter.addConversion([](Type type) { return type; });
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

    RewritePatternSet patterns(&getContext());
    populateAscToEmitCConversionPatterns(typeConverter, patterns,
                                         {setSysWorkspace});
    populateScalarToEmitCPatterns(typeConverter, patterns);
    populateFuncToEmitCPatterns(typeConverter, patterns);
    populateArithToEmitCPatterns(typeConverter, patterns);
    populateSCFToEmitCConversionPatterns(patterns, typeConverter);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
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
