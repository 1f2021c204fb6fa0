//===- AscAttrs.cpp - asc enums and attributes ----------------------------===//
//
// Enum definitions and the Matmul part / config attributes.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/IR/AscAttrs.h"
#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::asc;

#include "asc/Dialect/Asc/IR/AscEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "asc/Dialect/Asc/IR/AscAttrs.cpp.inc"

void AscDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "asc/Dialect/Asc/IR/AscAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// MatmulPartAttr
//===----------------------------------------------------------------------===//

/// `<position, format, type[, transposed][, layout = mode]>`
Attribute MatmulPartAttr::parse(AsmParser &parser, Type) {
  FailureOr<TPosition> position;
  FailureOr<CubeFormat> format;
  Type elementType;
  bool transposed = false;
  LayoutMode layout = LayoutMode::NONE;
  if (parser.parseLess() ||
      failed(position = FieldParser<TPosition>::parse(parser)) ||
      parser.parseComma() ||
      failed(format = FieldParser<CubeFormat>::parse(parser)) ||
      parser.parseComma() || parser.parseType(elementType))
    return {};
  bool seenTransposed = false, seenLayout = false;
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc keyLoc = parser.getCurrentLocation();
    if (succeeded(parser.parseOptionalKeyword("transposed"))) {
      if (seenTransposed)
        return parser.emitError(keyLoc, "duplicate 'transposed'"), Attribute();
      seenTransposed = transposed = true;
      continue;
    }
    FailureOr<LayoutMode> parsedLayout;
    if (parser.parseKeyword("layout") || parser.parseEqual() ||
        failed(parsedLayout = FieldParser<LayoutMode>::parse(parser)))
      return {};
    if (seenLayout)
      return parser.emitError(keyLoc, "duplicate 'layout'"), Attribute();
    seenLayout = true;
    layout = *parsedLayout;
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<MatmulPartAttr>(
      parser.getContext(), *position, *format, elementType, transposed, layout);
}

void MatmulPartAttr::print(AsmPrinter &printer) const {
  printer << '<' << stringifyTPosition(getPosition()) << ", "
          << stringifyCubeFormat(getFormat()) << ", " << getElementType();
  if (getTransposed())
    printer << ", transposed";
  if (getLayout() != LayoutMode::NONE)
    printer << ", layout = " << stringifyLayoutMode(getLayout());
  printer << '>';
}

/// Element types a Matmul part may hold: half, bfloat16_t, float, int8_t,
/// int32_t (and int4b_t for quantised A/B).
static bool isMatmulElementType(Type type) {
  if (type.isF16() || type.isBF16() || type.isF32())
    return true;
  auto integer = dyn_cast<IntegerType>(type);
  return integer && integer.isSignless() &&
         llvm::is_contained({4u, 8u, 32u}, integer.getWidth());
}

LogicalResult
MatmulPartAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       TPosition position, CubeFormat format, Type elementType,
                       bool transposed, LayoutMode layout) {
  if (!isMatmulElementType(elementType))
    return emitError() << "expects a Matmul element type (f16, bf16, f32, i4, "
                          "i8 or i32), got "
                       << elementType;
  return success();
}
