//===- CppNames.cpp - declare values under their source names -------------===//
//
// Implements CppNames.h. The markers are comments, so a module printed with
// them is still valid C++; the renaming works on identifier tokens only
// (never inside literals, comments or preprocessor lines) and function by
// function, as the emitter numbers each function's values from 1.
//
//===----------------------------------------------------------------------===//

#include "asc/Target/AscendC/CppNames.h"
#include "asc/Conversion/AscToEmitC/AscToEmitC.h"
#include "asc/Target/AscendC/EmitterRules.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;

static constexpr StringLiteral kNameMarker = "//@asc-name ";
static constexpr StringLiteral kAliasMarker = "//@asc-alias ";

//===----------------------------------------------------------------------===//
// Markers
//===----------------------------------------------------------------------===//

/// `name` as a C++ identifier that is not reserved to the implementation:
/// other characters become `_`, runs of `_` one, leading and trailing `_`
/// go. Empty when nothing usable is left or it starts with a digit.
static std::string getIdentifier(StringRef name) {
  std::string identifier;
  for (char c : name) {
    char kept = llvm::isAlnum(c) ? c : '_';
    if (kept == '_' && (identifier.empty() || identifier.back() == '_'))
      continue;
    identifier += kept;
  }
  while (!identifier.empty() && identifier.back() == '_')
    identifier.pop_back();
  if (identifier.empty() || llvm::isDigit(identifier.front()))
    return "";
  return identifier;
}

/// Adds `//@asc-name {} <name>` for `value` at `builder`'s insertion point.
/// The name is made an identifier first: a verbatim string reads `{}` as a
/// placeholder, and a line break would end the comment.
static void createNameMarker(OpBuilder &builder, Value value, NameLoc name) {
  std::string identifier = getIdentifier(name.getName().getValue());
  if (identifier.empty())
    return;
  emitc::VerbatimOp::create(builder, name,
                            (kNameMarker + "{} " + identifier).str(),
                            ValueRange{value});
}

/// Marks every copy of a set-once GlobalTensor that its SetGlobalBuffer
/// precedes as an alias of the tensor.
static void insertAliasMarkers(emitc::FuncOp funcOp, DominanceInfo &dominance) {
  funcOp.walk([&](emitc::LoadOp load) {
    // The copy is the load, or an expression of the load alone.
    Operation *copy = load;
    Value source = load.getOperand();
    if (auto expression = dyn_cast<emitc::ExpressionOp>(load->getParentOp())) {
      auto argument = dyn_cast<BlockArgument>(source);
      if (!argument || expression.getRootOp() != load ||
          !llvm::hasSingleElement(
              expression.getRegion().front().without_terminator()))
        return;
      copy = expression;
      source = expression.getOperand(argument.getArgNumber());
    }
    auto variable = source.getDefiningOp<emitc::VariableOp>();
    if (!variable)
      return;
    emitc::VerbatimOp setGlobalBuffer = asc::getOnlySetGlobalBuffer(variable);
    if (!setGlobalBuffer || !asc::declaresResult(copy) ||
        !asc::printsStatements(*copy->getParentRegion()) ||
        !dominance.properlyDominates(setGlobalBuffer, copy))
      return;
    OpBuilder builder(load->getContext());
    builder.setInsertionPointAfter(copy);
    emitc::VerbatimOp::create(builder, load.getLoc(),
                              (kAliasMarker + "{} {}").str(),
                              ValueRange{copy->getResult(0), variable});
  });
}

/// Marks the named block arguments and declared values of `funcOp`.
static void insertNameMarkers(emitc::FuncOp funcOp) {
  OpBuilder builder(funcOp.getContext());
  SmallVector<std::pair<Block *, BlockArgument>> arguments;
  SmallVector<Operation *> declarations;
  // Function arguments and loop induction variables; an expression's block
  // arguments are its operands, printed inside it.
  funcOp.walk([&](Block *block) {
    if (!isa<emitc::FuncOp, emitc::ForOp>(block->getParentOp()))
      return;
    for (BlockArgument argument : block->getArguments())
      if (isa<NameLoc>(argument.getLoc()))
        arguments.push_back({block, argument});
  });
  funcOp.walk([&](Operation *op) {
    if (op != funcOp.getOperation() && isa<NameLoc>(op->getLoc()) &&
        asc::declaresResult(op) &&
        asc::printsStatements(*op->getParentRegion()))
      declarations.push_back(op);
  });
  for (auto [block, argument] : arguments) {
    builder.setInsertionPointToStart(block);
    createNameMarker(builder, argument, cast<NameLoc>(argument.getLoc()));
  }
  for (Operation *op : declarations) {
    builder.setInsertionPointAfter(op);
    createNameMarker(builder, op->getResult(0), cast<NameLoc>(op->getLoc()));
  }
}

void mlir::asc::insertCppNameMarkers(ModuleOp module) {
  DominanceInfo dominance(module);
  module.walk([&](emitc::FuncOp funcOp) {
    if (funcOp.isExternal())
      return;
    insertNameMarkers(funcOp);
    insertAliasMarkers(funcOp, dominance);
  });
}

//===----------------------------------------------------------------------===//
// Renaming
//===----------------------------------------------------------------------===//

namespace {
enum class TokenKind { Identifier, Punctuation, Other, Marker };

/// A token of the printed source, with the function (top-level declaration)
/// it belongs to.
struct Token {
  TokenKind kind;
  size_t begin, end;
  unsigned chunk;
};

/// Splits C++ source into tokens; literals, plain comments and preprocessor
/// lines are skipped.
class Lexer {
public:
  explicit Lexer(StringRef source) : source(source) {}

  std::vector<Token> lex() {
    std::vector<Token> tokens;
    bool atLineStart = true;
    int depth = 0;
    unsigned chunk = 0;
    for (size_t i = 0, e = source.size(); i < e;) {
      char c = source[i];
      if (c == '\n') {
        atLineStart = true;
        ++i;
        continue;
      }
      if (c == ' ' || c == '\t' || c == '\r') {
        ++i;
        continue;
      }
      if (atLineStart && c == '#') {
        i = skipPreprocessorLine(i);
        continue;
      }
      atLineStart = false;
      if (source.substr(i).starts_with("//")) {
        size_t end = source.find('\n', i);
        end = end == StringRef::npos ? e : end;
        if (source.substr(i).starts_with("//@asc-"))
          tokens.push_back({TokenKind::Marker, i, end, chunk});
        i = end;
        continue;
      }
      if (source.substr(i).starts_with("/*")) {
        size_t end = source.find("*/", i + 2);
        i = end == StringRef::npos ? e : end + 2;
        continue;
      }
      if (c == '"' || c == '\'') {
        i = skipLiteral(i);
        continue;
      }
      if (llvm::isAlpha(c) || c == '_') {
        size_t end = i;
        while (end < e && (llvm::isAlnum(source[end]) || source[end] == '_'))
          ++end;
        tokens.push_back({TokenKind::Identifier, i, end, chunk});
        i = end;
        continue;
      }
      if (llvm::isDigit(c)) {
        size_t end = i;
        while (end < e && (llvm::isAlnum(source[end]) || source[end] == '.' ||
                           source[end] == '_' || source[end] == '\''))
          ++end;
        tokens.push_back({TokenKind::Other, i, end, chunk});
        i = end;
        continue;
      }
      tokens.push_back({TokenKind::Punctuation, i, i + 1, chunk});
      // A top-level declaration ends with the `}` of its body or a `;`
      // outside any braces.
      if (c == '{')
        ++depth;
      if (c == '}' && --depth == 0)
        ++chunk;
      if (c == ';' && depth == 0)
        ++chunk;
      ++i;
    }
    return tokens;
  }

private:
  size_t skipPreprocessorLine(size_t i) {
    while (i < source.size() && source[i] != '\n') {
      if (source[i] == '\\' && i + 1 < source.size() && source[i + 1] == '\n')
        ++i;
      ++i;
    }
    return i;
  }

  size_t skipLiteral(size_t i) {
    char quote = source[i];
    for (++i; i < source.size() && source[i] != quote && source[i] != '\n'; ++i)
      if (source[i] == '\\')
        ++i;
    return std::min(i + 1, source.size());
  }

  StringRef source;
};

/// What the markers of one function ask for.
struct FunctionNames {
  /// Emitted name to source name, in marker order.
  llvm::MapVector<StringRef, StringRef> requested;
  /// Copy to the tensor it copies.
  llvm::MapVector<StringRef, StringRef> aliases;
  /// Emitted name to final identifier.
  llvm::StringMap<std::string> renames;
};
} // namespace

/// Names a local variable must not take even when the source does not
/// spell them: C++ keywords and the macros of the Ascend C headers.
static bool isReservedIdentifier(StringRef name) {
  static const llvm::StringSet<> reserved = {
      // C++ keywords and alternative tokens.
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor",
      "bool", "break", "case", "catch", "char", "char8_t", "char16_t",
      "char32_t", "class", "compl", "concept", "const", "consteval",
      "constexpr", "constinit", "const_cast", "continue", "co_await",
      "co_return", "co_yield", "decltype", "default", "delete", "do", "double",
      "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false",
      "float", "for", "friend", "goto", "if", "inline", "int", "long",
      "mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr",
      "operator", "or", "or_eq", "private", "protected", "public", "register",
      "reinterpret_cast", "requires", "return", "short", "signed", "sizeof",
      "static", "static_assert", "static_cast", "struct", "switch", "template",
      "this", "thread_local", "throw", "true", "try", "typedef", "typeid",
      "typename", "union", "unsigned", "using", "virtual", "void", "volatile",
      "wchar_t", "while", "xor", "xor_eq",
      // Macros of the C library and the Ascend C headers.
      "NULL", "assert", "errno", "GM_ADDR", "ASCEND_IS_AIC", "ASCEND_IS_AIV",
      "ASCEND_IS_NOT_AIC", "ASCEND_IS_NOT_AIV", "ASCENDC_CUBE_ONLY",
      "REGIST_MATMUL_OBJ", "REGIST_MATMUL_OBJ_STATIC", "KERNEL_TASK_TYPE",
      "KERNEL_TASK_TYPE_DEFAULT", "GET_TILING_DATA", "TILING_KEY_IS",
      "REGISTER_TILING_DEFAULT", "REGISTER_TILING_FOR_TILINGKEY"};
  return reserved.contains(name);
}

/// Gives each requested name a unique identifier, in marker order; an alias
/// copy takes its tensor's identifier, and lends its source name to an
/// unnamed tensor.
static void assignIdentifiers(FunctionNames &names, llvm::StringSet<> &taken) {
  llvm::MapVector<StringRef, StringRef> requested;
  for (auto [emitted, source] : names.requested) {
    auto alias = names.aliases.find(emitted);
    requested.insert(
        {alias == names.aliases.end() ? emitted : alias->second, source});
  }
  // The next suffix to try for each name, so that a thousand loops that all
  // name `%x` do not search from `x_1` every time.
  llvm::StringMap<unsigned> nextSuffix;
  for (auto [emitted, source] : requested) {
    std::string base = getIdentifier(source);
    if (base.empty())
      continue;
    std::string identifier = base;
    unsigned &suffix = nextSuffix[base];
    while (taken.contains(identifier) || isReservedIdentifier(identifier))
      identifier = base + "_" + std::to_string(++suffix);
    taken.insert(identifier);
    names.renames[emitted] = identifier;
  }
  for (auto [copy, tensor] : names.aliases) {
    auto it = names.renames.find(tensor);
    names.renames[copy] = it == names.renames.end() ? tensor.str() : it->second;
  }
}

/// The marker's two fields after its prefix.
static std::pair<StringRef, StringRef> splitMarker(StringRef marker,
                                                   StringRef prefix) {
  return marker.drop_front(prefix.size()).trim().split(' ');
}

/// The range of the whole line around `[begin, end)`, newline included.
static std::pair<size_t, size_t> getLineRange(StringRef source, size_t begin,
                                              size_t end) {
  size_t lineBegin = source.rfind('\n', begin);
  lineBegin = lineBegin == StringRef::npos ? 0 : lineBegin + 1;
  size_t lineEnd = source.find('\n', end);
  lineEnd = lineEnd == StringRef::npos ? source.size() : lineEnd + 1;
  return {lineBegin, lineEnd};
}

/// The line that declares `copy` as `T copy = tensor;` in one function,
/// whose identifiers first occur at `firstOccurrence`, if that is how the
/// emitter declared it.
static std::optional<std::pair<size_t, size_t>>
findCopyDeclaration(StringRef source, ArrayRef<Token> tokens,
                    const llvm::StringMap<size_t> &firstOccurrence,
                    StringRef copy, StringRef tensor) {
  auto text = [&](size_t i) {
    return source.slice(tokens[i].begin, tokens[i].end);
  };
  auto it = firstOccurrence.find(copy);
  if (it == firstOccurrence.end())
    return std::nullopt;
  size_t i = it->second;
  // The first occurrence is the declaration; it must be the whole copy.
  if (i + 3 >= tokens.size() || text(i + 1) != "=" || text(i + 2) != tensor ||
      text(i + 3) != ";")
    return std::nullopt;
  auto line = getLineRange(source, tokens[i].begin, tokens[i + 3].end);
  if (!source.slice(tokens[i + 3].end, line.second).trim().empty())
    return std::nullopt;
  return line;
}

/// Reads the markers of the function `tokens` holds into `names`, and adds
/// the lines to drop (the markers' and the copies' declarations).
static void readMarkers(StringRef source, ArrayRef<Token> tokens,
                        FunctionNames &names,
                        SmallVectorImpl<std::pair<size_t, size_t>> &dropped) {
  llvm::StringMap<size_t> firstOccurrence;
  llvm::MapVector<StringRef, StringRef> aliases;
  for (auto [index, token] : llvm::enumerate(tokens)) {
    StringRef text = source.slice(token.begin, token.end);
    if (token.kind == TokenKind::Identifier)
      firstOccurrence.try_emplace(text, index);
    if (token.kind != TokenKind::Marker)
      continue;
    dropped.push_back(getLineRange(source, token.begin, token.end));
    if (text.starts_with(kNameMarker)) {
      auto [emitted, name] = splitMarker(text, kNameMarker);
      if (!emitted.empty() && !name.empty())
        names.requested.insert({emitted, name});
    } else if (text.starts_with(kAliasMarker)) {
      auto [copy, tensor] = splitMarker(text, kAliasMarker);
      if (!copy.empty() && !tensor.empty())
        aliases.insert({copy, tensor});
    }
  }
  for (auto [copy, tensor] : aliases)
    if (auto line = findCopyDeclaration(source, tokens, firstOccurrence, copy,
                                        tensor)) {
      dropped.push_back(*line);
      names.aliases.insert({copy, tensor});
    }
}

std::string mlir::asc::applyCppNameMarkers(StringRef source) {
  std::vector<Token> tokens = Lexer(source).lex();

  // Each function's tokens are consecutive.
  std::vector<FunctionNames> functions;
  SmallVector<std::pair<size_t, size_t>> droppedLines;
  for (size_t begin = 0; begin < tokens.size();) {
    size_t end = begin;
    while (end < tokens.size() && tokens[end].chunk == tokens[begin].chunk)
      ++end;
    functions.resize(
        std::max<size_t>(functions.size(), tokens[begin].chunk + 1));
    FunctionNames &names = functions[tokens[begin].chunk];
    ArrayRef<Token> functionTokens = ArrayRef(tokens).slice(begin, end - begin);
    readMarkers(source, functionTokens, names, droppedLines);
    // A global the function does not use may be shadowed.
    llvm::StringSet<> taken;
    for (const Token &token : functionTokens)
      if (token.kind == TokenKind::Identifier)
        taken.insert(source.slice(token.begin, token.end));
    assignIdentifiers(names, taken);
    begin = end;
  }

  // Copy the source, renaming identifiers and leaving out dropped lines.
  // (A dropped line never starts what a #line directive marks: markers and
  // copies follow the statement the directive is for.)
  llvm::sort(droppedLines);
  std::string result;
  result.reserve(source.size());
  size_t position = 0;
  size_t nextDropped = 0;
  auto copyUpTo = [&](size_t end) {
    while (position < end) {
      while (nextDropped < droppedLines.size() &&
             droppedLines[nextDropped].second <= position)
        ++nextDropped;
      if (nextDropped == droppedLines.size() ||
          droppedLines[nextDropped].first >= end) {
        result.append(source.begin() + position, source.begin() + end);
        position = end;
        return;
      }
      auto [dropBegin, dropEnd] = droppedLines[nextDropped];
      if (dropBegin > position)
        result.append(source.begin() + position, source.begin() + dropBegin);
      position = std::max(position, dropEnd);
    }
  };
  for (const Token &token : tokens) {
    if (token.kind != TokenKind::Identifier || token.begin < position)
      continue;
    const FunctionNames &names = functions[token.chunk];
    auto rename = names.renames.find(source.slice(token.begin, token.end));
    if (rename == names.renames.end())
      continue;
    copyUpTo(token.begin);
    // The token was on a dropped line.
    if (position > token.begin)
      continue;
    result += rename->second;
    position = token.end;
  }
  copyUpTo(source.size());
  return result;
}
