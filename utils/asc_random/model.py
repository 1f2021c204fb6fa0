"""The generator's model of a kernel: its buffers, its one tiling, the Matmul
types, and the conservative model of what each pending issue writes and reads
(docs/Protocol.md section 5: a Matmul footprint whose size comes from the
tiling runs from its view's start to the end of the buffer). The generator
(generate.py) never emits an access that may race with a pending issue in
this model.
"""
from . import element_types


# One tiling for every object: C is M x N = 32 x 16 floats (2 KB), A is
# 32 x 32 halves, B 32 x 16 halves; Iterate yields two 16 x 16 blocks
# (baseM and baseN at the 16 CANN aligns them to: asc-run refuses a tiling
# that breaks docs/TilingInvariants.md).
M, N, K, BASE_M = 32, 16, 32, 16
C_ELEMS = M * N
A_ELEMS = M * K
BATCH = 2
# Element sizes from the launch element types asc-run knows.
F32, F16 = element_types.BYTES["f32"], element_types.BYTES["f16"]

# GM arguments of a mix kernel: name -> (element type, elements, role, init).
GM_BUFFERS = {
    "a": ("f16", 4096, "input", None),
    "b": ("f16", 4096, "input", None),
    "x": ("f16", 4096, "output", "zero"),
    "c": ("f32", 4096, "output", "zero"),
    "y": ("f32", 4096, "output", "zero"),
    "ws": ("f32", 8192, "workspace", None),
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
