"""Route pyasc's ``@asc.jit`` kernels through asc-mlir.

    import asc_mlir.pyasc
    asc_mlir.pyasc.enable("promote")   # or "verify", "place"

replaces pyasc's ``JITFunction.compiler`` with :class:`AscMlirCompiler`, a
subclass of pyasc's ``Compiler``. For every kernel pyasc traces it prints the
module pyasc built (with its ``loc("file.py":line:col)`` locations), and
before pyasc's own passes run, and runs asc-mlir's tools on it as
subprocesses (pyasc links MLIR 19, asc-mlir MLIR 22, so they never share a
process):

    asc-opt --convert-pyasc-to-asc    the import (docs/Pyasc.md)
    asc-translate --asc-to-ascendc    verify the Matmul protocol, place the
                                      waits, lower and print Ascend C

and hands the Ascend C back to pyasc's own build (bisheng, ld.lld) and
launcher. The import keeps pyasc's launch ABI: the ``ffts_addr`` argument
pyasc's launcher appends, and the cross-core prologue of a mix kernel.

Modes:
    verify   check the protocol, report asc-mlir's diagnostics as warnings,
             and build pyasc's own Ascend C
    place    build asc-mlir's Ascend C with the waits placed
             (--asc-sync-placement)
    promote  also make synchronous IterateAll/IterateBatch calls async with a
             placed wait (--asc-promote-sync)

Two things a kernel's IR cannot say, and without which placement and
promotion must assume the worst, the user may state to ``enable``:

    no_alias_arguments=True   the tensors passed to the kernel are distinct
                              buffers (every global-memory argument but the
                              workspace and the tiling is asc.no_alias)
    block_workspace=B         the host allocates B bytes of user workspace
                              per core after the system workspace, which
                              promotion may give a ``while (Iterate())``
                              loop (asc.block_workspace); pyasc's tutorials
                              allocate the system workspace only, so a
                              kernel launched with B > 0 needs a workspace
                              of that much more

Any failure (a tool missing, an op outside the import, a protocol error)
falls back to pyasc's own compile with a warning that carries asc-mlir's
diagnostics, so a user never loses a kernel.

The tools are found in ``tools_dir`` (``enable``), else in the directory
named by ``ASC_MLIR_TOOLS_DIR``, else on ``PATH``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional

MODES = ("verify", "place", "promote")


class AscMlirError(RuntimeError):
    """An asc-mlir tool refused the kernel; the message is its diagnostics."""


@dataclass
class Tools:
    asc_opt: str
    asc_translate: str

    @staticmethod
    def find(tools_dir: Optional[str] = None) -> "Tools":
        directory = tools_dir or os.environ.get("ASC_MLIR_TOOLS_DIR")
        found = []
        for name in ("asc-opt", "asc-translate"):
            path = shutil.which(name, path=directory) if directory else shutil.which(name)
            if path is None:
                where = directory if directory else "PATH"
                raise AscMlirError(f"{name} not found in {where}")
            found.append(path)
        return Tools(*found)


def translate_flags(mode: str) -> List[str]:
    """The asc-translate flags of a mode, after --asc-to-ascendc."""
    if mode not in MODES:
        raise ValueError(f"unknown asc-mlir mode {mode!r}; expected one of {', '.join(MODES)}")
    if mode == "verify":
        return []
    flags = ["--asc-sync-placement"]
    if mode == "promote":
        flags.append("--asc-promote-sync")
    return flags


def _run(command: List[str], stdin: str) -> str:
    proc = subprocess.run(command, input=stdin, capture_output=True, text=True)
    if proc.returncode != 0:
        raise AscMlirError(f"{Path(command[0]).name} failed:\n{proc.stderr.strip()}")
    return proc.stdout


def import_options(cube_only: bool = False, no_alias_arguments: bool = False,
                   block_workspace: int = 0) -> str:
    """The --convert-pyasc-to-asc options, in the pass's syntax."""
    if not isinstance(block_workspace, int) or isinstance(block_workspace, bool) or block_workspace < 0:
        raise ValueError(f"block_workspace must be a byte count >= 0, got {block_workspace!r}")
    flag = lambda value: "true" if value else "false"
    return (f"cube-only={flag(cube_only)} no-alias-arguments={flag(no_alias_arguments)} "
            f"block-workspace={block_workspace}")


def compile_pyasc_module(ir_text: str, mode: str, tools: Tools, cube_only: bool = False,
                         no_alias_arguments: bool = False, block_workspace: int = 0) -> str:
    """Import pyasc's printed module and return asc-mlir's Ascend C for it.

    In "verify" mode the protocol is checked and an empty string returned.
    """
    # Locations (the user's Python lines) and argument names travel with the
    # IR from one tool to the next.
    options = import_options(cube_only, no_alias_arguments, block_workspace)
    import_flags = [f"--convert-pyasc-to-asc={options}", "--mlir-print-debuginfo"]
    asc_ir = _run([tools.asc_opt, *import_flags, "-"], ir_text)
    if mode == "verify":
        _run([tools.asc_opt, "--asc-verify-sync", "-o", os.devnull, "-"], asc_ir)
        return ""
    return _run([tools.asc_translate, "--asc-to-ascendc", *translate_flags(mode), "-"], asc_ir)


def _make_compiler_class():
    from asc.runtime.compiler import Compiler

    class AscMlirCompiler(Compiler):
        """pyasc's Compiler with asc-mlir's Ascend C (see the module doc)."""

        mode: str = "place"
        tools_dir: Optional[str] = None
        no_alias_arguments: bool = False
        block_workspace: int = 0

        def run_passes(self, mod) -> None:
            # The module as pyasc built it, before its own passes, with
            # locations: what --convert-pyasc-to-asc imports.
            self._asc_mlir_input = str(mod)
            super().run_passes(mod)

        def run_translation(self, mod) -> str:
            pyasc_source = Compiler.run_translation(mod)
            ir_text = getattr(self, "_asc_mlir_input", None)
            if ir_text is None:
                return pyasc_source
            try:
                tools = Tools.find(self.tools_dir)
                source = compile_pyasc_module(ir_text, self.mode, tools, self.options.matmul_cube_only,
                                              self.no_alias_arguments, self.block_workspace)
            except (AscMlirError, OSError) as error:
                warnings.warn(f"asc-mlir: using pyasc's own compile: {error}", RuntimeWarning, stacklevel=2)
                return pyasc_source
            if self.mode == "verify":
                return pyasc_source
            self._asc_mlir_fallback = pyasc_source
            if self.dump_dir is not None:
                (Path(self.dump_dir) / "asc-mlir.cpp").write_text(source)
                (Path(self.dump_dir) / "pyasc-ascendc.cpp").write_text(pyasc_source)
            return source

        def run_compilation(self, source, kernel_args=None):
            try:
                return super().run_compilation(source, kernel_args)
            except RuntimeError as error:
                fallback = getattr(self, "_asc_mlir_fallback", None)
                if fallback is None or source == fallback:
                    raise
                warnings.warn(f"asc-mlir: its Ascend C did not build, using pyasc's own: {error}",
                              RuntimeWarning, stacklevel=2)
                return super().run_compilation(fallback, kernel_args)

    return AscMlirCompiler


_previous = None


def enable(mode: str = "place", tools_dir: Optional[str] = None, no_alias_arguments: bool = False,
           block_workspace: int = 0):
    """Compile every pyasc kernel traced from now on through asc-mlir.

    ``no_alias_arguments`` and ``block_workspace`` state what the kernel's
    IR cannot (see the module doc). Returns the compiler class now in use.
    """
    global _previous
    translate_flags(mode)  # rejects an unknown mode
    import_options(no_alias_arguments=no_alias_arguments, block_workspace=block_workspace)
    from asc.runtime.jit import JITFunction

    if _previous is None:
        _previous = JITFunction.compiler
    cls = _make_compiler_class()
    cls.mode = mode
    cls.tools_dir = tools_dir
    cls.no_alias_arguments = no_alias_arguments
    cls.block_workspace = block_workspace
    JITFunction.compiler = cls
    return cls


def disable() -> None:
    """Give pyasc its own compiler back."""
    global _previous
    if _previous is None:
        return
    from asc.runtime.jit import JITFunction

    JITFunction.compiler = _previous
    _previous = None
