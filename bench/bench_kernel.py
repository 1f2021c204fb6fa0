#!/usr/bin/env python3
"""bench_kernel.py: large, valid asc kernels for the benchmarks (not the
random tester's generator, utils/asc_random/generate.py).

Shapes (`--shape`), each stressing one dimension of the analyses' cost:

  rounds   (default) `--functions` functions; each registers up to four
           Matmul objects and then runs rounds of: an async iterate_all on
           one object, the inputs of its next issue staged while it runs, a
           stretch of independent vector work, the matching wait. The total
           op count is close to `--ops`. With `--waits-after-issue`, each
           wait stands right after its issue instead (the hand-written form:
           --asc-sync-placement moves every wait).
  nesting  one function, `--size` scf.if/scf.for regions nested in one
           another around vector work, an async issue pending across the
           whole nest; with `--relevant-inside`, the innermost region also
           stages inputs, issues and waits on a second object.
  blocks   one function whose body is a CFG of `--size` blocks: diamonds of
           cf.cond_br (one arm reads A at a symbolic index), with an issue
           pending across all of them and a loop back edge over the whole
           chain.
  objects  one function with `--size` Matmul objects, each created,
           initialised, given its inputs, issued on, waited on and ended.
  unwaited one function with `--size` async issues without a wait flag,
           each writing its own part of C and staging its own inputs, in
           flight until the kernel ends (End completes nothing), with vector
           work between them.
  fetches  one function with `--size` async Iterate calls, each in flight
           until its loop of GetTensorC<false> + WaitGetTensorC is left.
  names    one function with `--size` issues, each staged, issued and
           waited for through an arith.select of two of four objects.
  cf-loops one function with `--size` CFG loops counting through a block
           argument, an issue pending across all of them, an i8 scf.for
           with an issue and its wait in each.
  recreate one function with `--size` CFG loops like cf-loops, each
           creating an object in its body (a creation reached again on the
           back edge) that it initialises, issues on, waits for and ends.

Output goes to stdout. `--launch FILE` also writes a launch file for asc-run
(shapes rounds, objects and unwaited: one block, 16 x 16 x 16 products, C
without a reference, compared by digest).
"""
import argparse
import json

HEADER = """!mm_t = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!ub_t = !asc.local_tensor<vecin, f16>
!que_t = !asc.queue<vecin, 1>
!gm_t = !asc.global_tensor<f32>
"""

ISSUE = ("asc.matmul.iterate_all {mm}, {c} "
         "{{sync = false, wait_iterate_all = true}} : !mm_t, !gm_t")
WAIT = "asc.matmul.wait_iterate_all {mm} : !mm_t"
VECTOR = "asc.adds %ub, %ub, %s, %n : !ub_t, !ub_t"
# Every issue posts the staged message and clears it: the next issue of the
# object needs SetTensorA/B again (rule P6). The prologue stages the first.
STAGE = "asc.matmul.set_tensor_a {mm}, %ga : !mm_t, !asc.global_tensor<f16>"


def prologue(emit, name, extra_args="", registered=()):
    """The kernel's signature, constants, the registered objects (at most
    four) and the vector work's queue buffer %ub."""
    emit(f"func.func @{name}(%a: !asc.gm_addr {{asc.no_alias}}, "
         f"%c: !asc.gm_addr {{asc.no_alias}}, %tiling_gm: !asc.gm_addr"
         f"{extra_args}) attributes {{asc.kernel}} {{")
    emit("  %pipe = asc.pipe.create")
    emit("  %ws = asc.get_sys_workspace_ptr")
    emit("  %tiling = asc.get_tiling %tiling_gm")
    emit("  %n = arith.constant 256 : i32")
    emit("  %s = arith.constant 1.0 : f16")
    emit("  %one = arith.constant 1 : i32")
    emit("  %bytes = arith.constant 512 : i32")
    emit("  %ga = asc.set_global_buffer %a : !asc.global_tensor<f16>")
    for i, mm in enumerate(registered):
        emit(f"  {mm} = asc.matmul.create : !mm_t")
        emit(f"  %off{i} = arith.constant {i * 65536} : i64")
        emit(f"  %gc{i} = asc.set_global_buffer %c[%off{i}] : !gm_t")
    if registered:
        emit(f"  asc.matmul.register %pipe, %ws, {', '.join(registered)} "
             f"tiling {', '.join(['%tiling'] * len(registered))} : "
             f"{', '.join(['!mm_t'] * len(registered))}")
    # A kernel receives only GM addresses and scalars: the vector work's
    # buffer comes from a queue, set up after the registration.
    emit("  %que = asc.queue.create : !que_t")
    emit("  asc.pipe.init_buffer %pipe, %que, %one, %bytes : !que_t")
    emit("  %ub = asc.queue.alloc_tensor %que : !que_t -> !ub_t")
    for mm in registered:
        emit(f"  asc.matmul.set_tensor_a {mm}, %ga : !mm_t, !asc.global_tensor<f16>")
        emit(f"  asc.matmul.set_tensor_b {mm}, %ga : !mm_t, !asc.global_tensor<f16>")


def epilogue(emit, objects):
    for mm in objects:
        emit(f"  asc.matmul.end {mm} : !mm_t")
    emit("  return")
    emit("}")


def gen_rounds(name, ops, objects, vector_ops_per_round, waits_after_issue):
    lines = []
    emit = lines.append
    mms = [f"%mm{i}" for i in range(objects)]
    prologue(emit, name, registered=mms)
    count = len(lines)
    round_index = 0
    while count < ops:
        i = round_index % objects
        emit("  " + ISSUE.format(mm=f"%mm{i}", c=f"%gc{i}"))
        if waits_after_issue:
            emit("  " + WAIT.format(mm=f"%mm{i}"))
        # The setters of the object's next issue may run while this one is
        # in flight: they only stage a message.
        emit("  " + STAGE.format(mm=f"%mm{i}"))
        for _ in range(vector_ops_per_round):
            emit("  " + VECTOR)
        if not waits_after_issue:
            emit("  " + WAIT.format(mm=f"%mm{i}"))
        count += vector_ops_per_round + 3
        round_index += 1
    epilogue(emit, mms)
    return "\n".join(lines)


def gen_nesting(depth, relevant_inside):
    """scf.if and scf.for alternate; the innermost region holds vector work
    (which the checker must still see against the pending issue) and, with
    `relevant_inside`, an issue and its wait on the second object."""
    lines = []
    emit = lines.append
    mms = ["%mm0", "%mm1"]
    # The second object's output is an argument of its own: a Matmul output
    # is unbounded, so one further along %c would overlap the first's.
    prologue(emit, "kernel0",
             extra_args=", %d: !asc.gm_addr {asc.no_alias}, %cond: i1",
             registered=mms)
    emit("  %gd = asc.set_global_buffer %d : !gm_t")
    emit("  %lb = arith.constant 0 : index")
    emit("  %ub_i = arith.constant 2 : index")
    emit("  %step = arith.constant 1 : index")
    emit("  " + ISSUE.format(mm="%mm0", c="%gc0"))
    for level in range(depth):
        indent = "  " * (level + 1)
        if level % 2 == 0:
            emit(f"{indent}scf.if %cond {{")
        else:
            emit(f"{indent}scf.for %i{level} = %lb to %ub_i step %step {{")
    indent = "  " * (depth + 1)
    if relevant_inside:
        # The loops run the issue again: each run stages its own inputs.
        emit(f"{indent}" + STAGE.format(mm="%mm1"))
    emit(f"{indent}{VECTOR}")
    if relevant_inside:
        emit(f"{indent}" + ISSUE.format(mm="%mm1", c="%gd"))
        emit(f"{indent}{VECTOR}")
        emit(f"{indent}" + WAIT.format(mm="%mm1"))
    for level in reversed(range(depth)):
        emit("  " * (level + 1) + "}")
    emit("  " + WAIT.format(mm="%mm0"))
    epilogue(emit, mms)
    return "\n".join(lines)


def gen_blocks(blocks):
    """`blocks` blocks: a header, then diamonds (cond_br to two arms that
    join), the whole chain in a loop that runs while %cond holds."""
    lines = []
    emit = lines.append
    mms = ["%mm0"]
    prologue(emit, "kernel0", extra_args=", %cond: i1, %k: i64",
             registered=mms)
    emit("  " + ISSUE.format(mm="%mm0", c="%gc0"))
    emit("  cf.br ^b0")
    diamonds = max(1, (blocks - 2) // 3)
    for d in range(diamonds):
        emit(f"^b{d}:")
        emit(f"  cf.cond_br %cond, ^l{d}, ^r{d}")
        emit(f"^l{d}:")
        emit("  " + VECTOR)
        # A read at a symbolic index: the alias analysis asks whether the
        # index's block may run repeatedly.
        emit(f"  %v{d} = asc.get_value %ga[%k] : !asc.global_tensor<f16>")
        emit(f"  cf.br ^b{d + 1}")
        emit(f"^r{d}:")
        emit(f"  cf.br ^b{d + 1}")
    emit(f"^b{diamonds}:")
    emit("  cf.cond_br %cond, ^b0, ^exit")
    emit("^exit:")
    emit("  " + WAIT.format(mm="%mm0"))
    epilogue(emit, mms)
    return "\n".join(lines)


def gen_objects(objects):
    """Objects beyond the four a kernel registers are set up with init."""
    lines = []
    emit = lines.append
    prologue(emit, "kernel0")
    for i in range(objects):
        mm = f"%mm{i}"
        emit(f"  {mm} = asc.matmul.create : !mm_t")
        emit(f"  asc.matmul.init {mm}, %tiling : !mm_t")
        emit(f"  asc.matmul.set_tensor_a {mm}, %ga : !mm_t, !asc.global_tensor<f16>")
        emit(f"  asc.matmul.set_tensor_b {mm}, %ga : !mm_t, !asc.global_tensor<f16>")
        emit(f"  %off{i} = arith.constant {i * 65536} : i64")
        emit(f"  %gc{i} = asc.set_global_buffer %c[%off{i}] : !gm_t")
        emit("  " + ISSUE.format(mm=mm, c=f"%gc{i}"))
        emit("  " + VECTOR)
        emit("  " + WAIT.format(mm=mm))
        emit(f"  asc.matmul.end {mm} : !mm_t")
    epilogue(emit, [])
    return "\n".join(lines)


def gen_unwaited(issues):
    lines = []
    emit = lines.append
    mms = ["%mm0"]
    prologue(emit, "kernel0", registered=mms)
    for i in range(issues):
        if i:
            emit("  " + STAGE.format(mm="%mm0"))
        emit(f"  %uoff{i} = arith.constant {(i + 1) * 65536} : i64")
        emit(f"  %uc{i} = asc.set_global_buffer %c[%uoff{i}] : !gm_t")
        emit(f"  asc.matmul.iterate_all %mm0, %uc{i} {{sync = false}} "
             f": !mm_t, !gm_t")
        emit("  " + VECTOR)
    epilogue(emit, mms)
    return "\n".join(lines)


def gen_fetches(loops):
    """`loops` async Iterate calls of one object, one after the other: each
    is in flight (reading A, B and writing the workspace) until its fetch
    loop, of GetTensorC<false> into a queue buffer and WaitGetTensorC, is
    left; a scalar read of A runs beside each fetch (a block of a size the
    tiling gives may reach any UB buffer), vector work after it."""
    lines = []
    emit = lines.append
    mms = ["%mm0"]
    prologue(emit, "kernel0", extra_args=", %w: !asc.gm_addr {asc.no_alias}",
             registered=mms)
    emit("  %gw = asc.set_global_buffer %w : !gm_t")
    emit("  asc.matmul.set_workspace %mm0, %gw : !mm_t, !gm_t")
    emit("  %qc = asc.queue.create : !asc.queue<vecin, 1>")
    emit("  asc.pipe.init_buffer %pipe, %qc, %one, %bytes : !asc.queue<vecin, 1>")
    emit("  %lo = arith.constant 0 : i32")
    emit("  %hi = arith.constant 4 : i32")
    emit("  %gidx = arith.constant 0 : i64")
    for i in range(loops):
        if i:
            emit("  " + STAGE.format(mm="%mm0"))
        emit(f"  %more{i} = asc.matmul.iterate %mm0 {{sync = false}} : !mm_t")
        emit(f"  scf.for %k{i} = %lo to %hi step %one : i32 {{")
        emit("    %blk = asc.queue.alloc_tensor %qc : !asc.queue<vecin, 1> -> "
             "!asc.local_tensor<vecin, f32>")
        emit("    asc.matmul.get_tensor_c %mm0, %blk {sync = false} : !mm_t, "
             "!asc.local_tensor<vecin, f32>")
        emit(f"    %x{i} = asc.get_value %ga[%gidx] : !asc.global_tensor<f16>")
        emit("    asc.matmul.wait_get_tensor_c %mm0 : !mm_t")
        emit("    " + VECTOR)
        emit("    asc.queue.free_tensor %qc, %blk : !asc.queue<vecin, 1>, "
             "!asc.local_tensor<vecin, f32>")
        emit("  }")
    epilogue(emit, mms)
    return "\n".join(lines)


def gen_names(pairs):
    """`pairs` rounds on four registered objects, each issued and waited for
    through an arith.select of two of them (another name of an object: the
    analysis checks it against every object it may be)."""
    lines = []
    emit = lines.append
    mms = [f"%mm{i}" for i in range(4)]
    prologue(emit, "kernel0", extra_args=", %cond: i1", registered=mms)
    for i in range(pairs):
        first, second = mms[i % 4], mms[(i + 1) % 4]
        emit(f"  %sel{i} = arith.select %cond, {first}, {second} : !mm_t")
        emit("  " + STAGE.format(mm=f"%sel{i}"))
        emit("  " + ISSUE.format(mm=f"%sel{i}", c="%gc0"))
        emit("  " + VECTOR)
        emit("  " + WAIT.format(mm=f"%sel{i}"))
    epilogue(emit, mms)
    return "\n".join(lines)


def gen_counted_cf_loops(loops, registered, constants, body):
    """`loops` CFG loops one after the other, each counting to 2 through a
    block argument, with an issue of %mm0 pending across all of them; `body`
    emits the ops of loop `i`'s body (after `constants`, the shared
    constant definitions)."""
    lines = []
    emit = lines.append
    prologue(emit, "kernel0", extra_args=", %d: !asc.gm_addr {asc.no_alias}",
             registered=registered)
    emit("  %gd = asc.set_global_buffer %d : !gm_t")
    emit("  %zero = arith.constant 0 : i32")
    emit("  %two = arith.constant 2 : i32")
    for constant in constants:
        emit("  " + constant)
    emit("  " + ISSUE.format(mm="%mm0", c="%gc0"))
    emit("  cf.br ^h0(%zero : i32)")
    for i in range(loops):
        emit(f"^h{i}(%k{i}: i32):")
        emit(f"  %more{i} = arith.cmpi slt, %k{i}, %two : i32")
        emit(f"  cf.cond_br %more{i}, ^b{i}, ^h{i + 1}(%zero : i32)")
        emit(f"^b{i}:")
        body(emit, i)
        emit(f"  %next{i} = arith.addi %k{i}, %one : i32")
        emit(f"  cf.br ^h{i}(%next{i} : i32)")
    emit(f"^h{loops}(%kend: i32):")
    emit("  " + WAIT.format(mm="%mm0"))
    epilogue(emit, registered)
    return "\n".join(lines)


def gen_cf_loops(loops):
    """`loops` CFG loops one after the other, each counting to 2 through a
    block argument around vector work, with an issue pending across all of
    them and, in each, an i8 scf.for with an issue and its wait on a second
    object (narrow counters: the analysis counts the emitted C++ trips)."""
    def body(emit, i):
        emit("  " + VECTOR)
        emit(f"  scf.for %j{i} = %b0 to %b2 step %b1 : i8 {{")
        emit("    " + STAGE.format(mm="%mm1"))
        emit("    " + ISSUE.format(mm="%mm1", c="%gd"))
        emit("    " + WAIT.format(mm="%mm1"))
        emit("  }")
    return gen_counted_cf_loops(
        loops, ["%mm0", "%mm1"],
        ["%b0 = arith.constant 0 : i8", "%b1 = arith.constant 1 : i8",
         "%b2 = arith.constant 2 : i8"], body)


def gen_recreate(loops):
    """`loops` CFG loops like gen_cf_loops's; each loop's body creates an
    object (a creation reached again on its back edge), initialises it,
    issues, waits and ends it."""
    def body(emit, i):
        mm = f"%new{i}"
        emit(f"  {mm} = asc.matmul.create : !mm_t")
        emit(f"  asc.matmul.init {mm}, %tiling : !mm_t")
        emit("  " + STAGE.format(mm=mm))
        emit(f"  asc.matmul.set_tensor_b {mm}, %ga : !mm_t, "
             "!asc.global_tensor<f16>")
        emit("  " + ISSUE.format(mm=mm, c="%gd"))
        emit("  " + VECTOR)
        emit("  " + WAIT.format(mm=mm))
        emit(f"  asc.matmul.end {mm} : !mm_t")
    return gen_counted_cf_loops(loops, ["%mm0"], [], body)


def write_launch(path, shape, functions, size):
    """A launch file for asc-run: every kernel function on one block, 16 x 16
    x 16 products (A and B both read from `a`), C long enough for the
    furthest object's block (64 Ki floats apart)."""
    if shape == "rounds":
        kernels, blocks_of_c = [f"kernel{f}" for f in range(functions)], 4
    elif shape == "objects":
        kernels, blocks_of_c = ["kernel0"], size
    elif shape == "unwaited":
        kernels, blocks_of_c = ["kernel0"], size + 1
    else:
        raise SystemExit(f"bench_kernel.py: no launch file for --shape {shape} "
                         "(asc-run lowers no cf branches or scalar arguments)")
    fields = {"usedCoreNum": 1, "M": 16, "N": 16, "Ka": 16, "Kb": 16,
              "singleCoreM": 16, "singleCoreN": 16, "singleCoreK": 16,
              "baseM": 16, "baseN": 16, "baseK": 16}
    launches = [{"kernel": kernel, "blocks": 1, "seed": 1, "args": [
        {"name": "a", "role": "input", "type": "f16", "shape": [16, 16]},
        {"name": "c", "role": "output", "type": "f32",
         "shape": [(blocks_of_c - 1) * 65536 + 256]},
        {"name": "tiling", "role": "tiling", "bytes": 256,
         "tilings": [{"offset": 0, "fields": fields}]}]}
        for kernel in kernels]
    with open(path, "w") as out:
        json.dump({"launches": launches}, out, indent=1)
        out.write("\n")


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shape", default="rounds",
                        choices=["rounds", "nesting", "blocks", "objects",
                                 "unwaited", "fetches", "names", "cf-loops",
                                 "recreate"])
    parser.add_argument("--ops", type=int, default=1000,
                        help="rounds: approximate number of operations")
    parser.add_argument("--functions", type=int, default=1,
                        help="rounds: number of functions")
    parser.add_argument("--objects", type=int, default=4,
                        help="rounds: Matmul objects per function (at most 4)")
    parser.add_argument("--vector-ops", type=int, default=8,
                        help="rounds: vector ops between an issue and its wait")
    parser.add_argument("--size", type=int, default=100,
                        help="other shapes: nesting depth, blocks, objects "
                        "or issues")
    parser.add_argument("--relevant-inside", action="store_true",
                        help="nesting: Matmul calls in the innermost region")
    parser.add_argument("--waits-after-issue", action="store_true",
                        help="rounds: each wait right after its issue (the "
                        "hand-written form)")
    parser.add_argument("--launch", metavar="FILE",
                        help="also write a launch file for asc-run")
    parser.add_argument("--output-elements", type=int, metavar="N",
                        help="every waited iterate_all states "
                        "asc.output_elements = N (the launch file's 16 x 16 "
                        "products write 256)")
    args = parser.parse_args()
    if args.output_elements is not None:
        if args.output_elements < 1:
            parser.error("--output-elements needs a count of at least 1")
        global ISSUE
        ISSUE = ISSUE.replace(
            "wait_iterate_all = true}}",
            f"wait_iterate_all = true, asc.output_elements = "
            f"{args.output_elements} : i64}}}}")
    print(HEADER)
    if args.shape == "rounds":
        objects = max(1, min(4, args.objects))
        per_function = max(1, args.ops // args.functions)
        for f in range(args.functions):
            print(gen_rounds(f"kernel{f}", per_function, objects,
                             args.vector_ops, args.waits_after_issue))
    elif args.shape == "nesting":
        print(gen_nesting(args.size, args.relevant_inside))
    elif args.shape == "blocks":
        print(gen_blocks(args.size))
    elif args.shape == "objects":
        print(gen_objects(args.size))
    elif args.shape == "unwaited":
        print(gen_unwaited(args.size))
    elif args.shape == "fetches":
        print(gen_fetches(args.size))
    elif args.shape == "names":
        print(gen_names(args.size))
    elif args.shape == "cf-loops":
        print(gen_cf_loops(args.size))
    else:
        print(gen_recreate(args.size))
    if args.launch:
        write_launch(args.launch, args.shape, args.functions, args.size)


if __name__ == "__main__":
    main()
