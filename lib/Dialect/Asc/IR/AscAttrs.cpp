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

std::pair<PipeKind, PipeKind> mlir::asc::getHardEventPipes(HardEvent event) {
  // The table asc-run's SetFlag/WaitFlag read: a case the enum lacks does
  // not compile, one the table lacks is a -Wswitch warning.
  switch (event) {
#define ASC_HARD_EVENT(NAME, SOURCE, TARGET)                                   \
  case HardEvent::NAME:                                                        \
    return {PipeKind::PIPE_##SOURCE, PipeKind::PIPE_##TARGET};
#include "asc_run/hard_events.def"
  }
  llvm_unreachable("unknown HardEvent");
}

void AscDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "asc/Dialect/Asc/IR/AscAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// MatmulPartAttr
//===----------------------------------------------------------------------===//

/// `<position, format, type[, transposed][, layout = mode][, ibshare]>`
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
  bool seenTransposed = false, seenLayout = false, ibshare = false;
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc keyLoc = parser.getCurrentLocation();
    if (succeeded(parser.parseOptionalKeyword("transposed"))) {
      if (seenTransposed)
        return parser.emitError(keyLoc, "duplicate 'transposed'"), Attribute();
      seenTransposed = transposed = true;
      continue;
    }
    if (succeeded(parser.parseOptionalKeyword("ibshare"))) {
      if (ibshare)
        return parser.emitError(keyLoc, "duplicate 'ibshare'"), Attribute();
      ibshare = true;
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
  return parser.getChecked<MatmulPartAttr>(parser.getContext(), *position,
                                           *format, elementType, transposed,
                                           layout, ibshare);
}

void MatmulPartAttr::print(AsmPrinter &printer) const {
  printer << '<' << stringifyTPosition(getPosition()) << ", "
          << stringifyCubeFormat(getFormat()) << ", " << getElementType();
  if (getTransposed())
    printer << ", transposed";
  if (getLayout() != LayoutMode::NONE)
    printer << ", layout = " << stringifyLayoutMode(getLayout());
  if (getIbshare())
    printer << ", ibshare";
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
                       bool transposed, LayoutMode layout, bool ibshare) {
  if (!isMatmulElementType(elementType))
    return emitError() << "expects a Matmul element type (f16, bf16, f32, i4, "
                          "i8 or i32), got "
                       << elementType;
  return success();
}

//===----------------------------------------------------------------------===//
// MatmulConfigAttr
//===----------------------------------------------------------------------===//

/// One `key = value` of a config: a boolean, an integer or an enumerator.
static FailureOr<uint64_t> parseConfigValue(AsmParser &parser,
                                            const MatmulConfigFieldInfo &info) {
  SMLoc loc = parser.getCurrentLocation();
  if (info.kind == MatmulConfigFieldKind::Bool) {
    if (succeeded(parser.parseOptionalKeyword("true")))
      return 1;
    if (succeeded(parser.parseOptionalKeyword("false")))
      return 0;
    return parser.emitError(loc, "expects true or false for '")
           << info.spelling << "'";
  }
  ArrayRef<StringLiteral> enumerators = getMatmulConfigEnumSpellings(info.kind);
  if (!enumerators.empty()) {
    StringRef keyword;
    if (parser.parseKeyword(&keyword))
      return failure();
    for (auto [value, spelling] : llvm::enumerate(enumerators))
      if (spelling == keyword)
        return value;
    InFlightDiagnostic diag = parser.emitError(loc, "expects one of ");
    llvm::interleaveComma(enumerators, diag);
    return diag << " for '" << info.spelling << "'";
  }
  uint64_t value;
  if (parser.parseInteger(value))
    return failure();
  if (value > getMatmulConfigFieldMax(info.kind))
    return parser.emitError(loc, "'") << info.spelling << "' is at most "
                                      << getMatmulConfigFieldMax(info.kind);
  return value;
}

/// `<kind[, field = value]*>`
Attribute MatmulConfigAttr::parse(AsmParser &parser, Type) {
  FailureOr<MatmulConfigKind> kind;
  if (parser.parseLess() ||
      failed(kind = FieldParser<MatmulConfigKind>::parse(parser)))
    return {};
  MLIRContext *context = parser.getContext();
  bool isNBatch = false;
  llvm::SmallDenseSet<unsigned> seen;
  NamedAttrList overrides;
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc keyLoc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return {};
    std::optional<MatmulConfigField> field = symbolizeMatmulConfigField(key);
    if (!field)
      return parser.emitError(keyLoc, "unknown MatmulConfig field '")
                 << key << "'",
             Attribute();
    if (!seen.insert(static_cast<unsigned>(*field)).second)
      return parser.emitError(keyLoc, "duplicate '") << key << "'", Attribute();
    const MatmulConfigFieldInfo &info = getMatmulConfigFieldInfo(*field);
    FailureOr<uint64_t> value = parseConfigValue(parser, info);
    if (failed(value))
      return {};
    if (*field == MatmulConfigField::IsNBatch) {
      isNBatch = *value;
      continue;
    }
    overrides.append(info.spelling,
                     IntegerAttr::get(IntegerType::get(context, 64), *value));
  }
  if (parser.parseGreater())
    return {};
  DictionaryAttr dict =
      overrides.empty() ? DictionaryAttr() : overrides.getDictionary(context);
  return parser.getChecked<MatmulConfigAttr>(context, *kind, isNBatch, dict);
}

static void printConfigValue(AsmPrinter &printer,
                             const MatmulConfigFieldInfo &info,
                             uint64_t value) {
  if (info.kind == MatmulConfigFieldKind::Bool) {
    printer << (value ? "true" : "false");
    return;
  }
  ArrayRef<StringLiteral> enumerators = getMatmulConfigEnumSpellings(info.kind);
  if (!enumerators.empty() && value < enumerators.size()) {
    printer << enumerators[value];
    return;
  }
  printer << value;
}

void MatmulConfigAttr::print(AsmPrinter &printer) const {
  printer << '<' << stringifyMatmulConfigKind(getKind());
  if (getIsNBatch())
    printer << ", is_n_batch = true";
  for (const MatmulConfigFieldInfo &info : getMatmulConfigFields())
    if (std::optional<uint64_t> value = getOverride(info.field)) {
      printer << ", " << info.spelling << " = ";
      printConfigValue(printer, info, *value);
    }
  printer << '>';
}

LogicalResult
MatmulConfigAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         MatmulConfigKind kind, bool isNBatch,
                         DictionaryAttr overrides) {
  if (!overrides)
    return success();
  for (NamedAttribute entry : overrides) {
    StringRef key = entry.getName().getValue();
    std::optional<MatmulConfigField> field = symbolizeMatmulConfigField(key);
    if (!field)
      return emitError() << "unknown MatmulConfig field '" << key << "'";
    if (*field == MatmulConfigField::IsNBatch)
      return emitError() << "'is_n_batch' is a parameter of its own, not an "
                            "override";
    auto value = dyn_cast<IntegerAttr>(entry.getValue());
    if (!value || !value.getType().isInteger(64))
      return emitError() << "expects an i64 value for '" << key << "'";
    const MatmulConfigFieldInfo &info = getMatmulConfigFieldInfo(*field);
    if (value.getValue().getZExtValue() > getMatmulConfigFieldMax(info.kind))
      return emitError() << "'" << key << "' is at most "
                         << getMatmulConfigFieldMax(info.kind);
  }
  return success();
}

std::optional<uint64_t>
MatmulConfigAttr::getOverride(MatmulConfigField field) const {
  if (field == MatmulConfigField::IsNBatch)
    return std::nullopt;
  DictionaryAttr overrides = getOverrides();
  if (!overrides)
    return std::nullopt;
  auto value =
      overrides.getAs<IntegerAttr>(getMatmulConfigFieldInfo(field).spelling);
  if (!value)
    return std::nullopt;
  return value.getValue().getZExtValue();
}

uint64_t MatmulConfigAttr::getFieldValue(MatmulConfigField field) const {
  if (std::optional<uint64_t> value = getOverride(field))
    return *value;
  return getMatmulConfigPresetValue(getKind(), getIsNBatch(), field);
}

/// The preset a full set of values is closest to: the one whose own flag is
/// the only preset flag set, or norm.
static MatmulConfigKind choosePreset(ArrayRef<uint64_t> values) {
  auto is = [&](MatmulConfigField field) {
    return values[static_cast<unsigned>(field)] != 0;
  };
  std::pair<MatmulConfigField, MatmulConfigKind> flags[] = {
      {MatmulConfigField::DoNorm, MatmulConfigKind::Norm},
      {MatmulConfigField::DoMultiDataLoad, MatmulConfigKind::MDL},
      {MatmulConfigField::DoSpecialMDL, MatmulConfigKind::SpecialMDL},
      {MatmulConfigField::DoIBShareNorm, MatmulConfigKind::IBShareNorm},
      {MatmulConfigField::DoBasicBlock, MatmulConfigKind::Basic}};
  std::optional<MatmulConfigKind> only;
  for (auto [field, kind] : flags) {
    if (!is(field))
      continue;
    if (only)
      return MatmulConfigKind::Norm;
    only = kind;
  }
  return only.value_or(MatmulConfigKind::Norm);
}

MatmulConfigAttr
MatmulConfigAttr::getFromFieldValues(MLIRContext *context,
                                     ArrayRef<uint64_t> values) {
  assert(values.size() == getMatmulConfigFields().size() &&
         "one value per MatmulConfig field");
  MatmulConfigKind kind = choosePreset(values);
  bool isNBatch = values[static_cast<unsigned>(MatmulConfigField::IsNBatch)];
  NamedAttrList overrides;
  for (const MatmulConfigFieldInfo &info : getMatmulConfigFields()) {
    if (info.field == MatmulConfigField::IsNBatch)
      continue;
    uint64_t value = values[static_cast<unsigned>(info.field)];
    if (value == getMatmulConfigPresetValue(kind, isNBatch, info.field))
      continue;
    overrides.append(info.spelling,
                     IntegerAttr::get(IntegerType::get(context, 64), value));
  }
  DictionaryAttr dict =
      overrides.empty() ? DictionaryAttr() : overrides.getDictionary(context);
  return MatmulConfigAttr::get(context, kind, isNBatch, dict);
}

//===----------------------------------------------------------------------===//
// BlockWorkspaceAttr
//===----------------------------------------------------------------------===//

LogicalResult BlockWorkspaceAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, uint64_t bytesPerCore,
    std::optional<uint64_t> blocks, std::optional<uint64_t> baseM,
    std::optional<uint64_t> baseN) {
  // A core's slice starts where the previous one ends: GM copies need
  // 32-byte alignment (DataCopy), which also makes it a whole number of C
  // elements of any type.
  if (bytesPerCore == 0 || bytesPerCore % 32 != 0)
    return emitError() << "expects bytes_per_core to be a positive multiple "
                          "of 32 (each core's slice starts 32-byte aligned), "
                          "got "
                       << bytesPerCore;
  if (blocks.has_value() != baseM.has_value() ||
      blocks.has_value() != baseN.has_value())
    return emitError() << "expects blocks, base_m and base_n together (the "
                          "tiling the size was computed for) or none";
  if (blocks && (*blocks == 0 || *baseM == 0 || *baseN == 0))
    return emitError() << "expects blocks, base_m and base_n to be positive";
  return success();
}

std::optional<uint64_t> BlockWorkspaceAttr::getStatedBlockElements() const {
  if (!getBlocks())
    return std::nullopt;
  return *getBlocks() * *getBaseM() * *getBaseN();
}
