#!/usr/bin/env python3
"""Checks that asc-check's lift maps every Matmul call of a C++ kernel to
one asc op at the call's line:col with the call's template flags, without
trusting the lifter: the calls come from Clang's own AST.

  utils/asc-check-callmap.py SOURCE [--asc-check BIN] [--mlir FILE]
                             [--clang BIN] [--runtime DIR] [-- FLAGS...]

The calls: `clang++ -fsyntax-only -Xclang -ast-dump=json` of the source
(with `-ast-dump-filter` per class and function the source defines, so
the runtime's headers are not dumped), parsed as asc-check parses it
(C++17, `__NPU_ARCH__` 2201, asc-run's runtime headers, the source's
folder, a launch's `<<<...>>>` blanked with its bytes kept, an include
that finds no file given an empty stand-in). Instantiated templates are
walked; a call is a Matmul call when its object's type is a `Matmul`,
`MatmulImpl` or `MatmulModel` instantiation (asc-run's runtime spells
CANN's Matmul as MatmulModel). The calls of REGIST_MATMUL_OBJ's expansion
are that macro's one `asc.matmul.register`.

The ops: `asc-check --emit-mlir --mlir-print-debuginfo
--mlir-print-local-scope` (or the module in `--mlir`). Each call must
have ops at its line:col, all of them `asc.matmul.<method in snake case>`
with `sync` equal to the call's first explicit template argument (for the
calls that take one: `IterateAll<false>` is `sync = false`); an
`asc.matmul.*` op other than `create` must sit at a call. A function
inlined N times gives N ops per call, so every call of one C++ function
must have as many ops as its others: a call lifted twice stands out.
Exit 0 when all match, 1 with one line per mismatch, 2 when a tool
failed.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
MATMUL_TYPE = re.compile(r"\b(Matmul|MatmulImpl|MatmulModel)<")
# The methods whose first template argument is the call's sync flag.
SYNC_METHODS = {"Iterate", "IterateAll", "GetTensorC", "IterateBatch",
                "IterateNBatch", "GetBatchTensorC", "GetBatchC"}
OP_AT = re.compile(r'^\s*(?:%\S+ = )?(asc\.matmul\.\w+)\b(.*)'
                   r'loc\("([^"]*)":(\d+):(\d+)\)\s*$')


def snake(name):
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_",
                  name).lower()


def blank_launches(text):
    """`k<<<b, l2, s>>>(args)` as `k      (args)`: the call the launch means,
    every byte at its line and column."""
    return re.sub(r"<<<.*?>>>",
                  lambda m: re.sub(r"[^\n]", " ", m.group(0)), text,
                  flags=re.S)


def filter_names(text):
    """The classes and functions the source defines: one dump filter each."""
    # The launch attributes take arguments: `__global__ __mix__(1, 2) void
    # k(...)`.
    text = re.sub(r"\b__mix__\s*\([^)]*\)", "", text)
    names = set(re.findall(r"^\s*(?:template\s*<[^;{]*>\s*)?(?:class|struct)"
                           r"\s+(\w+)\s*(?:final\s*)?[:{<]", text, re.M))
    # The functions defined at the top level (a member declared in its
    # class is dumped with the class; an out-of-line member's filter is its
    # class).
    for m in re.finditer(r"^(?:__global__|__aicore__|extern)\b[^;{}()]*?"
                         r"\b(\w+)\s*(?:<[^;{}()]*>)?\s*(?:::\s*(\w+)\s*)?\(",
                         text, re.M):
        names.add(m.group(1))
    return sorted(n for n in names if n not in ("inline", "void"))


def users_text(text, folder, seen=None):
    """The source and the user's headers it includes (those found in its
    folder), for their classes' and functions' names."""
    seen = set() if seen is None else seen
    texts = [text]
    for header in re.findall(r'^\s*#\s*include\s*"([^"]+)"', text, re.M):
        path = os.path.normpath(os.path.join(folder, header))
        if path in seen or not os.path.isfile(path):
            continue
        seen.add(path)
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            texts.append(users_text(f.read(), os.path.dirname(path), seen))
    return "\n".join(texts)


class Walker:
    """Walks Clang's JSON dump in document order: the dump writes a
    location's file and line only when they change."""

    def __init__(self, main_name, copy, folder):
        self.main_name = main_name
        self.copy = copy
        self.folder = folder
        self.file = None
        self.line = None
        self.calls = {}      # offset -> call
        self.functions = {}  # function offset -> set of call offsets

    def users(self, path):
        """The name a file of the user's goes by (the source, or a header
        in its folder), or None for the API's headers."""
        if not path:
            return None
        if os.path.abspath(path) == self.copy:
            return self.main_name
        if os.path.abspath(path).startswith(self.folder + os.sep):
            return os.path.relpath(os.path.abspath(path), self.folder)
        return None

    def bare(self, loc):
        if "file" in loc:
            self.file = loc["file"]
        if "line" in loc:
            self.line = loc["line"]
        return {"file": self.file, "line": self.line, "col": loc.get("col"),
                "offset": loc.get("offset"), "tokLen": loc.get("tokLen")}

    def location(self, loc):
        """(spelling, expansion) of a location object, in the dump's order."""
        if not loc:
            return None, None
        if "spellingLoc" in loc:
            spelling = self.bare(loc["spellingLoc"])
            expansion = self.bare(loc["expansionLoc"])
            return spelling, expansion
        at = self.bare(loc)
        return at, at

    def walk(self, node, function=None):
        if not isinstance(node, dict):
            return
        self.location(node.get("loc"))
        rng = node.get("range") or {}
        begin = self.location(rng.get("begin"))
        self.location(rng.get("end"))
        kind = node.get("kind")
        if kind in ("FunctionDecl", "CXXMethodDecl", "CXXConstructorDecl") \
                and begin[1] and self.users(begin[1]["file"]):
            function = (node.get("name"), begin[1]["file"],
                        begin[1]["offset"])
        if kind == "CXXMemberCallExpr":
            self.member_call(node, begin, function)
        for child in node.get("inner", []):
            self.walk(child, function)

    def member_call(self, node, begin, function):
        inner = node.get("inner") or []
        if not inner or inner[0].get("kind") != "MemberExpr":
            return
        member = inner[0]
        objects = member.get("inner") or []
        if not objects:
            return
        object_type = objects[0].get("type", {})
        spelled = object_type.get("desugaredQualType",
                                  object_type.get("qualType", ""))
        if not (MATMUL_TYPE.search(spelled) or
                MATMUL_TYPE.search(object_type.get("qualType", ""))):
            return
        spelling, expansion = begin
        if not expansion or not self.users(expansion["file"]):
            return
        end = member.get("range", {}).get("end", {})
        where = self.users(expansion["file"])
        key = (where, expansion["offset"], member["name"],
               spelling["offset"] if spelling else None)
        call = self.calls.setdefault(key, {
            "method": member["name"], "file": where,
            "path": expansion["file"], "line": expansion["line"],
            "col": expansion["col"], "offset": expansion["offset"],
            "macro": spelling is not None and spelling != expansion,
            "member_begin": member.get("range", {}).get("begin", {}),
            "member_end": end, "function": function})
        self.functions.setdefault(function, set()).add(key)


def explicit_template_args(source, call):
    """The template arguments written after the method's name, as text."""
    begin = call["member_begin"].get("offset")
    end = call["member_end"].get("offset")
    if begin is None or end is None or call["macro"]:
        return []
    text = source[begin:end + (call["member_end"].get("tokLen") or 0)]
    at = text.rfind(call["method"])
    rest = text[at + len(call["method"]):].strip() if at >= 0 else ""
    if not rest.startswith("<") or not rest.endswith(">"):
        return []
    args, depth, current = [], 0, ""
    for ch in rest[1:-1]:
        if ch in "<([":
            depth += 1
        elif ch in ">)]":
            depth -= 1
        if ch == "," and depth == 0:
            args.append(current.strip())
            current = ""
        else:
            current += ch
    args.append(current.strip())
    return args


def clang_calls(source_path, clang, runtime, flags):
    """The Matmul member calls of the source, from Clang's AST."""
    with open(source_path, encoding="utf-8", errors="surrogateescape") as f:
        original = f.read()
    text = blank_launches(original)
    main_name = os.path.basename(source_path)
    folder = os.path.dirname(os.path.abspath(source_path))
    with tempfile.TemporaryDirectory(prefix="asc-callmap-") as tmp:
        copy = os.path.join(tmp, main_name)
        with open(copy, "w", encoding="utf-8",
                  errors="surrogateescape") as f:
            f.write(text)
        stubs = os.path.join(tmp, "stubs")
        os.makedirs(stubs)
        base = [clang, "-xc++", "-std=c++17", "-fsyntax-only",
                "-Wno-missing-template-arg-list-after-template-kw", "-w",
                "-fno-spell-checking", "-ferror-limit=0",
                "-D__NPU_ARCH__=2201", "-I" + runtime, "-I" + folder,
                "-I" + stubs]
        for flag in flags:
            m = re.match(r"--npu-arch=dav-(\d+)$", flag)
            base.append("-D__NPU_ARCH__=" + m.group(1) if m else flag)
        walker = Walker(main_name, os.path.abspath(copy), folder)
        for name in filter_names(users_text(text, folder)):
            for _ in range(64):
                run = subprocess.run(
                    base + ["-Xclang", "-ast-dump=json", "-Xclang",
                            "-ast-dump-filter=" + name, copy],
                    capture_output=True, text=True, errors="replace")
                missing = re.search(r"fatal error: '([^']+)' file not found",
                                    run.stderr)
                if not missing:
                    break
                # A header not on this machine (acl, the tiling API): an
                # empty stand-in, as asc-check skips it.
                stub = os.path.join(stubs, missing.group(1))
                os.makedirs(os.path.dirname(stub), exist_ok=True)
                open(stub, "w").close()
            decoder = json.JSONDecoder()
            out, at = run.stdout, 0
            while True:
                while at < len(out) and out[at] != "{":
                    at += 1
                if at >= len(out):
                    break
                node, at = decoder.raw_decode(out, at)
                walker.file = walker.line = None
                walker.walk(node)
    return walker, original


def mlir_ops(text, source_path):
    """The asc.matmul ops at the user's files, by the name the walker
    gives each file."""
    folder = os.path.dirname(os.path.abspath(source_path))
    ops = []
    for line in text.splitlines():
        m = OP_AT.match(line)
        if not m:
            continue
        path = os.path.abspath(m.group(3))
        if path == os.path.abspath(source_path):
            where = os.path.basename(source_path)
        elif path.startswith(folder + os.sep):
            where = os.path.relpath(path, folder)
        else:
            continue
        sync = re.search(r"\bsync = (true|false)\b", m.group(2))
        ops.append({"op": m.group(1), "file": where,
                    "line": int(m.group(4)),
                    "col": int(m.group(5)),
                    "sync": sync.group(1) if sync else "true"})
    return ops


def check(source_path, flags, args, module=None):
    """The mismatches of one source, or None when it does not lift."""
    if module is None:
        run = subprocess.run(
            [args.asc_check, source_path, "--emit-mlir",
             "--mlir-print-debuginfo", "--mlir-print-local-scope", "--"]
            + flags, capture_output=True, text=True)
        if run.returncode not in (0, 1):
            return None
        module = run.stdout
    walker, source = clang_calls(source_path, args.clang, args.runtime,
                                 flags)
    name = os.path.basename(source_path)
    folder = os.path.dirname(os.path.abspath(source_path))
    texts = {name: source}

    def text_of(where):
        if where not in texts:
            with open(os.path.join(folder, where), encoding="utf-8",
                      errors="surrogateescape") as f:
                texts[where] = f.read()
        return texts[where]

    ops = mlir_ops(module, source_path)
    by_loc = {}
    for op in ops:
        by_loc.setdefault((op["file"], op["line"], op["col"]),
                          []).append(op)

    problems = []
    matched = set()
    counts = {}
    calls = sorted(walker.calls.values(), key=lambda c: c["offset"])
    registers = {}
    for call in calls:
        at = (call["file"], call["line"], call["col"])
        if call["macro"] and text_of(call["file"])[call["offset"]:] \
                .startswith("REGIST_MATMUL_OBJ"):
            registers[at] = call
            continue
        expected = "asc.matmul." + snake(call["method"])
        found = by_loc.get(at, [])
        matched.add(at)
        if not found:
            problems.append(f"{at[0]}:{at[1]}:{at[2]}: '{call['method']}' has "
                            f"no op (expected {expected})")
            continue
        for op in found:
            if op["op"] != expected:
                problems.append(f"{at[0]}:{at[1]}:{at[2]}: '{call['method']}' "
                                f"is lifted as {op['op']}, expected "
                                f"{expected}")
        template = explicit_template_args(text_of(call["file"]), call)
        if call["method"] in SYNC_METHODS and template:
            for op in found:
                if template[0] in ("true", "false") and \
                        op["sync"] != template[0]:
                    problems.append(
                        f"{at[0]}:{at[1]}:{at[2]}: "
                        f"'{call['method']}<{template[0]}>' is lifted with "
                        f"sync = {op['sync']}")
        counts.setdefault(call["function"], {})[at] = len(found)
    # REGIST_MATMUL_OBJ's expansion in asc-run's headers makes no member
    # call on the object: its op is found by the macro's name at its place.
    for op in ops:
        at = (op["file"], op["line"], op["col"])
        lines = text_of(op["file"]).splitlines(keepends=True)
        if op["op"] == "asc.matmul.register" and at[1] <= len(lines) and \
                lines[at[1] - 1][at[2] - 1:].startswith("REGIST_MATMUL_OBJ"):
            registers.setdefault(at, None)
    for at in registers:
        found = by_loc.get(at, [])
        matched.add(at)
        if [op["op"] for op in found] != ["asc.matmul.register"] * len(found) \
                or not found:
            problems.append(f"{at[0]}:{at[1]}:{at[2]}: REGIST_MATMUL_OBJ is "
                            "lifted as " + (", ".join(
                                op["op"] for op in found) or "nothing") +
                            ", expected asc.matmul.register")
    for function, per_call in counts.items():
        if len(set(per_call.values())) > 1:
            listing = ", ".join(f"{line}:{col} {n}" for (_, line, col), n
                                in sorted(per_call.items()))
            problems.append(f"{name}: the calls of '{function[0]}' have "
                            f"different numbers of ops ({listing}): a call "
                            "lifted twice or dropped on a path")
    for op in ops:
        at = (op["file"], op["line"], op["col"])
        if at in matched or op["op"] == "asc.matmul.create":
            continue
        problems.append(f"{at[0]}:{at[1]}:{at[2]}: {op['op']} stands for no "
                        "Matmul call of the source")
        matched.add(at)
    print(f"{name}: {len(calls)} Matmul calls, {len(ops)} asc.matmul ops, "
          f"{len(problems)} mismatches")
    for problem in problems:
        print("error: " + problem)
    return problems




def main():
    argv = sys.argv[1:]
    flags = []
    if "--" in argv:
        at = argv.index("--")
        argv, flags = argv[:at], argv[at + 1:]
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("sources", nargs="*")
    p.add_argument("--asc-check",
                   default=os.path.join(HERE, "..", "build", "bin",
                                        "asc-check"))
    p.add_argument("--mlir", help="the lifted module of the one source "
                   "(default: run asc-check)")
    p.add_argument("--a2-samples", metavar="EXAMPLES_DIR",
                   help="every Atlas A2 Matmul sample of asc-devkit's "
                   "examples that lifts, each with its CMakeLists' -D flags")
    p.add_argument("--clang", default="/usr/lib/llvm-22/bin/clang++")
    p.add_argument("--runtime", default=os.path.join(HERE, "..", "runtime"))
    args = p.parse_args(argv)
    jobs = [(source, flags) for source in args.sources]
    if args.a2_samples:
        sys.path.insert(0, os.path.join(HERE, "..", "bench"))
        import cann_samples
        for sample in cann_samples.a2_matmul_samples(args.a2_samples):
            try:
                defines = cann_samples.sample_defines(sample)
            except (ValueError, OSError):
                defines = []
            jobs.append((sample, defines + flags))
    if not jobs or (args.mlir and len(jobs) != 1):
        p.error("give one source with --mlir, or sources, or --a2-samples")
    module = None
    if args.mlir:
        with open(args.mlir, encoding="utf-8") as f:
            module = f.read()
    checked = failed = refused = 0
    for source, source_flags in jobs:
        problems = check(source, source_flags, args, module)
        if problems is None:
            refused += 1
            print(f"{os.path.basename(source)}: not lifted (asc-check "
                  "refuses it)")
            continue
        checked += 1
        failed += bool(problems)
    if len(jobs) > 1:
        print(f"{checked} lifted sources checked, {failed} with a mismatch, "
              f"{refused} not lifted")
    if checked == 0:
        print("asc-check-callmap: no source lifted", file=sys.stderr)
        return 2
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
