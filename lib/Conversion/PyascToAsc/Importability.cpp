//===- Importability.cpp - what the pyasc import cannot express -----------===//
//
// Checks, before the conversion starts, what its patterns cannot express, so
// that the user gets a diagnostic on the offending op (at its Python line)
// rather than a failure to legalize: ops outside the mirror (step 1), flags
// that are not constants, objects set more than once or after their first
// use, configurations and members asc has no counterpart for (step 3). The
// table of refusals is docs/Pyasc.md's; each has a case in
// test/Conversion/PyascToAsc/invalid.mlir.
//
//===----------------------------------------------------------------------===//

#include "PyascToAscPatterns.h"
#include "asc/Dialect/Pyasc/IR/PyascDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::asc;
using namespace mlir::asc::pyasc;

//===----------------------------------------------------------------------===//
// Step 1: everything is in the mirror
//===----------------------------------------------------------------------===//

/// The upstream dialects pyasc's Matmul kernels use besides its own.
static bool isImportedUpstreamOp(Operation *op) {
  return isa<ModuleOp, func::FuncOp, func::CallOp, func::ReturnOp>(op) ||
         isa<arith::ArithDialect, scf::SCFDialect>(op->getDialect());
}

LogicalResult mlir::asc::pyasc::verifyOpsAreImported(ModuleOp module) {
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
// Step 3: what the patterns need
//===----------------------------------------------------------------------===//

namespace {
/// A flag pyasc passes as an SSA value: `why` tells what asc makes of it.
struct Flag {
  Value value;
  StringRef name;
  StringRef why;
};

} // namespace

static LogicalResult verifyConstantFlags(Operation *op, ArrayRef<Flag> flags) {
  for (const Flag &flag : flags) {
    if (!flag.value || isConstantFlag(flag.value))
      continue;
    return op->emitOpError()
           << "expects '" << flag.name << "' to be a constant: " << flag.why;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Constant flags
//===----------------------------------------------------------------------===//

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

//===----------------------------------------------------------------------===//
// Objects set once
//===----------------------------------------------------------------------===//

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

//===----------------------------------------------------------------------===//
// Each op
//===----------------------------------------------------------------------===//

/// The object ascendc.construct builds: a Matmul asc can represent, an unused
/// MatmulConfig, a data_copy_l0's DataCopyParams, a TCubeTiling built once.
static LogicalResult verifyConstruct(PyConstructOp construct) {
  Type type = construct.getType();
  if (auto matmul = dyn_cast<PyMatmulType>(type)) {
    std::string problem;
    if (!convertMatmulType(matmul, &problem))
      return construct->emitOpError() << "builds a Matmul type asc cannot "
                                         "represent: "
                                      << problem;
    return success();
  }
  if (isa<PyMatmulConfigType>(type)) {
    // get_matmul_api_tiling's config goes with it: its result is unused.
    if (!llvm::all_of(construct->getUsers(),
                      llvm::IsaPred<PyGetMatmulApiTilingOp>))
      return construct->emitOpError()
             << "builds a MatmulConfig value that is used: asc carries the "
                "configuration in the Matmul type only";
    return success();
  }
  if (isa<PyAscendQuantConfigType>(type)) {
    if (!construct->use_empty())
      return construct->emitOpError()
             << "builds an AscendQuantConfig value that is used: asc has no "
                "quantisation API that takes one";
    return success();
  }
  if (isa<PyDataCopyParamsType>(type)) {
    if (construct.getArgs().size() != 4 ||
        !llvm::all_of(construct->getUsers(), llvm::IsaPred<PyDataCopyL0Op>))
      return construct->emitOpError()
             << "builds DataCopyParams that are not the four fields of a "
                "data_copy_l0: asc spells the fields in the copy";
    return success();
  }
  if (isa<PyCubeTilingType>(type))
    return verifyTilingObject(construct);
  return construct->emitOpError()
         << "builds " << type << ", which has no asc counterpart";
}

/// A TCubeTiling member set on a tiling the kernel built, one CANN's
/// TCubeTiling has, to an integer.
static LogicalResult verifySetMember(PySetMemberOp set) {
  Value base = set.getBase();
  if (!isa<PyCubeTilingType>(base.getType()))
    return set->emitOpError()
           << "sets a member of " << base.getType()
           << ": asc sets the members of a TCubeTiling built in the kernel "
              "only";
  auto construct = base.getDefiningOp<PyConstructOp>();
  if (!construct)
    return set->emitOpError()
           << "sets TCubeTiling member '" << set.getField()
           << "' of a tiling the kernel did not build: asc reads a "
              "TCubeTiling from GM and sets the members of one built in the "
              "kernel only";
  if (!convertTilingField(set.getField()))
    return set->emitOpError() << "sets TCubeTiling member '" << set.getField()
                              << "', which CANN's TCubeTiling does not have";
  if (!isa<IntegerType>(set.getValue().getType()))
    return set->emitOpError()
           << "sets TCubeTiling member '" << set.getField() << "' to "
           << set.getValue().getType() << ": the members are int32_t";
  return success();
}

/// A LocalTensor at a fixed address is in local memory.
static LogicalResult verifyLocalTensorV2(PyLocalTensorV2Op fixed) {
  if (fixed.getPos() == TPosition::GM)
    return fixed->emitOpError()
           << "builds a local tensor at position gm: a LocalTensor is in "
              "local memory";
  return success();
}

/// A member read of a TCubeTiling, one CANN's TCubeTiling has.
static LogicalResult verifyMember(PyMemberOp member) {
  if (!isa<PyCubeTilingType>(member.getBase().getType()))
    return member->emitOpError()
           << "reads a member of " << member.getBase().getType()
           << ": asc reads TCubeTiling members only";
  if (!convertTilingField(member.getField()))
    return member->emitOpError()
           << "reads TCubeTiling member '" << member.getField()
           << "', which CANN's TCubeTiling does not have";
  return success();
}

/// A TCubeTiling copied from GM.
static LogicalResult verifyCopyStruct(PyCopyStructOp copy) {
  if (!isa<PyCubeTilingType>(copy.getType()) ||
      !isGlobalMemRef(copy.getBase().getType()))
    return copy->emitOpError() << "copies " << copy.getType()
                               << ": asc copies a TCubeTiling from GM only";
  return success();
}

/// A pointer offset set_global_buffer takes.
static LogicalResult verifyPtrOffset(PyPtrOffsetOp offset) {
  if (!llvm::all_of(offset->getUsers(), llvm::IsaPred<PySetGlobalBufferOp>))
    return offset->emitOpError()
           << "offsets a pointer something else than set_global_buffer "
              "uses: asc offsets GM pointers only in set_global_buffer";
  return success();
}

/// A pipe Atlas A2 has.
static LogicalResult verifyPipeBarrier(PyPipeBarrierOp barrier) {
  if (!convertPipe(barrier.getPipe()))
    return barrier->emitOpError()
           << "waits for " << stringifyPyPipeKind(barrier.getPipe())
           << ", which Atlas A2 (and asc) does not have";
  return success();
}

/// A GlobalTensor workspace, or a GM address and a byte count.
static LogicalResult verifySetWorkspace(PyMatmulSetWorkspaceOp workspace) {
  Type type = workspace.getTensor().getType();
  if (!workspace.getSize()) {
    if (!isa<PyGlobalTensorType>(type))
      return workspace->emitOpError()
             << "sets a workspace of type " << type
             << " without a size: asc takes a GlobalTensor, or a GM pointer "
                "and a size";
    return success();
  }
  if (!isGlobalMemRef(type) || !workspace.getSize().getType().isIntOrIndex())
    return workspace->emitOpError()
           << "sets a workspace by address and size of types " << type
           << " and " << workspace.getSize().getType()
           << ": asc takes a GM pointer (memref<?xT, 22>) and an integer";
  return success();
}

/// SetSelfDefineData's and SetUserDefInfo's value: CANN's `uint64_t`, a GM
/// pointer passed as its address or an integer.
static LogicalResult verifyUserWord(Operation *op, Value word) {
  Type type = word.getType();
  if (isGlobalMemRef(type) || type.isInteger())
    return success();
  return op->emitOpError() << "passes " << type
                           << ": CANN takes a uint64_t, which asc gives as a "
                              "GM pointer (memref<?xT, 22>) or an integer";
}

/// SetSparseIndex: CANN applies the index only on the cube-side object of a
/// Matmul whose B is a SparseMatmulType under an MDL config
/// (MatmulImplBase::SetSparseIndex); the client ignores it
/// (MatmulClient::SetSparseIndex only asserts). pyasc declares no sparse B,
/// so the call can only be ignored.
static LogicalResult verifySetSparseIndex(PyMatmulSetSparseIndexOp op) {
  return op->emitOpError()
         << "sets a sparse index, which CANN ignores: it applies one only to "
            "a SparseMatmulType B under an MDL config on the cube-side "
            "object, and pyasc declares no sparse B";
}

/// get_matmul_api_tiling has no effect; pyasc returns nothing of it.
static LogicalResult verifyGetMatmulApiTiling(PyGetMatmulApiTilingOp op) {
  if (!op->use_empty())
    return op->emitOpError()
           << "gives a MatmulApiStaticTiling that is used: asc carries the "
              "configuration in the Matmul type only";
  return success();
}

/// A TCubeTiling and a GM workspace.
static LogicalResult verifyRegistMatmulObj(PyRegistMatmulObjOp regist) {
  if (regist.getTiling() &&
      !isa<PyCubeTilingType>(regist.getTiling().getType()))
    return regist->emitOpError()
           << "registers with a tiling of type " << regist.getTiling().getType()
           << ": asc takes a TCubeTiling";
  if (!isGlobalMemRef(regist.getWorkspace().getType()))
    return regist->emitOpError()
           << "registers with a workspace of type "
           << regist.getWorkspace().getType() << ": asc takes a GM pointer";
  return success();
}

/// GM pointers and scalars as the kernel's arguments.
static LogicalResult verifyKernelSignature(func::FuncOp kernel) {
  for (auto [index, type] : llvm::enumerate(kernel.getArgumentTypes()))
    if (!isGlobalMemRef(type) && !type.isIntOrFloat())
      return kernel.emitOpError()
             << "expects kernel argument #" << index
             << " to be a GM pointer or a scalar, got " << type;
  return success();
}

/// The refusal of one op, if the patterns cannot convert it.
static LogicalResult verifyOp(Operation *op) {
  if (failed(verifyMatmulFlags(op)))
    return failure();
  return TypeSwitch<Operation *, LogicalResult>(op)
      .Case([](PyConstructOp construct) { return verifyConstruct(construct); })
      .Case([](PySetMemberOp set) { return verifySetMember(set); })
      .Case([](PyLocalTensorV2Op fixed) { return verifyLocalTensorV2(fixed); })
      .Case([](PyMemberOp member) { return verifyMember(member); })
      .Case([](PyCopyStructOp copy) { return verifyCopyStruct(copy); })
      .Case([](PyPtrOffsetOp offset) { return verifyPtrOffset(offset); })
      .Case([](PyGlobalTensorOp object) {
        return verifyGlobalTensorObject(object);
      })
      .Case([](PyPipeBarrierOp barrier) { return verifyPipeBarrier(barrier); })
      .Case([](PyMatmulSetWorkspaceOp workspace) {
        return verifySetWorkspace(workspace);
      })
      .Case([](PyMatmulSetSelfDefineDataOp set) {
        return verifyUserWord(set, set.getDataPtr());
      })
      .Case([](PyMatmulSetUserDefInfoOp set) {
        return verifyUserWord(set, set.getTilingPtr());
      })
      .Case([](PyMatmulSetSparseIndexOp set) {
        return verifySetSparseIndex(set);
      })
      .Case([](PyGetMatmulApiTilingOp tiling) {
        return verifyGetMatmulApiTiling(tiling);
      })
      .Case([](PyRegistMatmulObjOp regist) {
        return verifyRegistMatmulObj(regist);
      })
      .Case([](func::FuncOp kernel) { return verifyKernelSignature(kernel); })
      .Default([](Operation *) { return success(); });
}

LogicalResult mlir::asc::pyasc::verifyPyascImportable(func::FuncOp kernel) {
  WalkResult result = kernel.walk([](Operation *op) {
    return failed(verifyOp(op)) ? WalkResult::interrupt()
                                : WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}
