//===- Lowerability.cpp - what the lowering cannot express ----------------===//
//
// Checks, before the conversion starts, what its patterns cannot express, so
// that the user gets a diagnostic on the offending op rather than a failure
// to legalize: objects flowing through values, configurations without a C++
// spelling, calls the file's Matmul class lacks.
//
//===----------------------------------------------------------------------===//

#include "AscToEmitCPatterns.h"
#include "asc/Conversion/AscToEmitC/AscToEmitC.h"
#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::asc;

/// Describes an object type for a diagnostic ("a Matmul object").
static StringRef describeObject(Type type) {
  if (isa<MatmulType>(type))
    return "a Matmul object";
  if (isa<PipeType>(type))
    return "a TPipe";
  if (isa<QueueType>(type))
    return cast<QueueType>(type).isBind() ? "a TQueBind" : "a TQue";
  if (isa<TBufType>(type))
    return "a TBuf";
  return "a TCubeTiling";
}

/// The op that declares an object of `type` in Ascend C.
static bool isObjectDeclaration(Operation *op) {
  return isa<PipeCreateOp, QueueCreateOp, TBufCreateOp, GetTilingOp,
             TilingCreateOp, MatmulCreateOp>(op);
}

/// Objects are declared once and used in place: they may come only from
/// their declaring op and go only to asc ops.
static LogicalResult verifyObjectUses(Operation *op) {
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (BlockArgument arg : block.getArguments())
        if (isAscObjectType(arg.getType()))
          return op->emitOpError("cannot be lowered to Ascend C: its region "
                                 "takes ")
                 << describeObject(arg.getType()) << " (" << arg.getType()
                 << ") as block argument #" << arg.getArgNumber()
                 << "; objects are declared once and used in place";
  if (!isObjectDeclaration(op))
    for (Value result : op->getResults())
      if (isAscObjectType(result.getType()))
        return op->emitOpError("cannot be lowered to Ascend C: it yields ")
               << describeObject(result.getType())
               << "; objects are declared once and used in place";
  if (op->getDialect() && isa<AscDialect>(op->getDialect()))
    return success();
  for (Value operand : op->getOperands())
    if (isAscObjectType(operand.getType()))
      return op->emitOpError("cannot be lowered to Ascend C: it passes ")
             << describeObject(operand.getType())
             << " by value; objects are declared once and used in place";
  return success();
}

/// No function takes or returns an object (the verifier keeps a kernel's
/// arguments to GM addresses and scalars), and no helper function takes a
/// builtin memref, tensor or vector, which Ascend C has no spelling for (the
/// emitter would fail halfway through printing the file).
static LogicalResult verifyFunctionSignature(func::FuncOp funcOp) {
  for (auto [index, input] :
       llvm::enumerate(funcOp.getFunctionType().getInputs())) {
    if (isAscObjectType(input))
      return funcOp.emitOpError("cannot be lowered to Ascend C: argument #")
             << index << " is " << describeObject(input)
             << "; objects are declared once and used in place";
    if (isa<BaseMemRefType, TensorType, VectorType>(input))
      return funcOp.emitOpError("cannot be lowered to Ascend C: argument #")
             << index << " has type " << input
             << ", which has no Ascend C spelling (GM data is an "
                "!asc.gm_addr or an !asc.global_tensor)";
  }
  for (auto [index, result] :
       llvm::enumerate(funcOp.getFunctionType().getResults()))
    if (isAscObjectType(result))
      return funcOp.emitOpError("cannot be lowered to Ascend C: result #")
             << index << " is " << describeObject(result)
             << "; objects are declared once and used in place";
  return success();
}

/// Configurations the lowering can spell.
static LogicalResult verifyMatmulConfig(MatmulCreateOp op) {
  MatmulConfigAttr config = op.getType().getConfig();
  if (config && getConfigPresetFunction(config.getKind()).empty())
    return op.emitOpError("cannot be lowered to Ascend C: a '")
           << stringifyMatmulConfigKind(config.getKind())
           << "' MatmulConfig needs the basic block sizes of "
              "GetBasicConfig(basicM, basicN, basicK), which "
              "#asc.matmul_config does not carry";
  return success();
}

/// The cube-side Matmul calls a device function may make (rule L13 checks
/// them in kernels).
static StringRef getCubeOnlyCallName(Operation *op) {
  if (isa<MatmulSetBatchNumOp>(op))
    return "SetBatchNum";
  if (auto batch = dyn_cast<MatmulIterateBatchOp>(op))
    if (!batch.isMixForm())
      return "the cube-only IterateBatch";
  return "";
}

/// The mix-mode client's calls the cube-side object (MatmulImpl) lacks.
static StringRef getMixOnlyCallName(Operation *op) {
  return TypeSwitch<Operation *, StringRef>(op)
      .Case([](MatmulWaitIterateAllOp) { return "WaitIterateAll"; })
      .Case([](MatmulWaitIterateBatchOp) { return "WaitIterateBatch"; })
      .Case([](MatmulWaitGetTensorCOp) { return "WaitGetTensorC"; })
      .Case([](MatmulAsyncGetTensorCOp) { return "AsyncGetTensorC"; })
      .Case([](MatmulIterateNBatchOp) { return "IterateNBatch"; })
      .Case([](MatmulGetBatchTensorCOp) { return "GetBatchTensorC"; })
      .Case([](MatmulIterateBatchOp batch) {
        return batch.isMixForm() ? "IterateBatch with batch counts" : "";
      })
      .Case([](MatmulGetTensorCOp get) {
        return get.getResult() ? "GetTensorC returning the block" : "";
      })
      .Default([](Operation *) { return ""; });
}

/// Reports the first call in `root` that `getCallName` names, as missing
/// from the Matmul class the file's mode selects.
static LogicalResult
verifyCallsExist(Operation *root,
                 function_ref<StringRef(Operation *)> getCallName,
                 StringRef reason) {
  WalkResult result = root->walk([&](Operation *op) {
    StringRef call = getCallName(op);
    if (call.empty())
      return WalkResult::advance();
    op->emitOpError("cannot be lowered to Ascend C: ") << call << reason;
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

/// ASCENDC_CUBE_ONLY applies to the whole emitted file: either every kernel
/// that creates a Matmul object is cube-only or none is, and cube-side calls
/// need a cube-only file.
static LogicalResult verifyCubeOnlyMode(Operation *root) {
  func::FuncOp cubeOnlyKernel, mixKernel;
  root->walk([&](func::FuncOp funcOp) {
    if (AscDialect::isCubeOnlyKernel(funcOp)) {
      cubeOnlyKernel = cubeOnlyKernel ? cubeOnlyKernel : funcOp;
      return;
    }
    bool createsMatmul =
        funcOp->hasAttr(AscDialect::getKernelAttrName()) &&
        funcOp.walk([](MatmulCreateOp) { return WalkResult::interrupt(); })
            .wasInterrupted();
    if (createsMatmul && !mixKernel)
      mixKernel = funcOp;
  });
  if (cubeOnlyKernel && mixKernel)
    return mixKernel
               .emitOpError("cannot be lowered to Ascend C: it creates a "
                            "Matmul object in mix mode, but the module's "
                            "cube-only kernel makes the file define "
                            "ASCENDC_CUBE_ONLY")
               .attachNote(cubeOnlyKernel.getLoc())
           << "cube-only kernel here";
  if (cubeOnlyKernel)
    return verifyCallsExist(root, getMixOnlyCallName,
                            " exists only on the mix-mode Matmul client, and "
                            "the module's cube-only kernel makes the file "
                            "define ASCENDC_CUBE_ONLY");
  return verifyCallsExist(
      root, getCubeOnlyCallName,
      (" exists only on the cube-side Matmul object and no kernel of the "
       "module is cube-only ('" +
       AscDialect::getCubeOnlyAttrName() + "')")
          .str());
}

/// `type` when C++ cannot spell it, else null: what isPrintableScalarType
/// refuses, looking through function types.
static Type findUnprintableScalar(Type type) {
  if (auto function = dyn_cast<FunctionType>(type)) {
    for (Type inner :
         llvm::concat<const Type>(function.getInputs(), function.getResults()))
      if (!isPrintableScalarType(inner))
        return inner;
    return {};
  }
  return isPrintableScalarType(type) ? Type() : type;
}

/// Scalars the C++ emitter cannot print (`i31`, `f80`, ...) are refused
/// here, with the op that has them, rather than by the emitter halfway
/// through printing the file.
static LogicalResult verifyScalarTypes(Operation *op) {
  auto reject = [&](Type type, const Twine &what) {
    return op->emitOpError("cannot be lowered to Ascend C: ")
           << what << " has type " << type
           << ", which has no C++ spelling (integers of 1, 8, 16, 32 or 64 "
              "bits, f16, bf16, f32, f64)";
  };
  if (auto funcOp = dyn_cast<func::FuncOp>(op))
    if (Type type = findUnprintableScalar(funcOp.getFunctionType()))
      return reject(type, "its signature");
  for (OpResult result : op->getResults())
    if (Type type = findUnprintableScalar(result.getType()))
      return reject(type, "result #" + Twine(result.getResultNumber()));
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (BlockArgument arg : block.getArguments())
        if (Type type = findUnprintableScalar(arg.getType()))
          return reject(type, "block argument #" + Twine(arg.getArgNumber()));
  return success();
}

/// A loop becomes a C++ `for` over its counter's type, which compares as
/// that type does (signed for an iN, unsigned for an index's size_t): an
/// scf.for that asks for the other comparison has no such spelling (the
/// analyses count the emitted loop's trips: Analysis/LoopTrips.h).
static LogicalResult verifyLoopComparison(Operation *op) {
  auto loop = dyn_cast<scf::ForOp>(op);
  if (!loop || !loop.getUnsignedCmp())
    return success();
  return op->emitOpError("cannot be lowered to Ascend C: it compares its "
                         "bounds unsigned, and the C++ loop over ")
         << loop.getInductionVar().getType()
         << " compares as its counter's type does";
}

LogicalResult mlir::asc::verifyAscToEmitCLowerable(Operation *root) {
  if (failed(verifyCubeOnlyMode(root)))
    return failure();
  WalkResult result = root->walk<WalkOrder::PreOrder>([](Operation *op) {
    if (auto funcOp = dyn_cast<func::FuncOp>(op))
      if (failed(verifyFunctionSignature(funcOp)))
        return WalkResult::interrupt();
    if (auto create = dyn_cast<MatmulCreateOp>(op))
      if (failed(verifyMatmulConfig(create)))
        return WalkResult::interrupt();
    if (failed(verifyObjectUses(op)) || failed(verifyScalarTypes(op)) ||
        failed(verifyLoopComparison(op)))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}
