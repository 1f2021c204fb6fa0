//===- PlacementEdits.cpp - asc's placement as edits of C++ source --------===//
//
// The placement runs on a copy of the lifted module with each wait and issue
// tagged; a tagged op whose next statement changed was moved. Its edit
// deletes the statement and inserts its text, re-indented, before the
// statement it now precedes.
//
//===----------------------------------------------------------------------===//

#include "asc/Frontend/PlacementEdits.h"

#include "asc/Dialect/Asc/IR/AscInterfaces.h"
#include "asc/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>

using namespace mlir;
using namespace mlir::asc;

static constexpr llvm::StringLiteral kMoveId = "asc_check_move_id";

/// The first statement after `op` in its block that is not `op`'s own and
/// does not move itself (another wait or issue): the anchor `op` goes
/// before.
static const LiftedStatement *
nextStatement(Operation *op, const AscendCSourceMap &map,
              llvm::function_ref<bool(Operation *)> movable) {
  const LiftedStatement *own = map.find(op->getLoc());
  for (Operation *next = op->getNextNode(); next; next = next->getNextNode()) {
    if (movable(next))
      continue;
    if (const LiftedStatement *statement = map.find(next->getLoc());
        statement && statement != own)
      return statement;
  }
  return nullptr;
}

/// The last statement before `op` in its block that is not a movable
/// op's, or null.
static const LiftedStatement *
previousStatement(Operation *op, const AscendCSourceMap &map,
                  llvm::function_ref<bool(Operation *)> movable) {
  const LiftedStatement *own = map.find(op->getLoc());
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    if (movable(prev))
      continue;
    if (const LiftedStatement *statement = map.find(prev->getLoc());
        statement && statement != own)
      return statement;
  }
  return nullptr;
}

/// The bytes of `statement` in its file.
static std::optional<std::string>
statementText(const LiftedStatement &statement,
              std::map<std::string, std::string> &files) {
  auto it = files.find(statement.file);
  if (it == files.end()) {
    auto buffer = llvm::MemoryBuffer::getFile(statement.file);
    if (!buffer)
      return std::nullopt;
    it = files.emplace(statement.file, (*buffer)->getBuffer().str()).first;
  }
  if (statement.end > it->second.size())
    return std::nullopt;
  return it->second.substr(statement.begin, statement.end - statement.begin);
}

FailureOr<std::vector<PlacementMove>>
mlir::asc::computePlacementMoves(ModuleOp module,
                                 const AscendCSourceMap &sourceMap) {
  // Tag the waits and issues, place a copy, and read the moves off it.
  SmallVector<Operation *> tagged;
  module.walk([&](Operation *op) {
    if (isa<MatmulWaitOpInterface, MatmulAsyncIssueOpInterface>(op)) {
      op->setAttr(kMoveId,
                  IntegerAttr::get(IntegerType::get(module.getContext(), 64),
                                   tagged.size()));
      tagged.push_back(op);
    }
  });
  OwningOpRef<ModuleOp> placed = module.clone();
  for (Operation *op : tagged)
    op->removeAttr(kMoveId);
  PassManager pm(module.getContext());
  pm.addNestedPass<func::FuncOp>(createAscSyncPlacement());
  if (failed(pm.run(*placed)))
    return failure();

  std::map<int64_t, SmallVector<Operation *, 1>> copies;
  placed->walk([&](Operation *op) {
    if (auto id = op->getAttrOfType<IntegerAttr>(kMoveId))
      copies[id.getInt()].push_back(op);
  });
  std::vector<PlacementMove> moves;
  std::map<std::string, std::string> files;
  for (auto &[id, ops] : copies) {
    Operation *original = tagged[id];
    const LiftedStatement *before =
        nextStatement(original, sourceMap, [&](Operation *op) {
          return isa<MatmulWaitOpInterface, MatmulAsyncIssueOpInterface>(op);
        });
    const LiftedStatement *after =
        nextStatement(ops.front(), sourceMap,
                      [&](Operation *op) { return op->hasAttr(kMoveId); });
    bool sameBlockShape =
        ops.size() == 1 && ops.front()->getParentOp()->getName() ==
                               original->getParentOp()->getName();
    if (ops.size() == 1 && before == after && sameBlockShape)
      continue; // not moved
    // With no statement after its new place (the end of the kernel), the
    // move is told by the statement it now follows.
    const LiftedStatement *anchor =
        after ? after
              : previousStatement(ops.front(), sourceMap, [&](Operation *op) {
                  return op->hasAttr(kMoveId);
                });
    PlacementMove move{original->getLoc(),
                       anchor ? FileLineColLoc::get(module.getContext(),
                                                    anchor->file, anchor->line,
                                                    anchor->column)
                              : ops.front()->getLoc(),
                       !after && anchor,
                       isa<MatmulWaitOpInterface>(original) ? "wait" : "issue",
                       original->getName().getStringRef().str(),
                       {},
                       {}};
    const LiftedStatement *statement = sourceMap.find(original->getLoc());
    if (ops.size() != 1)
      move.reason = "the placement splits it into " +
                    std::to_string(ops.size()) + " copies";
    else if (!statement || !after)
      move.reason = "its new place has no statement of the source to go "
                    "before";
    else if (statement->fromMacro || after->fromMacro)
      move.reason = "a macro expansion is never edited";
    else if (!statement->singleCall)
      move.reason = "its statement does more than this call; moving the text "
                    "would move the rest too";
    else if (statement->function != after->function)
      move.reason = "it moves into another function's body";
    else if (sourceMap.inlineCounts[statement->function] != 1)
      move.reason =
          "its function is inlined " +
          std::to_string(sourceMap.inlineCounts[statement->function]) +
          " times; one edit would move every copy";
    if (!move.reason.empty()) {
      moves.push_back(std::move(move));
      continue;
    }
    std::optional<std::string> text = statementText(*statement, files);
    if (!text) {
      move.reason = "its source cannot be read";
      moves.push_back(std::move(move));
      continue;
    }
    // The statement's text, taking the indentation of its new place.
    llvm::StringRef body = llvm::StringRef(*text).trim();
    std::string inserted = after->ownLine
                               ? after->indentation + body.str() + "\n"
                               : body.str() + " ";
    move.edits.push_back({statement->file, statement->begin,
                          statement->end - statement->begin, ""});
    move.edits.push_back({after->file, after->insertAt, 0, inserted});
    moves.push_back(std::move(move));
  }
  return moves;
}

std::string mlir::asc::applyEdits(llvm::StringRef text, llvm::StringRef file,
                                  llvm::ArrayRef<SourceEdit> edits) {
  SmallVector<const SourceEdit *> mine;
  for (const SourceEdit &edit : edits)
    if (edit.file == file)
      mine.push_back(&edit);
  // From the end of the file backwards, so earlier offsets stay valid; at
  // one offset, insertions keep their order and come before a deletion.
  llvm::stable_sort(mine, [](const SourceEdit *a, const SourceEdit *b) {
    if (a->offset != b->offset)
      return a->offset > b->offset;
    return a->length > b->length;
  });
  std::string result = text.str();
  for (size_t i = 0; i < mine.size();) {
    unsigned offset = mine[i]->offset;
    size_t j = i;
    std::string insertions;
    unsigned deleted = 0;
    for (; j < mine.size() && mine[j]->offset == offset; ++j) {
      if (mine[j]->length)
        deleted = std::max(deleted, mine[j]->length);
      else
        insertions += mine[j]->text;
    }
    result.replace(offset, deleted, insertions);
    i = j;
  }
  return result;
}
