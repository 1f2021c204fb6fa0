//===- InlineHelpers.cpp - the helper @jit functions inlined --------------===//
//
// Step 2 of the import: pyasc traces every @asc.jit helper a kernel calls as
// a func.func of its own, and asc wants one kernel body (its objects
// declared once, its REGIST_MATMUL_OBJ in the top-level block). Every call
// in a kernel is inlined with upstream's inliner (inlineRegion, with the
// dialects' DialectInlinerInterface: func's extension, arith's, scf's and
// the mirror's, registered here), helpers calling helpers included, and the
// helpers are erased.
//
// Not mlir::inlineCall: it gives every inlined op the location
// callsite(helper line at call line), where the import keeps each op's own
// Python line (docs/Pyasc.md: the diagnostics of every later pass point at
// the user's line, the helper's for an op of a helper).
//
//===----------------------------------------------------------------------===//

#include "PyascToAscPatterns.h"
#include "asc/Dialect/Pyasc/IR/PyascDialect.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Inliner.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::asc;
using namespace mlir::asc::pyasc;

namespace {
/// Every op of the mirror may be inlined: pyasc's calls on its objects and
/// values mean the same in a helper and in the kernel.
struct PyascInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};

/// The dialects' inliner interfaces, and pyasc's literals: EmitC declares
/// no inliner interface, and an `emitc.constant` (an unsigned literal, an
/// API constant, which the import makes arith constants) is a value like
/// any other.
struct HelperInliner : public InlinerInterface {
  using InlinerInterface::InlinerInterface;

  bool isLegalToInline(Operation *op, Region *dest, bool wouldBeCloned,
                       IRMapping &valueMapping) const override {
    return isa<emitc::ConstantOp>(op) ||
           InlinerInterface::isLegalToInline(op, dest, wouldBeCloned,
                                             valueMapping);
  }
};
} // namespace

void mlir::asc::pyasc::registerPyascInlinerInterfaces(
    DialectRegistry &registry) {
  func::registerInlinerExtension(registry);
  // One extension per dialect: a module may use one of them only.
  registry.addExtension(+[](MLIRContext *, PyascAscendCDialect *dialect) {
    dialect->addInterfaces<PyascInlinerInterface>();
  });
  registry.addExtension(+[](MLIRContext *, PyascEmitAscDialect *dialect) {
    dialect->addInterfaces<PyascInlinerInterface>();
  });
}

/// Replaces `call` by a copy of its callee's body.
static LogicalResult inlineHelperCall(func::CallOp call, func::FuncOp callee) {
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
  if (!isa<func::ReturnOp>(body.front().getTerminator()))
    return callee.emitOpError() << "does not end with func.return";
  HelperInliner inliner(call.getContext());
  if (failed(inlineRegion(inliner, InlinerConfig().getCloneCallback(), &body,
                          call, call.getOperands(), call.getResults(),
                          /*inlineLoc=*/std::nullopt)))
    return call.emitOpError() << "calls '" << call.getCallee()
                              << "', which the inliner cannot inline here";
  call.erase();
  return success();
}

LogicalResult
mlir::asc::pyasc::inlineHelpers(ModuleOp module,
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
        if (failed(inlineHelperCall(
                call, module.lookupSymbol<func::FuncOp>(call.getCallee()))))
          return failure();
    }
  }
  for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
    if (!func->hasAttr(kPyascGlobalAttr))
      func.erase();
  return success();
}
