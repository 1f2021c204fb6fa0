# -*- Python -*-
# lit configuration of the asc-mlir regression tests.

import os
import shutil
import subprocess

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "ASC"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".c", ".cpp", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.asc_obj_root, "test")
# test/lib holds the test passes' sources (linked into asc-opt), not tests.
config.excludes = ["Inputs", "CMakeLists.txt", "lib", "lit.cfg.py", "lit.site.cfg.py"]

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

config.substitutions.append(("%asc_src_root", config.asc_src_root))
config.substitutions.append(("%asc_obj_root", config.asc_obj_root))
config.substitutions.append(("%examples", os.path.join(config.asc_src_root, "examples")))

llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
tool_dirs = [os.path.join(config.asc_obj_root, "bin"), config.llvm_tools_dir]
llvm_config.add_tool_substitutions(["asc-check", "asc-opt", "asc-translate", "mlir-translate"], tool_dirs)
# MLIR's TableGen and headers, to check the generated docs are current.
llvm_config.add_tool_substitutions(["mlir-tblgen"], [config.llvm_tools_dir])
config.substitutions.append(
    ("%mlir_include", config.mlir_include_dirs.split(";")[0]))

# asc-run compiles kernels with the host C++ compiler; its cache lives in the
# build tree, shared by the tests and kept between runs.
llvm_config.add_tool_substitutions(["asc-run", "asc-gen-kernel", "asc-random-test"], tool_dirs)
config.environment["ASC_RUN_CACHE"] = os.path.join(config.asc_obj_root, "asc-run-cache")
config.substitutions.append(("%runtime", os.path.join(config.asc_src_root, "runtime")))

# The host C++ compiler that type-checks the emitted Ascend C (%host_cxx):
# g++ (build-essential, on every Debian machine) or clang++ 22.
host_cxx = None
for candidate in ["c++", "g++", "clang++-22", "clang++"]:
    host_cxx = shutil.which(candidate) or shutil.which(
        candidate, path=config.llvm_tools_dir)
    if host_cxx:
        break
if host_cxx:
    config.available_features.add("host-cxx")
    config.substitutions.append(("%host_cxx", host_cxx))

# bench/analysis_scaling.py --instructions counts with callgrind.
if shutil.which("valgrind"):
    config.available_features.add("valgrind")

# The real Ascend C headers, for the optional CPU-debug type check of the
# emitted kernels (docs/AscendC.md has the recipe): ASC_DEVKIT_DIR holds
# asc-devkit's include/ and impl/ and asc-tools' cpudebug/include/. The real
# headers build with g++ only.
asc_devkit_dir = os.environ.get("ASC_DEVKIT_DIR")
gxx = shutil.which("g++")
if asc_devkit_dir and gxx:
    config.available_features.add("asc-devkit")
    config.substitutions.append(("%asc_devkit_dir", asc_devkit_dir))
    config.substitutions.append(("%gxx", gxx))

# clang-apply-replacements (Debian's clang-tools-22), to apply asc-check's
# exported fixes the way clang-tidy users do.
if os.path.exists(os.path.join(config.llvm_tools_dir, "clang-apply-replacements")):
    config.available_features.add("clang-apply-replacements")
    llvm_config.add_tool_substitutions(["clang-apply-replacements"], [config.llvm_tools_dir])

# CANN's own samples (the examples/ directory of an asc-devkit checkout,
# cannmirror/asc-devkit), for the test that runs four of its Matmul .asc
# samples unchanged in asc-run (test/asc-run/cann-samples.test). The samples
# are read from there, never copied into this repository.
asc_devkit_examples = os.environ.get("ASC_DEVKIT_EXAMPLES")
if asc_devkit_examples:
    config.available_features.add("asc-devkit-examples")
    config.substitutions.append(("%asc_devkit_examples", asc_devkit_examples))

# hicann/ops-nn, for the tests that run its kernels unchanged: ASC_OPS_NN_DIR
# is a checkout, read from there, never copied; commit a42610bb1 has
# experimental/matmul/matmul_add (test/asc-run/ops-nn.test), e5c3fa932
# experimental/matmul/fused_matmul_gelu (ops-nn-fused-matmul-gelu.test),
# matmul_fp32 (ops-nn-matmul-fp32.test) and fused_patch_mlp
# (ops-nn-fused-patch-mlp.test).
ops_nn_dir = os.environ.get("ASC_OPS_NN_DIR")
if ops_nn_dir:
    config.substitutions.append(("%ops_nn_dir", ops_nn_dir))
    # The kernels come and go between commits: each test asks for its own.
    if os.path.isdir(os.path.join(ops_nn_dir, "experimental", "matmul",
                                  "matmul_add")):
        config.available_features.add("ops-nn")
    if os.path.isdir(os.path.join(ops_nn_dir, "experimental", "matmul",
                                  "fused_matmul_gelu")):
        config.available_features.add("ops-nn-fused-matmul-gelu")
    for kernel in ("matmul_fp32", "fused_patch_mlp"):
        if os.path.isdir(os.path.join(ops_nn_dir, "experimental", "matmul",
                                      kernel)):
            config.available_features.add("ops-nn-" + kernel.replace("_", "-"))

# pyasc, for the optional tests that trace its tutorial and Matmul unit-test
# kernels and import them (docs/Pyasc.md): PYASC_DIR is a pyasc checkout
# whose libpyasc is built (against its own LLVM/MLIR 19), PYASC_PYTHON the
# Python it was built for (default: the system's python3). Traced without
# CANN, torch or an Ascend toolchain.
pyasc_dir = os.environ.get("PYASC_DIR")
pyasc_python = os.environ.get("PYASC_PYTHON") or shutil.which("python3", path="/usr/bin")
if pyasc_dir and pyasc_python:
    config.available_features.add("pyasc")
    config.substitutions.append(("%pyasc_dir", pyasc_dir))
    config.substitutions.append(
        ("%pyasc_trace",
         "env PYTHONPATH=%s:%s PYASC_COMPILER=/bin/true PYASC_LINKER=/bin/true "
         "ASC_MLIR_TOOLS_DIR=%s %s %s"
         % (os.path.join(pyasc_dir, "python"),
            os.path.join(config.asc_src_root, "python"),
            os.path.join(config.asc_obj_root, "bin"),
            pyasc_python,
            os.path.join(config.asc_src_root, "test", "Pyasc", "Inputs",
                         "trace_pyasc.py"))))

# Embedding: the C API test programs, the language server, the plugin loaded
# into the system's stock mlir-opt, and the CMake that installs this build
# and builds a client against the installed tree.
llvm_config.add_tool_substitutions(
    ["asc-capi-enum-test", "asc-capi-ir-test", "asc-capi-pass-test", "asc-capi-pipeline-test",
     "asc-capi-pipeline-options-test", "asc-capi-import-pyasc-test",
     "asc-capi-import-ascendc-test",
     "asc-lsp-server"], tool_dirs)
# The system's stock mlir-opt, never a tool of this build. In a sanitizer
# build it loads an instrumented plugin, so the sanitizer runtime it lacks
# is preloaded.
stock_mlir_opt = "mlir-opt"
if config.asc_sanitizer:
    asan_runtime = subprocess.check_output(
        [config.host_cc, "-print-file-name=libclang_rt.asan-x86_64.so"],
        text=True).strip()
    stock_mlir_opt = ToolSubst("mlir-opt", command="env LD_PRELOAD=%s %s" % (
        asan_runtime, os.path.join(config.llvm_tools_dir, "mlir-opt")))
llvm_config.add_tool_substitutions([stock_mlir_opt], [config.llvm_tools_dir])
config.substitutions.append(
    ("%asc_plugin",
     os.path.join(config.asc_obj_root, "lib", "AscPlugin" + config.shlib_ext)))
config.substitutions.append(("%asc_obj_root", config.asc_obj_root))
config.substitutions.append(("%shlibext", config.shlib_ext))
config.substitutions.append(("%cmake_generator", '"%s"' % config.cmake_generator))
config.substitutions.append(("%cmake_make_program", config.cmake_make_program))
config.substitutions.append(("%cmake", config.cmake_command))
config.substitutions.append(("%host_cc", config.host_cc))
config.substitutions.append(("%asc_cxx_compiler", config.asc_cxx_compiler))

# The sanitizer build (`make sanitize`, docs/Testing.md): our code is
# instrumented with ASan + UBSan, Debian's libMLIR.so is not. The allocators
# LLVM's headers inline into our code poison memory that libMLIR's copies of
# them hand out without unpoisoning, so user poisoning is off; every UBSan
# report stops the tool. A C client built by a test (examples/embed) links
# the instrumented libAscCAPI.so, so it is instrumented too (CMake reads
# CFLAGS and LDFLAGS from the environment).
if config.asc_sanitizer:
    config.available_features.add("sanitizer")
    config.environment["ASAN_OPTIONS"] = "allow_user_poisoning=0:detect_leaks=1"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    sanitizer_flags = "-fsanitize=address,undefined -fno-sanitize-recover=all"
    config.environment["CFLAGS"] = sanitizer_flags
    config.environment["LDFLAGS"] = sanitizer_flags

# The libFuzzer targets (fuzz/), built when the compiler has libFuzzer
# (clang with compiler-rt): a short seeded run of each is part of the suite.
fuzz_targets = ["asc-fuzz-pipeline", "asc-fuzz-capi"]
if all(os.path.exists(os.path.join(config.asc_obj_root, "bin", t))
       for t in fuzz_targets):
    config.available_features.add("asc-fuzz")
    llvm_config.add_tool_substitutions(fuzz_targets, tool_dirs)
    config.substitutions.append(
        ("%fuzz_dir", os.path.join(config.asc_obj_root, "fuzz")))
    config.environment.setdefault("ASAN_OPTIONS", "allow_user_poisoning=0")
