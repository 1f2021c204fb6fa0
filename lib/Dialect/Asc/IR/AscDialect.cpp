//===- AscDialect.cpp - asc dialect ---------------------------------------===//
//
// Dialect registration and the verification of asc discardable attributes.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::asc;

#include "asc/Dialect/Asc/IR/AscDialect.cpp.inc"

namespace {
/// Prints Matmul types under short aliases (`!matmul`, `!matmul1`, ...): their
/// full spelling repeats on every Matmul op.
struct AscOpAsmDialectInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Type type, raw_ostream &os) const override {
    if (isa<MatmulType>(type)) {
      os << "matmul";
      return AliasResult::FinalAlias;
    }
    return AliasResult::NoAlias;
  }
};
} // namespace

void AscDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "asc/Dialect/Asc/IR/AscOps.cpp.inc"
      >();
  addInterfaces<AscOpAsmDialectInterface>();
}

/// The constants asc folds produce (a tiling field's zero) as arith.constant.
Operation *AscDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                           Type type, Location loc) {
  auto integer = dyn_cast<IntegerAttr>(value);
  if (!integer || integer.getType() != type || !isa<IntegerType>(type))
    return nullptr;
  return arith::ConstantOp::create(builder, loc, type, integer);
}

//===----------------------------------------------------------------------===//
// Kernels (rules L11 and L14)
//===----------------------------------------------------------------------===//

bool AscDialect::isCubeOnlyKernel(Operation *op) {
  return op && op->hasAttr(getKernelAttrName()) &&
         op->hasAttr(getCubeOnlyAttrName());
}

bool AscDialect::usesCubeSideMatmulObjects(Operation *function) {
  Operation *module = function->getParentOp();
  if (!module || module->getNumRegions() != 1 || module->getRegion(0).empty())
    return isCubeOnlyKernel(function);
  return llvm::any_of(module->getRegion(0).front(),
                      [](Operation &op) { return isCubeOnlyKernel(&op); });
}

/// Why a kernel cannot take an argument of `type`, or an empty string when it
/// can: the host passes GM_ADDR pointers and scalars only.
static StringRef getKernelArgumentProblem(Type type) {
  if (isa<GmAddrType>(type) || type.isIntOrFloat())
    return "";
  if (isa<GlobalTensorType>(type))
    return "the host passes GM_ADDR pointers; make the tensor in the kernel "
           "with asc.set_global_buffer";
  if (isa<LocalTensorType>(type))
    return "a local tensor lives in the core's on-chip buffer, which the "
           "host cannot reach";
  if (isa<TilingType>(type))
    return "pass the tiling's GM_ADDR and copy it with asc.get_tiling";
  if (isa<PipeType, QueueType, MatmulType>(type))
    return "pipes, queues and Matmul objects are declared inside the kernel";
  return "the host passes GM_ADDR pointers and scalars only";
}

/// `asc.block_workspace` on argument `index`: on the workspace argument,
/// and, where it states the tiling it was sized for, big enough for
/// blocks x baseM x baseN elements of every Matmul object's C.
static LogicalResult verifyBlockWorkspace(FunctionOpInterface kernel,
                                          unsigned index) {
  Attribute attr =
      kernel.getArgAttr(index, AscDialect::getBlockWorkspaceAttrName());
  if (!attr)
    return success();
  auto workspace = dyn_cast<BlockWorkspaceAttr>(attr);
  if (!workspace)
    return kernel->emitOpError()
           << "expects '" << AscDialect::getBlockWorkspaceAttrName()
           << "' on kernel argument #" << index
           << " to be a #asc.block_workspace<...>, got " << attr;
  if (!kernel.getArgAttr(index, AscDialect::getWorkspaceAttrName()))
    return kernel->emitOpError()
           << "expects '" << AscDialect::getBlockWorkspaceAttrName()
           << "' on the kernel's '" << AscDialect::getWorkspaceAttrName()
           << "' argument, got it on argument #" << index;
  std::optional<uint64_t> elements = workspace.getStatedBlockElements();
  if (!elements || kernel.isExternal())
    return success();
  LogicalResult result = success();
  kernel->walk([&](MatmulCreateOp create) {
    auto type = dyn_cast<MatmulType>(create.getMatmul().getType());
    if (!type)
      return WalkResult::advance();
    uint64_t bytes = (type.getCElementType().getIntOrFloatBitWidth() + 7) / 8;
    uint64_t needed = *elements * bytes;
    if (needed <= workspace.getBytesPerCore())
      return WalkResult::advance();
    InFlightDiagnostic diag = kernel->emitOpError();
    diag << "expects '" << AscDialect::getBlockWorkspaceAttrName()
         << "' to hold blocks x baseM x baseN x sizeof(C) = "
         << *workspace.getBlocks() << " x " << *workspace.getBaseM() << " x "
         << *workspace.getBaseN() << " x " << bytes << " = " << needed
         << " bytes per core for the blocks of an async Iterate, got "
         << workspace.getBytesPerCore();
    diag.attachNote(create.getLoc())
        << "the Matmul object whose C is " << type.getCElementType();
    result = failure();
    return WalkResult::interrupt();
  });
  return result;
}

/// Rule L14: a kernel's arguments are GM addresses or scalars; at most one
/// of them is the workspace.
static LogicalResult verifyKernelArguments(FunctionOpInterface kernel) {
  std::optional<unsigned> workspace;
  for (auto [index, type] : llvm::enumerate(kernel.getArgumentTypes())) {
    StringRef problem = getKernelArgumentProblem(type);
    if (!problem.empty())
      return kernel->emitOpError()
             << "expects kernel argument #" << index
             << " to be a global-memory address (!asc.gm_addr) or a scalar, "
                "got "
             << type << ": " << problem;
    if (failed(verifyBlockWorkspace(kernel, index)))
      return failure();
    if (!kernel.getArgAttr(index, AscDialect::getWorkspaceAttrName()))
      continue;
    if (workspace)
      return kernel->emitOpError()
             << "expects one '" << AscDialect::getWorkspaceAttrName()
             << "' argument, got #" << *workspace << " and #" << index;
    workspace = index;
  }
  return success();
}

/// The kernel's attribute is verified before the ops in its body: an op
/// whose operands the kernel checks must pass its own invariants first
/// (reported as the op reports them), or its accessors read past its
/// operands.
static LogicalResult verifyInvariantsFirst(Operation *op) {
  return op->getRegisteredInfo()->verifyInvariants(op);
}

/// Warns about a TPipe::InitBuffer on the registered pipe that runs before
/// REGIST_MATMUL_OBJ: legal, but against the documented order.
static LogicalResult
warnInitBufferBeforeRegister(MatmulRegisterOp registration) {
  Block *block = registration->getBlock();
  WalkResult result = block->walk([&](PipeInitBufferOp initBuffer) {
    if (failed(verifyInvariantsFirst(initBuffer)))
      return WalkResult::interrupt();
    if (initBuffer.getPipe() != registration.getPipe())
      return WalkResult::advance();
    Operation *ancestor = block->findAncestorOpInBlock(*initBuffer);
    if (!ancestor || !ancestor->isBeforeInBlock(registration))
      return WalkResult::advance();
    // Reported at the location, not on the op: a diagnostic on an op prints
    // it, printing verifies it, and this verifier would warn again.
    emitWarning(initBuffer.getLoc())
            .append("'", PipeInitBufferOp::getOperationName(),
                    "' gives a queue its buffers before the pipe's "
                    "asc.matmul.register: the documented order registers the "
                    "Matmul objects first")
            .attachNote(registration.getLoc())
        << "registered here";
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Whether `op` sits directly in one branch of an `scf.if` on the core kind
/// (`if ASCEND_IS_AIC` / `ASCEND_IS_AIV`): true in the cube core's branch,
/// false in the vector cores'; none elsewhere.
static std::optional<bool> isInCubeCoreBranch(Operation *op) {
  auto branch = dyn_cast_or_null<scf::IfOp>(op->getParentOp());
  if (!branch)
    return std::nullopt;
  Operation *condition = branch.getCondition().getDefiningOp();
  if (!isa_and_nonnull<IsAicOp, IsAivOp>(condition))
    return std::nullopt;
  bool thenBranch = op->getParentRegion() == &branch.getThenRegion();
  return thenBranch == isa<IsAicOp>(condition);
}

/// Rule L11: REGIST_MATMUL_OBJ declares local variables and, on the cube
/// core, returns from the kernel, so a kernel registers once, in its
/// top-level block.
static LogicalResult verifyKernelRegistration(FunctionOpInterface kernel) {
  Region &body = kernel.getFunctionBody();
  if (body.empty())
    return success();
  MatmulRegisterOp first;
  WalkResult result = body.walk([&](MatmulRegisterOp registration) {
    if (failed(verifyInvariantsFirst(registration)))
      return WalkResult::interrupt();
    if (first) {
      registration.emitOpError()
              .append("expects one asc.matmul.register per kernel: "
                      "REGIST_MATMUL_OBJ declares local variables, a second "
                      "one redefines them")
              .attachNote(first.getLoc())
          << "first registration here";
      return WalkResult::interrupt();
    }
    first = registration;
    if (std::optional<bool> cubeBranch = isInCubeCoreBranch(registration);
        cubeBranch &&
        registration->getParentOp()->getBlock() == &body.front()) {
      // REGIST_MATMUL_OBJ under `if ASCEND_IS_AIC`: the cube-only form
      // (pyasc's cube-only tutorial). In a mix kernel the cube core's
      // server loop would wait for a quit no vector-core client posts.
      if (*cubeBranch && AscDialect::usesCubeSideMatmulObjects(kernel))
        return WalkResult::advance();
      if (*cubeBranch) {
        registration.emitOpError(
            "registers the objects on the cube core only, in a mix kernel: "
            "the server loop REGIST_MATMUL_OBJ starts there never gets the "
            "quit message, since no vector-core client is registered to "
            "post it (rule P5, a hang); register in the kernel's top-level "
            "block, or make the kernel cube-only (ASCENDC_CUBE_ONLY)");
        return WalkResult::interrupt();
      }
    }
    if (registration->getBlock() != &body.front()) {
      registration.emitOpError(
          "expects to be in the kernel's top-level block, not in a loop or "
          "branch: REGIST_MATMUL_OBJ declares the objects' client in the "
          "enclosing scope and returns from the kernel on the cube core");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return failure();
  if (first)
    return warnInitBufferBeforeRegister(first);
  return success();
}

static LogicalResult verifyKernel(Operation *op) {
  auto kernel = dyn_cast<FunctionOpInterface>(op);
  if (!kernel)
    return op->emitError() << "expects '" << AscDialect::getKernelAttrName()
                           << "' on a function";
  if (!kernel.getResultTypes().empty())
    return op->emitError() << "expects a kernel to return nothing, got "
                           << kernel.getResultTypes().size() << " results";
  if (failed(verifyKernelArguments(kernel)))
    return failure();
  return verifyKernelRegistration(kernel);
}

//===----------------------------------------------------------------------===//
// Discardable attributes
//===----------------------------------------------------------------------===//

/// `asc.output_elements = N`: a positive element count on a Matmul call that
/// writes an output tensor (a write access of the call not held in a slot of
/// its object).
static LogicalResult verifyOutputElements(Operation *op, NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  auto count = dyn_cast<IntegerAttr>(attr.getValue());
  if (!count || !count.getType().isSignlessInteger(64))
    return op->emitError() << "expects '" << name
                           << "' to be an i64 element count";
  if (count.getValue().slt(1))
    return op->emitError() << "expects '" << name << "' to be at least 1, got "
                           << count.getInt();
  auto call = dyn_cast<MatmulOpInterface>(op);
  auto accessor = dyn_cast<MemoryAccessOpInterface>(op);
  SmallVector<MemoryAccess> accesses;
  if (accessor)
    accessor.getMemoryAccesses(accesses);
  bool writesOutput = llvm::any_of(accesses, [](const MemoryAccess &access) {
    return access.kind == MemoryAccess::Kind::Write && access.memory;
  });
  if (!call || !writesOutput)
    return op->emitError() << "expects '" << name
                           << "' on a Matmul call that writes an output tensor";
  return success();
}

/// `asc.copies = N` on a Matmul creation: 1 to 4 objects, the most one
/// REGIST_MATMUL_OBJ registers.
static LogicalResult verifyCopies(Operation *op, NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (!isa<MatmulCreateOp>(op))
    return op->emitError() << "expects '" << name << "' on 'asc.matmul.create'";
  auto count = dyn_cast<IntegerAttr>(attr.getValue());
  if (!count || !count.getType().isSignlessInteger(64))
    return op->emitError() << "expects '" << name
                           << "' to be an i64 count of objects";
  if (count.getValue().slt(1) || count.getValue().sgt(4))
    return op->emitError() << "expects '" << name
                           << "' to be 1 to 4 (REGIST_MATMUL_OBJ registers at "
                              "most four objects), got "
                           << count.getInt();
  return success();
}

LogicalResult AscDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == getOutputElementsAttrName())
    return verifyOutputElements(op, attr);
  if (name == getCopiesAttrName())
    return verifyCopies(op, attr);
  if (name != getKernelAttrName() && name != getCubeOnlyAttrName())
    return op->emitError() << "unknown asc attribute '" << name << "'";
  if (!isa<UnitAttr>(attr.getValue()))
    return op->emitError() << "expects '" << name << "' to be a unit attribute";
  if (name == getCubeOnlyAttrName()) {
    if (!op->hasAttr(getKernelAttrName()))
      return op->emitError()
             << "expects '" << name << "' on a kernel (a function with '"
             << getKernelAttrName() << "')";
    return success();
  }
  return verifyKernel(op);
}

LogicalResult AscDialect::verifyRegionArgAttribute(Operation *op,
                                                   unsigned regionIndex,
                                                   unsigned argIndex,
                                                   NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == getBlockWorkspaceAttrName()) {
    // The rest is checked with the kernel (verifyBlockWorkspace), which
    // sees the other attributes of the argument.
    if (!isa<BlockWorkspaceAttr>(attr.getValue()))
      return op->emitError()
             << "expects '" << name << "' to be a #asc.block_workspace<...>";
    if (!isa<FunctionOpInterface>(op) || !op->hasAttr(getKernelAttrName()))
      return op->emitError()
             << "expects '" << name << "' on an argument of a kernel";
    return success();
  }
  if (name != getNoAliasAttrName() && name != getWorkspaceAttrName())
    return op->emitError() << "unknown asc argument attribute '" << name << "'";
  if (!isa<UnitAttr>(attr.getValue()))
    return op->emitError() << "expects '" << name << "' to be a unit attribute";
  // Declarations have no region, so read the type off the function type.
  Type type;
  auto function = dyn_cast<FunctionOpInterface>(op);
  if (function)
    type = function.getArgumentTypes()[argIndex];
  else
    type = op->getRegion(regionIndex).getArgument(argIndex).getType();
  if (name == getWorkspaceAttrName()) {
    if (!function || !op->hasAttr(getKernelAttrName()))
      return op->emitError()
             << "expects '" << name << "' on an argument of a kernel";
    if (!isa<GmAddrType>(type))
      return op->emitError() << "expects '" << name
                             << "' on a !asc.gm_addr argument, got " << type;
    return success();
  }
  if (!isa<GmAddrType, GlobalTensorType>(type))
    return op->emitError() << "expects '" << name
                           << "' on a global-memory argument, got " << type;
  return success();
}
