//===- Dialects.cpp - C API of the asc dialect ----------------------------===//
//
// The asc types and attributes for C. Constructors check their arguments and
// report what they reject through the context; accessors answer null values
// for a type or attribute of another kind.
//
//===----------------------------------------------------------------------===//

#include "asc-c/Dialects.h"
#include "EnumArguments.h"
#include "asc/Dialect/Asc/IR/AscAttrs.h"
#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "asc/Dialect/Asc/IR/AscTypes.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"

#include <cstring>
#include <optional>

using namespace mlir;
using namespace mlir::asc;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Asc, asc, mlir::asc::AscDialect)

MlirStringRef mlirAscGetKernelAttrName() {
  return wrap(StringRef(AscDialect::getKernelAttrName()));
}

MlirStringRef mlirAscGetNoAliasAttrName() {
  return wrap(StringRef(AscDialect::getNoAliasAttrName()));
}

//===----------------------------------------------------------------------===//
// The C enums mirror the C++ ones
//===----------------------------------------------------------------------===//

#define ASC_CHECK_ENUM(cValue, cppValue)                                       \
  static_assert(static_cast<int>(cValue) == static_cast<int>(cppValue),        \
                "asc-c/Dialects.h is out of sync with the ODS: " #cValue)

ASC_CHECK_ENUM(MlirAscTPositionGM, TPosition::GM);
ASC_CHECK_ENUM(MlirAscTPositionVECIN, TPosition::VECIN);
ASC_CHECK_ENUM(MlirAscTPositionVECOUT, TPosition::VECOUT);
ASC_CHECK_ENUM(MlirAscTPositionVECCALC, TPosition::VECCALC);
ASC_CHECK_ENUM(MlirAscTPositionA1, TPosition::A1);
ASC_CHECK_ENUM(MlirAscTPositionA2, TPosition::A2);
ASC_CHECK_ENUM(MlirAscTPositionB1, TPosition::B1);
ASC_CHECK_ENUM(MlirAscTPositionB2, TPosition::B2);
ASC_CHECK_ENUM(MlirAscTPositionC1, TPosition::C1);
ASC_CHECK_ENUM(MlirAscTPositionC2, TPosition::C2);
ASC_CHECK_ENUM(MlirAscTPositionCO1, TPosition::CO1);
ASC_CHECK_ENUM(MlirAscTPositionCO2, TPosition::CO2);
ASC_CHECK_ENUM(MlirAscTPositionTSCM, TPosition::TSCM);
ASC_CHECK_ENUM(MlirAscTPositionTSCM, getMaxEnumValForTPosition());

ASC_CHECK_ENUM(MlirAscCubeFormatND, CubeFormat::ND);
ASC_CHECK_ENUM(MlirAscCubeFormatNZ, CubeFormat::NZ);
ASC_CHECK_ENUM(MlirAscCubeFormatZN, CubeFormat::ZN);
ASC_CHECK_ENUM(MlirAscCubeFormatZZ, CubeFormat::ZZ);
ASC_CHECK_ENUM(MlirAscCubeFormatNN, CubeFormat::NN);
ASC_CHECK_ENUM(MlirAscCubeFormatND_ALIGN, CubeFormat::ND_ALIGN);
ASC_CHECK_ENUM(MlirAscCubeFormatSCALAR, CubeFormat::SCALAR);
ASC_CHECK_ENUM(MlirAscCubeFormatVECTOR, CubeFormat::VECTOR);
ASC_CHECK_ENUM(MlirAscCubeFormatVECTOR, getMaxEnumValForCubeFormat());

ASC_CHECK_ENUM(MlirAscLayoutModeNONE, LayoutMode::NONE);
ASC_CHECK_ENUM(MlirAscLayoutModeBSNGD, LayoutMode::BSNGD);
ASC_CHECK_ENUM(MlirAscLayoutModeSBNGD, LayoutMode::SBNGD);
ASC_CHECK_ENUM(MlirAscLayoutModeBNGS1S2, LayoutMode::BNGS1S2);
ASC_CHECK_ENUM(MlirAscLayoutModeNORMAL, LayoutMode::NORMAL);
ASC_CHECK_ENUM(MlirAscLayoutModeNORMAL, getMaxEnumValForLayoutMode());

ASC_CHECK_ENUM(MlirAscPipeKindPIPE_S, PipeKind::PIPE_S);
ASC_CHECK_ENUM(MlirAscPipeKindPIPE_V, PipeKind::PIPE_V);
ASC_CHECK_ENUM(MlirAscPipeKindPIPE_M, PipeKind::PIPE_M);
ASC_CHECK_ENUM(MlirAscPipeKindPIPE_MTE1, PipeKind::PIPE_MTE1);
ASC_CHECK_ENUM(MlirAscPipeKindPIPE_MTE2, PipeKind::PIPE_MTE2);
ASC_CHECK_ENUM(MlirAscPipeKindPIPE_MTE3, PipeKind::PIPE_MTE3);
ASC_CHECK_ENUM(MlirAscPipeKindPIPE_FIX, PipeKind::PIPE_FIX);
ASC_CHECK_ENUM(MlirAscPipeKindPIPE_ALL, PipeKind::PIPE_ALL);
ASC_CHECK_ENUM(MlirAscPipeKindPIPE_ALL, getMaxEnumValForPipeKind());

ASC_CHECK_ENUM(MlirAscMatmulConfigKindNorm, MatmulConfigKind::Norm);
ASC_CHECK_ENUM(MlirAscMatmulConfigKindMDL, MatmulConfigKind::MDL);
ASC_CHECK_ENUM(MlirAscMatmulConfigKindSpecialMDL, MatmulConfigKind::SpecialMDL);
ASC_CHECK_ENUM(MlirAscMatmulConfigKindIBShareNorm,
               MatmulConfigKind::IBShareNorm);
ASC_CHECK_ENUM(MlirAscMatmulConfigKindBasic, MatmulConfigKind::Basic);
ASC_CHECK_ENUM(MlirAscMatmulConfigKindBasic,
               getMaxEnumValForMatmulConfigKind());

ASC_CHECK_ENUM(MlirAscTilingFieldUsedCoreNum, TilingField::usedCoreNum);
ASC_CHECK_ENUM(MlirAscTilingFieldM, TilingField::M);
ASC_CHECK_ENUM(MlirAscTilingFieldN, TilingField::N);
ASC_CHECK_ENUM(MlirAscTilingFieldKa, TilingField::Ka);
ASC_CHECK_ENUM(MlirAscTilingFieldKb, TilingField::Kb);
ASC_CHECK_ENUM(MlirAscTilingFieldSingleCoreM, TilingField::singleCoreM);
ASC_CHECK_ENUM(MlirAscTilingFieldSingleCoreN, TilingField::singleCoreN);
ASC_CHECK_ENUM(MlirAscTilingFieldSingleCoreK, TilingField::singleCoreK);
ASC_CHECK_ENUM(MlirAscTilingFieldBaseM, TilingField::baseM);
ASC_CHECK_ENUM(MlirAscTilingFieldBaseN, TilingField::baseN);
ASC_CHECK_ENUM(MlirAscTilingFieldBaseK, TilingField::baseK);
ASC_CHECK_ENUM(MlirAscTilingFieldDepthA1, TilingField::depthA1);
ASC_CHECK_ENUM(MlirAscTilingFieldDepthB1, TilingField::depthB1);
ASC_CHECK_ENUM(MlirAscTilingFieldStepM, TilingField::stepM);
ASC_CHECK_ENUM(MlirAscTilingFieldStepN, TilingField::stepN);
ASC_CHECK_ENUM(MlirAscTilingFieldStepKa, TilingField::stepKa);
ASC_CHECK_ENUM(MlirAscTilingFieldStepKb, TilingField::stepKb);
ASC_CHECK_ENUM(MlirAscTilingFieldIsBias, TilingField::isBias);
ASC_CHECK_ENUM(MlirAscTilingFieldIterateOrder, TilingField::iterateOrder);
ASC_CHECK_ENUM(MlirAscTilingFieldBatchM, TilingField::batchM);
ASC_CHECK_ENUM(MlirAscTilingFieldBatchN, TilingField::batchN);
ASC_CHECK_ENUM(MlirAscTilingFieldSingleBatchM, TilingField::singleBatchM);
ASC_CHECK_ENUM(MlirAscTilingFieldSingleBatchN, TilingField::singleBatchN);
ASC_CHECK_ENUM(MlirAscTilingFieldTransLength, TilingField::transLength);
ASC_CHECK_ENUM(MlirAscTilingFieldShareMode, TilingField::shareMode);
ASC_CHECK_ENUM(MlirAscTilingFieldShareL1Size, TilingField::shareL1Size);
ASC_CHECK_ENUM(MlirAscTilingFieldShareL0CSize, TilingField::shareL0CSize);
ASC_CHECK_ENUM(MlirAscTilingFieldShareUbSize, TilingField::shareUbSize);
ASC_CHECK_ENUM(MlirAscTilingFieldDepthAL1CacheUB, TilingField::depthAL1CacheUB);
ASC_CHECK_ENUM(MlirAscTilingFieldDepthBL1CacheUB, TilingField::depthBL1CacheUB);
ASC_CHECK_ENUM(MlirAscTilingFieldDbL0A, TilingField::dbL0A);
ASC_CHECK_ENUM(MlirAscTilingFieldDbL0B, TilingField::dbL0B);
ASC_CHECK_ENUM(MlirAscTilingFieldDbL0C, TilingField::dbL0C);
ASC_CHECK_ENUM(MlirAscTilingFieldALayoutInfoB, TilingField::ALayoutInfoB);
ASC_CHECK_ENUM(MlirAscTilingFieldALayoutInfoS, TilingField::ALayoutInfoS);
ASC_CHECK_ENUM(MlirAscTilingFieldALayoutInfoN, TilingField::ALayoutInfoN);
ASC_CHECK_ENUM(MlirAscTilingFieldALayoutInfoG, TilingField::ALayoutInfoG);
ASC_CHECK_ENUM(MlirAscTilingFieldALayoutInfoD, TilingField::ALayoutInfoD);
ASC_CHECK_ENUM(MlirAscTilingFieldBLayoutInfoB, TilingField::BLayoutInfoB);
ASC_CHECK_ENUM(MlirAscTilingFieldBLayoutInfoS, TilingField::BLayoutInfoS);
ASC_CHECK_ENUM(MlirAscTilingFieldBLayoutInfoN, TilingField::BLayoutInfoN);
ASC_CHECK_ENUM(MlirAscTilingFieldBLayoutInfoG, TilingField::BLayoutInfoG);
ASC_CHECK_ENUM(MlirAscTilingFieldBLayoutInfoD, TilingField::BLayoutInfoD);
ASC_CHECK_ENUM(MlirAscTilingFieldCLayoutInfoB, TilingField::CLayoutInfoB);
ASC_CHECK_ENUM(MlirAscTilingFieldCLayoutInfoS1, TilingField::CLayoutInfoS1);
ASC_CHECK_ENUM(MlirAscTilingFieldCLayoutInfoN, TilingField::CLayoutInfoN);
ASC_CHECK_ENUM(MlirAscTilingFieldCLayoutInfoG, TilingField::CLayoutInfoG);
ASC_CHECK_ENUM(MlirAscTilingFieldCLayoutInfoS2, TilingField::CLayoutInfoS2);
ASC_CHECK_ENUM(MlirAscTilingFieldBatchNum, TilingField::BatchNum);
ASC_CHECK_ENUM(MlirAscTilingFieldMxTypePara, TilingField::mxTypePara);
ASC_CHECK_ENUM(MlirAscTilingFieldMxTypePara, getMaxEnumValForTilingField());

#undef ASC_CHECK_ENUM

//===----------------------------------------------------------------------===//
// Argument checks
//===----------------------------------------------------------------------===//

namespace {
/// Reports the errors of one C API call at an unknown location of its
/// context, prefixed with the name of the C function.
struct ErrorReporter {
  MLIRContext *ctx;
  const char *function;

  InFlightDiagnostic operator()() const {
    InFlightDiagnostic diag = emitError(UnknownLoc::get(ctx));
    diag << function << ": ";
    return diag;
  }
};
} // namespace

/// Starts a constructor call on `ctx`: the reporter for its errors, or none
/// when the context is null or the asc dialect is not registered in it
/// (reported). Loads a registered asc dialect on first use, as the parser
/// does.
static std::optional<ErrorReporter> beginConstructor(MlirContext ctx,
                                                     const char *function) {
  if (mlirContextIsNull(ctx))
    return std::nullopt;
  ErrorReporter error{unwrap(ctx), function};
  if (!error.ctx->getOrLoadDialect(AscDialect::getDialectNamespace())) {
    error() << "the asc dialect is not registered in this context";
    return std::nullopt;
  }
  return error;
}

/// The C++ enumerator of the C enum argument `value`, or none (reported)
/// when its raw value names none.
template <typename EnumT, typename CEnumT>
static std::optional<EnumT>
convertEnumArg(const ErrorReporter &error, const CEnumT &value,
               std::optional<EnumT> (*symbolize)(uint32_t),
               StringRef enumName) {
  int32_t raw = getRawEnumArg(value);
  std::optional<EnumT> result;
  if (raw >= 0)
    result = symbolize(static_cast<uint32_t>(raw));
  if (!result)
    error() << "invalid " << enumName << " value " << raw;
  return result;
}

/// True when `type` is a type of the reporter's context; reports otherwise.
static bool checkTypeArg(const ErrorReporter &error, MlirType type,
                         StringRef what) {
  if (mlirTypeIsNull(type)) {
    error() << "expects " << what << ", got a null type";
    return false;
  }
  if (unwrap(type).getContext() != error.ctx) {
    error() << "expects " << what << " of the same context";
    return false;
  }
  return true;
}

/// The attribute `attr` as an AttrT: a null AttrT when `attr` is null and
/// `optional`, failure (reported) when it is null and required, of another
/// kind or of another context.
template <typename AttrT>
static FailureOr<AttrT> convertAttrArg(const ErrorReporter &error,
                                       MlirAttribute attr, StringRef what,
                                       StringRef kind, bool optional) {
  if (mlirAttributeIsNull(attr)) {
    if (optional)
      return AttrT();
    error() << "expects " << what << ", got a null attribute";
    return failure();
  }
  auto typed = dyn_cast<AttrT>(unwrap(attr));
  if (!typed) {
    error() << "expects " << what << " to be a " << kind << ", got "
            << unwrap(attr);
    return failure();
  }
  if (typed.getContext() != error.ctx) {
    error() << "expects " << what << " of the same context";
    return failure();
  }
  return typed;
}

/// `type` as a T, or null when it is null or of another kind.
template <typename T> static T dynCastType(MlirType type) {
  return llvm::dyn_cast_if_present<T>(unwrap(type));
}

/// `attr` as a T, or null when it is null or of another kind.
template <typename T> static T dynCastAttr(MlirAttribute attr) {
  return llvm::dyn_cast_if_present<T>(unwrap(attr));
}

/// Null values the C API returns.
static MlirType nullType() { return {nullptr}; }
static MlirAttribute nullAttr() { return {nullptr}; }

//===----------------------------------------------------------------------===//
// Enum attributes
//===----------------------------------------------------------------------===//

/// Predicate, TypeID, constructor and value accessor of the enum attribute
/// NAME##Attr wrapping the C++ enum NAME.
#define ASC_DEFINE_ENUM_ATTR(NAME)                                             \
  bool mlirAttributeIsAAsc##NAME##Attr(MlirAttribute attr) {                   \
    return isa_and_present<NAME##Attr>(unwrap(attr));                          \
  }                                                                            \
  MlirTypeID mlirAsc##NAME##AttrGetTypeID() {                                  \
    return wrap(NAME##Attr::getTypeID());                                      \
  }                                                                            \
  MlirAttribute mlirAsc##NAME##AttrGet(MlirContext ctx, MlirAsc##NAME value) { \
    std::optional<ErrorReporter> error = beginConstructor(ctx, __func__);      \
    if (!error)                                                                \
      return nullAttr();                                                       \
    std::optional<NAME> cppValue =                                             \
        convertEnumArg<NAME>(*error, value, symbolize##NAME, #NAME);           \
    if (!cppValue)                                                             \
      return nullAttr();                                                       \
    return wrap(NAME##Attr::get(unwrap(ctx), *cppValue));                      \
  }                                                                            \
  MlirAsc##NAME mlirAsc##NAME##AttrGetValue(MlirAttribute attr) {              \
    auto typed = dynCastAttr<NAME##Attr>(attr);                                \
    return typed ? static_cast<MlirAsc##NAME>(typed.getValue())                \
                 : MlirAsc##NAME##Invalid;                                     \
  }

ASC_DEFINE_ENUM_ATTR(TPosition)
ASC_DEFINE_ENUM_ATTR(CubeFormat)
ASC_DEFINE_ENUM_ATTR(LayoutMode)
ASC_DEFINE_ENUM_ATTR(PipeKind)
ASC_DEFINE_ENUM_ATTR(MatmulConfigKind)
ASC_DEFINE_ENUM_ATTR(TilingField)

#undef ASC_DEFINE_ENUM_ATTR

//===----------------------------------------------------------------------===//
// MatmulPartAttr
//===----------------------------------------------------------------------===//

bool mlirAttributeIsAAscMatmulPartAttr(MlirAttribute attr) {
  return isa_and_present<MatmulPartAttr>(unwrap(attr));
}

MlirTypeID mlirAscMatmulPartAttrGetTypeID() {
  return wrap(MatmulPartAttr::getTypeID());
}

MlirAttribute mlirAscMatmulPartAttrGet(MlirContext ctx,
                                       MlirAscTPosition position,
                                       MlirAscCubeFormat format,
                                       MlirType elementType, bool transposed,
                                       MlirAscLayoutMode layout) {
  std::optional<ErrorReporter> error = beginConstructor(ctx, __func__);
  if (!error)
    return nullAttr();
  std::optional<TPosition> cppPosition = convertEnumArg<TPosition>(
      *error, position, symbolizeTPosition, "TPosition");
  std::optional<CubeFormat> cppFormat = convertEnumArg<CubeFormat>(
      *error, format, symbolizeCubeFormat, "CubeFormat");
  std::optional<LayoutMode> cppLayout = convertEnumArg<LayoutMode>(
      *error, layout, symbolizeLayoutMode, "LayoutMode");
  bool validType = checkTypeArg(*error, elementType, "an element type");
  if (!cppPosition || !cppFormat || !cppLayout || !validType)
    return nullAttr();
  return wrap(MatmulPartAttr::getChecked(*error, unwrap(ctx), *cppPosition,
                                         *cppFormat, unwrap(elementType),
                                         transposed, *cppLayout));
}

MlirAscTPosition mlirAscMatmulPartAttrGetPosition(MlirAttribute attr) {
  auto part = dynCastAttr<MatmulPartAttr>(attr);
  return part ? static_cast<MlirAscTPosition>(part.getPosition())
              : MlirAscTPositionInvalid;
}

MlirAscCubeFormat mlirAscMatmulPartAttrGetFormat(MlirAttribute attr) {
  auto part = dynCastAttr<MatmulPartAttr>(attr);
  return part ? static_cast<MlirAscCubeFormat>(part.getFormat())
              : MlirAscCubeFormatInvalid;
}

MlirType mlirAscMatmulPartAttrGetElementType(MlirAttribute attr) {
  auto part = dynCastAttr<MatmulPartAttr>(attr);
  return part ? wrap(part.getElementType()) : nullType();
}

bool mlirAscMatmulPartAttrGetTransposed(MlirAttribute attr) {
  auto part = dynCastAttr<MatmulPartAttr>(attr);
  return part && part.getTransposed();
}

MlirAscLayoutMode mlirAscMatmulPartAttrGetLayout(MlirAttribute attr) {
  auto part = dynCastAttr<MatmulPartAttr>(attr);
  return part ? static_cast<MlirAscLayoutMode>(part.getLayout())
              : MlirAscLayoutModeInvalid;
}

bool mlirAscMatmulPartAttrGetIbshare(MlirAttribute attr) {
  auto part = dynCastAttr<MatmulPartAttr>(attr);
  return part && part.getIbshare();
}

//===----------------------------------------------------------------------===//
// MatmulConfigAttr
//===----------------------------------------------------------------------===//

bool mlirAttributeIsAAscMatmulConfigAttr(MlirAttribute attr) {
  return isa_and_present<MatmulConfigAttr>(unwrap(attr));
}

MlirTypeID mlirAscMatmulConfigAttrGetTypeID() {
  return wrap(MatmulConfigAttr::getTypeID());
}

MlirAttribute mlirAscMatmulConfigAttrGet(MlirContext ctx,
                                         MlirAscMatmulConfigKind kind,
                                         bool isNBatch) {
  std::optional<ErrorReporter> error = beginConstructor(ctx, __func__);
  if (!error)
    return nullAttr();
  std::optional<MatmulConfigKind> cppKind = convertEnumArg<MatmulConfigKind>(
      *error, kind, symbolizeMatmulConfigKind, "MatmulConfigKind");
  if (!cppKind)
    return nullAttr();
  return wrap(MatmulConfigAttr::get(unwrap(ctx), *cppKind, isNBatch));
}

MlirAscMatmulConfigKind mlirAscMatmulConfigAttrGetKind(MlirAttribute attr) {
  auto config = dynCastAttr<MatmulConfigAttr>(attr);
  return config ? static_cast<MlirAscMatmulConfigKind>(config.getKind())
                : MlirAscMatmulConfigKindInvalid;
}

bool mlirAscMatmulConfigAttrGetIsNBatch(MlirAttribute attr) {
  auto config = dynCastAttr<MatmulConfigAttr>(attr);
  return config && config.getIsNBatch();
}

bool mlirAscMatmulConfigAttrGetField(MlirAttribute attr, MlirStringRef field,
                                     uint64_t *value) {
  auto config = dynCastAttr<MatmulConfigAttr>(attr);
  std::optional<MatmulConfigField> parsed =
      symbolizeMatmulConfigField(unwrap(field));
  if (!config || !parsed || !value)
    return false;
  *value = config.getFieldValue(*parsed);
  return true;
}

//===----------------------------------------------------------------------===//
// Types without parameters: gm_addr, pipe, tiling
//===----------------------------------------------------------------------===//

/// Predicate, TypeID and constructor of the parameterless type NAME##Type.
#define ASC_DEFINE_SIMPLE_TYPE(NAME)                                           \
  bool mlirTypeIsAAsc##NAME##Type(MlirType type) {                             \
    return isa_and_present<NAME##Type>(unwrap(type));                          \
  }                                                                            \
  MlirTypeID mlirAsc##NAME##TypeGetTypeID() {                                  \
    return wrap(NAME##Type::getTypeID());                                      \
  }                                                                            \
  MlirType mlirAsc##NAME##TypeGet(MlirContext ctx) {                           \
    if (!beginConstructor(ctx, __func__))                                      \
      return nullType();                                                       \
    return wrap(NAME##Type::get(unwrap(ctx)));                                 \
  }

ASC_DEFINE_SIMPLE_TYPE(GmAddr)
ASC_DEFINE_SIMPLE_TYPE(Pipe)
ASC_DEFINE_SIMPLE_TYPE(Tiling)

#undef ASC_DEFINE_SIMPLE_TYPE

//===----------------------------------------------------------------------===//
// GlobalTensorType
//===----------------------------------------------------------------------===//

bool mlirTypeIsAAscGlobalTensorType(MlirType type) {
  return isa_and_present<GlobalTensorType>(unwrap(type));
}

MlirTypeID mlirAscGlobalTensorTypeGetTypeID() {
  return wrap(GlobalTensorType::getTypeID());
}

MlirType mlirAscGlobalTensorTypeGet(MlirContext ctx, MlirType elementType) {
  std::optional<ErrorReporter> error = beginConstructor(ctx, __func__);
  if (!error)
    return nullType();
  if (!checkTypeArg(*error, elementType, "an element type"))
    return nullType();
  return wrap(
      GlobalTensorType::getChecked(*error, unwrap(ctx), unwrap(elementType)));
}

MlirType mlirAscGlobalTensorTypeGetElementType(MlirType type) {
  auto tensor = dynCastType<GlobalTensorType>(type);
  return tensor ? wrap(tensor.getElementType()) : nullType();
}

//===----------------------------------------------------------------------===//
// LocalTensorType
//===----------------------------------------------------------------------===//

bool mlirTypeIsAAscLocalTensorType(MlirType type) {
  return isa_and_present<LocalTensorType>(unwrap(type));
}

MlirTypeID mlirAscLocalTensorTypeGetTypeID() {
  return wrap(LocalTensorType::getTypeID());
}

MlirType mlirAscLocalTensorTypeGet(MlirContext ctx, MlirAscTPosition position,
                                   MlirType elementType) {
  std::optional<ErrorReporter> error = beginConstructor(ctx, __func__);
  if (!error)
    return nullType();
  std::optional<TPosition> cppPosition = convertEnumArg<TPosition>(
      *error, position, symbolizeTPosition, "TPosition");
  bool validType = checkTypeArg(*error, elementType, "an element type");
  if (!cppPosition || !validType)
    return nullType();
  return wrap(LocalTensorType::getChecked(*error, unwrap(ctx), *cppPosition,
                                          unwrap(elementType)));
}

MlirAscTPosition mlirAscLocalTensorTypeGetPosition(MlirType type) {
  auto tensor = dynCastType<LocalTensorType>(type);
  return tensor ? static_cast<MlirAscTPosition>(tensor.getPosition())
                : MlirAscTPositionInvalid;
}

MlirType mlirAscLocalTensorTypeGetElementType(MlirType type) {
  auto tensor = dynCastType<LocalTensorType>(type);
  return tensor ? wrap(tensor.getElementType()) : nullType();
}

//===----------------------------------------------------------------------===//
// QueueType
//===----------------------------------------------------------------------===//

bool mlirTypeIsAAscQueueType(MlirType type) {
  return isa_and_present<QueueType>(unwrap(type));
}

MlirTypeID mlirAscQueueTypeGetTypeID() { return wrap(QueueType::getTypeID()); }

MlirType mlirAscQueueTypeGet(MlirContext ctx, MlirAscTPosition position,
                             unsigned depth) {
  std::optional<ErrorReporter> error = beginConstructor(ctx, __func__);
  if (!error)
    return nullType();
  std::optional<TPosition> cppPosition = convertEnumArg<TPosition>(
      *error, position, symbolizeTPosition, "TPosition");
  if (!cppPosition)
    return nullType();
  return wrap(QueueType::getChecked(*error, unwrap(ctx), *cppPosition, depth));
}

MlirAscTPosition mlirAscQueueTypeGetPosition(MlirType type) {
  auto queue = dynCastType<QueueType>(type);
  return queue ? static_cast<MlirAscTPosition>(queue.getPosition())
               : MlirAscTPositionInvalid;
}

unsigned mlirAscQueueTypeGetDepth(MlirType type) {
  auto queue = dynCastType<QueueType>(type);
  return queue ? queue.getDepth() : 0;
}

MlirType mlirAscQueueBindTypeGet(MlirContext ctx, MlirAscTPosition source,
                                 MlirAscTPosition position, unsigned depth) {
  std::optional<ErrorReporter> error = beginConstructor(ctx, __func__);
  if (!error)
    return nullType();
  std::optional<TPosition> cppSource = convertEnumArg<TPosition>(
      *error, source, symbolizeTPosition, "TPosition");
  if (!cppSource)
    return nullType();
  std::optional<TPosition> cppPosition = convertEnumArg<TPosition>(
      *error, position, symbolizeTPosition, "TPosition");
  if (!cppPosition)
    return nullType();
  return wrap(QueueType::getChecked(*error, unwrap(ctx), *cppPosition, depth,
                                    cppSource));
}

MlirAscTPosition mlirAscQueueTypeGetSource(MlirType type) {
  auto queue = dynCastType<QueueType>(type);
  std::optional<TPosition> source =
      queue ? queue.getSource() : std::optional<TPosition>();
  return source ? static_cast<MlirAscTPosition>(*source)
                : MlirAscTPositionInvalid;
}

//===----------------------------------------------------------------------===//
// TBufType
//===----------------------------------------------------------------------===//

bool mlirTypeIsAAscTBufType(MlirType type) {
  return isa_and_present<TBufType>(unwrap(type));
}

MlirTypeID mlirAscTBufTypeGetTypeID() { return wrap(TBufType::getTypeID()); }

MlirType mlirAscTBufTypeGet(MlirContext ctx, MlirAscTPosition position) {
  std::optional<ErrorReporter> error = beginConstructor(ctx, __func__);
  if (!error)
    return nullType();
  std::optional<TPosition> cppPosition = convertEnumArg<TPosition>(
      *error, position, symbolizeTPosition, "TPosition");
  if (!cppPosition)
    return nullType();
  return wrap(TBufType::getChecked(*error, unwrap(ctx), *cppPosition));
}

MlirAscTPosition mlirAscTBufTypeGetPosition(MlirType type) {
  auto buffer = dynCastType<TBufType>(type);
  return buffer ? static_cast<MlirAscTPosition>(buffer.getPosition())
                : MlirAscTPositionInvalid;
}

//===----------------------------------------------------------------------===//
// MatmulType
//===----------------------------------------------------------------------===//

bool mlirTypeIsAAscMatmulType(MlirType type) {
  return isa_and_present<MatmulType>(unwrap(type));
}

MlirTypeID mlirAscMatmulTypeGetTypeID() {
  return wrap(MatmulType::getTypeID());
}

MlirType mlirAscMatmulTypeGet(MlirContext ctx, MlirAttribute a, MlirAttribute b,
                              MlirAttribute c, MlirAttribute bias,
                              MlirAttribute config) {
  std::optional<ErrorReporter> error = beginConstructor(ctx, __func__);
  if (!error)
    return nullType();
  StringRef part = "#asc.matmul_part";
  FailureOr<MatmulPartAttr> aPart =
      convertAttrArg<MatmulPartAttr>(*error, a, "the A part", part, false);
  FailureOr<MatmulPartAttr> bPart =
      convertAttrArg<MatmulPartAttr>(*error, b, "the B part", part, false);
  FailureOr<MatmulPartAttr> cPart =
      convertAttrArg<MatmulPartAttr>(*error, c, "the C part", part, false);
  FailureOr<MatmulPartAttr> biasPart =
      convertAttrArg<MatmulPartAttr>(*error, bias, "the bias part", part, true);
  FailureOr<MatmulConfigAttr> configAttr = convertAttrArg<MatmulConfigAttr>(
      *error, config, "the config", "#asc.matmul_config", true);
  if (failed(aPart) || failed(bPart) || failed(cPart) || failed(biasPart) ||
      failed(configAttr))
    return nullType();
  return wrap(MatmulType::getChecked(*error, unwrap(ctx), *aPart, *bPart,
                                     *cPart, *biasPart, *configAttr));
}

MlirAttribute mlirAscMatmulTypeGetA(MlirType type) {
  auto matmul = dynCastType<MatmulType>(type);
  return matmul ? wrap(Attribute(matmul.getA())) : nullAttr();
}

MlirAttribute mlirAscMatmulTypeGetB(MlirType type) {
  auto matmul = dynCastType<MatmulType>(type);
  return matmul ? wrap(Attribute(matmul.getB())) : nullAttr();
}

MlirAttribute mlirAscMatmulTypeGetC(MlirType type) {
  auto matmul = dynCastType<MatmulType>(type);
  return matmul ? wrap(Attribute(matmul.getC())) : nullAttr();
}

MlirAttribute mlirAscMatmulTypeGetBias(MlirType type) {
  auto matmul = dynCastType<MatmulType>(type);
  return matmul ? wrap(Attribute(matmul.getBias())) : nullAttr();
}

MlirAttribute mlirAscMatmulTypeGetConfig(MlirType type) {
  auto matmul = dynCastType<MatmulType>(type);
  return matmul ? wrap(Attribute(matmul.getConfig())) : nullAttr();
}
