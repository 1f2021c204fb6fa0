"""A stand-in for torch, enough for pyasc's tutorials to import and trace.

pyasc's tutorials import torch at module level, annotate with torch.Tensor
and build their inputs with it. Tracing a kernel to IR needs none of torch's
numerics: trace_pyasc.py passes pyasc's own MockTensor arguments. This module
gives the names the tutorials touch at import time and fails loudly if
anything tries to compute with it.
"""


class dtype:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "torch." + self.name


float16 = dtype("float16")
float32 = dtype("float32")
int32 = dtype("int32")
int8 = dtype("int8")
uint8 = dtype("uint8")
bfloat16 = dtype("bfloat16")


class Tensor:
    """Never instantiated by the trace; present for annotations and isinstance."""

    def __init__(self, *args, **kwargs):
        raise RuntimeError("the torch stub computes nothing: trace with MockTensor")


def _unavailable(*args, **kwargs):
    raise RuntimeError("the torch stub computes nothing: trace with MockTensor")


zeros = randint = matmul = allclose = _unavailable
