//===- MatmulConfigFields.h - the fields of MatmulConfig --------*- C++ -*-===//
//
// A table of every field of CANN's MatmulConfig (MatmulConfigFields.def): how
// #asc.matmul_config spells it, its C++ member, how its value prints, and the
// value each preset (GetNormalConfig(), GetMDLConfig(), ...) gives it.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_IR_MATMULCONFIGFIELDS_H
#define ASC_DIALECT_ASC_IR_MATMULCONFIGFIELDS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>

namespace mlir::asc {

enum class MatmulConfigKind : uint32_t;

/// One field of MatmulConfig, in the struct's declaration order.
enum class MatmulConfigField : unsigned {
#define ASC_MATMUL_CONFIG_FIELD(Enumerator, spelling, member, kind, init)      \
  Enumerator,
#include "asc/Dialect/Asc/IR/MatmulConfigFields.def"
};

/// How a field's value is printed in #asc.matmul_config and emitted in C++.
enum class MatmulConfigFieldKind {
  Bool,
  UInt8,
  UInt32,
  BatchMode,
  IterateOrder,
  ScheduleType,
  BatchOutMode,
  DecompMode,
};

struct MatmulConfigFieldInfo {
  MatmulConfigField field;
  /// The key in #asc.matmul_config (`enable_ub_reuse`).
  llvm::StringLiteral spelling;
  /// The C++ member (`enableUBReuse`).
  llvm::StringLiteral cppMember;
  MatmulConfigFieldKind kind;
  /// The value of a value-initialised `MatmulConfig{}`.
  uint64_t valueInitialized;
};

/// Every field, in declaration order.
llvm::ArrayRef<MatmulConfigFieldInfo> getMatmulConfigFields();

const MatmulConfigFieldInfo &getMatmulConfigFieldInfo(MatmulConfigField field);

/// The field spelled `spelling` in #asc.matmul_config, if any.
std::optional<MatmulConfigField>
symbolizeMatmulConfigField(llvm::StringRef spelling);

/// The keywords an enum-valued kind prints its values as, indexed by value;
/// empty for the numeric and boolean kinds.
llvm::ArrayRef<llvm::StringLiteral>
getMatmulConfigEnumSpellings(MatmulConfigFieldKind kind);

/// The largest value a field of `kind` holds.
uint64_t getMatmulConfigFieldMax(MatmulConfigFieldKind kind);

/// The value as C++ (`true`, `64`, `BatchMode::NONE`).
std::string getMatmulConfigValueCpp(MatmulConfigFieldKind kind, uint64_t value);

/// The value `kind`'s preset function gives `field` when called with its
/// default arguments but `batchLoop = isNBatch` (basic block sizes are 0).
uint64_t getMatmulConfigPresetValue(MatmulConfigKind kind, bool isNBatch,
                                    MatmulConfigField field);

} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_IR_MATMULCONFIGFIELDS_H
