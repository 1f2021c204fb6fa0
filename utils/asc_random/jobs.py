"""The Matmul work of a random kernel: the issues of every kind, their
outputs, and what completes them (a mixin of generate.Generator).
"""
import random

from .model import (
    N, BASE_M, C_ELEMS, BATCH, F32, FLOAT_OUT, Region, UB_ANY, Issue)


class MatmulJobs:
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
            off = r.choice([0, 256, 512, 1024, 1536, 2048, 2560, 3072])
            if off + elems > 4096:
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
