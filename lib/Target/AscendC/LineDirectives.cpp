//===- LineDirectives.cpp - .mlir locations in emitted Ascend C -----------===//
//
// `#line` directives before the lowered operations of each emitc.func, taken
// from the operations' FileLineColLoc (looking through names, call sites and
// fused locations).
//
//===----------------------------------------------------------------------===//

#include "asc/Target/AscendC/LineDirectives.h"
#include "asc/Target/AscendC/EmitterRules.h"

#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <optional>

using namespace mlir;

std::optional<FileLineColLoc> mlir::asc::getFileLine(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return file;
  if (auto name = dyn_cast<NameLoc>(loc))
    return getFileLine(name.getChildLoc());
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return getFileLine(callSite.getCallee());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (auto file = getFileLine(inner))
        return file;
  return std::nullopt;
}

/// `#line N "file"`, with the file name escaped for a C string literal.
static std::string formatDirective(FileLineColLoc loc) {
  std::string text = "#line " + std::to_string(loc.getLine()) + " \"";
  for (char c : loc.getFilename().getValue()) {
    if (c == '"' || c == '\\')
      text += '\\';
    text += c;
  }
  return text + "\"";
}

/// Whether `op` is a directive of an earlier run (the lowering itself emits
/// other verbatim statements, such as member calls, which get directives).
static bool isLineDirective(Operation &op) {
  auto verbatim = dyn_cast<emitc::VerbatimOp>(op);
  return verbatim && verbatim.getValue().starts_with("#line ");
}

/// Adds the directives to one block and, recursively, to the blocks of its
/// operations' regions that print statements.
static void annotateBlock(Block &block) {
  std::optional<std::pair<StringRef, unsigned>> last;
  for (Operation &op : llvm::make_early_inc_range(block)) {
    if (isLineDirective(op))
      continue;
    for (Region &region : op.getRegions())
      if (asc::printsStatements(region))
        for (Block &inner : region)
          annotateBlock(inner);
    std::optional<FileLineColLoc> file = asc::getFileLine(op.getLoc());
    if (!file || op.hasTrait<OpTrait::IsTerminator>())
      continue;
    std::pair<StringRef, unsigned> here{file->getFilename().getValue(),
                                        file->getLine()};
    if (last && *last == here)
      continue;
    last = here;
    OpBuilder builder(&op);
    emitc::VerbatimOp::create(builder, op.getLoc(), formatDirective(*file));
  }
}

void mlir::asc::insertLineDirectives(ModuleOp module) {
  module.walk([](emitc::FuncOp func) {
    for (Block &block : func.getBody())
      annotateBlock(block);
  });
}

namespace {
struct AscLineDirectivesPass
    : public PassWrapper<AscLineDirectivesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AscLineDirectivesPass)

  StringRef getArgument() const final { return "asc-line-directives"; }
  StringRef getDescription() const final {
    return "Insert #line directives with the .mlir source lines before the "
           "lowered operations of each emitc.func";
  }
  void runOnOperation() final {
    mlir::asc::insertLineDirectives(getOperation());
  }
};
} // namespace

std::unique_ptr<Pass> mlir::asc::createAscLineDirectivesPass() {
  return std::make_unique<AscLineDirectivesPass>();
}
