#!/usr/bin/env python3
"""Trace pyasc kernels to IR without CANN, torch or an Ascend toolchain.

usage:
  trace_pyasc.py tutorial FILE.py OUTDIR [--hook MODE [--tools-dir DIR]
                 [--no-alias-arguments] [--block-workspace B]]
  trace_pyasc.py unittest FILE.py OUTDIR [--hook MODE [--tools-dir DIR]] [-k NAME]

`tutorial` imports a pyasc tutorial (python/tutorials/NN_*/x.py) and calls
its @asc.jit kernel once with pyasc's MockTensor/MockValue arguments and an
empty TCubeTiling, built from the kernel's annotations. `unittest` imports a
pyasc unit-test module and runs each test_* function that takes only the
mock_launcher_run fixture. Every traced kernel is dumped into OUTDIR/<kernel
name>/ by pyasc's own compiler (codegen.mlir before pyasc's passes,
ascir.mlir after them, ascendc.cpp); PYASC_COMPILER and PYASC_LINKER must be
/bin/true, and the object step is skipped (there is no device binary to
read). With --hook MODE the kernels go through asc_mlir.pyasc in that mode,
which adds asc-mlir.cpp (and warnings when it falls back).

Prints one line per kernel: `traced NAME` or `failed NAME: reason`.
"""

import argparse
import importlib.util
import inspect
import os
import sys
import tempfile
import traceback
import warnings
from pathlib import Path
from unittest import mock

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "torch_stub"))
# pyasc caches built kernels across runs; a trace always compiles afresh.
os.environ["PYASC_CACHE_DIR"] = tempfile.mkdtemp(prefix="trace_pyasc_cache_")


def load_module(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def install_dumping_compiler(outdir: Path):
    """pyasc's Compiler dumps each kernel into outdir/<name>/ and builds no object."""
    from asc.runtime import compiler as compiler_module

    base = compiler_module.Compiler
    original_run = base.run

    def run(self, mod, func_name):
        self.dump_dir = outdir / func_name
        self.dump_dir.mkdir(parents=True, exist_ok=True)
        return original_run(self, mod, func_name)

    def run_compilation(self, source, kernel_args=None):
        return compiler_module.CompiledKernel(b"", kernel_args=kernel_args)

    base.run = run
    base.run_compilation = run_compilation


def mock_arguments(kernel):
    """MockTensor/MockValue/TCubeTiling arguments from a kernel's annotations."""
    import asc
    from asc.runtime.jit import MockTensor, MockValue

    args = []
    for name, parameter in inspect.signature(kernel.fn).parameters.items():
        annotation = parameter.annotation
        if annotation is asc.GlobalAddress:
            if name in ("c", "bias"):
                dtype = asc.float32
            elif name == "workspace":
                dtype = asc.uint8
            else:
                dtype = asc.float16
            args.append(MockTensor(dtype))
        elif annotation is asc.adv.TCubeTiling:
            args.append(asc.adv.TCubeTiling())
        elif annotation is float:
            args.append(MockValue(asc.float32))
        elif annotation is int:
            args.append(MockValue(asc.int32))
        else:
            raise TypeError(f"no mock argument for {name}: {annotation}")
    return args


def trace_tutorial(path: Path):
    from asc.runtime.jit import JITFunction

    module = load_module(path, path.stem)
    kernels = [value for value in vars(module).values()
               if isinstance(value, JITFunction) and "kernel" in value.fn.__name__]
    def run(kernel):
        with mock.patch("asc.runtime.launcher.Launcher.run", return_value=None):
            kernel[1](*mock_arguments(kernel))

    for kernel in kernels:
        yield kernel.fn.__name__, lambda k=kernel: run(k)


def trace_unittest(path: Path, only):
    module = load_module(path, path.stem)
    for name, function in vars(module).items():
        if not name.startswith("test_") or not callable(function):
            continue
        if only and only not in name:
            continue
        if list(inspect.signature(function).parameters) != ["mock_launcher_run"]:
            continue
        setup = getattr(module, "setup_function", None)

        def run(function=function, setup=setup):
            if setup:
                setup()
            with mock.patch("asc.runtime.launcher.Launcher.run", return_value=None) as launcher:
                function(launcher)

        yield name, run


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("kind", choices=("tutorial", "unittest"))
    parser.add_argument("file", type=Path)
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--hook", choices=("verify", "place", "promote"))
    parser.add_argument("--tools-dir", help="where the hook finds asc-opt and asc-translate")
    parser.add_argument("--no-alias-arguments", action="store_true",
                        help="the hook's no_alias_arguments=True")
    parser.add_argument("--block-workspace", type=int, default=0,
                        help="the hook's block_workspace (bytes per core)")
    parser.add_argument("-k", dest="only")
    args = parser.parse_args()
    for variable in ("PYASC_COMPILER", "PYASC_LINKER"):
        if os.environ.get(variable) != "/bin/true":
            sys.exit(f"set {variable}=/bin/true: the trace builds no device code")

    import asc.runtime.config as config

    config.set_platform(config.Backend.Model, check=False)
    install_dumping_compiler(args.outdir.resolve())
    if args.hook:
        import asc_mlir.pyasc

        asc_mlir.pyasc.enable(args.hook, tools_dir=args.tools_dir,
                              no_alias_arguments=args.no_alias_arguments,
                              block_workspace=args.block_workspace)
    cases = trace_tutorial(args.file) if args.kind == "tutorial" else trace_unittest(args.file, args.only)
    failures = 0
    for name, run in cases:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                run()
            except Exception as error:  # report and go on with the next kernel
                failures += 1
                reason = str(error).splitlines()[0] if str(error) else type(error).__name__
                print(f"failed {name}: {reason}")
                if os.environ.get("TRACE_PYASC_VERBOSE"):
                    traceback.print_exc()
                continue
        print(f"traced {name}")
        for warning in caught:
            if "asc-mlir" in str(warning.message):
                print(f"warning {name}: {warning.message}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
