"""Invalid kernels: a valid kernel with one mutation that breaks one rule.

An invalid kernel is a valid one with one mutation; the file's first lines
name the rule and the diagnostic it must get (`// rule: L3`,
`// expect: attribute 'en_atomic' failed to satisfy constraint`).
"""
import random
import re

from .model import N, BASE_M
from .generate import Generator

# -- invalid kernels ------------------------------------------------------
# Each rule: the diagnostic (a substring of the error) it must get, and a
# mutation of a valid kernel that breaks it and nothing else the verifiers
# check first. A mutation returns the new text, or None when the kernel lacks
# what it needs (the generator then tries the next sub-seed).

RULE_DIAGNOSTICS = {
    "L1": "expects sync = false when wait_iterate_all = true",
    "L2": "expects no wait_iterate_all with a local output",
    "L3": "attribute 'en_atomic' failed to satisfy constraint: 0 (no atomic), 1 (add), 2 (max) or 3 (min)",
    "L4": "expects output element type 'f16' to match the Matmul C element type 'f32'",
    "L5": "expects the Matmul C part to be at co1 with format nz when local_c_matrix is given",
    "L6": "expects sync = false when returning the block (no destination)",
    "L7": "expects sync = true with a local output",
    "L8": "expects sync = false when wait_iterate_batch = true",
    "L9": "expects sync = false (get_batch_tensor_c has no synchronous form)",
    "L10": "has no async issue to complete",
    "L11": "expects one asc.matmul.register per kernel",
    "L12": "expects A and B batch layouts bsngd, sbngd or bngs1s2",
    "L13": "expects a cube-only kernel ('asc.cube_only')",
    "L14": "to be a global-memory address (!asc.gm_addr) or a scalar",
    "P1": "rule P1",
    "P2": "(rule P2)",
    "P3": "(rule P3)",
    "P7": "before that pipe is ordered after the fetch (rule P7)",
}
RULES = list(RULE_DIAGNOSTICS)
UB_ALLOC = "%bad_ub = asc.queue.alloc_tensor %qv : !q_f32 -> !ub_f32"


def _objects(gen, kind=None):
    return [o for o in gen.objs if kind is None or o.kind == kind]


def _insert_before_end(lines, new):
    """Inserts `new` before the first top-level asc.matmul.end: every object
    is idle there."""
    for i, line in enumerate(lines):
        if line.startswith("  asc.matmul.end "):
            return lines[:i] + ["  " + n for n in new] + lines[i:]
    return None


def _async_issues(lines):
    """(index, object ssa, output view or None) of each async issue with a
    wait flag (an async GetTensorC into GM has none: nothing signals it)."""
    found = []
    for i, line in enumerate(lines):
        text = line.strip()
        if "sync = false" not in text or "asc.matmul." not in text:
            continue
        if not any(k in text for k in ("wait_iterate_all = true", "wait_iterate_batch = true",
                                       "get_tensor_c")):
            continue
        if "get_tensor_c" in text and text.endswith(", !gm_f32"):
            continue
        parts = text.split("asc.matmul.", 1)[1].split()
        obj = parts[1].rstrip(",")
        out = parts[2].rstrip(",") if "iterate_all" in parts[0] or "iterate_batch" in parts[0] else None
        found.append((i, obj, out))
    return found


def _mutate(rule, gen, text):
    lines = text.split("\n")
    indent = lambda i: lines[i][:len(lines[i]) - len(lines[i].lstrip())]
    plain = _objects(gen, "plain")
    any_obj = gen.objs[0]
    mm, ty = any_obj.ssa, any_obj.type
    if rule == "L1":
        return _insert_before_end(lines, [f"asc.matmul.iterate_all {mm}, %g_c {{wait_iterate_all = true}} : {ty}, !gm_f32"])
    if rule == "L2":
        return _insert_before_end(lines, [UB_ALLOC, f"asc.matmul.iterate_all {mm}, %bad_ub {{sync = false, wait_iterate_all = false}} : {ty}, !ub_f32"])
    if rule == "L3":
        return _insert_before_end(lines, [f"asc.matmul.iterate_all {mm}, %g_c {{en_atomic = 4 : i32}} : {ty}, !gm_f32"])
    if rule == "L4":
        return _insert_before_end(lines, [f"asc.matmul.iterate_all {mm}, %g_x : {ty}, !gm_f16"])
    if rule == "L5":
        return _insert_before_end(lines, [
            "%bad_q = asc.queue.create : !asc.queue<co1, 1>",
            "%bad_l0c = asc.queue.alloc_tensor %bad_q : !asc.queue<co1, 1> -> !asc.local_tensor<co1, f32>",
            f"%bad_more = asc.matmul.iterate {mm} local_c %bad_l0c : {ty}, !asc.local_tensor<co1, f32>"])
    if rule == "L6":
        return _insert_before_end(lines, [f"%bad_blk = asc.matmul.get_tensor_c {mm} : {ty} -> !gm_f32"])
    if rule == "L7":
        # An object in a batch layout: in layout none rule L12 comes first.
        return _insert_before_end(lines, [UB_ALLOC, "%bad_mm = asc.matmul.create : !mm_batch", "asc.matmul.iterate_batch %bad_mm, %bad_ub batch(%nb, %nb) {en_sequential_write = true, sync = false} : !mm_batch, !ub_f32"])
    if rule == "L8":
        nb = _objects(gen, "nbatch")
        if not nb:
            return None
        return _insert_before_end(lines, [f"asc.matmul.iterate_n_batch {nb[0].ssa}, %i1, %nb, %nb {{wait_iterate_batch = true}} : !mm_nbatch"])
    if rule == "L9":
        return _insert_before_end(lines, [f"%bad_r = asc.matmul.get_batch_tensor_c {mm}, %nb, %nb : {ty} -> !gm_f32"])
    if rule == "L10":
        # A wait of a kind the object never issues.
        wait = "wait_iterate_batch" if any_obj.kind == "plain" else "wait_get_tensor_c"
        return _insert_before_end(lines, [f"asc.matmul.{wait} {mm} : {ty}"])
    if rule == "L11":
        for i, line in enumerate(lines):
            if line.strip().startswith("asc.matmul.register"):
                return lines[:i + 1] + [f"  asc.matmul.register %pipe, %sysws, {mm} tiling %tiling : {ty}"] + lines[i + 1:]
        return None
    if rule == "L12":
        if not plain:
            return None
        return _insert_before_end(lines, [f"asc.matmul.iterate_n_batch {plain[0].ssa}, %i1, %nb, %nb : !mm_plain"])
    if rule == "L13":
        return _insert_before_end(lines, [f"asc.matmul.set_batch_num {mm}, %nb, %nb : {ty}"])
    if rule == "L14":
        for i, line in enumerate(lines):
            if line.startswith("func.func @"):
                lines[i] = line.replace("%tiling_gm: !asc.gm_addr)", "%tiling_gm: !asc.gm_addr, %bad: !asc.local_tensor<vecin, f32>)")
                return lines
        return None
    # Issues through the kernel's own object names (not a select, a call
    # result or an object created anew in a loop).
    names = {o.ssa for o in gen.objs}
    issues = [issue for issue in _async_issues(lines) if issue[1] in names]
    rng = random.Random(gen.seed)
    if rule == "P1":
        if not issues:
            return None
        i, obj, _ = rng.choice(issues)
        t = next(o.type for o in gen.objs if o.ssa == obj)
        # A new workspace while its issue is pending (setters that stage the
        # next message may run then; SetWorkspace may not).
        return lines[:i + 1] + [f"{indent(i)}asc.matmul.set_workspace {obj}, %g_ws : {t}, !gm_f32"] + lines[i + 1:]
    if rule == "P2":
        # WaitGetTensorC is only an MTE2_V flag: a second one is redundant
        # and allowed (spec revision 4), so only the waits for the server.
        waits = [i for i, l in enumerate(lines) if l.strip().startswith("asc.matmul.wait_")
                 and not l.strip().startswith("asc.matmul.wait_get_tensor_c")]
        if not waits:
            return None
        i = rng.choice(waits)
        return lines[:i + 1] + [lines[i]] + lines[i + 1:]
    if rule == "P3":
        if gen.carried and rng.random() < 0.5:
            # The copy after a carried loop moved onto the tile in flight.
            name, value, racy = rng.choice(gen.carried)
            line = f"{name} = arith.constant {value} : index"
            for i, text in enumerate(lines):
                if text.strip() == line:
                    lines[i] = text.replace(line, f"{name} = arith.constant {rng.choice(racy)} : index")
                    return lines
        gm = [(i, obj, out) for i, obj, out in issues if out]
        if not gm:
            return None
        i, obj, out = rng.choice(gm)
        ind = indent(i)
        return lines[:i + 1] + [ind + "%bad_n = arith.constant 8 : i32", ind + UB_ALLOC,
                                ind + f"asc.data_copy %bad_ub, {out}, %bad_n : !ub_f32, !gm_f32"] + lines[i + 1:]
    if rule == "P7":
        # The block a GetTensorC<false> fetched into UB copied out (MTE3)
        # right after the fetch, with the copy the kernel makes of it later:
        # the fetch orders only the vector pipe after its MTE2 copy.
        fetch = re.compile(r"asc\.matmul\.get_tensor_c %\w+, (%\w+) \{sync = false[^}]*\} : [^,]+, !ub_f32$")
        copy = re.compile(r"asc\.data_copy (%\w+), %\w+[ ,].*: !gm_f32, ")
        for i, text in enumerate(lines):
            found = fetch.search(text.strip())
            if not found:
                continue
            for later in lines[i + 1:]:
                out = copy.search(later.strip())
                if out:
                    ind = indent(i)
                    return lines[:i + 1] + [
                        f"{ind}%bad_n = arith.constant {BASE_M * N} : i32",
                        f"{ind}asc.data_copy {out.group(1)}, {found.group(1)}, %bad_n : !gm_f32, !ub_f32"] + lines[i + 1:]
        return None
    raise ValueError(f"unknown rule {rule}")


def generate_invalid(seed, rule=None):
    """(rule, expected diagnostic, kernel text): a valid mix kernel of a
    sub-seed of `seed` with one mutation."""
    if rule is None:
        rule = RULES[seed % len(RULES)]
    if rule not in RULE_DIAGNOSTICS:
        raise SystemExit(f"asc-gen-kernel: unknown rule '{rule}' (L1-L14, P1-P3, P7)")
    require = {"nbatch"} if rule == "L8" else {"plain"} if rule == "L12" else set()
    for attempt in range(200):
        gen = Generator(seed * 1000 + attempt, cube_only=False, require=require)
        text = gen.generate()
        mutated = _mutate(rule, gen, text)
        if mutated is not None:
            expect = RULE_DIAGNOSTICS[rule]
            header = f"// rule: {rule}\n// expect: {expect}\n"
            return rule, expect, header + "\n".join(mutated)
    raise SystemExit(f"asc-gen-kernel: no kernel for rule {rule} from seed {seed}")
