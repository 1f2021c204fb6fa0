#!/usr/bin/env python3
"""How many of CANN's Atlas A2 Matmul samples asc-run takes unchanged.

Walks examples/01_simd_cpp_api of an asc-devkit checkout
(ASC_DEVKIT_EXAMPLES) for the samples that use the Matmul high-level API
(their .asc includes lib/matmul_intf.h) and whose README names Atlas A2, and
for each one:

1. compiles the device part asc-run runs (`asc-run --cpp X.asc --emit-cpp`:
   the .asc with its host code blanked by Clang's parse) against asc-run's
   runtime with the host compiler (-fsyntax-only), as asc-run compiles it;
   the first error names what stops it (a missing API, a missing header);
   with the macros its own CMakeLists.txt defines
   (`target_compile_definitions`, e.g. SCENARIO_NUM=0 from its cache
   default), passed as `-D`, as the sample's build passes them;
2. runs it, if test/asc-run/Inputs/cann-samples has a launch file for it,
   and counts it when it matches its reference with a clean checker, or as
   refused when asc-run stops it naming what it does not model (exit 4),
   or as racing on the device too when asc-run reports a race (exit 3)
   that DEVICE_RACES explains from CANN's source.

Prints one line per sample and the totals (Markdown with --markdown); the
figures of docs/Runtime.md come from it. Exit 0 unless a sample with a
launch file fails otherwise.

Usage: ASC_DEVKIT_EXAMPLES=/tmp/devkit/examples bench/cann_samples.py
           [--build DIR] [--markdown]
"""
import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LAUNCHES = os.path.join(ROOT, "test", "asc-run", "Inputs", "cann-samples")


def a2_matmul_samples(examples):
    """The .asc files of 01_simd_cpp_api that use the Matmul API on A2."""
    found = []
    base = os.path.join(examples, "01_simd_cpp_api")
    for dirpath, _, files in os.walk(base):
        for name in files:
            if not name.endswith(".asc"):
                continue
            path = os.path.join(dirpath, name)
            with open(path, encoding="utf-8", errors="replace") as f:
                if '"lib/matmul_intf.h"' not in f.read():
                    continue
            readme = os.path.join(dirpath, "README.md")
            text = ""
            if os.path.exists(readme):
                with open(readme, encoding="utf-8", errors="replace") as f:
                    text = f.read()
            if "Atlas A2" in text:
                found.append(path)
    return sorted(found)


CMAKE_CALL = re.compile(r"^\s*(\w+)\s*\((.*?)\)\s*$", re.S)


def cmake_calls(text):
    """The commands of a CMakeLists.txt, (name, arguments), in order."""
    text = re.sub(r"#[^\n]*", "", text)
    calls = []
    for m in re.finditer(r"(\w+)\s*\(((?:[^()]|\([^()]*\))*)\)", text):
        calls.append((m.group(1).lower(), m.group(2).split()))
    return calls


def cmake_definitions(cmakelists):
    """The `-D` flags of a sample's target_compile_definitions, with each
    ${VAR} read from the file's own set() commands (a CACHE variable at its
    default, as a plain `cmake` configures it; CMAKE_ASC_ARCHITECTURES
    dav-2201, the Atlas A2 the samples are counted for). Conditions of the
    form `if(A STREQUAL "text")` and `if(A EQUAL n)` are evaluated (an
    unset variable is its own name, as in CMake); any other condition, or
    a variable the file does not set, raises ValueError naming it, so a
    definition is never passed with a guessed value."""
    if not os.path.exists(cmakelists):
        return []
    with open(cmakelists, encoding="utf-8", errors="replace") as f:
        calls = cmake_calls(f.read())
    variables = {"CMAKE_ASC_ARCHITECTURES": "dav-2201"}
    unknown = set()  # set under a condition not evaluated
    # One entry per open if(): (this branch taken, some branch taken,
    # condition evaluated).
    stack = []

    def expand(word):
        def var(m):
            name = m.group(1)
            if name in unknown or name not in variables:
                raise ValueError("${%s} in %s" % (name, cmakelists))
            return variables[name]
        if len(word) >= 2 and word[0] == word[-1] == '"':
            word = word[1:-1]
        return re.sub(r"\$\{(\w+)\}", var, word)

    def operand(word):
        return expand(variables.get(word, word))

    def condition(args):
        if len(args) == 3 and args[1] == "STREQUAL":
            return operand(args[0]) == operand(args[2])
        if len(args) == 3 and args[1] == "EQUAL":
            # True only when both are numbers and equal: an unset
            # variable's name is no number (CMake's if()).
            left, right = operand(args[0]), operand(args[2])
            return (re.fullmatch(r"-?\d+", left) is not None and
                    re.fullmatch(r"-?\d+", right) is not None and
                    int(left) == int(right))
        return None

    def active():
        return all(taken for taken, _, _ in stack)

    defines = []
    for name, args in calls:
        if name == "if":
            c = condition(args)
            stack.append((bool(c), bool(c), c is not None))
        elif name == "elseif" and stack:
            _, any_taken, known = stack.pop()
            c = condition(args)
            taken = not any_taken and bool(c)
            stack.append((taken, any_taken or taken,
                          known and c is not None))
        elif name == "else" and stack:
            _, any_taken, known = stack.pop()
            stack.append((not any_taken, True, known))
        elif name == "endif" and stack:
            stack.pop()
        elif name == "set" and len(args) >= 2:
            if not all(known for _, _, known in stack):
                unknown.add(args[0])
            elif active() and not ("CACHE" in args and args[0] in variables):
                variables[args[0]] = expand(args[1])
        elif name == "target_compile_definitions":
            if not all(known for _, _, known in stack):
                raise ValueError("target_compile_definitions under a "
                                 "condition not evaluated in %s" % cmakelists)
            if not active():
                continue
            for word in args[1:]:
                if word in ("PRIVATE", "PUBLIC", "INTERFACE"):
                    continue
                defines.append("-D" + expand(word))
    return defines


def first_error(stderr):
    """The first compiler error, without its path."""
    for line in stderr.splitlines():
        m = re.search(r":(\d+):\d+: (fatal )?error: (.*)", line)
        if m:
            return "line %s: %s" % (m.group(1), m.group(3))
    return stderr.strip().splitlines()[-1] if stderr.strip() else "?"


def sample_defines(path):
    """The sample's own -D flags, or a ValueError naming what is not read."""
    return cmake_definitions(
        os.path.join(os.path.dirname(path), "CMakeLists.txt"))


def compile_device_part(asc_run, cxx, runtime, path, tmp):
    """Whether the device part compiles; the first error otherwise."""
    try:
        defines = sample_defines(path)
    except ValueError as e:
        return False, "the sample's CMake definitions: %s" % e
    emitted = subprocess.run(
        [asc_run, "--cpp", path] + defines + ["--launch",
         os.path.join(LAUNCHES, "matmul.launch.json"), "--emit-cpp"],
        capture_output=True, text=True)
    if emitted.returncode != 0:
        return False, "asc-run: " + emitted.stderr.strip()
    device = os.path.join(tmp, "device.cpp")
    with open(device, "w") as f:
        f.write('#line 1 "%s"\n' % path)
        # --emit-cpp's first lines list what was blanked.
        f.write("".join(l + "\n" for l in emitted.stdout.splitlines()
                        if not l.startswith("// asc-run: blanked")))
    run = subprocess.run(
        [cxx, "-std=c++17", "-fsyntax-only", "-w"] + defines + [
         "-Wno-missing-template-arg-list-after-template-kw",
         "-D__NPU_ARCH__=2201", "-I", runtime,
         "-iquote", os.path.dirname(path), device],
        capture_output=True, text=True)
    if run.returncode == 0:
        return True, ""
    return False, first_error(run.stderr)


# Samples that race on the device as CANN builds them, with the reason
# (docs/Runtime.md): asc-run's race report is the right verdict, not a
# failure of the model.
DEVICE_RACES = {
    "batch_matmul_iterate_n_batch":
        "__mix__(1, 2): both vector cores run IterateNBatch into the same "
        "workspace and copy it to the same C; CANN's server serves each "
        "AIV's object in turn (kernel_kfc.h, KfcServer::Run over MIX_NUM)",
}


def run_sample(asc_run, path):
    """The verdict of a sample with a launch file (None without one)."""
    name = os.path.splitext(os.path.basename(path))[0]
    launch = os.path.join(LAUNCHES, name + ".launch.json")
    if not os.path.exists(launch):
        return None
    run = subprocess.run([asc_run, "--cpp", path] + sample_defines(path) +
                         ["--launch", launch],
                         capture_output=True, text=True)
    ok = (run.returncode == 0 and "matches the reference" in run.stdout
          and "no race" in run.stdout)
    if ok:
        return "ok"
    refused = re.search(r"with (.*): not modelled by asc-run", run.stdout)
    if run.returncode == 4 and refused:
        return "refused: " + refused.group(1)
    if run.returncode == 3 and name in DEVICE_RACES:
        return "races on the device too"
    return "fails (exit %d)" % run.returncode


ASYNC_CALL = re.compile(r"<false>\s*\(")


def run_cpp(asc_run, path, launch):
    """asc-run --cpp's reports of one sample: cycles summed over its runs,
    the output digests, the verdicts and the race checker's."""
    run = subprocess.run([asc_run, "--cpp", path] + sample_defines(path) +
                         ["--launch", launch, "--json"],
                         capture_output=True, text=True)
    reports = [json.loads(line) for line in run.stdout.splitlines()
               if line.startswith("{")]
    return {
        "exit": run.returncode,
        "verdicts": sorted({r.get("verdict", "?") for r in reports}),
        "checker": sorted({r.get("checker", {}).get("verdict", "?")
                           for r in reports}),
        "cycles": sum(r.get("cost", {}).get("total_cycles", 0)
                      for r in reports),
        "overlap": sum(r.get("cost", {}).get("overlap_cycles", 0)
                       for r in reports),
        "digests": [o.get("digest") for r in reports
                    for o in r.get("outputs", [])]}


def async_fix_cycles(build, examples):
    """The Atlas A2 samples with an async (`<false>`) Matmul call, each run
    in asc-run as written and after `asc-check --fix` (on a copy of its
    folder): cycles before and after, whether the outputs' digests are
    equal, the race checker's verdicts, and how many lines the fix
    changed."""
    asc_run = os.path.join(build, "bin", "asc-run")
    asc_check = os.path.join(build, "bin", "asc-check")
    rows = []
    for path in a2_matmul_samples(examples):
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        if not ASYNC_CALL.search(text):
            continue
        name = os.path.splitext(os.path.basename(path))[0]
        launch = os.path.join(LAUNCHES, name + ".launch.json")
        row = {"sample": name}
        with tempfile.TemporaryDirectory(prefix="asc-fix-") as tmp:
            folder = os.path.join(tmp, name)
            shutil.copytree(os.path.dirname(path), folder)
            fixed = os.path.join(folder, os.path.basename(path))
            fix = subprocess.run([asc_check, "--fix", fixed, "--"] +
                                 sample_defines(path),
                                 capture_output=True, text=True)
            row["fix exit"] = fix.returncode
            with open(fixed, encoding="utf-8", errors="replace") as f:
                after = f.read().splitlines()
            before = text.splitlines()
            row["lines changed"] = sum(a != b for a, b in zip(before, after)) \
                + abs(len(before) - len(after))
            if not os.path.exists(launch):
                row["why"] = "no launch file"
                rows.append(row)
                continue
            row["before"] = run_cpp(asc_run, path, launch)
            row["after"] = run_cpp(asc_run, fixed, launch)
        row["digests equal"] = row["before"]["digests"] == \
            row["after"]["digests"]
        row["why"] = DEVICE_RACES.get(name, "")
        rows.append(row)
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    examples = os.environ.get("ASC_DEVKIT_EXAMPLES")
    if not examples:
        sys.exit("set ASC_DEVKIT_EXAMPLES to the examples/ of asc-devkit")
    asc_run = os.path.join(args.build, "bin", "asc-run")
    cxx = (os.environ.get("CXX") or shutil.which("clang++-22")
           or shutil.which("clang++") or shutil.which("g++"))
    runtime = os.path.join(ROOT, "runtime")
    samples = a2_matmul_samples(examples)
    compiled = ran = failed = 0
    blockers = collections.Counter()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for path in samples:
            rel = os.path.relpath(path, os.path.join(examples,
                                                     "01_simd_cpp_api"))
            ok, error = compile_device_part(asc_run, cxx, runtime, path, tmp)
            verdict = run_sample(asc_run, path) if ok else None
            compiled += ok
            ran += verdict == "ok"
            failed += verdict is not None and verdict != "ok" and \
                not verdict.startswith("refused") and \
                not verdict.startswith("races")
            if not ok:
                blockers[re.sub(r"^line \d+: ", "", error)] += 1
            rows.append((rel, "compiles" if ok else "does not compile",
                         verdict or ("no launch file" if ok else ""),
                         error))
    if args.markdown:
        print("| sample | device part | run | first error |")
        print("| --- | --- | --- | --- |")
        for rel, state, verdict, error in rows:
            print("| `%s` | %s | %s | %s |" % (rel, state, verdict,
                                             error.replace("|", "\\|")))
    else:
        for rel, state, verdict, error in rows:
            print("%-78s %-17s %-15s %s" % (rel, state, verdict, error))
    print()
    print("%d Atlas A2 Matmul samples: %d compile against the runtime, "
          "%d run unchanged and match their references" %
          (len(samples), compiled, ran))
    print("What stops the others, most often first:")
    for error, count in blockers.most_common():
        print("  %2d  %s" % (count, error))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
