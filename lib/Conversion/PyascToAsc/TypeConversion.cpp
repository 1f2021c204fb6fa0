//===- TypeConversion.cpp - pyasc's types and values in asc ---------------===//
//
// The facts of pyasc's encoding (its GM address space, its enumerator
// numbering, its MatmulConfig and Matmul types, the API constants it prints
// opaquely), the type converter of --convert-pyasc-to-asc, and the value
// helpers the patterns share (constant flags, integer casts).
//
//===----------------------------------------------------------------------===//

#include "PyascToAscPatterns.h"
#include "asc/Conversion/PyascToAsc/PyascToAsc.h"
#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::asc;
using namespace mlir::asc::pyasc;

//===----------------------------------------------------------------------===//
// Facts of pyasc's encoding
//===----------------------------------------------------------------------===//

bool mlir::asc::pyasc::isGlobalMemRef(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref)
    return false;
  auto space = dyn_cast_or_null<IntegerAttr>(memref.getMemorySpace());
  return space && space.getInt() == kGlobalAddressSpace;
}

std::optional<LayoutMode> mlir::asc::pyasc::convertLayout(int64_t value) {
  // pyasc numbers LayoutMode NONE, NORMAL, BSNGD, SBNGD, BNGS1S2.
  switch (value) {
  case 0:
    return LayoutMode::NONE;
  case 1:
    return LayoutMode::NORMAL;
  case 2:
    return LayoutMode::BSNGD;
  case 3:
    return LayoutMode::SBNGD;
  case 4:
    return LayoutMode::BNGS1S2;
  default:
    return std::nullopt;
  }
}

std::optional<PipeKind> mlir::asc::pyasc::convertPipe(PyPipeKind pipe) {
  switch (pipe) {
  case PyPipeKind::PIPE_S:
    return PipeKind::PIPE_S;
  case PyPipeKind::PIPE_V:
    return PipeKind::PIPE_V;
  case PyPipeKind::PIPE_M:
    return PipeKind::PIPE_M;
  case PyPipeKind::PIPE_MTE1:
    return PipeKind::PIPE_MTE1;
  case PyPipeKind::PIPE_MTE2:
    return PipeKind::PIPE_MTE2;
  case PyPipeKind::PIPE_MTE3:
    return PipeKind::PIPE_MTE3;
  case PyPipeKind::PIPE_ALL:
    return PipeKind::PIPE_ALL;
  case PyPipeKind::PIPE_FIX:
    return PipeKind::PIPE_FIX;
  default:
    return std::nullopt;
  }
}

std::optional<TilingField>
mlir::asc::pyasc::convertTilingField(StringRef name) {
  // pyasc's TCubeTiling members are named as the C++ ones.
  return symbolizeTilingField(name);
}

FailureOr<MatmulConfigAttr>
mlir::asc::pyasc::convertMatmulConfig(PyMatmulConfigAttr config,
                                      std::string *problem) {
  auto fail = [&](const Twine &why) -> FailureOr<MatmulConfigAttr> {
    if (problem)
      *problem = why.str();
    return failure();
  };
  SmallVector<uint64_t> values;
  for (const MatmulConfigFieldInfo &info : getMatmulConfigFields())
    values.push_back(info.valueInitialized);
  for (NamedAttribute field : config.getFields()) {
    StringRef name = field.getName().getValue();
    std::optional<MatmulConfigField> known = symbolizeMatmulConfigField(name);
    if (!known)
      return fail("MatmulConfig field '" + name + "' has no counterpart in " +
                  "#asc.matmul_config");
    const MatmulConfigFieldInfo &info = getMatmulConfigFieldInfo(*known);
    int64_t value;
    if (auto boolean = dyn_cast<BoolAttr>(field.getValue()))
      value = boolean.getValue();
    else
      value = cast<IntegerAttr>(field.getValue()).getInt();
    if (value < 0 ||
        static_cast<uint64_t>(value) > getMatmulConfigFieldMax(info.kind))
      return fail("MatmulConfig field '" + name + "' = " + Twine(value) +
                  " is out of range (at most " +
                  Twine(getMatmulConfigFieldMax(info.kind)) + ")");
    values[static_cast<unsigned>(*known)] = value;
  }
  return MatmulConfigAttr::getFromFieldValues(config.getContext(), values);
}

static std::string typeToString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

/// The asc part of one pyasc Matmul part, or null with `problem` set.
static MatmulPartAttr convertPart(MLIRContext *context, StringRef which,
                                  TPosition position, int64_t format, Type type,
                                  bool trans, int64_t layout,
                                  std::string *problem) {
  std::optional<CubeFormat> cubeFormat =
      format >= 0 ? symbolizeCubeFormat(static_cast<uint32_t>(format))
                  : std::nullopt;
  std::optional<LayoutMode> layoutMode = convertLayout(layout);
  if (!cubeFormat || !layoutMode) {
    if (problem)
      *problem = ("the " + which + " part's " +
                  (cubeFormat ? "layout " + Twine(layout)
                              : "format " + Twine(format)) +
                  " is no CubeFormat/LayoutMode pyasc prints")
                     .str();
    return {};
  }
  auto emitError = [&]() { return mlir::emitError(UnknownLoc::get(context)); };
  if (failed(MatmulPartAttr::verify(
          [&]() -> InFlightDiagnostic {
            // Swallow: the caller reports the problem on the op.
            InFlightDiagnostic diag = emitError();
            diag.abandon();
            return diag;
          },
          position, *cubeFormat, type, trans, *layoutMode,
          /*ibshare=*/false))) {
    if (problem)
      *problem =
          ("the " + which + " part's element type " +
           Twine(typeToString(type)) + " is no Matmul element type of asc")
              .str();
    return {};
  }
  return MatmulPartAttr::get(context, position, *cubeFormat, type, trans,
                             *layoutMode);
}

MatmulType mlir::asc::pyasc::convertMatmulType(PyMatmulType type,
                                               std::string *problem) {
  MLIRContext *context = type.getContext();
  MatmulPartAttr a = convertPart(context, "A", type.getPositionA(),
                                 type.getFormatA(), type.getTypeA(),
                                 type.getTransA(), type.getLayoutA(), problem);
  MatmulPartAttr b =
      a ? convertPart(context, "B", type.getPositionB(), type.getFormatB(),
                      type.getTypeB(), type.getTransB(), type.getLayoutB(),
                      problem)
        : MatmulPartAttr();
  MatmulPartAttr c =
      b ? convertPart(context, "C", type.getPositionC(), type.getFormatC(),
                      type.getTypeC(), type.getTransC(), type.getLayoutC(),
                      problem)
        : MatmulPartAttr();
  MatmulPartAttr bias =
      c ? convertPart(context, "Bias", type.getPositionBias(),
                      type.getFormatBias(), type.getTypeBias(), false,
                      /*NONE*/ 0, problem)
        : MatmulPartAttr();
  if (!bias)
    return {};
  FailureOr<MatmulConfigAttr> config =
      convertMatmulConfig(type.getConfig(), problem);
  if (failed(config))
    return {};
  // pyasc always names the bias part (C's position, format and type when
  // the kernel gives none, matmul::Matmul's default): so does asc.
  return MatmulType::get(context, a, b, c, bias, *config);
}

std::optional<int64_t>
mlir::asc::pyasc::getKnownApiConstant(emitc::ConstantOp op) {
  auto opaque = dyn_cast<emitc::OpaqueAttr>(op.getValue());
  if (!opaque)
    return std::nullopt;
  // kernel_utils_constants.h: const int32_t DEFAULT_C0_SIZE = 32; and for
  // Atlas A2 (__NPU_ARCH__ 2201), the chip asc targets, TOTAL_L1_SIZE =
  // 512 * 1024 - KFC_L1_RESERVER_SIZE (128) and TOTAL_L0C_SIZE = 128 * 1024.
  return llvm::StringSwitch<std::optional<int64_t>>(opaque.getValue())
      .Cases({"::AscendC::DEFAULT_C0_SIZE", "AscendC::DEFAULT_C0_SIZE"}, 32)
      .Cases({"::AscendC::TOTAL_L1_SIZE", "AscendC::TOTAL_L1_SIZE"},
             512 * 1024 - 128)
      .Cases({"::AscendC::TOTAL_L0C_SIZE", "AscendC::TOTAL_L0C_SIZE"},
             128 * 1024)
      .Default(std::nullopt);
}

//===----------------------------------------------------------------------===//
// Type conversions
//===----------------------------------------------------------------------===//

void mlir::asc::populatePyascToAscTypeConversions(
    TypeConverter &typeConverter) {
  // Scalars, and the asc types the conversion produces, stay.
  typeConverter.addConversion([](Type type) -> std::optional<Type> {
    if (type.isIntOrIndexOrFloat() || isa<AscDialect>(type.getDialect()))
      return type;
    return std::nullopt;
  });
  // asc's integers are signless: pyasc's unsigned scalars (the `ui32`
  // operands of its API calls, its `emitc.constant` literals) keep their
  // width.
  typeConverter.addConversion([](IntegerType type) -> std::optional<Type> {
    if (type.isSignless())
      return type;
    return IntegerType::get(type.getContext(), type.getWidth());
  });
  typeConverter.addConversion([](MemRefType type) -> std::optional<Type> {
    if (isGlobalMemRef(type))
      return GmAddrType::get(type.getContext());
    return std::nullopt;
  });
  typeConverter.addConversion([](PyGlobalTensorType type) -> Type {
    return GlobalTensorType::get(type.getContext(), type.getElementType());
  });
  typeConverter.addConversion(
      [](PyLocalTensorType type) -> std::optional<Type> {
        if (!type.getPosition())
          return std::nullopt;
        return LocalTensorType::get(type.getContext(),
                                    type.getPosition().getValue(),
                                    type.getElementType());
      });
  typeConverter.addConversion(
      [](PyPipeType type) -> Type { return PipeType::get(type.getContext()); });
  // DataCopyParams have no asc type: the data copies read the fields of
  // their constructor, which stays until the pass erases it.
  typeConverter.addConversion([](PyDataCopyParamsType type) { return type; });
  typeConverter.addConversion([](PyQueueType type) -> Type {
    return QueueType::get(type.getContext(), type.getPosition(),
                          type.getDepth());
  });
  typeConverter.addConversion([](PyCubeTilingType type) -> Type {
    return TilingType::get(type.getContext());
  });
  typeConverter.addConversion([](PyMatmulType type) -> std::optional<Type> {
    if (MatmulType converted = convertMatmulType(type, nullptr))
      return converted;
    return std::nullopt;
  });
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

int64_t mlir::asc::pyasc::getConstantFlag(Value value) {
  APInt constant;
  bool matched = matchPattern(value, m_ConstantInt(&constant));
  assert(matched && "verifyPyascImportable checked the flag is a constant");
  (void)matched;
  return constant.getBitWidth() == 1 ? constant.getZExtValue()
                                     : constant.getSExtValue();
}

bool mlir::asc::pyasc::isConstantFlag(Value value) {
  return matchPattern(value, m_Constant());
}

Value mlir::asc::pyasc::castInteger(OpBuilder &builder, Location loc,
                                    Value value, unsigned width) {
  Type target = builder.getIntegerType(width);
  Type type = value.getType();
  if (type == target)
    return value;
  // pyasc's C++ spells index as uint32_t: wider, it is zero-extended.
  if (type.isIndex() && width > 32)
    return arith::ExtUIOp::create(
        builder, loc, target,
        arith::IndexCastOp::create(builder, loc, builder.getI32Type(), value));
  if (type.isIndex())
    return arith::IndexCastOp::create(builder, loc, target, value);
  unsigned from = type.getIntOrFloatBitWidth();
  if (from < width)
    return arith::ExtSIOp::create(builder, loc, target, value);
  return arith::TruncIOp::create(builder, loc, target, value);
}
