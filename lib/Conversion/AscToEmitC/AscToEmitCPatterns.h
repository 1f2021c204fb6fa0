//===- AscToEmitCPatterns.h - shared pieces of the lowering -----*- C++ -*-===//
//
// What the pattern families of the asc to EmitC conversion share: the C++
// spellings of the asc types, the module-level declarations, the builders of
// member and free calls, the pattern bases, and one populate function per
// family. Private to lib/Conversion/AscToEmitC.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_ASCTOEMITC_ASCTOEMITCPATTERNS_H
#define LIB_CONVERSION_ASCTOEMITC_ASCTOEMITCPATTERNS_H

#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::asc {

//===----------------------------------------------------------------------===//
// C++ spellings (TypeConversion.cpp)
//===----------------------------------------------------------------------===//

/// The Ascend C spelling of a scalar type (`half`, `int32_t`, ...), or an
/// empty string when Ascend C has none.
std::string getScalarTypeName(Type type);

/// An enumerator spelled as its C++ name: the asc keyword in upper case.
std::string getEnumeratorName(StringRef keyword);

/// `AscendC::TPosition::VECIN`.
std::string getPositionName(TPosition position);

/// The preset function a MatmulConfig starts from, or an empty string for a
/// preset whose arguments the attribute does not carry.
StringRef getConfigPresetFunction(MatmulConfigKind kind);

/// `constexpr static MatmulConfig MM_CFG_NORM = GetNormalConfig();`
std::string getConfigDeclaration(MatmulConfigAttr config);

/// `matmul::Matmul<A, B, C[, Bias][, MM_CFG]>`, or an empty string when a
/// part has no C++ spelling.
std::string getMatmulTypeName(MatmulType type);

/// C++ text of a compile-time flag or count.
inline std::string getLiteral(bool value) { return value ? "true" : "false"; }
inline std::string getLiteral(int64_t value) { return std::to_string(value); }

/// True for the Ascend C objects a kernel declares once and uses in place
/// (TPipe, TQue, TCubeTiling, Matmul).
bool isAscObjectType(Type type);

/// `!emitc.lvalue<!emitc.opaque<name>>`, the type of a declared object, or
/// null for an empty name.
Type getObjectType(MLIRContext *context, StringRef name);

/// True unless `type` is a scalar the upstream C++ emitter cannot print:
/// integers other than 1, 8, 16, 32 and 64 bits wide, floats other than f16,
/// bf16, f32 and f64.
bool isPrintableScalarType(Type type);

/// The `using` alias of each Matmul type a module declares objects of, in
/// the order the objects appear: `MatmulT` when there is one type, else
/// `MatmulT0`, `MatmulT1`, ...
struct MatmulTypeAliases {
  explicit MatmulTypeAliases(ModuleOp module);

  /// Declares `using <alias> = matmul::Matmul<...>;` for every type after
  /// the module's other declarations, where the configurations they name
  /// are already declared.
  void declare(ModuleOp module) const;

  SmallVector<MatmulType> order;
  llvm::DenseMap<MatmulType, std::string> names;
};

//===----------------------------------------------------------------------===//
// Module-level declarations and calls (EmitCBuilders.cpp)
//===----------------------------------------------------------------------===//

/// Adds `#include "kernel_operator.h"`, `#include "lib/matmul_intf.h"` and
/// `using namespace AscendC;` at the top of `module` unless present.
void ensurePrologue(OpBuilder &builder, ModuleOp module);

/// Defines ASCENDC_CUBE_ONLY right before `#include "lib/matmul_intf.h"`
/// unless defined.
void ensureCubeOnlyDefine(OpBuilder &builder, ModuleOp module);

/// Sets the insertion point after the prologue and the declarations so far.
void setInsertionPointAfterDeclarations(OpBuilder &builder, ModuleOp module);

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
  bool isDefault() const;

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

/// Formats `callee<templateArgs>(args)`, with `{}` placeholders for the SSA
/// arguments when `forVerbatim` and as plain C++ text otherwise (every
/// argument is then text). Trailing arguments and template arguments that
/// repeat their parameter's default are left out.
FormattedCall formatCall(StringRef callee, ArrayRef<std::string> templateArgs,
                         ArrayRef<CallArg> args, bool forVerbatim = true);

/// Emits `object.callee<templateArgs>(args);`.
void createMemberCallStatement(OpBuilder &builder, Location loc, Value object,
                               StringRef callee,
                               ArrayRef<std::string> templateArgs,
                               ArrayRef<CallArg> args);

/// Replaces `op`, whose only result (if any) is the value of a member call,
/// by that call; a result nobody uses becomes a plain statement, so that no
/// dead load can drop the call.
void replaceByMemberCall(ConversionPatternRewriter &rewriter, Operation *op,
                         Type resultType, Value object, StringRef callee,
                         ArrayRef<std::string> templateArgs,
                         ArrayRef<CallArg> args);

/// Declares an uninitialised C++ variable (`T v;`) of an object type.
Value createObjectVariable(OpBuilder &builder, Location loc, Type lvalueType);

/// Emits a free function call `callee<templateArgs>(operands)`.
emitc::CallOpaqueOp createFreeCall(OpBuilder &builder, Location loc,
                                   TypeRange resultTypes, StringRef callee,
                                   ValueRange operands,
                                   ArrayRef<StringRef> templateArgs = {});

/// The argument for an optional run-time operand: the value or a default.
CallArg valueOr(Value value, StringRef fallback);

//===----------------------------------------------------------------------===//
// Source names (KeepSourceNames.cpp)
//===----------------------------------------------------------------------===//

/// The locations of the block arguments the conversion re-creates, taken
/// before it runs: each function's arguments by symbol name, and each
/// scf.for's induction variable by the loop's location.
struct BlockArgumentNames {
  llvm::StringMap<SmallVector<Location>> functionArguments;
  llvm::DenseMap<Location, Location> inductionVariables;
};

/// Drops the source names of the ops with regions (scf.for, scf.while,
/// scf.if): the SCF lowering builds a loop's variables, loads and
/// assignments at the loop's location, which of them holds the named result
/// cannot be told.
void dropNamesOfRegionOps(ModuleOp module);

/// Collects the locations of the block arguments of `module`.
BlockArgumentNames collectBlockArgumentNames(ModuleOp module);

/// After the conversion: gives the re-created block arguments their source
/// locations back, and leaves each source name (a NameLoc) on the one op the
/// named source op was replaced with.
void keepSourceNames(ModuleOp module, const BlockArgumentNames &names);

/// Gives `to` the source name of `from`, unless `to` has one; for a rewrite
/// that replaces a named value by another.
void moveSourceName(Operation *from, Operation *to);

/// `loc` without its source name.
Location getUnnamedLoc(Location loc);

//===----------------------------------------------------------------------===//
// Pattern bases
//===----------------------------------------------------------------------===//

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

/// A pattern that runs before the upstream one for the same op (benefit 2).
template <typename OpTy>
struct PreferredOpLowering : public OpConversionPattern<OpTy> {
  PreferredOpLowering(const TypeConverter &typeConverter, MLIRContext *context)
      : OpConversionPattern<OpTy>(typeConverter, context, /*benefit=*/2) {}
};

/// `AscendC::TPipe pipe;`, `AscendC::TQue<...> que;`: an object declared in
/// place.
template <typename OpTy>
struct ObjectDeclarationLowering : public AscOpLowering<OpTy> {
  using AscOpLowering<OpTy>::AscOpLowering;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type objectType = this->convert(op->getResult(0));
    if (!objectType)
      return failure();
    rewriter.replaceOp(op,
                       createObjectVariable(rewriter, op.getLoc(), objectType));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Kernels (KernelToEmitC.cpp)
//===----------------------------------------------------------------------===//

/// True when `funcOp` is a kernel that reads the system workspace pointer.
bool usesSysWorkspace(func::FuncOp funcOp);

/// The kernel argument marked `asc.workspace`, if any.
std::optional<unsigned> findWorkspaceArgument(func::FuncOp funcOp);

//===----------------------------------------------------------------------===//
// Pattern families
//===----------------------------------------------------------------------===//

/// func.func (kernels and device functions), the block and core queries,
/// the core guards, the workspaces and the tiling.
void populateKernelToEmitCPatterns(const TypeConverter &typeConverter,
                                   RewritePatternSet &patterns,
                                   bool setSysWorkspace);

/// The pipe and its queues: declarations, InitBuffer, AllocTensor, EnQue,
/// DeQue, FreeTensor.
void populatePipeToEmitCPatterns(const TypeConverter &typeConverter,
                                 RewritePatternSet &patterns);

/// Global and local tensors, DataCopy, the vector instructions and the pipe
/// barrier.
void populateTensorToEmitCPatterns(const TypeConverter &typeConverter,
                                   RewritePatternSet &patterns);

/// Matmul objects: declaration, REGIST_MATMUL_OBJ, every member call, and
/// the `while (mm.Iterate())` loop.
void populateMatmulToEmitCPatterns(const TypeConverter &typeConverter,
                                   RewritePatternSet &patterns);

} // namespace mlir::asc

#endif // LIB_CONVERSION_ASCTOEMITC_ASCTOEMITCPATTERNS_H
