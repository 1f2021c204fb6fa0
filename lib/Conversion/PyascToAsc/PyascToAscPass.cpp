//===- PyascToAscPass.cpp - the --convert-pyasc-to-asc pass ---------------===//
//
// The import in four steps: refuse what is outside the mirror, inline the
// helper @jit functions, give local tensors their queues' positions and
// check what the patterns need (constant flags, ...), then one dialect
// conversion and the kernel's asc attributes and pyasc's launch prologue.
//
//===----------------------------------------------------------------------===//

#include "PyascToAscPatterns.h"
#include "asc/Conversion/PyascToAsc/PyascToAsc.h"
#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "asc/Dialect/Pyasc/IR/PyascDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::asc {
#define GEN_PASS_DEF_CONVERTPYASCTOASC
#include "asc/Conversion/Passes.h.inc"
} // namespace mlir::asc

using namespace mlir;
using namespace mlir::asc;
using namespace mlir::asc::pyasc;

/// pyasc's unit attributes on its kernel and on every device function.
static constexpr StringLiteral kPyascGlobalAttr = "ascendc.global";
static constexpr StringLiteral kPyascAicoreAttr = "ascendc.aicore";

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
// Step 1: everything is in the mirror
//===----------------------------------------------------------------------===//

/// The upstream dialects pyasc's Matmul kernels use besides its own.
static bool isImportedUpstreamOp(Operation *op) {
  return isa<ModuleOp, func::FuncOp, func::CallOp, func::ReturnOp>(op) ||
         isa<arith::ArithDialect, scf::SCFDialect>(op->getDialect());
}

static LogicalResult verifyOpsAreImported(ModuleOp module) {
  WalkResult result = module.walk([](Operation *op) {
    Dialect *dialect = op->getDialect();
    if (isa_and_nonnull<PyascAscendCDialect, PyascEmitAscDialect>(dialect) ||
        isImportedUpstreamOp(op))
      return WalkResult::advance();
    if (auto constant = dyn_cast<emitc::ConstantOp>(op)) {
      // pyasc prints its unsigned literals as emitc constants.
      if (isa<IntegerAttr>(constant.getValue()) ||
          getKnownApiConstant(constant))
        return WalkResult::advance();
      op->emitOpError() << "is an API constant the pyasc import does not "
                           "know: "
                        << constant.getValue();
      return WalkResult::interrupt();
    }
    op->emitError() << "'" << op->getName()
                    << "' is outside what --convert-pyasc-to-asc imports "
                       "(the ascendc/emitasc ops of pyasc's Matmul kernels, "
                       "func, arith, scf)";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// Step 2: inline the helper @jit functions
//===----------------------------------------------------------------------===//

/// Replaces `call` by a copy of its callee's body.
static LogicalResult inlineCall(func::CallOp call, func::FuncOp callee) {
  if (!callee || callee.isExternal())
    return call.emitOpError()
           << "calls '" << call.getCallee()
           << "', which the module does not define: helper @jit functions "
              "are inlined into the kernel";
  Region &body = callee.getBody();
  if (!body.hasOneBlock())
    return callee.emitOpError()
           << "has " << body.getBlocks().size()
           << " blocks: the import inlines single-block helpers only";
  Block &block = body.front();
  auto ret = dyn_cast<func::ReturnOp>(block.getTerminator());
  if (!ret)
    return callee.emitOpError() << "does not end with func.return";
  IRMapping mapping;
  mapping.map(block.getArguments(), call.getOperands());
  OpBuilder builder(call);
  for (Operation &op : block.without_terminator())
    builder.clone(op, mapping);
  for (auto [result, value] : llvm::zip(call.getResults(), ret.getOperands()))
    result.replaceAllUsesWith(mapping.lookupOrDefault(value));
  call.erase();
  return success();
}

/// Inlines every call in the kernels (helpers calling helpers included) and
/// erases the helpers.
static LogicalResult inlineHelpers(ModuleOp module,
                                   SmallVectorImpl<func::FuncOp> &kernels) {
  for (auto func : module.getOps<func::FuncOp>())
    if (func->hasAttr(kPyascGlobalAttr))
      kernels.push_back(func);
  if (kernels.empty())
    return module.emitError()
           << "expects a kernel: a func.func with '" << kPyascGlobalAttr
           << "', as pyasc traces an @asc.jit kernel";
  // A helper inlined into itself would never end; pyasc's helpers cannot
  // recurse, and a call chain this deep is one that does.
  constexpr unsigned maxRounds = 64;
  for (func::FuncOp kernel : kernels) {
    for (unsigned round = 0;; ++round) {
      SmallVector<func::CallOp> calls;
      kernel.walk([&](func::CallOp call) { calls.push_back(call); });
      if (calls.empty())
        break;
      if (round == maxRounds)
        return calls.front().emitOpError()
               << "is still a call after " << maxRounds
               << " rounds of inlining: recursive helpers cannot be imported";
      for (func::CallOp call : calls)
        if (failed(inlineCall(
                call, module.lookupSymbol<func::FuncOp>(call.getCallee()))))
          return failure();
    }
  }
  for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
    if (!func->hasAttr(kPyascGlobalAttr))
      func.erase();
  return success();
}

//===----------------------------------------------------------------------===//
// Step 3: local tensor positions and what the patterns need
//===----------------------------------------------------------------------===//

/// A local tensor allocated from or dequeued out of a queue has the queue's
/// position, one built at a fixed address (local_tensor_v2) the position it
/// names; the import needs it for every local tensor.
static LogicalResult inferLocalTensorPositions(func::FuncOp kernel) {
  auto setPosition = [](Value tensor, TPosition position) {
    auto type = cast<PyLocalTensorType>(tensor.getType());
    tensor.setType(PyLocalTensorType::get(
        type.getContext(), type.getShape(), type.getElementType(),
        TPositionAttr::get(type.getContext(), position)));
  };
  kernel.walk([&](Operation *op) {
    if (auto alloc = dyn_cast<PyQueAllocTensorOp>(op))
      setPosition(alloc.getTensor(), alloc.getQueue().getType().getPosition());
    else if (auto deque = dyn_cast<PyQueDequeTensorOp>(op))
      setPosition(deque.getTensor(), deque.getQueue().getType().getPosition());
    else if (auto fixed = dyn_cast<PyLocalTensorV2Op>(op))
      setPosition(fixed.getResult(), fixed.getPos());
  });
  auto check = [](Value value, Location loc) -> LogicalResult {
    auto type = dyn_cast<PyLocalTensorType>(value.getType());
    if (!type || type.getPosition())
      return success();
    return emitError(loc)
           << "expects every local tensor to come from a queue's "
              "alloc_tensor or deque_tensor or from local_tensor_v2 in the "
              "kernel: asc gives a local tensor its position, and this one "
              "has none";
  };
  WalkResult result = kernel.walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (failed(check(arg, op->getLoc())))
            return WalkResult::interrupt();
    for (Value value : op->getResults())
      if (failed(check(value, op->getLoc())))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// A flag pyasc passes as an SSA value: `why` tells what asc makes of it.
struct Flag {
  Value value;
  StringRef name;
  StringRef why;
};

static LogicalResult verifyConstantFlags(Operation *op, ArrayRef<Flag> flags) {
  for (const Flag &flag : flags) {
    if (!flag.value || isConstantFlag(flag.value))
      continue;
    return op->emitOpError()
           << "expects '" << flag.name << "' to be a constant: " << flag.why;
  }
  return success();
}

/// The flags of each mirrored Matmul call, and why each must be a constant.
static LogicalResult verifyMatmulFlags(Operation *op) {
  constexpr StringLiteral templ = "it is a template argument of the call";
  constexpr StringLiteral attr = "asc keeps it as an attribute of the call";
  return TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](PyMatmulIterateOp o) {
        return verifyConstantFlags(
            o, {{o.getSync(), "sync", templ},
                {o.getEnPartialSum(), "en_partial_sum", attr}});
      })
      .Case([&](PyMatmulGetTensorCOp o) {
        return verifyConstantFlags(
            o, {{o.getSync(), "sync", templ},
                {o.getEnAtomic(), "en_atomic", attr},
                {o.getEnSequentialWrite(), "en_sequential_write", attr}});
      })
      .Case([&](PyMatmulGetTensorCReturnOp o) {
        return verifyConstantFlags(
            o, {{o.getSync(), "sync", templ},
                {o.getEnAtomic(), "en_atomic", attr},
                {o.getEnSequentialWrite(), "en_sequential_write", attr}});
      })
      .Case([&](PyMatmulIterateAllOp o) {
        return verifyConstantFlags(
            o, {{o.getSync(), "sync", templ},
                {o.getEnAtomic(), "en_atomic", attr},
                {o.getEnSequentialWrite(), "en_sequential_write", attr},
                {o.getWaitIterateAll(), "wait_iterate_all", attr},
                {o.getFakeMsg(), "fake_msg", attr}});
      })
      .Case([&](PyMatmulIterateBatchOp o) {
        return verifyConstantFlags(
            o, {{o.getSync(), "sync", templ},
                {o.getWaitIterateBatch(), "wait_iterate_batch", templ},
                {o.getEnSequentialWrite(), "en_sequential_write", attr},
                {o.getEnPartialSum(), "en_partial_sum", attr},
                {o.getEnAtomic(), "en_atomic", attr}});
      })
      .Case([&](PyMatmulIterateBatchCubeOnlyOp o) {
        return verifyConstantFlags(
            o, {{o.getEnSequentialWrite(), "en_sequential_write", attr},
                {o.getEnPartialSum(), "en_partial_sum", attr},
                {o.getEnAtomic(), "en_atomic", attr}});
      })
      .Case([&](PyMatmulIterateNBatchOp o) {
        return verifyConstantFlags(
            o, {{o.getSync(), "sync", templ},
                {o.getWaitIterateBatch(), "wait_iterate_batch", templ},
                {o.getEnSequentialWrite(), "en_sequential_write", attr}});
      })
      .Case<PyMatmulGetBatchTensorCOp, PyMatmulGetBatchTensorCLocalMemOp>(
          [&](auto o) {
            return verifyConstantFlags(
                o, {{o.getSync(), "sync", templ},
                    {o.getEnSequentialWrite(), "en_sequential_write", attr}});
          })
      .Case<PyMatmulSetTensorAOp, PyMatmulSetTensorBOp>([&](auto o) {
        return verifyConstantFlags(o,
                                   {{o.getTranspose(), "is_transpose", attr}});
      })
      .Case([&](PyMatmulSetHF32Op o) {
        return verifyConstantFlags(o, {{o.getEnableHF32(), "enable_hf32", attr},
                                       {o.getTransMode(), "trans_mode", attr}});
      })
      .Default([](Operation *) { return success(); });
}

/// `GlobalTensor g; g.SetGlobalBuffer(...)`: one set, before any other use.
static LogicalResult verifyGlobalTensorObject(PyGlobalTensorOp object) {
  SmallVector<PySetGlobalBufferOp> sets;
  for (Operation *user : object->getUsers())
    if (auto set = dyn_cast<PySetGlobalBufferOp>(user))
      sets.push_back(set);
  if (sets.size() != 1) {
    InFlightDiagnostic diag =
        object.emitOpError()
        << "expects one set_global_buffer of this GlobalTensor, got "
        << sets.size()
        << ": asc makes the tensor a value where its buffer is set";
    for (PySetGlobalBufferOp set : sets)
      diag.attachNote(set.getLoc()) << "set here";
    return diag;
  }
  PySetGlobalBufferOp set = sets.front();
  if (set->getBlock() != object->getBlock())
    return set.emitOpError()
           << "expects to be in the block that declares its GlobalTensor";
  for (Operation *user : object->getUsers()) {
    if (user == set)
      continue;
    Operation *ancestor = object->getBlock()->findAncestorOpInBlock(*user);
    if (!ancestor || ancestor->isBeforeInBlock(set))
      return user->emitOpError()
                 .append("uses a GlobalTensor before its set_global_buffer")
                 .attachNote(set.getLoc())
             << "set here";
  }
  Value buffer = set.getBuffer();
  if (auto offset = buffer.getDefiningOp<PyPtrOffsetOp>())
    buffer = offset.getBase();
  if (!isGlobalMemRef(buffer.getType()))
    return set.emitOpError()
           << "expects a global-memory pointer (memref<?xT, 22>), got "
           << buffer.getType();
  return success();
}

/// `TCubeTiling t(); t.M = m; ...`: the members are set in the block that
/// builds the tiling, before anything else uses it, so that asc can build
/// it once (asc.tiling.create) from their values.
static LogicalResult verifyTilingObject(PyConstructOp object) {
  if (!object.getArgs().empty())
    return object.emitOpError()
           << "builds a TCubeTiling from " << object.getArgs().size()
           << " arguments: asc builds one from its members only";
  auto isMemberSet = [&](Operation *user) {
    auto set = dyn_cast<PySetMemberOp>(user);
    return set && set.getBase() == object.getResult();
  };
  Operation *firstUse = nullptr;
  for (Operation *user : object->getUsers()) {
    Operation *ancestor = object->getBlock()->findAncestorOpInBlock(*user);
    if (!isMemberSet(user) && ancestor &&
        (!firstUse || ancestor->isBeforeInBlock(firstUse)))
      firstUse = ancestor;
  }
  for (Operation *user : object->getUsers()) {
    if (!isMemberSet(user))
      continue;
    auto set = cast<PySetMemberOp>(user);
    if (set->getBlock() != object->getBlock())
      return set.emitOpError()
                 .append("sets TCubeTiling member '", set.getField(),
                         "' in a branch or loop: asc builds the tiling once, "
                         "in the block that declares it")
                 .attachNote(object.getLoc())
             << "declared here";
    if (firstUse && firstUse->isBeforeInBlock(set))
      return set.emitOpError()
                 .append("sets TCubeTiling member '", set.getField(),
                         "' after the tiling is used: asc builds the tiling "
                         "once, before its first use")
                 .attachNote(firstUse->getLoc())
             << "first used here";
  }
  return success();
}

static LogicalResult verifyOp(Operation *op) {
  if (failed(verifyMatmulFlags(op)))
    return failure();
  if (auto construct = dyn_cast<PyConstructOp>(op)) {
    Type type = construct.getType();
    if (auto matmul = dyn_cast<PyMatmulType>(type)) {
      std::string problem;
      if (!convertMatmulType(matmul, &problem))
        return op->emitOpError() << "builds a Matmul type asc cannot "
                                    "represent: "
                                 << problem;
      return success();
    }
    if (isa<PyMatmulConfigType>(type)) {
      if (!op->use_empty())
        return op->emitOpError()
               << "builds a MatmulConfig value that is used: asc carries the "
                  "configuration in the Matmul type only";
      return success();
    }
    if (isa<PyDataCopyParamsType>(type)) {
      if (construct.getArgs().size() != 4 ||
          !llvm::all_of(op->getUsers(), llvm::IsaPred<PyDataCopyL0Op>))
        return op->emitOpError()
               << "builds DataCopyParams that are not the four fields of a "
                  "data_copy_l0: asc spells the fields in the copy";
      return success();
    }
    if (isa<PyCubeTilingType>(type))
      return verifyTilingObject(construct);
    return op->emitOpError()
           << "builds " << type << ", which has no asc counterpart";
  }
  if (auto set = dyn_cast<PySetMemberOp>(op)) {
    Value base = set.getBase();
    if (!isa<PyCubeTilingType>(base.getType()))
      return op->emitOpError()
             << "sets a member of " << base.getType()
             << ": asc sets the members of a TCubeTiling built in the kernel "
                "only";
    auto construct = base.getDefiningOp<PyConstructOp>();
    if (!construct)
      return op->emitOpError()
             << "sets TCubeTiling member '" << set.getField()
             << "' of a tiling the kernel did not build: asc reads a "
                "TCubeTiling from GM and sets the members of one built in the "
                "kernel only";
    if (!convertTilingField(set.getField()))
      return op->emitOpError() << "sets TCubeTiling member '" << set.getField()
                               << "', which CANN's TCubeTiling does not have";
    if (!isa<IntegerType>(set.getValue().getType()))
      return op->emitOpError()
             << "sets TCubeTiling member '" << set.getField() << "' to "
             << set.getValue().getType() << ": the members are int32_t";
    return success();
  }
  if (auto fixed = dyn_cast<PyLocalTensorV2Op>(op)) {
    if (fixed.getPos() == TPosition::GM)
      return op->emitOpError()
             << "builds a local tensor at position gm: a LocalTensor is in "
                "local memory";
    return success();
  }
  if (auto member = dyn_cast<PyMemberOp>(op)) {
    if (!isa<PyCubeTilingType>(member.getBase().getType()))
      return op->emitOpError()
             << "reads a member of " << member.getBase().getType()
             << ": asc reads TCubeTiling members only";
    if (!convertTilingField(member.getField()))
      return op->emitOpError()
             << "reads TCubeTiling member '" << member.getField()
             << "', which CANN's TCubeTiling does not have";
    return success();
  }
  if (auto copy = dyn_cast<PyCopyStructOp>(op)) {
    if (!isa<PyCubeTilingType>(copy.getType()) ||
        !isGlobalMemRef(copy.getBase().getType()))
      return op->emitOpError() << "copies " << copy.getType()
                               << ": asc copies a TCubeTiling from GM only";
    return success();
  }
  if (auto offset = dyn_cast<PyPtrOffsetOp>(op)) {
    if (!llvm::all_of(op->getUsers(), llvm::IsaPred<PySetGlobalBufferOp>))
      return op->emitOpError()
             << "offsets a pointer something else than set_global_buffer "
                "uses: asc offsets GM pointers only in set_global_buffer";
    return success();
  }
  if (auto object = dyn_cast<PyGlobalTensorOp>(op))
    return verifyGlobalTensorObject(object);
  if (auto barrier = dyn_cast<PyPipeBarrierOp>(op)) {
    if (!convertPipe(barrier.getPipe()))
      return op->emitOpError()
             << "waits for " << stringifyPyPipeKind(barrier.getPipe())
             << ", which Atlas A2 (and asc) does not have";
    return success();
  }
  if (auto workspace = dyn_cast<PyMatmulSetWorkspaceOp>(op)) {
    if (workspace.getSize() ||
        !isa<PyGlobalTensorType>(workspace.getTensor().getType()))
      return op->emitOpError()
             << "sets a workspace by address and size: asc takes a "
                "GlobalTensor workspace only";
    return success();
  }
  if (auto regist = dyn_cast<PyRegistMatmulObjOp>(op)) {
    if (regist.getTiling() &&
        !isa<PyCubeTilingType>(regist.getTiling().getType()))
      return op->emitOpError()
             << "registers with a tiling of type "
             << regist.getTiling().getType() << ": asc takes a TCubeTiling";
    if (!isGlobalMemRef(regist.getWorkspace().getType()))
      return op->emitOpError()
             << "registers with a workspace of type "
             << regist.getWorkspace().getType() << ": asc takes a GM pointer";
    return success();
  }
  if (auto kernel = dyn_cast<func::FuncOp>(op)) {
    for (auto [index, type] : llvm::enumerate(kernel.getArgumentTypes()))
      if (!isGlobalMemRef(type) && !type.isIntOrFloat())
        return kernel.emitOpError()
               << "expects kernel argument #" << index
               << " to be a GM pointer or a scalar, got " << type;
    return success();
  }
  return success();
}

static LogicalResult verifyPyascImportable(func::FuncOp kernel) {
  WalkResult result = kernel.walk([](Operation *op) {
    return failed(verifyOp(op)) ? WalkResult::interrupt()
                                : WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// Step 4: convert, then the kernel's attributes and prologue
//===----------------------------------------------------------------------===//

static LogicalResult convertModule(ModuleOp module, bool cubeOnly) {
  MLIRContext *context = module.getContext();
  TypeConverter typeConverter;
  populatePyascToAscTypeConversions(typeConverter);

  ConversionTarget target(*context);
  target.addLegalDialect<AscDialect, arith::ArithDialect>();
  target.addLegalOp<ModuleOp>();
  // Read by the data copies that use them, then erased (eraseDataCopyParams).
  target.addDynamicallyLegalOp<PyConstructOp>(
      [](PyConstructOp op) { return isa<PyDataCopyParamsType>(op.getType()); });
  target.addIllegalDialect<PyascAscendCDialect, PyascEmitAscDialect,
                           emitc::EmitCDialect>();
  target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
    return typeConverter.isSignatureLegal(op.getFunctionType()) &&
           typeConverter.isLegal(&op.getBody());
  });
  target.addDynamicallyLegalOp<func::ReturnOp>(
      [&](func::ReturnOp op) { return typeConverter.isLegal(op); });
  target.addDynamicallyLegalDialect<arith::ArithDialect>(
      [&](Operation *op) { return typeConverter.isLegal(op); });

  RewritePatternSet patterns(context);
  populatePyascToAscConversionPatterns(typeConverter, patterns, cubeOnly);
  populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                 typeConverter);
  populateReturnOpTypeConversionPattern(patterns, typeConverter);
  scf::populateSCFStructuralTypeConversionsAndLegality(typeConverter, patterns,
                                                       target);
  return applyFullConversion(module, target, std::move(patterns));
}

/// The DataCopyParams constructors, whose fields the data copies now spell.
static void eraseDataCopyParams(ModuleOp module) {
  module.walk([](PyConstructOp op) {
    if (op->use_empty())
      op.erase();
  });
}

/// Branches on constants are inlined: in a cube-only kernel `if
/// (ASCEND_IS_AIC)` is `if (true)`, so that its REGIST_MATMUL_OBJ lands in
/// the kernel's top-level block as asc requires; a helper's `if is_trans_a:`
/// on a constant argument is decided once inlined.
static LogicalResult inlineConstantBranches(ModuleOp module) {
  RewritePatternSet patterns(module.getContext());
  scf::IfOp::getCanonicalizationPatterns(patterns, module.getContext());
  return applyPatternsGreedily(module, std::move(patterns));
}

/// The kernel's asc attributes: asc.kernel, asc.cube_only, the workspace
/// argument REGIST_MATMUL_OBJ takes.
static void markKernel(func::FuncOp kernel, bool cubeOnly) {
  MLIRContext *context = kernel.getContext();
  kernel->removeAttr(kPyascGlobalAttr);
  kernel->removeAttr(kPyascAicoreAttr);
  kernel->setAttr(AscDialect::getKernelAttrName(), UnitAttr::get(context));
  if (cubeOnly)
    kernel->setAttr(AscDialect::getCubeOnlyAttrName(), UnitAttr::get(context));
  kernel.walk([&](MatmulRegisterOp reg) {
    auto arg = dyn_cast<BlockArgument>(reg.getWorkspace());
    if (arg && arg.getOwner()->isEntryBlock() &&
        arg.getOwner()->getParentOp() == kernel)
      kernel.setArgAttr(arg.getArgNumber(), AscDialect::getWorkspaceAttrName(),
                        UnitAttr::get(context));
  });
}

/// `asc.block_workspace` on the workspace argument markKernel found: what
/// the user says the host allocates (pyasc's IR cannot say it).
static LogicalResult stateBlockWorkspace(func::FuncOp kernel,
                                         uint64_t bytesPerCore) {
  for (unsigned i = 0, e = kernel.getNumArguments(); i < e; ++i) {
    if (!kernel.getArgAttr(i, AscDialect::getWorkspaceAttrName()))
      continue;
    kernel.setArgAttr(i, AscDialect::getBlockWorkspaceAttrName(),
                      BlockWorkspaceAttr::get(kernel.getContext(), bytesPerCore,
                                              std::nullopt, std::nullopt,
                                              std::nullopt));
    return success();
  }
  return kernel.emitError()
         << "block-workspace=" << bytesPerCore << " states a workspace for '"
         << kernel.getSymName()
         << "', but it passes no kernel argument to register_matmul as its "
            "workspace";
}

/// `asc.no_alias` on every global-memory argument but the workspace and the
/// tiling (the user's word that the buffers are distinct).
static void markArgumentsNoAlias(func::FuncOp kernel) {
  UnitAttr unit = UnitAttr::get(kernel.getContext());
  for (BlockArgument arg : kernel.getArguments()) {
    unsigned i = arg.getArgNumber();
    if (!isa<GmAddrType>(arg.getType()) ||
        kernel.getArgAttr(i, AscDialect::getWorkspaceAttrName()))
      continue;
    // The tiling is read by asc.get_tiling only: no Matmul call touches it.
    if (llvm::any_of(arg.getUsers(), llvm::IsaPred<GetTilingOp>))
      continue;
    kernel.setArgAttr(i, AscDialect::getNoAliasAttrName(), unit);
  }
}

/// pyasc's launcher appends `ffts_addr`; its kernels start with
/// set_ffts_base_addr and, when they drive a Matmul object from the vector
/// core, the cube core's cross-core flag (legalize-kernel-args in pyasc).
static void addFftsPrologue(func::FuncOp kernel, bool cubeOnly) {
  MLIRContext *context = kernel.getContext();
  Location loc =
      NameLoc::get(StringAttr::get(context, "ffts_addr"), kernel.getLoc());
  unsigned index = kernel.getNumArguments();
  if (failed(kernel.insertArgument(index, GmAddrType::get(context),
                                   DictionaryAttr::get(context), loc)))
    return;
  Value ffts = kernel.getArgument(index);
  OpBuilder builder = OpBuilder::atBlockBegin(&kernel.getBody().front());
  SetFftsBaseAddrOp::create(builder, kernel.getLoc(), ffts);
  bool hasMatmul =
      kernel.walk([](MatmulRegisterOp) { return WalkResult::interrupt(); })
          .wasInterrupted();
  if (!hasMatmul || cubeOnly)
    return;
  Value aic = IsAicOp::create(builder, kernel.getLoc(), builder.getI1Type());
  auto ifOp = scf::IfOp::create(builder, kernel.getLoc(), aic,
                                /*withElseRegion=*/false);
  builder.setInsertionPointToStart(ifOp.thenBlock());
  // 0xf21: mode 2 (every core of the group), flag 15, as pyasc's prologue.
  FftsCrossCoreSyncOp::create(builder, kernel.getLoc(), PipeKind::PIPE_MTE3,
                              0xf21);
}

namespace {
struct ConvertPyascToAscPass
    : public asc::impl::ConvertPyascToAscBase<ConvertPyascToAscPass> {
  using ConvertPyascToAscBase::ConvertPyascToAscBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> kernels;
    if (failed(verifyOpsAreImported(module)) ||
        failed(inlineHelpers(module, kernels)))
      return signalPassFailure();
    for (func::FuncOp kernel : kernels)
      if (failed(inferLocalTensorPositions(kernel)) ||
          failed(verifyPyascImportable(kernel)))
        return signalPassFailure();
    if (failed(convertModule(module, cubeOnly)))
      return signalPassFailure();
    eraseDataCopyParams(module);
    if (failed(inlineConstantBranches(module)))
      return signalPassFailure();
    for (func::FuncOp kernel : kernels) {
      markKernel(kernel, cubeOnly);
      if (noAliasArguments)
        markArgumentsNoAlias(kernel);
      if (blockWorkspace != 0 &&
          failed(stateBlockWorkspace(kernel, blockWorkspace)))
        return signalPassFailure();
      if (fftsPrologue)
        addFftsPrologue(kernel, cubeOnly);
    }
  }
};
} // namespace
