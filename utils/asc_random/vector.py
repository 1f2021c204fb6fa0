"""Vector work through queues, and the pipe orderings it needs (a mixin of
generate.Generator).
"""
from .model import (
    F32, F16, GM_BUFFERS, HALF_BUFFERS, FLOAT_OUT, Region, UB_ONE)


class VectorWork:
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
