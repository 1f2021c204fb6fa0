//===- AliasAnalysis.cpp - may-alias queries on asc tensors ---------------===//
//
// Provenance-based alias analysis for global and local tensors.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/AliasAnalysis.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::asc;

/// The constant value of an integer SSA value, if it has one.
static std::optional<int64_t> getConstantInt(Value value) {
  if (!value)
    return std::nullopt;
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return constant.getSExtValue();
  return std::nullopt;
}

/// Bytes of one element of a tensor type (i1 counts as a byte, i4 rounds up).
static int64_t getElementBytes(Type tensorType) {
  Type element = getTensorElementType(tensorType);
  unsigned bits = element ? element.getIntOrFloatBitWidth() : 8;
  return std::max<int64_t>(1, (bits + 7) / 8);
}

static std::optional<int64_t> scaled(std::optional<int64_t> count,
                                     int64_t bytes) {
  if (!count)
    return std::nullopt;
  return *count * bytes;
}

/// The root a kernel pointer derives from: the argument itself, or the
/// pointer an offsetting op (GetUserWorkspace) starts from.
static Value getPointerRoot(Value pointer, bool &offsetKnown) {
  offsetKnown = true;
  while (auto user = pointer.getDefiningOp<GetUserWorkspaceOp>()) {
    pointer = user.getWorkspace();
    offsetKnown = false;
  }
  return pointer;
}

MemoryRegion TensorAliasAnalysis::computeMemoryRegion(Value tensor) {
  MemoryRegion region;
  Type type = tensor.getType();
  if (isa<GmAddrType>(type)) {
    // A raw kernel pointer reaches anything from its root on.
    bool offsetKnown;
    region.space = MemoryRegion::Space::Global;
    region.root = getPointerRoot(tensor, offsetKnown);
    return region;
  }
  if (isa<GlobalTensorType>(type))
    region.space = MemoryRegion::Space::Global;
  else if (isa<LocalTensorType>(type))
    region.space = MemoryRegion::Space::Local;
  else
    return region;

  Operation *def = tensor.getDefiningOp();
  if (!def) {
    // A tensor argument of the kernel is its own root; tensors carried by
    // loops or blocks are unknown.
    auto argument = cast<BlockArgument>(tensor);
    if (argument.getOwner()->isEntryBlock() &&
        isa<FunctionOpInterface>(argument.getOwner()->getParentOp())) {
      region.root = tensor;
      region.offset = 0;
    }
    return region;
  }

  TypeSwitch<Operation *>(def)
      .Case([&](SetGlobalBufferOp op) {
        bool offsetKnown;
        region.root = getPointerRoot(op.getPtr(), offsetKnown);
        int64_t bytes = getElementBytes(type);
        if (offsetKnown)
          region.offset = op.getOffset()
                              ? scaled(getConstantInt(op.getOffset()), bytes)
                              : std::optional<int64_t>(0);
        region.size = scaled(getConstantInt(op.getSize()), bytes);
      })
      .Case([&](SubViewOp op) {
        region = getMemoryRegion(op.getSource());
        std::optional<int64_t> delta =
            scaled(getConstantInt(op.getOffset()), getElementBytes(type));
        region.offset = region.offset && delta
                            ? std::optional<int64_t>(*region.offset + *delta)
                            : std::nullopt;
        region.size = region.size && delta
                          ? std::optional<int64_t>(*region.size - *delta)
                          : std::nullopt;
      })
      .Case([&](QueueAllocTensorOp op) { region.root = op.getQueue(); })
      .Case([&](QueueDeQueOp op) { region.root = op.getQueue(); })
      // Views of a Matmul object's workspace.
      .Case([&](MatmulGetTensorCOp op) { region.root = op.getMatmul(); })
      .Case([&](MatmulGetBatchTensorCOp op) { region.root = op.getMatmul(); })
      .Default([&](Operation *) {});
  return region;
}

const MemoryRegion &TensorAliasAnalysis::getMemoryRegion(Value tensor) {
  auto it = regions.find(tensor);
  if (it != regions.end())
    return it->second;
  MemoryRegion region = computeMemoryRegion(tensor);
  return regions[tensor] = region;
}

/// True for a kernel argument marked asc.no_alias.
static bool isNoAliasArgument(Value root) {
  auto argument = dyn_cast_or_null<BlockArgument>(root);
  if (!argument || !argument.getOwner()->isEntryBlock())
    return false;
  auto function =
      dyn_cast<FunctionOpInterface>(argument.getOwner()->getParentOp());
  return function && function.getArgAttr(argument.getArgNumber(),
                                         AscDialect::getNoAliasAttrName());
}

/// True when the byte ranges [offset, offset + size) provably do not meet.
static bool areDisjoint(const MemoryRegion &a, const MemoryRegion &b) {
  if (!a.offset || !b.offset)
    return false;
  if (a.size && *a.offset + *a.size <= *b.offset)
    return true;
  if (b.size && *b.offset + *b.size <= *a.offset)
    return true;
  return false;
}

bool TensorAliasAnalysis::mayAlias(Value a, Value b) {
  if (a == b)
    return true;
  MemoryRegion ra = getMemoryRegion(a), rb = getMemoryRegion(b);
  if (ra.space == MemoryRegion::Space::Unknown ||
      rb.space == MemoryRegion::Space::Unknown)
    return true;
  if (ra.space != rb.space)
    return false;
  if (!ra.root || !rb.root)
    return true;
  if (ra.root == rb.root)
    return !areDisjoint(ra, rb);
  // Distinct roots.
  if (ra.space == MemoryRegion::Space::Local)
    return !(isa<QueueType>(ra.root.getType()) &&
             isa<QueueType>(rb.root.getType())); // Queues never share buffers.
  return !isNoAliasArgument(ra.root) && !isNoAliasArgument(rb.root);
}
