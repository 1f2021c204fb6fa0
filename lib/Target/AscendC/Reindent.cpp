//===- Reindent.cpp - indent emitted C++ by its braces --------------------===//
//
// Implements reindentCppByBraces (see Reindent.h).
//
//===----------------------------------------------------------------------===//

#include "asc/Target/AscendC/Reindent.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

using namespace mlir;

namespace {
/// What a line does to the brace depth: the closing braces it starts with
/// (they close before the line is indented) and the net change after them.
struct LineBraces {
  int leadingCloses = 0;
  int netAfterLeading = 0;
};
} // namespace

/// Scans one line of C++ outside literals and comments. `inBlockComment`
/// carries a /* comment across lines.
static LineBraces scanLine(StringRef line, bool &inBlockComment) {
  LineBraces braces;
  bool seenCode = false;
  for (size_t i = 0, e = line.size(); i < e; ++i) {
    char c = line[i];
    if (inBlockComment) {
      if (c == '*' && i + 1 < e && line[i + 1] == '/') {
        inBlockComment = false;
        ++i;
      }
      continue;
    }
    if (c == '/' && i + 1 < e && line[i + 1] == '/')
      break;
    if (c == '/' && i + 1 < e && line[i + 1] == '*') {
      inBlockComment = true;
      ++i;
      continue;
    }
    if (c == '"' || c == '\'') {
      // Skip the literal, honouring escapes.
      for (++i; i < e && line[i] != c; ++i)
        if (line[i] == '\\')
          ++i;
      seenCode = true;
      continue;
    }
    if (c == '}' && !seenCode) {
      ++braces.leadingCloses;
      continue;
    }
    if (c != ' ' && c != '\t')
      seenCode = true;
    if (c == '{')
      ++braces.netAfterLeading;
    else if (c == '}')
      --braces.netAfterLeading;
  }
  return braces;
}

std::string mlir::asc::reindentCppByBraces(StringRef source) {
  SmallVector<StringRef> lines;
  source.split(lines, '\n');
  std::string result;
  result.reserve(source.size() + source.size() / 8);
  int depth = 0;
  bool inBlockComment = false;
  for (auto [index, line] : llvm::enumerate(lines)) {
    bool startsInComment = inBlockComment;
    StringRef code = line.ltrim(" \t");
    if (index != 0)
      result += '\n';
    // Preprocessor lines and comment continuations keep their columns.
    if (startsInComment || code.starts_with("#")) {
      if (!code.starts_with("#"))
        (void)scanLine(line, inBlockComment);
      result += line;
      continue;
    }
    LineBraces braces = scanLine(code, inBlockComment);
    depth -= braces.leadingCloses;
    if (depth < 0)
      return source.str();
    if (!code.empty())
      result.append(2 * depth, ' ').append(code.begin(), code.end());
    depth += braces.netAfterLeading;
    if (depth < 0)
      return source.str();
  }
  if (depth != 0 || inBlockComment)
    return source.str();
  return result;
}
