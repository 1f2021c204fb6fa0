//===- AscMemoryAccess.cpp - what each asc op reads and writes ------------===//
//
// The MemoryAccessOpInterface implementations and the slot updates of the
// configuring Matmul calls: the footprint of every access as the access
// itself sets it (docs/Protocol.md, "The memory model"). The declared size
// of a SetGlobalBuffer never bounds an access.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/IR/AscConstants.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::asc;

using Kind = MemoryAccess::Kind;

//===----------------------------------------------------------------------===//
// MemoryAccess
//===----------------------------------------------------------------------===//

StringRef mlir::asc::describeMatmulSlot(MatmulSlot slot) {
  switch (slot) {
  case MatmulSlot::TensorA:
    return "A";
  case MatmulSlot::TensorB:
    return "B";
  case MatmulSlot::Bias:
    return "bias";
  case MatmulSlot::QuantScales:
    return "quantisation scales";
  case MatmulSlot::Workspace:
    return "workspace";
  }
  llvm_unreachable("unknown MatmulSlot");
}

unsigned mlir::asc::getElementBitWidth(Type memoryType) {
  Type element = getTensorElementType(memoryType);
  if (!element || !element.isIntOrFloat())
    return 8;
  // i1 (bool) takes a byte in Ascend C; int4 really takes half of one.
  return element.isInteger(1) ? 8 : element.getIntOrFloatBitWidth();
}

MemoryAccess MemoryAccess::whole(Kind kind, Value memory) {
  MemoryAccess access;
  access.kind = kind;
  access.memory = memory;
  return access;
}

MemoryAccess MemoryAccess::elements(Kind kind, Value memory, Value index,
                                    std::optional<uint64_t> count) {
  MemoryAccess access = whole(kind, memory);
  access.index = index;
  bool overflowed = false;
  uint64_t bits =
      count ? llvm::SaturatingMultiply<uint64_t>(
                  *count, getElementBitWidth(memory.getType()), &overflowed)
            : 0;
  if (count && !overflowed)
    access.sizeInBits = bits;
  return access;
}

MemoryAccess MemoryAccess::bytes(Kind kind, Value memory,
                                 std::optional<uint64_t> bytes) {
  MemoryAccess access = whole(kind, memory);
  bool overflowed = false;
  uint64_t bits =
      bytes ? llvm::SaturatingMultiply<uint64_t>(*bytes, 8, &overflowed) : 0;
  if (bytes && !overflowed)
    access.sizeInBits = bits;
  return access;
}

MemoryAccess MemoryAccess::inSlot(Kind kind, Value matmul, MatmulSlot slot) {
  MemoryAccess access;
  access.kind = kind;
  access.matmul = matmul;
  access.slot = slot;
  return access;
}

MemoryAccess MemoryAccess::anyMemory(Kind kind) {
  MemoryAccess access;
  access.kind = kind;
  return access;
}

/// The value of an integer constant read as an unsigned number of `bits`
/// bits, the C++ parameter type the value is passed as (a count is a
/// uint32_t, a DataCopyParams field a uint16_t): -1 is 4294967295 elements,
/// not a small size.
static std::optional<uint64_t> getConstantUnsigned(Value value, unsigned bits) {
  APInt constant;
  if (!value || !matchConstantInt(value, constant))
    return std::nullopt;
  return constant.zextOrTrunc(64).getZExtValue() &
         (bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1);
}

/// `count` elements from the first element of `memory`.
static MemoryAccess countedAccess(Kind kind, Value memory, Value count,
                                  unsigned countBits) {
  return MemoryAccess::elements(kind, memory, /*index=*/nullptr,
                                getConstantUnsigned(count, countBits));
}

/// Every asc computing Matmul call reads its inputs and scales while it runs.
static void addMatmulInputReads(SmallVectorImpl<MemoryAccess> &accesses,
                                Value matmul) {
  for (MatmulSlot slot : {MatmulSlot::TensorA, MatmulSlot::TensorB,
                          MatmulSlot::Bias, MatmulSlot::QuantScales})
    accesses.push_back(MemoryAccess::inSlot(Kind::Read, matmul, slot));
}

/// A Matmul output: the whole block from the tensor's first element. Its
/// extent (singleCoreM rows with C's row stride, or batches apart by
/// strideC) comes from the tiling, which is not a compile-time constant, so
/// it is unbounded unless the call states it (`asc.output_elements`, which
/// asc-run checks against the elements the call really writes). Atomic
/// accumulation also reads it.
static void addMatmulOutput(SmallVectorImpl<MemoryAccess> &accesses,
                            Operation *call, Value output, bool accumulates) {
  std::optional<uint64_t> elements;
  if (auto stated = call->getAttrOfType<IntegerAttr>(
          AscDialect::getOutputElementsAttrName()))
    if (stated.getType().isSignlessInteger(64) && stated.getInt() > 0)
      elements = stated.getInt();
  if (accumulates)
    accesses.push_back(MemoryAccess::elements(Kind::Read, output,
                                              /*index=*/nullptr, elements));
  accesses.push_back(
      MemoryAccess::elements(Kind::Write, output, /*index=*/nullptr, elements));
}

//===----------------------------------------------------------------------===//
// Memory operations
//===----------------------------------------------------------------------===//

void GetTilingOp::getMemoryAccesses(SmallVectorImpl<MemoryAccess> &accesses) {
  // A TCubeTiling, at a byte offset from the pointer.
  MemoryAccess access = MemoryAccess::whole(Kind::Read, getSource());
  access.index = getOffset();
  accesses.push_back(access);
}

void GetValueOp::getMemoryAccesses(SmallVectorImpl<MemoryAccess> &accesses) {
  accesses.push_back(
      MemoryAccess::elements(Kind::Read, getTensor(), getIndex(), 1));
}

void SetValueOp::getMemoryAccesses(SmallVectorImpl<MemoryAccess> &accesses) {
  accesses.push_back(
      MemoryAccess::elements(Kind::Write, getTensor(), getIndex(), 1));
}

void QueueEnQueOp::getMemoryAccesses(SmallVectorImpl<MemoryAccess> &accesses) {
  // The queue's consumer reads the buffer from here on.
  accesses.push_back(MemoryAccess::whole(Kind::Read, getTensor()));
}

void QueueFreeTensorOp::getMemoryAccesses(
    SmallVectorImpl<MemoryAccess> &accesses) {
  // The buffer may be handed out and overwritten from here on.
  accesses.push_back(MemoryAccess::whole(Kind::Write, getTensor()));
}

/// The bytes a DataCopyParams transfer covers on one side: blockCount blocks
/// of blockLen 32-byte units, `stride` 32-byte units apart (the gap between
/// the end of one block and the start of the next).
static std::optional<uint64_t> getStridedCopyBytes(ValueRange params,
                                                   Value stride) {
  std::optional<uint64_t> blockCount = getConstantUnsigned(params[0], 16);
  std::optional<uint64_t> blockLen = getConstantUnsigned(params[1], 16);
  std::optional<uint64_t> gap = getConstantUnsigned(stride, 16);
  if (!blockCount || !blockLen || !gap)
    return std::nullopt;
  if (*blockCount == 0)
    return 0;
  // All operands fit in 16 bits: no overflow below.
  return (*blockCount * *blockLen + (*blockCount - 1) * *gap) * 32;
}

void DataCopyOp::getMemoryAccesses(SmallVectorImpl<MemoryAccess> &accesses) {
  if (Value count = getCount()) {
    accesses.push_back(countedAccess(Kind::Read, getSrc(), count, 32));
    accesses.push_back(countedAccess(Kind::Write, getDst(), count, 32));
    return;
  }
  ValueRange params = getParams();
  accesses.push_back(MemoryAccess::bytes(
      Kind::Read, getSrc(), getStridedCopyBytes(params, params[2])));
  accesses.push_back(MemoryAccess::bytes(
      Kind::Write, getDst(), getStridedCopyBytes(params, params[3])));
}

/// The element count of a vector instruction is an int32_t of the API.
static constexpr unsigned kVectorCountBits = 32;

void LeakyReluOp::getMemoryAccesses(SmallVectorImpl<MemoryAccess> &accesses) {
  accesses.push_back(
      countedAccess(Kind::Read, getSrc(), getCount(), kVectorCountBits));
  accesses.push_back(
      countedAccess(Kind::Write, getDst(), getCount(), kVectorCountBits));
}

void AddOp::getMemoryAccesses(SmallVectorImpl<MemoryAccess> &accesses) {
  for (Value source : {getLhs(), getRhs()})
    accesses.push_back(
        countedAccess(Kind::Read, source, getCount(), kVectorCountBits));
  accesses.push_back(
      countedAccess(Kind::Write, getDst(), getCount(), kVectorCountBits));
}

template <typename VectorScalarOp>
static void addVectorScalarAccesses(VectorScalarOp op,
                                    SmallVectorImpl<MemoryAccess> &accesses) {
  accesses.push_back(
      countedAccess(Kind::Read, op.getSrc(), op.getCount(), kVectorCountBits));
  accesses.push_back(
      countedAccess(Kind::Write, op.getDst(), op.getCount(), kVectorCountBits));
}

void AddsOp::getMemoryAccesses(SmallVectorImpl<MemoryAccess> &accesses) {
  addVectorScalarAccesses(*this, accesses);
}

void MulsOp::getMemoryAccesses(SmallVectorImpl<MemoryAccess> &accesses) {
  addVectorScalarAccesses(*this, accesses);
}

void DuplicateOp::getMemoryAccesses(SmallVectorImpl<MemoryAccess> &accesses) {
  accesses.push_back(
      countedAccess(Kind::Write, getDst(), getCount(), kVectorCountBits));
}

void ApiCallOp::getMemoryAccesses(SmallVectorImpl<MemoryAccess> &accesses) {
  // The API's extent is not stated: each tensor from its first element on.
  ArrayRef<int64_t> writes = getWrites();
  for (auto [index, arg] : llvm::enumerate(getArgs()))
    if (isa<GlobalTensorType, LocalTensorType>(arg.getType()))
      accesses.push_back(MemoryAccess::whole(
          llvm::is_contained(writes, static_cast<int64_t>(index)) ? Kind::Write
                                                                  : Kind::Read,
          arg));
}

//===----------------------------------------------------------------------===//
// Matmul computation
//===----------------------------------------------------------------------===//

void MatmulIterateOp::getMemoryAccesses(
    SmallVectorImpl<MemoryAccess> &accesses) {
  addMatmulInputReads(accesses, getMatmul());
  if (Value localC = getLocalCMatrix())
    addMatmulOutput(accesses, getOperation(), localC, getEnPartialSum());
  // The async form computes into the workspace set by SetWorkspace.
  if (!getSync())
    accesses.push_back(
        MemoryAccess::inSlot(Kind::Write, getMatmul(), MatmulSlot::Workspace));
}

void MatmulGetTensorCOp::getMemoryAccesses(
    SmallVectorImpl<MemoryAccess> &accesses) {
  // The cube unit may still be computing the block it hands out.
  addMatmulInputReads(accesses, getMatmul());
  for (Value dst : getDsts())
    addMatmulOutput(accesses, getOperation(), dst, getEnAtomic() != 0);
  // The async forms stage the block in the workspace; the result form
  // returns a view of it there.
  if (!getSync())
    accesses.push_back(
        MemoryAccess::inSlot(Kind::Write, getMatmul(), MatmulSlot::Workspace));
}

void MatmulIterateAllOp::getMemoryAccesses(
    SmallVectorImpl<MemoryAccess> &accesses) {
  addMatmulInputReads(accesses, getMatmul());
  addMatmulOutput(accesses, getOperation(), getC(), getEnAtomic() != 0);
}

void MatmulIterateBatchOp::getMemoryAccesses(
    SmallVectorImpl<MemoryAccess> &accesses) {
  addMatmulInputReads(accesses, getMatmul());
  addMatmulOutput(accesses, getOperation(), getC(),
                  getEnAtomic() != 0 || getEnPartialSum().value_or(false));
}

void MatmulIterateNBatchOp::getMemoryAccesses(
    SmallVectorImpl<MemoryAccess> &accesses) {
  addMatmulInputReads(accesses, getMatmul());
  accesses.push_back(
      MemoryAccess::inSlot(Kind::Write, getMatmul(), MatmulSlot::Workspace));
}

void MatmulGetBatchTensorCOp::getMemoryAccesses(
    SmallVectorImpl<MemoryAccess> &accesses) {
  accesses.push_back(
      MemoryAccess::inSlot(Kind::Read, getMatmul(), MatmulSlot::Workspace));
  if (Value dst = getDst())
    addMatmulOutput(accesses, getOperation(), dst, /*accumulates=*/false);
}

void MatmulAsyncGetTensorCOp::getMemoryAccesses(
    SmallVectorImpl<MemoryAccess> &accesses) {
  addMatmulInputReads(accesses, getMatmul());
  addMatmulOutput(accesses, getOperation(), getDst(), /*accumulates=*/false);
  accesses.push_back(
      MemoryAccess::inSlot(Kind::Write, getMatmul(), MatmulSlot::Workspace));
}

// A wait touches no memory itself: what it completes is the protocol
// analysis' business (the pending outputs become visible, the inputs free).
void MatmulWaitIterateAllOp::getMemoryAccesses(
    SmallVectorImpl<MemoryAccess> &) {}
void MatmulWaitIterateBatchOp::getMemoryAccesses(
    SmallVectorImpl<MemoryAccess> &) {}
void MatmulWaitGetTensorCOp::getMemoryAccesses(
    SmallVectorImpl<MemoryAccess> &) {}

//===----------------------------------------------------------------------===//
// Slot updates
//===----------------------------------------------------------------------===//

/// The memory behind an input operand: a tensor, or none for a scalar.
static Value getInputMemory(Value input) {
  return isa<GlobalTensorType, LocalTensorType>(input.getType()) ? input
                                                                 : Value();
}

std::optional<MatmulSlotUpdate> MatmulSetTensorAOp::getSlotUpdate() {
  return MatmulSlotUpdate{MatmulSlot::TensorA, getInputMemory(getInput())};
}

std::optional<MatmulSlotUpdate> MatmulSetTensorBOp::getSlotUpdate() {
  return MatmulSlotUpdate{MatmulSlot::TensorB, getInputMemory(getInput())};
}

std::optional<MatmulSlotUpdate> MatmulSetBiasOp::getSlotUpdate() {
  return MatmulSlotUpdate{MatmulSlot::Bias, getBias()};
}

std::optional<MatmulSlotUpdate> MatmulDisableBiasOp::getSlotUpdate() {
  return MatmulSlotUpdate{MatmulSlot::Bias, Value()};
}

std::optional<MatmulSlotUpdate> MatmulSetWorkspaceOp::getSlotUpdate() {
  return MatmulSlotUpdate{MatmulSlot::Workspace, getWorkspace()};
}

std::optional<MatmulSlotUpdate> MatmulSetQuantScalarOp::getSlotUpdate() {
  return MatmulSlotUpdate{MatmulSlot::QuantScales, Value()};
}

std::optional<MatmulSlotUpdate> MatmulSetQuantVectorOp::getSlotUpdate() {
  return MatmulSlotUpdate{MatmulSlot::QuantScales, getScales()};
}

//===----------------------------------------------------------------------===//
// Message roles that depend on operands
//===----------------------------------------------------------------------===//

MatmulMessageRole MatmulSetTensorAOp::getMessageRole() {
  return getInputMemory(getInput()) ? MatmulMessageRole::StageInputs
                                    : MatmulMessageRole::Stage;
}

MatmulMessageRole MatmulSetTensorBOp::getMessageRole() {
  return getInputMemory(getInput()) ? MatmulMessageRole::StageInputs
                                    : MatmulMessageRole::Stage;
}

MatmulMessageRole MatmulGetTensorCOp::getMessageRole() {
  return getSync() ? MatmulMessageRole::PostFetch : MatmulMessageRole::None;
}

//===----------------------------------------------------------------------===//
// Executing pipes
//===----------------------------------------------------------------------===//

// Scalar accesses and queue bookkeeping run on the scalar unit.
PipeKind GetTilingOp::getExecutingPipe() { return PipeKind::PIPE_S; }
PipeKind ApiCallOp::getExecutingPipe() { return getPipe(); }
PipeKind GetValueOp::getExecutingPipe() { return PipeKind::PIPE_S; }
PipeKind SetValueOp::getExecutingPipe() { return PipeKind::PIPE_S; }
PipeKind QueueEnQueOp::getExecutingPipe() { return PipeKind::PIPE_S; }
PipeKind QueueFreeTensorOp::getExecutingPipe() { return PipeKind::PIPE_S; }

PipeKind DataCopyOp::getExecutingPipe() {
  bool fromGlobal = isGlobalTensorType(getSrc().getType());
  bool toGlobal = isGlobalTensorType(getDst().getType());
  if (fromGlobal && !toGlobal)
    return PipeKind::PIPE_MTE2;
  if (toGlobal && !fromGlobal)
    return PipeKind::PIPE_MTE3;
  // A copy inside the unified buffer is a vector-unit copy
  // (copy_ubuf_to_ubuf); other local-to-local paths are not one pipe we
  // model.
  auto inVectorBuffer = [](Type type) {
    auto local = dyn_cast<LocalTensorType>(type);
    return local && isVectorPosition(local.getPosition());
  };
  if (inVectorBuffer(getSrc().getType()) && inVectorBuffer(getDst().getType()))
    return PipeKind::PIPE_V;
  return PipeKind::PIPE_ALL;
}
