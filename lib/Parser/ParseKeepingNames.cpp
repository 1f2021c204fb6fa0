//===- ParseKeepingNames.cpp - parse .mlir keeping the SSA names ----------===//
//
// Implements ParseKeepingNames.h with the parser state an LSP server reads: the
// source range of each result group and block argument definition.
//
//===----------------------------------------------------------------------===//

#include "asc/Parser/ParseKeepingNames.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

/// The name `definition` spells (`mm` for `%mm`), or an empty string for a
/// numbered one (`%0`).
static StringRef
getDefinedName(const AsmParserState::SMDefinition &definition) {
  const char *start = definition.loc.Start.getPointer();
  const char *end = definition.loc.End.getPointer();
  if (!start || end <= start)
    return {};
  StringRef name =
      StringRef(start, end - start)
          .drop_front(StringRef(start, end - start).starts_with("%") ? 1 : 0);
  if (name.empty() || llvm::isDigit(name.front()))
    return {};
  return name;
}

/// `loc` named `name`, unless empty or already naming something.
static Location nameLocation(Location loc, StringRef name) {
  if (name.empty() || isa<NameLoc>(loc))
    return loc;
  return NameLoc::get(StringAttr::get(loc->getContext(), name), loc);
}

void mlir::asc::nameValuesAsInSource(const AsmParserState &state) {
  for (const AsmParserState::OperationDefinition &def : state.getOpDefs()) {
    if (def.op->getNumResults() != 1 || def.resultGroups.size() != 1)
      continue;
    StringRef name = getDefinedName(def.resultGroups.front().definition);
    def.op->setLoc(nameLocation(def.op->getLoc(), name));
  }
  for (const AsmParserState::BlockDefinition &def : state.getBlockDefs()) {
    if (!def.block)
      continue;
    for (auto [argument, definition] :
         llvm::zip(def.block->getArguments(), def.arguments))
      argument.setLoc(
          nameLocation(argument.getLoc(), getDefinedName(definition)));
  }
}

OwningOpRef<Operation *> mlir::asc::parseSourceKeepingNames(
    const std::shared_ptr<llvm::SourceMgr> &sourceMgr, MLIRContext *context,
    bool insertImplicitModule) {
  ParserConfig config(context);
  const llvm::MemoryBuffer *buffer =
      sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
  Location fileLoc =
      FileLineColLoc::get(context, buffer->getBufferIdentifier(), 0, 0);
  Block block;
  if (isBytecode(buffer->getMemBufferRef())) {
    if (failed(parseSourceFile(sourceMgr, &block, config)))
      return nullptr;
  } else {
    AsmParserState state;
    if (failed(parseAsmSourceFile(*sourceMgr, &block, config, &state)))
      return nullptr;
    nameValuesAsInSource(state);
  }
  if (insertImplicitModule)
    return detail::constructContainerOpForParserIfNecessary<ModuleOp>(
        &block, context, fileLoc);
  if (!llvm::hasSingleElement(block)) {
    emitError(fileLoc) << "source must contain a single top-level operation, "
                          "found: "
                       << block.getOperations().size();
    return nullptr;
  }
  Operation *op = &block.front();
  op->remove();
  return op;
}
