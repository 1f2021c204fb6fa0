//===- MatmulConfigFields.cpp - the fields of MatmulConfig ----------------===//
//
// The field table and the presets' values, as `tiling.h` of the Ascend C
// headers defines GetNormalConfig, GetMDLConfig, GetSpecialMDLConfig,
// GetBasicConfig and GetIBShareNormConfig.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/IR/MatmulConfigFields.h"
#include "asc/Dialect/Asc/IR/AscAttrs.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ErrorHandling.h"

using namespace mlir;
using namespace mlir::asc;

static const MatmulConfigFieldInfo fieldTable[] = {
#define ASC_MATMUL_CONFIG_FIELD(Enumerator, spelling, member, kind, init)      \
  {MatmulConfigField::Enumerator, #spelling, #member,                          \
   MatmulConfigFieldKind::kind, init},
#include "asc/Dialect/Asc/IR/MatmulConfigFields.def"
};

ArrayRef<MatmulConfigFieldInfo> mlir::asc::getMatmulConfigFields() {
  return fieldTable;
}

const MatmulConfigFieldInfo &
mlir::asc::getMatmulConfigFieldInfo(MatmulConfigField field) {
  return fieldTable[static_cast<unsigned>(field)];
}

std::optional<MatmulConfigField>
mlir::asc::symbolizeMatmulConfigField(StringRef spelling) {
  for (const MatmulConfigFieldInfo &info : fieldTable)
    if (info.spelling == spelling)
      return info.field;
  return std::nullopt;
}

ArrayRef<StringLiteral>
mlir::asc::getMatmulConfigEnumSpellings(MatmulConfigFieldKind kind) {
  static const StringLiteral batchMode[] = {"none", "batch_less_than_l1",
                                            "batch_large_than_l1",
                                            "single_large_than_l1"};
  static const StringLiteral iterateOrder[] = {"order_m", "order_n", "undef"};
  static const StringLiteral scheduleType[] = {"inner_product",
                                               "outer_product"};
  static const StringLiteral batchOutMode[] = {"single_batch", "multi_batch",
                                               "dynamic"};
  static const StringLiteral decompMode[] = {
      "decomp_none",         "decomp_2bit_to_8bit",   "decomp_3bit_to_8bit",
      "decomp_4bit_to_8bit", "decomp_16bit_to_64bit", "decomp_1bit_to_8bit",
      "decomp_1bit_to_4bit", "decomp_2bit_to_4bit",   "decomp_3bit_to_4bit"};
  switch (kind) {
  case MatmulConfigFieldKind::Bool:
  case MatmulConfigFieldKind::UInt8:
  case MatmulConfigFieldKind::UInt32:
    return {};
  case MatmulConfigFieldKind::BatchMode:
    return batchMode;
  case MatmulConfigFieldKind::IterateOrder:
    return iterateOrder;
  case MatmulConfigFieldKind::ScheduleType:
    return scheduleType;
  case MatmulConfigFieldKind::BatchOutMode:
    return batchOutMode;
  case MatmulConfigFieldKind::DecompMode:
    return decompMode;
  }
  llvm_unreachable("unknown MatmulConfigFieldKind");
}

uint64_t mlir::asc::getMatmulConfigFieldMax(MatmulConfigFieldKind kind) {
  switch (kind) {
  case MatmulConfigFieldKind::Bool:
    return 1;
  case MatmulConfigFieldKind::UInt8:
    return UINT8_MAX;
  case MatmulConfigFieldKind::UInt32:
    return UINT32_MAX;
  default:
    return getMatmulConfigEnumSpellings(kind).size() - 1;
  }
}

/// The C++ enumerators, indexed by value.
static ArrayRef<StringLiteral> getCppEnumerators(MatmulConfigFieldKind kind) {
  static const StringLiteral batchMode[] = {
      "BatchMode::NONE", "BatchMode::BATCH_LESS_THAN_L1",
      "BatchMode::BATCH_LARGE_THAN_L1", "BatchMode::SINGLE_LARGE_THAN_L1"};
  static const StringLiteral iterateOrder[] = {
      "IterateOrder::ORDER_M", "IterateOrder::ORDER_N", "IterateOrder::UNDEF"};
  static const StringLiteral scheduleType[] = {"ScheduleType::INNER_PRODUCT",
                                               "ScheduleType::OUTER_PRODUCT"};
  static const StringLiteral batchOutMode[] = {"BatchOutMode::SINGLE_BATCH",
                                               "BatchOutMode::MULTI_BATCH",
                                               "BatchOutMode::DYNAMIC"};
  static const StringLiteral decompMode[] = {
      "DecompressionMode::DECOMP_NONE",
      "DecompressionMode::DECOMP_2bitTo8bit",
      "DecompressionMode::DECOMP_3bitTo8bit",
      "DecompressionMode::DECOMP_4bitTo8bit",
      "DecompressionMode::DECOMP_16bitTo64bit",
      "DecompressionMode::DECOMP_1bitTo8bit",
      "DecompressionMode::DECOMP_1bitTo4bit",
      "DecompressionMode::DECOMP_2bitTo4bit",
      "DecompressionMode::DECOMP_3bitTo4bit"};
  switch (kind) {
  case MatmulConfigFieldKind::BatchMode:
    return batchMode;
  case MatmulConfigFieldKind::IterateOrder:
    return iterateOrder;
  case MatmulConfigFieldKind::ScheduleType:
    return scheduleType;
  case MatmulConfigFieldKind::BatchOutMode:
    return batchOutMode;
  case MatmulConfigFieldKind::DecompMode:
    return decompMode;
  default:
    return {};
  }
}

std::string mlir::asc::getMatmulConfigValueCpp(MatmulConfigFieldKind kind,
                                               uint64_t value) {
  if (kind == MatmulConfigFieldKind::Bool)
    return value ? "true" : "false";
  ArrayRef<StringLiteral> enumerators = getCppEnumerators(kind);
  if (enumerators.empty())
    return std::to_string(value);
  assert(value < enumerators.size() && "enum value out of range");
  return enumerators[value].str();
}

/// The fields a preset sets to something other than `MatmulConfig{}` gives,
/// with their values (batchLoop aside).
static std::optional<uint64_t> getPresetOverride(MatmulConfigKind kind,
                                                 MatmulConfigField field) {
  using F = MatmulConfigField;
  constexpr uint64_t batchLessThanL1 = 1;
  switch (kind) {
  case MatmulConfigKind::Norm:
    switch (field) {
    case F::DoNorm:
    case F::EnableUBReuse:
      return 1;
    case F::BatchMode:
      return batchLessThanL1;
    default:
      return std::nullopt;
    }
  case MatmulConfigKind::MDL:
    switch (field) {
    case F::DoMultiDataLoad:
    case F::EnableUBReuse:
      return 1;
    case F::EnUnitFlag:
      return 0;
    default:
      return std::nullopt;
    }
  case MatmulConfigKind::SpecialMDL:
    switch (field) {
    case F::DoSpecialMDL:
    case F::EnableUBReuse:
      return 1;
    case F::EnUnitFlag:
      return 0;
    default:
      return std::nullopt;
    }
  case MatmulConfigKind::IBShareNorm:
    switch (field) {
    case F::DoIBShareNorm:
    case F::EnableUBReuse:
      return 1;
    case F::BatchMode:
      return batchLessThanL1;
    default:
      return std::nullopt;
    }
  case MatmulConfigKind::Basic:
    switch (field) {
    case F::DoBasicBlock:
    case F::EnableUBReuse:
      return 1;
    case F::EnUnitFlag:
      return 0;
    case F::BatchMode:
      return batchLessThanL1;
    default:
      return std::nullopt;
    }
  }
  llvm_unreachable("unknown MatmulConfigKind");
}

uint64_t mlir::asc::getMatmulConfigPresetValue(MatmulConfigKind kind,
                                               bool isNBatch,
                                               MatmulConfigField field) {
  if (field == MatmulConfigField::IsNBatch)
    return isNBatch;
  if (std::optional<uint64_t> value = getPresetOverride(kind, field))
    return *value;
  return getMatmulConfigFieldInfo(field).valueInitialized;
}
