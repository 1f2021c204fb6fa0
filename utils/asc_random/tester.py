#!/usr/bin/env python3
"""asc-random-test: random differential testing of the asc compiler.

  asc-random-test --count N --seed S [--jobs J] [--run-count R]

Kernel i comes from asc-gen-kernel with seed S + i; every third one is
invalid (it breaks one rule, the rules in turn). For a valid kernel:

  - `asc-opt --asc-verify-sync` accepts it;
  - for each placement option set (default, promote-sync, hoist-issues=false,
    both, pipeline-loops, pipeline-loops with promote-sync,
    repair-missing-waits): the placed output passes `--asc-verify-sync` and placing it again
    changes nothing (idempotence);
  - a random reordering from the placement space (each wait and async issue
    at a random one of its positions, racy ones included): when the
    incremental re-check (-test-asc-apply-placement's recheck) proves it
    keeps the protocol, the whole function's check agrees;
  - for the first R valid kernels that asc-run can execute: asc-run as
    written, with --asc-sync-placement and with each option above; every run is
    `ok` with a silent race checker, and every output digest equals the
    as-written run's (bit-identical results).

An invalid kernel must be rejected by `--asc-verify-sync` (and, for P1-P7,
by the placement) with its rule's diagnostic; never accepted, never a crash.

On a failure the kernel is reduced (delta debugging over its ops and
regions, keeping the failure's signature) and the reduced input and the
command reproducing it are printed. The exit status is 1 on any failure;
the last line is `N kernels, N failures`.

ASC_RANDOM_TEST_ASC_OPT (or --asc-opt) replaces asc-opt, so that a broken
compiler (a wrapper) can show that the tester catches it.
"""
import argparse
import concurrent.futures
import json
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import zlib

from . import cli, generate, model, mutate, shapes

PLACEMENTS = [
    ("default", "", []),
    ("promote-sync", "promote-sync=true", ["--asc-promote-sync"]),
    ("no-hoist", "hoist-issues=false", ["--asc-hoist-issues=false"]),
    ("promote-sync,no-hoist", "promote-sync=true hoist-issues=false",
     ["--asc-promote-sync", "--asc-hoist-issues=false"]),
    # The loops over tiles rotated first (--asc-pipeline-loops).
    ("pipeline-loops", "pipeline-loops=true", ["--asc-pipeline-loops"]),
    ("pipeline-loops,promote-sync", "pipeline-loops=true promote-sync=true",
     ["--asc-pipeline-loops", "--asc-promote-sync"]),
    # Nothing is missing in a valid kernel: the repair must leave it as the
    # default placement does.
    ("repair-missing-waits", "repair-missing-waits=true", ["--asc-repair-missing-waits"]),
]
# What asc-run cannot execute yet (docs/Testing.md): compiler checks only.
NOT_RUNNABLE = {
    "cf": "the lowering does not take cf branches",
    "cf-loop": "the lowering does not take cf branches",
    "recreated-object": "the lowering does not take cf branches",
    "object-select": "objects are declared once and used in place",
    "object-call": "objects are declared once and used in place",
}
CRASH_MARKERS = ("PLEASE submit a bug report", "Stack dump", "Assertion", "LLVM ERROR")


class Tools:
    def __init__(self, args):
        # The tools beside the entry script (build/bin) unless told.
        bin_dir = args.bin or os.path.dirname(os.path.abspath(sys.argv[0]))
        self.asc_opt = (args.asc_opt or os.environ.get("ASC_RANDOM_TEST_ASC_OPT")
                        or os.path.join(bin_dir, "asc-opt"))
        self.asc_run = args.asc_run or os.path.join(bin_dir, "asc-run")
        self.timeout = args.timeout
        self.cf_share = args.cf_share
        self.shape_share = args.shape_share
        self.own_workspace_share = args.own_workspace_share

    def run(self, argv, stdin=None):
        try:
            p = subprocess.run(argv, input=stdin, capture_output=True, text=True,
                               timeout=self.timeout)
        except subprocess.TimeoutExpired:
            return -999, "", "timeout"
        return p.returncode, p.stdout, p.stderr

    def opt(self, text, *passes):
        return self.run([*shlex.split(self.asc_opt), "-", *passes], stdin=text)


def crashed(rc, err):
    return rc < 0 or rc > 1 or any(m in err for m in CRASH_MARKERS)


def first_error(err):
    for line in err.splitlines():
        if "error:" in line:
            return line.split("error:", 1)[1].strip()
    return err.strip().splitlines()[0] if err.strip() else "(no message)"


# -- checks: each returns None or a failure signature (a short string) ------

def check_compiler(tools, text, only=None):
    rc, _, err = tools.opt(text, "--asc-verify-sync")
    if crashed(rc, err):
        return "asc-opt --asc-verify-sync crashes on the input"
    if rc:
        return "the input is rejected: " + first_error(err)
    for name, options, _ in PLACEMENTS:
        if only and name != only:
            continue
        flag = f"--asc-sync-placement={options}" if options else "--asc-sync-placement"
        rc, placed, err = tools.opt(text, flag)
        if crashed(rc, err):
            return f"placement [{name}] crashes"
        if rc:
            return f"placement [{name}] rejects the input: " + first_error(err)
        rc, again, err = tools.opt(placed, "--asc-verify-sync", flag)
        if crashed(rc, err):
            return f"placement [{name}]: re-checking the output crashes"
        if rc:
            return f"placement [{name}]: the output fails --asc-verify-sync: " + first_error(err)
        if again != placed:
            return f"placement [{name}] is not idempotent"
    if not only:
        return check_incremental_recheck(tools, text)
    return None


RECHECK_REMARK = re.compile(r"remark: incremental re-check (passes|falls back)"
                            r"[^;]*; the whole function (passes|fails)")


def choose_gap(chooser, movable):
    """Mostly a gap next to the movable's own (small moves are the ones
    that keep the protocol, and the re-check's ranges stay apart), else any
    of its gaps."""
    gaps = movable["gaps"]
    if chooser.random() < 0.6:
        near = [g for g in gaps if g != movable["index"]]
        near.sort(key=lambda g: abs(g - movable["index"]))
        return near[0] if near else gaps[0]
    return chooser.choice(gaps)


def check_incremental_recheck(tools, text):
    """A random reordering of the kernel's waits and async issues within
    their blocks (a seeded choice among each one's positions): the
    incremental re-check never proves what the whole check refutes."""
    rc, space, err = tools.opt(text, "-test-asc-placement-space", "-o", "/dev/null")
    if crashed(rc, err) or rc:
        return "-test-asc-placement-space fails: " + first_error(err)
    chooser = random.Random(zlib.crc32(text.encode()))
    moves = []
    for line in space.splitlines():
        for movable in json.loads(line)["movables"]:
            if chooser.random() < 0.3:
                moves.append(f"{movable['id']}={choose_gap(chooser, movable)}")
    if not moves:
        return None
    rc, _, err = tools.opt(text, "-test-asc-apply-placement=moves=" + ",".join(moves)
                           + " recheck=true", "--verify-each=false", "-o", "/dev/null")
    if crashed(rc, err):
        return "the incremental re-check crashes"
    for incremental, whole in RECHECK_REMARK.findall(err):
        if incremental == "passes" and whole == "fails":
            return "the incremental re-check passes a reordering the whole check refutes"
    return None


def run_kernel(tools, path, extra):
    rc, out, err = tools.run([tools.asc_run, path, "--json", *extra])
    lines = [l for l in out.splitlines() if l.startswith("{")]
    if not lines:
        return None, f"asc-run {' '.join(extra) or '(as written)'} fails: " + first_error(err or out)
    return json.loads(lines[-1]), None


def check_run(tools, text, launch, workdir, only=None):
    path = os.path.join(workdir, "kernel.mlir")
    with open(path, "w") as f:
        f.write(text)
    with open(os.path.join(workdir, "kernel.launch.json"), "w") as f:
        json.dump(launch, f)
    base, problem = run_kernel(tools, path, [])
    if problem:
        return problem
    if base["exit_code"] != 0:
        return f"asc-run (as written): {base['verdict']}: {base['checker']['message']}"
    digests = {o["name"]: o["digest"] for o in base["outputs"]}
    if not digests:
        return "asc-run (as written) reports no output digests"
    for name, _, flags in PLACEMENTS:
        if only and name != only:
            continue
        report, problem = run_kernel(tools, path, ["--asc-sync-placement", *flags])
        if problem:
            return problem
        if report["exit_code"] != 0:
            return f"asc-run --asc-sync-placement [{name}]: {report['verdict']}: {report['checker']['message']}"
        for o in report["outputs"]:
            if digests.get(o["name"]) != o["digest"]:
                return f"asc-run --asc-sync-placement [{name}]: output {o['name']} differs from the as-written run"
    return None


def check_run_in_temp(tools, text, launch, only=None):
    workdir = tempfile.mkdtemp(prefix="asc-random-")
    try:
        return check_run(tools, text, launch, workdir, only)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def check_invalid(tools, text, rule, expect):
    rc, _, err = tools.opt(text, "--asc-verify-sync")
    if crashed(rc, err):
        return "asc-opt --asc-verify-sync crashes"
    if rc == 0:
        return f"accepted (breaks {rule})"
    if expect not in err:
        return f"rejected without the {rule} diagnostic: " + first_error(err)
    if rule.startswith("P"):
        rc, _, err = tools.opt(text, "--asc-sync-placement")
        if crashed(rc, err):
            return "placement crashes"
        if rc == 0:
            return f"placement accepts it (breaks {rule})"
        if expect not in err:
            return f"placement rejects it without the {rule} diagnostic: " + first_error(err)
    return None


# -- reduction --------------------------------------------------------------

def units(lines):
    """Removable pieces of a kernel: (start, end) line ranges, one per op in
    the function body, a whole region op (through its closing brace) or a cf
    block."""
    out = []
    in_body = False
    stack = []
    for i, line in enumerate(lines):
        text = line.strip()
        if text.startswith("func.func"):
            in_body = True
            continue
        if not in_body or not text or text.startswith("//"):
            continue
        if text == "}" and not stack:
            break
        if text.startswith("}"):
            if text == "}":
                start = stack.pop()
                out.append((start, i + 1))
            continue  # `} else {` / `} do {` stay with their op
        if text.endswith("{"):
            stack.append(i)
            continue
        if text.startswith("^") or text.startswith("return") or text.startswith("scf.yield") \
                or text.startswith("scf.condition"):
            continue
        out.append((i, i + 1))
    return out


def reduce(text, still_fails, budget):
    """Greedy delta debugging: drop chunks of units, then single units, while
    the failure keeps its signature. `budget` caps the number of tests."""
    lines = text.split("\n")
    tests = 0
    chunk = None
    while True:
        cand = units(lines)
        if chunk is None:
            chunk = max(1, len(cand) // 2)
        progress = False
        i = len(cand)
        # From the end: later ops depend on earlier ones, not the reverse.
        while i > 0 and tests < budget:
            group = cand[max(0, i - chunk):i]
            drop = set()
            for s, e in group:
                drop.update(range(s, e))
            trial = [l for k, l in enumerate(lines) if k not in drop]
            tests += 1
            if still_fails("\n".join(trial)):
                lines = trial
                progress = True
                cand = units(lines)
                i = min(i - len(group), len(cand))
            else:
                i -= chunk
        if tests >= budget:
            break
        if not progress:
            if chunk == 1:
                break
            chunk = max(1, chunk // 2)
    return "\n".join(lines), tests


# -- the driver --------------------------------------------------------------

def plan(args):
    """(index, seed, kind, rule) for each kernel."""
    items = []
    invalid = 0
    for i in range(args.count):
        seed = args.seed + i
        if args.invalid_every and i % args.invalid_every == args.invalid_every - 1:
            items.append((i, seed, "invalid", mutate.RULES[invalid % len(mutate.RULES)]))
            invalid += 1
        else:
            items.append((i, seed, "valid", None))
    return items


def share_flags(tools):
    """asc-gen-kernel's flags for the campaign's cf and shape shares, when
    not the defaults."""
    flags = "" if tools.cf_share == model.CF_SHARE else f" --cf-share {tools.cf_share}"
    if tools.shape_share != shapes.SHAPE_SHARE:
        flags += f" --shape-share {tools.shape_share}"
    if tools.own_workspace_share:
        flags += f" --own-workspace-share {tools.own_workspace_share}"
    return flags


def make_item(tools, item):
    """Generates kernel `item` and says how to check it."""
    index, seed, kind, rule = item
    if kind == "invalid":
        rule, expect, text = mutate.generate_invalid(seed, rule)
        return dict(index=index, kind=kind, rule=rule, seed=seed, text=text, ran=False,
                    checker=lambda t, only=None: check_invalid(tools, t, rule, expect),
                    command=f"asc-gen-kernel --seed {seed} --invalid --rule {rule} | asc-opt - --asc-verify-sync")
    text, launch, g = generate.generate_valid(seed, cf_share=tools.cf_share,
                                             shape_share=tools.shape_share,
                                             own_workspace_share=tools.own_workspace_share)
    return dict(index=index, kind=kind, seed=seed, text=text, launch=launch, ran=False,
                features=sorted(g.features),
                blockers=[NOT_RUNNABLE[f] for f in g.features if f in NOT_RUNNABLE],
                checker=lambda t, only=None: check_compiler(tools, t, only),
                command=f"asc-gen-kernel --seed {seed}{share_flags(tools)} -o k && asc-random-test --check k.mlir")


def join_kernels(texts):
    """One module with the functions of several generated kernels (they share
    the type aliases, and their names differ by seed)."""
    bodies = [t[len(model.HEADER):] for t in texts]
    return model.HEADER + "".join(bodies)


def check_batch(tools, batch):
    """The compiler checks on a batch of valid kernels at once; a batch that
    fails is checked kernel by kernel."""
    if len(batch) > 1 and check_compiler(tools, join_kernels([r["text"] for r in batch])) is None:
        return
    for r in batch:
        r["fail"] = check_compiler(tools, r["text"])


def check_item_run(tools, r):
    workdir = tempfile.mkdtemp(prefix="asc-random-")
    try:
        r["ran"] = True
        r["fail"] = check_run(tools, r["text"], r["launch"], workdir)
        if r["fail"]:
            launch = r["launch"]
            r["checker"] = lambda t, only=None: check_run_in_temp(tools, t, launch, only)
            r["command"] += " --run"
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def check_item_invalid(r):
    r["fail"] = r["checker"](r["text"])


def report_failure(args, result, out):
    print(f"FAIL seed {result['seed']} ({result['kind']}"
          f"{', rule ' + result['rule'] if result.get('rule') else ''}): {result['fail']}", file=out)
    text = result["text"]
    if not args.no_reduce:
        signature = result["fail"]
        # Only the placement the failure names is re-run while reducing.
        named = re.search(r"\[([^\]]+)\]", signature)
        only = named.group(1) if named else None
        # Each asc-run test compiles C++: a smaller budget.
        budget = min(args.reduce_budget, 60) if result.get("ran") else args.reduce_budget
        reduced, tests = reduce(text, lambda t: result["checker"](t, only) == signature, budget)
        print(f"reduced in {tests} tests from {len(text.splitlines())} to "
              f"{len(reduced.splitlines())} lines:", file=out)
        text = reduced
    directory = args.keep or tempfile.mkdtemp(prefix="asc-random-fail-")
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, f"seed-{result['seed']}.mlir")
    with open(path, "w") as f:
        f.write(text)
    if result.get("launch"):
        with open(path[:-5] + ".launch.json", "w") as f:
            json.dump(result["launch"], f, indent=1)
    print(text, file=out)
    print(f"reproduce: {result['command']}", file=out)
    print(f"reduced input: {path}; re-check: asc-random-test --check {path}"
          f"{' --rule ' + result['rule'] if result.get('rule') else ''}"
          f"{' --run' if result.get('ran') else ''}", file=out)


def check_file(tools, args):
    """--check FILE: the checks for one kernel file (a reduced input)."""
    with open(args.check) as f:
        text = f.read()
    if args.rule:
        fail = check_invalid(tools, text, args.rule, mutate.RULE_DIAGNOSTICS[args.rule])
    else:
        fail = check_compiler(tools, text)
        if not fail and args.run:
            launch_path = args.check[:-5] + ".launch.json"
            with open(launch_path) as f:
                launch = json.load(f)
            fail = check_run_in_temp(tools, text, launch)
    print(f"{args.check}: {fail or 'ok'}")
    return 1 if fail else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--run-count", type=int, default=-1,
                        help="valid kernels that also go through asc-run (default all)")
    parser.add_argument("--invalid-every", type=int, default=3,
                        help="every Nth kernel is invalid (0: none)")
    parser.add_argument("--bin", help="directory of asc-opt and asc-run (default: beside this script)")
    parser.add_argument("--asc-opt", help="asc-opt to test (default $ASC_RANDOM_TEST_ASC_OPT, else BIN/asc-opt)")
    parser.add_argument("--asc-run")
    parser.add_argument("--timeout", type=int, default=300)
    parser.add_argument("--batch", type=int, default=25,
                        help="valid kernels per module in the compiler checks")
    parser.add_argument("--no-reduce", action="store_true")
    parser.add_argument("--reduce-budget", type=int, default=400)
    parser.add_argument("--keep", help="directory for reduced failing inputs")
    parser.add_argument("--check", metavar="FILE", help="check one kernel file and stop")
    parser.add_argument("--rule", help="with --check: the file must break this rule")
    parser.add_argument("--run", action="store_true", help="with --check: also run it in asc-run")
    parser.add_argument("--stats", action="store_true", help="print what was covered")
    parser.add_argument("--cf-share", type=cli.share, default=model.CF_SHARE,
                        help="share of valid mix kernels with cf constructs: other names of "
                             "objects, re-created objects, cf loops (default %(default)s; "
                             "asc-run executes none of them)")
    parser.add_argument("--shape-share", type=cli.share, default=shapes.SHAPE_SHARE,
                        help="share of top-level steps of valid kernels followed by one of "
                             "the shapes of issues 49 and 46 (utils/asc_random/shapes.py; "
                             "default %(default)s)")
    parser.add_argument("--own-workspace-share", type=cli.share, default=0.0,
                        help="share of valid mix kernels whose workspace argument they never "
                             "touch (promote-sync may promote their Iterate loops; default "
                             "%(default)s: test/asc-run/promote-iterate-loop-reuse.test)")
    args = parser.parse_args()
    tools = Tools(args)
    if args.check:
        return check_file(tools, args)

    items = plan(args)
    results = [make_item(tools, item) for item in items]
    for r in results:
        r["fail"] = None
    valid = [r for r in results if r["kind"] == "valid"]
    invalid = [r for r in results if r["kind"] == "invalid"]
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        size = max(1, args.batch)
        # promote-sync leaves a module with a cube-only kernel alone: mix
        # kernels are batched apart from cube-only ones.
        batches = []
        for group in ([r for r in valid if "asc.cube_only" not in r["text"]],
                      [r for r in valid if "asc.cube_only" in r["text"]]):
            batches += [group[i:i + size] for i in range(0, len(group), size)]
        list(pool.map(lambda b: check_batch(tools, b), batches))
        list(pool.map(check_item_invalid, invalid))
        runnable = [r for r in valid if not r["fail"] and not r["blockers"]]
        if args.run_count >= 0:
            runnable = runnable[:args.run_count]
        list(pool.map(lambda r: check_item_run(tools, r), runnable))
    failures = [r for r in results if r["fail"]]
    for r in failures:
        report_failure(args, r, sys.stdout)
    if args.stats:
        valid = [r for r in results if r["kind"] == "valid"]
        features = {}
        for r in valid:
            for f in r.get("features", []):
                features[f] = features.get(f, 0) + 1
        rules = {}
        for r in results:
            if r["kind"] == "invalid":
                rules[r["rule"]] = rules.get(r["rule"], 0) + 1
        print(f"valid {len(valid)} (run in asc-run {sum(r['ran'] for r in valid)}), "
              f"invalid {len(results) - len(valid)}")
        print("features: " + ", ".join(f"{k} {v}" for k, v in sorted(features.items())))
        print("rules: " + ", ".join(f"{k} {v}" for k, v in sorted(rules.items(), key=lambda kv: (kv[0][0], int(kv[0][1:])))))
    print(f"{len(results)} kernels, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
