"""asc-mlir's Python side: the pyasc hook (asc_mlir.pyasc)."""
