//===- PyascToAsc.cpp - pyasc's IR to asc: types and patterns -------------===//
//
// The type conversions and the conversion patterns of --convert-pyasc-to-asc.
// The patterns assume what verifyPyascImportable (PyascToAscPass.cpp)
// checked: constant flags, known tiling fields, a representable Matmul
// configuration, one set_global_buffer per GlobalTensor.
//
//===----------------------------------------------------------------------===//

#include "asc/Conversion/PyascToAsc/PyascToAsc.h"
#include "PyascToAscPatterns.h"
#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "asc/Dialect/Asc/IR/AscTypes.h"
#include "asc/Dialect/Pyasc/IR/PyascDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/DialectConversion.h"

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
          position, *cubeFormat, type, trans, *layoutMode))) {
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
// Helpers
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

/// `value` as an integer of `width` bits (index_cast, extension or
/// truncation as needed).
static Value castInteger(OpBuilder &builder, Location loc, Value value,
                         unsigned width) {
  Type target = builder.getIntegerType(width);
  Type type = value.getType();
  if (type == target)
    return value;
  if (type.isIndex())
    return arith::IndexCastOp::create(builder, loc, target, value);
  unsigned from = type.getIntOrFloatBitWidth();
  if (from < width)
    return arith::ExtSIOp::create(builder, loc, target, value);
  return arith::TruncIOp::create(builder, loc, target, value);
}

static Value toI32(OpBuilder &builder, Location loc, Value value) {
  return castInteger(builder, loc, value, 32);
}

static Value toI64(OpBuilder &builder, Location loc, Value value) {
  return castInteger(builder, loc, value, 64);
}

namespace {

template <typename OpTy> using PyOpConversion = OpConversionPattern<OpTy>;

//===----------------------------------------------------------------------===//
// Objects and system values
//===----------------------------------------------------------------------===//

/// `ascendc.construct` of a Matmul object becomes asc.matmul.create; that of
/// a MatmulConfig nobody uses (pyasc builds one beside every Matmul type that
/// already carries it) disappears. That of DataCopyParams stays legal while
/// the data copies that use it read its fields; the pass erases it after.
struct ConstructConversion : public PyOpConversion<PyConstructOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyConstructOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (isa<PyMatmulType>(type)) {
      Type converted = getTypeConverter()->convertType(type);
      if (!converted)
        return failure();
      rewriter.replaceOpWithNewOp<MatmulCreateOp>(op, converted);
      return success();
    }
    if (isa<PyMatmulConfigType>(type)) {
      rewriter.eraseOp(op);
      return success();
    }
    if (isa<PyCubeTilingType>(type))
      return convertTiling(op, rewriter);
    return failure();
  }

  /// `TCubeTiling t(); t.M = m; ...` becomes one `asc.tiling.create(M = m,
  /// ...)` where the last member is set (the pass checked every set comes
  /// before any other use); a member set twice keeps its last value.
  LogicalResult convertTiling(PyConstructOp op,
                              ConversionPatternRewriter &rewriter) const {
    SmallVector<PySetMemberOp> sets;
    for (Operation *user : op->getUsers())
      if (auto set = dyn_cast<PySetMemberOp>(user))
        if (set.getBase() == op.getResult())
          sets.push_back(set);
    llvm::sort(sets, [](PySetMemberOp a, PySetMemberOp b) {
      return a->isBeforeInBlock(b);
    });
    SmallVector<TilingField> order;
    llvm::SmallDenseMap<TilingField, Value> values;
    for (PySetMemberOp set : sets) {
      std::optional<TilingField> field = convertTilingField(set.getField());
      if (!field || !isa<IntegerType>(set.getValue().getType()))
        return failure();
      if (!values.count(*field))
        order.push_back(*field);
      values[*field] = set.getValue();
    }
    OpBuilder::InsertionGuard guard(rewriter);
    if (!sets.empty())
      rewriter.setInsertionPoint(sets.back());
    Location loc = op.getLoc();
    SmallVector<Attribute> fields;
    SmallVector<Value> operands;
    for (TilingField field : order) {
      fields.push_back(TilingFieldAttr::get(rewriter.getContext(), field));
      operands.push_back(
          toI32(rewriter, loc, rewriter.getRemappedValue(values[field])));
    }
    Value tiling = TilingCreateOp::create(
        rewriter, loc, TilingType::get(rewriter.getContext()),
        rewriter.getArrayAttr(fields), operands);
    rewriter.replaceOp(op, tiling);
    for (PySetMemberOp set : sets)
      rewriter.eraseOp(set);
    return success();
  }
};

struct GetBlockIdxConversion : public PyOpConversion<PyGetBlockIdxOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyGetBlockIdxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value idx =
        GetBlockIdxOp::create(rewriter, op.getLoc(), rewriter.getI64Type());
    rewriter.replaceOp(op, castInteger(rewriter, op.getLoc(), idx,
                                       op.getType().getIntOrFloatBitWidth()));
    return success();
  }
};

struct GetBlockNumConversion : public PyOpConversion<PyGetBlockNumOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyGetBlockNumOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value num =
        GetBlockNumOp::create(rewriter, op.getLoc(), rewriter.getI64Type());
    rewriter.replaceOp(op, castInteger(rewriter, op.getLoc(), num,
                                       op.getType().getIntOrFloatBitWidth()));
    return success();
  }
};

/// ASCEND_IS_AIC / ASCEND_IS_AIV; in a cube-only kernel they are constants.
template <typename OpTy, typename AscOpTy, bool cubeOnlyValue>
struct CoreQueryConversion : public PyOpConversion<OpTy> {
  CoreQueryConversion(const TypeConverter &converter, MLIRContext *context,
                      bool cubeOnly)
      : PyOpConversion<OpTy>(converter, context), cubeOnly(cubeOnly) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isInteger(1))
      return failure();
    if (cubeOnly)
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(
          op, rewriter.getBoolAttr(cubeOnlyValue));
    else
      rewriter.replaceOpWithNewOp<AscOpTy>(op, rewriter.getI1Type());
    return success();
  }

  bool cubeOnly;
};

struct PipeBarrierConversion : public PyOpConversion<PyPipeBarrierOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyPipeBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<PipeKind> pipe = convertPipe(op.getPipe());
    if (!pipe)
      return failure();
    rewriter.replaceOpWithNewOp<PipeBarrierOp>(op, *pipe);
    return success();
  }
};

/// `DEFAULT_C0_SIZE` and the other constants of the API pyasc prints as
/// opaque emitc constants, by value (kernel_utils_constants.h), and the
/// integer literals pyasc prints as emitc constants (its unsigned ones).
struct OpaqueConstantConversion : public PyOpConversion<emitc::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(emitc::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<IntegerType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type)
      return failure();
    // pyasc's unsigned literals (`emitc.constant 512 : ui32`).
    if (auto literal = dyn_cast<IntegerAttr>(op.getValue())) {
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(
          op, IntegerAttr::get(type, literal.getValue()));
      return success();
    }
    std::optional<int64_t> value = getKnownApiConstant(op);
    if (!value)
      return failure();
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, rewriter.getIntegerAttr(type, *value));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

/// `GlobalTensor g; g.SetGlobalBuffer(ptr + off[, size])` becomes one value,
/// `asc.set_global_buffer %ptr[%off][, %size]` where the buffer is set,
/// which replaces the object (the pass checked that nothing uses it before).
struct GlobalTensorConversion : public PyOpConversion<PyGlobalTensorOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyGlobalTensorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    PySetGlobalBufferOp set;
    for (Operation *user : op->getUsers())
      if (auto candidate = dyn_cast<PySetGlobalBufferOp>(user))
        set = candidate;
    Type type = getTypeConverter()->convertType(op.getType());
    if (!set || !type)
      return failure();
    Location loc = set.getLoc();
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(set);
    Value buffer = set.getBuffer();
    Value offset;
    if (auto offsetOp = buffer.getDefiningOp<PyPtrOffsetOp>()) {
      buffer = offsetOp.getBase();
      if (Value dynamic = offsetOp.getDynamicOffset())
        offset = toI64(rewriter, loc, rewriter.getRemappedValue(dynamic));
      else if (std::optional<APInt> fixed = offsetOp.getStaticOffset())
        offset = arith::ConstantOp::create(
            rewriter, loc, rewriter.getI64IntegerAttr(fixed->getSExtValue()));
    }
    Value ptr = rewriter.getRemappedValue(buffer);
    if (!ptr || !isa<GmAddrType>(ptr.getType()))
      return failure();
    Value size;
    if (Value setSize = set.getSize())
      size = toI64(rewriter, loc, rewriter.getRemappedValue(setSize));
    Value tensor =
        SetGlobalBufferOp::create(rewriter, loc, type, ptr, offset, size);
    rewriter.replaceOp(op, tensor);
    rewriter.eraseOp(set);
    return success();
  }
};

/// `LocalTensor<T>(pos, addr, tileSize)`; the pass gave the result its
/// position.
struct LocalTensorV2Conversion : public PyOpConversion<PyLocalTensorV2Op> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyLocalTensorV2Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return failure();
    Location loc = op.getLoc();
    rewriter.replaceOpWithNewOp<LocalTensorCreateOp>(
        op, type, toI32(rewriter, loc, adaptor.getAddr()),
        toI32(rewriter, loc, adaptor.getTileSize()));
    return success();
  }
};

/// Pointer offsets are folded into the set_global_buffer that takes them.
struct PtrOffsetConversion : public PyOpConversion<PyPtrOffsetOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyPtrOffsetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!llvm::all_of(op->getUsers(), llvm::IsaPred<PySetGlobalBufferOp>))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

struct SubIndexConversion : public PyOpConversion<PyGlobalTensorSubIndexOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyGlobalTensorSubIndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value offset = toI64(rewriter, op.getLoc(), adaptor.getIndex());
    rewriter.replaceOpWithNewOp<SubViewOp>(op, adaptor.getTensor().getType(),
                                           adaptor.getTensor(), offset);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pipe, queues, data movement
//===----------------------------------------------------------------------===//

struct PipeConversion : public PyOpConversion<PyPipeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyPipeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<PipeCreateOp>(
        op, PipeType::get(rewriter.getContext()));
    return success();
  }
};

struct QueueConversion : public PyOpConversion<PyQueueOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyQueueOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return failure();
    rewriter.replaceOpWithNewOp<QueueCreateOp>(op, type);
    return success();
  }
};

struct InitQueueConversion : public PyOpConversion<PyPipeInitQueueOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyPipeInitQueueOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    rewriter.replaceOpWithNewOp<PipeInitBufferOp>(
        op, adaptor.getPipe(), adaptor.getQueue(),
        toI32(rewriter, loc, adaptor.getNum()),
        toI32(rewriter, loc, adaptor.getLength()));
    return success();
  }
};

/// alloc_tensor and deque_tensor, whose results carry the queue's position
/// (the pass set it before the conversion).
template <typename OpTy, typename AscOpTy>
struct QueueTensorConversion : public PyOpConversion<OpTy> {
  using PyOpConversion<OpTy>::PyOpConversion;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = this->getTypeConverter()->convertType(op.getType());
    if (!type)
      return failure();
    rewriter.replaceOpWithNewOp<AscOpTy>(op, type, adaptor.getQueue());
    return success();
  }
};

template <typename OpTy, typename AscOpTy>
struct QueueReturnConversion : public PyOpConversion<OpTy> {
  using PyOpConversion<OpTy>::PyOpConversion;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<AscOpTy>(op, adaptor.getQueue(),
                                         adaptor.getTensor());
    return success();
  }
};

/// `DataCopy(dst, src, DataCopyParams{blockCount, blockLen, srcStride,
/// dstStride})`: the params are the operands of their constructor.
struct DataCopyParamsConversion : public PyOpConversion<PyDataCopyL0Op> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyDataCopyL0Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto params = op.getParams().getDefiningOp<PyConstructOp>();
    if (!params || params.getArgs().size() != 4)
      return failure();
    SmallVector<Value> fields;
    for (Value field : params.getArgs())
      fields.push_back(
          toI32(rewriter, op.getLoc(), rewriter.getRemappedValue(field)));
    rewriter.replaceOpWithNewOp<DataCopyOp>(op, adaptor.getDst(),
                                            adaptor.getSrc(), Value(), fields);
    return success();
  }
};

struct DataCopyCountConversion : public PyOpConversion<PyDataCopyL2Op> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyDataCopyL2Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<DataCopyOp>(
        op, adaptor.getDst(), adaptor.getSrc(),
        toI32(rewriter, op.getLoc(), adaptor.getCount()), ValueRange{});
    return success();
  }
};

struct LeakyReluConversion : public PyOpConversion<PyLeakyReluL2Op> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyLeakyReluL2Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LeakyReluOp>(
        op, adaptor.getDst(), adaptor.getSrc(), adaptor.getScalar(),
        toI32(rewriter, op.getLoc(), adaptor.getCount()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Tiling
//===----------------------------------------------------------------------===//

/// `TCubeTiling tiling; CopyTiling(&tiling, tilingGM)`.
struct CopyStructConversion : public PyOpConversion<PyCopyStructOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyCopyStructOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<PyCubeTilingType>(op.getType()))
      return failure();
    rewriter.replaceOpWithNewOp<GetTilingOp>(
        op, TilingType::get(rewriter.getContext()), adaptor.getBase(), Value());
    return success();
  }
};

/// `tiling.baseM` becomes `asc.tiling.get %tiling[baseM]`.
struct MemberConversion : public PyOpConversion<PyMemberOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyMemberOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<TilingField> field = convertTilingField(op.getField());
    if (!field || !isa<TilingType>(adaptor.getBase().getType()) ||
        !isa<IntegerType>(op.getType()))
      return failure();
    Value value =
        TilingGetOp::create(rewriter, op.getLoc(), rewriter.getI32Type(),
                            adaptor.getBase(), *field);
    rewriter.replaceOp(op, castInteger(rewriter, op.getLoc(), value,
                                       op.getType().getIntOrFloatBitWidth()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Matmul
//===----------------------------------------------------------------------===//

struct RegistMatmulObjConversion : public PyOpConversion<PyRegistMatmulObjOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyRegistMatmulObjOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> tilings;
    if (adaptor.getTiling())
      tilings.push_back(adaptor.getTiling());
    if (tilings.size() == 1 && !isa<TilingType>(tilings.front().getType()))
      return failure();
    rewriter.replaceOpWithNewOp<MatmulRegisterOp>(
        op, adaptor.getPipe(), adaptor.getWorkspace(),
        ValueRange{adaptor.getMatmul()}, tilings);
    return success();
  }
};

/// A Matmul call whose operands map one to one.
template <typename OpTy, typename AscOpTy>
struct MatmulDirectConversion : public PyOpConversion<OpTy> {
  using PyOpConversion<OpTy>::PyOpConversion;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<AscOpTy>(op, TypeRange{}, adaptor.getOperands(),
                                         ArrayRef<NamedAttribute>{});
    return success();
  }
};

/// A Matmul call whose integer operands are i32 run-time values.
template <typename OpTy, typename AscOpTy>
struct MatmulI32Conversion : public PyOpConversion<OpTy> {
  using PyOpConversion<OpTy>::PyOpConversion;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> operands = {adaptor.getMatmul()};
    for (Value value : adaptor.getOperands().drop_front())
      operands.push_back(toI32(rewriter, op.getLoc(), value));
    rewriter.replaceOpWithNewOp<AscOpTy>(op, TypeRange{}, operands);
    return success();
  }
};

/// SetTensorA/B: a tensor with its transpose flag, or a scalar.
template <typename OpTy, typename AscOpTy>
struct SetTensorConversion : public PyOpConversion<OpTy> {
  using PyOpConversion<OpTy>::PyOpConversion;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    BoolAttr transpose = getConstantFlag(op.getTranspose())
                             ? rewriter.getBoolAttr(true)
                             : BoolAttr();
    AscOpTy::create(rewriter, op.getLoc(), adaptor.getMatmul(),
                    adaptor.getTensor(), transpose);
    rewriter.eraseOp(op);
    return success();
  }
};

template <typename OpTy, typename AscOpTy>
struct SetScalarConversion : public PyOpConversion<OpTy> {
  using PyOpConversion<OpTy>::PyOpConversion;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    AscOpTy::create(rewriter, op.getLoc(), adaptor.getMatmul(),
                    adaptor.getScalar(), BoolAttr());
    rewriter.eraseOp(op);
    return success();
  }
};

struct SetOrgShapeConversion : public PyOpConversion<PyMatmulSetOrgShapeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyMatmulSetOrgShapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto cast = [&](Value value) {
      return value ? toI32(rewriter, loc, value) : Value();
    };
    Value orgKc = cast(adaptor.getOrgKc());
    // SetOrgShape(orgM, orgN, orgKa, orgKb, orgKc = 0) (matmul_client.h):
    // asc spells the default pyasc's four-argument form leaves out.
    if (adaptor.getOrgKb() && !orgKc)
      orgKc = arith::ConstantOp::create(rewriter, loc,
                                        rewriter.getI32IntegerAttr(0));
    rewriter.replaceOpWithNewOp<MatmulSetOrgShapeOp>(
        op, adaptor.getMatmul(), cast(adaptor.getOrgM()),
        cast(adaptor.getOrgN()), cast(adaptor.getOrgKa()),
        cast(adaptor.getOrgKb()), orgKc);
    return success();
  }
};

struct SetWorkspaceConversion : public PyOpConversion<PyMatmulSetWorkspaceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyMatmulSetWorkspaceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (adaptor.getSize() ||
        !isa<GlobalTensorType>(adaptor.getTensor().getType()))
      return failure();
    rewriter.replaceOpWithNewOp<MatmulSetWorkspaceOp>(op, adaptor.getMatmul(),
                                                      adaptor.getTensor());
    return success();
  }
};

struct SetHF32Conversion : public PyOpConversion<PyMatmulSetHF32Op> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyMatmulSetHF32Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<MatmulSetHf32Op>(
        op, adaptor.getMatmul(), getConstantFlag(op.getEnableHF32()) != 0,
        static_cast<int32_t>(getConstantFlag(op.getTransMode())));
    return success();
  }
};

struct SetQuantScalarConversion
    : public PyOpConversion<PyMatmulSetQuantScalarOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyMatmulSetQuantScalarOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<MatmulSetQuantScalarOp>(
        op, adaptor.getMatmul(),
        toI64(rewriter, op.getLoc(), adaptor.getScalar()));
    return success();
  }
};

/// `Iterate<sync>(enPartialSum[, localC])`.
struct IterateConversion : public PyOpConversion<PyMatmulIterateOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyMatmulIterateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isInteger(1))
      return failure();
    rewriter.replaceOpWithNewOp<MatmulIterateOp>(
        op, rewriter.getI1Type(), adaptor.getMatmul(), adaptor.getLocalC(),
        getConstantFlag(op.getSync()) != 0,
        getConstantFlag(op.getEnPartialSum()) != 0);
    return success();
  }
};

/// `GetTensorC<sync>(dst[, dst2], enAtomic, enSequentialWrite)`.
struct GetTensorCConversion : public PyOpConversion<PyMatmulGetTensorCOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyMatmulGetTensorCOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> dsts = {adaptor.getTensor()};
    if (adaptor.getTensor2())
      dsts.push_back(adaptor.getTensor2());
    rewriter.replaceOpWithNewOp<MatmulGetTensorCOp>(
        op, Type(), adaptor.getMatmul(), dsts,
        getConstantFlag(op.getSync()) != 0,
        static_cast<int32_t>(getConstantFlag(op.getEnAtomic())),
        getConstantFlag(op.getEnSequentialWrite()) != 0);
    return success();
  }
};

/// `GetTensorC<sync>(enAtomic, enSequentialWrite)` returning the block.
struct GetTensorCReturnConversion
    : public PyOpConversion<PyMatmulGetTensorCReturnOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyMatmulGetTensorCReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return failure();
    rewriter.replaceOpWithNewOp<MatmulGetTensorCOp>(
        op, type, adaptor.getMatmul(), ValueRange{},
        getConstantFlag(op.getSync()) != 0,
        static_cast<int32_t>(getConstantFlag(op.getEnAtomic())),
        getConstantFlag(op.getEnSequentialWrite()) != 0);
    return success();
  }
};

/// `IterateAll<sync>(c, enAtomic, enSequentialWrite, waitIterateAll,
/// fakeMsg)`: the flags pyasc leaves out (for a local C) stay absent.
struct IterateAllConversion : public PyOpConversion<PyMatmulIterateAllOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyMatmulIterateAllOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto flag = [&](Value value) -> BoolAttr {
      return value ? rewriter.getBoolAttr(getConstantFlag(value) != 0)
                   : BoolAttr();
    };
    int64_t atomic = op.getEnAtomic() ? getConstantFlag(op.getEnAtomic()) : 0;
    MatmulIterateAllOp::create(
        rewriter, op.getLoc(), adaptor.getMatmul(), adaptor.getTensor(),
        getConstantFlag(op.getSync()) != 0, static_cast<uint32_t>(atomic),
        flag(op.getEnSequentialWrite()), flag(op.getWaitIterateAll()),
        flag(op.getFakeMsg()));
    rewriter.eraseOp(op);
    return success();
  }
};

/// `IterateBatch<sync, waitIterateBatch>(c, batchA, batchB,
/// enSequentialWrite, strideA, strideB, strideC[, enPartialSum, enAtomic])`.
struct IterateBatchConversion : public PyOpConversion<PyMatmulIterateBatchOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyMatmulIterateBatchOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto flag = [&](Value value) -> BoolAttr {
      return value ? rewriter.getBoolAttr(getConstantFlag(value) != 0)
                   : BoolAttr();
    };
    int64_t atomic = op.getEnAtomic() ? getConstantFlag(op.getEnAtomic()) : 0;
    MatmulIterateBatchOp::create(
        rewriter, loc, adaptor.getMatmul(), adaptor.getTensor(),
        toI32(rewriter, loc, adaptor.getBatchA()),
        toI32(rewriter, loc, adaptor.getBatchB()),
        toI32(rewriter, loc, adaptor.getStrideA()),
        toI32(rewriter, loc, adaptor.getStrideB()),
        toI32(rewriter, loc, adaptor.getStrideC()),
        getConstantFlag(op.getSync()) != 0, flag(op.getWaitIterateBatch()),
        getConstantFlag(op.getEnSequentialWrite()) != 0,
        flag(op.getEnPartialSum()), static_cast<uint32_t>(atomic));
    rewriter.eraseOp(op);
    return success();
  }
};

/// The cube-only IterateBatch, without batch counts.
struct IterateBatchCubeOnlyConversion
    : public PyOpConversion<PyMatmulIterateBatchCubeOnlyOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyMatmulIterateBatchCubeOnlyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MatmulIterateBatchOp::create(
        rewriter, loc, adaptor.getMatmul(), adaptor.getTensor(), Value(),
        Value(), toI32(rewriter, loc, adaptor.getStrideA()),
        toI32(rewriter, loc, adaptor.getStrideB()),
        toI32(rewriter, loc, adaptor.getStrideC()), /*sync=*/true, BoolAttr(),
        getConstantFlag(op.getEnSequentialWrite()) != 0,
        rewriter.getBoolAttr(getConstantFlag(op.getEnPartialSum()) != 0),
        static_cast<uint32_t>(getConstantFlag(op.getEnAtomic())));
    rewriter.eraseOp(op);
    return success();
  }
};

/// `IterateNBatch<sync, waitIterateBatch>(batchLoop, batchA, batchB,
/// enSequentialWrite, strideA, strideB, strideC)`.
struct IterateNBatchConversion
    : public PyOpConversion<PyMatmulIterateNBatchOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PyMatmulIterateNBatchOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MatmulIterateNBatchOp::create(
        rewriter, loc, adaptor.getMatmul(),
        toI32(rewriter, loc, adaptor.getBatchLoop()),
        toI32(rewriter, loc, adaptor.getBatchA()),
        toI32(rewriter, loc, adaptor.getBatchB()),
        toI32(rewriter, loc, adaptor.getStrideA()),
        toI32(rewriter, loc, adaptor.getStrideB()),
        toI32(rewriter, loc, adaptor.getStrideC()),
        getConstantFlag(op.getSync()) != 0,
        rewriter.getBoolAttr(getConstantFlag(op.getWaitIterateBatch()) != 0),
        getConstantFlag(op.getEnSequentialWrite()) != 0);
    rewriter.eraseOp(op);
    return success();
  }
};

/// GetBatchTensorC into a local tensor, or returning a global view.
template <typename OpTy>
struct GetBatchTensorCConversion : public PyOpConversion<OpTy> {
  using PyOpConversion<OpTy>::PyOpConversion;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType;
    Value dst;
    if constexpr (std::is_same_v<OpTy, PyMatmulGetBatchTensorCOp>) {
      resultType = this->getTypeConverter()->convertType(op.getType());
      if (!resultType)
        return failure();
    } else {
      dst = adaptor.getTensor();
    }
    auto newOp = MatmulGetBatchTensorCOp::create(
        rewriter, loc, resultType, adaptor.getMatmul(),
        toI32(rewriter, loc, adaptor.getBatchA()),
        toI32(rewriter, loc, adaptor.getBatchB()), dst,
        getConstantFlag(op.getSync()) != 0,
        getConstantFlag(op.getEnSequentialWrite()) != 0);
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }
};

} // namespace

void mlir::asc::populatePyascToAscConversionPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns, bool cubeOnly) {
  MLIRContext *context = patterns.getContext();
  patterns.add<
      ConstructConversion, GetBlockIdxConversion, GetBlockNumConversion,
      PipeBarrierConversion, OpaqueConstantConversion, GlobalTensorConversion,
      PtrOffsetConversion, SubIndexConversion, LocalTensorV2Conversion,
      PipeConversion, QueueConversion, InitQueueConversion,
      DataCopyParamsConversion, DataCopyCountConversion, LeakyReluConversion,
      CopyStructConversion, MemberConversion, RegistMatmulObjConversion,
      SetOrgShapeConversion, SetWorkspaceConversion, SetHF32Conversion,
      SetQuantScalarConversion, IterateConversion, GetTensorCConversion,
      GetTensorCReturnConversion, IterateAllConversion, IterateBatchConversion,
      IterateBatchCubeOnlyConversion, IterateNBatchConversion,
      GetBatchTensorCConversion<PyMatmulGetBatchTensorCOp>,
      GetBatchTensorCConversion<PyMatmulGetBatchTensorCLocalMemOp>>(
      typeConverter, context);
  patterns.add<CoreQueryConversion<PyAscendIsAICOp, IsAicOp, true>,
               CoreQueryConversion<PyAscendIsAIVOp, IsAivOp, false>>(
      typeConverter, context, cubeOnly);
  patterns.add<
      QueueTensorConversion<PyQueAllocTensorOp, QueueAllocTensorOp>,
      QueueTensorConversion<PyQueDequeTensorOp, QueueDeQueOp>,
      QueueReturnConversion<PyQueEnqueTensorOp, QueueEnQueOp>,
      QueueReturnConversion<PyQueFreeTensorOp, QueueFreeTensorOp>,
      SetTensorConversion<PyMatmulSetTensorAOp, MatmulSetTensorAOp>,
      SetTensorConversion<PyMatmulSetTensorBOp, MatmulSetTensorBOp>,
      SetScalarConversion<PyMatmulSetTensorAScalarOp, MatmulSetTensorAOp>,
      SetScalarConversion<PyMatmulSetTensorBScalarOp, MatmulSetTensorBOp>,
      MatmulDirectConversion<PyMatmulInitOp, MatmulInitOp>,
      MatmulDirectConversion<PyMatmulSetBiasOp, MatmulSetBiasOp>,
      MatmulDirectConversion<PyMatmulDisableBiasOp, MatmulDisableBiasOp>,
      MatmulDirectConversion<PyMatmulSetQuantVectorOp, MatmulSetQuantVectorOp>,
      MatmulDirectConversion<PyMatmulWaitIterateAllOp, MatmulWaitIterateAllOp>,
      MatmulDirectConversion<PyMatmulWaitIterateBatchOp,
                             MatmulWaitIterateBatchOp>,
      MatmulDirectConversion<PyMatmulWaitGetTensorCOp, MatmulWaitGetTensorCOp>,
      MatmulDirectConversion<PyMatmulAsyncGetTensorCOp,
                             MatmulAsyncGetTensorCOp>,
      MatmulDirectConversion<PyMatmulEndOp, MatmulEndOp>,
      MatmulI32Conversion<PyMatmulSetTailOp, MatmulSetTailOp>,
      MatmulI32Conversion<PyMatmulSetSingleShapeOp, MatmulSetSingleShapeOp>,
      MatmulI32Conversion<PyMatmulSetBatchNumOp, MatmulSetBatchNumOp>>(
      typeConverter, context);
}
