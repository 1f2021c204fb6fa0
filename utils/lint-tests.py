#!/usr/bin/env python3
"""Flag lit tests that cannot fail the way their author meant.

Usage: lint-tests.py PATH...   (directories are searched for lit test files)

Exits 1 and prints one `file:line: problem` per finding, 0 when clean.
What it flags:

  not-before-next   A CHECK-NOT directly followed by a CHECK-NEXT or
                    CHECK-EMPTY of the same FileCheck run. FileCheck checks a
                    NOT only between the matches around it, and a NEXT match
                    sits on the line after the previous match, so the NOT
                    looks at the rest of one line and never where intended.
  unchecked-output  A RUN command whose last stage writes to stdout and
                    nothing reads it: no FileCheck, diff, grep, `not`,
                    -verify-diagnostics, redirection or `-o file`. Only its
                    exit status is tested, rarely what the author meant.
  not-after-return  A CHECK-NOT that is the last check of its function (before
                    the next CHECK-LABEL or the end) and follows the check of
                    its `return`: it only scans the closing braces.
  dead-checks       Check directives whose prefix no FileCheck invocation in
                    the file enables (a file with CHECK lines and no RUN
                    line running FileCheck, or a misspelt prefix).

Directories named `Inputs` are skipped: their files are data for other
tests, not tests.
"""

import os
import re
import shlex
import sys

# The file endings lit runs as tests (test/lit.cfg.py's config.suffixes).
TEST_SUFFIXES = (".mlir", ".c", ".cpp", ".test")

# FileCheck directive suffixes; a bare `PREFIX:` is a plain check.
DIRECTIVE = r"(-NEXT|-NOT|-SAME|-DAG|-LABEL|-EMPTY|-COUNT-\d+)?:"

# Commands whose exit status is the check, or that only set up files.
CHECKERS = {"FileCheck", "diff", "cmp", "grep", "count", "not", "test"}
SILENT = {"rm", "mkdir", "cp", "mv", "touch", "cd", "true", "split-file",
          "%cmake", "%host_cxx", "%host_cc", "%gxx"}


def find_tests(paths):
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for root, dirs, files in os.walk(path):
            dirs[:] = sorted(d for d in dirs if d != "Inputs")
            for name in sorted(files):
                if name.endswith(TEST_SUFFIXES) and name != "lit.cfg.py":
                    yield os.path.join(root, name)


def expand(command, definitions):
    """The command as lit runs it, for linting: `%{name}` substitutions
    (DEFINE/REDEFINE) replaced by their current values and each `%if
    FEATURE %{ CMD %}` by CMD (what runs where the feature is present)."""
    for _ in range(8):  # definitions may name other definitions
        expanded = re.sub(r"%\{(\w+)\}",
                          lambda m: definitions.get(m.group(1), m.group(0)),
                          command)
        if expanded == command:
            break
        command = expanded
    return re.sub(r"%if\s+[^%]*?%\{\s*(.*?)\s*%\}(\s*%else\s*%\{.*?%\})?",
                  lambda m: m.group(1), command)


def run_commands(lines):
    """(line number, command text) of every RUN command, continuations joined
    and substitutions expanded (see expand)."""
    commands, pending, start, definitions = [], None, 0, {}
    for number, line in enumerate(lines, 1):
        define = re.search(r"\b(?:RE)?DEFINE:\s*%\{(\w+)\}\s*=(.*)$", line)
        if define:
            definitions[define.group(1)] = define.group(2).strip()
            continue
        match = re.search(r"\bRUN:(.*)$", line)
        if not match:
            continue
        text = match.group(1).strip()
        if pending is None:
            pending, start = "", number
        if text.endswith("\\"):
            pending += text[:-1] + " "
            continue
        commands.append((start, expand(pending + text, definitions)))
        pending = None
    if pending is not None:
        commands.append((start, expand(pending, definitions)))
    return commands


def split_stages(command):
    """Commands (split at ;, &&, ||) as lists of pipeline stages (token lists)."""
    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    try:
        tokens = list(lexer)
    except ValueError:  # unbalanced quotes: leave it to lit
        return []
    sequences, stages, stage = [], [], []
    for token in tokens:
        if token in (";", "&&", "||"):
            stages.append(stage)
            sequences.append(stages)
            stages, stage = [], []
        elif token == "|":
            stages.append(stage)
            stage = []
        else:
            stage.append(token)
    stages.append(stage)
    sequences.append(stages)
    return [[s for s in seq if s] for seq in sequences if any(seq)]


def filecheck_prefixes(stage):
    """The check prefixes a FileCheck stage enables (CHECK by default)."""
    prefixes, index = [], 1
    while index < len(stage):
        token = stage[index]
        for option in ("--check-prefix", "-check-prefix", "--check-prefixes",
                       "-check-prefixes"):
            if token == option and index + 1 < len(stage):
                prefixes += stage[index + 1].split(",")
                index += 1
            elif token.startswith(option + "="):
                prefixes += token.split("=", 1)[1].split(",")
        index += 1
    return prefixes or ["CHECK"]


def output_is_unchecked(stages):
    """True when the last stage's stdout reaches nothing that checks it."""
    if any("-verify-diagnostics" in t for stage in stages for t in stage):
        return False
    last = stages[-1]
    if os.path.basename(last[0]) in CHECKERS or last[0] in SILENT:
        return False
    for index, token in enumerate(last):
        if token == "-o" or token.startswith("-o="):
            return False  # written to a file that a later command reads
        if token in (">", ">>", ">&", "&>") and not (
                index > 0 and last[index - 1] == "2"):
            return False
    return True


def lint_file(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().splitlines()
    problems = []
    runs = []  # the prefix set of each FileCheck invocation
    for number, command in run_commands(lines):
        for stages in split_stages(command):
            for stage in stages:
                words = stage[1:] if stage[0] == "not" else stage
                if words and os.path.basename(words[0]) == "FileCheck":
                    runs.append(set(filecheck_prefixes(words)))
            if output_is_unchecked(stages):
                problems.append(
                    (number, "unchecked-output",
                     "the output of '%s' is never checked: pipe it to "
                     "FileCheck or diff, or redirect it if only the exit "
                     "status matters" % " ".join(stages[-1])))

    enabled = set().union(*runs) if runs else set()
    found = find_directives(lines, enabled)
    problems += dead_checks(found, enabled)
    for prefixes in runs:
        ordered = [d for d in found if d.prefix in prefixes]
        problems += nots_before_next(ordered) + nots_after_return(ordered)
    # One finding per line: a NOT shared by several runs is reported once.
    return sorted({(n, kind): (n, kind, m) for n, kind, m in problems}.values())


class Directive:
    """One FileCheck directive: its line, prefix, suffix (`-NOT`, or "" for
    a plain check) and pattern."""

    def __init__(self, line, prefix, kind, pattern):
        self.line, self.prefix, self.kind, self.pattern = (
            line, prefix, kind, pattern)


def find_directives(lines, enabled):
    """The directives of a file: those of every enabled prefix and of CHECK,
    and any `WORD-NEXT:`-style line whatever its prefix."""
    known = "|".join(sorted((re.escape(p) for p in enabled | {"CHECK"}),
                            key=len, reverse=True))
    directive = re.compile(r"(?<![\w-])(%s)%s" % (known, DIRECTIVE))
    suffixed = re.compile(
        r"(?<![\w-])([A-Z][A-Z0-9_]*)(-NEXT|-NOT|-SAME|-DAG|-LABEL|-EMPTY"
        r"|-COUNT-\d+):")
    found = []
    for number, line in enumerate(lines, 1):
        if re.search(r"\bRUN:", line):
            continue
        match = directive.search(line) or suffixed.search(line)
        if match:
            found.append(Directive(number, match.group(1),
                                   match.group(2) or "",
                                   line[match.end():].strip()))
    return found


def dead_checks(found, enabled):
    """Directives whose prefix no FileCheck of the file enables."""
    dead = [d for d in found if d.prefix not in enabled]
    if not dead:
        return []
    prefix = dead[0].prefix
    return [(dead[0].line, "dead-checks",
             "%d check line(s) with prefix %s, which no FileCheck in this "
             "file enables: they are never checked" % (
                 sum(1 for d in dead if d.prefix == prefix), prefix))]


def nots_before_next(ordered):
    """NOTs directly followed by a NEXT or EMPTY of the same run."""
    return [(current.line, "not-before-next",
             "%s%s directly before %s%s (line %d): FileCheck only looks for "
             "it between the previous match and the next line, so it cannot "
             "catch what it names" % (current.prefix, current.kind,
                                      following.prefix, following.kind,
                                      following.line))
            for current, following in zip(ordered, ordered[1:])
            if current.kind == "-NOT"
            and following.kind in ("-NEXT", "-EMPTY")]


def nots_after_return(ordered):
    """NOTs after the check of a `return` with no positive check left
    before the next LABEL: they scan only the closing braces."""
    problems = []
    for index, current in enumerate(ordered):
        if current.kind != "-NOT":
            continue
        before = [d for d in ordered[:index] if d.kind != "-NOT"]
        rest = []
        for d in ordered[index + 1:]:
            if d.kind == "-LABEL":
                break
            rest.append(d)
        if (before and re.match(r"return\b", before[-1].pattern)
                and all(d.kind == "-NOT" for d in rest)):
            problems.append(
                (current.line, "not-after-return",
                 "%s%s after the check of the function's return (line %d): "
                 "it only scans what follows the return" % (
                     current.prefix, current.kind, before[-1].line)))
    return problems


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    count = 0
    for path in find_tests(argv[1:]):
        for number, kind, message in lint_file(path):
            print("%s:%d: %s: %s" % (path, number, kind, message))
            count += 1
    print("%d problem(s)" % count)
    return 1 if count else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
