#!/usr/bin/env python3
"""Generates a large, valid asc kernel for benchmarks.

The kernel has `--functions` functions; each registers up to four Matmul
objects and then runs rounds of: an async iterate_all on one object, a stretch
of independent vector work, the matching wait. The total op count is close
to `--ops`. Output goes to stdout.
"""
import argparse

HEADER = """!mm_t = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!ub_t = !asc.local_tensor<vecin, f16>
!que_t = !asc.queue<vecin, 1>
!gm_t = !asc.global_tensor<f32>
"""


def gen_function(name, ops, objects, vector_ops_per_round):
    lines = []
    emit = lines.append
    emit(f"func.func @{name}(%a: !asc.gm_addr {{asc.no_alias}}, "
         f"%c: !asc.gm_addr {{asc.no_alias}}, %tiling_gm: !asc.gm_addr) "
         f"attributes {{asc.kernel}} {{")
    emit("  %pipe = asc.pipe.create")
    emit("  %ws = asc.get_sys_workspace_ptr")
    emit("  %tiling = asc.get_tiling %tiling_gm")
    emit("  %n = arith.constant 256 : i32")
    emit("  %s = arith.constant 1.0 : f16")
    emit("  %one = arith.constant 1 : i32")
    emit("  %bytes = arith.constant 512 : i32")
    emit("  %ga = asc.set_global_buffer %a : !asc.global_tensor<f16>")
    mms = [f"%mm{i}" for i in range(objects)]
    for i, mm in enumerate(mms):
        emit(f"  {mm} = asc.matmul.create : !mm_t")
        emit(f"  %off{i} = arith.constant {i * 65536} : i64")
        emit(f"  %gc{i} = asc.set_global_buffer %c[%off{i}] : !gm_t")
    emit(f"  asc.matmul.register %pipe, %ws, {', '.join(mms)} tiling "
         f"{', '.join(['%tiling'] * objects)} : {', '.join(['!mm_t'] * objects)}")
    # A kernel receives only GM addresses and scalars: the vector work's
    # buffer comes from a queue, set up after the registration.
    emit("  %que = asc.queue.create : !que_t")
    emit("  asc.pipe.init_buffer %pipe, %que, %one, %bytes : !que_t")
    emit("  %ub = asc.queue.alloc_tensor %que : !que_t -> !ub_t")
    for mm in mms:
        emit(f"  asc.matmul.set_tensor_a {mm}, %ga : !mm_t, !asc.global_tensor<f16>")
        emit(f"  asc.matmul.set_tensor_b {mm}, %ga : !mm_t, !asc.global_tensor<f16>")
    count = len(lines)
    round_index = 0
    while count < ops:
        i = round_index % objects
        emit(f"  asc.matmul.iterate_all %mm{i}, %gc{i} "
             f"{{sync = false, wait_iterate_all = true}} : !mm_t, !gm_t")
        for _ in range(vector_ops_per_round):
            emit("  asc.adds %ub, %ub, %s, %n : !ub_t, !ub_t")
        emit(f"  asc.matmul.wait_iterate_all %mm{i} : !mm_t")
        count += vector_ops_per_round + 2
        round_index += 1
    for mm in mms:
        emit(f"  asc.matmul.end {mm} : !mm_t")
    emit("  return")
    emit("}")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ops", type=int, default=1000,
                        help="approximate number of operations")
    parser.add_argument("--functions", type=int, default=1)
    parser.add_argument("--objects", type=int, default=4,
                        help="Matmul objects per function (at most 4)")
    parser.add_argument("--vector-ops", type=int, default=8,
                        help="vector ops between an issue and its wait")
    args = parser.parse_args()
    objects = max(1, min(4, args.objects))
    per_function = max(1, args.ops // args.functions)
    print(HEADER)
    for f in range(args.functions):
        print(gen_function(f"kernel{f}", per_function, objects, args.vector_ops))


if __name__ == "__main__":
    main()
