//===- LiftKernel.cpp - Kernels, statements and expressions to asc -------===//
//
// The language half of the lifter (KernelLifter.h): kernels, declarations,
// control flow, scalar arithmetic, user functions inlined. The API half is
// LiftApiCalls.cpp.
//
//===----------------------------------------------------------------------===//

#include "KernelLifter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using namespace mlir::asc;
using namespace mlir::asc::frontend;
using clang::dyn_cast;
using clang::isa;

KernelLifter::KernelLifter(clang::ASTContext &ast, SourceFacts &facts,
                           const AscendCImportOptions &options,
                           MLIRContext *context)
    : builder(context), ast(ast), facts(facts), options(options),
      context(context) {
  const clang::SourceManager &sm = ast.getSourceManager();
  if (clang::OptionalFileEntryRef main =
          sm.getFileEntryRefForID(sm.getMainFileID())) {
    llvm::SmallString<256> folder(main->getName());
    llvm::sys::fs::make_absolute(folder);
    llvm::sys::path::remove_dots(folder, /*remove_dot_dot=*/true);
    llvm::sys::path::remove_filename(folder);
    mainFolder = std::string(folder);
  }
}

bool KernelLifter::isUserDecl(const clang::Decl *decl) const {
  const clang::SourceManager &sm = ast.getSourceManager();
  clang::SourceLocation at = sm.getExpansionLoc(decl->getLocation());
  if (sm.isInMainFile(at))
    return true;
  clang::OptionalFileEntryRef file = sm.getFileEntryRefForID(sm.getFileID(at));
  if (!file || mainFolder.empty())
    return false;
  llvm::SmallString<256> path(file->getName());
  llvm::sys::fs::make_absolute(path);
  llvm::sys::path::remove_dots(path, /*remove_dot_dot=*/true);
  // The runtime's own headers may sit below the source (a test tree).
  llvm::StringRef runtime = options.runtimeDir.empty()
                                ? llvm::StringRef(ASC_FRONTEND_RUNTIME_DIR)
                                : llvm::StringRef(options.runtimeDir);
  if (llvm::StringRef(path).starts_with(runtime))
    return false;
  return llvm::StringRef(path).starts_with(mainFolder);
}

Location KernelLifter::loc(clang::SourceLocation at) const {
  const clang::SourceManager &sm = ast.getSourceManager();
  clang::PresumedLoc presumed = sm.getPresumedLoc(sm.getExpansionLoc(at));
  if (presumed.isInvalid())
    return UnknownLoc::get(context);
  return FileLineColLoc::get(context, presumed.getFilename(),
                             presumed.getLine(), presumed.getColumn());
}

LogicalResult KernelLifter::refuse(clang::SourceLocation at,
                                   const llvm::Twine &message) {
  facts.reported = true;
  emitError(loc(at)) << message;
  return failure();
}

LogicalResult KernelLifter::refuse(const clang::Stmt *at,
                                   const llvm::Twine &message) {
  return refuse(at->getBeginLoc(), message);
}

//===----------------------------------------------------------------------===//
// Slots, types, constants
//===----------------------------------------------------------------------===//

Slot *KernelLifter::newSlot(llvm::StringRef name, Lifted value) {
  slots.emplace_back();
  Slot *slot = &slots.back();
  slot->value = value;
  slot->generation = nextGeneration++;
  slot->name = name.str();
  return slot;
}

void KernelLifter::store(Slot *slot, Lifted value) {
  // A TCubeTiling copy with written fields: the new variable gets its own
  // fields, so that writing one copy leaves the other alone.
  if (value.kind == Lifted::Handle && value.object && value.object->owner &&
      value.object->owner != slot) {
    objects.emplace_back();
    Object *copy = &objects.back();
    copy->record = value.object->record;
    copy->owner = slot;
    for (auto &[field, fieldSlot] : value.object->fields) {
      Slot *copied = newSlot(fieldSlot->name, fieldSlot->value);
      copied->generation = slot->generation;
      copied->tilingBase = fieldSlot->tilingBase;
      copied->tilingField = fieldSlot->tilingField;
      copy->fields[field] = copied;
    }
    value.object = copy;
  }
  journal.push_back({slot, slot->value});
  slot->value = value;
}

FailureOr<Value> KernelLifter::tilingValue(const Lifted &whole,
                                           const clang::Stmt *at) {
  if (!whole.object)
    return whole.value;
  llvm::SmallDenseMap<TilingField, Slot *> written;
  for (auto &[field, slot] : whole.object->fields)
    if (std::optional<TilingField> which =
            symbolizeTilingField(field->getName()))
      written[*which] = slot;
  Location l = loc(at);
  SmallVector<Attribute> fields;
  SmallVector<Value> values;
  for (uint32_t i = 0; i <= getMaxEnumValForTilingField(); ++i) {
    std::optional<TilingField> field = symbolizeTilingField(i);
    if (!field)
      continue;
    Value v;
    if (Slot *slot = written.lookup(*field);
        slot && slot->value.kind != Lifted::Unset) {
      if (slot->value.kind != Lifted::Scalar ||
          !slot->value.value.getType().isInteger(32))
        return refuse(at, "TCubeTiling field '" + stringifyTilingField(*field) +
                              "' holds something other than an int32");
      v = slot->value.value;
    } else {
      v = TilingGetOp::create(builder, l, builder.getI32Type(), whole.value,
                              *field);
    }
    fields.push_back(TilingFieldAttr::get(context, *field));
    values.push_back(v);
  }
  return Value(TilingCreateOp::create(builder, l, TilingType::get(context),
                                      builder.getArrayAttr(fields), values));
}

Lifted KernelLifter::materialized(Slot *slot, Lifted value) {
  if (value.kind != Lifted::Unset || !slot->tilingBase)
    return value;
  return Lifted::handle(TilingGetOp::create(
      builder, builder.getUnknownLoc(), builder.getI32Type(), slot->tilingBase,
      slot->tilingField));
}

Type KernelLifter::scalarType(clang::QualType type) const {
  type = type.getCanonicalType().getUnqualifiedType();
  if (const auto *e = type->getAs<clang::EnumType>())
    type = e->getDecl()->getIntegerType();
  if (type->isBooleanType())
    return builder.getI1Type();
  if (type->isIntegerType())
    return builder.getIntegerType(ast.getIntWidth(type));
  if (type->isSpecificBuiltinType(clang::BuiltinType::Float))
    return builder.getF32Type();
  if (type->isSpecificBuiltinType(clang::BuiltinType::Double))
    return builder.getF64Type();
  // The Ascend C half-precision scalars, classes in the CPU-debug headers.
  if (const clang::RecordDecl *record = type->getAsRecordDecl()) {
    if (record->getName() == "half")
      return builder.getF16Type();
    if (record->getName() == "bfloat16_t")
      return builder.getBF16Type();
  }
  return {};
}

Type KernelLifter::elementType(clang::QualType type) const {
  type = type.getCanonicalType().getUnqualifiedType();
  if (const clang::RecordDecl *record = type->getAsRecordDecl()) {
    llvm::StringRef name = record->getName();
    if (name == "half")
      return builder.getF16Type();
    if (name == "bfloat16_t")
      return builder.getBF16Type();
    if (name == "int4b_t")
      return builder.getIntegerType(4);
    // CANN's int4b_t is integer_sub_type<4, true> (kernel_utils_constants.h).
    if (const auto *spec =
            dyn_cast<clang::ClassTemplateSpecializationDecl>(record)) {
      const clang::TemplateArgumentList &args = spec->getTemplateArgs();
      if (spec->getSpecializedTemplate()->getName() == "integer_sub_type" &&
          args.size() == 2 &&
          args[0].getKind() == clang::TemplateArgument::Integral &&
          args[1].getKind() == clang::TemplateArgument::Integral &&
          args[0].getAsIntegral() == 4 && args[1].getAsIntegral() != 0)
        return builder.getIntegerType(4);
    }
    return {};
  }
  if (type->isIntegerType() && !type->isBooleanType()) {
    unsigned width = ast.getIntWidth(type);
    return type->isUnsignedIntegerType()
               ? builder.getIntegerType(width, /*isSigned=*/false)
               : builder.getIntegerType(width);
  }
  return scalarType(type);
}

Value KernelLifter::constantInt(Type type, int64_t v) {
  return arith::ConstantOp::create(builder, builder.getUnknownLoc(),
                                   builder.getIntegerAttr(type, v));
}

/// A compile-time constant scalar (sizeof, constexpr variables, template
/// arguments, enumerators) as an arith.constant.
std::optional<Lifted> KernelLifter::constantOf(const clang::Expr *expr) {
  if (expr->isValueDependent() || expr->isTypeDependent())
    return std::nullopt;
  Type type = scalarType(expr->getType());
  if (!type || expr->HasSideEffects(ast))
    return std::nullopt;
  clang::Expr::EvalResult result;
  if (!expr->EvaluateAsRValue(result, ast) || result.HasSideEffects)
    return std::nullopt;
  Location at = loc(expr);
  if (result.Val.isInt()) {
    const llvm::APSInt &v = result.Val.getInt();
    auto intType = cast<IntegerType>(type);
    return Lifted::scalar(arith::ConstantOp::create(
        builder, at,
        builder.getIntegerAttr(intType, v.extOrTrunc(intType.getWidth()))));
  }
  if (result.Val.isFloat() && isa<FloatType>(type)) {
    llvm::APFloat v = result.Val.getFloat();
    bool lost = false;
    v.convert(cast<FloatType>(type).getFloatSemantics(),
              llvm::APFloat::rmNearestTiesToEven, &lost);
    return Lifted::scalar(
        arith::ConstantOp::create(builder, at, builder.getFloatAttr(type, v)));
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

/// A kernel parameter `TCubeTiling tiling` (CANN's samples that launch
/// with the tiling by value).
static bool isTilingByValue(const clang::ParmVarDecl *param) {
  const clang::CXXRecordDecl *record = param->getType()->getAsCXXRecordDecl();
  return record && record->getName() == "TCubeTiling";
}

/// The symbol of a lifted kernel: its name, with its template arguments
/// (`matmul_s4<64, 64, 64>`) when the host launches more than one
/// instantiation of a kernel template.
static std::string kernelSymbolName(const clang::FunctionDecl *kernel) {
  const clang::FunctionTemplateDecl *pattern = kernel->getPrimaryTemplate();
  if (!pattern ||
      llvm::count_if(pattern->specializations(),
                     [](const clang::FunctionDecl *instance) {
                       return instance->doesThisDeclarationHaveABody();
                     }) < 2)
    return kernel->getNameAsString();
  std::string name;
  llvm::raw_string_ostream os(name);
  kernel->getNameForDiagnostic(os, kernel->getASTContext().getPrintingPolicy(),
                               /*Qualified=*/false);
  return name;
}

LogicalResult KernelLifter::liftKernel(const clang::FunctionDecl *kernel,
                                       ModuleOp module) {
  SmallVector<Type> argTypes;
  for (const clang::ParmVarDecl *param : kernel->parameters()) {
    // GM addresses and scalars (rule L14); a TCubeTiling by value reaches
    // the kernel through memory, a GM address here.
    if (Type scalar = scalarType(param->getType());
        scalar && !isTilingByValue(param)) {
      argTypes.push_back(scalar);
      continue;
    }
    if (!isTilingByValue(param) && !param->getType()->isPointerType())
      return refuse(param->getBeginLoc(),
                    "kernel argument '" + param->getName() +
                        "' is neither a __gm__ pointer nor a scalar "
                        "(rule L14)");
    argTypes.push_back(GmAddrType::get(context));
  }
  builder.setInsertionPointToEnd(module.getBody());
  pipes.clear();
  std::string name = kernelSymbolName(kernel);
  kernelFunc = func::FuncOp::create(builder, loc(kernel->getLocation()), name,
                                    builder.getFunctionType(argTypes, {}));
  kernelFunc->setAttr(AscDialect::getKernelAttrName(), builder.getUnitAttr());
  if (facts.cubeOnly)
    kernelFunc->setAttr(AscDialect::getCubeOnlyAttrName(),
                        builder.getUnitAttr());
  Block *entry = kernelFunc.addEntryBlock();
  builder.setInsertionPointToStart(entry);

  frames.emplace_back();
  frame().function = kernel;
  if (facts.sourceMap)
    ++facts.sourceMap->inlineCounts[functionId(kernel)];
  const clang::SourceManager &sm = ast.getSourceManager();
  for (auto [i, param] : llvm::enumerate(kernel->parameters())) {
    if (isTilingByValue(param))
      frame().locals[param] =
          newSlot(param->getName(), Lifted::handle(GetTilingOp::create(
                                        builder, loc(param->getLocation()),
                                        TilingType::get(builder.getContext()),
                                        entry->getArgument(i), Value())));
    else if (!isa<GmAddrType>(entry->getArgument(i).getType()))
      frame().locals[param] =
          newSlot(param->getName(), Lifted::scalar(entry->getArgument(i)));
    else
      frame().locals[param] = newSlot(
          param->getName(),
          Lifted{Lifted::Pointer, entry->getArgument(i), {}, nullptr, nullptr});
    if (options.argumentsAreDistinct &&
        isa<GmAddrType>(entry->getArgument(i).getType()))
      kernelFunc.setArgAttr(i, AscDialect::getNoAliasAttrName(),
                            builder.getUnitAttr());
    // `__kfc_workspace__` marks the argument whose memory the Matmul
    // messages and GetUserWorkspace use: a mark between the previous
    // argument (or the kernel's name) and this argument's name.
    clang::SourceLocation from =
        i == 0 ? sm.getExpansionLoc(kernel->getLocation())
               : sm.getExpansionLoc(kernel->getParamDecl(i - 1)->getLocation());
    clang::SourceLocation to = sm.getExpansionLoc(param->getLocation());
    if (llvm::any_of(facts.workspaceMarks, [&](clang::SourceLocation mark) {
          return sm.isBeforeInTranslationUnit(from, mark) &&
                 sm.isBeforeInTranslationUnit(mark, to);
        }))
      kernelFunc.setArgAttr(i, AscDialect::getWorkspaceAttrName(),
                            builder.getUnitAttr());
  }
  if (failed(liftStmt(kernel->getBody())))
    return failure();
  frames.pop_back();
  builder.setInsertionPointToEnd(&kernelFunc.getBody().back());
  func::ReturnOp::create(builder, loc(kernel->getBody()->getEndLoc()));
  return success();
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

/// Whether `stmt` ends in a return on every path it takes without falling
/// through (a return, or a block whose last statement returns).
static bool endsInReturn(const clang::Stmt *stmt) {
  if (isa<clang::ReturnStmt>(stmt))
    return true;
  if (const auto *block = dyn_cast<clang::CompoundStmt>(stmt))
    return !block->body_empty() && endsInReturn(block->body_back());
  return false;
}

/// The name of the outermost macro `stmt` was expanded from, if any.
static llvm::StringRef outerMacro(const clang::Stmt *stmt,
                                  const clang::ASTContext &ast) {
  const clang::SourceManager &sm = ast.getSourceManager();
  clang::SourceLocation at = stmt->getBeginLoc();
  if (!at.isMacroID())
    return {};
  while (at.isMacroID()) {
    clang::SourceLocation up = sm.getImmediateMacroCallerLoc(at);
    if (!up.isMacroID())
      break;
    at = up;
  }
  return clang::Lexer::getImmediateMacroName(at, sm, ast.getLangOpts());
}

/// The first return statement inside `stmt`, if any.
static const clang::ReturnStmt *findReturn(const clang::Stmt *stmt) {
  if (!stmt)
    return nullptr;
  if (const auto *ret = dyn_cast<clang::ReturnStmt>(stmt))
    return ret;
  if (isa<clang::LambdaExpr>(stmt))
    return nullptr;
  for (const clang::Stmt *child : stmt->children())
    if (const clang::ReturnStmt *found = findReturn(child))
      return found;
  return nullptr;
}

/// Whether `stmt` is a break or continue, or a block ending in one.
static bool endsInLoopJump(const clang::Stmt *stmt) {
  if (isa_and_nonnull<clang::BreakStmt, clang::ContinueStmt>(stmt))
    return true;
  if (const auto *block = dyn_cast_or_null<clang::CompoundStmt>(stmt))
    return !block->body_empty() && endsInLoopJump(block->body_back());
  return false;
}

/// The break or continue `stmt` ends in (endsInLoopJump).
static const clang::Stmt *loopJump(const clang::Stmt *stmt) {
  if (const auto *block = dyn_cast<clang::CompoundStmt>(stmt))
    return loopJump(block->body_back());
  return stmt;
}

/// Whether a break inside `stmt` leaves the loop whose body `stmt` is (not
/// a nested loop or switch).
static bool breaksOut(const clang::Stmt *stmt) {
  if (!stmt)
    return false;
  if (isa<clang::BreakStmt>(stmt))
    return true;
  if (isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt, clang::SwitchStmt,
          clang::CXXForRangeStmt, clang::LambdaExpr>(stmt))
    return false;
  return llvm::any_of(stmt->children(), breaksOut);
}

LogicalResult KernelLifter::liftStmts(llvm::ArrayRef<const clang::Stmt *> stmts,
                                      bool isFunctionBody, bool isLoopBody) {
  const clang::SourceManager &sm = ast.getSourceManager();
  for (size_t i = 0; i < stmts.size(); ++i) {
    const clang::Stmt *stmt = stmts[i];
    if (frame().returned)
      return success(); // dead code after a return
    if (isLoopBody) {
      // A break or continue at the body's top level ends this trip; the
      // rest of the body is dead code.
      if (isa<clang::BreakStmt, clang::ContinueStmt>(stmt)) {
        if (isa<clang::BreakStmt>(stmt))
          store(loops.back().broken,
                Lifted::scalar(constantInt(builder.getI1Type(), 1)));
        return success();
      }
      if (const auto *ifStmt = dyn_cast<clang::IfStmt>(stmt);
          ifStmt && !ifStmt->isConsteval() &&
          endsInLoopJump(ifStmt->getThen())) {
        recordStatement(stmt);
        return liftLoopExit(ifStmt, stmts.drop_front(i + 1));
      }
    }
    // REGIST_MATMUL_OBJ expands to several statements, among them the cube
    // core's server branch and its `return`: lift the expansion as one.
    llvm::StringRef macro = outerMacro(stmt, ast);
    if (macro == "REGIST_MATMUL_OBJ" || macro == "REGIST_MATMUL_OBJ_STATIC") {
      clang::SourceLocation use = sm.getExpansionLoc(stmt->getBeginLoc());
      size_t end = i;
      while (end < stmts.size() && outerMacro(stmts[end], ast) == macro &&
             sm.getExpansionLoc(stmts[end]->getBeginLoc()) == use)
        ++end;
      if (failed(liftRegisterMacro(stmts.slice(i, end - i))))
        return failure();
      i = end - 1;
      continue;
    }
    // `if (c) return;` with more statements after it: the rest of the
    // function runs on the branch that does not return. Only at the
    // function's top level: deeper, the statements after the enclosing
    // blocks would run on the returning path too.
    if (const auto *ifStmt = dyn_cast<clang::IfStmt>(stmt)) {
      bool constantCond = false;
      bool constant =
          ifStmt->isConstexpr() ||
          (!ifStmt->getConditionVariable() && !ifStmt->getInit() &&
           ifStmt->getCond()->EvaluateAsBooleanCondition(constantCond, ast) &&
           !ifStmt->getCond()->HasSideEffects(ast));
      if (const clang::ReturnStmt *ret = findReturn(ifStmt); ret && !constant) {
        if (!isFunctionBody)
          return refuse(ret, "a return inside a nested block is not lifted "
                             "(an `if (...) return;` at a function's top "
                             "level is)");
        recordStatement(stmt);
        return liftIf(ifStmt, stmts.drop_front(i + 1));
      }
    }
    recordStatement(stmt);
    if (failed(liftStmt(stmt)))
      return failure();
  }
  return success();
}

unsigned KernelLifter::functionId(const clang::FunctionDecl *function) {
  AscendCSourceMap *map = facts.sourceMap;
  auto [it, inserted] =
      facts.functionIds.try_emplace(function->getCanonicalDecl(), 0);
  if (inserted) {
    it->second = map->inlineCounts.size();
    map->inlineCounts.push_back(0);
  }
  return it->second;
}

void KernelLifter::recordStatement(const clang::Stmt *stmt) {
  AscendCSourceMap *map = facts.sourceMap;
  // Control flow statements are recorded as anchors (a moved wait may go
  // before a loop); only expression statements are ever moved.
  if (!map || !isa<clang::Expr, clang::DeclStmt, clang::ReturnStmt,
                   clang::IfStmt, clang::ForStmt, clang::WhileStmt>(stmt))
    return;
  const clang::SourceManager &sm = ast.getSourceManager();
  const clang::LangOptions &lang = ast.getLangOpts();
  LiftedStatement statement;
  clang::SourceLocation begin = stmt->getBeginLoc();
  statement.fromMacro = begin.isMacroID() || stmt->getEndLoc().isMacroID();
  begin = sm.getExpansionLoc(begin);
  clang::PresumedLoc presumed = sm.getPresumedLoc(begin);
  if (presumed.isInvalid())
    return;
  statement.file = presumed.getFilename();
  statement.line = presumed.getLine();
  statement.column = presumed.getColumn();
  statement.function = functionId(frame().function);
  if (const auto *expr = dyn_cast<clang::Expr>(stmt))
    if (const auto *call =
            dyn_cast<clang::CallExpr>(expr->IgnoreImplicit()->IgnoreParens()))
      statement.singleCall =
          llvm::none_of(call->arguments(), [&](const clang::Expr *arg) {
            // Default arguments are evaluated wherever the call is.
            return !isa<clang::CXXDefaultArgExpr>(arg) &&
                   arg->HasSideEffects(ast);
          });
  // Through the `;` that ends an expression statement.
  clang::SourceLocation last = sm.getExpansionLoc(stmt->getEndLoc());
  clang::SourceLocation afterSemi = clang::Lexer::findLocationAfterToken(
      last, clang::tok::semi, sm, lang, /*SkipTrailingWhitespaceAndNewLine=*/
      false);
  clang::SourceLocation end =
      afterSemi.isValid()
          ? afterSemi
          : clang::Lexer::getLocForEndOfToken(last, 0, sm, lang);
  if (sm.getFileID(begin) != sm.getFileID(end))
    return;
  llvm::StringRef buffer = sm.getBufferData(sm.getFileID(begin));
  unsigned from = sm.getFileOffset(begin), to = sm.getFileOffset(end);
  // Alone on its line(s): the edit takes the whole lines.
  size_t lineStart = buffer.rfind('\n', from);
  lineStart = lineStart == llvm::StringRef::npos ? 0 : lineStart + 1;
  size_t lineEnd = buffer.find('\n', to);
  lineEnd = lineEnd == llvm::StringRef::npos ? buffer.size() : lineEnd + 1;
  bool aloneBefore = buffer.slice(lineStart, from).find_first_not_of(" \t") ==
                     llvm::StringRef::npos;
  bool aloneAfter = buffer.slice(to, lineEnd).find_first_not_of(" \t\r\n") ==
                    llvm::StringRef::npos;
  statement.indentation = buffer.slice(lineStart, from).str();
  statement.ownLine = aloneBefore && aloneAfter;
  if (statement.ownLine) {
    statement.begin = lineStart;
    statement.end = lineEnd;
    statement.insertAt = lineStart;
  } else {
    statement.begin = from;
    statement.end = to;
    statement.insertAt = from;
    statement.indentation.clear();
  }
  map->statements.push_back(std::move(statement));
}

/// A byte-by-byte copy of a TCubeTiling from GM, the tiling load pyasc
/// emits inline:
///   for (size_t i = 0; i < sizeof(t); i++) {
///     auto byte = reinterpret_cast<__gm__ uint8_t*>(gm)[i];
///     reinterpret_cast<uint8_t*>(&t)[i] = byte;
///   }
/// or with the read inlined into the store. It is what CopyTiling's word
/// loop is in CANN's samples: the tiling, loaded whole.
struct TilingByteCopy {
  const clang::Expr *tiling; // `t`, the local TCubeTiling
  const clang::Expr *source; // `gm`, the GM pointer
};

static bool refersTo(const clang::Expr *expr, const clang::VarDecl *var) {
  const auto *ref = dyn_cast<clang::DeclRefExpr>(expr->IgnoreParenImpCasts());
  return ref && ref->getDecl() == var;
}

static bool isTilingType(clang::QualType type) {
  const clang::CXXRecordDecl *record = type->getAsCXXRecordDecl();
  return record && record->getName() == "TCubeTiling";
}

/// `reinterpret_cast<byte *>(base)[index]` (or a C-style cast): `base`.
static const clang::Expr *byteOf(const clang::Expr *expr,
                                 const clang::VarDecl *index,
                                 const clang::ASTContext &ast) {
  const auto *subscript =
      dyn_cast<clang::ArraySubscriptExpr>(expr->IgnoreParenImpCasts());
  if (!subscript || !refersTo(subscript->getIdx(), index) ||
      ast.getTypeSize(subscript->getType()) != 8)
    return nullptr;
  const auto *cast =
      dyn_cast<clang::ExplicitCastExpr>(subscript->getBase()->IgnoreParens());
  return cast ? cast->getSubExpr()->IgnoreParenImpCasts() : nullptr;
}

static std::optional<TilingByteCopy>
matchTilingByteCopy(const clang::ForStmt *loop, const clang::ASTContext &ast) {
  const auto *init = dyn_cast_or_null<clang::DeclStmt>(loop->getInit());
  const auto *index = init && init->isSingleDecl()
                          ? dyn_cast<clang::VarDecl>(init->getSingleDecl())
                          : nullptr;
  clang::Expr::EvalResult start;
  if (!index || !index->getType()->isIntegerType() || !index->getInit() ||
      !index->getInit()->EvaluateAsInt(start, ast) ||
      !start.Val.getInt().isZero())
    return std::nullopt;
  const auto *inc = dyn_cast_or_null<clang::UnaryOperator>(loop->getInc());
  const auto *cond = dyn_cast_or_null<clang::BinaryOperator>(loop->getCond());
  if (!inc || !inc->isIncrementOp() || !refersTo(inc->getSubExpr(), index) ||
      !cond || cond->getOpcode() != clang::BO_LT ||
      !refersTo(cond->getLHS(), index))
    return std::nullopt;
  const auto *size = dyn_cast<clang::UnaryExprOrTypeTraitExpr>(
      cond->getRHS()->IgnoreParenImpCasts());
  if (!size || size->getKind() != clang::UETT_SizeOf ||
      !isTilingType(size->getTypeOfArgument()))
    return std::nullopt;

  // The body: the store, after at most one local that holds the byte read.
  llvm::SmallVector<const clang::Stmt *, 2> body;
  if (const auto *block = dyn_cast<clang::CompoundStmt>(loop->getBody()))
    body.assign(block->body_begin(), block->body_end());
  else
    body.push_back(loop->getBody());
  if (body.empty() || body.size() > 2)
    return std::nullopt;
  const auto *store = dyn_cast<clang::BinaryOperator>(body.back());
  if (!store || store->getOpcode() != clang::BO_Assign)
    return std::nullopt;
  const clang::Expr *read = store->getRHS();
  if (body.size() == 2) {
    const auto *decl = dyn_cast<clang::DeclStmt>(body.front());
    const auto *byte = decl && decl->isSingleDecl()
                           ? dyn_cast<clang::VarDecl>(decl->getSingleDecl())
                           : nullptr;
    if (!byte || !byte->getInit() || !refersTo(read, byte))
      return std::nullopt;
    read = byte->getInit();
  }
  const clang::Expr *source = byteOf(read, index, ast);
  const auto *address = dyn_cast_or_null<clang::UnaryOperator>(
      byteOf(store->getLHS(), index, ast));
  if (!source || !address || address->getOpcode() != clang::UO_AddrOf ||
      !isTilingType(address->getSubExpr()->getType()))
    return std::nullopt;
  return TilingByteCopy{address->getSubExpr(), source};
}

/// The tiling loaded whole from the GM pointer `source` into `target`.
LogicalResult KernelLifter::loadTiling(const clang::Stmt *at, Slot *target,
                                       const clang::Expr *source) {
  FailureOr<Lifted> pointer = rvalue(source);
  if (failed(pointer))
    return failure();
  if (!pointer->isGmAddress())
    return refuse(at, "a tiling copy whose arguments are not a local "
                      "TCubeTiling's address and a GM pointer");
  Value tiling = GetTilingOp::create(builder, loc(at),
                                     TilingType::get(builder.getContext()),
                                     pointer->value, Value());
  store(target, Lifted::handle(tiling));
  return success();
}

LogicalResult KernelLifter::liftTilingLoad(const clang::Stmt *at,
                                           const clang::Expr *tiling,
                                           const clang::Expr *source) {
  FailureOr<Slot *> target = lvalue(tiling);
  if (failed(target))
    return failure();
  return loadTiling(at, *target, source);
}

LogicalResult KernelLifter::liftStmt(const clang::Stmt *stmt) {
  if (!stmt)
    return success();
  if (const auto *block = dyn_cast<clang::CompoundStmt>(stmt))
    return liftStmts(llvm::ArrayRef<const clang::Stmt *>(block->body_begin(),
                                                         block->body_end()),
                     /*isFunctionBody=*/frame().function &&
                         block == frame().function->getBody(),
                     /*isLoopBody=*/!loops.empty() &&
                         block == loops.back().body);
  if (isa<clang::NullStmt>(stmt))
    return success();
  if (const auto *decl = dyn_cast<clang::DeclStmt>(stmt)) {
    for (const clang::Decl *d : decl->decls()) {
      if (const auto *var = dyn_cast<clang::VarDecl>(d)) {
        if (failed(liftDecl(var)))
          return failure();
        continue;
      }
      // Name lookup is Clang's business: a using-directive (pyasc's
      // `using namespace AscendC;` before REGIST_MATMUL_OBJ) changes no
      // value.
      if (isa<clang::TypedefNameDecl, clang::UsingDecl, clang::StaticAssertDecl,
              clang::UsingShadowDecl, clang::UsingDirectiveDecl>(d))
        continue;
      return refuse(stmt, "a local declaration of this kind is not lifted");
    }
    return success();
  }
  if (const auto *ret = dyn_cast<clang::ReturnStmt>(stmt)) {
    if (const clang::Expr *v = ret->getRetValue()) {
      FailureOr<Lifted> result = rvalue(v);
      if (failed(result))
        return failure();
      if (frame().returnSlot)
        store(frame().returnSlot, *result);
    }
    frame().returned = true;
    frame().returnStmt = stmt;
    return success();
  }
  if (const auto *ifStmt = dyn_cast<clang::IfStmt>(stmt))
    return liftIf(ifStmt, {});
  if (const auto *forStmt = dyn_cast<clang::ForStmt>(stmt)) {
    if (std::optional<TilingByteCopy> copy = matchTilingByteCopy(forStmt, ast))
      return liftTilingLoad(stmt, copy->tiling, copy->source);
    if (forStmt->getConditionVariable())
      return refuse(stmt, "a for loop with a condition variable is not lifted");
    if (failed(liftStmt(forStmt->getInit())))
      return failure();
    return liftLoop(stmt, forStmt->getCond(), forStmt->getBody(),
                    forStmt->getInc());
  }
  if (const auto *whileStmt = dyn_cast<clang::WhileStmt>(stmt)) {
    if (whileStmt->getConditionVariable())
      return refuse(stmt,
                    "a while loop with a condition variable is not lifted");
    return liftLoop(stmt, whileStmt->getCond(), whileStmt->getBody(), nullptr);
  }
  if (const auto *expr = dyn_cast<clang::Expr>(stmt))
    return success(succeeded(rvalue(expr)));
  if (isa<clang::BreakStmt, clang::ContinueStmt>(stmt))
    return refuse(stmt,
                  llvm::Twine("a '") +
                      (isa<clang::BreakStmt>(stmt) ? "break" : "continue") +
                      "' nested in a block of the loop body is not "
                      "lifted (one at the body's top level, alone or "
                      "as `if (...) " +
                      (isa<clang::BreakStmt>(stmt) ? "break" : "continue") +
                      ";`, is)");
  return refuse(stmt, llvm::Twine("a statement of kind '") +
                          stmt->getStmtClassName() + "' is not lifted");
}

LogicalResult KernelLifter::liftDecl(const clang::VarDecl *var) {
  clang::QualType type = var->getType();
  if (var->isStaticLocal() && !type.isConstQualified())
    return refuse(var->getBeginLoc(), "a static local variable is not lifted");
  const clang::Expr *init = var->getInit();
  if (type->isReferenceType()) {
    if (!init)
      return refuse(var->getBeginLoc(), "a reference without initializer");
    FailureOr<Slot *> target = lvalue(init);
    if (failed(target))
      return failure();
    frame().locals[var] = *target;
    return success();
  }
  Slot *slot = newSlot(var->getName());
  frame().locals[var] = slot;
  // A constexpr struct (pyasc's `static constexpr MatmulConfig cfg{...}`,
  // `= CFG_NORM`): its members are compile-time constants.
  if (const clang::CXXRecordDecl *record = type->getAsCXXRecordDecl();
      record && var->isConstexpr() && !isHandleClass(record) &&
      !isUserDecl(record))
    if (const clang::APValue *value = var->evaluateValue();
        value && value->isStruct()) {
      store(slot, objectOfConstants(record, *value, loc(var->getBeginLoc())));
      return success();
    }
  if (init) {
    FailureOr<Lifted> v = rvalue(init);
    if (failed(v))
      return failure();
    // A scalar initialised from another scalar type converts.
    store(slot, *v);
    return success();
  }
  if (const clang::CXXRecordDecl *record = type->getAsCXXRecordDecl()) {
    if (isUserDecl(record)) {
      FailureOr<Object *> object = newObject(record, var->getInit());
      if (failed(object))
        return failure();
      store(slot, Lifted{Lifted::ObjectRef, {}, {}, *object, nullptr});
      return success();
    }
    FailureOr<Lifted> v = constructApiObject(type, nullptr, var->getLocation());
    if (failed(v) && facts.reported)
      return failure();
    if (failed(v))
      return refuse(var->getBeginLoc(), "a variable of API type '" +
                                            type.getAsString() +
                                            "' is not modelled by asc");
    store(slot, *v);
  }
  return success();
}

LogicalResult KernelLifter::recordRegion(
    llvm::function_ref<LogicalResult()> body,
    llvm::SmallVectorImpl<std::pair<Slot *, Lifted>> &changes) {
  size_t mark = journal.size();
  unsigned generationMark = nextGeneration;
  LogicalResult result = body();
  for (size_t i = mark; i < journal.size(); ++i) {
    Slot *slot = journal[i].first;
    if (slot->generation >= generationMark)
      continue; // created inside the region
    if (llvm::none_of(changes, [&](auto &c) { return c.first == slot; }))
      changes.push_back({slot, {}});
  }
  for (auto &change : changes)
    change.second = change.first->value;
  while (journal.size() > mark) {
    journal.back().first->value = journal.back().second;
    journal.pop_back();
  }
  return result;
}

/// Whether two abstract values are the same.
static bool sameLifted(const Lifted &a, const Lifted &b) {
  return a.kind == b.kind && a.value == b.value && a.pointee == b.pointee &&
         a.object == b.object && a.slot == b.slot && a.offset == b.offset &&
         a.offsetElement == b.offsetElement;
}

LogicalResult
KernelLifter::liftBranches(Location at, Value cond,
                           llvm::function_ref<LogicalResult()> thenBody,
                           llvm::function_ref<LogicalResult()> elseBody) {
  OpBuilder::InsertionGuard guard(builder);
  auto ifOp = scf::IfOp::create(builder, at, cond, /*withElseRegion=*/true);
  bool returnedBefore = frame().returned;
  SmallVector<std::pair<Slot *, Lifted>> thenChanges, elseChanges;
  builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  if (failed(recordRegion(thenBody, thenChanges)))
    return failure();
  bool thenReturned = frame().returned;
  frame().returned = returnedBefore;
  builder.setInsertionPoint(ifOp.elseBlock()->getTerminator());
  if (failed(recordRegion(elseBody, elseChanges)))
    return failure();
  bool elseReturned = frame().returned;
  if (thenReturned != elseReturned && !returnedBefore) {
    // One branch returned and the other fell through: only a void
    // function's early return at its end, which liftStmts arranges, is
    // lifted; anything else would need a flag.
    if (frame().returnSlot) {
      facts.reported = true;
      emitError(at) << "a value returned on one branch only is not lifted";
      return failure();
    }
  }
  frame().returned = thenReturned && elseReturned;
  // In the kernel itself nothing reads the slots after a branch that
  // returned: the kernel ends there, and the statements after the if were
  // lifted into the other branch (liftStmts). Its fields may even end
  // different in kind (a tiling set only on the path that goes on).
  if (frames.size() == 1 && (thenReturned || elseReturned))
    return success();

  // The slots either branch changed, in first-change order.
  SmallVector<Slot *> merged;
  for (auto &c : thenChanges)
    merged.push_back(c.first);
  for (auto &c : elseChanges)
    if (!llvm::is_contained(merged, c.first))
      merged.push_back(c.first);
  auto valueIn = [&](ArrayRef<std::pair<Slot *, Lifted>> changes,
                     Slot *slot) -> Lifted {
    for (auto &c : changes)
      if (c.first == slot)
        return c.second;
    return slot->value;
  };
  SmallVector<Slot *> carried;
  SmallVector<Value> thenValues, elseValues;
  for (Slot *slot : merged) {
    Lifted t = valueIn(thenChanges, slot), e = valueIn(elseChanges, slot);
    if (slot->tilingBase &&
        (t.kind == Lifted::Unset || e.kind == Lifted::Unset)) {
      // An unwritten tiling field reads the tiling, before the branches.
      OpBuilder::InsertionGuard before(builder);
      builder.setInsertionPoint(ifOp);
      t = materialized(slot, t);
      e = materialized(slot, e);
    }
    if (sameLifted(t, e)) {
      store(slot, t);
      continue;
    }
    // Set on one path only (pyasc's `int32_t v; while (true) { if (!more)
    // { v = i; break; } ... }`): unset after the branch, so a read is
    // refused as a use before set, and a variable nobody reads is fine.
    if (t.kind == Lifted::Unset || e.kind == Lifted::Unset) {
      store(slot, Lifted{});
      continue;
    }
    if (!t.carriesValue() || !e.carriesValue() ||
        t.value.getType() != e.value.getType()) {
      facts.reported = true;
      emitError(at) << "'" << slot->name
                    << "' gets values of different kinds on the two branches "
                       "of this condition; asc cannot merge them";
      return failure();
    }
    carried.push_back(slot);
    thenValues.push_back(t.value);
    elseValues.push_back(e.value);
  }
  if (carried.empty())
    return success();
  builder.setInsertionPoint(ifOp);
  auto merging =
      scf::IfOp::create(builder, at, TypeRange(ValueRange(thenValues)), cond,
                        /*withElseRegion=*/true);
  merging.getThenRegion().takeBody(ifOp.getThenRegion());
  merging.getElseRegion().takeBody(ifOp.getElseRegion());
  merging.thenBlock()->getTerminator()->setOperands(thenValues);
  merging.elseBlock()->getTerminator()->setOperands(elseValues);
  ifOp.erase();
  for (auto [slot, result] : llvm::zip(carried, merging.getResults())) {
    Lifted v = slot->value;
    v.value = result;
    v.kind = isa<IntegerType, FloatType>(result.getType()) ? Lifted::Scalar
                                                           : Lifted::Handle;
    store(slot, v);
  }
  return success();
}

LogicalResult KernelLifter::liftIf(const clang::IfStmt *stmt,
                                   llvm::ArrayRef<const clang::Stmt *> rest) {
  if (stmt->getInit() && failed(liftStmt(stmt->getInit())))
    return failure();
  // `if constexpr` and constant conditions take one branch, as the
  // compiler does (IS_BIAS, template flags).
  bool constant = false;
  const clang::Expr *cond = stmt->getCond();
  if (stmt->isConstexpr() || (!stmt->getConditionVariable() &&
                              cond->EvaluateAsBooleanCondition(constant, ast) &&
                              !cond->HasSideEffects(ast))) {
    if (stmt->isConstexpr() && !cond->EvaluateAsBooleanCondition(constant, ast))
      return refuse(cond, "an if constexpr condition that is not constant");
    if (failed(liftStmt(constant ? stmt->getThen() : stmt->getElse())))
      return failure();
    return liftStmts(rest, /*isFunctionBody=*/true);
  }
  if (const clang::VarDecl *var = stmt->getConditionVariable())
    if (failed(liftDecl(var)))
      return failure();
  FailureOr<Value> c = condition(cond);
  if (failed(c))
    return failure();
  // A condition that lifted to a constant (a core test in a cube-only
  // kernel, a variable Clang cannot fold) takes one branch, as the
  // compiler would; the rest follows unless that branch returned.
  if (IntegerAttr known; matchPattern(*c, m_Constant(&known))) {
    if (failed(liftStmt(known.getInt() ? stmt->getThen() : stmt->getElse())))
      return failure();
    return liftStmts(rest, /*isFunctionBody=*/true);
  }
  // The statements after an if whose one branch returns (at the function's
  // top level, liftStmts made sure) run on the other branch.
  const clang::Stmt *thenStmt = stmt->getThen();
  const clang::Stmt *elseStmt = stmt->getElse();
  bool restOnThen =
      !endsInReturn(thenStmt) && elseStmt && endsInReturn(elseStmt);
  auto branch = [&](const clang::Stmt *body, bool withRest) {
    return [&, body, withRest]() -> LogicalResult {
      if (failed(liftStmt(body)))
        return failure();
      return withRest ? liftStmts(rest, /*isFunctionBody=*/true) : success();
    };
  };
  return liftBranches(loc(stmt), *c, branch(thenStmt, restOnThen),
                      branch(elseStmt, !restOnThen));
}

LogicalResult
KernelLifter::liftLoopExit(const clang::IfStmt *stmt,
                           llvm::ArrayRef<const clang::Stmt *> rest) {
  if (stmt->getInit() && failed(liftStmt(stmt->getInit())))
    return failure();
  if (const clang::VarDecl *var = stmt->getConditionVariable())
    if (failed(liftDecl(var)))
      return failure();
  const clang::Stmt *jump = loopJump(stmt->getThen());
  // The then branch without its final jump, then the jump's effect.
  auto exitBranch = [&]() -> LogicalResult {
    if (const auto *block = dyn_cast<clang::CompoundStmt>(stmt->getThen()))
      if (failed(liftStmts(llvm::ArrayRef<const clang::Stmt *>(
                               block->body_begin(), block->body_end())
                               .drop_back(),
                           /*isFunctionBody=*/false)))
        return failure();
    if (isa<clang::BreakStmt>(jump))
      store(loops.back().broken,
            Lifted::scalar(constantInt(builder.getI1Type(), 1)));
    return success();
  };
  auto goOn = [&]() -> LogicalResult {
    if (failed(liftStmt(stmt->getElse())))
      return failure();
    return liftStmts(rest, /*isFunctionBody=*/false, /*isLoopBody=*/true);
  };
  FailureOr<Value> c = condition(stmt->getCond());
  if (failed(c))
    return failure();
  if (IntegerAttr known; matchPattern(*c, m_Constant(&known)))
    return known.getInt() ? exitBranch() : goOn();
  return liftBranches(loc(stmt), *c, exitBranch, goOn);
}

/// Whether a continue inside `stmt` goes on to the loop whose body `stmt`
/// is part of (not a nested loop's).
static bool continuesOut(const clang::Stmt *stmt) {
  if (!stmt)
    return false;
  if (isa<clang::ContinueStmt>(stmt))
    return true;
  if (isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt,
          clang::CXXForRangeStmt, clang::LambdaExpr>(stmt))
    return false;
  return llvm::any_of(stmt->children(), continuesOut);
}

/// Whether a break or continue inside `stmt` leaves the loop whose body
/// `stmt` is part of, or `stmt` returns.
static bool jumpsOut(const clang::Stmt *stmt) {
  if (!stmt)
    return false;
  if (isa<clang::BreakStmt, clang::ContinueStmt, clang::ReturnStmt>(stmt))
    return true;
  if (isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt,
          clang::CXXForRangeStmt>(stmt))
    return findReturn(stmt) != nullptr;
  // A break in a switch leaves the switch; a continue goes on to the loop.
  if (isa<clang::SwitchStmt>(stmt))
    return findReturn(stmt) != nullptr || continuesOut(stmt);
  if (isa<clang::LambdaExpr>(stmt))
    return false;
  return llvm::any_of(stmt->children(), jumpsOut);
}

/// A loop that runs until a test at its top breaks out, as pyasc writes
/// its Iterate loop: `while (true) { head; if (c) { exit; break; } rest }`
/// with no other way out. Lifted rotated, as scf.while's two regions say
/// it: `head` and the test before each trip, `rest` as the trip, `exit`
/// once after the loop.
struct GuardedExit {
  llvm::ArrayRef<const clang::Stmt *> head;
  const clang::IfStmt *test = nullptr;
  llvm::ArrayRef<const clang::Stmt *> exit;
  llvm::ArrayRef<const clang::Stmt *> rest;
};

static std::optional<GuardedExit>
matchGuardedExit(const clang::Expr *cond, const clang::Stmt *body,
                 const clang::ASTContext &ast) {
  bool always = false;
  if (cond && (!cond->EvaluateAsBooleanCondition(always, ast) || !always ||
               cond->HasSideEffects(ast)))
    return std::nullopt;
  const auto *block = dyn_cast<clang::CompoundStmt>(body);
  if (!block)
    return std::nullopt;
  llvm::ArrayRef<const clang::Stmt *> stmts(block->body_begin(),
                                            block->body_end());
  for (size_t i = 0; i < stmts.size(); ++i) {
    const auto *test = dyn_cast<clang::IfStmt>(stmts[i]);
    const auto *then =
        test ? dyn_cast<clang::CompoundStmt>(test->getThen()) : nullptr;
    bool endsInBreak = test && (isa<clang::BreakStmt>(test->getThen()) ||
                                (then && !then->body_empty() &&
                                 isa<clang::BreakStmt>(then->body_back())));
    if (!endsInBreak) {
      if (jumpsOut(stmts[i]))
        return std::nullopt; // the head must run whole on every trip
      continue;
    }
    if (test->getElse() || test->getInit() || test->getConditionVariable() ||
        test->isConstexpr() || test->isConsteval())
      return std::nullopt;
    GuardedExit guarded;
    guarded.head = stmts.take_front(i);
    guarded.test = test;
    if (then)
      guarded.exit = llvm::ArrayRef<const clang::Stmt *>(then->body_begin(),
                                                         then->body_end())
                         .drop_back();
    guarded.rest = stmts.drop_front(i + 1);
    if (llvm::any_of(guarded.exit, jumpsOut) ||
        llvm::any_of(guarded.rest, breaksOut))
      return std::nullopt;
    return guarded;
  }
  return std::nullopt;
}

LogicalResult KernelLifter::liftLoop(const clang::Stmt *loop,
                                     const clang::Expr *cond,
                                     const clang::Stmt *body,
                                     const clang::Expr *inc) {
  std::optional<GuardedExit> guarded = matchGuardedExit(cond, body, ast);
  if (!cond && !guarded)
    return refuse(loop, "a loop without a condition is not lifted");
  Location at = loc(loop);
  // A break sets a flag the loop carries: the condition is false once it
  // is set, and the increment does not run on the trip that set it. A
  // guarded exit needs none: its test is the condition.
  Slot *broken = nullptr;
  if (!guarded && breaksOut(body))
    broken =
        newSlot("break", Lifted::scalar(constantInt(builder.getI1Type(), 0)));
  loops.push_back({body, broken});
  llvm::scope_exit popLoop([&] { loops.pop_back(); });
  auto setBefore = [](Slot *slot) {
    return slot->value.kind != Lifted::Unset || slot->tilingBase;
  };
  // An attempt that found more carried slots, or that cannot rotate,
  // starts again where the loop was.
  auto restart = [&](scf::WhileOp whileOp) {
    builder.setInsertionPoint(whileOp->getBlock(),
                              std::next(Block::iterator(whileOp)));
    whileOp.erase();
  };
  // The carried slots grow until the body changes no other outer slot.
  SmallVector<Slot *> carried;
  for (int attempt = 0; attempt < 8; ++attempt) {
    SmallVector<Value> inits;
    for (Slot *slot : carried) {
      if (slot->tilingBase && slot->value.kind == Lifted::Unset)
        store(slot, materialized(slot, slot->value));
      if (!slot->value.carriesValue())
        return refuse(loop, "'" + slot->name +
                                "' changes in this loop but has no value "
                                "before it");
      inits.push_back(slot->value.value);
    }
    TypeRange types = TypeRange(ValueRange(inits));
    auto whileOp = scf::WhileOp::create(builder, at, types, inits);
    SmallVector<Location> argLocs(types.size(), at);
    Block *before =
        builder.createBlock(&whileOp.getBefore(), {}, types, argLocs);
    auto bindArgs = [&](ArrayRef<Slot *> bound, Block *block) {
      for (auto [slot, arg] : llvm::zip(bound, block->getArguments())) {
        Lifted v = slot->value;
        v.value = arg;
        store(slot, v);
      }
    };

    // before: the condition, re-evaluated on every trip; with a guarded
    // exit, the head and the exit test.
    SmallVector<std::pair<Slot *, Lifted>> condChanges;
    // Slots the head declares (they are the trip's too) or sets without a
    // value before the loop: passed on to the trip and out of the loop.
    SmallVector<std::pair<Slot *, Lifted>> passed;
    Value condValue;
    builder.setInsertionPointToStart(before);
    if (failed(recordRegion(
            [&]() -> LogicalResult {
              bindArgs(carried, before);
              if (guarded) {
                if (failed(liftStmts(guarded->head, /*isFunctionBody=*/false)))
                  return failure();
                recordStatement(guarded->test);
                FailureOr<Value> exits = condition(guarded->test->getCond());
                if (failed(exits))
                  return failure();
                condValue = arith::XOrIOp::create(
                    builder, at, *exits, constantInt(builder.getI1Type(), 1));
                for (const clang::Stmt *stmt : guarded->head)
                  if (const auto *decls = dyn_cast<clang::DeclStmt>(stmt))
                    for (const clang::Decl *d : decls->decls())
                      if (Slot *slot = frame().locals.lookup(
                              dyn_cast<clang::VarDecl>(d)))
                        passed.push_back({slot, slot->value});
                return success();
              }
              FailureOr<Value> c = condition(cond);
              if (failed(c))
                return failure();
              condValue = *c;
              if (broken)
                condValue = arith::AndIOp::create(
                    builder, at, condValue,
                    arith::XOrIOp::create(builder, at, broken->value.value,
                                          constantInt(builder.getI1Type(), 1)));
              return success();
            },
            condChanges)))
      return failure();
    SmallVector<Value> forwarded(before->getArguments());
    bool grew = false;
    for (auto &c : condChanges) {
      auto it = llvm::find(carried, c.first);
      if (!guarded) {
        // A plain condition's own changes (none in practice) are refused.
        if (it == carried.end() || !c.second.carriesValue())
          return refuse(cond, "a loop condition that changes variables is "
                              "not lifted");
        continue;
      }
      if (it != carried.end()) {
        if (!c.second.carriesValue() ||
            c.second.value.getType() !=
                forwarded[it - carried.begin()].getType())
          return refuse(loop, "'" + c.first->name +
                                  "' changes kind or type in this loop");
        forwarded[it - carried.begin()] = c.second.value;
      } else if (setBefore(c.first)) {
        carried.push_back(c.first);
        grew = true;
      } else {
        passed.push_back(c);
      }
    }
    // A passed slot that holds no SSA value (an object, a pointer) cannot
    // cross into the trip: such a loop is lifted with the carried flag.
    if (llvm::any_of(passed, [](auto &p) {
          return p.second.kind != Lifted::Unset && !p.second.carriesValue();
        })) {
      guarded.reset();
      if (breaksOut(body)) {
        OpBuilder::InsertionGuard guard(builder);
        builder.setInsertionPoint(whileOp);
        broken = newSlot("break",
                         Lifted::scalar(constantInt(builder.getI1Type(), 0)));
        loops.back().broken = broken;
      }
      grew = true;
    }
    if (grew) {
      restart(whileOp);
      continue;
    }
    llvm::erase_if(passed,
                   [](auto &p) { return p.second.kind == Lifted::Unset; });
    SmallVector<Slot *> passedSlots;
    for (auto &[slot, value] : passed) {
      passedSlots.push_back(slot);
      forwarded.push_back(value.value);
    }
    scf::ConditionOp::create(builder, at, condValue, forwarded);
    TypeRange tripTypes = TypeRange(ValueRange(forwarded));
    if (!passed.empty()) {
      // The loop's results are what the test passes on: a new op of those
      // types takes the condition region.
      builder.setInsertionPoint(whileOp);
      auto passing = scf::WhileOp::create(builder, at, tripTypes, inits);
      passing.getBefore().takeBody(whileOp.getBefore());
      whileOp.erase();
      whileOp = passing;
    }
    SmallVector<Location> tripLocs(tripTypes.size(), at);
    Block *after =
        builder.createBlock(&whileOp.getAfter(), {}, tripTypes, tripLocs);

    // after: the body (with a guarded exit, what follows the test) and the
    // increment.
    SmallVector<std::pair<Slot *, Lifted>> bodyChanges;
    builder.setInsertionPointToStart(after);
    bool returnedBefore = frame().returned;
    if (failed(recordRegion(
            [&]() -> LogicalResult {
              bindArgs(carried, after);
              // The head's variables take the kind the head gave them (their
              // slots were rolled back with the condition region).
              for (auto [slot, arg] : llvm::zip(
                       passed,
                       after->getArguments().drop_front(carried.size()))) {
                Lifted v = slot.second;
                v.value = arg;
                store(slot.first, v);
              }
              if (failed(guarded ? liftStmts(guarded->rest,
                                             /*isFunctionBody=*/false,
                                             /*isLoopBody=*/true)
                                 : liftStmt(body)))
                return failure();
              if (frame().returned)
                return refuse(frame().returnStmt,
                              "a return inside a loop is not lifted");
              if (!inc)
                return success();
              if (!broken)
                return success(succeeded(rvalue(inc)));
              return liftBranches(
                  at, broken->value.value, [] { return success(); },
                  [&]() -> LogicalResult {
                    return success(succeeded(rvalue(inc)));
                  });
            },
            bodyChanges)))
      return failure();
    frame().returned = returnedBefore;
    // A variable with no value before the loop (a tensor field each trip
    // allocates or dequeues before its use) is not carried: a trip that
    // reads it before writing it, and any read after the loop, are refused
    // as uses before it is set. The head's own variables start afresh on
    // every trip.
    for (auto &c : bodyChanges)
      if (!llvm::is_contained(carried, c.first) &&
          !llvm::is_contained(passedSlots, c.first) && setBefore(c.first)) {
        carried.push_back(c.first);
        grew = true;
      }
    if (grew) {
      restart(whileOp);
      continue;
    }
    SmallVector<Value> yielded(
        after->getArguments().take_front(carried.size()));
    for (auto &c : bodyChanges) {
      auto it = llvm::find(carried, c.first);
      if (it == carried.end())
        continue; // unset before the loop, or the head's
      if (!c.second.carriesValue() ||
          c.second.value.getType() != yielded[it - carried.begin()].getType())
        return refuse(loop, "'" + c.first->name +
                                "' changes kind or type in this loop");
      yielded[it - carried.begin()] = c.second.value;
    }
    scf::YieldOp::create(builder, at, yielded);
    builder.setInsertionPointAfter(whileOp);
    SmallVector<std::pair<Slot *, Lifted>> results;
    for (Slot *slot : carried)
      results.push_back({slot, slot->value});
    llvm::append_range(results, passed);
    for (auto [slotValue, result] : llvm::zip(results, whileOp.getResults())) {
      Lifted v = slotValue.second;
      v.value = result;
      store(slotValue.first, v);
    }
    // The exit's statements run once, on the way out.
    if (guarded)
      return liftStmts(guarded->exit, /*isFunctionBody=*/false);
    return success();
  }
  return refuse(loop, "the variables this loop changes did not settle");
}

/// The call to `name` inside `stmt`, if any.
static const clang::CallExpr *findCall(const clang::Stmt *stmt,
                                       llvm::StringRef name) {
  if (!stmt)
    return nullptr;
  if (const auto *call = dyn_cast<clang::CallExpr>(stmt))
    if (const clang::FunctionDecl *callee = call->getDirectCallee())
      if (callee->getName() == name)
        return call;
  for (const clang::Stmt *child : stmt->children())
    if (const clang::CallExpr *found = findCall(child, name))
      return found;
  return nullptr;
}

LogicalResult
KernelLifter::liftRegisterMacro(llvm::ArrayRef<const clang::Stmt *> stmts) {
  // The expansion's call that registers the objects: asc-run's
  // `GM_ADDR __kfcClient__ = (workspace); ...; if ASCEND_IS_AIC { serve;
  // return; } registerObjects(loc, pipe, 0, objects and tilings...)`, or in
  // CANN's CPU-debug headers `...; if ASCEND_IS_AIC { server; return; }
  // KfcCommClient __kfcClient__(...); if ASCEND_IS_AIV { SetMatrixKfc(pipe,
  // &__kfcClient__, 0, workspace, objects...); }`, and for a cube-only
  // kernel `InitCurObj(pipe, objects...)`. The cube core's branch is the
  // server, which asc.matmul.register stands for.
  struct Registration {
    llvm::StringRef callee;
    unsigned pipe, firstObject;
    std::optional<unsigned> workspace; // else asc-run's __kfcClient__
  };
  static const Registration known[] = {{"registerObjects", 1, 3, {}},
                                       {"SetMatrixKfc", 0, 4, 3},
                                       {"InitCurObj", 0, 1, {}}};
  const clang::Expr *workspace = nullptr;
  const clang::CallExpr *registration = nullptr;
  const Registration *form = nullptr;
  for (const Registration &candidate : known) {
    for (const clang::Stmt *stmt : stmts)
      if ((registration = findCall(stmt, candidate.callee)))
        break;
    if (registration) {
      form = &candidate;
      break;
    }
  }
  if (!registration || registration->getNumArgs() < form->firstObject)
    return refuse(stmts.front(),
                  "this expansion of REGIST_MATMUL_OBJ is not one asc-check "
                  "knows (asc-run's headers and CANN's CPU-debug ones are)");
  if (form->workspace)
    workspace = registration->getArg(*form->workspace);
  else if (form->callee == "registerObjects")
    for (const clang::Stmt *stmt : stmts)
      if (const auto *decl = dyn_cast<clang::DeclStmt>(stmt))
        for (const clang::Decl *d : decl->decls())
          if (const auto *var = dyn_cast<clang::VarDecl>(d))
            if (var->getName() == "__kfcClient__")
              workspace = var->getInit();
  Location at = loc(stmts.front());
  FailureOr<Lifted> pipe = rvalue(registration->getArg(form->pipe));
  if (failed(pipe))
    return failure();
  if (pipe->kind != Lifted::SlotRef || !pipe->value ||
      !isa<PipeType>(pipe->value.getType()))
    return refuse(registration->getArg(form->pipe),
                  "REGIST_MATMUL_OBJ's first argument is not a TPipe's "
                  "address");
  Value ws;
  if (workspace) {
    FailureOr<Lifted> w = rvalue(workspace);
    if (failed(w))
      return failure();
    if (!w->isGmAddress())
      return refuse(workspace, "REGIST_MATMUL_OBJ's workspace is not a GM "
                               "pointer");
    ws = w->value;
    // A kernel argument registered as the workspace is the one the Matmul
    // messages use, as `__kfc_workspace__` would mark it.
    if (auto arg = dyn_cast<BlockArgument>(ws))
      if (arg.getOwner()->isEntryBlock() &&
          arg.getOwner()->getParentOp() == kernelFunc)
        kernelFunc.setArgAttr(arg.getArgNumber(),
                              AscDialect::getWorkspaceAttrName(),
                              builder.getUnitAttr());
  } else {
    // The cube-only expansion drops the argument; the kernel's system
    // workspace is what CANN's cube-only registration uses.
    ws = GetSysWorkspacePtrOp::create(builder, at,
                                      GmAddrType::get(builder.getContext()));
  }
  SmallVector<Value> matmuls, tilings;
  for (unsigned i = form->firstObject; i < registration->getNumArgs(); ++i) {
    const clang::Expr *arg = registration->getArg(i);
    FailureOr<Lifted> v = rvalue(arg);
    if (failed(v))
      return failure();
    if (v->kind == Lifted::Null)
      continue; // a null tiling: the object is Init-ed later
    Lifted whole = v->kind == Lifted::SlotRef ? v->slot->value : *v;
    Value value = whole.value;
    if (value && isa<TilingType>(value.getType())) {
      FailureOr<Value> changed = tilingValue(whole, arg);
      if (failed(changed))
        return failure();
      value = *changed;
    }
    if (value && isa<MatmulType>(value.getType()))
      matmuls.push_back(value);
    else if (value && isa<TilingType>(value.getType()))
      tilings.push_back(value);
    else
      return refuse(arg, "REGIST_MATMUL_OBJ takes Matmul objects and their "
                         "tilings' addresses");
  }
  MatmulRegisterOp::create(builder, at, pipe->value, ws, matmuls, tilings);
  return success();
}

//===----------------------------------------------------------------------===//
// Objects and calls
//===----------------------------------------------------------------------===//

/// The member that stands for `field` in a struct of scalars: the field
/// itself, or for an anonymous union (CANN's DataCopyParams: `union {
/// uint16_t srcGap = 0; uint16_t srcStride; }`) its first member, which the
/// others alias.
static const clang::FieldDecl *memberOf(const clang::FieldDecl *field) {
  if (field->isAnonymousStructOrUnion())
    if (const clang::RecordDecl *inner = field->getType()->getAsRecordDecl();
        inner && inner->isUnion() && !inner->field_empty())
      return *inner->field_begin();
  return field;
}

FailureOr<Object *> KernelLifter::newObject(const clang::CXXRecordDecl *record,
                                            const clang::Stmt *at) {
  objects.emplace_back();
  Object *object = &objects.back();
  object->record = record;
  for (const clang::CXXBaseSpecifier &base : record->bases())
    if (const clang::CXXRecordDecl *b = base.getType()->getAsCXXRecordDecl())
      if (!b->field_empty())
        return refuse(record->getLocation(),
                      "a class whose base classes have fields is not lifted");
  for (const clang::FieldDecl *field : record->fields()) {
    Slot *slot = newSlot(field->getName());
    object->fields[field] = slot;
    clang::QualType type = memberOf(field)->getType();
    if (const clang::Expr *init = memberOf(field)->getInClassInitializer()) {
      FailureOr<Lifted> v = rvalue(init);
      if (failed(v))
        return failure();
      slot->value = *v;
      continue;
    }
    if (type->isReferenceType() || type->isPointerType() || scalarType(type) ||
        type->isArrayType())
      continue; // set by the constructor or later
    const clang::CXXRecordDecl *fieldRecord = type->getAsCXXRecordDecl();
    if (!fieldRecord)
      continue;
    if (isUserDecl(fieldRecord)) {
      FailureOr<Object *> inner = newObject(fieldRecord, at);
      if (failed(inner))
        return failure();
      slot->value = Lifted{Lifted::ObjectRef, {}, {}, *inner, nullptr};
      continue;
    }
    OpBuilder::InsertionGuard guard(builder);
    FailureOr<Lifted> v = constructApiObject(type, at, field->getLocation());
    if (failed(v) && facts.reported)
      return failure();
    if (failed(v))
      return refuse(field->getLocation(), "a field of API type '" +
                                              type.getAsString() +
                                              "' is not modelled by asc");
    slot->value = *v;
  }
  return object;
}

FailureOr<Lifted>
KernelLifter::inlineCall(const clang::FunctionDecl *callee, Object *thisObject,
                         llvm::ArrayRef<const clang::Expr *> args,
                         const clang::Stmt *at) {
  const clang::FunctionDecl *definition = nullptr;
  if (!callee->hasBody(definition) || !definition->getBody())
    return refuse(at, "'" + callee->getQualifiedNameAsString() +
                          "' has no body to lift");
  if (frames.size() > 32)
    return refuse(at, "calls nest deeper than 32 (recursion is not lifted)");
  // Arguments are evaluated in the caller's frame.
  SmallVector<std::pair<const clang::ParmVarDecl *, Slot *>> bound;
  for (auto [i, param] : llvm::enumerate(definition->parameters())) {
    const clang::Expr *arg = i < args.size() ? args[i] : nullptr;
    if (!arg)
      arg = param->getDefaultArg();
    if (!arg)
      return refuse(at, "a call with fewer arguments than parameters");
    if (param->getType()->isReferenceType() &&
        !param->getType().getNonReferenceType().isConstQualified()) {
      FailureOr<Slot *> target = lvalue(arg);
      if (failed(target))
        return failure();
      bound.push_back({param, *target});
      continue;
    }
    if (param->getType()->isReferenceType()) {
      // A const reference: alias a variable, or hold a temporary.
      const clang::Expr *stripped = arg->IgnoreParenImpCasts();
      if (isa<clang::DeclRefExpr, clang::MemberExpr>(stripped)) {
        FailureOr<Slot *> target = lvalue(stripped);
        if (succeeded(target)) {
          bound.push_back({param, *target});
          continue;
        }
        return failure();
      }
    }
    FailureOr<Lifted> v = rvalue(arg);
    if (failed(v))
      return failure();
    if (Type to = scalarType(param->getType());
        to && v->kind == Lifted::Scalar && v->value.getType() != to) {
      FailureOr<Value> converted =
          convertScalar(v->value, arg->getType(), param->getType(), arg);
      if (failed(converted))
        return failure();
      v = Lifted::scalar(*converted);
    }
    bound.push_back({param, newSlot(param->getName(), *v)});
  }
  frames.emplace_back();
  frame().function = definition;
  frame().thisObject = thisObject;
  if (facts.sourceMap)
    ++facts.sourceMap->inlineCounts[functionId(definition)];
  for (auto &[param, slot] : bound)
    frame().locals[param] = slot;
  if (!definition->getReturnType()->isVoidType())
    frame().returnSlot = newSlot("return value");
  if (const auto *ctor = dyn_cast<clang::CXXConstructorDecl>(definition)) {
    for (const clang::CXXCtorInitializer *init : ctor->inits()) {
      if (!init->isMemberInitializer() || !init->isWritten())
        continue;
      Slot *field = thisObject->fields.lookup(init->getMember());
      FailureOr<Lifted> v = rvalue(init->getInit());
      if (!field || failed(v))
        return failure();
      store(field, *v);
    }
  }
  LogicalResult lifted = liftStmt(definition->getBody());
  Slot *returnSlot = frame().returnSlot;
  frames.pop_back();
  if (failed(lifted))
    return failure();
  if (!returnSlot)
    return Lifted::voidValue();
  if (returnSlot->value.kind == Lifted::Unset)
    return refuse(at, "'" + callee->getNameAsString() +
                          "' returns no value on the lifted path");
  return returnSlot->value;
}

Lifted KernelLifter::objectOfConstants(const clang::CXXRecordDecl *record,
                                       const clang::APValue &value,
                                       Location at) {
  objects.emplace_back();
  Object *object = &objects.back();
  object->record = record;
  for (const clang::FieldDecl *field : record->fields()) {
    const clang::APValue &member = value.getStructField(field->getFieldIndex());
    Type type = scalarType(field->getType());
    if (!member.isInt() || !type || !isa<IntegerType>(type))
      continue; // a member asc cannot hold: reading it is refused
    object->fields[field] = newSlot(
        field->getName(),
        Lifted::scalar(arith::ConstantOp::create(
            builder, at,
            builder.getIntegerAttr(type, member.getInt().extOrTrunc(
                                             type.getIntOrFloatBitWidth())))));
  }
  return Lifted{Lifted::ObjectRef, {}, {}, object, nullptr};
}

std::optional<Lifted>
KernelLifter::constantObject(const clang::CallExpr *call) {
  const clang::FunctionDecl *callee = call->getDirectCallee();
  const clang::CXXRecordDecl *record = call->getType()->getAsCXXRecordDecl();
  clang::Expr::EvalResult result;
  if (!callee || !callee->isConstexpr() || !record || isHandleClass(record) ||
      call->isValueDependent() || !call->EvaluateAsRValue(result, ast) ||
      !result.Val.isStruct())
    return std::nullopt;
  return objectOfConstants(record, result.Val, loc(call));
}

FailureOr<Lifted> KernelLifter::liftCall(const clang::CallExpr *call) {
  const clang::FunctionDecl *callee = call->getDirectCallee();
  if (!callee)
    return refuse(call, "an indirect call is not lifted");
  if (!isUserDecl(callee)) {
    if (std::optional<Lifted> folded = constantObject(call))
      return *folded;
    return liftApiCall(call, callee);
  }

  // CopyTiling(&tiling, tilingGm): the word-by-word copy of a TCubeTiling
  // from GM that every CANN sample writes; it is the tiling's load. A
  // further parameter the body never reads, given an argument without side
  // effects, changes nothing (`matmul_s4`'s `CopyTiling(&tiling, tilingGM,
  // pipe)`).
  auto ignoredFrom = [&](unsigned first) {
    for (unsigned i = first; i < callee->getNumParams(); ++i)
      if (callee->getParamDecl(i)->isReferenced() ||
          call->getArg(i)->HasSideEffects(ast))
        return false;
    return true;
  };
  if (callee->getNumParams() >= 2 &&
      call->getNumArgs() == callee->getNumParams() && ignoredFrom(2)) {
    clang::QualType first = callee->getParamDecl(0)->getType();
    const clang::CXXRecordDecl *record =
        first->isPointerType() ? first->getPointeeType()->getAsCXXRecordDecl()
                               : nullptr;
    if (record && record->getName() == "TCubeTiling" &&
        callee->getParamDecl(1)->getType()->isPointerType()) {
      FailureOr<Lifted> target = rvalue(call->getArg(0));
      if (failed(target))
        return failure();
      if (target->kind != Lifted::SlotRef)
        return refuse(call, "a tiling copy whose arguments are not a local "
                            "TCubeTiling's address and a GM pointer");
      if (failed(loadTiling(call, target->slot, call->getArg(1))))
        return failure();
      return Lifted::voidValue();
    }
  }

  Object *thisObject = nullptr;
  SmallVector<const clang::Expr *> args(call->arguments());
  if (const auto *member = dyn_cast<clang::CXXMemberCallExpr>(call)) {
    FailureOr<Lifted> object = rvalue(member->getImplicitObjectArgument());
    if (failed(object))
      return failure();
    if (object->kind != Lifted::ObjectRef)
      return refuse(call, "a method call on an object the lifter does not "
                          "model field by field");
    thisObject = object->object;
  } else if (const auto *op = dyn_cast<clang::CXXOperatorCallExpr>(call)) {
    if (isa<clang::CXXMethodDecl>(callee)) {
      FailureOr<Lifted> object = rvalue(op->getArg(0));
      if (failed(object))
        return failure();
      if (object->kind != Lifted::ObjectRef)
        return refuse(call, "an operator on a value that is not an object");
      thisObject = object->object;
      args.erase(args.begin());
    }
  }
  return inlineCall(callee, thisObject, args, call);
}

FailureOr<Lifted>
KernelLifter::liftConstruct(const clang::CXXConstructExpr *construct) {
  const clang::CXXConstructorDecl *ctor = construct->getConstructor();
  const clang::CXXRecordDecl *record = ctor->getParent();
  // Copies and moves keep the value (tensors, tilings, objects).
  if (ctor->isCopyOrMoveConstructor() && construct->getNumArgs() >= 1)
    return rvalue(construct->getArg(0));
  if (isUserDecl(record)) {
    FailureOr<Object *> object = newObject(record, construct);
    if (failed(object))
      return failure();
    if (ctor->hasBody() || construct->getNumArgs()) {
      SmallVector<const clang::Expr *> args(construct->arguments());
      if (failed(inlineCall(ctor, *object, args, construct)))
        return failure();
    }
    return Lifted{Lifted::ObjectRef, {}, {}, *object, nullptr};
  }
  if (std::optional<FailureOr<Lifted>> built =
          constructApiObjectFrom(construct))
    return *built;
  // `half h = 8.0;`: a half-precision scalar from a number, through float
  // as the headers' constructors convert.
  if (Type scalar = scalarType(construct->getType());
      scalar && construct->getNumArgs() == 1) {
    const clang::Expr *arg = construct->getArg(0);
    FailureOr<Value> v = value(arg);
    if (failed(v))
      return failure();
    clang::QualType from = arg->getType();
    if (v->getType().isF64()) {
      v = convertScalar(*v, from, ast.FloatTy, arg);
      from = ast.FloatTy;
      if (failed(v))
        return failure();
    }
    FailureOr<Value> converted =
        convertScalar(*v, from, construct->getType(), construct);
    if (failed(converted))
      return failure();
    return Lifted::scalar(*converted);
  }
  if (construct->getNumArgs() == 0) {
    FailureOr<Lifted> v = constructApiObject(construct->getType(), construct,
                                             construct->getBeginLoc());
    if (succeeded(v) || facts.reported)
      return v;
    return refuse(construct, "constructing '" +
                                 construct->getType().getAsString() +
                                 "' is not modelled by asc");
  }
  // A plain API struct of scalars built from one value per field
  // (DataCopyParams{count, len, srcStride, dstStride}).
  if (!isHandleClass(record) &&
      construct->getNumArgs() ==
          static_cast<unsigned>(
              std::distance(record->field_begin(), record->field_end())) &&
      llvm::all_of(record->fields(), [&](const clang::FieldDecl *field) {
        return bool(scalarType(memberOf(field)->getType()));
      })) {
    objects.emplace_back();
    Object *object = &objects.back();
    object->record = record;
    unsigned i = 0;
    for (const clang::FieldDecl *field : record->fields()) {
      const clang::Expr *arg = construct->getArg(i++);
      FailureOr<Value> v = value(arg);
      if (failed(v))
        return failure();
      FailureOr<Value> converted =
          convertScalar(*v, arg->getType(), memberOf(field)->getType(), arg);
      if (failed(converted))
        return failure();
      object->fields[field] =
          newSlot(field->getName(), Lifted::scalar(*converted));
    }
    return Lifted{Lifted::ObjectRef, {}, {}, object, nullptr};
  }
  return refuse(construct, "constructing '" +
                               construct->getType().getAsString() +
                               "' with arguments is not modelled by asc");
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

FailureOr<Slot *> KernelLifter::lvalue(const clang::Expr *expr) {
  expr = expr->IgnoreParens();
  if (const auto *cast = dyn_cast<clang::ImplicitCastExpr>(expr))
    if (cast->getCastKind() == clang::CK_NoOp ||
        cast->getCastKind() == clang::CK_UncheckedDerivedToBase ||
        cast->getCastKind() == clang::CK_DerivedToBase)
      return lvalue(cast->getSubExpr());
  if (const auto *ref = dyn_cast<clang::DeclRefExpr>(expr)) {
    if (Slot *slot = frame().locals.lookup(ref->getDecl()))
      return slot;
    return refuse(expr, "'" + ref->getDecl()->getName() +
                            "' is not a variable of the lifted kernel");
  }
  if (const auto *member = dyn_cast<clang::MemberExpr>(expr)) {
    const auto *field = dyn_cast<clang::FieldDecl>(member->getMemberDecl());
    if (!field)
      return refuse(expr, "a member that is not a field");
    // A field of a kernel's own TCubeTiling copy (`tiling.singleCoreM =
    // tailM`): the copy keeps its changed fields beside the loaded tiling.
    if (const clang::CXXRecordDecl *record =
            member->getBase()
                ->getType()
                ->getPointeeOrArrayElementType()
                ->getAsCXXRecordDecl();
        record && record->getName() == "TCubeTiling") {
      FailureOr<Slot *> tilingSlot = member->isArrow()
                                         ? FailureOr<Slot *>(failure())
                                         : lvalue(member->getBase());
      if (member->isArrow()) {
        FailureOr<Lifted> pointer = rvalue(member->getBase());
        if (failed(pointer))
          return failure();
        if (pointer->kind != Lifted::SlotRef)
          return refuse(expr, "a TCubeTiling written through a pointer that "
                              "is not a variable's address");
        tilingSlot = pointer->slot;
      }
      if (failed(tilingSlot))
        return failure();
      Lifted &tiling = (*tilingSlot)->value;
      if (tiling.kind != Lifted::Handle ||
          !isa<TilingType>(tiling.value.getType()))
        return refuse(expr, "a field of a TCubeTiling that was never loaded");
      std::optional<TilingField> which = symbolizeTilingField(field->getName());
      if (!which)
        return refuse(expr, "TCubeTiling field '" + field->getName() +
                                "' is not one asc reads");
      // The written fields belong to the variable from its declaration on
      // (its generation), so that ifs and loops merge and carry them; until
      // written on a path they read the loaded tiling.
      if (!tiling.object) {
        objects.emplace_back();
        tiling.object = &objects.back();
        tiling.object->record = record;
        tiling.object->owner = *tilingSlot;
      }
      Slot *&slot = tiling.object->fields[field];
      if (!slot) {
        slot = newSlot(field->getName());
        slot->generation = (*tilingSlot)->generation;
        slot->tilingBase = tiling.value;
        slot->tilingField = *which;
      }
      return slot;
    }
    FailureOr<Lifted> base = rvalue(member->getBase());
    if (failed(base))
      return failure();
    if (base->kind != Lifted::ObjectRef)
      return refuse(expr, "a field of '" +
                              member->getBase()->getType().getAsString() +
                              "' cannot be assigned in asc");
    Slot *slot = base->object->fields.lookup(field);
    if (!slot)
      return refuse(expr, "an unknown field");
    return slot;
  }
  if (const auto *unary = dyn_cast<clang::UnaryOperator>(expr))
    if (unary->getOpcode() == clang::UO_Deref) {
      FailureOr<Lifted> pointer = rvalue(unary->getSubExpr());
      if (failed(pointer))
        return failure();
      if (pointer->kind == Lifted::SlotRef && pointer->pointee)
        return refuse(expr, "a write through a pointer cast of a "
                            "variable's address is not lifted");
      if (pointer->kind == Lifted::SlotRef)
        return pointer->slot;
      return refuse(expr, "a dereference of a GM pointer is not lifted; "
                          "read GM through a GlobalTensor");
    }
  if (isa<clang::MaterializeTemporaryExpr, clang::CXXBindTemporaryExpr,
          clang::ExprWithCleanups, clang::ConstantExpr>(expr)) {
    FailureOr<Lifted> v = rvalue(expr);
    if (failed(v))
      return failure();
    return newSlot("temporary", *v);
  }
  return refuse(expr, llvm::Twine("an expression of kind '") +
                          expr->getStmtClassName() + "' cannot be assigned to");
}

FailureOr<Value> KernelLifter::value(const clang::Expr *expr) {
  FailureOr<Lifted> v = rvalue(expr);
  if (failed(v))
    return failure();
  if (!v->carriesValue()) {
    if (v->kind == Lifted::Unset)
      return refuse(expr, "this value is used before it is set");
    if (v->kind == Lifted::Null)
      return refuse(expr, "this value is a null pointer or a GlobalTensor "
                          "over one, which asc has no value for");
    return refuse(expr, "this expression has no value asc can hold");
  }
  return v->value;
}

FailureOr<Value> KernelLifter::intValue(const clang::Expr *expr, Type type) {
  FailureOr<Value> v = value(expr);
  if (failed(v))
    return failure();
  if (v->getType() == type)
    return *v;
  auto from = dyn_cast<IntegerType>(v->getType());
  auto to = dyn_cast<IntegerType>(type);
  if (!from || !to)
    return refuse(expr, "an integer is expected here");
  Location at = loc(expr);
  if (from.getWidth() > to.getWidth())
    return Value(arith::TruncIOp::create(builder, at, to, *v));
  if (expr->getType()->isUnsignedIntegerOrEnumerationType() ||
      from.getWidth() == 1)
    return Value(arith::ExtUIOp::create(builder, at, to, *v));
  return Value(arith::ExtSIOp::create(builder, at, to, *v));
}

FailureOr<Value> KernelLifter::condition(const clang::Expr *expr) {
  FailureOr<Value> v = value(expr);
  if (failed(v))
    return failure();
  if (v->getType().isInteger(1))
    return *v;
  if (auto intType = dyn_cast<IntegerType>(v->getType()))
    return Value(arith::CmpIOp::create(builder, loc(expr),
                                       arith::CmpIPredicate::ne, *v,
                                       constantInt(intType, 0)));
  return refuse(expr, "a condition that is not an integer or bool");
}

FailureOr<Value> KernelLifter::convertScalar(Value v, clang::QualType from,
                                             clang::QualType to,
                                             const clang::Stmt *at) {
  Type target = scalarType(to);
  if (!target)
    return refuse(at,
                  "a conversion to '" + to.getAsString() + "' is not lifted");
  Type source = v.getType();
  if (source == target)
    return v;
  Location l = loc(at);
  bool fromUnsigned =
      from->isUnsignedIntegerOrEnumerationType() || from->isBooleanType();
  if (target.isInteger(1)) {
    if (isa<FloatType>(source))
      return Value(arith::CmpFOp::create(
          builder, l, arith::CmpFPredicate::UNE, v,
          arith::ConstantOp::create(builder, l,
                                    builder.getFloatAttr(source, 0.0))));
    return Value(arith::CmpIOp::create(builder, l, arith::CmpIPredicate::ne, v,
                                       constantInt(source, 0)));
  }
  if (auto toInt = dyn_cast<IntegerType>(target)) {
    if (auto fromInt = dyn_cast<IntegerType>(source)) {
      if (fromInt.getWidth() > toInt.getWidth())
        return Value(arith::TruncIOp::create(builder, l, target, v));
      // An event id, which CANN's FetchEventID returns as an int8_t
      // TEventID (asc-run's as a 32-bit event_t), is 0 to 7: widened back,
      // it is the op's own i32.
      if (auto narrowed = v.getDefiningOp<arith::TruncIOp>())
        if (narrowed.getIn().getType() == target &&
            narrowed.getIn().getDefiningOp<PipeFetchEventIdOp>())
          return narrowed.getIn();
      if (fromUnsigned)
        return Value(arith::ExtUIOp::create(builder, l, target, v));
      return Value(arith::ExtSIOp::create(builder, l, target, v));
    }
    if (to->isUnsignedIntegerType())
      return Value(arith::FPToUIOp::create(builder, l, target, v));
    return Value(arith::FPToSIOp::create(builder, l, target, v));
  }
  auto toFloat = cast<FloatType>(target);
  if (isa<IntegerType>(source)) {
    if (fromUnsigned)
      return Value(arith::UIToFPOp::create(builder, l, target, v));
    return Value(arith::SIToFPOp::create(builder, l, target, v));
  }
  if (cast<FloatType>(source).getWidth() > toFloat.getWidth())
    return Value(arith::TruncFOp::create(builder, l, target, v));
  return Value(arith::ExtFOp::create(builder, l, target, v));
}

FailureOr<Value> KernelLifter::arithmetic(clang::BinaryOperatorKind kind,
                                          Value lhs, Value rhs,
                                          clang::QualType operandType,
                                          const clang::Stmt *at) {
  Location l = loc(at);
  bool isUnsigned = operandType->isUnsignedIntegerOrEnumerationType() ||
                    operandType->isBooleanType();
  if (isa<FloatType>(lhs.getType())) {
    switch (kind) {
    case clang::BO_Add:
      return Value(arith::AddFOp::create(builder, l, lhs, rhs));
    case clang::BO_Sub:
      return Value(arith::SubFOp::create(builder, l, lhs, rhs));
    case clang::BO_Mul:
      return Value(arith::MulFOp::create(builder, l, lhs, rhs));
    case clang::BO_Div:
      return Value(arith::DivFOp::create(builder, l, lhs, rhs));
    case clang::BO_LT:
    case clang::BO_GT:
    case clang::BO_LE:
    case clang::BO_GE:
    case clang::BO_EQ:
    case clang::BO_NE: {
      arith::CmpFPredicate p =
          kind == clang::BO_LT   ? arith::CmpFPredicate::OLT
          : kind == clang::BO_GT ? arith::CmpFPredicate::OGT
          : kind == clang::BO_LE ? arith::CmpFPredicate::OLE
          : kind == clang::BO_GE ? arith::CmpFPredicate::OGE
          : kind == clang::BO_EQ ? arith::CmpFPredicate::OEQ
                                 : arith::CmpFPredicate::UNE;
      return Value(arith::CmpFOp::create(builder, l, p, lhs, rhs));
    }
    default:
      return refuse(at, "this floating-point operator is not lifted");
    }
  }
  if (!isa<IntegerType>(lhs.getType()) || lhs.getType() != rhs.getType())
    return refuse(at, "operands of different or non-scalar types");
  // C++ makes signed overflow undefined: a signed int (or wider) operation
  // cannot wrap, which the alias analysis may use. Narrower types never
  // reach here unpromoted.
  auto overflow = !isUnsigned && lhs.getType().getIntOrFloatBitWidth() >= 32
                      ? arith::IntegerOverflowFlags::nsw
                      : arith::IntegerOverflowFlags::none;
  switch (kind) {
  case clang::BO_Add:
    return Value(arith::AddIOp::create(builder, l, lhs, rhs, overflow));
  case clang::BO_Sub:
    return Value(arith::SubIOp::create(builder, l, lhs, rhs, overflow));
  case clang::BO_Mul:
    return Value(arith::MulIOp::create(builder, l, lhs, rhs, overflow));
  case clang::BO_Div:
    if (isUnsigned)
      return Value(arith::DivUIOp::create(builder, l, lhs, rhs));
    return Value(arith::DivSIOp::create(builder, l, lhs, rhs));
  case clang::BO_Rem:
    if (isUnsigned)
      return Value(arith::RemUIOp::create(builder, l, lhs, rhs));
    return Value(arith::RemSIOp::create(builder, l, lhs, rhs));
  case clang::BO_Shl:
    return Value(arith::ShLIOp::create(builder, l, lhs, rhs));
  case clang::BO_Shr:
    if (isUnsigned)
      return Value(arith::ShRUIOp::create(builder, l, lhs, rhs));
    return Value(arith::ShRSIOp::create(builder, l, lhs, rhs));
  case clang::BO_And:
  case clang::BO_LAnd:
    return Value(arith::AndIOp::create(builder, l, lhs, rhs));
  case clang::BO_Or:
  case clang::BO_LOr:
    return Value(arith::OrIOp::create(builder, l, lhs, rhs));
  case clang::BO_Xor:
    return Value(arith::XOrIOp::create(builder, l, lhs, rhs));
  case clang::BO_LT:
  case clang::BO_GT:
  case clang::BO_LE:
  case clang::BO_GE:
  case clang::BO_EQ:
  case clang::BO_NE: {
    using P = arith::CmpIPredicate;
    P p = kind == clang::BO_EQ   ? P::eq
          : kind == clang::BO_NE ? P::ne
          : kind == clang::BO_LT ? (isUnsigned ? P::ult : P::slt)
          : kind == clang::BO_GT ? (isUnsigned ? P::ugt : P::sgt)
          : kind == clang::BO_LE ? (isUnsigned ? P::ule : P::sle)
                                 : (isUnsigned ? P::uge : P::sge);
    return Value(arith::CmpIOp::create(builder, l, p, lhs, rhs));
  }
  default:
    return refuse(at, "this operator is not lifted");
  }
}

/// The core kind `expr` tests for when it is `g_coreType == AIC`-style: the
/// test behind ASCEND_IS_AIC/AIV in asc-run's headers and in CANN's
/// CPU-debug build. Empty otherwise.
static llvm::StringRef coreKindTest(const clang::Expr *expr) {
  const auto *op = dyn_cast<clang::BinaryOperator>(expr->IgnoreParenImpCasts());
  if (!op ||
      (op->getOpcode() != clang::BO_EQ && op->getOpcode() != clang::BO_NE))
    return {};
  const auto *lhs =
      dyn_cast<clang::DeclRefExpr>(op->getLHS()->IgnoreParenImpCasts());
  const auto *rhs =
      dyn_cast<clang::DeclRefExpr>(op->getRHS()->IgnoreParenImpCasts());
  if (!lhs || !rhs || lhs->getDecl()->getName() != "g_coreType")
    return {};
  return rhs->getDecl()->getName();
}

FailureOr<Lifted> KernelLifter::liftBinary(const clang::BinaryOperator *op) {
  clang::BinaryOperatorKind kind = op->getOpcode();
  if (kind == clang::BO_Comma) {
    if (failed(rvalue(op->getLHS())))
      return failure();
    return rvalue(op->getRHS());
  }
  if (kind == clang::BO_Assign) {
    FailureOr<Lifted> v = rvalue(op->getRHS());
    if (failed(v))
      return failure();
    FailureOr<Slot *> target = lvalue(op->getLHS());
    if (failed(target))
      return failure();
    store(*target, *v);
    return *v;
  }
  if (llvm::StringRef core = coreKindTest(op); !core.empty()) {
    Location l = loc(op);
    // A cube-only kernel runs on the cube core alone: the test is constant
    // (`if ASCEND_IS_AIV { return; }` at its top is dead code there).
    if (facts.cubeOnly && (core == "AIC" || core == "AIV"))
      return Lifted::scalar(constantInt(
          builder.getI1Type(), (core == "AIC") == (kind == clang::BO_EQ)));
    Value test;
    if (core == "AIC")
      test = IsAicOp::create(builder, l, builder.getI1Type());
    else if (core == "AIV")
      test = IsAivOp::create(builder, l, builder.getI1Type());
    else
      return refuse(op, "a core-kind test against '" + core + "'");
    if (kind == clang::BO_NE)
      test = arith::XOrIOp::create(builder, l, test,
                                   constantInt(builder.getI1Type(), 1));
    return Lifted::scalar(test);
  }
  if (const auto *compound = dyn_cast<clang::CompoundAssignOperator>(op)) {
    FailureOr<Slot *> target = lvalue(op->getLHS());
    if (failed(target))
      return failure();
    Lifted old = (*target)->value;
    if (old.kind != Lifted::Scalar)
      return refuse(op, "a compound assignment to a non-scalar");
    FailureOr<Value> rhs = value(op->getRHS());
    if (failed(rhs))
      return failure();
    FailureOr<Value> lhs = convertScalar(old.value, op->getLHS()->getType(),
                                         compound->getComputationLHSType(), op);
    if (failed(lhs))
      return failure();
    FailureOr<Value> result =
        arithmetic(clang::BinaryOperator::getOpForCompoundAssignment(kind),
                   *lhs, *rhs, compound->getComputationLHSType(), op);
    if (failed(result))
      return failure();
    FailureOr<Value> back =
        convertScalar(*result, compound->getComputationResultType(),
                      op->getLHS()->getType(), op);
    if (failed(back))
      return failure();
    store(*target, Lifted::scalar(*back));
    return Lifted::scalar(*back);
  }
  if ((kind == clang::BO_LAnd || kind == clang::BO_LOr) &&
      op->getRHS()->HasSideEffects(ast))
    return refuse(op->getRHS(), "the right operand of && or || has side "
                                "effects; it would run unconditionally");
  if ((kind == clang::BO_Add || kind == clang::BO_Sub) &&
      op->getType()->isPointerType())
    return liftPointerOffset(op);
  if ((kind == clang::BO_EQ || kind == clang::BO_NE) &&
      op->getLHS()->getType()->isPointerType()) {
    // `GetSysWorkSpacePtr() == nullptr`: the launch always provides the
    // system workspace (asc-run's launcher, CANN's runtime), so the test is
    // constant; any other pointer test has no asc value.
    const auto *call =
        dyn_cast<clang::CallExpr>(op->getLHS()->IgnoreParenImpCasts());
    bool rhsNull = op->getRHS()->isNullPointerConstant(
        ast, clang::Expr::NPC_ValueDependentIsNotNull);
    if (call && rhsNull && call->getDirectCallee() &&
        call->getDirectCallee()->getName() == "GetSysWorkSpacePtr")
      return Lifted::scalar(
          constantInt(builder.getI1Type(), kind == clang::BO_EQ ? 0 : 1));
    return refuse(op, "a pointer comparison has no asc value");
  }
  FailureOr<Value> lhs = value(op->getLHS());
  if (failed(lhs))
    return failure();
  FailureOr<Value> rhs = value(op->getRHS());
  if (failed(rhs))
    return failure();
  FailureOr<Value> result =
      arithmetic(kind, *lhs, *rhs, op->getLHS()->getType(), op);
  if (failed(result))
    return failure();
  return Lifted::scalar(*result);
}

/// `gm + n` (pyasc's `v1_a + offset`, a sample's `(__gm__ half *)a + off`):
/// the same GM address, `n` elements further, for SetGlobalBuffer.
FailureOr<Lifted>
KernelLifter::liftPointerOffset(const clang::BinaryOperator *op) {
  const clang::Expr *pointerExpr = op->getLHS(), *countExpr = op->getRHS();
  if (!pointerExpr->getType()->isPointerType()) // `n + gm`
    std::swap(pointerExpr, countExpr);
  FailureOr<Lifted> pointer = rvalue(pointerExpr);
  if (failed(pointer))
    return failure();
  if (pointer->kind != Lifted::Pointer)
    return refuse(op, "pointer arithmetic on something that is not a GM "
                      "pointer");
  Type element = elementType(op->getType()->getPointeeType());
  if (!element)
    return refuse(op, "pointer arithmetic over an element type asc does "
                      "not know");
  if (pointer->offset && pointer->offsetElement != element)
    return refuse(op, "pointer arithmetic in elements of two types; asc "
                      "counts a GM offset in one");
  FailureOr<Value> count = intValue(countExpr, builder.getI64Type());
  if (failed(count))
    return failure();
  Location l = loc(op);
  Value delta = *count;
  if (op->getOpcode() == clang::BO_Sub)
    delta = arith::SubIOp::create(builder, l,
                                  constantInt(builder.getI64Type(), 0), delta);
  Lifted result = *pointer;
  result.offset =
      pointer->offset
          ? Value(arith::AddIOp::create(builder, l, pointer->offset, delta))
          : delta;
  result.offsetElement = element;
  return result;
}

FailureOr<Lifted> KernelLifter::liftUnary(const clang::UnaryOperator *op) {
  clang::UnaryOperatorKind kind = op->getOpcode();
  Location l = loc(op);
  switch (kind) {
  case clang::UO_AddrOf: {
    FailureOr<Slot *> slot = lvalue(op->getSubExpr());
    if (failed(slot))
      return failure();
    // The address of an object is the object (`&pipe`, `&kernel`).
    if ((*slot)->value.kind == Lifted::ObjectRef ||
        (*slot)->value.kind == Lifted::Handle)
      return Lifted{Lifted::SlotRef,
                    (*slot)->value.value,
                    {},
                    (*slot)->value.object,
                    *slot};
    return Lifted{Lifted::SlotRef, {}, {}, nullptr, *slot};
  }
  case clang::UO_Deref: {
    FailureOr<Lifted> pointer = rvalue(op->getSubExpr());
    if (failed(pointer))
      return failure();
    if (pointer->kind != Lifted::SlotRef)
      return refuse(op, "a dereference of a GM pointer is not lifted; read "
                        "GM through a GlobalTensor");
    Lifted v = pointer->slot->value;
    if (!pointer->pointee || !v.carriesValue() ||
        v.value.getType() == pointer->pointee)
      return v;
    // The bits of a scalar read as another scalar type of the same width.
    if (v.kind != Lifted::Scalar ||
        v.value.getType().getIntOrFloatBitWidth() !=
            pointer->pointee.getIntOrFloatBitWidth())
      return refuse(op, "a scalar read through a pointer to a type of "
                        "another width");
    return Lifted::scalar(
        arith::BitcastOp::create(builder, l, pointer->pointee, v.value));
  }
  case clang::UO_PreInc:
  case clang::UO_PreDec:
  case clang::UO_PostInc:
  case clang::UO_PostDec: {
    FailureOr<Slot *> slot = lvalue(op->getSubExpr());
    if (failed(slot))
      return failure();
    Lifted old = (*slot)->value;
    if (old.kind != Lifted::Scalar || !isa<IntegerType>(old.value.getType()))
      return refuse(op, "++ or -- on a non-integer");
    clang::QualType type = op->getSubExpr()->getType();
    bool isUnsigned = type->isUnsignedIntegerOrEnumerationType();
    auto overflow =
        !isUnsigned && old.value.getType().getIntOrFloatBitWidth() >= 32
            ? arith::IntegerOverflowFlags::nsw
            : arith::IntegerOverflowFlags::none;
    Value one = constantInt(old.value.getType(), 1);
    Value next =
        op->isIncrementOp()
            ? Value(arith::AddIOp::create(builder, l, old.value, one, overflow))
            : Value(
                  arith::SubIOp::create(builder, l, old.value, one, overflow));
    store(*slot, Lifted::scalar(next));
    return op->isPrefix() ? Lifted::scalar(next) : old;
  }
  case clang::UO_Minus: {
    FailureOr<Value> v = value(op->getSubExpr());
    if (failed(v))
      return failure();
    if (isa<FloatType>(v->getType()))
      return Lifted::scalar(arith::NegFOp::create(builder, l, *v));
    return Lifted::scalar(
        arith::SubIOp::create(builder, l, constantInt(v->getType(), 0), *v));
  }
  case clang::UO_Plus:
    return rvalue(op->getSubExpr());
  case clang::UO_Not: {
    FailureOr<Value> v = value(op->getSubExpr());
    if (failed(v))
      return failure();
    return Lifted::scalar(
        arith::XOrIOp::create(builder, l, *v, constantInt(v->getType(), -1)));
  }
  case clang::UO_LNot: {
    FailureOr<Value> v = condition(op->getSubExpr());
    if (failed(v))
      return failure();
    return Lifted::scalar(arith::XOrIOp::create(
        builder, l, *v, constantInt(builder.getI1Type(), 1)));
  }
  default:
    return refuse(op, "this unary operator is not lifted");
  }
}

FailureOr<Lifted> KernelLifter::liftCast(const clang::CastExpr *cast) {
  const clang::Expr *sub = cast->getSubExpr();
  switch (cast->getCastKind()) {
  case clang::CK_LValueToRValue:
  case clang::CK_NoOp:
  case clang::CK_DerivedToBase:
  case clang::CK_UncheckedDerivedToBase:
  case clang::CK_ArrayToPointerDecay:
  case clang::CK_UserDefinedConversion:
    // `float f = h;`: a half-precision scalar's conversion operator.
    if (const auto *convert = dyn_cast<clang::CXXMemberCallExpr>(sub))
      if (isa_and_nonnull<clang::CXXConversionDecl>(convert->getMethodDecl()))
        if (clang::QualType from = convert->getImplicitObjectArgument()
                                       ->getType()
                                       .getNonReferenceType();
            scalarType(from) && scalarType(cast->getType())) {
          FailureOr<Value> v = value(convert->getImplicitObjectArgument());
          if (failed(v))
            return failure();
          FailureOr<Value> converted =
              convertScalar(*v, from, cast->getType(), cast);
          if (failed(converted))
            return failure();
          return Lifted::scalar(*converted);
        }
    return rvalue(sub);
  case clang::CK_ConstructorConversion:
  case clang::CK_ToVoid:
    return rvalue(sub);
  case clang::CK_NullToPointer:
    return Lifted{Lifted::Null, {}, {}, nullptr, nullptr};
  case clang::CK_BitCast:
  case clang::CK_IntegralToPointer:
  case clang::CK_AddressSpaceConversion: {
    FailureOr<Lifted> v = rvalue(sub);
    if (failed(v))
      return failure();
    // A null pointer stays null, whatever it is cast to (a kernel's
    // `Init(a, b, nullptr, c)` casting its bias to `__gm__ float *`).
    if (v->kind == Lifted::Null)
      return *v;
    // A scalar variable's address viewed as another scalar type, to read
    // its bits (`*reinterpret_cast<int32_t *>(&quantFloat)`): a dereference
    // bit-casts (liftUnary).
    if (v->kind == Lifted::SlotRef && !v->value && !v->object &&
        v->slot->value.kind == Lifted::Scalar) {
      Type viewed = scalarType(cast->getType()->getPointeeType());
      if (!viewed)
        return refuse(cast, "a pointer cast of a variable's address to "
                            "something other than a scalar");
      Lifted result = *v;
      result.pointee = viewed;
      return result;
    }
    if (v->kind != Lifted::Pointer)
      return refuse(cast, "a pointer cast of something that is not a GM "
                          "pointer");
    clang::QualType pointee = cast->getType()->getPointeeType();
    Lifted result = *v;
    result.pointee = pointee->isVoidType() ? Type() : elementType(pointee);
    if (result.pointee && result.pointee.isInteger(8) &&
        !pointee->isSignedIntegerType())
      result.pointee = {};
    return result;
  }
  case clang::CK_IntegralCast:
  case clang::CK_IntegralToBoolean:
  case clang::CK_IntegralToFloating:
  case clang::CK_FloatingToIntegral:
  case clang::CK_FloatingCast:
  case clang::CK_FloatingToBoolean:
  case clang::CK_BooleanToSignedIntegral: {
    FailureOr<Value> v = value(sub);
    if (failed(v))
      return failure();
    FailureOr<Value> converted =
        convertScalar(*v, sub->getType(), cast->getType(), cast);
    if (failed(converted))
      return failure();
    return Lifted::scalar(*converted);
  }
  default:
    return refuse(cast, llvm::Twine("a cast of kind '") +
                            cast->getCastKindName() + "' is not lifted");
  }
}

FailureOr<Lifted> KernelLifter::liftMember(const clang::MemberExpr *member) {
  const auto *field = dyn_cast<clang::FieldDecl>(member->getMemberDecl());
  if (!field) {
    // A static data member: a constant.
    if (std::optional<Lifted> c = constantOf(member))
      return *c;
    return refuse(member, "a member that is not a field or a constant");
  }
  FailureOr<Lifted> base = rvalue(member->getBase());
  if (failed(base))
    return failure();
  if (base->kind == Lifted::ObjectRef) {
    Slot *slot = base->object->fields.lookup(field);
    if (!slot)
      return refuse(member, "an unknown field");
    return slot->value;
  }
  // A TCubeTiling field: asc.tiling.get.
  if (base->kind == Lifted::Handle && isa<TilingType>(base->value.getType())) {
    if (base->object)
      if (Slot *changed = base->object->fields.lookup(field);
          changed && changed->value.kind != Lifted::Unset)
        return changed->value;
    std::optional<TilingField> which = symbolizeTilingField(field->getName());
    if (!which)
      return refuse(member, "TCubeTiling field '" + field->getName() +
                                "' is not one asc reads");
    Value v = TilingGetOp::create(builder, loc(member), builder.getI32Type(),
                                  base->value, *which);
    return Lifted::scalar(v);
  }
  if (base->kind == Lifted::Unset)
    return refuse(member, "'" + field->getName() +
                              "' is read from an object with no value yet");
  return refuse(member, "a field of '" +
                            member->getBase()->getType().getAsString() +
                            "' is not modelled by asc");
}

/// The kernel language's built-in `block_idx` and `block_num` (global
/// variables of the API's headers, not of the user's sources): the core
/// group's index, `GetBlockIdx() / GetTaskRation()` (CANN's
/// GetBlockIdxImpl is `block_idx * GetTaskRation() + sub_block_idx` on a
/// vector core and `block_idx` on the cube core, where the ration is 1),
/// and the launch's groups, `GetBlockNum()`. std::nullopt for any other
/// name.
std::optional<Lifted>
KernelLifter::builtinIndex(const clang::DeclRefExpr *ref) {
  const auto *var = dyn_cast<clang::VarDecl>(ref->getDecl());
  if (!var || !var->hasGlobalStorage() || isUserDecl(var) ||
      !var->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return std::nullopt;
  Type i64 = builder.getI64Type();
  if ((var->getName() != "block_idx" && var->getName() != "block_num") ||
      scalarType(ref->getType()) != i64)
    return std::nullopt;
  Location l = loc(ref);
  if (var->getName() == "block_num")
    return Lifted::scalar(GetBlockNumOp::create(builder, l, i64));
  return Lifted::scalar(
      arith::DivSIOp::create(builder, l, GetBlockIdxOp::create(builder, l, i64),
                             GetTaskRationOp::create(builder, l, i64)));
}

FailureOr<Lifted> KernelLifter::rvalue(const clang::Expr *expr) {
  if (std::optional<Lifted> c = constantOf(expr))
    return *c;
  if (const auto *paren = dyn_cast<clang::ParenExpr>(expr))
    return rvalue(paren->getSubExpr());
  if (const auto *full = dyn_cast<clang::FullExpr>(expr))
    return rvalue(full->getSubExpr());
  if (const auto *temp = dyn_cast<clang::MaterializeTemporaryExpr>(expr))
    return rvalue(temp->getSubExpr());
  if (const auto *bind = dyn_cast<clang::CXXBindTemporaryExpr>(expr))
    return rvalue(bind->getSubExpr());
  if (const auto *def = dyn_cast<clang::CXXDefaultArgExpr>(expr))
    return rvalue(def->getExpr());
  if (const auto *def = dyn_cast<clang::CXXDefaultInitExpr>(expr))
    return rvalue(def->getExpr());
  if (const auto *cast = dyn_cast<clang::CastExpr>(expr))
    return liftCast(cast);
  if (const auto *ref = dyn_cast<clang::DeclRefExpr>(expr)) {
    if (Slot *slot = frame().locals.lookup(ref->getDecl()))
      return slot->value;
    if (std::optional<Lifted> builtin = builtinIndex(ref))
      return *builtin;
    return refuse(expr, "'" + ref->getDecl()->getName() +
                            "' is not a constant or a variable of the "
                            "lifted kernel");
  }
  if (isa<clang::CXXThisExpr>(expr)) {
    if (!frame().thisObject)
      return refuse(expr, "'this' outside a method");
    return Lifted{Lifted::ObjectRef, {}, {}, frame().thisObject, nullptr};
  }
  if (const auto *member = dyn_cast<clang::MemberExpr>(expr))
    return liftMember(member);
  if (const auto *binary = dyn_cast<clang::BinaryOperator>(expr))
    return liftBinary(binary);
  if (const auto *unary = dyn_cast<clang::UnaryOperator>(expr))
    return liftUnary(unary);
  if (const auto *call = dyn_cast<clang::CallExpr>(expr))
    return liftCall(call);
  if (const auto *construct = dyn_cast<clang::CXXConstructExpr>(expr))
    return liftConstruct(construct);
  if (const auto *cond = dyn_cast<clang::ConditionalOperator>(expr)) {
    if (cond->getTrueExpr()->HasSideEffects(ast) ||
        cond->getFalseExpr()->HasSideEffects(ast))
      return refuse(expr, "a ?: whose arms have side effects is not lifted");
    FailureOr<Value> c = condition(cond->getCond());
    if (failed(c))
      return failure();
    FailureOr<Value> t = value(cond->getTrueExpr());
    if (failed(t))
      return failure();
    FailureOr<Value> f = value(cond->getFalseExpr());
    if (failed(f))
      return failure();
    Lifted result =
        Lifted::scalar(arith::SelectOp::create(builder, loc(expr), *c, *t, *f));
    if (!isa<IntegerType, FloatType>(t->getType()))
      result.kind = Lifted::Handle;
    return result;
  }
  if (const auto *list = dyn_cast<clang::InitListExpr>(expr)) {
    const clang::CXXRecordDecl *record = list->getType()->getAsCXXRecordDecl();
    if (!record)
      return refuse(expr, "an initializer list of a non-class type");
    // A plain struct of scalars (DataCopyParams and the like): its fields
    // in order.
    objects.emplace_back();
    Object *object = &objects.back();
    object->record = record;
    unsigned i = 0;
    for (const clang::FieldDecl *field : record->fields()) {
      Slot *slot = newSlot(field->getName());
      object->fields[field] = slot;
      if (i < list->getNumInits()) {
        FailureOr<Lifted> v = rvalue(list->getInit(i));
        if (failed(v))
          return failure();
        slot->value = *v;
      }
      ++i;
    }
    return Lifted{Lifted::ObjectRef, {}, {}, object, nullptr};
  }
  if (isa<clang::ImplicitValueInitExpr>(expr)) {
    if (Type type = scalarType(expr->getType()))
      return Lifted::scalar(constantInt(type, 0));
  }
  if (isa<clang::CXXNullPtrLiteralExpr>(expr))
    return Lifted{Lifted::Null, {}, {}, nullptr, nullptr};
  return refuse(expr, llvm::Twine("an expression of kind '") +
                          expr->getStmtClassName() + "' is not lifted");
}

//===----------------------------------------------------------------------===//
// The translation unit
//===----------------------------------------------------------------------===//

/// Whether one of `marks` lies in [begin, end].
static bool markedWithin(llvm::ArrayRef<clang::SourceLocation> marks,
                         clang::SourceLocation begin, clang::SourceLocation end,
                         const clang::SourceManager &sm) {
  for (clang::SourceLocation mark : marks)
    if (!sm.isBeforeInTranslationUnit(mark, begin) &&
        !sm.isBeforeInTranslationUnit(end, mark))
      return true;
  return false;
}

/// The lifted module tidied with upstream's machinery: one read per tiling
/// field (CSE; asc's ops with effects stay), and loops counted up by a
/// constant step as scf.for (LICM takes the bound out of the condition,
/// then upliftWhileToForLoop).
static void tidyLiftedModule(ModuleOp module) {
  IRRewriter rewriter(module.getContext());
  DominanceInfo dominance(module);
  eliminateCommonSubExpressions(rewriter, dominance, module);
  module.walk([](LoopLikeOpInterface loop) { moveLoopInvariantCode(loop); });
  RewritePatternSet patterns(module.getContext());
  scf::populateUpliftWhileToForPatterns(patterns);
  (void)applyPatternsGreedily(module, std::move(patterns));
}

OwningOpRef<ModuleOp>
mlir::asc::frontend::liftKernels(clang::ASTContext &ast, SourceFacts &facts,
                                 const AscendCImportOptions &options,
                                 MLIRContext *context) {
  const clang::SourceManager &sm = ast.getSourceManager();
  SmallVector<const clang::FunctionDecl *> kernels, hostFunctions;
  SmallVector<const clang::FunctionTemplateDecl *> kernelTemplates;
  // A marker belongs to the function whose name follows it, after the end
  // of the previous declaration (the markers expand to nothing, so the
  // declaration's own range may start after them).
  clang::SourceLocation previousEnd =
      sm.getLocForStartOfFile(sm.getMainFileID());
  // The sample's own headers (data_utils.h) hold host helpers too: their
  // unmarked functions are host code, each file followed on its own.
  KernelLifter classifier(ast, facts, options, context);
  llvm::DenseMap<clang::FileID, clang::SourceLocation> headerEnds;
  // A declaration of a user header: an unmarked function is host code; every
  // declaration moves the header's end on, so that a marker belongs to the
  // declaration right after it.
  auto classifyHeaderDecl = [&](const clang::Decl *decl,
                                const clang::FunctionDecl *fn) {
    clang::SourceLocation name = sm.getExpansionLoc(decl->getLocation());
    clang::FileID file = sm.getFileID(name);
    auto [it, inserted] = headerEnds.try_emplace(file);
    if (inserted)
      it->second = sm.getLocForStartOfFile(file);
    if (fn && !markedWithin(facts.globalMarks, it->second, name, sm) &&
        !markedWithin(facts.aicoreMarks, it->second, name, sm))
      hostFunctions.push_back(fn);
    it->second = sm.getExpansionLoc(decl->getEndLoc());
  };
  auto classify = [&](const clang::Decl *decl) {
    clang::SourceLocation end = sm.getExpansionLoc(decl->getEndLoc());
    const auto *fn = dyn_cast<clang::FunctionDecl>(decl);
    // A function template is host code when unmarked (matmul.h's
    // SetTilingTypes<TilingType> calls the host tiling API); a marked one
    // is lifted through its instantiations, never as a kernel.
    const auto *pattern = dyn_cast<clang::FunctionTemplateDecl>(decl);
    const clang::FunctionDecl *templated =
        pattern ? pattern->getTemplatedDecl() : nullptr;
    bool inMain = sm.isInMainFile(sm.getExpansionLoc(decl->getLocation()));
    if (!inMain && classifier.isUserDecl(decl))
      classifyHeaderDecl(decl, fn ? fn : templated);
    // Unmarked prototypes are host code too (their host types fail).
    if (fn && inMain) {
      clang::SourceLocation name = sm.getExpansionLoc(fn->getLocation());
      if (markedWithin(facts.globalMarks, previousEnd, name, sm)) {
        if (fn->doesThisDeclarationHaveABody())
          kernels.push_back(fn);
      } else if (!markedWithin(facts.aicoreMarks, previousEnd, name, sm))
        hostFunctions.push_back(fn);
    }
    if (templated && inMain) {
      clang::SourceLocation name = sm.getExpansionLoc(templated->getLocation());
      if (markedWithin(facts.globalMarks, previousEnd, name, sm)) {
        // A kernel template: each instantiation the host launches (the
        // parse sees `k<M, N><<<...>>>(args)` as the call `k<M, N>(args)`)
        // is a kernel.
        kernelTemplates.push_back(pattern);
        for (const clang::FunctionDecl *instance : pattern->specializations())
          if (instance->doesThisDeclarationHaveABody())
            kernels.push_back(instance);
      } else if (!markedWithin(facts.aicoreMarks, previousEnd, name, sm))
        hostFunctions.push_back(templated);
    }
    if (inMain && end.isValid())
      previousEnd = end;
  };
  for (const clang::Decl *decl : ast.getTranslationUnitDecl()->decls()) {
    if (const auto *linkage = dyn_cast<clang::LinkageSpecDecl>(decl)) {
      for (const clang::Decl *inner : linkage->decls())
        classify(inner);
      continue;
    }
    classify(decl);
  }

  // Clang's errors: inside host functions they come from headers that are
  // not here (acl, the tiling API) and are dropped; anywhere else they stop
  // the lift.
  for (const SourceFacts::Error &error : facts.errors) {
    clang::SourceLocation at = sm.getExpansionLoc(error.location);
    bool inHost =
        llvm::any_of(hostFunctions, [&](const clang::FunctionDecl *fn) {
          clang::SourceRange range(sm.getExpansionLoc(fn->getBeginLoc()),
                                   sm.getExpansionLoc(fn->getEndLoc()));
          return at.isValid() &&
                 !sm.isBeforeInTranslationUnit(at, range.getBegin()) &&
                 !sm.isBeforeInTranslationUnit(range.getEnd(), at);
        });
    if (inHost)
      continue;
    KernelLifter reporter(ast, facts, options, context);
    InFlightDiagnostic diag = emitError(reporter.loc(error.location))
                              << error.message;
    for (const std::string &skipped : facts.skippedIncludes)
      diag.attachNote() << "'" << skipped
                        << "' was not found and was skipped; device code "
                           "must not need it";
    facts.reported = true;
    return {};
  }

  if (!options.kernelName.empty())
    llvm::erase_if(kernels, [&](const clang::FunctionDecl *fn) {
      return fn->getName() != options.kernelName;
    });
  if (kernels.empty() && options.kernelName.empty() &&
      !kernelTemplates.empty()) {
    facts.reported = true;
    KernelLifter reporter(ast, facts, options, context);
    emitError(reporter.loc(kernelTemplates.front()->getLocation()))
        << "the __global__ kernel template '"
        << kernelTemplates.front()->getName()
        << "' is never launched in this file: asc-check lifts the "
           "instantiations the host's <<<...>>> launches name";
    return {};
  }
  if (kernels.empty()) {
    facts.reported = true;
    emitError(FileLineColLoc::get(
        context,
        sm.getFileEntryRefForID(sm.getMainFileID())
            ? sm.getFileEntryRefForID(sm.getMainFileID())->getName()
            : "<source>",
        1, 1))
        << (options.kernelName.empty()
                ? llvm::Twine("no __global__ kernel in this file")
                : llvm::Twine("no __global__ kernel named '") +
                      options.kernelName + "' in this file");
    return {};
  }

  OwningOpRef<ModuleOp> module = ModuleOp::create(UnknownLoc::get(context));
  for (const clang::FunctionDecl *kernel : kernels) {
    KernelLifter lifter(ast, facts, options, context);
    if (failed(lifter.liftKernel(kernel, *module)))
      return {};
  }
  tidyLiftedModule(*module);
  return module;
}
