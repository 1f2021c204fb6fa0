//===- TypeConversion.cpp - C++ spellings of the asc types ----------------===//
//
// The Ascend C spelling of every asc type (GM_ADDR, AscendC::GlobalTensor<T>,
// matmul::Matmul<...>, ...), the type conversions built on them, and the
// `using` aliases of the Matmul types.
//
//===----------------------------------------------------------------------===//

#include "AscToEmitCPatterns.h"
#include "asc/Conversion/AscToEmitC/AscToEmitC.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

using namespace mlir;
using namespace mlir::asc;

//===----------------------------------------------------------------------===//
// C++ spellings
//===----------------------------------------------------------------------===//

/// The Ascend C spelling of a scalar type (`half`, `int32_t`, ...), or an
/// empty string when Ascend C has none.
std::string mlir::asc::getScalarTypeName(Type type) {
  if (type.isF16())
    return "half";
  if (type.isBF16())
    return "bfloat16_t";
  if (type.isF32())
    return "float";
  auto integer = dyn_cast<IntegerType>(type);
  if (!integer || integer.isSigned())
    return "";
  unsigned width = integer.getWidth();
  if (width == 1)
    return "bool";
  if (width == 4)
    return integer.isUnsigned() ? "" : "int4b_t";
  if (!llvm::is_contained({8u, 16u, 32u, 64u}, width))
    return "";
  return (Twine(integer.isUnsigned() ? "uint" : "int") + Twine(width) + "_t")
      .str();
}

/// An enumerator spelled as its C++ name: the asc keyword in upper case.
std::string mlir::asc::getEnumeratorName(StringRef keyword) {
  return keyword.upper();
}

std::string mlir::asc::getPositionName(TPosition position) {
  return "AscendC::TPosition::" +
         getEnumeratorName(stringifyTPosition(position));
}

/// `matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half[, isTrans
/// [, LayoutMode[, IBSHARE]]]>`; trailing default arguments are left out.
static std::string getMatmulPartTypeName(MatmulPartAttr part) {
  std::string elementName = getScalarTypeName(part.getElementType());
  if (elementName.empty())
    return "";
  std::string name = "matmul::MatmulType<" +
                     getPositionName(part.getPosition()) + ", CubeFormat::" +
                     getEnumeratorName(stringifyCubeFormat(part.getFormat())) +
                     ", " + elementName;
  bool hasLayout = part.getLayout() != LayoutMode::NONE || part.getIbshare();
  if (part.getTransposed() || hasLayout)
    name += part.getTransposed() ? ", true" : ", false";
  if (hasLayout)
    name += ", LayoutMode::" +
            getEnumeratorName(stringifyLayoutMode(part.getLayout()));
  if (part.getIbshare())
    name += ", true";
  return name + ">";
}

/// The preset function a MatmulConfig starts from, or an empty string for a
/// preset whose arguments the attribute does not carry.
StringRef mlir::asc::getConfigPresetFunction(MatmulConfigKind kind) {
  switch (kind) {
  case MatmulConfigKind::Norm:
    return "GetNormalConfig";
  case MatmulConfigKind::MDL:
    return "GetMDLConfig";
  case MatmulConfigKind::SpecialMDL:
    return "GetSpecialMDLConfig";
  case MatmulConfigKind::IBShareNorm:
    return "GetIBShareNormConfig";
  case MatmulConfigKind::Basic:
    // GetBasicConfig(basicM, basicN, basicK) needs the basic block sizes.
    return "";
  }
  llvm_unreachable("unknown MatmulConfigKind");
}

/// `field = value` for every field a configuration sets, in declaration
/// order: `{enableUBReuse, false}`.
static SmallVector<std::pair<StringRef, std::string>>
getConfigAssignments(MatmulConfigAttr config) {
  SmallVector<std::pair<StringRef, std::string>> assignments;
  for (const MatmulConfigFieldInfo &info : getMatmulConfigFields())
    if (std::optional<uint64_t> value = config.getOverride(info.field))
      assignments.emplace_back(info.cppMember,
                               getMatmulConfigValueCpp(info.kind, *value));
  return assignments;
}

/// The name of the `constexpr static MatmulConfig` of a configuration. It is
/// derived from the configuration, so that two objects with different
/// configurations never collide and objects of one Matmul type (one C++
/// type) share one constant: the preset, `_NBATCH`, and for the fields set a
/// stable hash of their assignments (`MM_CFG_NORM_3F2A91C0`).
static std::string getConfigName(MatmulConfigAttr config) {
  std::string name =
      "MM_CFG_" +
      getEnumeratorName(stringifyMatmulConfigKind(config.getKind()));
  if (config.getIsNBatch())
    name += "_NBATCH";
  auto assignments = getConfigAssignments(config);
  if (assignments.empty())
    return name;
  std::string text;
  for (const auto &[member, value] : assignments)
    text += (member + "=" + value + ";").str();
  uint32_t hash = static_cast<uint32_t>(llvm::xxh3_64bits(text));
  return name + "_" + llvm::utohexstr(hash, /*LowerCase=*/false, /*Width=*/8);
}

/// `constexpr static MatmulConfig MM_CFG_NORM_NBATCH = GetNormalConfig(false,
/// true);`: the presets take (intrinsicsLimit, batchLoop, ...) first. A
/// configuration that sets fields starts from the preset in a constexpr
/// lambda and assigns them, which C++17 and every MatmulConfig (the real
/// struct and asc-run's) accept.
std::string mlir::asc::getConfigDeclaration(MatmulConfigAttr config) {
  std::string init = getConfigPresetFunction(config.getKind()).str() + "(";
  if (config.getIsNBatch())
    init += "false, true";
  init += ")";
  std::string head =
      "constexpr static MatmulConfig " + getConfigName(config) + " = ";
  auto assignments = getConfigAssignments(config);
  if (assignments.empty())
    return head + init + ";";
  std::string body = head + "[] {\n  MatmulConfig config = " + init + ";\n";
  for (const auto &[member, value] : assignments)
    body += ("  config." + member + " = " + value + ";\n").str();
  return body + "  return config;\n}();";
}

/// `matmul::Matmul<A, B, C[, Bias][, MM_CFG]>`; with a config and no bias,
/// the bias slot repeats C, its default.
std::string mlir::asc::getMatmulTypeName(MatmulType type) {
  SmallVector<MatmulPartAttr> parts = {type.getA(), type.getB(), type.getC()};
  if (type.getBias())
    parts.push_back(type.getBias());
  else if (type.getConfig())
    parts.push_back(type.getC());
  std::string name = "matmul::Matmul<";
  for (auto [index, part] : llvm::enumerate(parts)) {
    std::string partName = getMatmulPartTypeName(part);
    if (partName.empty())
      return "";
    name += (index ? ", " : "") + partName;
  }
  if (MatmulConfigAttr config = type.getConfig()) {
    if (getConfigPresetFunction(config.getKind()).empty())
      return "";
    name += ", " + getConfigName(config);
  }
  return name + ">";
}

static std::string getTensorTypeName(StringRef tensorClass, Type elementType) {
  std::string elementName = getScalarTypeName(elementType);
  if (elementName.empty())
    return "";
  return ("AscendC::" + tensorClass + "<" + elementName + ">").str();
}

//===----------------------------------------------------------------------===//
// Type conversion
//===----------------------------------------------------------------------===//

/// Ascend C objects a kernel declares once and uses in place.
bool mlir::asc::isPrintableScalarType(Type type) {
  if (isa<IntegerType>(type))
    return emitc::isSupportedIntegerType(type);
  if (isa<FloatType>(type))
    return emitc::isSupportedFloatType(type);
  return true;
}

bool mlir::asc::isAscObjectType(Type type) {
  return isa<PipeType, QueueType, TBufType, TilingType, MatmulType>(type);
}

static Type getOpaqueType(MLIRContext *context, StringRef name) {
  if (name.empty())
    return {};
  return emitc::OpaqueType::get(context, name);
}

Type mlir::asc::getObjectType(MLIRContext *context, StringRef name) {
  if (name.empty())
    return {};
  return emitc::LValueType::get(emitc::OpaqueType::get(context, name));
}

void mlir::asc::populateAscToEmitCTypeConversions(
    TypeConverter &typeConverter) {
  typeConverter.addConversion([](GmAddrType type) -> Type {
    return getOpaqueType(type.getContext(), "GM_ADDR");
  });
  typeConverter.addConversion([](GlobalTensorType type) -> Type {
    return getOpaqueType(
        type.getContext(),
        getTensorTypeName("GlobalTensor", type.getElementType()));
  });
  typeConverter.addConversion([](LocalTensorType type) -> Type {
    return getOpaqueType(
        type.getContext(),
        getTensorTypeName("LocalTensor", type.getElementType()));
  });
  typeConverter.addConversion([](PipeType type) -> Type {
    return getObjectType(type.getContext(), "AscendC::TPipe");
  });
  typeConverter.addConversion([](QueueType type) -> Type {
    std::string depth = std::to_string(type.getDepth());
    if (std::optional<TPosition> source = type.getSource())
      return getObjectType(type.getContext(),
                           "AscendC::TQueBind<" + getPositionName(*source) +
                               ", " + getPositionName(type.getPosition()) +
                               ", " + depth + ">");
    // A queue at TSCM is CANN's TSCM<TPosition::GM, depth> (TQueBind<GM,
    // TSCM, depth>), which no TQue<position> spells.
    if (type.getPosition() == TPosition::TSCM)
      return getObjectType(type.getContext(),
                           "AscendC::TSCM<" + getPositionName(TPosition::GM) +
                               ", " + depth + ">");
    return getObjectType(type.getContext(),
                         "AscendC::TQue<" +
                             getPositionName(type.getPosition()) + ", " +
                             depth + ">");
  });
  typeConverter.addConversion([](TBufType type) -> Type {
    return getObjectType(type.getContext(),
                         "AscendC::TBuf<" +
                             getPositionName(type.getPosition()) + ">");
  });
  typeConverter.addConversion([](TilingType type) -> Type {
    return getObjectType(type.getContext(), "TCubeTiling");
  });
  typeConverter.addConversion([](MatmulType type) -> Type {
    return getObjectType(type.getContext(), getMatmulTypeName(type));
  });
  typeConverter.addConversion([](Float16Type type) -> Type {
    return getOpaqueType(type.getContext(), "half");
  });
  typeConverter.addConversion([](BFloat16Type type) -> Type {
    return getOpaqueType(type.getContext(), "bfloat16_t");
  });
}

//===----------------------------------------------------------------------===//
// Matmul type aliases
//===----------------------------------------------------------------------===//

MatmulTypeAliases::MatmulTypeAliases(ModuleOp module) {
  module.walk([&](MatmulCreateOp create) {
    MatmulType type = create.getType();
    if (!getMatmulTypeName(type).empty() && !names.count(type))
      order.push_back(type);
    names.try_emplace(type);
  });
  for (auto [index, type] : llvm::enumerate(order))
    names[type] =
        order.size() == 1 ? "MatmulT" : "MatmulT" + std::to_string(index);
}

void MatmulTypeAliases::declare(ModuleOp module) const {
  OpBuilder builder(module.getContext());
  setInsertionPointAfterDeclarations(builder, module);
  for (MatmulType type : order)
    emitc::VerbatimOp::create(builder, module.getLoc(),
                              "using " + names.lookup(type) + " = " +
                                  getMatmulTypeName(type) + ";");
}
