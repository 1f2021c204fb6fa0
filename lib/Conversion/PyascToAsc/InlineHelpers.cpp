//===- InlineHelpers.cpp - the helper @jit functions inlined --------------===//
//
// Step 2 of the import: pyasc traces every @asc.jit helper a kernel calls as
// a func.func of its own, and asc wants one kernel body (its objects
// declared once, its REGIST_MATMUL_OBJ in the top-level block). Every call
// in a kernel is replaced by a copy of its helper's body, helpers calling
// helpers included, and the helpers are erased.
//
//===----------------------------------------------------------------------===//

#include "PyascToAscPatterns.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::asc;
using namespace mlir::asc::pyasc;

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
