#!/usr/bin/env python3
"""Measures what asc-run's checkers cost on large kernels.

Generates straight-line kernels of about --ops operations: rounds of an
async IterateAll (with its inputs restated, as CANN's server needs), vector
work units that copy a row in, scale it into a VECOUT buffer and copy it out
(every pipe hand-off a queue's), and the IterateAll's wait. For each size it
prints the lowering + compile time of the first run, and the time of a run
whose compiled kernel is cached (lowering and the run itself, the pending
and pipe checkers and the cost model's schedule included), the time of a
cached run with --cost-sweep (the trace scheduled 22 more times) and the
cost model's total cycles. Not a test: the machines here are shared and
noisy.

Usage: bench/asc_run_scaling.py [--build DIR] [--sizes 1000,10000,100000]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HEADER = """!gm = !asc.global_tensor<f32>
!gm_h = !asc.global_tensor<f16>
!ub_in = !asc.local_tensor<vecin, f32>
!ub_out = !asc.local_tensor<vecout, f32>
!que_in = !asc.queue<vecin, 2>
!que_out = !asc.queue<vecout, 2>
!mm_t = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
"""
UNIT = 64  # floats a vector unit copies (256 bytes)
VIEWS = 8
VECTOR_UNITS = 8  # per Matmul round


def kernel(ops):
    lines = [HEADER,
             "func.func @scaling(%a: !asc.gm_addr {asc.no_alias}, "
             "%b: !asc.gm_addr {asc.no_alias}, %c: !asc.gm_addr {asc.no_alias}, "
             "%x: !asc.gm_addr {asc.no_alias}, %y: !asc.gm_addr {asc.no_alias}, "
             "%tiling_gm: !asc.gm_addr) attributes {asc.kernel} {"]
    emit = lines.append
    emit("  %pipe = asc.pipe.create")
    emit("  %tiling = asc.get_tiling %tiling_gm")
    emit("  %ws = asc.get_sys_workspace_ptr")
    emit(f"  %n = arith.constant {UNIT} : i32")
    emit("  %two = arith.constant 2 : i32")
    emit(f"  %bytes = arith.constant {UNIT * 4} : i32")
    emit("  %s = arith.constant 0.5 : f32")
    emit("  %ga = asc.set_global_buffer %a : !gm_h")
    emit("  %gb = asc.set_global_buffer %b : !gm_h")
    emit("  %gc = asc.set_global_buffer %c : !gm")
    emit("  %mm = asc.matmul.create : !mm_t")
    emit("  asc.matmul.register %pipe, %ws, %mm tiling %tiling : !mm_t")
    emit("  %qin = asc.queue.create : !que_in")
    emit("  %qout = asc.queue.create : !que_out")
    emit("  asc.pipe.init_buffer %pipe, %qin, %two, %bytes : !que_in")
    emit("  asc.pipe.init_buffer %pipe, %qout, %two, %bytes : !que_out")
    for v in range(VIEWS):
        emit(f"  %off{v} = arith.constant {v * UNIT} : i64")
        emit(f"  %gx{v} = asc.set_global_buffer %x[%off{v}] : !gm")
        emit(f"  %gy{v} = asc.set_global_buffer %y[%off{v}] : !gm")
    count = len(lines)
    unit = 0
    while count < ops:
        emit("  asc.matmul.set_tensor_a %mm, %ga : !mm_t, !gm_h")
        emit("  asc.matmul.set_tensor_b %mm, %gb : !mm_t, !gm_h")
        emit("  asc.matmul.iterate_all %mm, %gc {sync = false, "
             "wait_iterate_all = true} : !mm_t, !gm")
        for _ in range(VECTOR_UNITS):
            v, i = unit % VIEWS, unit
            emit(f"  %t{i} = asc.queue.alloc_tensor %qin : !que_in -> !ub_in")
            emit(f"  asc.data_copy %t{i}, %gx{v}, %n : !ub_in, !gm")
            emit(f"  asc.queue.enque %qin, %t{i} : !que_in, !ub_in")
            emit(f"  %u{i} = asc.queue.deque %qin : !que_in -> !ub_in")
            emit(f"  %o{i} = asc.queue.alloc_tensor %qout : !que_out -> !ub_out")
            emit(f"  asc.muls %o{i}, %u{i}, %s, %n : !ub_out, !ub_in")
            emit(f"  asc.queue.free_tensor %qin, %u{i} : !que_in, !ub_in")
            emit(f"  asc.queue.enque %qout, %o{i} : !que_out, !ub_out")
            emit(f"  %p{i} = asc.queue.deque %qout : !que_out -> !ub_out")
            emit(f"  asc.data_copy %gy{v}, %p{i}, %n : !gm, !ub_out")
            emit(f"  asc.queue.free_tensor %qout, %p{i} : !que_out, !ub_out")
            unit += 1
        emit("  asc.matmul.wait_iterate_all %mm : !mm_t")
        count += 4 + 11 * VECTOR_UNITS
    emit("  asc.matmul.end %mm : !mm_t")
    emit("  return")
    emit("}")
    return "\n".join(lines) + "\n", count


def launch():
    fields = {"M": 16, "N": 16, "Ka": 32, "Kb": 32, "singleCoreM": 16,
              "singleCoreN": 16, "singleCoreK": 32, "baseM": 16, "baseN": 16,
              "baseK": 32}
    return {"launches": [{"kernel": "scaling", "blocks": 1, "seed": 1, "args": [
        {"name": "a", "role": "input", "type": "f16", "shape": [16, 32]},
        {"name": "b", "role": "input", "type": "f16", "shape": [32, 16]},
        {"name": "c", "role": "output", "type": "f32", "shape": [16, 16]},
        {"name": "x", "role": "input", "type": "f32", "shape": [VIEWS * UNIT]},
        {"name": "y", "role": "output", "type": "f32", "shape": [VIEWS * UNIT]},
        {"name": "tiling", "role": "tiling", "bytes": 256,
         "tilings": [{"offset": 0, "fields": fields}]}]}]}


def timed(argv, env):
    start = time.perf_counter()
    p = subprocess.run(argv, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if p.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed ({p.returncode}):\n{p.stdout}{p.stderr}")
    return elapsed, p.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--build", default=os.path.join(root, "build"))
    parser.add_argument("--sizes", default="1000,10000,100000")
    args = parser.parse_args()
    asc_run = os.path.join(args.build, "bin", "asc-run")
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, ASC_RUN_CACHE=os.path.join(tmp, "cache"))
        with open(os.path.join(tmp, "k.launch.json"), "w") as f:
            json.dump(launch(), f)
        print(f"{'ops':>8} {'first_s':>9} {'cached_s':>9} {'sweep_s':>9} "
              f"{'cycles':>10}")
        for ops in (int(s) for s in args.sizes.split(",")):
            text, count = kernel(ops)
            path = os.path.join(tmp, f"k{ops}.mlir")
            with open(path, "w") as f:
                f.write(text)
            argv = [asc_run, path, "--launch", os.path.join(tmp, "k.launch.json"),
                    "--json"]
            first, _ = timed(argv, env)
            cached, out = timed(argv, env)
            sweep, _ = timed(argv + ["--cost-sweep"], env)
            report = json.loads(out.splitlines()[-1])
            if report["exit_code"] != 0:
                sys.exit(f"kernel of {count} ops: {report['checker']['message']}")
            print(f"{count:>8} {first:>9.2f} {cached:>9.2f} {sweep:>9.2f} "
                  f"{report['cost']['total_cycles']:>10.0f}")


if __name__ == "__main__":
    main()
