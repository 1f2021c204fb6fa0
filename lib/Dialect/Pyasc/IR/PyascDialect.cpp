//===- PyascDialect.cpp - mirror of pyasc's dialects ----------------------===//
//
// Registration of the mirror's dialects, and the parsers and printers of the
// types and attributes whose syntax is pyasc's own.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Pyasc/IR/PyascDialect.h"
#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::asc;
using namespace mlir::asc::pyasc;

#include "asc/Dialect/Pyasc/IR/PyascAscendCDialect.cpp.inc"
#include "asc/Dialect/Pyasc/IR/PyascEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "asc/Dialect/Pyasc/IR/PyascAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "asc/Dialect/Pyasc/IR/PyascAscendCTypes.cpp.inc"

/// A TPosition spelled as its bare keyword, as pyasc prints its enum
/// attributes in an op (`vecin`).
static ParseResult parsePyPosition(OpAsmParser &parser,
                                   TPositionAttr &position) {
  FailureOr<TPosition> parsed = FieldParser<TPosition>::parse(parser);
  if (failed(parsed))
    return failure();
  position = TPositionAttr::get(parser.getContext(), *parsed);
  return success();
}

static void printPyPosition(OpAsmPrinter &printer, Operation *,
                            TPositionAttr position) {
  printer << stringifyTPosition(position.getValue());
}

#define GET_OP_CLASSES
#include "asc/Dialect/Pyasc/IR/PyascOps.cpp.inc"

void PyascAscendCDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "asc/Dialect/Pyasc/IR/PyascOps.cpp.inc"
      >();
}

void PyascAscendCDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "asc/Dialect/Pyasc/IR/PyascAscendCTypes.cpp.inc"
      >();
}

void PyascAscendCDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "asc/Dialect/Pyasc/IR/PyascAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Tensor types: `<*xf16>`, `<?xf16>`, `<4x512xf16>`
//===----------------------------------------------------------------------===//

/// `<shape x type>`; without the `>` when not `closed`.
static ParseResult parseTensorShape(AsmParser &parser,
                                    SmallVectorImpl<int64_t> &shape,
                                    Type &elementType, bool closed = true) {
  if (parser.parseLess())
    return failure();
  if (succeeded(parser.parseOptionalStar())) {
    if (parser.parseXInDimensionList())
      return failure();
  } else if (parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                       /*withTrailingX=*/true)) {
    return failure();
  }
  if (parser.parseType(elementType))
    return failure();
  return failure(closed && parser.parseGreater());
}

static void printTensorShape(AsmPrinter &printer, ArrayRef<int64_t> shape,
                             Type elementType,
                             TPositionAttr position = nullptr) {
  printer << '<';
  if (shape.empty())
    printer << "*x";
  for (int64_t dim : shape) {
    if (ShapedType::isDynamic(dim))
      printer << '?';
    else
      printer << dim;
    printer << 'x';
  }
  printer << elementType;
  if (position)
    printer << ", " << stringifyTPosition(position.getValue());
  printer << '>';
}

Type PyGlobalTensorType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  if (failed(parseTensorShape(parser, shape, elementType)))
    return {};
  return PyGlobalTensorType::get(parser.getContext(), shape, elementType);
}

void PyGlobalTensorType::print(AsmPrinter &printer) const {
  printTensorShape(printer, getShape(), getElementType());
}

Type PyLocalTensorType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  if (failed(parseTensorShape(parser, shape, elementType, /*closed=*/false)))
    return {};
  TPositionAttr position;
  if (succeeded(parser.parseOptionalComma())) {
    FailureOr<TPosition> parsed = FieldParser<TPosition>::parse(parser);
    if (failed(parsed))
      return {};
    position = TPositionAttr::get(parser.getContext(), *parsed);
  }
  if (parser.parseGreater())
    return {};
  return PyLocalTensorType::get(parser.getContext(), shape, elementType,
                                position);
}

void PyLocalTensorType::print(AsmPrinter &printer) const {
  printTensorShape(printer, getShape(), getElementType(), getPosition());
}

//===----------------------------------------------------------------------===//
// PyMatmulConfigAttr: `<do_norm = true, basic_m = 0 : i32, ...>`
//===----------------------------------------------------------------------===//

Attribute PyMatmulConfigAttr::parse(AsmParser &parser, Type) {
  NamedAttrList fields;
  auto parseField = [&]() -> ParseResult {
    StringRef key;
    Attribute value;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&key) || parser.parseEqual() ||
        parser.parseAttribute(value))
      return failure();
    if (!isa<BoolAttr, IntegerAttr>(value))
      return parser.emitError(loc, "expects a boolean or an integer for '")
             << key << "'";
    if (fields.get(key))
      return parser.emitError(loc, "duplicate '") << key << "'";
    fields.append(key, value);
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::LessGreater,
                                     parseField))
    return {};
  return PyMatmulConfigAttr::get(parser.getContext(),
                                 fields.getDictionary(parser.getContext()));
}

/// The fields in MatmulConfig's declaration order (pyasc's), then any other.
void PyMatmulConfigAttr::print(AsmPrinter &printer) const {
  SmallVector<NamedAttribute> ordered;
  DictionaryAttr fields = getFields();
  for (const MatmulConfigFieldInfo &info : getMatmulConfigFields())
    if (Attribute value = fields.get(info.spelling))
      ordered.push_back(
          NamedAttribute(StringAttr::get(getContext(), info.spelling), value));
  for (NamedAttribute field : fields)
    if (!symbolizeMatmulConfigField(field.getName().getValue()))
      ordered.push_back(field);
  printer << '<';
  llvm::interleaveComma(ordered, printer, [&](NamedAttribute field) {
    printer << field.getName().getValue() << " = ";
    printer.printAttribute(field.getValue());
  });
  printer << '>';
}

//===----------------------------------------------------------------------===//
// MatmulType: `<pos, fmt : i32, type, trans, layout : i32, ..., config>`
//===----------------------------------------------------------------------===//

namespace {
/// One part of a Matmul type as pyasc prints it.
struct PartSyntax {
  TPosition position;
  int64_t format = 0;
  Type type;
  bool trans = false;
  int64_t layout = 0;
};
} // namespace

static ParseResult parseI32(AsmParser &parser, int64_t &value) {
  SMLoc loc = parser.getCurrentLocation();
  Attribute attr;
  if (parser.parseAttribute(attr))
    return failure();
  auto integer = dyn_cast<IntegerAttr>(attr);
  if (!integer)
    return parser.emitError(loc, "expects an integer attribute");
  value = integer.getInt();
  return success();
}

static ParseResult parseBool(AsmParser &parser, bool &value) {
  if (succeeded(parser.parseOptionalKeyword("true"))) {
    value = true;
    return success();
  }
  if (succeeded(parser.parseOptionalKeyword("false"))) {
    value = false;
    return success();
  }
  return parser.emitError(parser.getCurrentLocation(), "expects true or false");
}

static ParseResult parsePart(AsmParser &parser, PartSyntax &part,
                             bool withTransAndLayout) {
  FailureOr<TPosition> position = FieldParser<TPosition>::parse(parser);
  if (failed(position))
    return failure();
  part.position = *position;
  if (parser.parseComma() || parseI32(parser, part.format) ||
      parser.parseComma() || parser.parseType(part.type))
    return failure();
  if (!withTransAndLayout)
    return success();
  return failure(parser.parseComma() || parseBool(parser, part.trans) ||
                 parser.parseComma() || parseI32(parser, part.layout));
}

Type PyMatmulType::parse(AsmParser &parser) {
  PartSyntax a, b, c, bias;
  if (parser.parseLess() || parsePart(parser, a, true) || parser.parseComma() ||
      parsePart(parser, b, true) || parser.parseComma() ||
      parsePart(parser, c, true) || parser.parseComma() ||
      parsePart(parser, bias, false) || parser.parseComma())
    return {};
  auto config = dyn_cast_or_null<PyMatmulConfigAttr>(
      PyMatmulConfigAttr::parse(parser, Type()));
  if (!config || parser.parseGreater())
    return {};
  return PyMatmulType::get(
      parser.getContext(), a.position, a.format, a.type, a.trans, a.layout,
      b.position, b.format, b.type, b.trans, b.layout, c.position, c.format,
      c.type, c.trans, c.layout, bias.position, bias.format, bias.type, config);
}

static void printPart(AsmPrinter &printer, TPosition position, int64_t format,
                      Type type) {
  printer << stringifyTPosition(position) << ", " << format << " : i32, "
          << type;
}

static void printPart(AsmPrinter &printer, TPosition position, int64_t format,
                      Type type, bool trans, int64_t layout) {
  printPart(printer, position, format, type);
  printer << ", " << (trans ? "true" : "false") << ", " << layout << " : i32";
}

void PyMatmulType::print(AsmPrinter &printer) const {
  printer << '<';
  printPart(printer, getPositionA(), getFormatA(), getTypeA(), getTransA(),
            getLayoutA());
  printer << ", ";
  printPart(printer, getPositionB(), getFormatB(), getTypeB(), getTransB(),
            getLayoutB());
  printer << ", ";
  printPart(printer, getPositionC(), getFormatC(), getTypeC(), getTransC(),
            getLayoutC());
  printer << ", ";
  printPart(printer, getPositionBias(), getFormatBias(), getTypeBias());
  printer << ", ";
  getConfig().print(printer);
  printer << '>';
}

//===----------------------------------------------------------------------===//
// PyMatmulIterateOp: pyasc's printed form
//===----------------------------------------------------------------------===//

/// `%mm, %partial, %sync attr-dict [, %localC] : mmType, partialType,
/// syncType[, localCType], resultType`
ParseResult PyMatmulIterateOp::parse(OpAsmParser &parser,
                                     OperationState &result) {
  OpAsmParser::UnresolvedOperand matmul, partial, sync, localC;
  bool hasLocalC = false;
  if (parser.parseOperand(matmul) || parser.parseComma() ||
      parser.parseOperand(partial) || parser.parseComma() ||
      parser.parseOperand(sync) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseOperand(localC))
      return failure();
    hasLocalC = true;
  }
  SmallVector<Type> types;
  if (parser.parseColonTypeList(types))
    return failure();
  size_t expected = hasLocalC ? 5 : 4;
  if (types.size() != expected)
    return parser.emitError(parser.getCurrentLocation())
           << "expects " << expected << " types, got " << types.size();
  if (parser.resolveOperand(matmul, types[0], result.operands) ||
      parser.resolveOperand(partial, types[1], result.operands))
    return failure();
  if (hasLocalC && parser.resolveOperand(localC, types[3], result.operands))
    return failure();
  if (parser.resolveOperand(sync, types[2], result.operands))
    return failure();
  result.addTypes(types.back());
  return success();
}

void PyMatmulIterateOp::print(OpAsmPrinter &printer) {
  printer << ' ' << getMatmul() << ", " << getEnPartialSum() << ", "
          << getSync();
  printer.printOptionalAttrDict((*this)->getAttrs());
  if (getLocalC())
    printer << ", " << getLocalC();
  printer << " : " << getMatmul().getType() << ", "
          << getEnPartialSum().getType() << ", " << getSync().getType();
  if (getLocalC())
    printer << ", " << getLocalC().getType();
  printer << ", " << getType();
}
