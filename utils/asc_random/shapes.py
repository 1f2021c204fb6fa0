"""The shapes of real kernels that hand-written tests forget (a mixin of
generate.Generator), from issue 49 (soundness round 3, optimizations on
kernels written the way CANN writes them) and issue 46 (one happens-before
model):

  tiling loops     tile loops whose offsets come from the tiling, the way
                   CANN kernels write them: `(GetBlockIdx() * T + i) *
                   tiling.singleCoreM * tiling.N` (loop pipelining versions
                   them on a run-time check), with the counter and the
                   offset arithmetic in i32, i16 or i8 (an i8 product of 16
                   and 16 wraps to 0: every tile is the same slot, and the
                   loop must not be rotated)
  view fetches     a counted loop of GetTensorC<false>() views over the
                   blocks of one async Iterate (the loop once crashed
                   asc-opt); the object takes no call after it. The view
                   goes to one of a family of consumers: copied in, or
                   handed to a helper without memory effects, directly,
                   through a subview, under an scf.if, or through a helper
                   returning a subview of it (VIEW_CONSUMERS): those the
                   alias analysis keeps apart from the workspace, so that
                   only the view itself ties the body to the fetch
  spill/reload     vector work spilled to GM (MTE3) and read by the next
                   issue as its A (the post orders the spill, O8), reloaded
                   while the issue runs (a barrier orders MTE3 before MTE2),
                   and the spill's GM written again after the wait: a
                   buffer reused across the post
  fetch copy-out   blocks fetched into a VECIN buffer with GetTensorC<false>
                   and copied out from it directly, ordered by
                   SetFlag/WaitFlag<MTE2_MTE3>, the buffer then refilled by
                   the next fetch after SetFlag/WaitFlag<MTE3_MTE2> (the
                   fetch-pipe orderings of rule P7)
  sync UB fetches  while (mm.Iterate()) with a synchronous GetTensorC into UB:
                   the loop promote-sync makes asynchronous
  SyncAll          `SyncAll<true>()` between the vector core's steps: no wait
                   sinks past it, no issue is hoisted above it
  user workspace   (generate.py) the kernel's views of its workspace argument
                   through GetUserWorkspace, the argument stating
                   asc.block_workspace: its data is where promote-sync would
                   put an Iterate loop's blocks, so no loop may be promoted

All draw from one stream of their own (Generator.shape_rng): a seed that
gets none of them gives the kernel it gave before them, apart from the
names of later values.
"""
from .model import M, N, BASE_M, A_ELEMS, C_ELEMS, F16, F32, GM_BUFFERS, Region, UB_ANY, UB_ONE, Issue

# The share of top-level steps followed by one of the shapes.
SHAPE_SHARE = 0.3
# The share of mix kernels that keep their data in the user workspace, and
# the bytes per core their asc.block_workspace sets aside (4 KB, two blocks
# of 16 x 16 floats; model.GM_BUFFERS' ws is 32 KB for one block).
USER_WORKSPACE_SHARE = 0.2
BLOCK_WORKSPACE = 4096
# The tiling's singleCoreM and N (model.TILING_FIELDS): the stride of a
# tiling loop's tiles, C_ELEMS elements.
TILING_STRIDES = [("singleCoreM", "N"), ("M", "singleCoreN"), ("singleCoreM", "singleCoreN")]
BITS = {"i8": 8, "i16": 16, "i32": 32}
# What a view-fetch loop does with the view (shape_view_fetch), drawn from a
# stream of its own: `copy` reads the block (the workspace: the next fetch
# may overwrite it, so the pipeliner leaves the loop); the others read no
# memory, so that nothing but the use of the view stands between the body
# and a rotation (issue 49 item 3: the loop that crashed asc-opt).
VIEW_CONSUMERS = ["copy", "copy", "call", "subview-call", "subview", "if-call", "helper-subview"]
# The helpers those consumers call, defined before the kernel (the emitted
# C++ declares nothing ahead): visible, without memory effects.
VIEW_HELPERS = {
    "@asc_random_view_keep": ("func.func private @asc_random_view_keep(%t: !gm_f32) {\n"
                              "  return\n}"),
    "@asc_random_view_at": ("func.func private @asc_random_view_at(%t: !gm_f32, %off: i64) -> !gm_f32 {\n"
                            "  %s = asc.subview %t[%off] : !gm_f32\n"
                            "  return %s : !gm_f32\n}"),
}


def wrap(value, ty):
    """`value` as the emitted C++ stores it in a signed integer of type
    `ty` (arith's wrapping muli/addi on that type)."""
    bits = BITS[ty]
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >= 1 << (bits - 1) else value


class Shapes:
    def shape(self, outer, pending):
        """One of the shapes above, drawn from their own stream."""
        saved = self.rng
        self.rng = self.shape_rng
        try:
            kind = self.rng.choice(["tiling-loop"] * 3 + ["view-fetch", "spill-reload"] * 2
                                   + ["fetch-copy-out", "sync-fetch-ub", "sync-all"])
            getattr(self, "shape_" + kind.replace("-", "_"))(outer, pending)
        finally:
            self.rng = saved

    def idle_plain(self, outer, pending, need_ws=False):
        busy = {o for i in outer + pending + self.unwaited for o in i.busy_objs}
        return [o for o in self.objs if o.kind == "plain" and not o.retired and not o.reserved
                and o not in busy and (o.ws is not None or not need_ws)]

    # -- tiling loops -------------------------------------------------------
    def shape_tiling_loop(self, outer, pending):
        """for i in [0, trips): off = (GetBlockIdx() * trips + i) * s1 * s2
        with s1, s2 tiling fields (32 x 16 = C_ELEMS), computed in the
        counter's type; an async IterateAll into ws[base + off] stating its
        extent (or not: then its footprint runs to the buffer's end and the
        loop is not rotated), its wait, the tile copied in, scaled and
        copied out to y[base + off]. The kernels run on one core, so the
        block index is 0; the analyses cannot know it."""
        r = self.rng
        idle = self.idle_plain(outer, pending)
        if self.cube_only or not idle or self.live["%qv"] >= 1 or not self.out_room("f32"):
            return
        o = r.choice(idle)
        ty = r.choice(["i32", "i32", "i16", "i8"])
        trips = r.choice([1, 2, 3, 4])
        ws_base = r.choice([0, 2048, 4096])
        y_base = r.choice([0, 2048])
        # The offsets each trip computes, wrapped as the emitted C++ does;
        # an i8 counter times 32 times 16 wraps to 0 on every trip.
        offsets = [wrap(wrap(i * M, ty) * N, ty) for i in range(trips)]
        assert all(0 <= off <= 3 * C_ELEMS for off in offsets)
        lo, hi = min(offsets), max(offsets) + C_ELEMS
        y_tiles = Region("y", (y_base + lo) * F32, (y_base + hi) * F32)
        inputs = self.obj_inputs(o)
        # Against the issues in flight around the loop, a tile may be
        # anywhere in its buffer (its offset varies with the counter).
        whole = [Region("ws", 0, None), Region("y", 0, None)]
        if self.blocked(inputs + whole, whole + [UB_ONE], outer + pending):
            return
        field_a, field_b = r.choice(TILING_STRIDES)
        stated = r.random() < 0.7
        self.features.add("tiling-loop")
        if ty != "i32":
            self.features.add(f"tiling-loop-{ty}")
        if len(set(offsets)) < len(offsets):
            self.features.add("tiling-loop-wraps")
        s1, s2 = self.fresh("s"), self.fresh("s")
        self.emit(f"{s1} = asc.tiling.get %tiling[{field_a}]")
        self.emit(f"{s2} = asc.tiling.get %tiling[{field_b}]")
        blk, blk32 = self.fresh("blk"), self.fresh("blk")
        self.emit(f"{blk} = asc.get_block_idx")
        self.emit(f"{blk32} = arith.trunci {blk} : i64 to {ty}")
        if ty != "i32":
            n1, n2 = self.fresh("s"), self.fresh("s")
            self.emit(f"{n1} = arith.trunci {s1} : i32 to {ty}")
            self.emit(f"{n2} = arith.trunci {s2} : i32 to {ty}")
            s1, s2 = n1, n2
        first = self.fresh("o")
        per_core = self.const(trips, ty)
        self.emit(f"{first} = arith.muli {blk32}, {per_core} : {ty}")
        lb, ub, step = self.const(0, ty), self.const(trips, ty), self.const(1, ty)
        ws0, y0 = self.const(ws_base, "i64"), self.const(y_base, "i64")
        n = self.const(C_ELEMS, "i32")
        extent = f", asc.output_elements = {C_ELEMS} : i64" if stated else ""
        iv = self.fresh("tile")
        self.emit(f"scf.for {iv} = {lb} to {ub} step {step} : {ty} {{")
        self.indent += 2

        def body():
            g, row, off, off64 = (self.fresh("o") for _ in range(4))
            self.emit(f"{g} = arith.addi {first}, {iv} : {ty}")
            self.emit(f"{row} = arith.muli {g}, {s1} : {ty}")
            self.emit(f"{off} = arith.muli {row}, {s2} : {ty}")
            self.emit(f"{off64} = arith.extsi {off} : {ty} to i64")
            ws_off, y_off = self.fresh("o"), self.fresh("o")
            self.emit(f"{ws_off} = arith.addi {off64}, {ws0} : i64")
            self.emit(f"{y_off} = arith.addi {off64}, {y0} : i64")
            self.tile_iteration(r, o, ws_off, y_off, extent, n,
                                Region("ws", (ws_base + lo) * F32, (ws_base + hi) * F32),
                                y_tiles)

        self.loop_body(body)
        self.indent -= 2
        self.emit("}")

    # -- view fetches -------------------------------------------------------
    def shape_view_fetch(self, outer, pending):
        """One async Iterate, then a counted loop over its blocks (M / baseM:
        a constant or M / 16 from the tiling), each fetched as the view of
        GetTensorC<false>() (completed at its return since spec revision 4;
        a redundant WaitGetTensorC in half of them), copied in, scaled and
        copied out to its row of the destination."""
        r = self.rng
        idle = self.idle_plain(outer, pending, need_ws=True)
        if self.cube_only or not idle or self.live["%qv"] >= 1 or not self.out_room("f32"):
            return
        o = r.choice(idle)
        blocks = 2  # M / baseM of model.TILING_FIELDS
        dst = self.pick_output(o, outer + pending, blocks * BASE_M * 16, [])
        if dst is None:
            return
        dst_region = dst.region(blocks * BASE_M * 16)
        if self.blocked(self.obj_inputs(o), [dst_region, UB_ONE, o.ws.region()], outer + pending):
            return
        self.features.add("view-fetch-loop")
        self.stage_inputs(o)
        more = self.fresh("more")
        self.emit(f"{more} = asc.matmul.iterate {o.ssa} {{sync = false}} : {o.type}")
        if r.random() < 0.5:
            bound = self.const(blocks, "i32")
        else:
            # M / 16 (the launch's baseM), a division the analyses cannot
            # fold.
            eight, bound = self.const(BASE_M, "i32"), self.fresh("n")
            self.emit(f"{bound} = arith.divsi %m, {eight} : i32")
            self.features.add("view-fetch-loop-tiling")
        iv = self.fresh("blkno")
        self.emit(f"scf.for {iv} = %i0 to {bound} step %i1 : i32 {{")
        self.indent += 2
        wait = r.random() < 0.5
        n = self.const(BASE_M * 16, "i32")

        consumer = self.view_consumer_rng.choice(VIEW_CONSUMERS)
        if consumer != "copy":
            self.features.add("view-fetch-loop-" + consumer)

        def body():
            blk = self.fresh("blk")
            self.emit(f"{blk} = asc.matmul.get_tensor_c {o.ssa} {{sync = false}} : {o.type} -> !gm_f32")
            if wait:
                self.emit(f"asc.matmul.wait_get_tensor_c {o.ssa} : {o.type}")
            if consumer != "copy":
                self.consume_view(blk, consumer)
                return
            row, row64, at = self.fresh("o"), self.fresh("o"), self.fresh("v")
            self.emit(f"{row} = arith.muli {iv}, {n} : i32")
            self.emit(f"{row64} = arith.extsi {row} : i32 to i64")
            self.emit(f"{at} = asc.subview {dst.ssa}[{row64}] : !gm_f32")
            t = self.alloc("%qv", "!q_f32", "!ub_f32")
            self.copy_in_from(o.ws.region())
            self.emit(f"asc.data_copy {t}, {blk}, {n} : !ub_f32, !gm_f32")
            u = self.handoff("%qv", "!q_f32", "!ub_f32", t)
            self.vector_out(u, "%qv", "!q_f32", "!ub_f32", n, at, "!gm_f32", "f32",
                            op=r.choice(["muls", "adds"]), scalar=0.5, region=dst_region)

        self.loop_body(body)
        self.indent -= 2
        self.emit("}")
        # The client's count of blocks stays in the loop until an Iterate
        # returns false: the object takes no other call (CANN's examples
        # of the counted loop end it there).
        o.retired = True

    def consume_view(self, blk, consumer):
        """The view `blk` of a fetched block handed on without a read of
        its memory (VIEW_CONSUMERS)."""
        r = self.view_consumer_rng
        view = blk
        if consumer in ("subview", "subview-call"):
            off, view = self.const(r.choice([0, 16, 128]), "i64"), self.fresh("v")
            self.emit(f"{view} = asc.subview {blk}[{off}] : !gm_f32")
            if consumer == "subview":
                return
        if consumer == "helper-subview":
            off, view = self.const(r.choice([0, 64]), "i64"), self.fresh("v")
            self.view_helpers.add("@asc_random_view_at")
            self.emit(f"{view} = func.call @asc_random_view_at({blk}, {off}) : "
                      "(!gm_f32, i64) -> !gm_f32")
            if r.random() < 0.5:
                return
        self.view_helpers.add("@asc_random_view_keep")
        call = f"func.call @asc_random_view_keep({view}) : (!gm_f32) -> ()"
        if consumer == "if-call":
            self.emit(f"scf.if {r.choice(['%yes', '%no'])} {{")
            self.emit("  " + call)
            self.emit("}")
        else:
            self.emit(call)

    # -- spill and reload around an issue -------------------------------------
    def spill(self, view, region, value):
        """Vector work written to GM through VECOUT (MTE3): `value`
        duplicated into A_ELEMS halves, scaled, copied out to `view`."""
        t = self.alloc("%qh", "!q_h", "!ub_h")
        n = self.const(region.hi // F16 - region.lo // F16, "i32")
        s = self.const(value, "f16")
        self.emit(f"asc.duplicate {t}, {s}, {n} : !ub_h")
        self.vector_out(t, "%qh", "!q_h", "!ub_h", n, view.ssa, "!gm_f16", "f16",
                        op="muls", scalar=0.5, region=region)

    def shape_spill_reload(self, outer, pending):
        """Spill vector work to x (MTE3), then issue an async IterateAll
        reading the spill as A: the post orders the vector core's earlier
        MTE3 copies before the server reads (O8), so nothing else is
        needed, and hoisting the issue above the spill would race. While
        it runs the spill is reloaded (a copy-in of what MTE3 wrote: the
        barrier copy_in_from adds) and copied out elsewhere in x. After its
        wait the spill's GM is written again: the input of the issue reused
        across its post and wait."""
        r = self.rng
        blocked = outer + pending
        idle = self.idle_plain(outer, pending)
        if (self.cube_only or not idle or self.live["%qh"] >= 1
                or not self.out_room("f16")):
            return
        o = r.choice(idle)
        elems = A_ELEMS  # A: M x K halves
        at = r.choice([0, 1024, 2048, 3072])
        spilled = Region("x", at * F16, (at + elems) * F16)
        if self.blocked([spilled], [spilled, UB_ONE], blocked):
            return
        out = self.pick_output(o, blocked, C_ELEMS, [])
        if out is None or self.blocked([o.b.region()], [], blocked):
            return
        self.features.add("spill-reload")
        view = self.view("x", at)
        self.spill(view, spilled, r.choice([0.5, 1.0, -2.0]))
        o.a = view
        self.stage_inputs(o)
        self.emit(f"asc.matmul.iterate_all {o.ssa}, {out.ssa} {{sync = false, "
                  f"wait_iterate_all = true}} : {o.type}, !gm_f32")
        inputs = self.obj_inputs(o)
        issue = Issue(o, "wait_iterate_all", [out.region()], inputs)
        # The reload, while the issue reads the spill too.
        other = r.choice([x for x in (0, 1024, 2048, 3072) if x != at])
        copy = Region("x", other * F16, (other + elems) * F16)
        if not self.blocked([spilled], [copy, UB_ONE], blocked + [issue]):
            self.features.add("spill-reloaded")
            t = self.alloc("%qh", "!q_h", "!ub_h")
            n = self.const(elems, "i32")
            self.copy_in_from(spilled)
            self.emit(f"asc.data_copy {t}, {view.ssa}, {n} : !ub_h, !gm_f16")
            u = self.handoff("%qh", "!q_h", "!ub_h", t)
            dst = self.view("x", other)
            self.vector_out(u, "%qh", "!q_h", "!ub_h", n, dst.ssa, "!gm_f16", "f16",
                            op="adds", scalar=1.0, region=copy)

        def respill(blocked_now):
            # After the wait: the spill's GM written again (the object's A
            # until its next SetTensorA: nothing in flight reads it now).
            if (self.live["%qh"] >= 1 or not self.out_room("f16")
                    or self.blocked([spilled], [spilled, UB_ONE], blocked_now)):
                return
            self.features.add("spill-reused-after-wait")
            self.spill(view, spilled, 0.25)
        issue.after_wait = respill
        pending.append(issue)

    # -- fetched blocks copied out directly ------------------------------------
    def shape_fetch_copy_out(self, outer, pending):
        """while (mm.Iterate<false>()): GetTensorC<false> into a VECIN
        buffer, SetFlag/WaitFlag<MTE2_MTE3> (or a vector op and
        SetFlag/WaitFlag<V_MTE3>: flags compose through V), the block copied
        out from the VECIN buffer (MTE3), then SetFlag/WaitFlag<MTE3_MTE2>
        before the buffer is freed and refilled by the next fetch."""
        r = self.rng
        blocked = outer + pending
        idle = self.idle_plain(outer, pending, need_ws=True)
        if self.cube_only or not idle or self.live["%qv"] >= 1:
            return
        o = r.choice(idle)
        dst = self.pick_output(o, blocked, BASE_M * 16, [])
        if dst is None or self.blocked(self.obj_inputs(o) + [o.ws.region()],
                                       [UB_ANY, dst.region(BASE_M * 16)], blocked):
            return
        self.features.add("fetch-copy-out")
        n = self.const(BASE_M * 16, "i32")
        e0, e1 = self.const(r.choice([0, 1, 2]), "i32"), self.const(r.choice([0, 3]), "i32")
        via_v = r.random() < 0.5

        def body():
            t = self.alloc("%qv", "!q_f32", "!ub_f32")
            self.emit(f"asc.matmul.get_tensor_c {o.ssa}, {t} {{sync = false}} : {o.type}, !ub_f32")
            if via_v:
                s = self.const(2.0, "f32")
                self.emit(f"asc.muls {t}, {t}, {s}, {n} : !ub_f32, !ub_f32")
                self.emit(f"asc.set_flag v_mte3, {e0}")
                self.emit(f"asc.wait_flag v_mte3, {e0}")
                self.features.add("fetch-copy-out-v-mte3")
            else:
                self.emit(f"asc.set_flag mte2_mte3, {e0}")
                self.emit(f"asc.wait_flag mte2_mte3, {e0}")
            self.emit(f"asc.data_copy {dst.ssa}, {t}, {n} : !gm_f32, !ub_f32")
            self.emit(f"asc.set_flag mte3_mte2, {e1}")
            self.emit(f"asc.wait_flag mte3_mte2, {e1}")
            self.free("%qv", "!q_f32", t, "!ub_f32")
            self.copied_out(dst.region(BASE_M * 16))

        self.stage_inputs(o)
        self.iterate_loop(o, body)

    # -- a synchronous fetch loop into UB ----------------------------------------
    def shape_sync_fetch_ub(self, outer, pending):
        """while (mm.Iterate()) { GetTensorC(ub); Muls; copy out }: the loop
        promote-sync makes CANN's async form, with the object's workspace
        or the slice asc.block_workspace sets aside (refused in a kernel
        keeping its data in the user workspace). The synchronous fetch
        orders V after its MTE2 copy; the result leaves through VECOUT."""
        r = self.rng
        blocked = outer + pending
        idle = self.idle_plain(outer, pending)
        if self.cube_only or not idle or self.live["%qv"] >= 1 or not self.out_room("f32"):
            return
        o = r.choice(idle)
        n_elems = BASE_M * 16
        dst = self.pick_output(o, blocked, n_elems, [])
        writes = [UB_ANY, dst.region(n_elems)] if dst else []
        if o.ws is not None:
            writes.append(o.ws.region())
        if dst is None or self.blocked(self.obj_inputs(o), writes, blocked):
            return
        self.features.add("sync-fetch-ub")
        n = self.const(n_elems, "i32")

        def body():
            t = self.alloc("%qv", "!q_f32", "!ub_f32")
            # Each block at the buffer's start (enSequentialWrite), as the
            # async fetch promote-sync makes of it puts it.
            self.emit(f"asc.matmul.get_tensor_c {o.ssa}, {t} {{en_sequential_write = true}} : "
                      f"{o.type}, !ub_f32")
            self.vector_out(t, "%qv", "!q_f32", "!ub_f32", n, dst.ssa, "!gm_f32", "f32",
                            op=r.choice(["muls", "adds"]), scalar=0.5,
                            region=dst.region(n_elems))

        self.stage_inputs(o)
        self.iterate_loop(o, body, sync=True)
        if self.own_workspace:
            # Promoted, the loop leaves the object counted inside it
            # (test/asc-run/promote-iterate-loop-reuse.test, a known bug):
            # no call after it, so that a campaign finds other bugs.
            o.retired = True

    # -- SyncAll ------------------------------------------------------------------
    def shape_sync_all(self, outer, pending):
        """SyncAll<true>(): every vector core calls it, once, at the top
        level (the launch has one)."""
        if self.cube_only:
            return
        self.emit("asc.sync_all")
        self.features.add("sync-all")
