//===- AscTypes.cpp - asc types -------------------------------------------===//
//
// Type registration and verification.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/IR/AscTypes.h"
#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::asc;

#define GET_TYPEDEF_CLASSES
#include "asc/Dialect/Asc/IR/AscTypes.cpp.inc"

void AscDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "asc/Dialect/Asc/IR/AscTypes.cpp.inc"
      >();
}

Type mlir::asc::getTensorElementType(Type type) {
  if (auto global = dyn_cast<GlobalTensorType>(type))
    return global.getElementType();
  if (auto local = dyn_cast<LocalTensorType>(type))
    return local.getElementType();
  return {};
}

bool mlir::asc::isGlobalTensorType(Type type) {
  return isa<GlobalTensorType>(type);
}

/// Scalars an Ascend C tensor can hold: bool, (u)int8..64, half, bfloat16_t,
/// float.
static bool isTensorElementType(Type type) {
  if (type.isF16() || type.isBF16() || type.isF32())
    return true;
  auto integer = dyn_cast<IntegerType>(type);
  return integer && !integer.isSigned() &&
         llvm::is_contained({1u, 4u, 8u, 16u, 32u, 64u}, integer.getWidth());
}

static LogicalResult
verifyTensorElementType(function_ref<InFlightDiagnostic()> emitError,
                        Type elementType) {
  if (!isTensorElementType(elementType))
    return emitError() << "expects a scalar element type (f16, bf16, f32 or a "
                          "signless or unsigned integer), got "
                       << elementType;
  return success();
}

LogicalResult
GlobalTensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                         Type elementType) {
  return verifyTensorElementType(emitError, elementType);
}

LogicalResult
LocalTensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                        TPosition position, Type elementType) {
  if (position == TPosition::GM)
    return emitError() << "expects a local position, got gm (use "
                          "!asc.global_tensor for global memory)";
  return verifyTensorElementType(emitError, elementType);
}

/// The deepest queue TQue can count (its usedCount is a uint8_t).
static constexpr unsigned kMaxQueueDepth = 255;

LogicalResult QueueType::verify(function_ref<InFlightDiagnostic()> emitError,
                                TPosition position, unsigned depth,
                                std::optional<TPosition> source) {
  if (position == TPosition::GM)
    return emitError() << "expects a local position for a queue, got gm";
  // The bind asc models is the copy through the unified buffer; CANN's
  // TQueBind to or from GM is the plain TQue of its local side.
  if (source && (!isVectorPosition(*source) || !isVectorPosition(position)))
    return emitError() << "expects a TQueBind between two unified-buffer "
                          "positions (vecin, vecout, veccalc), got "
                       << stringifyTPosition(*source) << " -> "
                       << stringifyTPosition(position);
  // TQue counts the tensors it holds in a uint8_t (see the ODS
  // description).
  if (depth == 0)
    return emitError() << "expects a queue depth of at least 1";
  if (depth > kMaxQueueDepth)
    return emitError() << "expects a queue depth of at most " << kMaxQueueDepth
                       << ", got " << depth;
  return success();
}

/// `<` (source `->`)? position `,` depth `>`
Type QueueType::parse(AsmParser &parser) {
  MLIRContext *context = parser.getContext();
  SMLoc loc = parser.getCurrentLocation();
  FailureOr<TPosition> first, position;
  std::optional<TPosition> source;
  unsigned depth = 0;
  if (parser.parseLess() ||
      failed(first = FieldParser<TPosition>::parse(parser)))
    return {};
  if (succeeded(parser.parseOptionalArrow())) {
    source = *first;
    if (failed(position = FieldParser<TPosition>::parse(parser)))
      return {};
  } else {
    position = first;
  }
  if (parser.parseComma() || parser.parseInteger(depth) ||
      parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, context, *position,
                    depth, source);
}

void QueueType::print(AsmPrinter &printer) const {
  printer << '<';
  if (std::optional<TPosition> source = getSource())
    printer << stringifyTPosition(*source) << " -> ";
  printer << stringifyTPosition(getPosition()) << ", " << getDepth() << '>';
}

LogicalResult TBufType::verify(function_ref<InFlightDiagnostic()> emitError,
                               TPosition position) {
  // asc-run has memory for the unified buffer only (and L0C, which the
  // vector core's code does not reach).
  if (!isVectorPosition(position))
    return emitError() << "expects a unified-buffer position for a TBuf "
                          "(vecin, vecout, veccalc), got "
                       << stringifyTPosition(position);
  return success();
}

/// Positions a C part can name: global memory, the unified buffer, TSCM or
/// CO1 (docs/Protocol.md section 1).
static bool isMatmulOutputPosition(TPosition position) {
  return position == TPosition::GM || isVectorPosition(position) ||
         position == TPosition::TSCM || position == TPosition::CO1;
}

/// Positions an A, B or bias part can come from.
static bool isMatmulInputPosition(TPosition position) {
  return position != TPosition::CO1 && position != TPosition::CO2 &&
         position != TPosition::C2;
}

/// Positions in L1 (CANN's PhyPosIsL1): A1, B1, C1 and TSCM.
static bool isL1Position(TPosition position) {
  return position == TPosition::A1 || position == TPosition::B1 ||
         position == TPosition::C1 || position == TPosition::TSCM;
}

/// IBSHARE: only an A or B part is shared; under the IBShare configuration
/// (doIBShareNorm) not both of them, and not from L1 (CANN's
/// ConfigSpecificCheck in matmul_shape_tiling.h, which also wants one of
/// them shared there: not required here, as types without a shared part
/// predate the flag).
static LogicalResult
verifySharedParts(function_ref<InFlightDiagnostic()> emitError,
                  MatmulPartAttr a, MatmulPartAttr b, MatmulPartAttr c,
                  MatmulPartAttr bias, MatmulConfigAttr config) {
  if (c.getIbshare() || (bias && bias.getIbshare()))
    return emitError() << "expects ibshare on the A and B parts only";
  if (!config || !config.getFieldValue(MatmulConfigField::DoIBShareNorm))
    return success();
  if (a.getIbshare() && b.getIbshare())
    return emitError() << "expects at most one of the A and B parts shared "
                          "(ibshare) with the IBShare configuration";
  MatmulPartAttr shared = a.getIbshare() ? a : b;
  if (shared.getIbshare() && isL1Position(shared.getPosition()))
    return emitError() << "expects the shared (ibshare) part outside L1 with "
                          "the IBShare configuration, got "
                       << stringifyTPosition(shared.getPosition());
  return success();
}

LogicalResult MatmulType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 MatmulPartAttr a, MatmulPartAttr b,
                                 MatmulPartAttr c, MatmulPartAttr bias,
                                 MatmulConfigAttr config) {
  if (!a || !b || !c)
    return emitError() << "expects a, b and c parts";
  if (a.getElementType() != b.getElementType())
    return emitError() << "expects A and B parts with the same element type, "
                          "got "
                       << a.getElementType() << " and " << b.getElementType();
  if (!isMatmulInputPosition(a.getPosition()) ||
      !isMatmulInputPosition(b.getPosition()))
    return emitError() << "expects A and B parts at an input position, got "
                       << stringifyTPosition(a.getPosition()) << " and "
                       << stringifyTPosition(b.getPosition());
  if (failed(verifySharedParts(emitError, a, b, c, bias, config)))
    return failure();
  if (!isMatmulOutputPosition(c.getPosition()))
    return emitError() << "expects the C part at gm, vecin, vecout, veccalc, "
                          "tscm or co1, got "
                       << stringifyTPosition(c.getPosition());
  Type cType = c.getElementType();
  if (!(cType.isF16() || cType.isBF16() || cType.isF32() ||
        cType.isSignlessInteger(32) || cType.isSignlessInteger(8)))
    return emitError() << "expects a C element type of f16, bf16, f32, i8 or "
                          "i32, got "
                       << cType;
  if (bias) {
    Type biasType = bias.getElementType();
    if (!(biasType.isF16() || biasType.isF32() || biasType.isBF16() ||
          biasType.isSignlessInteger(32)))
      return emitError() << "expects a bias element type of f16, bf16, f32 "
                            "or i32, got "
                         << biasType;
    if (!isMatmulInputPosition(bias.getPosition()))
      return emitError() << "expects the bias part at an input position, got "
                         << stringifyTPosition(bias.getPosition());
  }
  return success();
}
