"""Seeded random valid asc kernels (the generator behind asc-gen-kernel).

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
"""
import random

from .model import (
    C_ELEMS, A_ELEMS, BATCH, GM_BUFFERS, HALF_BUFFERS, HEADER,
    TILING_FIELDS, View, Issue, Obj, CF_SHARE, F32)
from .jobs import MatmulJobs
from .loops import TileLoops
from .shapes import BLOCK_WORKSPACE, SHAPE_SHARE, USER_WORKSPACE_SHARE, VIEW_HELPERS, Shapes

# The share of cube-only kernels whose vector cores take part: an epilogue
# after the cube core's cross-core flag (Generator.cube_driven_epilogue).
CUBE_DRIVEN_SHARE = 0.4
from .vector import VectorWork


class Generator(MatmulJobs, TileLoops, VectorWork, Shapes):
    def __init__(self, seed, cube_only=None, use_cf=None, require=None,
                 cf_share=CF_SHARE, shape_share=SHAPE_SHARE, own_workspace_share=0.0):
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
        # Likewise: the shapes of issues 49 and 46 (shapes.py), one maybe
        # after each top-level step.
        self.shape_rng = random.Random(seed * 7877 + 23)
        # Likewise: what a view-fetch loop does with the view (shapes.py,
        # VIEW_CONSUMERS), and the helpers those consumers call.
        self.view_consumer_rng = random.Random(seed * 7759 + 31)
        self.view_helpers = set()
        self.shape_share = shape_share
        # A kernel that keeps its own data in the user workspace
        # (GetUserWorkspace of the workspace argument, which states an
        # asc.block_workspace): promote-sync may not give that slice to an
        # Iterate loop's blocks (issue 49, class 4).
        # With a shape share of 0, the kernels of before the shapes.
        self.user_workspace = (self.shape_rng.random() < USER_WORKSPACE_SHARE
                               and shape_share > 0)
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
        self.user_workspace = self.user_workspace and not self.cube_only
        # A kernel whose workspace argument (stating asc.block_workspace) is
        # one it never touches, its own data in a plain argument (ws): the
        # slice promote-sync may give an Iterate loop's blocks. A stream of
        # its own; off by default (test/asc-run/promote-iterate-loop-reuse.test).
        self.own_workspace = (random.Random(seed * 8171 + 41).random() < own_workspace_share
                              and not self.cube_only and not self.user_workspace)
        # A cube-only kernel whose vector cores take part (issue 46): the
        # cube core drives the objects under ASCEND_IS_AIC and sets a mode-2
        # flag on PIPE_FIX; the vector cores wait for it under ASCEND_IS_AIV
        # and scale a block of what it wrote (CANN's matmul_fused_manual).
        # A stream of its own, with a share of 0 in the kernels of before.
        self.cube_driven = (random.Random(seed * 9049 + 29).random() < CUBE_DRIVEN_SHARE
                            and self.cube_only and shape_share > 0)
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
        block_ws = (f", asc.block_workspace = #asc.block_workspace<bytes_per_core = {BLOCK_WORKSPACE}>"
                    if self.user_workspace else "")
        if self.own_workspace:
            args.append("%ws: !asc.gm_addr {asc.no_alias}")
            args.append("%bws: !asc.gm_addr {asc.no_alias, asc.workspace, asc.block_workspace = "
                        f"#asc.block_workspace<bytes_per_core = {BLOCK_WORKSPACE}>}}")
            self.features.add("own-workspace")
        else:
            args.append(f"%ws: !asc.gm_addr {{asc.no_alias, asc.workspace{block_ws}}}")
        args.append("%tiling_gm: !asc.gm_addr")
        attrs = "asc.kernel, asc.cube_only" if self.cube_only else "asc.kernel"
        self.kernel_name = f"random_{self.seed}"
        out = [HEADER]
        out.append(f"func.func @{self.kernel_name}({', '.join(args)}) attributes {{{attrs}}} {{")
        self.prologue()
        self.block(depth=0, outer=[], top=True)
        if self.cube_driven:
            self.cube_driven_epilogue()
        self.emit("return")
        # The view consumers' helpers come first: the emitted C++ declares
        # nothing ahead of its use.
        out[1:1] = [VIEW_HELPERS[name] for name in sorted(self.view_helpers)]
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
            addr = f"%{buf}"
            if buf == "ws" and self.user_workspace:
                addr = "%uws"
                self.emit(f"{addr} = asc.get_user_workspace %ws")
                self.features.add("user-workspace")
            self.emit(f"%g_{buf} = asc.set_global_buffer {addr} : {ty}")
            if r.random() < 0.3:
                # A second view of the same address: aliases the first.
                names.append(f"%g_{buf}_alias")
                self.emit(f"%g_{buf}_alias = asc.set_global_buffer {addr} : {ty}")
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
        if self.cube_driven:
            # REGIST_MATMUL_OBJ returns on the vector cores of a cube-only
            # kernel (L11): the cube core's branch holds it and the objects'
            # work, as CANN's matmul_fused_manual does.
            self.emit("%cc_flag = arith.constant 3 : i32")
            self.emit("%on_aic = asc.is_aic")
            self.emit("scf.if %on_aic {")
        mms = ", ".join(o.ssa for o in self.objs)
        tilings = ", ".join("%tiling" for _ in self.objs)
        types = ", ".join(o.type for o in self.objs)
        self.emit(f"asc.matmul.register %pipe, %sysws, {mms} tiling {tilings} : {types}")
        if not self.cube_only:
            self.emit("%qv = asc.queue.create : !q_f32")
            self.emit("%qh = asc.queue.create : !q_h")
            self.emit("%qo = asc.queue.create : !q_out")
            self.emit("%qho = asc.queue.create : !q_out")
            self.emit("%qbytes = arith.constant 4096 : i32")
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
            # Each object's workspace is a disjoint 2048-float slice.
            if o.kind == "nbatch" or r.random() < 0.6:
                o.ws = self.view("ws", 2048 * o.index)
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
        offsets = [off for off in (0, 512, 1024, 2048) if off + need <= 4096]
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
            if top and self.shape_rng.random() < self.shape_share:
                self.shape(outer, pending)
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

    def cube_driven_epilogue(self):
        """Closes the cube core's branch with CrossCoreSetFlag<2, PIPE_FIX>
        (FIX wrote every C the objects made) and gives the vector cores the
        epilogue: wait for the flag, copy c in, scale it, copy it out to
        y. The cube-only objects' calls are synchronous, so all
        their work is before the set."""
        # All of c in, all of y out: whatever C the objects wrote, the
        # epilogue touches it (16 KB each way, well inside UB).
        n = GM_BUFFERS["c"][1]
        self.emit("asc.cross_core_set_flag mode 2, pipe_fix, %cc_flag")
        self.emit("}")
        self.emit("%on_aiv = asc.is_aiv")
        self.emit("scf.if %on_aiv {")
        self.emit("%cc_in = asc.queue.create : !q_f32")
        self.emit("%cc_out = asc.queue.create : !q_out")
        self.emit("%cc_one = arith.constant 1 : i32")
        self.emit(f"%cc_bytes = arith.constant {n * F32} : i32")
        self.emit(f"%cc_n = arith.constant {n} : i32")
        self.emit("asc.pipe.init_buffer %pipe, %cc_in, %cc_one, %cc_bytes : !q_f32")
        self.emit("asc.pipe.init_buffer %pipe, %cc_out, %cc_one, %cc_bytes : !q_out")
        self.emit("asc.cross_core_wait_flag %cc_flag")
        self.emit("%cc_t = asc.queue.alloc_tensor %cc_in : !q_f32 -> !ub_f32")
        self.emit("asc.data_copy %cc_t, %g_c, %cc_n : !ub_f32, !gm_f32")
        self.emit("asc.queue.enque %cc_in, %cc_t : !q_f32, !ub_f32")
        self.emit("%cc_x = asc.queue.deque %cc_in : !q_f32 -> !ub_f32")
        self.emit("%cc_o = asc.queue.alloc_tensor %cc_out : !q_out -> !ubo_f32")
        self.emit("%cc_s = arith.constant 2.0 : f32")
        self.emit("asc.muls %cc_o, %cc_x, %cc_s, %cc_n : !ubo_f32, !ub_f32")
        self.emit("asc.queue.free_tensor %cc_in, %cc_x : !q_f32, !ub_f32")
        self.emit("asc.queue.enque %cc_out, %cc_o : !q_out, !ubo_f32")
        self.emit("%cc_y = asc.queue.deque %cc_out : !q_out -> !ubo_f32")
        self.emit("asc.data_copy %g_y, %cc_y, %cc_n : !gm_f32, !ubo_f32")
        self.emit("asc.queue.free_tensor %cc_out, %cc_y : !q_out, !ubo_f32")
        self.emit("}")
        self.features.add("cube-driven-epilogue")

    def launch(self):
        args = []
        for buf, (elem, count, role, init) in GM_BUFFERS.items():
            arg = {"name": buf, "role": role, "type": elem, "shape": [count]}
            if init:
                arg["init"] = init
            if buf == "ws" and self.own_workspace:
                # A buffer of the kernel's own, compared like the outputs;
                # the untouched workspace after it.
                arg.update(role="output", init="zero")
                args.append(arg)
                arg = {"name": "bws", "role": "workspace", "bytes": BLOCK_WORKSPACE}
            args.append(arg)
        args.append({"name": "tiling", "role": "tiling", "bytes": 512,
                     "tilings": [{"offset": 0, "fields": TILING_FIELDS}]})
        launch = {"kernel": self.kernel_name, "blocks": 1, "seed": self.seed % 1000 + 1,
                  "args": args}
        if self.cube_driven:
            launch["mix_ratio"] = "1:1"
        elif self.cube_only:
            launch["kernel_type"] = "aic_only"
        return {"launches": [launch]}


def generate_valid(seed, **kwargs):
    """(kernel text, launch dict or None, features)."""
    gen = Generator(seed, **kwargs)
    text = gen.generate()
    return text, gen.launch(), gen

