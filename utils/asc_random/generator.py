#!/usr/bin/env python3
"""asc-gen-kernel: seeded random asc kernels for differential testing.

  asc-gen-kernel --seed S [-o BASE]             a valid kernel (BASE.mlir and,
                                                when it can run, BASE.launch.json)
  asc-gen-kernel --seed S --invalid [-o BASE]   a kernel that breaks exactly one
                                                rule of docs/Protocol.md; the
                                                rule is printed on stderr

A valid kernel follows the protocol (L1-L14, P1-P7): 1-4 Matmul objects,
synchronous and asynchronous issues of every kind (IterateAll, IterateBatch,
IterateNBatch flagged with its wait or flagless + GetBatchTensorC, Iterate +
GetTensorC into UB, GM (fire-and-forget) or the workspace view) with their
waits at random legal points, each issue with its inputs staged right before
it (rule P6: setters stage one message per issue), vector work through
queues with several live buffers, plain and strided copies between GM views
that alias, overlap or are disjoint, and scf.for / scf.if / cf nesting;
mix and cube-only kernels. The generator keeps its own conservative model of
what each pending issue writes and reads (docs/Protocol.md section 5: a
Matmul footprint whose size comes from the tiling runs from its view's start
to the end of the buffer) and never emits an access that may race with one.

An invalid kernel is a valid one with one mutation; the file's first lines
name the rule and the diagnostic it must get (`// rule: L3`,
`// expect: attribute 'en_atomic' failed to satisfy constraint`).
"""
import argparse
import json
import re
import random
import sys

from . import element_types

# One tiling for every object: C is M x N = 16 x 16 floats (1 KB), A is
# 16 x 32 halves, B 32 x 16 halves; Iterate yields two 8 x 16 blocks.
M, N, K, BASE_M = 16, 16, 32, 8
C_ELEMS = M * N
A_ELEMS = M * K
BATCH = 2
# Element sizes from the launch element types asc-run knows.
F32, F16 = element_types.BYTES["f32"], element_types.BYTES["f16"]

# GM arguments of a mix kernel: name -> (element type, elements, role, init).
GM_BUFFERS = {
    "a": ("f16", 2048, "input", None),
    "b": ("f16", 2048, "input", None),
    "x": ("f16", 2048, "output", "zero"),
    "c": ("f32", 2048, "output", "zero"),
    "y": ("f32", 2048, "output", "zero"),
    "ws": ("f32", 4096, "workspace", None),
}
HALF_BUFFERS = ["a", "b", "x"]
FLOAT_OUT = ["c", "y"]

HEADER = """!gm_f16 = !asc.global_tensor<f16>
!gm_f32 = !asc.global_tensor<f32>
!ub_f32 = !asc.local_tensor<vecin, f32>
!ub_h = !asc.local_tensor<vecin, f16>
!ubo_f32 = !asc.local_tensor<vecout, f32>
!ubo_h = !asc.local_tensor<vecout, f16>
!q_f32 = !asc.queue<vecin, 2>
!q_h = !asc.queue<vecin, 2>
!q_out = !asc.queue<vecout, 2>
!mm_plain = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
!mm_batch = !asc.matmul<a = <gm, nd, f16, layout = normal>, b = <gm, nd, f16, layout = normal>, c = <gm, nd, f32, layout = normal>>
!mm_nbatch = !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, layout = bsngd>, c = <gm, nd, f32, layout = bngs1s2>, config = <norm, is_n_batch = true>>
"""

TILING_FIELDS = {
    "usedCoreNum": 1, "M": M, "N": N, "Ka": K, "Kb": K,
    "singleCoreM": M, "singleCoreN": N, "singleCoreK": K,
    "baseM": BASE_M, "baseN": N, "baseK": K,
    "batchM": BATCH, "batchN": BATCH, "BatchNum": BATCH,
    "ALayoutInfoB": 1, "ALayoutInfoS": M, "ALayoutInfoN": BATCH,
    "ALayoutInfoG": 1, "ALayoutInfoD": K,
    "BLayoutInfoB": 1, "BLayoutInfoS": K, "BLayoutInfoN": BATCH,
    "BLayoutInfoG": 1, "BLayoutInfoD": N,
    "CLayoutInfoB": 1, "CLayoutInfoS1": M, "CLayoutInfoN": BATCH,
    "CLayoutInfoG": 1, "CLayoutInfoS2": N,
}

WAIT_OF = {"all": "wait_iterate_all", "batch": "wait_iterate_batch",
           "tensor_c": "wait_get_tensor_c"}


class Region:
    """Bytes [lo, hi) of a GM buffer (hi None: to the buffer's end) or a UB
    buffer (buf 'ub:N')."""

    def __init__(self, buf, lo, hi):
        self.buf, self.lo, self.hi = buf, lo, hi

    def overlaps(self, other):
        if self.buf != other.buf:
            return False
        a_hi = self.hi if self.hi is not None else 1 << 62
        b_hi = other.hi if other.hi is not None else 1 << 62
        return self.lo < b_hi and other.lo < a_hi


# Any UB buffer (a Matmul output of unknown size), and one that stays inside
# its buffer (vector work with constant counts).
UB_ANY = Region("ub", 0, None)
UB_ONE = Region("ub", 0, 1)


class View:
    def __init__(self, ssa, buf, offset):
        self.ssa, self.buf, self.offset = ssa, buf, offset  # offset: elements

    @property
    def elem(self):
        return GM_BUFFERS[self.buf][0]

    @property
    def esize(self):
        return element_types.BYTES[self.elem]

    def region(self, elems=None):
        lo = self.offset * self.esize
        return Region(self.buf, lo, None if elems is None else lo + elems * self.esize)


class Issue:
    def __init__(self, obj, wait, outputs, inputs, waitable=True, after_wait=None,
                 via=None, also=(), complete=None):
        self.obj, self.wait = obj, wait
        self.outputs, self.inputs = outputs, inputs
        self.waitable = waitable
        self.after_wait = after_wait  # emits the consumer a wait needs (n-batch fetch)
        self.via = via or obj.ssa  # the name the wait goes through
        # Every object the issue may have gone to (a select or call result
        # of objects may be any of them): none of them may take new work.
        self.busy_objs = [obj, *also]
        # Emits what completes an issue without its wait flag (a later
        # synchronous call of the same object), instead of a wait.
        self.complete = complete


class Obj:
    def __init__(self, index, kind):
        self.index, self.kind = index, kind
        self.ssa = f"%mm{index}"
        self.type = {"plain": "!mm_plain", "batch": "!mm_batch",
                     "nbatch": "!mm_nbatch"}[kind]
        self.a = self.b = self.ws = None  # Views in effect
        # An issue without its wait flag is in flight: this model keeps it in
        # flight until the kernel ends and touches the object no more.
        self.retired = False
        # Its creation states room for a copy (asc.copies = 2).
        self.copies = False
        # Kept for tile loops only (Generator.__init__), and whether one has
        # taken it.
        self.reserved = False
        self.in_tile_loop = False


# The share of mix kernels with `cf` constructs, among them the other names
# of an object (selects, call results) and objects created anew in a loop,
# which the lowering takes none of: asc-run does not execute those kernels.
CF_SHARE = 0.2


def share(text):
    """argparse type of a share: a number from 0 to 1."""
    value = float(text)
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"must be between 0 and 1, not {text}")
    return value


class Generator:
    def __init__(self, seed, cube_only=None, use_cf=None, require=None,
                 cf_share=CF_SHARE):
        self.rng = random.Random(seed)
        self.tile_rng = random.Random(seed * 7919 + 17)
        # A stream of its own, so that the other choices of a seed stay as
        # they were: which GM iterate_all states its output's extent.
        self.stated_rng = random.Random(seed * 104729 + 3)
        # Likewise: which creations state room for a copy (asc.copies), and
        # which tile loops then state their tiles' extent, the two facts
        # loop pipelining's two-object form needs.
        self.copies_rng = random.Random(seed * 7907 + 11)
        # Likewise: the loops that carry a tile out (carried_loop), added
        # after everything else the seed gives.
        self.carried_rng = random.Random(seed * 6421 + 5)
        # Per carried loop: the constant that places its copy after the
        # loop, with the values that move the copy onto the tile still in
        # flight (a P3 mutation).
        self.carried = []
        self.seed = seed
        r = self.rng
        self.cube_only = cube_only if cube_only is not None else r.random() < 0.15
        # The draw is made whatever the share, so a seed's other choices
        # do not depend on it.
        self.use_cf = (use_cf if use_cf is not None else r.random() < cf_share) and not self.cube_only
        self.require = require or set()
        self.lines = []
        self.indent = 2
        self.counter = 0
        self.features = set()
        self.live = {"%qv": 0, "%qh": 0, "%qo": 0, "%qho": 0}
        self.unwaited = []  # issues without a wait flag: pending until the end
        # GM written by copy-outs (MTE3) that no barrier has yet ordered
        # before a later copy-in (MTE2); per enclosing loop body, the GM it
        # copies out and in (docs/Runtime.md, "Pipes").
        self.mte3_written = []
        self.loop_frames = []
        self.extra_pending = []
        self.ub_counter = 0
        self.bb = 0
        self.calls_object = False
        kinds = []
        for i in range(r.randint(1, 4)):
            choice = r.choice(["plain", "plain", "batch", "nbatch"])
            if self.cube_only and choice == "nbatch":
                choice = "plain"
            kinds.append(choice)
        for k in self.require:
            if k in ("plain", "batch", "nbatch") and k not in kinds:
                kinds[0] = k
        self.objs = [Obj(i, k) for i, k in enumerate(kinds)]
        # Room in the registration for it and its copy: four objects at most.
        if not self.cube_only and len(kinds) < 3 and self.copies_rng.random() < 0.4:
            # An object kept for tile loops, with room for a copy: the shape
            # loop pipelining's two-object form takes (nothing else uses
            # it). Its choices come from the copies stream.
            tile_obj = Obj(len(kinds), "plain")
            tile_obj.reserved = tile_obj.copies = True
            self.objs.append(tile_obj)

    # -- emission helpers -------------------------------------------------
    def emit(self, text):
        self.lines.append(" " * self.indent + text)

    def fresh(self, stem):
        self.counter += 1
        return f"%{stem}{self.counter}"

    def const(self, value, ty):
        name = self.fresh("k")
        if ty == "f32":
            self.emit(f"{name} = arith.constant {value:.6e} : f32")
        elif ty == "f16":
            self.emit(f"{name} = arith.constant {value:.6e} : f16")
        else:
            self.emit(f"{name} = arith.constant {value} : {ty}")
        return name

    def view(self, buf, offset):
        """A view of `buf` at `offset` elements: the base view, an aliasing
        second set_global_buffer, or a subview."""
        r = self.rng
        base = r.choice(self.bases[buf])
        ty = "!gm_f16" if GM_BUFFERS[buf][0] == "f16" else "!gm_f32"
        if offset == 0 and r.random() < 0.5:
            return View(base, buf, 0)
        off = self.const(offset, "i64")
        name = self.fresh("v")
        self.emit(f"{name} = asc.subview {base}[{off}] : {ty}")
        return View(name, buf, offset)

    # -- the conflict model -----------------------------------------------
    def conflicts(self, pending, reads, writes):
        """The pending issues an access with these regions races with."""
        hits = []
        for issue in pending:
            bad = any(o.overlaps(x) for o in issue.outputs for x in reads + writes)
            bad = bad or any(i.overlaps(w) for i in issue.inputs for w in writes)
            if bad:
                hits.append(issue)
        return hits

    def blocked(self, reads, writes, outer):
        return bool(self.conflicts(outer + self.unwaited, reads, writes))

    # -- the kernel -------------------------------------------------------
    def generate(self):
        r = self.rng
        args = [f"%{b}: !asc.gm_addr {{asc.no_alias}}" for b in GM_BUFFERS if b != "ws"]
        args.append("%ws: !asc.gm_addr {asc.no_alias, asc.workspace}")
        args.append("%tiling_gm: !asc.gm_addr")
        attrs = "asc.kernel, asc.cube_only" if self.cube_only else "asc.kernel"
        self.kernel_name = f"random_{self.seed}"
        out = [HEADER]
        out.append(f"func.func @{self.kernel_name}({', '.join(args)}) attributes {{{attrs}}} {{")
        self.prologue()
        self.block(depth=0, outer=[], top=True)
        self.emit("return")
        out += self.lines
        out.append("}")
        if self.calls_object:
            out.append("func.func private @asc_random_object(!mm_plain) -> !mm_plain")
        return "\n".join(out) + "\n"

    def prologue(self):
        r = self.rng
        self.emit("%c0 = arith.constant 0 : index")
        self.emit("%c1 = arith.constant 1 : index")
        self.emit("%c2 = arith.constant 2 : index")
        self.emit("%i0 = arith.constant 0 : i32")
        self.emit("%i1 = arith.constant 1 : i32")
        self.emit("%i2 = arith.constant 2 : i32")
        # Bounds of narrow loops (i8 as b, i16 as h; w: one that wraps).
        for name, value, ty in (("b0", 0, "i8"), ("b1", 1, "i8"), ("b2", 2, "i8"),
                                ("h0", 0, "i16"), ("h1", 1, "i16"), ("h2", 2, "i16"),
                                ("w126", 126, "i8"), ("w127", 127, "i8"), ("w3", 3, "i8")):
            self.emit(f"%{name} = arith.constant {value} : {ty}")
        self.emit(f"%nb = arith.constant {BATCH} : i32")
        self.emit("%pipe = asc.pipe.create")
        self.emit("%tiling = asc.get_tiling %tiling_gm")
        self.emit("%m = asc.tiling.get %tiling[M]")
        # Runtime-true and runtime-false conditions the analyses cannot fold.
        self.emit("%yes = arith.cmpi sgt, %m, %i0 : i32")
        self.emit("%no = arith.cmpi slt, %m, %i0 : i32")
        self.bases = {}
        for buf, (elem, _, _, _) in GM_BUFFERS.items():
            ty = "!gm_f16" if elem == "f16" else "!gm_f32"
            names = [f"%g_{buf}"]
            self.emit(f"%g_{buf} = asc.set_global_buffer %{buf} : {ty}")
            if r.random() < 0.3:
                # A second view of the same address: aliases the first.
                names.append(f"%g_{buf}_alias")
                self.emit(f"%g_{buf}_alias = asc.set_global_buffer %{buf} : {ty}")
                self.features.add("alias-view")
            self.bases[buf] = names
        for o in self.objs:
            if not o.reserved:
                o.copies = o.kind == "plain" and self.copies_rng.random() < 0.3
            copies = " {asc.copies = 2 : i64}" if o.copies else ""
            self.emit(f"{o.ssa} = asc.matmul.create{copies} : {o.type}")
            if o.copies:
                self.features.add("copies")
        self.emit("%sysws = asc.get_sys_workspace_ptr")
        mms = ", ".join(o.ssa for o in self.objs)
        tilings = ", ".join("%tiling" for _ in self.objs)
        types = ", ".join(o.type for o in self.objs)
        self.emit(f"asc.matmul.register %pipe, %sysws, {mms} tiling {tilings} : {types}")
        if not self.cube_only:
            self.emit("%qv = asc.queue.create : !q_f32")
            self.emit("%qh = asc.queue.create : !q_h")
            self.emit("%qo = asc.queue.create : !q_out")
            self.emit("%qho = asc.queue.create : !q_out")
            self.emit("%qbytes = arith.constant 2048 : i32")
            self.emit("%nbuf = arith.constant 2 : i32")
            for q, t in (("%qv", "!q_f32"), ("%qh", "!q_h"), ("%qo", "!q_out"),
                         ("%qho", "!q_out")):
                self.emit(f"asc.pipe.init_buffer %pipe, {q}, %nbuf, %qbytes : {t}")
        for o in self.objs:
            # The kept object draws from the copies stream, so that the
            # other objects' choices stay what the seed gave.
            saved = self.rng
            if o.reserved:
                self.rng = r = self.copies_rng
            # Each object's workspace is a disjoint 1024-float slice.
            if o.kind == "nbatch" or r.random() < 0.6:
                o.ws = self.view("ws", 1024 * o.index)
                self.emit(f"asc.matmul.set_workspace {o.ssa}, {o.ws.ssa} : {o.type}, !gm_f32")
            self.set_inputs(o, [])
            self.rng = r = saved

    def input_views(self, o):
        """Where A and B may come from (element offsets keep the operand in
        its buffer)."""
        r = self.rng
        need = A_ELEMS * (BATCH if o.kind != "plain" else 1)
        a_buf = r.choice(HALF_BUFFERS if not self.cube_only else ["a", "b"])
        b_buf = r.choice(["a", "b", "x"] if not self.cube_only else ["a", "b"])
        offsets = [off for off in (0, 256, 512, 1024) if off + need <= 2048]
        return (a_buf, r.choice(offsets)), (b_buf, r.choice(offsets))

    def set_inputs(self, o, pending):
        (a_buf, a_off), (b_buf, b_off) = self.input_views(o)
        o.a = self.view(a_buf, a_off)
        o.b = self.view(b_buf, b_off)
        self.stage_inputs(o)

    def stage_inputs(self, o):
        """SetTensorA/B of the views in effect: every issue carries them, as
        CANN's server applies a message's setters only with SetTensorA or
        SetTensorB (MatmulService::IterateSetMessage; docs/Runtime.md)."""
        self.emit(f"asc.matmul.set_tensor_a {o.ssa}, {o.a.ssa} : {o.type}, !gm_f16")
        self.emit(f"asc.matmul.set_tensor_b {o.ssa}, {o.b.ssa} : {o.type}, !gm_f16")

    def obj_inputs(self, o):
        regions = [o.a.region(), o.b.region()]
        if o.ws is not None:
            regions.append(o.ws.region())
        return regions

    # -- blocks -----------------------------------------------------------
    def block(self, depth, outer, top=False):
        """A sequence of actions; what it issues it also waits for, except at
        the top level, where the end of the kernel waits for the rest."""
        r = self.rng
        pending = []
        busy_outer = {o for i in outer for o in i.busy_objs}
        steps = r.randint(2, 7) if top else r.randint(1, 4)
        for _ in range(steps):
            choice = r.random()
            if pending and choice < 0.25:
                self.wait(pending, r.choice(pending), outer)
            elif choice < 0.6:
                self.matmul_job(depth, outer, pending, busy_outer, top)
            elif choice < 0.8 and not self.cube_only:
                # The tile loops draw from their own generator, so that a
                # kernel without one is the one this seed always gave.
                if top and self.tile_rng.random() < 0.5:
                    self.tile_loop(outer, pending)
                else:
                    self.vector_work(outer, pending)
            elif depth < 3:
                self.nested(depth, outer, pending, busy_outer, top)
        for issue in list(pending):
            self.wait(pending, issue, outer)
        if top and any(o.reserved and not o.in_tile_loop for o in self.objs):
            # The kept object's tile loop, when the body made none: last, so
            # that everything before is what the seed gave.
            self.tile_loop(outer, pending)
        if top and not self.cube_only and self.carried_rng.random() < 0.5:
            self.carried_loop(outer + pending)
        if top:
            for o in self.objs:
                self.emit(f"asc.matmul.end {o.ssa} : {o.type}")

    def wait(self, pending, issue, outer):
        pending.remove(issue)
        if issue.complete:
            issue.complete()
        else:
            self.emit(f"asc.matmul.{issue.wait} {issue.via} : {issue.obj.type}")
        if issue.after_wait:
            issue.after_wait(outer + pending)

    def nested(self, depth, outer_of_block, pending, busy_outer, top):
        r = self.rng
        outer = outer_of_block + pending
        busy = busy_outer | {o for i in pending for o in i.busy_objs}
        kind = r.choice(["for", "if", "ifelse", "both", "cf", "cf-loop", "objects", "objects"]
                        if top and self.use_cf else ["for", "if", "ifelse", "both"])
        if kind == "for":
            self.features.add("scf.for")
            iv = self.fresh("iv")
            bounds = "%c0 to %c2 step %c1"
            narrow = r.random()
            if narrow < 0.05:
                # int8_t from 126 while < 127 by 3: one trip in exact
                # arithmetic, 171 in the emitted C++ (the counter wraps).
                bounds = "%w126 to %w127 step %w3 : i8"
                self.features.add("narrow-loop-wraps")
            elif narrow < 0.25:
                p = r.choice(["b", "h"])
                bounds = f"%{p}0 to %{p}2 step %{p}1 : {'i8' if p == 'b' else 'i16'}"
                self.features.add("narrow-loop")
            self.emit(f"scf.for {iv} = {bounds} {{")
            self.indent += 2
            self.loop_body(lambda: self.block(depth + 1, outer))
            self.indent -= 2
            self.emit("}")
        elif kind in ("if", "ifelse"):
            self.features.add("scf.if")
            cond = r.choice(["%yes", "%no"])
            self.emit(f"scf.if {cond} {{")
            self.indent += 2
            self.block(depth + 1, outer)
            self.indent -= 2
            if kind == "ifelse":
                self.emit("} else {")
                self.indent += 2
                self.block(depth + 1, outer)
                self.indent -= 2
            self.emit("}")
        elif kind == "both":
            # One async IterateAll in each branch, waited for after the if:
            # handled by the caller's pending list, so only at the top.
            if top:
                self.both_branches(outer, busy, pending)
        elif kind == "cf":
            self.features.add("cf")
            then_bb, else_bb, join_bb = (f"^bb{self.bb + i + 1}" for i in range(3))
            self.bb += 3
            self.emit(f"cf.cond_br {r.choice(['%yes', '%no'])}, {then_bb}, {else_bb}")
            for label in (then_bb, else_bb):
                self.lines.append(" " * (self.indent - 2) + f"{label}:")
                self.block(depth + 1, outer)
                self.emit(f"cf.br {join_bb}")
            self.lines.append(" " * (self.indent - 2) + f"{join_bb}:")
        elif kind == "cf-loop":
            self.cf_loop(lambda: self.block(depth + 1, outer))
        else:
            self.object_names(outer + pending, busy)

    def cf_loop(self, emit_body):
        """Two trips around a CFG loop with a counter as block argument."""
        head, body, done = (f"^bb{self.bb + i + 1}" for i in range(3))
        self.bb += 3
        k = self.fresh("k")
        self.emit(f"cf.br {head}(%i0 : i32)")
        self.lines.append(" " * (self.indent - 2) + f"{head}({k}: i32):")
        more = self.fresh("more")
        self.emit(f"{more} = arith.cmpi slt, {k}, %i2 : i32")
        self.emit(f"cf.cond_br {more}, {body}, {done}")
        self.lines.append(" " * (self.indent - 2) + f"{body}:")
        self.loop_body(emit_body)
        nxt = self.fresh("k")
        self.emit(f"{nxt} = arith.addi {k}, %i1 : i32")
        self.emit(f"cf.br {head}({nxt} : i32)")
        self.lines.append(" " * (self.indent - 2) + f"{done}:")
        self.features.add("cf-loop")

    def object_names(self, blocked, busy):
        """Another name of an object: an async IterateAll staged, issued and
        waited for through a select of two objects or a call's result
        (which may be any object of its type), or an object created anew on
        each trip of a CFG loop (its work completed before the next trip)."""
        r = self.rng
        plain = [o for o in self.objs if o.kind == "plain" and not o.reserved]
        idle = [o for o in plain if o not in busy and not o.retired]
        if self.cube_only or not idle:
            return
        how = r.choice(["select", "select", "call", "recreate"])
        if how == "recreate":
            out = self.pick_output(idle[0], blocked, C_ELEMS, [])
            if out is None:
                return
            o = Obj(len(self.objs) + self.bb, "plain")
            o.ssa = self.fresh("mmr")

            def body():
                self.emit(f"{o.ssa} = asc.matmul.create : {o.type}")
                o.a, o.b = idle[0].a, idle[0].b
                self.stage_inputs(o)
                self.emit(f"asc.matmul.iterate_all {o.ssa}, {out.ssa} {{sync = false, wait_iterate_all = true}} : {o.type}, !gm_f32")
                issue = Issue(o, "wait_iterate_all", [out.region()], self.obj_inputs(o))
                self.independent_work(blocked + [issue])
                self.emit(f"asc.matmul.wait_iterate_all {o.ssa} : {o.type}")
                self.emit(f"asc.matmul.end {o.ssa} : {o.type}")
            self.cf_loop(body)
            self.features.add("recreated-object")
            return
        if how == "select":
            if len(idle) < 2:
                return
            first, second = r.sample(idle, 2)
            others = [second]
            name = self.fresh("sel")
            self.emit(f"{name} = arith.select {r.choice(['%yes', '%no'])}, "
                      f"{first.ssa}, {second.ssa} : {first.type}")
            # Marked now: the issue below may not follow, and the select
            # alone already keeps asc-run from lowering the kernel.
            self.features.add("object-select")
        else:
            # The result may be any object of the type, and the callee may
            # have staged anything on the one it was given (a bias from
            # anywhere, a workspace): nothing may be pending across the
            # call or the issue, and the objects take no work after it.
            if len(idle) < len(plain) or blocked or self.unwaited:
                return
            first = r.choice(idle)
            others = [o for o in plain if o is not first]
            name = self.fresh("mmc")
            self.emit(f"{name} = func.call @asc_random_object({first.ssa}) : "
                      f"({first.type}) -> {first.type}")
            self.calls_object = True
            self.features.add("object-call")
        # The issue reads the first object's inputs, staged through the new
        # name, and whichever object's workspace it reaches.
        inputs = self.obj_inputs(first) + [o.ws.region() for o in others if o.ws]
        out = self.pick_output(first, blocked, C_ELEMS, [])
        if out is None or self.blocked(inputs, [], blocked):
            return
        self.emit(f"asc.matmul.set_tensor_a {name}, {first.a.ssa} : {first.type}, !gm_f16")
        self.emit(f"asc.matmul.set_tensor_b {name}, {first.b.ssa} : {first.type}, !gm_f16")
        self.emit(f"asc.matmul.iterate_all {name}, {out.ssa} {{sync = false, wait_iterate_all = true}} : {first.type}, !gm_f32")
        if how == "select":
            # A select of two creations is one of them: vector work may run
            # beside it. Beside an issue through a call result nothing may
            # (the callee may have staged a bias from anywhere).
            issue = Issue(first, "wait_iterate_all", [out.region()], inputs,
                          via=name, also=others)
            self.independent_work(blocked + [issue])
        self.emit(f"asc.matmul.wait_iterate_all {name} : {first.type}")
        if how == "call":
            for o in plain:
                o.retired = True
        self.features.add("object-" + how)

    def trip_bound(self, trips, dynamic):
        """An index upper bound for a loop from 0 by 1 making `trips` trips:
        a constant, or (dynamic, 0 to 2 trips) computed from the tiling's M,
        which the analyses cannot fold."""
        if not dynamic:
            return self.const(trips, "index")
        k = self.const({2: 8, 1: 16, 0: 32}[trips], "i32")
        n32 = self.fresh("n")
        self.emit(f"{n32} = arith.divsi %m, {k} : i32")
        bound = self.fresh("n")
        self.emit(f"{bound} = arith.index_cast {n32} : i32 to index")
        return bound

    def tile_loop(self, outer, pending):
        """A loop over tiles of the shape --asc-pipeline-loops rotates
        (docs/SyncPlacement.md, "Loop pipelining"): per iteration, the
        object's inputs staged, an async IterateAll into the iteration's
        tile of the workspace (tiles C_ELEMS floats apart), its wait right
        after it, then the tile copied into UB, scaled and copied out to the
        iteration's tile of y. The trip count is a constant (1 to 4) or comes
        from the tiling (M / 8 = 2, M / 16 = 1, M / 32 = 0)."""
        r = self.tile_rng
        busy = {i.obj for i in outer + pending}
        idle = [o for o in self.objs
                if o.kind == "plain" and not o.retired and o not in busy]
        if not idle or self.live["%qv"] >= 1 or not self.out_room("f32"):
            return
        # The kept object serves one tile loop: a second would be a use
        # outside the first one's loop.
        kept = [o for o in idle if o.reserved and not o.in_tile_loop]
        shared = [o for o in idle if not o.reserved]
        if kept and (not shared or self.copies_rng.random() < 0.8):
            o = kept[0]
            o.in_tile_loop = True
        elif shared:
            o = r.choice(shared)
        else:
            return
        dynamic = r.random() < 0.5
        # A constant zero-trip loop is dead code the analyses skip: a
        # mutation put in it would break nothing. Zero trips come from the
        # tiling.
        trips = r.choice([2, 1, 0]) if dynamic else r.choice([1, 2, 3, 4])
        ws_base = r.choice([0, 1024, 2048])
        y_base = r.choice([0, 1024])
        # The Matmul output runs to the end of the buffer (the model's view
        # of a footprint the tiling sizes); the copies are one tile each.
        out = Region("ws", ws_base * F32, None)
        y_tiles = Region("y", y_base * F32, (y_base + max(trips, 1) * C_ELEMS) * F32)
        inputs = self.obj_inputs(o)
        # Against the issues in flight around the loop the compiler cannot
        # place a tile: its offset varies with the induction variable, so
        # it may be anywhere in its buffer.
        whole = [Region("ws", 0, None), Region("y", 0, None)]
        if self.blocked(inputs + whole, whole + [UB_ONE], outer + pending):
            return
        self.features.add("tile-loop")
        bound = self.trip_bound(trips, dynamic)
        stride = self.const(C_ELEMS, "index")
        ws0 = self.const(ws_base, "index")
        y0 = self.const(y_base, "index")
        n = self.const(C_ELEMS, "i32")
        # An object with room for a copy: its tiles' extent, exactly one
        # tile (the two-object form holds) or more (it overlaps the next
        # tile's: the form is refused and the loop rotated with one object).
        stated = ""
        if o.copies and self.copies_rng.random() < 0.7:
            extent = self.copies_rng.choice([C_ELEMS, C_ELEMS, C_ELEMS + N])
            stated = f", asc.output_elements = {extent} : i64"
            self.features.add("tile-loop-stated")
        iv = self.fresh("tile")
        self.emit(f"scf.for {iv} = %c0 to {bound} step %c1 {{")
        self.indent += 2

        def body():
            off = self.fresh("o")
            self.emit(f"{off} = arith.muli {iv}, {stride} : index")
            ws_off, y_off = self.fresh("o"), self.fresh("o")
            self.emit(f"{ws_off} = arith.addi {off}, {ws0} : index")
            self.emit(f"{y_off} = arith.addi {off}, {y0} : index")
            ws_i64, y_i64 = self.fresh("o"), self.fresh("o")
            self.emit(f"{ws_i64} = arith.index_cast {ws_off} : index to i64")
            self.emit(f"{y_i64} = arith.index_cast {y_off} : index to i64")
            tile = self.fresh("v")
            self.emit(f"{tile} = asc.subview {r.choice(self.bases['ws'])}[{ws_i64}] : !gm_f32")
            self.stage_inputs(o)
            self.emit(f"asc.matmul.iterate_all {o.ssa}, {tile} {{sync = false, "
                      f"wait_iterate_all = true{stated}}} : {o.type}, !gm_f32")
            self.emit(f"asc.matmul.wait_iterate_all {o.ssa} : {o.type}")
            t = self.alloc("%qv", "!q_f32", "!ub_f32")
            self.copy_in_from(Region("ws", ws_base * F32, None))
            self.emit(f"asc.data_copy {t}, {tile}, {n} : !ub_f32, !gm_f32")
            u = self.handoff("%qv", "!q_f32", "!ub_f32", t)
            dst = self.fresh("v")
            self.emit(f"{dst} = asc.subview {r.choice(self.bases['y'])}[{y_i64}] : !gm_f32")
            self.vector_out(u, "%qv", "!q_f32", "!ub_f32", n, dst, "!gm_f32",
                            "f32", op=r.choice(["muls", "adds"]),
                            scalar=r.choice([1.0, 0.5]), region=y_tiles)

        self.loop_body(body)
        self.indent -= 2
        self.emit("}")

    def carried_loop(self, outer):
        """A loop that keeps its object's next call in flight across its
        back edge and carries a tile index out (iter_args): before it the
        call of tile p; per trip the wait, then the call of tile i + a; the
        loop yields i + b (init q when it makes no trip). After it, tile
        r + c is copied in and out while the call of tile n - 1 + a (the
        last trip's) or, when the loop made no trip, tile p is still in
        flight, then the wait. Apart on both ways out when b + c != a and
        q + c != p (ProtocolChecker's isApartAfterLoop); tiles are C_ELEMS
        floats of the workspace from ws_base, and each call states that
        extent. Draws from its own stream only."""
        saved = self.rng
        self.rng = self.carried_rng
        try:
            self._carried_loop(outer)
        finally:
            self.rng = saved

    def _carried_loop(self, outer):
        r = self.rng
        busy = {o for i in outer for o in i.busy_objs}
        idle = [o for o in self.objs if o.kind == "plain" and not o.retired
                and not o.reserved and o not in busy]
        if not idle or self.live["%qv"] >= 1 or not self.out_room("f32"):
            return
        o = r.choice(idle)
        dynamic = r.random() < 0.5
        # A constant zero-trip loop is dead code the analyses skip.
        trips = r.choice([2, 1, 0]) if dynamic else r.choice([1, 2, 3])
        a, b = r.choice([1, 2]), r.choice([0, 1, 2])
        c = r.choice([x for x in (-1, 0, 1, 2) if b + x != a])
        p = r.choice([0, 1, 2])
        q = r.choice([x for x in (0, 1, 2, 3) if x + c != p and x + c >= 0])
        ws_base = r.choice([0, 1024, 2048])
        # Every tile the loop may touch stays in the workspace buffer.
        last = max(p, trips - 1 + a, q + c, trips - 1 + b + c, 0)
        if b + c < 0 or ws_base + (last + 1) * C_ELEMS > GM_BUFFERS["ws"][1]:
            return
        y_base = r.choice([0, 1024])
        y_tile = Region("y", y_base * F32, (y_base + C_ELEMS) * F32)
        out = Region("ws", ws_base * F32, None)
        inputs = self.obj_inputs(o)
        if self.blocked(inputs + [out, y_tile], [out, y_tile, UB_ONE], outer):
            return
        self.features.add("carried-loop")
        stated = f"asc.output_elements = {C_ELEMS} : i64"
        base = r.choice(self.bases["ws"])
        stride = self.const(C_ELEMS, "index")
        ws0 = self.const(ws_base, "index")

        def tile_view(index):
            off, at = self.fresh("o"), self.fresh("o")
            self.emit(f"{off} = arith.muli {index}, {stride} : index")
            self.emit(f"{at} = arith.addi {off}, {ws0} : index")
            at64 = self.fresh("o")
            self.emit(f"{at64} = arith.index_cast {at} : index to i64")
            view = self.fresh("v")
            self.emit(f"{view} = asc.subview {base}[{at64}] : !gm_f32")
            return view

        def issue(view):
            self.stage_inputs(o)
            self.emit(f"asc.matmul.iterate_all {o.ssa}, {view} {{sync = false, "
                      f"wait_iterate_all = true, {stated}}} : {o.type}, !gm_f32")

        issue(tile_view(self.const(p, "index")))
        bound = self.trip_bound(trips, dynamic)
        init = self.const(q, "index")
        ka, kb = self.const(a, "index"), self.const(b, "index")
        iv, carried, result = self.fresh("tile"), self.fresh("t"), self.fresh("r")
        self.emit(f"{result} = scf.for {iv} = %c0 to {bound} step %c1 "
                  f"iter_args({carried} = {init}) -> (index) {{")
        self.indent += 2
        self.emit(f"asc.matmul.wait_iterate_all {o.ssa} : {o.type}")
        next_tile = self.fresh("o")
        self.emit(f"{next_tile} = arith.addi {iv}, {ka} : index")
        issue(tile_view(next_tile))
        yielded = self.fresh("o")
        self.emit(f"{yielded} = arith.addi {iv}, {kb} : index")
        self.emit(f"scf.yield {yielded} : index")
        self.indent -= 2
        self.emit("}")
        # The copy's tile, by a constant a P3 mutation moves onto the tile in
        # flight (after a trip, or after none).
        kc = f"%carry{len(self.carried)}"
        self.emit(f"{kc} = arith.constant {c} : index")
        # A loop with a constant trip count never leaves without a trip:
        # only the last trip's call is in flight after it.
        carried_out = trips - 1 + b if trips else q
        racy = [x for x in ((a - b, p - q) if dynamic else (a - b,))
                if min(b, q) + x >= 0 and
                ws_base + (carried_out + x + 1) * C_ELEMS <= GM_BUFFERS["ws"][1]]
        if racy:
            self.carried.append((kc, c, racy))
        at = self.fresh("o")
        self.emit(f"{at} = arith.addi {result}, {kc} : index")
        view = tile_view(at)
        t = self.alloc("%qv", "!q_f32", "!ub_f32")
        self.copy_in_from(out)
        n = self.const(C_ELEMS, "i32")
        self.emit(f"asc.data_copy {t}, {view}, {n} : !ub_f32, !gm_f32")
        u = self.handoff("%qv", "!q_f32", "!ub_f32", t)
        dst = self.fresh("v")
        y_off = self.const(y_base, "i64")
        self.emit(f"{dst} = asc.subview {r.choice(self.bases['y'])}[{y_off}] : !gm_f32")
        self.vector_out(u, "%qv", "!q_f32", "!ub_f32", n, dst, "!gm_f32", "f32",
                        op=r.choice(["muls", "adds"]), scalar=r.choice([1.0, 0.5]),
                        region=y_tile)
        self.emit(f"asc.matmul.wait_iterate_all {o.ssa} : {o.type}")

    def both_branches(self, outer, busy, pending):
        """scf.if with the same async IterateAll in each branch; the caller's
        block waits for it after the if."""
        r = self.rng
        idle = [o for o in self.objs if o not in busy and not o.retired and o.kind == "plain"
                and not o.reserved]
        # The cube-side object of a cube-only kernel has no waits.
        if not idle or self.cube_only:
            return
        o = r.choice(idle)
        out = self.pick_output(o, outer, C_ELEMS, [])
        if out is None or self.blocked(self.obj_inputs(o), [], outer):
            return
        self.stage_inputs(o)
        self.emit(f"scf.if {r.choice(['%yes', '%no'])} {{")
        for _ in range(2):
            self.indent += 2
            self.emit(f"asc.matmul.iterate_all {o.ssa}, {out.ssa} {{sync = false, wait_iterate_all = true}} : {o.type}, !gm_f32")
            self.indent -= 2
            if _ == 0:
                self.emit("} else {")
        self.emit("}")
        pending.append(Issue(o, "wait_iterate_all", [out.region()], self.obj_inputs(o)))
        self.features.add("issue-in-both-branches")

    # -- Matmul work ------------------------------------------------------
    def pick_output(self, o, blocked, elems, extra_inputs):
        """A GM float view for a Matmul output of `elems` elements that no
        pending issue reads or writes, or None."""
        r = self.rng
        for _ in range(6):
            buf = r.choice(FLOAT_OUT)
            off = r.choice([0, 128, 256, 512, 768, 1024, 1280, 1536])
            if off + elems > 2048:
                continue
            region = Region(buf, off * F32, None)
            if self.blocked([], [region], blocked):
                continue
            return self.view(buf, off)
        return None

    def matmul_job(self, depth, outer, pending, busy_outer, top):
        r = self.rng
        busy = busy_outer | {o for i in pending for o in i.busy_objs}
        idle = [o for o in self.objs if o not in busy and not o.retired and not o.reserved]
        if not idle:
            return
        o = r.choice(idle)
        blocked = outer + pending
        # New inputs only at the top level: a setter in a branch or a loop
        # leaves either input in effect after it (or, in a loop, before it in
        # the next iteration), which this model does not track.
        new_inputs = depth == 0 and r.random() < 0.3
        if new_inputs:
            self.set_inputs(o, pending)
        else:
            self.stage_inputs(o)
        inputs = self.obj_inputs(o)
        # The job's inputs must not be pending outputs.
        if self.blocked(inputs, [], blocked):
            return
        self.extra_pending = []
        if not new_inputs:
            self.stage_inputs(o)
        if o.kind == "plain":
            options = ["all_gm", "all_gm"]
            # Async GetTensorC stages blocks in the workspace: without
            # SetWorkspace that may be any GM.
            if o.ws is not None or self.cube_only:
                options += ["iterate_ub", "iterate_gm", "iterate_view"]
            job = r.choice(options)
            getattr(self, "job_" + job)(o, blocked, pending, top)
        elif o.kind == "batch":
            self.job_batch(o, blocked, pending, top)
        else:
            self.job_nbatch(o, blocked, pending, top)
        pending.extend(self.extra_pending)
        self.extra_pending = []

    def job_all_gm(self, o, blocked, pending, top):
        r = self.rng
        out = self.pick_output(o, blocked, C_ELEMS, [])
        if out is None:
            return
        atomic = r.choice([0, 0, 0, 1, 2, 3])
        atomic_attr = f"en_atomic = {atomic} : i32" if atomic else ""
        mode = r.choice(["sync", "async", "async", "async", "unwaited", "completed"])
        if mode == "unwaited" and not top:
            mode = "async"
        if self.cube_only:
            # The cube-side object has no waits (WaitIterateAll is the mix
            # client's).
            mode = "sync"
        attrs = [a for a in [atomic_attr] if a]
        if mode != "sync":
            attrs.append("sync = false")
        if mode == "async":
            attrs.append("wait_iterate_all = true")
        if self.stated_rng.random() < 0.3:
            # The single shape's M x N elements, C's row stride N: exactly
            # C_ELEMS from the first (asc-run checks it), or more.
            stated = C_ELEMS + self.stated_rng.choice([0, 0, 1, N])
            attrs.append(f"asc.output_elements = {stated} : i64")
            self.features.add("output-elements")
        attr_text = " {" + ", ".join(attrs) + "}" if attrs else ""
        self.emit(f"asc.matmul.iterate_all {o.ssa}, {out.ssa}{attr_text} : {o.type}, !gm_f32")
        self.features.add(f"iterate_all-{mode}")
        if mode != "sync" and r.random() < 0.4:
            # The next issue's setters while this one is in flight: each
            # message is a snapshot (MatmulClient::PostMessage copies the
            # staged message), so they change nothing the cube reads now.
            self.stage_inputs(o)
            self.features.add("setters-in-flight")
        if mode == "async":
            self.extra_pending.append(Issue(o, "wait_iterate_all", [out.region()], self.obj_inputs(o)))
        elif mode == "completed":
            # Never signalled: what orders its output for the vector core is
            # the return of a later synchronous call of the same object (the
            # server runs one client's messages in order: KfcServer::Run).
            # That call writes the same output again, with the same inputs.
            def complete(o=o, out=out, atomic_attr=atomic_attr):
                self.stage_inputs(o)
                text = f" {{{atomic_attr}}}" if atomic_attr else ""
                self.emit(f"asc.matmul.iterate_all {o.ssa}, {out.ssa}{text} : {o.type}, !gm_f32")
            self.extra_pending.append(Issue(o, None, [out.region()], self.obj_inputs(o),
                                            complete=complete))
        elif mode == "unwaited":
            # In flight until the kernel ends (this model's view: End
            # completes nothing): nothing may touch the object again.
            o.retired = True
            self.unwaited.append(Issue(o, None, [out.region()], self.obj_inputs(o)))

    def job_all_ub(self, o, blocked, pending, top):
        """A synchronous IterateAll into a UB tensor, scaled and stored."""
        if self.live["%qv"] >= 2:
            return
        dst = self.pick_output(o, blocked, C_ELEMS, [])
        if dst is None or self.blocked([], [UB_ANY], blocked):
            return
        t = self.alloc("%qv", "!q_f32", "!ub_f32")
        self.emit(f"asc.matmul.iterate_all {o.ssa}, {t} : {o.type}, !ub_f32")
        self.features.add("iterate_all-ub")
        n = self.const(C_ELEMS, "i32")
        s = self.const(0.5, "f32")
        self.emit(f"asc.muls {t}, {t}, {s}, {n} : !ub_f32, !ub_f32")
        self.emit(f"asc.data_copy {dst.ssa}, {t}, {n} : !gm_f32, !ub_f32")
        self.free("%qv", "!q_f32", t, "!ub_f32")

    def iterate_loop(self, o, body, sync=False):
        """while (mm.Iterate()) { body }"""
        count = self.fresh("n")
        self.emit(f"{count} = scf.while (%r{self.counter} = %i0) : (i32) -> i32 {{")
        arg = f"%r{self.counter}"
        self.indent += 2
        more = self.fresh("more")
        # An async GetTensorC fetches what an async Iterate computed into
        # the workspace.
        sync_attr = "" if self.cube_only or sync else " {sync = false}"
        self.emit(f"{more} = asc.matmul.iterate {o.ssa}{sync_attr} : {o.type}")
        self.emit(f"scf.condition({more}) {arg} : i32")
        self.indent -= 2
        self.emit("} do {")
        barg = self.fresh("round")
        self.emit(f"^bb0({barg}: i32):")
        self.indent += 2
        self.loop_body(body)
        nxt = self.fresh("next")
        self.emit(f"{nxt} = arith.addi {barg}, %i1 : i32")
        self.emit(f"scf.yield {nxt} : i32")
        self.indent -= 2
        self.emit("}")
        self.features.add("iterate-getTensorC")

    def independent_work(self, blocked):
        if not self.cube_only and self.rng.random() < 0.5:
            self.vector_work(blocked, [])

    def job_iterate_ub(self, o, blocked, pending, top):
        if self.cube_only:
            return self.job_iterate_gm(o, blocked, pending, top)
        if self.live["%qv"] >= 1 or not self.out_room("f32"):
            return
        dst = self.pick_output(o, blocked, BASE_M * N, [])
        if dst is None:
            return

        def body():
            # The fetch is an MTE2 copy into a VECIN buffer, ordered for
            # the vector unit by the fetch itself (CopyToUB's MTE2_V, spec
            # revision 4). Three ways of writing the rest, drawn from a
            # generator of their own so that the kernel's other draws stay
            # those of its seed: a redundant WaitGetTensorC (the older
            # style), nothing (CANN's), or the VECIN queue's EnQue/DeQue
            # (CANN's samples).
            style = random.Random(self.seed * 1000003 + self.counter).randrange(3)
            t = self.alloc("%qv", "!q_f32", "!ub_f32")
            self.emit(f"asc.matmul.get_tensor_c {o.ssa}, {t} {{sync = false, en_sequential_write = true}} : {o.type}, !ub_f32")
            # A UB output whose size comes from the tiling may run past its
            # buffer into any other (docs/Protocol.md, section 5).
            issue = Issue(o, "wait_get_tensor_c", [UB_ANY, o.ws.region()], self.obj_inputs(o))
            self.independent_work(blocked + [issue])
            if style == 0:
                self.emit(f"asc.matmul.wait_get_tensor_c {o.ssa} : {o.type}")
            n = self.const(BASE_M * N, "i32")
            src = t
            if style == 2:
                src = self.handoff("%qv", "!q_f32", "!ub_f32", t)
                self.features.add("getTensorC-ub-queue")
            elif style == 1:
                self.features.add("getTensorC-ub-nowait")
            self.vector_out(src, "%qv", "!q_f32", "!ub_f32", n, dst.ssa, "!gm_f32", "f32",
                            op="adds", scalar=0.25, region=dst.region(BASE_M * N))
        self.iterate_loop(o, body)
        self.features.add("getTensorC-ub")

    def job_iterate_gm(self, o, blocked, pending, top):
        dst = self.pick_output(o, blocked, C_ELEMS, [])
        if dst is None:
            return
        # A synchronous loop: on CANN's c220 client a fetch into GM follows
        # a synchronous Iterate (MatmulClient::GetTensorC(GlobalTensor)
        # asserts isSyncGetC), and its asynchronous form is never signalled.
        self.iterate_loop(o, lambda: self.emit(
            f"asc.matmul.get_tensor_c {o.ssa}, {dst.ssa} : {o.type}, !gm_f32"),
            sync=True)
        self.features.add("getTensorC-gm")

    def job_iterate_view(self, o, blocked, pending, top):
        if self.cube_only or self.live["%qv"] >= 1 or not self.out_room("f32"):
            return self.job_iterate_gm(o, blocked, pending, top)
        dst = self.pick_output(o, blocked, BASE_M * N, [])
        if dst is None:
            return

        def body():
            blk = self.fresh("blk")
            self.emit(f"{blk} = asc.matmul.get_tensor_c {o.ssa} {{sync = false}} : {o.type} -> !gm_f32")
            issue = Issue(o, "wait_get_tensor_c", [o.ws.region()], self.obj_inputs(o))
            self.independent_work(blocked + [issue])
            self.emit(f"asc.matmul.wait_get_tensor_c {o.ssa} : {o.type}")
            t = self.alloc("%qv", "!q_f32", "!ub_f32")
            n = self.const(BASE_M * N, "i32")
            self.copy_in_from(o.ws.region())
            self.emit(f"asc.data_copy {t}, {blk}, {n} : !ub_f32, !gm_f32")
            u = self.handoff("%qv", "!q_f32", "!ub_f32", t)
            self.vector_out(u, "%qv", "!q_f32", "!ub_f32", n, dst.ssa, "!gm_f32", "f32",
                            region=dst.region(BASE_M * N))
        self.iterate_loop(o, body)
        self.features.add("getTensorC-view")

    def job_batch(self, o, blocked, pending, top):
        r = self.rng
        out = self.pick_output(o, blocked, BATCH * C_ELEMS, [])
        if out is None:
            return
        sync = r.random() < 0.3 or self.cube_only
        attrs = "" if sync else " {sync = false, wait_iterate_batch = true}"
        if self.cube_only:
            self.emit(f"asc.matmul.set_batch_num {o.ssa}, %nb, %nb : {o.type}")
            self.emit(f"asc.matmul.iterate_batch {o.ssa}, {out.ssa}{attrs} : {o.type}, !gm_f32")
            self.features.add("iterate_batch-cube")
        else:
            self.emit(f"asc.matmul.iterate_batch {o.ssa}, {out.ssa} batch(%nb, %nb){attrs} : {o.type}, !gm_f32")
        self.features.add("iterate_batch-" + ("sync" if sync else "async"))
        if not sync:
            self.extra_pending.append(Issue(o, "wait_iterate_batch", [out.region()], self.obj_inputs(o)))

    def job_nbatch(self, o, blocked, pending, top):
        """Async IterateNBatch into the workspace, in one of its two forms
        (docs/Runtime.md): at the top level without its wait flag, consumed
        by one GetBatchTensorC into UB per loop (each waits for its loop's
        signal: MatmulService::StartIterateNBatch) and stored to GM, after
        which the object is not used again; elsewhere with its wait flag,
        completed by WaitIterateBatch, after which the results are read from
        the workspace directly (a GetBatchTensorC would wait for a signal
        that never comes)."""
        out_ws = o.ws.region()
        if self.blocked([], [out_ws], blocked):
            return
        if top:
            if self.live["%qv"] >= 1 or not self.out_room("f32"):
                return
            dst = self.pick_output(o, blocked, BATCH * C_ELEMS, [])
            if dst is None or self.blocked([], [dst.region(BATCH * C_ELEMS), UB_ANY], blocked):
                return
            self.emit(f"asc.matmul.iterate_n_batch {o.ssa}, %i1, %nb, %nb {{sync = false}} : {o.type}")
            self.features.add("iterate_n_batch")
            # CopyToUBBatch: an MTE2 copy ending with MTE2_V, into VECIN.
            t = self.alloc("%qv", "!q_f32", "!ub_f32")
            self.emit(f"asc.matmul.get_batch_tensor_c {o.ssa}, %nb, %nb into {t} {{sync = false}} : {o.type}, !ub_f32")
            n = self.const(BATCH * C_ELEMS, "i32")
            self.vector_out(t, "%qv", "!q_f32", "!ub_f32", n, dst.ssa, "!gm_f32", "f32",
                            region=dst.region(BATCH * C_ELEMS))
            self.features.add("get_batch_tensor_c")
            # Until the kernel's end for the rules that keep an issue
            # without its wait flag pending until then.
            o.retired = True
            self.unwaited.append(Issue(o, None, [out_ws], self.obj_inputs(o)))
            return
        dst = self.pick_output(o, blocked, C_ELEMS, [])
        if dst is None:
            return
        self.emit(f"asc.matmul.iterate_n_batch {o.ssa}, %i1, %nb, %nb {{sync = false, wait_iterate_batch = true}} : {o.type}")
        self.features.add("iterate_n_batch-flagged")

        def read(blocked_now):
            if (self.live["%qv"] >= 1 or not self.out_room("f32")
                    or self.blocked([], [dst.region(C_ELEMS), UB_ANY], blocked_now)):
                # No room to read into, or the destination became busy: the
                # results stay in the workspace.
                return
            t = self.alloc("%qv", "!q_f32", "!ub_f32")
            n = self.const(C_ELEMS, "i32")
            self.copy_in_from(o.ws.region(C_ELEMS))
            self.emit(f"asc.data_copy {t}, {o.ws.ssa}, {n} : !ub_f32, !gm_f32")
            u = self.handoff("%qv", "!q_f32", "!ub_f32", t)
            self.vector_out(u, "%qv", "!q_f32", "!ub_f32", n, dst.ssa, "!gm_f32", "f32",
                            region=dst.region(C_ELEMS))
        self.extra_pending.append(Issue(o, "wait_iterate_batch", [out_ws], self.obj_inputs(o), after_wait=read))

    # -- vector work ------------------------------------------------------
    def alloc(self, q, qty, ty):
        t = self.fresh("t")
        self.emit(f"{t} = asc.queue.alloc_tensor {q} : {qty} -> {ty}")
        self.live[q] += 1
        return t

    def free(self, q, qty, t, ty):
        self.emit(f"asc.queue.free_tensor {q}, {t} : {qty}, {ty}")
        self.live[q] -= 1

    # The AI core's pipes see each other's UB only through a queue's
    # hand-offs (docs/Runtime.md, "Pipes"): a copy-in (MTE2) reaches the
    # vector unit through its VECIN queue's EnQue/DeQue, the vector unit's
    # result reaches the copy-out (MTE3) through a VECOUT queue, and each
    # queue's FreeTensor/AllocTensor orders a buffer's next producer after
    # its last consumer. A Matmul fetch into UB is an MTE2 copy too.
    def handoff(self, q, qty, ty, t):
        """EnQue/DeQue of a filled buffer: its producer pipe, then its
        consumer's."""
        u = self.fresh("u")
        self.emit(f"asc.queue.enque {q}, {t} : {qty}, {ty}")
        self.emit(f"{u} = asc.queue.deque {q} : {qty} -> {ty}")
        return u

    def out_room(self, elem):
        return self.live["%qho" if elem == "f16" else "%qo"] < 2

    def copied_out(self, region):
        self.mte3_written.append(region)
        for writes, _ in self.loop_frames:
            writes.append(region)

    def copy_in_from(self, region):
        """Before a copy-in (MTE2) of GM `region`: a copy-out (MTE3) of
        overlapping GM reaches it only through PipeBarrier<PIPE_ALL> (or a
        MTE3_MTE2 flag, which the dialect has no op for)."""
        for _, reads in self.loop_frames:
            reads.append(region)
        if any(region.overlaps(w) for w in self.mte3_written):
            self.barrier()

    def barrier(self):
        self.emit("asc.pipe_barrier pipe_all")
        self.mte3_written = []
        self.features.add("pipe-barrier")

    def loop_body(self, emit_body):
        """A loop body; a copy-out in one iteration and a copy-in of
        overlapping GM in the next need a barrier at the body's end."""
        frame = ([], [])
        self.loop_frames.append(frame)
        emit_body()
        self.loop_frames.pop()
        writes, reads = frame
        if any(r.overlaps(w) for r in reads for w in writes):
            self.barrier()

    def vector_out(self, src, q, qty, ty, n, dst, gm_ty, elem, op="muls",
                   scalar=1.0, params=None, region=None):
        """The vector unit writes `src` (a buffer of VECIN queue `q` the
        vector unit may read) into a VECOUT buffer, frees `src`, and the
        VECOUT queue hands the result to MTE3 for the copy to `dst` (with
        `params`: a strided copy)."""
        assert region is not None, "vector_out needs the GM region it writes"
        oq, oty = ("%qho", "!ubo_h") if elem == "f16" else ("%qo", "!ubo_f32")
        y = self.alloc(oq, "!q_out", oty)
        k = self.const(scalar, elem)
        self.emit(f"asc.{op} {y}, {src}, {k}, {n} : {oty}, {ty}")
        self.free(q, qty, src, ty)
        z = self.handoff(oq, "!q_out", oty, y)
        if params:
            bc, bl, ds = params
            self.emit(f"asc.data_copy {dst}, {z} params({bc}, {bl}, %i0, {ds}) : {gm_ty}, {oty}")
        else:
            self.emit(f"asc.data_copy {dst}, {z}, {n} : {gm_ty}, {oty}")
        self.free(oq, "!q_out", z, oty)
        self.copied_out(region)

    def vector_work(self, outer, pending):
        """GM -> UB, vector instructions, UB -> GM (maybe strided). Waits for
        the current block's pending issues it would race with, gives up
        when an outer one is in the way."""
        r = self.rng
        half = r.random() < 0.3
        q, qty, ty, esize, elem = (("%qh", "!q_h", "!ub_h", F16, "f16") if half
                                   else ("%qv", "!q_f32", "!ub_f32", F32, "f32"))
        if self.live[q] >= 1 or not self.out_room(elem):
            return
        gm_ty = "!gm_f16" if half else "!gm_f32"
        unit = 32 // esize
        count = unit * r.choice([1, 2, 4, 8, 16, 32])
        src_buf = r.choice(HALF_BUFFERS if half else ["c", "y", "ws"])
        dst_buf = r.choice(HALF_BUFFERS if half else FLOAT_OUT)
        size = GM_BUFFERS[src_buf][1]
        src_off = r.randrange(0, size - count + 1, unit)
        strided = r.random() < 0.3
        blocks, stride = (2, r.choice([1, 2])) if strided else (1, 0)
        per_block = count // blocks
        span = count + (blocks - 1) * stride * unit if strided else count
        dst_off = r.randrange(0, GM_BUFFERS[dst_buf][1] - span + 1, unit)
        reads = [Region(src_buf, src_off * esize, (src_off + count) * esize), UB_ONE]
        writes = [Region(dst_buf, dst_off * esize, (dst_off + span) * esize), UB_ONE]
        if self.blocked(reads, writes, outer):
            return
        for issue in self.conflicts(pending, reads, writes):
            self.wait(pending, issue, outer)
        src = self.view(src_buf, src_off)
        dst = self.view(dst_buf, dst_off)
        n = self.const(count, "i32")
        t = self.alloc(q, qty, ty)
        self.copy_in_from(reads[0])
        self.emit(f"asc.data_copy {t}, {src.ssa}, {n} : {ty}, {gm_ty}")
        u = self.handoff(q, qty, ty, t)
        for _ in range(r.randint(1, 3)):
            op = r.choice(["muls", "adds", "leaky_relu", "add2", "duplicate"])
            s = self.const(r.choice([0.5, 0.25, -1.0, 2.0, 0.125]), elem)
            if op in ("muls", "adds", "leaky_relu"):
                self.emit(f"asc.{op} {u}, {u}, {s}, {n} : {ty}, {ty}")
            elif op == "duplicate":
                w = self.alloc(q, qty, ty)
                self.emit(f"asc.duplicate {w}, {s}, {n} : {ty}")
                self.emit(f"asc.add {u}, {u}, {w}, {n} : {ty}, {ty}, {ty}")
                self.free(q, qty, w, ty)
                self.features.add("two-live-buffers")
            else:
                # A second live buffer from the same queue, copied in and
                # handed to the vector unit.
                w = self.alloc(q, qty, ty)
                src2 = self.view(src_buf, src_off)
                self.copy_in_from(reads[0])
                self.emit(f"asc.data_copy {w}, {src2.ssa}, {n} : {ty}, {gm_ty}")
                w2 = self.handoff(q, qty, ty, w)
                self.emit(f"asc.add {u}, {u}, {w2}, {n} : {ty}, {ty}, {ty}")
                self.free(q, qty, w2, ty)
                self.features.add("two-live-buffers")
        params = None
        if strided:
            params = (self.const(blocks, "i32"),
                      self.const(per_block * esize // 32, "i32"),
                      self.const(stride, "i32"))
            self.features.add("strided-copy")
        op = r.choice(["muls", "adds"])
        self.vector_out(u, q, qty, ty, n, dst.ssa, gm_ty, elem, op=op,
                        scalar=r.choice([1.0, 0.5]), params=params,
                        region=writes[0])
        self.features.add("vector")

    def launch(self):
        args = []
        for buf, (elem, count, role, init) in GM_BUFFERS.items():
            arg = {"name": buf, "role": role, "type": elem, "shape": [count]}
            if init:
                arg["init"] = init
            args.append(arg)
        args.append({"name": "tiling", "role": "tiling", "bytes": 512,
                     "tilings": [{"offset": 0, "fields": TILING_FIELDS}]})
        launch = {"kernel": self.kernel_name, "blocks": 1, "seed": self.seed % 1000 + 1,
                  "args": args}
        if self.cube_only:
            launch["kernel_type"] = "aic_only"
        return {"launches": [launch]}


def generate_valid(seed, **kwargs):
    """(kernel text, launch dict or None, features)."""
    gen = Generator(seed, **kwargs)
    text = gen.generate()
    return text, gen.launch(), gen


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


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--invalid", action="store_true",
                        help="break exactly one rule (printed on stderr)")
    parser.add_argument("--rule", help="with --invalid: the rule to break (L1-L14, P1-P3, P7)")
    parser.add_argument("--cf-share", type=share, default=CF_SHARE,
                        help="share of mix kernels with cf constructs (default %(default)s)")
    parser.add_argument("-o", "--output", metavar="BASE",
                        help="write BASE.mlir (and BASE.launch.json) instead of stdout")
    args = parser.parse_args(argv)
    if args.invalid:
        rule, expect, text = generate_invalid(args.seed, args.rule)
        print(f"breaks rule {rule}: {expect}", file=sys.stderr)
        launch = None
    else:
        text, launch, _ = generate_valid(args.seed, cf_share=args.cf_share)
    if args.output:
        with open(args.output + ".mlir", "w") as f:
            f.write(text)
        if launch:
            with open(args.output + ".launch.json", "w") as f:
                json.dump(launch, f, indent=1)
                f.write("\n")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
