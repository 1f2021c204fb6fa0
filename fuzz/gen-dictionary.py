#!/usr/bin/env python3
"""Writes the libFuzzer dictionary of the asc dialect from its ODS.

Reads the records `mlir-tblgen --print-records` prints for AscOps.td (which
includes the types, attributes and enums) and keeps what can appear in the
textual IR of the asc dialect: operation names, their argument names
(attribute names in the attr-dict), type and attribute mnemonics, enum
keywords and the literals of the assembly formats.

  gen-dictionary.py --tblgen mlir-tblgen -I dir... AscOps.td -o asc.dict
"""
import argparse
import re
import subprocess
import sys

# Words of the kernels the transforms take that the asc ODS does not hold:
# the tiling fields their strides come from, the narrow counters and their
# casts, the view form of a fetch, the workspace attributes and the loop
# syntax around them (--asc-pipeline-loops, its versioning, promote-sync).
TRANSFORM_WORDS = [
    "asc.tiling.get", "%tiling[singleCoreM]", "%tiling[singleCoreN]", "%tiling[M]",
    "%tiling[N]", "%tiling[baseM]", "[singleCoreM]", "[singleCoreN]", "[baseM]",
    "[baseN]", "asc.get_block_idx", "arith.trunci", "arith.extsi", "arith.extui",
    "arith.index_cast", "arith.muli", "arith.addi", "arith.subi", "arith.divsi",
    "arith.ceildivsi", "arith.constant", " : i8", " : i16", " : i32", " : i64",
    " : index", " : i64 to i8", " : i64 to i16", " : i64 to i32", " : i32 to i8",
    " : i32 to i16", " : i8 to i64", " : i16 to i64", " : i32 to i64",
    " : i32 to index", "scf.for", "scf.while", "scf.condition", "scf.yield",
    "scf.if", " step ", " iter_args(", "{sync = false}", "{sync = false} : ",
    "-> !gm_f32", "-> !asc.global_tensor<f32>", "{en_sequential_write = true}",
    "asc.matmul.get_tensor_c", "asc.matmul.wait_get_tensor_c",
    "asc.matmul.iterate", "asc.get_user_workspace", "asc.set_global_buffer",
    "asc.workspace", "asc.block_workspace",
    "#asc.block_workspace<bytes_per_core = 4096>", "asc.output_elements",
    "asc.output_elements = 512 : i64", "asc.no_alias", "asc.copies = 2",
]

RECORD_START = re.compile(r"^def (\S+) \{(?:\t// (.*))?$")


def parse_records(text):
    """Maps each record name to (its classes, its field lines)."""
    records = {}
    name = None
    for line in text.splitlines():
        match = RECORD_START.match(line)
        if match:
            name = match.group(1)
            records[name] = ((match.group(2) or "").split(), [])
        elif line == "}":
            name = None
        elif name:
            records[name][1].append(line)
    return records


def field(lines, kind, key):
    """The value of `kind key = value;` in a record, or None."""
    prefix = "  %s %s = " % (kind, key)
    for index, line in enumerate(lines):
        if not line.startswith(prefix):
            continue
        value = line[len(prefix):]
        if value.startswith("[{"):
            # A code block, possibly over several lines, up to "}];".
            body = [value[2:]]
            for more in lines[index + 1:]:
                if body[-1].rstrip().endswith("}];"):
                    break
                body.append(more)
            return "\n".join(body).rstrip().rstrip(";").rstrip("]").rstrip("}")
        return value.rstrip(";")
    return None


def string_value(value):
    if value is None or not value.startswith('"'):
        return None
    return value[1:-1].encode().decode("unicode_escape")


def dictionary_words(records, dialect_record):
    dialect = string_value(field(records[dialect_record][1], "string", "name"))
    words = set()

    def add_format_literals(fmt):
        for literal in re.findall(r"`([^`]+)`", fmt or ""):
            words.add(literal)

    for name, (classes, lines) in records.items():
        if field(lines, "Dialect", "opDialect") == dialect_record:
            words.add("%s.%s" % (dialect, string_value(field(lines, "string", "opName"))))
            arguments = field(lines, "dag", "arguments") or ""
            words.update(re.findall(r":\$(\w+)", arguments))
            add_format_literals(field(lines, "code", "assemblyFormat")
                                or string_value(field(lines, "string", "assemblyFormat")))
        elif field(lines, "Dialect", "dialect") == dialect_record:
            mnemonic = string_value(field(lines, "string", "mnemonic"))
            if mnemonic:
                sigil = "!" if "TypeDef" in classes else "#"
                words.add("%s%s.%s" % (sigil, dialect, mnemonic))
                words.add(mnemonic)
            parameters = field(lines, "dag", "parameters") or ""
            words.update(re.findall(r":\$(\w+)", parameters))
            add_format_literals(field(lines, "code", "assemblyFormat")
                                or string_value(field(lines, "string", "assemblyFormat")))
        elif "EnumInfo" in classes and string_value(
                field(lines, "string", "cppNamespace")) == "::mlir::" + dialect:
            cases = field(lines, "list<EnumCase>", "enumerants") or ""
            for case in re.findall(r"\w+", cases):
                if case in records:
                    keyword = string_value(field(records[case][1], "string", "str"))
                    if keyword:
                        words.add(keyword)
    return sorted(w for w in words if w.strip())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tblgen", required=True)
    parser.add_argument("-I", dest="includes", action="append", default=[])
    parser.add_argument("--dialect-record", default="Asc_Dialect")
    parser.add_argument("-o", dest="output", required=True)
    parser.add_argument("td")
    args = parser.parse_args()
    command = [args.tblgen, "--print-records", args.td]
    for include in args.includes:
        command += ["-I", include]
    text = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    records = parse_records(text)
    if args.dialect_record not in records:
        sys.exit("gen-dictionary.py: no record %s in %s" % (args.dialect_record, args.td))
    words = sorted(set(dictionary_words(records, args.dialect_record)) | set(TRANSFORM_WORDS))
    with open(args.output, "w") as out:
        out.write("# libFuzzer dictionary generated from %s by gen-dictionary.py\n" % args.td)
        for index, word in enumerate(words):
            escaped = word.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
            out.write('w%d="%s"\n' % (index, escaped))


if __name__ == "__main__":
    main()
