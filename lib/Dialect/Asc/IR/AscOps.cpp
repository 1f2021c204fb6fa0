//===- AscOps.cpp - asc operations ----------------------------------------===//
//
// Op verifiers (rules L1-L9, L12 and L13 of the protocol spec), memory
// effects and the Matmul interface implementations.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/IR/AscOps.h"
#include "asc/Dialect/Asc/IR/AscConstants.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::asc;

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// An enum attribute spelled as its bare keyword (`pipe_all`, `baseM`) inside
/// an op, where the attribute kind is implied by the op.
template <typename EnumAttrT>
static ParseResult parseEnumKeyword(OpAsmParser &parser, EnumAttrT &attr) {
  using EnumT = decltype(std::declval<EnumAttrT>().getValue());
  FailureOr<EnumT> value = FieldParser<EnumT>::parse(parser);
  if (failed(value))
    return failure();
  attr = EnumAttrT::get(parser.getContext(), *value);
  return success();
}

template <typename EnumAttrT>
static void printEnumKeyword(OpAsmPrinter &printer, Operation *,
                             EnumAttrT attr) {
  printer << stringifyEnum(attr.getValue());
}

//===----------------------------------------------------------------------===//
// Views and buffer sources
//===----------------------------------------------------------------------===//

Value GetUserWorkspaceOp::getViewSource() { return getWorkspace(); }
Value GetUserWorkspaceOp::getViewOffset() { return Value(); }
bool GetUserWorkspaceOp::hasUnstatedFixedOffset() { return true; }

Value SetGlobalBufferOp::getViewSource() { return getPtr(); }
Value SetGlobalBufferOp::getViewOffset() { return getOffset(); }

Value SubViewOp::getViewSource() { return getSource(); }
Value SubViewOp::getViewOffset() { return getOffset(); }

BufferSource QueueAllocTensorOp::getBufferSource() {
  return {BufferSource::Kind::Allocation, getQueue()};
}

BufferSource TBufGetOp::getBufferSource() {
  return {BufferSource::Kind::WholeBuffer, getBuffer()};
}

BufferSource QueueDeQueOp::getBufferSource() {
  return {BufferSource::Kind::Dequeued, getQueue()};
}

BufferSource MatmulGetTensorCOp::getBufferSource() {
  return {BufferSource::Kind::MatmulBlock, getMatmul()};
}

BufferSource MatmulGetBatchTensorCOp::getBufferSource() {
  return {BufferSource::Kind::MatmulBlock, getMatmul()};
}

#define GET_OP_CLASSES
#include "asc/Dialect/Asc/IR/AscOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Shared checks
//===----------------------------------------------------------------------===//

using EffectList =
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>;

/// A readable name of a tensor's memory: "gm" or its TPosition.
static StringRef getPlaceName(Type tensorType) {
  if (auto local = dyn_cast<LocalTensorType>(tensorType))
    return stringifyTPosition(local.getPosition());
  return "gm";
}

/// True for a local tensor in the unified buffer (VECIN, VECOUT, VECCALC).
static bool isVectorTensor(Type type) {
  auto local = dyn_cast<LocalTensorType>(type);
  return local && isVectorPosition(local.getPosition());
}

static MatmulType getMatmulType(Value matmul) {
  return cast<MatmulType>(matmul.getType());
}

/// Element types a Matmul output may have, per call (rule L4).
enum class OutputKind { IterateAllOrGetTensorC, IterateBatch, LocalCMatrix };

static bool isAllowedOutputElementType(Type type, OutputKind kind) {
  bool isI32 = type.isSignlessInteger(32), isF32 = type.isF32();
  switch (kind) {
  case OutputKind::IterateAllOrGetTensorC:
    return isI32 || isF32 || type.isF16() || type.isSignlessInteger(8);
  case OutputKind::IterateBatch:
    return isI32 || isF32 || type.isF16();
  case OutputKind::LocalCMatrix:
    return isI32 || isF32;
  }
  llvm_unreachable("unknown OutputKind");
}

static StringRef getAllowedOutputElementTypes(OutputKind kind) {
  switch (kind) {
  case OutputKind::IterateAllOrGetTensorC:
    return "i32, f32, f16 or i8";
  case OutputKind::IterateBatch:
    return "i32, f32 or f16";
  case OutputKind::LocalCMatrix:
    return "i32 or f32";
  }
  llvm_unreachable("unknown OutputKind");
}

/// Rule L4: the output element type is allowed for the call and equals the
/// Matmul type's C element type.
static LogicalResult verifyOutputElementType(Operation *op, StringRef what,
                                             Type tensorType, Value matmul,
                                             OutputKind kind) {
  Type elementType = getTensorElementType(tensorType);
  if (!isAllowedOutputElementType(elementType, kind))
    return op->emitOpError()
           << "expects " << what << " element type to be "
           << getAllowedOutputElementTypes(kind) << ", got " << elementType;
  Type cType = getMatmulType(matmul).getCElementType();
  if (elementType != cType)
    return op->emitOpError()
           << "expects " << what << " element type " << elementType
           << " to match the Matmul C element type " << cType;
  return success();
}

/// Outputs written to local memory land in the unified buffer (rule L5: any
/// of VECIN, VECCALC, VECOUT) or in TSCM (spec section 1).
static LogicalResult verifyGlobalOrVectorOutput(Operation *op, StringRef what,
                                                Type tensorType) {
  auto local = dyn_cast<LocalTensorType>(tensorType);
  if (!local || isVectorTensor(local) || local.getPosition() == TPosition::TSCM)
    return success();
  return op->emitOpError() << "expects " << what
                           << " to be a global tensor or a vecin, vecout, "
                              "veccalc or tscm local tensor, got "
                           << getPlaceName(tensorType);
}

/// A Matmul call reads and updates its object's protocol state.
static void addObjectStateEffects(EffectList &effects, OpOperand &matmul) {
  effects.emplace_back(MemoryEffects::Read::get(), &matmul,
                       MatmulStateResource::get());
  effects.emplace_back(MemoryEffects::Write::get(), &matmul,
                       MatmulStateResource::get());
}

/// Effects every computing Matmul call shares: it reads and updates the
/// object's state, and reads the inputs recorded by set_tensor_a/b and
/// set_bias, which may be in global or local memory.
static void addComputeEffects(EffectList &effects, OpOperand &matmul) {
  addObjectStateEffects(effects, matmul);
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemoryResource::get());
  effects.emplace_back(MemoryEffects::Read::get(), LocalMemoryResource::get());
}

/// The write of a Matmul output; atomic accumulation also reads it.
static void addOutputEffects(EffectList &effects, OpOperand &output,
                             bool accumulates) {
  SideEffects::Resource *resource = getTensorResource(output.get().getType());
  if (accumulates)
    effects.emplace_back(MemoryEffects::Read::get(), &output, resource);
  effects.emplace_back(MemoryEffects::Write::get(), &output, resource);
}

/// A wait updates the object's state and makes the pending output visible:
/// it counts as the write of that output, so nothing that reads the output
/// may move above it.
static void addWaitEffects(EffectList &effects, OpOperand &matmul,
                           bool alsoLocal) {
  addObjectStateEffects(effects, matmul);
  effects.emplace_back(MemoryEffects::Write::get(),
                       GlobalMemoryResource::get());
  if (alsoLocal)
    effects.emplace_back(MemoryEffects::Write::get(),
                         LocalMemoryResource::get());
}

//===----------------------------------------------------------------------===//
// Queues
//===----------------------------------------------------------------------===//

LogicalResult mlir::asc::detail::verifyTensorAtQueuePosition(Operation *op,
                                                             Type queue,
                                                             Type tensor) {
  TPosition queuePosition = isa<TBufType>(queue)
                                ? cast<TBufType>(queue).getPosition()
                                : cast<QueueType>(queue).getPosition();
  TPosition tensorPosition = cast<LocalTensorType>(tensor).getPosition();
  if (queuePosition != tensorPosition)
    return op->emitOpError() << "expects the tensor position "
                             << stringifyTPosition(tensorPosition)
                             << " to match the queue position "
                             << stringifyTPosition(queuePosition);
  return success();
}

LogicalResult TBufGetOp::verify() {
  return detail::verifyTensorAtQueuePosition(*this, getBuffer().getType(),
                                             getTensor().getType());
}

//===----------------------------------------------------------------------===//
// TilingCreateOp
//===----------------------------------------------------------------------===//

/// `(field = %value, ...)`, the fields as their C++ member names.
ParseResult TilingCreateOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<Attribute> fields;
  SmallVector<OpAsmParser::UnresolvedOperand> values;
  auto parseField = [&]() -> ParseResult {
    FailureOr<TilingField> field = FieldParser<TilingField>::parse(parser);
    if (failed(field))
      return failure();
    fields.push_back(TilingFieldAttr::get(parser.getContext(), *field));
    return failure(parser.parseEqual() ||
                   parser.parseOperand(values.emplace_back()));
  };
  Type i32 = parser.getBuilder().getI32Type();
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Paren,
                                     parseField) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.resolveOperands(values, i32, result.operands))
    return failure();
  result.getOrAddProperties<Properties>().fields =
      parser.getBuilder().getArrayAttr(fields);
  result.addTypes(TilingType::get(parser.getContext()));
  return success();
}

void TilingCreateOp::print(OpAsmPrinter &printer) {
  printer << "(";
  llvm::interleaveComma(
      llvm::zip(getFields(), getValues()), printer, [&](auto field) {
        printer << stringifyTilingField(
                       cast<TilingFieldAttr>(std::get<0>(field)).getValue())
                << " = " << std::get<1>(field);
      });
  printer << ")";
  printer.printOptionalAttrDict((*this)->getAttrs(), {"fields"});
}

LogicalResult TilingCreateOp::verify() {
  if (getFields().size() != getValues().size())
    return emitOpError() << "expects one value per field, got "
                         << getFields().size() << " fields and "
                         << getValues().size() << " values";
  llvm::SmallDenseSet<TilingField> seen;
  for (Attribute field : getFields()) {
    TilingField value = cast<TilingFieldAttr>(field).getValue();
    if (!seen.insert(value).second)
      return emitOpError() << "sets TCubeTiling member '"
                           << stringifyTilingField(value) << "' twice";
  }
  return success();
}

Value TilingCreateOp::getFieldValue(TilingField field) {
  for (auto [name, value] : llvm::zip(getFields(), getValues()))
    if (cast<TilingFieldAttr>(name).getValue() == field)
      return value;
  return Value();
}

/// The number of TCubeTiling members (TilingField cases).
static unsigned getNumTilingFields() {
  unsigned count = 0;
  for (uint32_t i = 0; i <= getMaxEnumValForTilingField(); ++i)
    if (symbolizeTilingField(i))
      ++count;
  return count;
}

/// A create that sets every member to that member of one tiling is that
/// tiling. A create that leaves a member out sets it to zero, which the
/// tiling's member need not be, so only a create naming all of them folds.
OpFoldResult TilingCreateOp::fold(FoldAdaptor) {
  if (getFields().size() != getNumTilingFields() ||
      getValues().size() != getFields().size())
    return {};
  Value source;
  for (auto [name, value] : llvm::zip(getFields(), getValues())) {
    auto get = value.getDefiningOp<TilingGetOp>();
    if (!get || get.getField() != cast<TilingFieldAttr>(name).getValue() ||
        (source && get.getTiling() != source))
      return {};
    source = get.getTiling();
  }
  return source;
}

/// True when `value` is a constant 0, which the member has without being
/// named.
static bool isZeroField(Value value) {
  APInt constant;
  return matchConstantInt(value, constant) && constant.isZero();
}

/// The canonical form: the fields in TilingField order, those set to a
/// constant 0 left out (each field is named once, so any sort is stable).
LogicalResult TilingCreateOp::canonicalize(TilingCreateOp op,
                                           PatternRewriter &rewriter) {
  if (op.getFields().size() != op.getValues().size())
    return failure();
  SmallVector<std::pair<TilingField, Value>> fields;
  for (auto [name, value] : llvm::zip(op.getFields(), op.getValues()))
    if (!isZeroField(value))
      fields.emplace_back(cast<TilingFieldAttr>(name).getValue(), value);
  llvm::sort(fields,
             [](const auto &a, const auto &b) { return a.first < b.first; });
  bool canonical =
      fields.size() == op.getFields().size() &&
      llvm::all_of(llvm::zip(fields, op.getFields()), [](auto pair) {
        return std::get<0>(pair).first ==
               cast<TilingFieldAttr>(std::get<1>(pair)).getValue();
      });
  if (canonical)
    return failure();
  SmallVector<Attribute> names;
  SmallVector<Value> values;
  for (auto [field, value] : fields) {
    names.push_back(TilingFieldAttr::get(op.getContext(), field));
    values.push_back(value);
  }
  rewriter.modifyOpInPlace(op, [&] {
    op.setFieldsAttr(rewriter.getArrayAttr(names));
    op.getValuesMutable().assign(values);
  });
  return success();
}

//===----------------------------------------------------------------------===//
// TilingGetOp
//===----------------------------------------------------------------------===//

/// A member of a tiling built in the kernel: the value it is given, or 0.
OpFoldResult TilingGetOp::fold(FoldAdaptor) {
  auto create = getTiling().getDefiningOp<TilingCreateOp>();
  if (!create)
    return {};
  if (Value value = create.getFieldValue(getField()))
    return value;
  return IntegerAttr::get(getType(), 0);
}

//===----------------------------------------------------------------------===//
// LocalTensorCreateOp
//===----------------------------------------------------------------------===//

/// CANN's CreateTensor (kernel_tensor_impl.h) requires an address on a
/// 32-byte block (ONE_BLK_SIZE) and a non-empty length in whole blocks.
LogicalResult LocalTensorCreateOp::verify() {
  constexpr uint64_t blockBytes = 32;
  APInt addr, tileSize;
  if (matchPattern(getAddr(), m_ConstantInt(&addr)) &&
      addr.getZExtValue() % blockBytes != 0)
    return emitOpError() << "expects an address on a 32-byte block, got "
                         << addr.getZExtValue();
  if (matchPattern(getTileSize(), m_ConstantInt(&tileSize))) {
    uint64_t bits =
        tileSize.getZExtValue() * getElementBitWidth(getTensor().getType());
    if (tileSize.isZero() || bits % (blockBytes * 8) != 0)
      return emitOpError() << "expects a length of whole 32-byte blocks, got "
                           << tileSize.getZExtValue() << " elements of "
                           << getTensor().getType().getElementType();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Cross-core synchronisation
//===----------------------------------------------------------------------===//

/// A constant cross-core flag id must be one of the 16 FFTS flags (CANN's
/// CrossCoreSetFlag documentation: ids 0-15 in modes 0, 1 and 2).
static LogicalResult verifyCrossCoreFlagId(Operation *op, Value id) {
  APInt value;
  if (matchPattern(id, m_ConstantInt(&value)) &&
      (value.isNegative() || value.getSExtValue() > 15))
    return op->emitOpError()
           << "expects a flag id from 0 to 15, got " << value.getSExtValue();
  return success();
}

/// CrossCoreSetFlag fires once one pipe has drained: CANN supports
/// PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3 and PIPE_FIX, not
/// PIPE_S or PIPE_ALL (CrossCoreSetFlag(ISASI).md).
LogicalResult CrossCoreSetFlagOp::verify() {
  if (getPipe() == PipeKind::PIPE_S || getPipe() == PipeKind::PIPE_ALL)
    return emitOpError() << "expects the pipe whose work the flag publishes "
                            "(pipe_v, pipe_m, pipe_mte1, pipe_mte2, pipe_mte3 "
                            "or pipe_fix), got "
                         << stringifyPipeKind(getPipe());
  return verifyCrossCoreFlagId(*this, getId());
}

LogicalResult CrossCoreWaitFlagOp::verify() {
  return verifyCrossCoreFlagId(*this, getId());
}

bool CrossCoreSetFlagOp::publishesToOtherCores() { return true; }
bool CrossCoreSetFlagOp::waitsForOtherCores() { return false; }

bool CrossCoreWaitFlagOp::publishesToOtherCores() { return false; }
bool CrossCoreWaitFlagOp::waitsForOtherCores() { return true; }

bool SyncAllOp::publishesToOtherCores() { return true; }
bool SyncAllOp::waitsForOtherCores() { return true; }

//===----------------------------------------------------------------------===//
// DataCopyOp
//===----------------------------------------------------------------------===//

LogicalResult DataCopyOp::verify() {
  Type dstType = getDst().getType(), srcType = getSrc().getType();
  if (isGlobalTensorType(dstType) && isGlobalTensorType(srcType))
    return emitOpError("expects at least one local tensor (DataCopy does not "
                       "copy global to global memory)");
  if (getTensorElementType(dstType) != getTensorElementType(srcType))
    return emitOpError() << "expects source and destination element types to "
                            "match, got "
                         << getTensorElementType(srcType) << " and "
                         << getTensorElementType(dstType);
  bool hasCount = static_cast<bool>(getCount());
  bool hasParams = !getParams().empty();
  if (hasCount == hasParams)
    return emitOpError("expects either an element count or DataCopyParams");
  if (hasParams && getParams().size() != 4)
    return emitOpError() << "expects 4 DataCopyParams values (blockCount, "
                            "blockLen, srcStride, dstStride), got "
                         << getParams().size();
  return success();
}

void GetValueOp::getEffects(EffectList &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getTensorMutable(),
                       getTensorResource(getTensor().getType()));
}

void SetValueOp::getEffects(EffectList &effects) {
  effects.emplace_back(MemoryEffects::Write::get(), &getTensorMutable(),
                       getTensorResource(getTensor().getType()));
}

void DataCopyOp::getEffects(EffectList &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getSrcMutable(),
                       getTensorResource(getSrc().getType()));
  effects.emplace_back(MemoryEffects::Write::get(), &getDstMutable(),
                       getTensorResource(getDst().getType()));
}

//===----------------------------------------------------------------------===//
// ApiCallOp
//===----------------------------------------------------------------------===//

/// A C++ qualified name: identifiers joined by `::`.
static bool isQualifiedName(StringRef name) {
  if (name.empty())
    return false;
  SmallVector<StringRef> parts;
  name.split(parts, "::");
  return llvm::all_of(parts, [](StringRef part) {
    return !part.empty() && !llvm::isDigit(part.front()) &&
           llvm::all_of(part,
                        [](char c) { return llvm::isAlnum(c) || c == '_'; });
  });
}

LogicalResult ApiCallOp::verify() {
  if (!isQualifiedName(getCallee()))
    return emitOpError() << "expects a C++ function name as its callee, got '"
                         << getCallee() << "'";
  // What the call does is only its operands' memory: an object (a queue, a
  // Matmul object, the pipe) would hide effects the protocol follows.
  for (auto [index, arg] : llvm::enumerate(getArgs())) {
    Type type = arg.getType();
    if (!isa<GlobalTensorType, LocalTensorType, IntegerType, FloatType>(type))
      return emitOpError() << "expects tensors and scalars as operands, got "
                           << type << " at operand " << index;
  }
  for (int64_t index : getWrites()) {
    if (index < 0 || index >= static_cast<int64_t>(getArgs().size()))
      return emitOpError() << "writes operand " << index << ", but it has "
                           << getArgs().size() << " operands";
    if (!isa<GlobalTensorType, LocalTensorType>(getArgs()[index].getType()))
      return emitOpError() << "writes operand " << index
                           << ", which is not a tensor";
  }
  PipeKind pipe = getPipe();
  if (pipe != PipeKind::PIPE_S && pipe != PipeKind::PIPE_V &&
      pipe != PipeKind::PIPE_MTE2 && pipe != PipeKind::PIPE_MTE3)
    return emitOpError() << "expects the vector core's pipe_s, pipe_v, "
                            "pipe_mte2 or pipe_mte3, got "
                         << stringifyPipeKind(pipe);
  return success();
}

void ApiCallOp::getEffects(EffectList &effects) {
  ArrayRef<int64_t> writes = getWrites();
  for (auto [index, arg] : llvm::enumerate(getArgs())) {
    if (!isa<GlobalTensorType, LocalTensorType>(arg.getType()))
      continue;
    bool written = llvm::is_contained(writes, static_cast<int64_t>(index));
    effects.emplace_back(
        written
            ? static_cast<MemoryEffects::Effect *>(MemoryEffects::Write::get())
            : MemoryEffects::Read::get(),
        &getArgsMutable()[index], getTensorResource(arg.getType()));
  }
  // A call with no result that writes no tensor is made for an effect on
  // the core's state (InitSocState sets the mask and atomic mode the pipes
  // run with): it writes the pipelines, so it is never erased as dead.
  if (getNumResults() == 0 && writes.empty())
    effects.emplace_back(MemoryEffects::Write::get(), PipelineResource::get());
}

//===----------------------------------------------------------------------===//
// Matmul set-up and configuration
//===----------------------------------------------------------------------===//

/// Rule L13: `what` exists only on the cube-side Matmul object, which a mix
/// kernel does not have. Device functions are checked when lowered, where the
/// whole file's mode is known.
static LogicalResult verifyCubeOnlyCall(Operation *op, const Twine &what) {
  auto function = op->getParentOfType<FunctionOpInterface>();
  if (!function || !function->hasAttr(AscDialect::getKernelAttrName()) ||
      AscDialect::isCubeOnlyKernel(function))
    return success();
  return op->emitOpError("expects a cube-only kernel ('")
         << AscDialect::getCubeOnlyAttrName() << "'): " << what
         << " exists only on the cube-side Matmul object";
}

LogicalResult mlir::asc::detail::verifyCubeOnlyCall(Operation *op) {
  return ::verifyCubeOnlyCall(op, "the call");
}

void MatmulCreateOp::getMatmulObjectUses(
    SmallVectorImpl<MatmulObjectUse> &uses) {
  uses.push_back({getMatmul(), MatmulUseKind::Create, MatmulMessageRole::None});
}

/// REGIST_MATMUL_OBJ initialises each object; with a tiling it initialises
/// the client, which posts MMFUN_INIT of its own (MatmulClient::Init).
void MatmulRegisterOp::getMatmulObjectUses(
    SmallVectorImpl<MatmulObjectUse> &uses) {
  MatmulMessageRole role = getTilings().empty() ? MatmulMessageRole::None
                                                : MatmulMessageRole::PostOwn;
  for (Value matmul : getMatmuls())
    uses.push_back({matmul, MatmulUseKind::Initialize, role});
}

LogicalResult MatmulRegisterOp::verify() {
  size_t numObjects = getMatmuls().size();
  if (numObjects == 0)
    return emitOpError("expects at least one Matmul object");
  if (numObjects > 4)
    return emitOpError() << "expects at most 4 Matmul objects per kernel, got "
                         << numObjects;
  if (!getTilings().empty() && getTilings().size() != numObjects)
    return emitOpError() << "expects one tiling per Matmul object or none, got "
                         << getTilings().size() << " for " << numObjects
                         << " objects";
  return success();
}

/// The input of set_tensor_a/b/set_bias: a tensor whose kind (global or
/// local) matches the part's position and whose element type matches the
/// part's, or a scalar of that element type (set_bias's operand constraint
/// already excludes scalars).
/// A scalar A or B from the vector core's client (a mix kernel; device
/// functions are checked when lowered). CANN's c220 client copies the
/// scalar's bytes into the message's aAddr, for SetTensorB too
/// (MatmulClient::SetTensorA/B(SrcT), matmul_client.h); the server reads
/// aAddr as a scalar only for a SCALAR A, and a SCALAR B's from bAddr
/// (MatmulService::SetTensorA/B, matmul_server_impl.h). So a scalar A
/// needs A's format SCALAR, and a scalar B never arrives.
static LogicalResult verifyScalarInput(Operation *op, MatmulSlot slot,
                                       MatmulPartAttr part) {
  auto function = op->getParentOfType<FunctionOpInterface>();
  if (!function || !function->hasAttr(AscDialect::getKernelAttrName()) ||
      AscDialect::isCubeOnlyKernel(function))
    return success();
  if (slot == MatmulSlot::TensorB)
    return op->emitOpError()
           << "expects a tensor B in a mix kernel: CANN's vector-side "
              "client writes a scalar SetTensorB into the message's aAddr, "
              "not bAddr (MatmulClient::SetTensorB(SrcBT)), so the server "
              "never sees the scalar and A's address is overwritten";
  if (part.getFormat() != CubeFormat::SCALAR)
    return op->emitOpError()
           << "expects a tensor A in a mix kernel unless A's format is "
              "scalar: CANN's vector-side client sends a scalar SetTensorA "
              "in the message's aAddr, which the server reads as A's "
              "address for an A in format "
           << stringifyCubeFormat(part.getFormat());
  return success();
}

static LogicalResult verifyMatmulInput(Operation *op, StringRef partName,
                                       MatmulPartAttr part, Type inputType,
                                       bool hasTranspose) {
  Type elementType = getTensorElementType(inputType);
  bool isScalar = !elementType;
  if (isScalar) {
    if (hasTranspose)
      return op->emitOpError("expects no is_transpose with a scalar input");
    elementType = inputType;
  }
  if (elementType != part.getElementType())
    return op->emitOpError() << "expects input element type " << elementType
                             << " to match the Matmul " << partName
                             << " element type " << part.getElementType();
  if (isScalar)
    return success();
  if (part.isGlobal() != isGlobalTensorType(inputType))
    return op->emitOpError()
           << "expects a " << (part.isGlobal() ? "global" : "local")
           << " tensor for the " << partName << " part at "
           << stringifyTPosition(part.getPosition()) << ", got "
           << getPlaceName(inputType);
  return success();
}

LogicalResult mlir::asc::detail::verifyMatmulInput(Operation *op,
                                                   MatmulSlot slot, Type matmul,
                                                   Type input,
                                                   bool hasTranspose) {
  auto type = cast<MatmulType>(matmul);
  MatmulPartAttr part = slot == MatmulSlot::TensorA ? type.getA() : type.getB();
  if (failed(::verifyMatmulInput(op, slot == MatmulSlot::TensorA ? "A" : "B",
                                 part, input, hasTranspose)))
    return failure();
  if (getTensorElementType(input))
    return success();
  return verifyScalarInput(op, slot, part);
}

/// Whether `op` is in a kernel compiled cube-only, where the Matmul object is
/// the cube-side one.
static bool isInCubeOnlyKernel(Operation *op) {
  auto function = op->getParentOfType<FunctionOpInterface>();
  return function && function->hasAttr(AscDialect::getKernelAttrName()) &&
         AscDialect::isCubeOnlyKernel(function);
}

LogicalResult MatmulSetBiasOp::verify() {
  MatmulPartAttr bias = getMatmul().getType().getBias();
  if (!bias)
    return emitOpError("expects a Matmul type with a bias part");
  // CANN's client takes a UB bias for a GM bias part: it copies the tensor
  // to global memory for the cube (MatmulClient::SetBias(LocalTensor),
  // GetGlobalAddr; rule P6d). The cube-side object of a cube-only kernel
  // reads a GM bias part from GM only.
  auto local = dyn_cast<LocalTensorType>(getBias().getType());
  if (bias.isGlobal() && local && isVectorPosition(local.getPosition()) &&
      !isInCubeOnlyKernel(*this)) {
    if (local.getElementType() != bias.getElementType())
      return emitOpError() << "expects input element type "
                           << local.getElementType()
                           << " to match the Matmul bias element type "
                           << bias.getElementType();
    return success();
  }
  return verifyMatmulInput(*this, "bias", bias, getBias().getType(),
                           /*hasTranspose=*/false);
}

/// The server handles MMFUN_SET_USER_DEF_INFO only with enableSetDefineData
/// (MatmulService::Process; CANN's presets all enable it): otherwise it
/// drops the message and the callbacks never see the address.
LogicalResult MatmulSetUserDefInfoOp::verify() {
  MatmulConfigAttr config = getMatmul().getType().getConfig();
  if (config && !isInCubeOnlyKernel(*this) &&
      !config.getFieldValue(MatmulConfigField::EnableSetDefineData))
    return emitOpError("expects a Matmul config with enable_set_define_data "
                       "= true: without it CANN's server drops the message "
                       "SetUserDefInfo posts");
  return success();
}

LogicalResult MatmulSetOrgShapeOp::verify() {
  if (static_cast<bool>(getOrgKb()) != static_cast<bool>(getOrgKc()))
    return emitOpError("expects orgKb and orgKc together");
  return success();
}

//===----------------------------------------------------------------------===//
// MatmulIterateOp
//===----------------------------------------------------------------------===//

LogicalResult MatmulIterateOp::verify() {
  Value localC = getLocalCMatrix();
  if (!localC)
    return success();
  // Rule L5: a local C matrix is a CO1 tensor of a CO1/NZ C part.
  auto localType = cast<LocalTensorType>(localC.getType());
  if (localType.getPosition() != TPosition::CO1)
    return emitOpError() << "expects local_c_matrix to be a co1 tensor, got "
                         << stringifyTPosition(localType.getPosition());
  MatmulPartAttr c = getMatmul().getType().getC();
  if (c.getPosition() != TPosition::CO1 || c.getFormat() != CubeFormat::NZ)
    return emitOpError()
           << "expects the Matmul C part to be at co1 with format nz when "
              "local_c_matrix is given, got "
           << stringifyTPosition(c.getPosition()) << " and "
           << stringifyCubeFormat(c.getFormat());
  return verifyOutputElementType(*this, "local_c_matrix", localType,
                                 getMatmul(), OutputKind::LocalCMatrix);
}

void MatmulIterateOp::getEffects(EffectList &effects) {
  addComputeEffects(effects, getMatmulMutable());
  if (getLocalCMatrix())
    addOutputEffects(effects, getLocalCMatrixMutable()[0], getEnPartialSum());
}

StringRef MatmulIterateOp::getUnwaitableReason() {
  if (getSync())
    return "it is synchronous";
  return "its blocks are fetched with get_tensor_c, each fetch waiting for "
         "its block";
}

// GetTensorC takes every block of an Iterate, synchronous or not.
bool MatmulIterateOp::isConsumedByFetches() { return true; }

//===----------------------------------------------------------------------===//
// MatmulGetTensorCOp
//===----------------------------------------------------------------------===//

LogicalResult MatmulGetTensorCOp::verify() {
  ValueRange dsts = getDsts();
  if (dsts.size() > 2)
    return emitOpError() << "expects at most two destinations, got "
                         << dsts.size();
  if (dsts.empty()) {
    if (!getResult())
      return emitOpError("expects a destination or a result");
    // Rule L6: only the async form returns the block.
    if (getSync())
      return emitOpError(
          "expects sync = false when returning the block (no destination)");
    return verifyOutputElementType(*this, "result", getResult().getType(),
                                   getMatmul(),
                                   OutputKind::IterateAllOrGetTensorC);
  }
  if (getResult())
    return emitOpError("expects no result when given a destination");
  if (dsts.size() == 2) {
    // Rule L6: the dual form writes GM and a VECIN copy.
    if (!isGlobalTensorType(dsts[0].getType()))
      return emitOpError() << "expects the first of two destinations to be a "
                              "global tensor, got "
                           << getPlaceName(dsts[0].getType());
    auto second = dyn_cast<LocalTensorType>(dsts[1].getType());
    if (!second || second.getPosition() != TPosition::VECIN)
      return emitOpError() << "expects the second of two destinations to be a "
                              "vecin local tensor, got "
                           << getPlaceName(dsts[1].getType());
    // CANN's MatmulClient::GetTensorC(gm, co2Local) asserts a synchronous
    // fetch (Atlas A2): there is no async dual form.
    if (!getSync())
      return emitOpError("expects sync = true with two destinations (the "
                         "dual fetch has no asynchronous form)");
  }
  for (Value dst : dsts) {
    if (failed(
            verifyGlobalOrVectorOutput(*this, "destination", dst.getType())) ||
        failed(verifyOutputElementType(*this, "destination", dst.getType(),
                                       getMatmul(),
                                       OutputKind::IterateAllOrGetTensorC)))
      return failure();
  }
  return success();
}

void MatmulGetTensorCOp::getEffects(EffectList &effects) {
  addObjectStateEffects(effects, getMatmulMutable());
  for (OpOperand &dst : getDstsMutable())
    addOutputEffects(effects, dst, getEnAtomic() != 0);
  // The returned view is the block in the workspace, written by this call.
  if (Value result = getResult())
    effects.emplace_back(MemoryEffects::Write::get(), cast<OpResult>(result),
                         GlobalMemoryResource::get());
}

/// True when the fetch writes global memory: an async one is then
/// fire-and-forget.
static bool writesGlobalMemory(MatmulGetTensorCOp fetch) {
  return llvm::any_of(fetch.getDsts(), [](Value dst) {
    return isGlobalTensorType(dst.getType());
  });
}

StringRef MatmulGetTensorCOp::getUnwaitableReason() {
  if (getSync())
    return "it is synchronous";
  // An async fetch into GM is fire-and-forget: the server signals a
  // GetTensorC only when it is synchronous (MatmulService::GetTensorC), and
  // WaitGetTensorC orders only the vector pipe after a copy into local
  // memory (MatmulClient::WaitGetTensorC).
  if (writesGlobalMemory(*this))
    return "it writes global memory, for which the server sends no signal";
  return "it returns with its block in place (MatmulClient::GetTensorC "
         "waits for the block and ends its copy with "
         "SetFlag/WaitFlag<MTE2_V>): no wait is needed";
}

bool MatmulGetTensorCOp::returnsComplete() {
  return !getSync() && !writesGlobalMemory(*this);
}

//===----------------------------------------------------------------------===//
// MatmulIterateAllOp
//===----------------------------------------------------------------------===//

LogicalResult MatmulIterateAllOp::verify() {
  if (failed(verifyGlobalOrVectorOutput(*this, "output", getC().getType())) ||
      failed(verifyOutputElementType(*this, "output", getC().getType(),
                                     getMatmul(),
                                     OutputKind::IterateAllOrGetTensorC)))
    return failure();
  // Rule L2: the GM-only flags do not exist for a local output.
  if (!isGlobalTensorType(getC().getType())) {
    for (StringRef flag : {getEnSequentialWriteAttrName(),
                           getWaitIterateAllAttrName(), getFakeMsgAttrName()}) {
      if ((*this)->getAttr(flag))
        return emitOpError() << "expects no " << flag
                             << " with a local output (it only exists for a "
                                "global-memory output)";
    }
  }
  // Rule L1: only an async call can be waited on.
  if (getWaitIterateAll().value_or(false) && getSync())
    return emitOpError("expects sync = false when wait_iterate_all = true");
  return success();
}

void MatmulIterateAllOp::getEffects(EffectList &effects) {
  addComputeEffects(effects, getMatmulMutable());
  addOutputEffects(effects, getCMutable(), getEnAtomic() != 0);
}

StringRef MatmulIterateAllOp::getUnwaitableReason() {
  if (getSync())
    return "it is synchronous";
  if (!isGlobalTensorType(getC().getType()))
    return "it writes local memory";
  if (!getWaitIterateAll().value_or(false))
    return "it has no wait_iterate_all flag";
  return "";
}

bool MatmulIterateAllOp::isPromotable() {
  return getSync() && isGlobalTensorType(getC().getType());
}

void MatmulIterateAllOp::promoteToWaitable() {
  setSync(false);
  setWaitIterateAllAttr(BoolAttr::get(getContext(), true));
}

//===----------------------------------------------------------------------===//
// MatmulIterateBatchOp
//===----------------------------------------------------------------------===//

/// Strides come all three or not at all.
static LogicalResult verifyStrides(Operation *op, Value a, Value b, Value c) {
  if (static_cast<bool>(a) != static_cast<bool>(b) ||
      static_cast<bool>(a) != static_cast<bool>(c))
    return op->emitOpError("expects the three matrix strides together");
  return success();
}

LogicalResult MatmulIterateBatchOp::verify() {
  Type outputType = getC().getType();
  bool globalOutput = isGlobalTensorType(outputType);
  bool waitFlag = getWaitIterateBatch().value_or(false);
  if (failed(verifyStrides(*this, getStrideA(), getStrideB(), getStrideC())) ||
      failed(verifyGlobalOrVectorOutput(*this, "output", outputType)) ||
      failed(verifyOutputElementType(*this, "output", outputType, getMatmul(),
                                     OutputKind::IterateBatch)))
    return failure();
  if (static_cast<bool>(getBatchA()) != static_cast<bool>(getBatchB()))
    return emitOpError("expects batchA and batchB together");
  // Rule L12: in layout NONE the server has no case for the call's message
  // (MatmulService::Process serves MMFUN_ITERATE_BATCH_ALL only for another
  // A layout) and never signals, and the cube-side MatmulImpl of layout
  // NONE has no IterateBatch.
  if (getMatmulType(getMatmul()).getA().getLayout() == LayoutMode::NONE)
    return emitOpError("expects an A batch layout other than none (normal, "
                       "bsngd, sbngd or bngs1s2): in layout none CANN's "
                       "server drops the call and its client hangs");
  // Rule L7.
  if (!isMixForm()) {
    if (failed(verifyCubeOnlyCall(
            *this, "IterateBatch without batch counts (the cube-only form)")))
      return failure();
    if (!globalOutput)
      return emitOpError("expects a global output in the cube-only form "
                         "(without batch counts)");
    if (getEnSequentialWrite())
      return emitOpError(
          "expects en_sequential_write = false in the cube-only form");
  } else if (globalOutput) {
    if (getEnSequentialWrite())
      return emitOpError(
          "expects en_sequential_write = false with a global output");
  } else {
    if (!getEnSequentialWrite())
      return emitOpError(
          "expects en_sequential_write = true with a local output");
    if (!getSync())
      return emitOpError("expects sync = true with a local output");
    if (getWaitIterateBatchAttr())
      return emitOpError("expects no wait_iterate_batch with a local output");
  }
  if (waitFlag && getSync())
    return emitOpError("expects sync = false when wait_iterate_batch = true");
  return success();
}

void MatmulIterateBatchOp::getEffects(EffectList &effects) {
  addComputeEffects(effects, getMatmulMutable());
  addOutputEffects(effects, getCMutable(),
                   getEnAtomic() != 0 || getEnPartialSum().value_or(false));
}

StringRef MatmulIterateBatchOp::getUnwaitableReason() {
  if (getSync())
    return "it is synchronous";
  if (!isGlobalTensorType(getC().getType()))
    return "it writes local memory";
  if (!getWaitIterateBatch().value_or(false))
    return "it has no wait_iterate_batch flag";
  return "";
}

bool MatmulIterateBatchOp::isPromotable() {
  // Only the mix form with a GM output has an async variant (rule L7).
  return getSync() && isMixForm() && isGlobalTensorType(getC().getType());
}

void MatmulIterateBatchOp::promoteToWaitable() {
  setSync(false);
  setWaitIterateBatchAttr(BoolAttr::get(getContext(), true));
}

//===----------------------------------------------------------------------===//
// MatmulIterateNBatchOp
//===----------------------------------------------------------------------===//

/// A batch layout IterateNBatch accepts for A and B.
static bool isNBatchInputLayout(LayoutMode layout) {
  return layout == LayoutMode::BSNGD || layout == LayoutMode::SBNGD ||
         layout == LayoutMode::BNGS1S2;
}

/// Rule L12: the layouts the client's static_assert accepts, and the config
/// without which the call computes nothing.
static LogicalResult verifyNBatchType(Operation *op, MatmulType type) {
  LayoutMode a = type.getA().getLayout(), b = type.getB().getLayout();
  if (!isNBatchInputLayout(a) || !isNBatchInputLayout(b))
    return op->emitOpError("expects A and B batch layouts bsngd, sbngd or "
                           "bngs1s2, got ")
           << stringifyLayoutMode(a) << " and " << stringifyLayoutMode(b)
           << ": IterateNBatch rejects none and normal at compile time";
  LayoutMode c = type.getC().getLayout();
  if (c == LayoutMode::NONE || c == LayoutMode::NORMAL)
    return op->emitOpError("expects a C batch layout other than none or "
                           "normal, got ")
           << stringifyLayoutMode(c);
  MatmulConfigAttr config = type.getConfig();
  if (!config || !config.getIsNBatch())
    return op->emitOpError(
        "expects a Matmul config with is_n_batch = true: without it "
        "IterateNBatch returns without computing");
  return success();
}

LogicalResult MatmulIterateNBatchOp::verify() {
  if (failed(verifyStrides(*this, getStrideA(), getStrideB(), getStrideC())) ||
      failed(verifyNBatchType(*this, getMatmulType(getMatmul()))))
    return failure();
  // Rule L8.
  if (getWaitIterateBatch().value_or(false) && getSync())
    return emitOpError("expects sync = false when wait_iterate_batch = true");
  return success();
}

void MatmulIterateNBatchOp::getEffects(EffectList &effects) {
  addComputeEffects(effects, getMatmulMutable());
  // The batches land in the object's workspace, a global buffer that is not
  // an operand of this call.
  effects.emplace_back(MemoryEffects::Write::get(),
                       GlobalMemoryResource::get());
}

StringRef MatmulIterateNBatchOp::getUnwaitableReason() {
  if (getSync())
    return "it is synchronous";
  if (!getWaitIterateBatch().value_or(false))
    return "it has no wait_iterate_batch flag";
  return "";
}

// Without its wait flag, GetBatchTensorC takes the loops one by one: the
// server signals each (MatmulService::StartIterateNBatch).
bool MatmulIterateNBatchOp::isConsumedByFetches() {
  return !getSync() && !getWaitIterateBatch().value_or(false);
}

//===----------------------------------------------------------------------===//
// MatmulGetBatchTensorCOp
//===----------------------------------------------------------------------===//

LogicalResult MatmulGetBatchTensorCOp::verify() {
  // Rule L9.
  if (getSync())
    return emitOpError("expects sync = false (get_batch_tensor_c has no "
                       "synchronous form)");
  Value dst = getDst();
  if (static_cast<bool>(dst) == static_cast<bool>(getResult()))
    return emitOpError("expects either a destination or a result");
  Value output = dst ? dst : getResult();
  if (dst &&
      failed(verifyGlobalOrVectorOutput(*this, "destination", dst.getType())))
    return failure();
  return verifyOutputElementType(*this, dst ? "destination" : "result",
                                 output.getType(), getMatmul(),
                                 OutputKind::IterateBatch);
}

void MatmulGetBatchTensorCOp::getEffects(EffectList &effects) {
  addObjectStateEffects(effects, getMatmulMutable());
  // Reads the workspace the batches were computed into.
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemoryResource::get());
  if (getDst())
    addOutputEffects(effects, getDstMutable()[0], /*accumulates=*/false);
}

//===----------------------------------------------------------------------===//
// MatmulAsyncGetTensorCOp
//===----------------------------------------------------------------------===//

LogicalResult MatmulAsyncGetTensorCOp::verify() {
  if (failed(
          verifyGlobalOrVectorOutput(*this, "destination", getDst().getType())))
    return failure();
  return verifyOutputElementType(*this, "destination", getDst().getType(),
                                 getMatmul(),
                                 OutputKind::IterateAllOrGetTensorC);
}

void MatmulAsyncGetTensorCOp::getEffects(EffectList &effects) {
  addObjectStateEffects(effects, getMatmulMutable());
  addOutputEffects(effects, getDstMutable(), /*accumulates=*/false);
}

bool MatmulAsyncGetTensorCOp::isAsync() { return true; }
// Always asynchronous: nothing to change.
void MatmulAsyncGetTensorCOp::setAsync() {}
StringRef MatmulAsyncGetTensorCOp::getUnwaitableReason() { return ""; }

//===----------------------------------------------------------------------===//
// Waits
//===----------------------------------------------------------------------===//

void MatmulWaitIterateAllOp::getEffects(EffectList &effects) {
  addWaitEffects(effects, getMatmulMutable(), /*alsoLocal=*/false);
}

void MatmulWaitIterateBatchOp::getEffects(EffectList &effects) {
  addWaitEffects(effects, getMatmulMutable(), /*alsoLocal=*/false);
}

void MatmulWaitGetTensorCOp::getEffects(EffectList &effects) {
  addWaitEffects(effects, getMatmulMutable(), /*alsoLocal=*/true);
}
