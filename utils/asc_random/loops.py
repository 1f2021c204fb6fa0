"""Loops over tiles: the tile loops --asc-pipeline-loops rotates and the
loops that carry a tile out (a mixin of generate.Generator).
"""
from .model import N, C_ELEMS, F32, GM_BUFFERS, Region, UB_ONE


class TileLoops:
    def trip_bound(self, trips, dynamic):
        """An index upper bound for a loop from 0 by 1 making `trips` trips:
        a constant, or (dynamic, 0 to 2 trips) computed from the tiling's M,
        which the analyses cannot fold."""
        if not dynamic:
            return self.const(trips, "index")
        k = self.const({2: 16, 1: 32, 0: 64}[trips], "i32")
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
        from the tiling (M / 16 = 2, M / 32 = 1, M / 64 = 0)."""
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
        ws_base = r.choice([0, 2048, 4096])
        y_base = r.choice([0, 2048])
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
            self.tile_iteration(r, o, ws_i64, y_i64, stated, n,
                                Region("ws", ws_base * F32, None), y_tiles)

        self.loop_body(body)
        self.indent -= 2
        self.emit("}")

    def tile_iteration(self, r, o, ws_at, y_at, stated, n, ws_tiles, y_tiles):
        """One trip of a tile loop, its offsets computed: the object's
        inputs staged, an async IterateAll into ws[ws_at] (`stated`: its
        attributes after the wait flag), its wait, the tile copied into UB
        (the copy-in reads `ws_tiles`), scaled and copied out to y[y_at]
        (within `y_tiles`). `r` draws the views and the vector op."""
        tile = self.fresh("v")
        self.emit(f"{tile} = asc.subview {r.choice(self.bases['ws'])}[{ws_at}] : !gm_f32")
        self.stage_inputs(o)
        self.emit(f"asc.matmul.iterate_all {o.ssa}, {tile} {{sync = false, "
                  f"wait_iterate_all = true{stated}}} : {o.type}, !gm_f32")
        self.emit(f"asc.matmul.wait_iterate_all {o.ssa} : {o.type}")
        t = self.alloc("%qv", "!q_f32", "!ub_f32")
        self.copy_in_from(ws_tiles)
        self.emit(f"asc.data_copy {t}, {tile}, {n} : !ub_f32, !gm_f32")
        u = self.handoff("%qv", "!q_f32", "!ub_f32", t)
        dst = self.fresh("v")
        self.emit(f"{dst} = asc.subview {r.choice(self.bases['y'])}[{y_at}] : !gm_f32")
        self.vector_out(u, "%qv", "!q_f32", "!ub_f32", n, dst, "!gm_f32",
                        "f32", op=r.choice(["muls", "adds"]),
                        scalar=r.choice([1.0, 0.5]), region=y_tiles)

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
        ws_base = r.choice([0, 2048, 4096])
        # Every tile the loop may touch stays in the workspace buffer.
        last = max(p, trips - 1 + a, q + c, trips - 1 + b + c, 0)
        if b + c < 0 or ws_base + (last + 1) * C_ELEMS > GM_BUFFERS["ws"][1]:
            return
        y_base = r.choice([0, 2048])
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
