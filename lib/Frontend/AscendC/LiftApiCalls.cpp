//===- LiftApiCalls.cpp - The Ascend C API to asc ops ---------------------===//
//
// The API half of the lifter: the classes kept as one SSA handle (tensors,
// queues, the pipe, Matmul objects, the tiling) and each API call as its asc
// op. A call is recognised by its class and method name, so the same table
// serves asc-run's headers and CANN's. An API call with no asc op is refused
// by name: never dropped.
//
//===----------------------------------------------------------------------===//

#include "KernelLifter.h"

#include "asc/Dialect/Asc/IR/MatmulConfigFields.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "clang/AST/TemplateBase.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::asc;
using namespace mlir::asc::frontend;
using clang::dyn_cast;
using clang::isa;

/// The name of the class template (or class) a record comes from.
static llvm::StringRef recordName(const clang::CXXRecordDecl *record) {
  if (const auto *spec =
          dyn_cast<clang::ClassTemplateSpecializationDecl>(record))
    return spec->getSpecializedTemplate()->getName();
  return record->getName();
}

/// The Matmul classes: asc-run's, and CANN's (its methods are declared in
/// the client's and the implementation's bases).
static bool isMatmulClass(llvm::StringRef name) {
  return name == "MatmulModel" || name == "MatmulImpl" ||
         name == "MatmulClient" || name == "Matmul" ||
         name == "MatmulClientBase" || name == "MatmulImplBase";
}

bool KernelLifter::isHandleClass(const clang::CXXRecordDecl *record) const {
  llvm::StringRef name = recordName(record);
  return name == "GlobalTensor" || name == "LocalTensor" ||
         name == "TQueModel" || name == "TQue" || name == "TQueBind" ||
         name == "TBuf" || name == "TPipe" || name == "TCubeTiling" ||
         isMatmulClass(name);
}

/// The enumerator name of an integral template argument of enum type
/// (TPosition::VECIN -> "VECIN"), or empty.
static std::string enumeratorName(const clang::TemplateArgument &arg) {
  if (arg.getKind() != clang::TemplateArgument::Integral)
    return {};
  const auto *enumType = arg.getIntegralType()->getAs<clang::EnumType>();
  if (!enumType)
    return {};
  for (const clang::EnumConstantDecl *e :
       enumType->getDecl()->getDefinitionOrSelf()->enumerators())
    if (llvm::APSInt::isSameValue(e->getInitVal(), arg.getAsIntegral()))
      return e->getName().str();
  return {};
}

/// The TPosition of a template argument as written (`TPosition::VECIN`,
/// an expression before substitution, or its integral value after), or
/// none.
static std::optional<TPosition>
positionArgument(const clang::TemplateArgument &arg,
                 const clang::ASTContext &ast) {
  if (arg.getKind() == clang::TemplateArgument::Integral)
    return symbolizeTPosition(llvm::StringRef(enumeratorName(arg)).lower());
  if (arg.getKind() != clang::TemplateArgument::Expression)
    return std::nullopt;
  const clang::Expr *expr = arg.getAsExpr();
  clang::Expr::EvalResult result;
  if (!expr || expr->isValueDependent() ||
      !expr->EvaluateAsRValue(result, ast) || !result.Val.isInt())
    return std::nullopt;
  return symbolizeTPosition(
      llvm::StringRef(enumeratorName(clang::TemplateArgument(
                          ast, result.Val.getInt(), expr->getType())))
          .lower());
}

/// asc's part of one MatmulType<POSITION, FORMAT, T, ISTRANS, LAYOUT, ...>.
static FailureOr<MatmulPartAttr> matmulPart(KernelLifter &lifter,
                                            clang::QualType type,
                                            llvm::StringRef which,
                                            clang::SourceLocation at) {
  const auto *spec = dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
      type->getAsCXXRecordDecl());
  if (!spec || spec->getSpecializedTemplate()->getName() != "MatmulType")
    return lifter.refuse(at, "the Matmul object's " + which +
                                 " part is not a MatmulType<...>");
  const clang::TemplateArgumentList &args = spec->getTemplateArgs();
  MLIRContext *context = lifter.builder.getContext();
  std::optional<TPosition> position =
      symbolizeTPosition(llvm::StringRef(enumeratorName(args[0])).lower());
  std::optional<CubeFormat> format =
      symbolizeCubeFormat(llvm::StringRef(enumeratorName(args[1])).lower());
  Type element = lifter.elementType(args[2].getAsType());
  if (!position || !format || !element)
    return lifter.refuse(at, "the Matmul object's " + which +
                                 " part has a position, format or element "
                                 "type asc does not know");
  bool transposed = args.size() > 3 &&
                    args[3].getKind() == clang::TemplateArgument::Integral &&
                    args[3].getAsIntegral().getBoolValue();
  LayoutMode layout = LayoutMode::NONE;
  if (args.size() > 4) {
    std::optional<LayoutMode> l =
        symbolizeLayoutMode(llvm::StringRef(enumeratorName(args[4])).lower());
    if (!l)
      return lifter.refuse(at, "the Matmul object's " + which +
                                   " part has a layout asc does not know");
    layout = *l;
  }
  // IBSHARE (the part shared by a cube core's two vector cores) is the
  // part's `ibshare`; SRCPOS has no place in asc's part.
  bool ibshare = false;
  if (args.size() > 5) {
    if (args[5].getKind() != clang::TemplateArgument::Integral)
      return lifter.refuse(at, "the Matmul object's " + which +
                                   " part has an IBSHARE that is not a "
                                   "constant");
    ibshare = args[5].getAsIntegral().getBoolValue();
  }
  if (args.size() > 6 && enumeratorName(args[6]) != "GM")
    return lifter.refuse(at, "the Matmul object's " + which +
                                 " part sets SRCPOS, which asc's Matmul type "
                                 "does not spell");
  if (args.size() > 7)
    return lifter.refuse(at, "the Matmul object's " + which +
                                 " part has more template arguments than "
                                 "asc's Matmul type spells");
  return MatmulPartAttr::get(context, *position, *format, element, transposed,
                             layout, ibshare);
}

/// The `cfg` field of a MatmulApiStaticTiling used as a Matmul's MM_CFG
/// (GetMatmulApiTiling's result), or a refusal at `at` when the tiling
/// fixes a field. Unfixed fields are -1: the tiling then says no more than
/// its config and the Matmul's types, from which CANN computes it, and the
/// Matmul takes its tiling at run time as asc's does. A fixed one (the
/// kernel's `constantCFG.depthA1 = 8`) has no place in asc's type.
static FailureOr<const clang::FieldDecl *>
staticTilingConfig(KernelLifter &lifter, const clang::VarDecl *var,
                   const clang::APValue &value, clang::SourceLocation at) {
  const clang::RecordDecl *record = var->getType()->getAsRecordDecl();
  // GetMatmulApiTiling's own result: its fields are what CANN derives from
  // the config and the types (with the config's constant shape, the shape
  // and the base block), none of them the kernel's.
  bool derived = false;
  if (const clang::Expr *init = var->getInit()) {
    init = init->IgnoreImplicit();
    if (const auto *copy = dyn_cast<clang::CXXConstructExpr>(init);
        copy && copy->getNumArgs() == 1)
      init = copy->getArg(0)->IgnoreImplicit();
    if (const auto *call = dyn_cast<clang::CallExpr>(init))
      if (const clang::FunctionDecl *callee = call->getDirectCallee())
        derived = callee->getName() == "GetMatmulApiTiling";
  }
  const clang::FieldDecl *cfg = nullptr;
  for (const clang::FieldDecl *field : record->fields()) {
    if (field->getName() == "cfg") {
      cfg = field;
      continue;
    }
    if (derived)
      continue;
    const clang::APValue &fieldValue =
        value.getStructField(field->getFieldIndex());
    if (fieldValue.isInt() && fieldValue.getInt().isAllOnes())
      continue;
    return lifter.refuse(
        lifter.isUserDecl(var) ? var->getLocation() : at,
        "the constant tiling '" + var->getName() + "' fixes '" +
            field->getName() +
            "' (MatmulApiStaticTiling), which asc's Matmul type does not "
            "spell: asc's Matmul takes its tiling at run time");
  }
  if (!cfg)
    return lifter.refuse(at, "the constant tiling '" + var->getName() +
                                 "' has no MatmulConfig 'cfg'");
  return cfg;
}

/// asc's Matmul type of a Matmul class specialisation.
static FailureOr<MatmulType> matmulType(KernelLifter &lifter,
                                        const clang::CXXRecordDecl *record,
                                        clang::SourceLocation at) {
  const auto *spec = dyn_cast<clang::ClassTemplateSpecializationDecl>(record);
  if (!spec || spec->getTemplateArgs().size() < 4)
    return lifter.refuse(at, "a Matmul class without its type arguments");
  const clang::TemplateArgumentList &args = spec->getTemplateArgs();
  FailureOr<MatmulPartAttr> a =
      matmulPart(lifter, args[0].getAsType(), "A", at);
  FailureOr<MatmulPartAttr> b =
      succeeded(a) ? matmulPart(lifter, args[1].getAsType(), "B", at)
                   : FailureOr<MatmulPartAttr>(failure());
  FailureOr<MatmulPartAttr> c =
      succeeded(b) ? matmulPart(lifter, args[2].getAsType(), "C", at)
                   : FailureOr<MatmulPartAttr>(failure());
  FailureOr<MatmulPartAttr> bias =
      succeeded(c) ? matmulPart(lifter, args[3].getAsType(), "Bias", at)
                   : FailureOr<MatmulPartAttr>(failure());
  if (failed(bias))
    return failure();
  MLIRContext *context = lifter.builder.getContext();
  MatmulConfigAttr config;
  if (args.size() > 4) {
    // MM_CFG refers to a constexpr MatmulConfig: CANN's named ones
    // (CFG_MDL) or the kernel's own (GetNormalConfig(...), a struct
    // literal). Its value, field by field, is the configuration.
    const clang::ValueDecl *decl = nullptr;
    if (args[4].getKind() == clang::TemplateArgument::Declaration)
      decl = args[4].getAsDecl();
    else if (args[4].getKind() == clang::TemplateArgument::StructuralValue &&
             args[4].getAsStructuralValue().isLValue())
      decl = args[4]
                 .getAsStructuralValue()
                 .getLValueBase()
                 .dyn_cast<const clang::ValueDecl *>();
    const auto *var = dyn_cast_or_null<clang::VarDecl>(decl);
    const clang::APValue *value = var ? var->evaluateValue() : nullptr;
    const clang::RecordDecl *record =
        var ? var->getType()->getAsRecordDecl() : nullptr;
    if (!value || !value->isStruct() || !record)
      return lifter.refuse(at,
                           "the Matmul configuration '" +
                               (decl ? decl->getName() : llvm::StringRef("?")) +
                               "' is not a constant MatmulConfig");
    if (record->getName() == "MatmulApiStaticTiling") {
      FailureOr<const clang::FieldDecl *> cfg =
          staticTilingConfig(lifter, var, *value, at);
      if (failed(cfg))
        return failure();
      value = &value->getStructField((*cfg)->getFieldIndex());
      record = (*cfg)->getType()->getAsRecordDecl();
      if (!value->isStruct() || !record)
        return lifter.refuse(at, "the constant tiling '" + var->getName() +
                                     "' holds no constant MatmulConfig");
    }
    SmallVector<uint64_t> values;
    for (const MatmulConfigFieldInfo &info : getMatmulConfigFields())
      values.push_back(info.valueInitialized);
    for (const clang::FieldDecl *field : record->fields()) {
      const MatmulConfigFieldInfo *info = nullptr;
      for (const MatmulConfigFieldInfo &candidate : getMatmulConfigFields())
        if (candidate.cppMember == field->getName())
          info = &candidate;
      const clang::APValue &fieldValue =
          value->getStructField(field->getFieldIndex());
      if (!info) {
        // A field asc does not spell must keep its value-initialised zero.
        if (fieldValue.isInt() && fieldValue.getInt().isZero())
          continue;
        return lifter.refuse(at, "the Matmul configuration '" + var->getName() +
                                     "' sets '" + field->getName() +
                                     "', which asc's configuration does not "
                                     "spell");
      }
      if (!fieldValue.isInt())
        return lifter.refuse(at, "MatmulConfig field '" + field->getName() +
                                     "' is not an integer constant");
      values[static_cast<unsigned>(info->field)] =
          fieldValue.getInt().getZExtValue();
    }
    config = MatmulConfigAttr::getFromFieldValues(context, values);
  }
  // The type's own rules (which parts may be shared, ...), as one refusal.
  std::string why;
  MatmulType type;
  {
    ScopedDiagnosticHandler capture(context, [&](Diagnostic &diagnostic) {
      why = diagnostic.str();
      return success();
    });
    type = MatmulType::getChecked([&] { return emitError(lifter.loc(at)); },
                                  context, *a, *b, *c, *bias, config);
  }
  if (!type)
    return lifter.refuse(at,
                         "the Matmul object's type breaks asc's rules: " + why);
  return type;
}

FailureOr<Lifted>
KernelLifter::constructApiObject(clang::QualType type, const clang::Stmt *at,
                                 clang::SourceLocation declaredAt) {
  const clang::CXXRecordDecl *record = type->getAsCXXRecordDecl();
  if (!record)
    return failure();
  llvm::StringRef name = recordName(record);
  Location l = at ? loc(at) : builder.getUnknownLoc();
  if (name == "GlobalTensor" || name == "LocalTensor")
    return Lifted{}; // set later (SetGlobalBuffer, AllocTensor)
  // A TCubeTiling starts with every member zero (CANN's generated struct
  // gives each `= 0`); a kernel loads it (CopyTiling) or sets its fields
  // one by one, as pyasc's C++ does. Unused, the greedy tidy drops it.
  if (name == "TCubeTiling")
    return Lifted::handle(TilingCreateOp::create(
        builder, l, TilingType::get(builder.getContext()),
        builder.getArrayAttr({}), ValueRange{}));
  if (name == "TPipe") {
    Value pipe =
        PipeCreateOp::create(builder, l, PipeType::get(builder.getContext()));
    pipes.push_back(pipe);
    return Lifted::handle(pipe);
  }
  if (isMatmulClass(name)) {
    FailureOr<MatmulType> mmType = matmulType(*this, record, declaredAt);
    if (failed(mmType))
      return failure();
    return Lifted::handle(MatmulCreateOp::create(builder, l, *mmType));
  }
  if (name == "TQueModel" || name == "TQue" || name == "TQueBind") {
    // TQue<pos, depth> is asc's queue; TQueBind<src, dst, depth> is a queue
    // with a source (between two UB positions) or, to or from GM, the TQue
    // of its local side. The sugared type says which alias was written.
    // asc-run's aliases name TQueModel<pos, depth>; CANN's TQue and
    // TQueBind are classes (TSCM an alias of TQueBind).
    const auto &args =
        cast<clang::ClassTemplateSpecializationDecl>(record)->getTemplateArgs();
    std::optional<TPosition> position =
        symbolizeTPosition(llvm::StringRef(enumeratorName(args[0])).lower());
    unsigned depthArg = 1;
    if (name == "TQueBind") {
      std::optional<TPosition> dst =
          symbolizeTPosition(llvm::StringRef(enumeratorName(args[1])).lower());
      if (dst != TPosition::GM)
        position = dst;
      depthArg = 2;
    }
    if (!position ||
        args[depthArg].getKind() != clang::TemplateArgument::Integral)
      return failure();
    unsigned depth = args[depthArg].getAsIntegral().getZExtValue();
    std::optional<TPosition> source;
    if (const auto *written = type->getAs<clang::TemplateSpecializationType>())
      if (clang::TemplateDecl *alias =
              written->getTemplateName().getAsTemplateDecl()) {
        clang::SourceLocation where = declaredAt;
        if (alias->getName() == "TQueBind") {
          ArrayRef<clang::TemplateArgument> bound =
              written->template_arguments();
          std::optional<TPosition> src, dst;
          if (bound.size() >= 2) {
            src = positionArgument(bound[0], ast);
            dst = positionArgument(bound[1], ast);
          }
          if (!src || !dst)
            return refuse(where, "a TQueBind whose positions are not "
                                 "compile-time constants");
          if (isVectorPosition(*src) && isVectorPosition(*dst))
            source = src;
          else if (!(*src == TPosition::GM && isVectorPosition(*dst)) &&
                   !(isVectorPosition(*src) && *dst == TPosition::GM))
            return refuse(where, "'TQueBind<" + stringifyTPosition(*src).str() +
                                     ", " + stringifyTPosition(*dst).str() +
                                     ">' is not modelled by asc (a TQueBind "
                                     "between unified-buffer positions, or "
                                     "to or from GM, is)");
        } else if (alias->getName() == "TSCM") {
          // TSCM<src, depth> is TQueBind<src, TSCM, depth>
          // (kernel_tpipe.h): a queue whose buffers are in L1.
          ArrayRef<clang::TemplateArgument> bound =
              written->template_arguments();
          std::optional<TPosition> src =
              bound.empty() ? std::nullopt : positionArgument(bound[0], ast);
          if (*position != TPosition::TSCM || src != TPosition::GM)
            return refuse(where, "a TSCM queue filled from anywhere but GM "
                                 "is not modelled by asc (TSCM<GM> is)");
        } else if (alias->getName() != "TQue") {
          return refuse(where, "'" + alias->getName() +
                                   "' is not modelled by asc (TQue and "
                                   "TQueBind are)");
        }
      }
    return Lifted::handle(QueueCreateOp::create(
        builder, l,
        QueueType::get(builder.getContext(), *position, depth, source)));
  }
  if (name == "TBuf") {
    const auto &args =
        cast<clang::ClassTemplateSpecializationDecl>(record)->getTemplateArgs();
    std::optional<TPosition> position =
        symbolizeTPosition(llvm::StringRef(enumeratorName(args[0])).lower());
    if (!position)
      return failure();
    if (!isVectorPosition(*position))
      return refuse(declaredAt,
                    "a TBuf at " + stringifyTPosition(*position).str() +
                        " is not modelled by asc (one in the unified "
                        "buffer, VECIN, VECOUT or VECCALC, is)");
    return Lifted::handle(TBufCreateOp::create(
        builder, l, TBufType::get(builder.getContext(), *position)));
  }
  if (name == "DataCopyParams") {
    // A plain struct of scalars: fields with their default values.
    FailureOr<Object *> object = newObject(record, at);
    if (failed(object))
      return failure();
    return Lifted{Lifted::ObjectRef, {}, {}, *object, nullptr};
  }
  return failure();
}

std::optional<FailureOr<Lifted>>
KernelLifter::constructApiObjectFrom(const clang::CXXConstructExpr *construct) {
  const clang::CXXRecordDecl *record = construct->getConstructor()->getParent();
  // asc-run's constructor takes the call's source location as a defaulted
  // fourth argument.
  unsigned given = llvm::count_if(construct->arguments(), [](auto *arg) {
    return !isa<clang::CXXDefaultArgExpr>(arg);
  });
  if (recordName(record) != "LocalTensor" || given != 3)
    return std::nullopt;
  // LocalTensor<T>(TPosition pos, uint32_t addr, uint32_t tileSize): a
  // tensor at a byte address of the position's memory (CANN's
  // LocalTensor constructor, kernel_tensor_impl.h).
  const clang::Expr *posExpr = construct->getArg(0);
  clang::Expr::EvalResult pos;
  std::optional<TPosition> position;
  if (posExpr->EvaluateAsRValue(pos, ast) && pos.Val.isInt())
    position = symbolizeTPosition(
        llvm::StringRef(
            enumeratorName(clang::TemplateArgument(
                ast, pos.Val.getInt(), posExpr->IgnoreImpCasts()->getType())))
            .lower());
  if (!position)
    return refuse(posExpr, "a LocalTensor position that is not a "
                           "compile-time TPosition");
  const auto *spec = dyn_cast<clang::ClassTemplateSpecializationDecl>(record);
  Type element = spec && spec->getTemplateArgs().size()
                     ? elementType(spec->getTemplateArgs()[0].getAsType())
                     : Type();
  if (!element)
    return refuse(construct, "a LocalTensor of an element type asc does not "
                             "know");
  FailureOr<Value> addr = intValue(construct->getArg(1), builder.getI32Type());
  if (failed(addr))
    return failure();
  FailureOr<Value> size = intValue(construct->getArg(2), builder.getI32Type());
  if (failed(size))
    return failure();
  return Lifted::handle(LocalTensorCreateOp::create(
      builder, loc(construct),
      LocalTensorType::get(builder.getContext(), *position, element), *addr,
      *size));
}

namespace {
/// Arguments of one API call, with the runtime's trailing source-location
/// parameter (asc_run::Loc) dropped and defaults told apart.
struct ApiArgs {
  SmallVector<const clang::Expr *> given;
  bool isDefault(unsigned i) const {
    return i >= given.size() || isa<clang::CXXDefaultArgExpr>(given[i]);
  }
};
} // namespace

static ApiArgs apiArgs(const clang::CallExpr *call) {
  ApiArgs args;
  unsigned first = 0;
  if (isa<clang::CXXOperatorCallExpr>(call) &&
      isa<clang::CXXMethodDecl>(call->getDirectCallee()))
    first = 1; // the object
  for (unsigned i = first; i < call->getNumArgs(); ++i) {
    const clang::Expr *arg = call->getArg(i);
    if (const clang::CXXRecordDecl *r = arg->getType()->getAsCXXRecordDecl())
      if (r->getName() == "Loc")
        continue;
    args.given.push_back(arg);
  }
  return args;
}

/// The bool or integer template argument `index` of `callee`, if given.
static std::optional<int64_t> templateInt(const clang::FunctionDecl *callee,
                                          unsigned index) {
  const clang::TemplateArgumentList *args =
      callee->getTemplateSpecializationArgs();
  if (!args || index >= args->size() ||
      (*args)[index].getKind() != clang::TemplateArgument::Integral)
    return std::nullopt;
  return (*args)[index].getAsIntegral().getExtValue();
}

FailureOr<Lifted> KernelLifter::liftApiCall(const clang::CallExpr *call,
                                            const clang::FunctionDecl *callee) {
  Location l = loc(call);
  ApiArgs args = apiArgs(call);
  llvm::StringRef method = callee->getName();
  if (const auto *conversion = dyn_cast<clang::CXXConversionDecl>(callee))
    (void)conversion, method = "operator conversion";
  std::string owner;
  if (const auto *m = dyn_cast<clang::CXXMethodDecl>(callee))
    owner = recordName(m->getParent()).str();
  if (const auto *op = dyn_cast<clang::CXXOperatorCallExpr>(call))
    method = clang::getOperatorSpelling(op->getOperator());
  std::string display =
      owner.empty() ? method.str() : owner + "::" + method.str();

  // Copy and move assignment of an API value (tensors, the tiling): the
  // variable now holds the source's value.
  if (const auto *m = dyn_cast<clang::CXXMethodDecl>(callee))
    if ((m->isCopyAssignmentOperator() || m->isMoveAssignmentOperator()) &&
        call->getNumArgs() == 2) {
      FailureOr<Lifted> v = rvalue(call->getArg(1));
      if (failed(v))
        return failure();
      FailureOr<Slot *> target = lvalue(call->getArg(0));
      if (failed(target))
        return failure();
      store(*target, *v);
      return *v;
    }

  // The object of a method call, as an SSA handle.
  auto object = [&]() -> FailureOr<Value> {
    const clang::Expr *self = nullptr;
    if (const auto *member = dyn_cast<clang::CXXMemberCallExpr>(call))
      self = member->getImplicitObjectArgument();
    else if (const auto *op = dyn_cast<clang::CXXOperatorCallExpr>(call))
      self = op->getArg(0);
    if (!self)
      return refuse(call, "'" + display + "' without its object");
    FailureOr<Lifted> v = rvalue(self);
    if (failed(v))
      return failure();
    if (v->kind == Lifted::SlotRef && v->value)
      return v->value;
    if (v->kind == Lifted::Null)
      return refuse(self, "'" + display +
                              "' on a GlobalTensor over a null pointer, "
                              "which asc has no value for");
    if (!v->carriesValue())
      return refuse(self, "the object of '" + display +
                              "' has no value here (used before it is set)");
    return v->value;
  };
  auto arg = [&](unsigned i) { return value(args.given[i]); };
  auto i32Arg = [&](unsigned i) {
    return intValue(args.given[i], builder.getI32Type());
  };
  auto i64Arg = [&](unsigned i) {
    return intValue(args.given[i], builder.getI64Type());
  };
  // The flags asc spells as attributes: folded by Clang, or a constant
  // once lifted (a literal passed down through the kernel's parameters and
  // fields, as `Init(..., false)` storing `isTransA` is). needConstant
  // finds each one's value, once; boolConst and intConst read it.
  llvm::SmallDenseMap<unsigned, std::optional<uint64_t>> flags;
  auto needConstant = [&](unsigned i, llvm::StringRef what) -> LogicalResult {
    if (args.isDefault(i) || flags.count(i))
      return success();
    clang::Expr::EvalResult folded;
    if (args.given[i]->EvaluateAsRValue(folded, ast) && folded.Val.isInt()) {
      flags[i] = folded.Val.getInt().getZExtValue();
      return success();
    }
    FailureOr<Value> lifted = value(args.given[i]);
    if (failed(lifted))
      return failure();
    IntegerAttr constant;
    if (!matchPattern(*lifted, m_Constant(&constant)))
      return refuse(args.given[i], "'" + display + "''s " + what +
                                       " must be a compile-time constant for "
                                       "asc (it is known only at run time "
                                       "here)");
    flags[i] = constant.getValue().getZExtValue();
    return success();
  };
  auto intConst = [&](unsigned i) -> std::optional<uint64_t> {
    auto it = flags.find(i);
    return it == flags.end() ? std::nullopt : it->second;
  };
  auto boolConst = [&](unsigned i) -> std::optional<bool> {
    if (std::optional<uint64_t> v = intConst(i))
      return *v != 0;
    return std::nullopt;
  };
  auto done = [] { return Lifted::voidValue(); };

  //===-- Kernel environment ---------------------------------------------===//
  if (owner.empty()) {
    if (method == "GetBlockIdx" || method == "GetBlockNum") {
      Value v =
          method == "GetBlockIdx"
              ? Value(GetBlockIdxOp::create(builder, l, builder.getI64Type()))
              : Value(GetBlockNumOp::create(builder, l, builder.getI64Type()));
      Type want = scalarType(call->getType());
      if (want && want != v.getType())
        v = arith::TruncIOp::create(builder, l, want, v);
      return Lifted::scalar(v);
    }
    if (method == "GetTPipePtr") {
      // CANN's TPipe constructor stores itself in the global GetTPipePtr
      // reads (kernel_common.h): with one TPipe in the kernel, that one.
      if (pipes.size() != 1)
        return refuse(call, pipes.empty()
                                ? "GetTPipePtr() before the kernel constructed "
                                  "a TPipe"
                                : "GetTPipePtr() in a kernel that constructs "
                                  "more than one TPipe: asc-check does not "
                                  "tell which one it returns");
      return Lifted::handle(pipes.front());
    }
    if (method == "GetSysWorkSpacePtr")
      return Lifted{Lifted::Pointer,
                    GetSysWorkspacePtrOp::create(
                        builder, l, GmAddrType::get(builder.getContext())),
                    {},
                    nullptr,
                    nullptr};
    if (method == "GetUserWorkspace") {
      FailureOr<Lifted> ws = rvalue(args.given[0]);
      if (failed(ws))
        return failure();
      if (!ws->isGmAddress())
        return refuse(call, "GetUserWorkspace of something that is not a GM "
                            "pointer");
      if (auto arg = dyn_cast<BlockArgument>(ws->value))
        kernelFunc.setArgAttr(arg.getArgNumber(),
                              AscDialect::getWorkspaceAttrName(),
                              builder.getUnitAttr());
      return Lifted{
          Lifted::Pointer,
          GetUserWorkspaceOp::create(
              builder, l, GmAddrType::get(builder.getContext()), ws->value),
          {},
          nullptr,
          nullptr};
    }
    if (method == "PipeBarrier") {
      std::optional<int64_t> pipe = templateInt(callee, 0);
      const clang::TemplateArgumentList *targs =
          callee->getTemplateSpecializationArgs();
      std::optional<PipeKind> kind =
          targs ? symbolizePipeKind(
                      llvm::StringRef(enumeratorName((*targs)[0])).lower())
                : std::nullopt;
      if (!pipe || !kind)
        return refuse(call, "PipeBarrier on a pipe asc does not know");
      PipeBarrierOp::create(builder, l, *kind);
      return done();
    }
    if (method == "SetFlag" || method == "WaitFlag") {
      const clang::TemplateArgumentList *targs =
          callee->getTemplateSpecializationArgs();
      std::optional<HardEvent> event =
          targs ? symbolizeHardEvent(
                      llvm::StringRef(enumeratorName((*targs)[0])).lower())
                : std::nullopt;
      if (!event)
        return refuse(call, "'" + method + "' on an event asc does not know");
      FailureOr<Value> id = i32Arg(0);
      if (failed(id))
        return failure();
      if (method == "SetFlag")
        SetFlagOp::create(builder, l, *event, *id);
      else
        WaitFlagOp::create(builder, l, *event, *id);
      return done();
    }
    if (method == "CrossCoreSetFlag") {
      const clang::TemplateArgumentList *targs =
          callee->getTemplateSpecializationArgs();
      std::optional<int64_t> mode = templateInt(callee, 0);
      std::optional<PipeKind> pipe =
          targs && targs->size() > 1
              ? symbolizePipeKind(
                    llvm::StringRef(enumeratorName((*targs)[1])).lower())
              : std::nullopt;
      if (!mode || !pipe)
        return refuse(call, "CrossCoreSetFlag with a mode or pipe asc does "
                            "not know");
      FailureOr<Value> id = i32Arg(0);
      if (failed(id))
        return failure();
      CrossCoreSetFlagOp::create(builder, l, *mode, *pipe, *id);
      return done();
    }
    if (method == "CrossCoreWaitFlag") {
      FailureOr<Value> id = i32Arg(0);
      if (failed(id))
        return failure();
      CrossCoreWaitFlagOp::create(builder, l, /*mode=*/0, PipeKind::PIPE_S,
                                  *id);
      return done();
    }
    if (method == "SyncAll") {
      if (!args.given.empty())
        return refuse(call, "the software SyncAll(gm, ub, cores) is not in "
                            "asc; SyncAll<isAIVOnly>() is");
      std::optional<int64_t> aivOnly = templateInt(callee, 0);
      auto op = SyncAllOp::create(builder, l);
      if (aivOnly && !*aivOnly)
        op.setAivOnly(false);
      return done();
    }
    // pyasc's mix-kernel prologue (its launcher's `ffts_addr` argument):
    // set_ffts_base_addr(*ffts_addr), then on the cube core
    // ffts_cross_core_sync(PIPE_MTE3, config). The address is the GM
    // pointer the argument dereferences: asc names the pointer, not the
    // word it points at.
    if (method == "set_ffts_base_addr") {
      const auto *deref =
          dyn_cast<clang::UnaryOperator>(args.given[0]->IgnoreParenImpCasts());
      if (!deref || deref->getOpcode() != clang::UO_Deref)
        return refuse(call, "set_ffts_base_addr of something other than the "
                            "word a GM pointer points at "
                            "(`*ffts_addr`)");
      FailureOr<Lifted> pointer = rvalue(deref->getSubExpr());
      if (failed(pointer))
        return failure();
      if (!pointer->isGmAddress())
        return refuse(deref, "set_ffts_base_addr through a pointer that is "
                             "not a GM address");
      SetFftsBaseAddrOp::create(builder, l, pointer->value);
      return done();
    }
    if (method == "ffts_cross_core_sync") {
      const clang::Expr *pipeArg = args.given[0]->IgnoreParenImpCasts();
      clang::Expr::EvalResult pipeValue;
      std::optional<PipeKind> pipe;
      if (pipeArg->EvaluateAsRValue(pipeValue, ast) && pipeValue.Val.isInt())
        pipe = symbolizePipeKind(
            llvm::StringRef(
                enumeratorName(clang::TemplateArgument(
                    ast, pipeValue.Val.getInt(), pipeArg->getType())))
                .lower());
      if (!pipe)
        return refuse(args.given[0], "ffts_cross_core_sync on a pipe asc "
                                     "does not know");
      if (failed(needConstant(1, "flag configuration")))
        return failure();
      std::optional<uint64_t> config = intConst(1);
      if (!config)
        return refuse(call, "ffts_cross_core_sync without its flag "
                            "configuration");
      FftsCrossCoreSyncOp::create(builder, l, *pipe, *config);
      return done();
    }
    if (method == "DataCopy") {
      FailureOr<Value> dst = arg(0), src = failed(dst) ? dst : arg(1);
      if (failed(dst) || failed(src))
        return failure();
      if (args.given.size() < 3)
        return refuse(call, "DataCopy without a count or parameters");
      FailureOr<Lifted> third = rvalue(args.given[2]);
      if (failed(third))
        return failure();
      if (third->kind == Lifted::Scalar) {
        FailureOr<Value> count = i32Arg(2);
        if (failed(count))
          return failure();
        DataCopyOp::create(builder, l, *dst, *src, *count, ValueRange());
        return done();
      }
      if (third->kind == Lifted::ObjectRef &&
          recordName(third->object->record) == "DataCopyParams") {
        SmallVector<Value> params;
        for (const clang::FieldDecl *field : third->object->record->fields()) {
          Lifted v = third->object->fields.lookup(field)->value;
          if (v.kind != Lifted::Scalar)
            return refuse(args.given[2], "DataCopyParams field '" +
                                             field->getName() +
                                             "' has no value");
          Value p = v.value;
          if (p.getType() != builder.getI32Type())
            p = arith::ExtUIOp::create(builder, l, builder.getI32Type(), p);
          params.push_back(p);
        }
        DataCopyOp::create(builder, l, *dst, *src, Value(), params);
        return done();
      }
      return refuse(call, "this DataCopy form is not in asc (a count or "
                          "DataCopyParams is)");
    }
    if (method == "LeakyRelu" || method == "Adds" || method == "Muls" ||
        method == "Add") {
      if (args.given.size() != 4)
        return refuse(call, "'" + method +
                                "' in a form other than (dst, src, "
                                "scalar/src, count) is not in asc");
      FailureOr<Value> dst = arg(0), src = arg(1), third = arg(2),
                       count = i32Arg(3);
      if (failed(dst) || failed(src) || failed(third) || failed(count))
        return failure();
      if (method == "LeakyRelu")
        LeakyReluOp::create(builder, l, *dst, *src, *third, *count);
      else if (method == "Adds")
        AddsOp::create(builder, l, *dst, *src, *third, *count);
      else if (method == "Muls")
        MulsOp::create(builder, l, *dst, *src, *third, *count);
      else
        AddOp::create(builder, l, *dst, *src, *third, *count);
      return done();
    }
    if (method == "Duplicate" && args.given.size() == 3) {
      FailureOr<Value> dst = arg(0), scalar = arg(1), count = i32Arg(2);
      if (failed(dst) || failed(scalar) || failed(count))
        return failure();
      DuplicateOp::create(builder, l, *dst, *scalar, *count);
      return done();
    }
    return liftOpaqueApiCall(call, callee, method);
  }

  //===-- Tensors
  //--------------------------------------------------------===//
  if ((owner == "GlobalTensor" || owner == "LocalTensor") && method == "[]") {
    // The view from an element offset on (`cGlobal[offset]`,
    // `reluInLocal[count * len]`); a view of a null GlobalTensor is null
    // (its offset still evaluated).
    const auto *op = dyn_cast<clang::CXXOperatorCallExpr>(call);
    FailureOr<Lifted> base =
        op ? rvalue(op->getArg(0)) : FailureOr<Lifted>(failure());
    if (op && failed(base))
      return failure();
    if (op && base->kind == Lifted::Null) {
      if (failed(i64Arg(0)))
        return failure();
      return *base;
    }
    FailureOr<Value> self =
        op && base->carriesValue() ? FailureOr<Value>(base->value) : object();
    if (failed(self))
      return failure();
    FailureOr<Value> offset = i64Arg(0);
    if (failed(offset))
      return failure();
    return Lifted::handle(
        SubViewOp::create(builder, l, self->getType(), *self, *offset));
  }
  if (owner == "GlobalTensor") {
    if (method == "SetGlobalBuffer") {
      const auto *member = dyn_cast<clang::CXXMemberCallExpr>(call);
      FailureOr<Slot *> target =
          member ? lvalue(member->getImplicitObjectArgument())
                 : FailureOr<Slot *>(failure());
      if (failed(target))
        return failure();
      FailureOr<Lifted> pointer = rvalue(args.given[0]);
      if (failed(pointer))
        return failure();
      // A GlobalTensor over a null pointer (a bias the kernel was given as
      // nullptr) is one over asc.null_gm_addr: a use on a path the data
      // rules out (`if (tiling.isBias) SetBias(bias)`) lifts as written;
      // one on the path taken is the kernel's fault, which asc-run reports.
      if (pointer->kind == Lifted::Null)
        pointer = Lifted{Lifted::Pointer,
                         NullGmAddrOp::create(
                             builder, l, GmAddrType::get(builder.getContext())),
                         {},
                         nullptr,
                         nullptr};
      if (pointer->kind != Lifted::Pointer)
        return refuse(args.given[0], "SetGlobalBuffer of something that is "
                                     "not a GM pointer");
      Type element =
          elementType(cast<clang::CXXMethodDecl>(callee)
                              ->getParent()
                              ->getTemplateInstantiationPattern()
                          ? cast<clang::ClassTemplateSpecializationDecl>(
                                cast<clang::CXXMethodDecl>(callee)->getParent())
                                ->getTemplateArgs()[0]
                                .getAsType()
                          : clang::QualType());
      if (!element)
        return refuse(call, "a GlobalTensor of an element type asc does not "
                            "know");
      if (pointer->offset && pointer->offsetElement != element)
        return refuse(args.given[0], "SetGlobalBuffer of a pointer offset in "
                                     "elements of another type");
      Value size;
      if (args.given.size() > 1 && !args.isDefault(1)) {
        FailureOr<Value> s = i64Arg(1);
        if (failed(s))
          return failure();
        size = *s;
      }
      Value tensor = SetGlobalBufferOp::create(
          builder, l, GlobalTensorType::get(builder.getContext(), element),
          pointer->value, pointer->offset, size);
      store(*target, Lifted::handle(tensor));
      return done();
    }
  }
  // A scalar element of a global or local tensor, by the scalar unit.
  if ((owner == "GlobalTensor" || owner == "LocalTensor") &&
      (method == "GetValue" || method == "SetValue")) {
    FailureOr<Value> self = object();
    if (failed(self))
      return failure();
    FailureOr<Value> index = i64Arg(0);
    if (failed(index))
      return failure();
    Type element = getTensorElementType(self->getType());
    if (method == "GetValue")
      return Lifted::scalar(
          GetValueOp::create(builder, l, element, *self, *index));
    FailureOr<Value> v = arg(1);
    if (failed(v))
      return failure();
    if (v->getType() != element)
      return refuse(args.given[1], "SetValue of a value whose type is not "
                                   "the tensor's element type");
    SetValueOp::create(builder, l, *self, *index, *v);
    return done();
  }
  if (owner == "LocalTensor" && method == "GetSize") {
    FailureOr<Value> self = object();
    if (failed(self))
      return failure();
    Value size =
        LocalTensorGetSizeOp::create(builder, l, builder.getI32Type(), *self);
    Type want = scalarType(call->getType());
    if (want && want != size.getType())
      return refuse(call, "LocalTensor::GetSize with a result type asc does "
                          "not know");
    return Lifted::scalar(size);
  }
  if (owner == "LocalTensor" && method == "=") {
    // `dst = a + b` (CANN's SymbolOverrideAdd): Add(dst, a, b,
    // dst.GetSize()) into the tensor assigned to, which stays the same
    // tensor. asc has Add only: -, * and / are refused by name.
    const auto *rhs = dyn_cast<clang::CXXOperatorCallExpr>(
        call->getArg(1)->IgnoreImplicitAsWritten()->IgnoreParens());
    if (!rhs || rhs->getNumArgs() != 2 || rhs->getOperator() != clang::OO_Plus)
      return refuse(call, "this LocalTensor operator has no asc op (the '+' "
                          "of two tensors, asc.add, has)");
    FailureOr<Value> dst = value(call->getArg(0));
    FailureOr<Value> src0 = failed(dst) ? dst : value(rhs->getArg(0));
    FailureOr<Value> src1 = failed(src0) ? src0 : value(rhs->getArg(1));
    if (failed(src1))
      return failure();
    Value count =
        LocalTensorGetSizeOp::create(builder, l, builder.getI32Type(), *dst);
    AddOp::create(builder, l, *dst, *src0, *src1, count);
    return Lifted::handle(*dst);
  }

  //===-- Local tensors, queues and the pipe
  //-------------------------------===//
  if (owner == "TPipe" && method == "FetchEventID") {
    // FetchEventID(HardEvent::X) or FetchEventID<HardEvent::X>().
    std::optional<HardEvent> event;
    if (const clang::TemplateArgumentList *targs =
            callee->getTemplateSpecializationArgs())
      event = symbolizeHardEvent(
          llvm::StringRef(enumeratorName((*targs)[0])).lower());
    else if (!args.given.empty()) {
      clang::Expr::EvalResult folded;
      if (args.given[0]->EvaluateAsRValue(folded, ast) && folded.Val.isInt())
        event = symbolizeHardEvent(
            llvm::StringRef(
                enumeratorName(clang::TemplateArgument(
                    ast, folded.Val.getInt(), args.given[0]->getType())))
                .lower());
    }
    if (!event)
      return refuse(call, "FetchEventID of an event asc does not know or that "
                          "is not a compile-time constant");
    FailureOr<Value> pipe = object();
    if (failed(pipe))
      return failure();
    Value id = PipeFetchEventIdOp::create(builder, l, builder.getI32Type(),
                                          *pipe, *event);
    Type want = scalarType(call->getType());
    if (!want || !isa<IntegerType>(want))
      return refuse(call, "FetchEventID with a result type asc does not know");
    if (want.getIntOrFloatBitWidth() < 32)
      id = arith::TruncIOp::create(builder, l, want, id);
    else if (want.getIntOrFloatBitWidth() > 32)
      id = arith::ExtSIOp::create(builder, l, want, id);
    return Lifted::scalar(id);
  }
  if (owner == "TPipe" && method == "InitBuffer") {
    FailureOr<Value> pipe = object();
    if (failed(pipe))
      return failure();
    FailureOr<Value> queue = arg(0);
    if (failed(queue))
      return failure();
    if (isa<TBufType>(queue->getType())) {
      // InitBuffer(buf, len): one buffer of len bytes.
      FailureOr<Value> len = i32Arg(1);
      if (failed(len))
        return failure();
      PipeInitTBufOp::create(builder, l, *pipe, *queue, *len);
      return done();
    }
    FailureOr<Value> num = i32Arg(1), len = i32Arg(2);
    if (failed(num) || failed(len))
      return failure();
    PipeInitBufferOp::create(builder, l, *pipe, *queue, *num, *len);
    return done();
  }
  if (owner == "TQueModel" || owner == "TQueBind") {
    FailureOr<Value> queue = object();
    if (failed(queue))
      return failure();
    auto queueType = cast<QueueType>(queue->getType());
    auto tensorType = [&]() -> Type {
      const clang::TemplateArgumentList *targs =
          callee->getTemplateSpecializationArgs();
      Type element = targs && targs->size()
                         ? elementType((*targs)[0].getAsType())
                         : Type();
      return element ? LocalTensorType::get(builder.getContext(),
                                            queueType.getPosition(), element)
                     : Type();
    };
    if (method == "AllocTensor" || method == "DeQue") {
      Type type = tensorType();
      if (!type)
        return refuse(call, "'" + method +
                                "' of an element type asc does "
                                "not know");
      if (method == "AllocTensor")
        return Lifted::handle(
            QueueAllocTensorOp::create(builder, l, type, *queue));
      return Lifted::handle(QueueDeQueOp::create(builder, l, type, *queue));
    }
    if (method == "EnQue" || method == "FreeTensor") {
      FailureOr<Value> tensor = arg(0);
      if (failed(tensor))
        return failure();
      if (method == "EnQue")
        QueueEnQueOp::create(builder, l, *queue, *tensor);
      else
        QueueFreeTensorOp::create(builder, l, *queue, *tensor);
      return done();
    }
  }

  if (owner == "TBuf") {
    // TBuf orders nothing and hands out its one buffer (kernel_tbuf_impl.h):
    // AllocTensor and DeQue are Get, EnQue and FreeTensor do nothing.
    FailureOr<Value> buffer = object();
    if (failed(buffer))
      return failure();
    if (method == "EnQue" || method == "FreeTensor")
      return done();
    const clang::TemplateArgumentList *targs =
        callee->getTemplateSpecializationArgs();
    Type element =
        targs && targs->size() ? elementType((*targs)[0].getAsType()) : Type();
    if (method == "Get" || method == "GetWithOffset" ||
        method == "AllocTensor" || method == "DeQue") {
      if (!element)
        return refuse(call,
                      "'" + display + "' of an element type asc does not know");
      auto tensorType = LocalTensorType::get(
          builder.getContext(), cast<TBufType>(buffer->getType()).getPosition(),
          element);
      Value length;
      if (method == "Get" && !args.isDefault(0) && !args.given.empty()) {
        FailureOr<Value> len = i32Arg(0);
        if (failed(len))
          return failure();
        length = *len;
      }
      Value tensor = TBufGetOp::create(builder, l, tensorType, *buffer, length);
      if (method != "GetWithOffset")
        return Lifted::handle(tensor);
      // GetWithOffset<T>(size, byteOffset): the buffer from the byte
      // offset on (its extent is the buffer's, a footprint no smaller).
      FailureOr<Value> byteOffset = i64Arg(1);
      if (failed(byteOffset))
        return failure();
      Value elementBytes = arith::ConstantIntOp::create(
          builder, l, builder.getI64Type(), getElementBitWidth(tensorType) / 8);
      Value offset =
          arith::DivUIOp::create(builder, l, *byteOffset, elementBytes);
      return Lifted::handle(
          SubViewOp::create(builder, l, tensorType, tensor, offset));
    }
  }

  //===-- The Matmul object
  //------------------------------------------------===//
  if (isMatmulClass(owner)) {
    FailureOr<Value> mm = object();
    if (failed(mm))
      return failure();
    auto tensorArg = [&](unsigned i) -> FailureOr<Value> {
      FailureOr<Value> v = arg(i);
      if (failed(v))
        return failure();
      return *v;
    };
    if (method == "Init") {
      FailureOr<Lifted> tiling = rvalue(args.given[0]);
      if (failed(tiling))
        return failure();
      Value t = tiling->kind == Lifted::SlotRef ? tiling->slot->value.value
                                                : tiling->value;
      if (!t || !isa<TilingType>(t.getType()))
        return refuse(args.given[0], "Init's tiling is not a TCubeTiling the "
                                     "kernel loaded");
      Lifted whole =
          tiling->kind == Lifted::SlotRef ? tiling->slot->value : *tiling;
      FailureOr<Value> changed = tilingValue(whole, args.given[0]);
      if (failed(changed))
        return failure();
      t = *changed;
      Value pipe;
      if (args.given.size() > 1 && !args.isDefault(1)) {
        FailureOr<Lifted> p = rvalue(args.given[1]);
        if (failed(p))
          return failure();
        pipe = p->value;
      }
      MatmulInitOp::create(builder, l, *mm, t, pipe);
      return done();
    }
    if (method == "SetTensorA" || method == "SetTensorB") {
      FailureOr<Value> input = tensorArg(0);
      if (failed(input) || failed(needConstant(1, "transpose flag")))
        return failure();
      BoolAttr transpose;
      if (std::optional<bool> t = boolConst(1))
        transpose = builder.getBoolAttr(*t);
      if (method == "SetTensorA")
        MatmulSetTensorAOp::create(builder, l, *mm, *input, transpose);
      else
        MatmulSetTensorBOp::create(builder, l, *mm, *input, transpose);
      return done();
    }
    if (method == "SetBias") {
      FailureOr<Value> bias = tensorArg(0);
      if (failed(bias))
        return failure();
      MatmulSetBiasOp::create(builder, l, *mm, *bias);
      return done();
    }
    if (method == "DisableBias" || method == "ClearBias") {
      MatmulDisableBiasOp::create(builder, l, *mm);
      return done();
    }
    if (method == "SetTail" || method == "SetSingleShape" ||
        method == "SetOrgShape") {
      SmallVector<Value> dims;
      for (unsigned i = 0; i < args.given.size(); ++i) {
        if (args.isDefault(i)) {
          dims.push_back(
              constantInt(builder.getI32Type(), method == "SetTail" ? -1 : 0));
          continue;
        }
        FailureOr<Value> d = i32Arg(i);
        if (failed(d))
          return failure();
        dims.push_back(*d);
      }
      if (method == "SetTail") {
        while (dims.size() < 3)
          dims.push_back(constantInt(builder.getI32Type(), -1));
        MatmulSetTailOp::create(builder, l, *mm, dims[0], dims[1], dims[2]);
      } else if (method == "SetSingleShape") {
        MatmulSetSingleShapeOp::create(builder, l, *mm, dims[0], dims[1],
                                       dims[2]);
      } else {
        // SetOrgShape(m, n, k) or (m, n, ka, kb[, kc]); kc defaults to 0.
        if (dims.size() < 3)
          return refuse(call, "SetOrgShape with fewer than three sizes");
        Value kb = dims.size() > 3 ? dims[3] : Value();
        Value kc = dims.size() > 4 ? dims[4]
                   : kb            ? constantInt(builder.getI32Type(), 0)
                                   : Value();
        MatmulSetOrgShapeOp::create(builder, l, *mm, dims[0], dims[1], dims[2],
                                    kb, kc);
      }
      return done();
    }
    if (method == "SetWorkspace") {
      FailureOr<Lifted> first = rvalue(args.given[0]);
      if (failed(first))
        return failure();
      Value workspace = first->value;
      if (first->kind == Lifted::Pointer) {
        // SetWorkspace(__gm__ T *addr, int size): the tensor over it.
        const clang::TemplateArgumentList *targs =
            callee->getTemplateSpecializationArgs();
        Type element = targs && targs->size()
                           ? elementType((*targs)[0].getAsType())
                           : Type();
        if (!element || args.given.size() < 2)
          return refuse(call, "SetWorkspace of a pointer of an element type "
                              "asc does not know");
        if (first->offset && first->offsetElement != element)
          return refuse(args.given[0], "SetWorkspace of a pointer offset in "
                                       "elements of another type");
        FailureOr<Value> size = i64Arg(1);
        if (failed(size))
          return failure();
        workspace = SetGlobalBufferOp::create(
            builder, l, GlobalTensorType::get(builder.getContext(), element),
            first->value, first->offset, *size);
      } else if (!workspace || !isa<GlobalTensorType>(workspace.getType())) {
        return refuse(call, "SetWorkspace of something that is not a "
                            "GlobalTensor or a GM pointer");
      }
      MatmulSetWorkspaceOp::create(builder, l, *mm, workspace);
      return done();
    }
    if (method == "IterateAll") {
      if (failed(needConstant(1, "enAtomic")) ||
          failed(needConstant(2, "enSequentialWrite")) ||
          failed(needConstant(3, "waitIterateAll")) ||
          failed(needConstant(4, "fakeMsg")))
        return failure();
      FailureOr<Value> c = tensorArg(0);
      if (failed(c))
        return failure();
      bool sync = templateInt(callee, 0).value_or(1);
      auto op = MatmulIterateAllOp::create(builder, l, *mm, *c, /*sync=*/true,
                                           /*en_atomic=*/0u, BoolAttr(),
                                           BoolAttr(), BoolAttr());
      op.setSync(sync);
      if (std::optional<uint64_t> atomic = intConst(1))
        op.setEnAtomic(*atomic);
      if (std::optional<bool> b = boolConst(2))
        op.setEnSequentialWriteAttr(builder.getBoolAttr(*b));
      if (std::optional<bool> b = boolConst(3))
        op.setWaitIterateAllAttr(builder.getBoolAttr(*b));
      if (std::optional<bool> b = boolConst(4))
        op.setFakeMsgAttr(builder.getBoolAttr(*b));
      return done();
    }
    if (method == "WaitIterateAll") {
      MatmulWaitIterateAllOp::create(builder, l, *mm);
      return done();
    }
    if (method == "Iterate") {
      if (args.given.size() > 1 && !args.isDefault(1))
        return refuse(call, "Iterate into a local C matrix is not lifted");
      if (failed(needConstant(0, "enPartialSum")))
        return failure();
      auto op = MatmulIterateOp::create(builder, l, builder.getI1Type(), *mm,
                                        Value());
      op.setSync(templateInt(callee, 0).value_or(1));
      if (std::optional<bool> b = boolConst(0))
        op.setEnPartialSum(*b);
      return Lifted::scalar(op.getMore());
    }
    if (method == "GetTensorC") {
      bool sync = templateInt(callee, 0).value_or(1);
      // The view form (GetTensorC<false>(enAtomic, ...) -> GlobalTensor) and
      // the two-destination form are told apart by their first argument.
      SmallVector<Value> dsts;
      unsigned firstFlag = 0;
      while (firstFlag < args.given.size() &&
             args.given[firstFlag]->getType()->getAsCXXRecordDecl() &&
             isHandleClass(
                 args.given[firstFlag]->getType()->getAsCXXRecordDecl())) {
        FailureOr<Value> d = tensorArg(firstFlag);
        if (failed(d))
          return failure();
        dsts.push_back(*d);
        ++firstFlag;
      }
      if (failed(needConstant(firstFlag, "enAtomic")) ||
          failed(needConstant(firstFlag + 1, "enSequentialWrite")))
        return failure();
      Type resultType;
      if (dsts.empty()) {
        const clang::CXXRecordDecl *r = call->getType()->getAsCXXRecordDecl();
        if (!r || recordName(r) != "GlobalTensor")
          return refuse(call, "GetTensorC without a destination that gives "
                              "no GlobalTensor");
        resultType = GlobalTensorType::get(
            builder.getContext(),
            cast<MatmulType>(mm->getType()).getCElementType());
      }
      auto op = MatmulGetTensorCOp::create(builder, l, resultType, *mm, dsts);
      op.setSync(sync);
      if (std::optional<uint64_t> atomic = intConst(firstFlag))
        op.setEnAtomic(*atomic);
      if (std::optional<bool> b = boolConst(firstFlag + 1))
        op.setEnSequentialWrite(*b);
      if (resultType)
        return Lifted::handle(op.getResult());
      return done();
    }
    // The matrix strides of the batched calls (arguments 4-6): null when
    // left to their defaults.
    auto matrixStrides = [&]() -> FailureOr<SmallVector<Value, 3>> {
      SmallVector<Value, 3> strides;
      for (unsigned i = 4; i < 7; ++i) {
        if (args.isDefault(i)) {
          strides.push_back(Value());
          continue;
        }
        FailureOr<Value> stride = i32Arg(i);
        if (failed(stride))
          return failure();
        strides.push_back(*stride);
      }
      return strides;
    };
    if (method == "IterateBatch") {
      // The client's form (C, batchA, batchB, enSequentialWrite, strides)
      // and the cube side's (C, enPartialSum, enAtomic, enSequentialWrite,
      // strides) differ in their second parameter.
      FailureOr<Value> c = tensorArg(0);
      if (failed(c))
        return failure();
      if (args.given.size() < 4)
        return refuse(call, "IterateBatch with fewer than four arguments");
      bool cubeForm = args.given[1]->getType()->isBooleanType();
      Value batchA, batchB;
      if (!cubeForm) {
        FailureOr<Value> a = i32Arg(1), b = i32Arg(2);
        if (failed(a) || failed(b))
          return failure();
        batchA = *a;
        batchB = *b;
      } else if (failed(needConstant(1, "enPartialSum")) ||
                 failed(needConstant(2, "enAtomic"))) {
        return failure();
      }
      if (failed(needConstant(3, "enSequentialWrite")))
        return failure();
      FailureOr<SmallVector<Value, 3>> strides = matrixStrides();
      if (failed(strides))
        return failure();
      auto op = MatmulIterateBatchOp::create(
          builder, l, *mm, *c, batchA, batchB, (*strides)[0], (*strides)[1],
          (*strides)[2], /*sync=*/true, BoolAttr(),
          /*en_sequential_write=*/false, BoolAttr(), /*en_atomic=*/0u);
      op.setSync(templateInt(callee, 0).value_or(1));
      if (!cubeForm) {
        if (std::optional<int64_t> wait = templateInt(callee, 1))
          op.setWaitIterateBatchAttr(builder.getBoolAttr(*wait));
      } else if (std::optional<bool> partial = boolConst(1)) {
        op.setEnPartialSumAttr(builder.getBoolAttr(*partial));
      }
      if (std::optional<bool> sequential = boolConst(3))
        op.setEnSequentialWrite(*sequential);
      return done();
    }
    if (method == "IterateNBatch") {
      SmallVector<Value, 3> sizes;
      for (unsigned i = 0; i < 3; ++i) {
        FailureOr<Value> v = i32Arg(i);
        if (failed(v))
          return failure();
        sizes.push_back(*v);
      }
      if (failed(needConstant(3, "enSequentialWrite")))
        return failure();
      FailureOr<SmallVector<Value, 3>> strides = matrixStrides();
      if (failed(strides))
        return failure();
      auto op = MatmulIterateNBatchOp::create(
          builder, l, *mm, sizes[0], sizes[1], sizes[2], (*strides)[0],
          (*strides)[1], (*strides)[2], /*sync=*/true, BoolAttr(),
          /*en_sequential_write=*/false);
      op.setSync(templateInt(callee, 0).value_or(1));
      if (std::optional<int64_t> wait = templateInt(callee, 1))
        op.setWaitIterateBatchAttr(builder.getBoolAttr(*wait));
      if (std::optional<bool> sequential = boolConst(3))
        op.setEnSequentialWrite(*sequential);
      return done();
    }
    if (method == "WaitIterateBatch") {
      MatmulWaitIterateBatchOp::create(builder, l, *mm);
      return done();
    }
    if (method == "GetBatchTensorC") {
      // The view form, `GlobalTensor<C> GetBatchTensorC(batchA, batchB,
      // enSequentialWrite)`: the batch result where the server wrote it.
      if (args.given.empty() ||
          !args.given[0]->getType()->getAsCXXRecordDecl()) {
        const auto *view =
            dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
                call->getType()->getAsCXXRecordDecl());
        Type element = view && recordName(view) == "GlobalTensor" &&
                               view->getTemplateArgs().size()
                           ? elementType(view->getTemplateArgs()[0].getAsType())
                           : Type();
        if (!element)
          return refuse(call, "GetBatchTensorC's view of an element type asc "
                              "does not know");
        FailureOr<Value> a = i32Arg(0);
        FailureOr<Value> b = failed(a) ? a : i32Arg(1);
        if (failed(b) || failed(needConstant(2, "enSequentialWrite")))
          return failure();
        auto op = MatmulGetBatchTensorCOp::create(
            builder, l, GlobalTensorType::get(builder.getContext(), element),
            *mm, *a, *b, Value(), /*sync=*/true, false);
        op.setSync(templateInt(callee, 0).value_or(1));
        if (std::optional<bool> sequential = boolConst(2))
          op.setEnSequentialWrite(*sequential);
        return Lifted::handle(op.getResult());
      }
      // The form into a local tensor.
      FailureOr<Value> dst = tensorArg(0);
      FailureOr<Value> a = failed(dst) ? dst : i32Arg(1);
      FailureOr<Value> b = failed(a) ? a : i32Arg(2);
      if (failed(b) || failed(needConstant(3, "enSequentialWrite")))
        return failure();
      auto op = MatmulGetBatchTensorCOp::create(builder, l, Type(), *mm, *a, *b,
                                                *dst, /*sync=*/true, false);
      op.setSync(templateInt(callee, 0).value_or(1));
      if (std::optional<bool> sequential = boolConst(3))
        op.setEnSequentialWrite(*sequential);
      return done();
    }
    if (method == "AsyncGetTensorC") {
      FailureOr<Value> dst = tensorArg(0);
      if (failed(dst))
        return failure();
      MatmulAsyncGetTensorCOp::create(builder, l, *mm, *dst);
      return done();
    }
    if (method == "SetBatchNum") {
      FailureOr<Value> a = i32Arg(0), b = i32Arg(1);
      if (failed(a) || failed(b))
        return failure();
      MatmulSetBatchNumOp::create(builder, l, *mm, *a, *b);
      return done();
    }
    if (method == "SetSubBlockIdx") {
      FailureOr<Value> index = i32Arg(0);
      if (failed(index))
        return failure();
      MatmulSetSubBlockIdxOp::create(builder, l, *mm, *index);
      return done();
    }
    if (method == "SetQuantScalar") {
      FailureOr<Value> scale = i64Arg(0);
      if (failed(scale))
        return failure();
      MatmulSetQuantScalarOp::create(builder, l, *mm, *scale);
      return done();
    }
    if (method == "SetQuantVector") {
      FailureOr<Value> scales = tensorArg(0);
      if (failed(scales))
        return failure();
      MatmulSetQuantVectorOp::create(builder, l, *mm, *scales);
      return done();
    }
    if (method == "SetHF32") {
      if (failed(needConstant(0, "enableHF32")))
        return failure();
      clang::Expr::EvalResult mode;
      if (!args.isDefault(1) &&
          !(args.given[1]->EvaluateAsRValue(mode, ast) && mode.Val.isInt()))
        return refuse(args.given[1], "SetHF32's transMode must be a "
                                     "compile-time constant for asc");
      auto op = MatmulSetHf32Op::create(builder, l, *mm, false, 0);
      if (std::optional<bool> enable = boolConst(0))
        op.setEnableHf32(*enable);
      if (!args.isDefault(1))
        op.setTransMode(mode.Val.getInt().getExtValue());
      return done();
    }
    if (method == "WaitGetTensorC") {
      MatmulWaitGetTensorCOp::create(builder, l, *mm);
      return done();
    }
    if (method == "End") {
      MatmulEndOp::create(builder, l, *mm);
      return done();
    }
    if (method == "SetSelfDefineData" || method == "SetUserDefInfo") {
      // CANN's uint64_t: a GM pointer is passed as its address (pyasc
      // writes `reinterpret_cast<uint64_t>(gm)`), anything else as the
      // number it is.
      const clang::Expr *word = args.given[0]->IgnoreParenImpCasts();
      if (const auto *cast = dyn_cast<clang::CXXReinterpretCastExpr>(word);
          cast && cast->getSubExpr()->getType()->isPointerType())
        word = cast->getSubExpr()->IgnoreParenImpCasts();
      Value value;
      if (word->getType()->isPointerType()) {
        FailureOr<Lifted> pointer = rvalue(word);
        if (failed(pointer))
          return failure();
        if (!pointer->isGmAddress())
          return refuse(word, "'" + method +
                                  "' of a pointer that is not a kernel "
                                  "argument's GM address");
        value = pointer->value;
      } else {
        FailureOr<Value> number = i64Arg(0);
        if (failed(number))
          return failure();
        value = *number;
      }
      if (method == "SetSelfDefineData")
        MatmulSetSelfDefineDataOp::create(builder, l, *mm, value);
      else
        MatmulSetUserDefInfoOp::create(builder, l, *mm, value);
      return done();
    }
    // CANN applies a sparse index only on the cube-side object of a Matmul
    // whose B is a SparseMatmulType under an MDL config
    // (MatmulImplBase::SetSparseIndex); the client only asserts.
    if (method == "SetSparseIndex")
      return refuse(call, "'SetSparseIndex' sets a sparse index, which "
                          "CANN ignores: it applies one only to a "
                          "SparseMatmulType B under an MDL config on the "
                          "cube-side object, and asc models no sparse B");
    return refuse(call, "the Matmul call '" + method +
                            "' is not lifted by asc-check yet");
  }
  return refuse(call, "the Ascend C API call '" + display +
                          "' has no asc op; asc-check cannot see what it "
                          "reads and writes");
}

/// Names of the API's synchronisation: calls that order pipes or cores,
/// which an asc.api_call (it orders nothing) must never stand for.
static bool isSynchronisingApi(llvm::StringRef name) {
  for (llvm::StringRef word : {"Flag", "Sync", "Barrier", "Event", "Wait",
                               "Notify", "Mutex", "IBSet", "IBWait"})
    if (name.contains(word))
      return true;
  return false;
}

/// Calls that set only the core's control registers and touch no memory:
/// CANN's InitSocState (AscendCUtils::InitSocStateImpl,
/// impl/basic_api/kernel_utils_base.h) is set_atomic_none, set_mask_norm,
/// a full vector mask on the vector core and set_l1_3d_size(0) and
/// set_padding(0) on the cube core, on the scalar pipe. TPipe's
/// constructor makes the same call. A call naming no tensor is otherwise
/// refused: it could read or write memory no operand shows.
static bool setsOnlyControlRegisters(const clang::FunctionDecl *callee) {
  return callee->getName() == "InitSocState" && callee->getNumParams() == 0;
}

FailureOr<Lifted>
KernelLifter::liftOpaqueApiCall(const clang::CallExpr *call,
                                const clang::FunctionDecl *callee,
                                llvm::StringRef display) {
  auto refuseCall = [&](const llvm::Twine &why) -> LogicalResult {
    return refuse(call, "the Ascend C API call '" + display +
                            "' has no asc op, and " + why);
  };
  if (isSynchronisingApi(callee->getName()))
    return refuseCall("it synchronises: asc-check cannot see what it orders");
  Location l = loc(call);
  SmallVector<Value> operands;
  SmallVector<int64_t> writes;
  bool global = false, local = false, globalWritten = false;
  for (unsigned i = 0, e = call->getNumArgs(); i < e; ++i) {
    const clang::Expr *argument = call->getArg(i);
    // A defaulted argument is the default again in the printed call.
    if (isa<clang::CXXDefaultArgExpr>(argument))
      continue;
    const clang::ParmVarDecl *param =
        i < callee->getNumParams() ? callee->getParamDecl(i) : nullptr;
    clang::QualType type = param ? param->getType() : argument->getType();
    clang::QualType object = type.getNonReferenceType();
    const clang::CXXRecordDecl *record = object->getAsCXXRecordDecl();
    llvm::StringRef name = record ? recordName(record) : "";
    if (name == "LocalTensor" || name == "GlobalTensor") {
      FailureOr<Value> tensor = value(argument);
      if (failed(tensor))
        return failure();
      // The API takes every tensor by const reference (a tensor is a
      // handle), so only its parameter names tell: CANN names what it reads
      // src*; anything else (dst*, a temporary buffer) is taken as written.
      bool written = !param || !param->getName().starts_with("src");
      if (written)
        writes.push_back(operands.size());
      (name == "GlobalTensor" ? global : local) = true;
      globalWritten |= written && name == "GlobalTensor";
      operands.push_back(*tensor);
      continue;
    }
    if (!record && object->isArithmeticType()) {
      FailureOr<Value> scalar = value(argument);
      if (failed(scalar))
        return failure();
      operands.push_back(*scalar);
      continue;
    }
    return refuseCall("its argument " + llvm::Twine(i + 1) + " (of type '" +
                      object.getAsString() +
                      "') is neither a tensor nor a scalar: asc-check cannot "
                      "see what it reads and writes");
  }
  bool controlOnly = setsOnlyControlRegisters(callee);
  if (!global && !local && !controlOnly)
    return refuseCall("it names no tensor: asc-check cannot see what it "
                      "reads and writes");
  // Filling GM (init_global_memory_v220_impl.h) duplicates the value in
  // UB and copies it out: an MTE3 write. Other GM-only calls are unknown.
  bool fillsGlobal =
      callee->getName() == "Fill" || callee->getName() == "InitGlobalMemory";
  if (global && !local && !fillsGlobal)
    return refuseCall("it touches global memory only, on a pipe asc-check "
                      "cannot tell");
  PipeKind pipe = controlOnly     ? PipeKind::PIPE_S
                  : !global       ? PipeKind::PIPE_V
                  : globalWritten ? PipeKind::PIPE_MTE3
                                  : PipeKind::PIPE_MTE2;
  Type resultType;
  if (!call->getType()->isVoidType()) {
    resultType = scalarType(call->getType());
    if (!resultType)
      return refuseCall("its result is not a scalar asc knows");
  }
  // The template arguments written at the call, as C++ prints them.
  SmallVector<Attribute> templateArgs;
  const auto *reference =
      dyn_cast<clang::DeclRefExpr>(call->getCallee()->IgnoreParenImpCasts());
  const clang::TemplateArgumentList *instantiated =
      callee->getTemplateSpecializationArgs();
  if (reference && instantiated) {
    clang::PrintingPolicy policy = ast.getPrintingPolicy();
    for (unsigned i = 0, e = std::min<unsigned>(reference->getNumTemplateArgs(),
                                                instantiated->size());
         i < e; ++i) {
      std::string text;
      llvm::raw_string_ostream os(text);
      instantiated->get(i).print(policy, os, /*IncludeType=*/false);
      templateArgs.push_back(builder.getStringAttr(text));
    }
  }
  auto op = ApiCallOp::create(
      builder, l, resultType ? TypeRange(resultType) : TypeRange(),
      builder.getStringAttr(callee->getQualifiedNameAsString()),
      templateArgs.empty() ? ArrayAttr() : builder.getArrayAttr(templateArgs),
      PipeKindAttr::get(builder.getContext(), pipe),
      builder.getDenseI64ArrayAttr(writes), operands);
  if (resultType)
    return Lifted::scalar(op.getResult());
  return Lifted::voidValue();
}
