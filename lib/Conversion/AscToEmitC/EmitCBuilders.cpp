//===- EmitCBuilders.cpp - declarations and calls in EmitC ----------------===//
//
// How the patterns build C++: the module prologue, member calls as
// `emitc.verbatim` statements or `emitc.member` loads, free calls as
// `emitc.call_opaque`, and objects as `emitc.variable`s.
//
//===----------------------------------------------------------------------===//

#include "AscToEmitCPatterns.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::asc;

//===----------------------------------------------------------------------===//
// Module-level declarations
//===----------------------------------------------------------------------===//

static constexpr StringLiteral kKernelOperatorHeader = "kernel_operator.h";
static constexpr StringLiteral kMatmulHeader = "lib/matmul_intf.h";
static constexpr StringLiteral kUsingAscendC = "using namespace AscendC;";
static constexpr StringLiteral kCubeOnlyDefine = "#define ASCENDC_CUBE_ONLY";

/// True for the ops the prologue and the declarations consist of.
static bool isModuleDeclaration(Operation &op) {
  return isa<emitc::IncludeOp, emitc::VerbatimOp>(op);
}

/// Adds `#include "kernel_operator.h"`, `#include "lib/matmul_intf.h"` and
/// `using namespace AscendC;` at the top of `module` unless present.
void mlir::asc::ensurePrologue(OpBuilder &builder, ModuleOp module) {
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
void mlir::asc::ensureCubeOnlyDefine(OpBuilder &builder, ModuleOp module) {
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
void mlir::asc::setInsertionPointAfterDeclarations(OpBuilder &builder,
                                                   ModuleOp module) {
  Block *body = module.getBody();
  auto it = llvm::find_if_not(*body, isModuleDeclaration);
  builder.setInsertionPoint(body, it);
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

bool CallArg::isDefault() const {
  if (defaultText.empty())
    return false;
  if (!value)
    return text == defaultText;
  auto literal = value.getDefiningOp<emitc::LiteralOp>();
  return literal && literal.getValue() == defaultText;
}

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
FormattedCall mlir::asc::formatCall(StringRef callee,
                                    ArrayRef<std::string> templateArgs,
                                    ArrayRef<CallArg> args, bool forVerbatim) {
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
void mlir::asc::createMemberCallStatement(OpBuilder &builder, Location loc,
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
void mlir::asc::replaceByMemberCall(ConversionPatternRewriter &rewriter,
                                    Operation *op, Type resultType,
                                    Value object, StringRef callee,
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
Value mlir::asc::createObjectVariable(OpBuilder &builder, Location loc,
                                      Type lvalueType) {
  return emitc::VariableOp::create(
      builder, loc, lvalueType,
      emitc::OpaqueAttr::get(builder.getContext(), ""));
}

/// Emits a free function call `callee<templateArgs>(operands)`.
emitc::CallOpaqueOp mlir::asc::createFreeCall(
    OpBuilder &builder, Location loc, TypeRange resultTypes, StringRef callee,
    ValueRange operands, ArrayRef<StringRef> templateArgs) {
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
CallArg mlir::asc::valueOr(Value value, StringRef fallback) {
  if (value)
    return CallArg(value);
  return CallArg(fallback.str());
}
