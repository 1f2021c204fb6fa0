//===- Passes.td - asc conversion passes -------------------*- tablegen -*-===//
//
// Conversions into and out of the asc dialect.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_CONVERSION_PASSES_TD
#define ASC_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertAscToEmitC : Pass<"convert-asc-to-emitc", "ModuleOp"> {
  let summary = "Lower asc kernels, with func, arith and scf, to EmitC";
  let description = [{
    Lowers a module of asc kernels to the EmitC dialect so that the upstream
    C++ emitter (`mlir-translate --mlir-to-cpp`) prints Ascend C source, as
    spelled in section 6 of docs/Protocol.md:

    - asc types become `!emitc.opaque` C++ types (`AscendC::GlobalTensor<half>`,
      the full `matmul::Matmul<matmul::MatmulType<...>, ...>`); the objects a
      kernel declares once and uses in place (`TPipe`, `TQue`, `TCubeTiling`,
      Matmul) are `emitc.variable` lvalues;
    - every asc op becomes the Ascend C call it models: member calls are
      `emitc.verbatim` statements with `{}` operand placeholders, free
      functions `emitc.call_opaque`, value-returning member calls an
      `emitc.load`;
    - a function with `asc.kernel` becomes
      `extern "C" __global__ __aicore__ void name(GM_ADDR ...)`, other
      functions `__aicore__ inline`; the module gets the Ascend C includes,
      `using namespace AscendC;` and one `constexpr static MatmulConfig` per
      distinct Matmul configuration;
    - func, arith and scf are lowered by the upstream EmitC conversions in the
      same dialect conversion.

    Anything that cannot be lowered (an op without a lowering, a Matmul object
    passed through a block argument, ...) fails the pass with a diagnostic on
    that op; the pass never produces broken C++.

    ```mlir
    asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true}
        : !mm, !asc.global_tensor<f32>
    // becomes
    emitc.verbatim "{}.IterateAll<false>({}, 0, false, true, false);"
        args %mm, %c : !emitc.lvalue<!emitc.opaque<"matmul::Matmul<...>">>,
                       !emitc.opaque<"AscendC::GlobalTensor<float>">
    ```

    The output targets CANN 8.x to 9.1 (`asc-devkit` 9.1.0): `REGIST_MATMUL_OBJ`
    takes `GetSysWorkSpacePtr()`, which the framework sets in an operator
    project and in a kernel launch built with `HAVE_WORKSPACE`. For a kernel
    launch without it, `set-sys-workspace` makes every kernel that uses the
    system workspace call `AscendC::SetSysWorkspace(workspace)` first, with
    its `asc.workspace` argument (CANN 9.1 marks that call deprecated).
  }];
  let options = [
    Option<"setSysWorkspace", "set-sys-workspace", "bool", /*default=*/"false",
           "Emit SetSysWorkspace(workspace) at the top of each kernel that "
           "uses the system workspace (kernel launch without HAVE_WORKSPACE)">,
    Option<"formExpressions", "form-expressions", "bool", /*default=*/"false",
           "Fold single-use C operators into the expression that uses them, "
           "as --form-expressions does, with parentheses where a verbatim "
           "statement takes one">,
    Option<"typeAliases", "type-aliases", "bool", /*default=*/"false",
           "Declare each Matmul type once at file scope (`using MatmulT = "
           "matmul::Matmul<...>;`) and declare the objects with the alias">
  ];
  let dependentDialects = ["::mlir::emitc::EmitCDialect"];
}

def ConvertPyascToAsc : Pass<"convert-pyasc-to-asc", "ModuleOp"> {
  let summary = "Import a module pyasc traced (its ascendc/emitasc IR) into asc";
  let description = [{
    Converts the IR pyasc builds for an `@asc.jit` kernel, as pyasc prints it
    before its own passes (`codegen.mlir` of `PYASC_DUMP_PATH`), to the `asc`
    dialect, with func, arith and scf kept. Nothing is dropped silently: an
    op, a type or a Matmul configuration field without an `asc` counterpart
    is an error that names it, at the user's Python line (pyasc's
    `loc("kernel.py":line:col)` locations are kept on every op).

    - Helper `@asc.jit` functions are inlined into the kernel and removed.
    - The kernel (`ascendc.global`) becomes an `asc.kernel`; its pointer
      arguments (`memref<?xT, 22>`) become `!asc.gm_addr`, a `TCubeTiling`
      argument a `!asc.gm_addr` read once by `asc.get_tiling`, and the
      argument `regist_matmul_obj` takes is the `asc.workspace`.
    - Compile-time flags pyasc passes as SSA values (`sync`, `en_atomic`,
      `wait_iterate_all`, `en_sequential_write`, ...) become attributes; a
      flag that is not a constant is an error, since it is a template
      argument (or a parameter asc keeps as an attribute).
    - An object-style `GlobalTensor` with its one `set_global_buffer` (and
      the pointer offset it is given) becomes one `asc.set_global_buffer`
      value; `tensor[offset:]` an `asc.subview`.
    - A local tensor takes the position of the queue it comes from
      (`alloc_tensor`, `deque_tensor`), through loops and branches.
    - `tiling.field` becomes `asc.tiling.get`.
    - The Matmul type's full MatmulConfig becomes `#asc.matmul_config`: the
      closest preset and every field that differs.
    - With `ffts-prologue` (on by default), the kernel gets the trailing
      `ffts_addr` argument pyasc's launcher passes and pyasc's prologue
      (`asc.set_ffts_base_addr`, and in a mix kernel with Matmul objects the
      cube core's `asc.ffts_cross_core_sync pipe_mte3, 3873`).
    - With `cube-only` (pyasc's `matmul_cube_only=True`), the kernel is an
      `asc.cube_only` kernel and `ascend_is_aic()` is true.
    - With `no-alias-arguments`, every global-memory argument but the
      workspace and the tiling states `asc.no_alias`: the user says the
      tensors passed are distinct (torch tensors that do not overlap), which
      pyasc's IR cannot say; without it placement must assume that an
      output may be an input, and keeps waits and issues where they are.
    - With `block-workspace=B` the kernel's workspace argument states
      `asc.block_workspace = #asc.block_workspace<bytes_per_core = B>`: the
      user says that the host allocates B bytes per core after the system
      workspace, which `--asc-promote-sync` may give a `while (Iterate())`
      loop's object. pyasc cannot know it (its tutorials allocate the system
      workspace only), so nothing is stated by default.

    ```mlir
    %0 = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, ...>()
    ascendc.matmul.iterate_all %0, %c, %c0_i8, %false, %true, %false, %false
        {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1>} : ...
    // becomes
    %0 = asc.matmul.create : !asc.matmul<a = <gm, nd, f16>, ...>
    asc.matmul.iterate_all %0, %c {sync = false, wait_iterate_all = true, ...}
    ```

    The conversion uses the dialect conversion framework with a type
    converter; the protocol rules are not checked here: run
    `--asc-verify-sync` (or `--asc-sync-placement`) on the result.
  }];
  let options = [
    Option<"cubeOnly", "cube-only", "bool", /*default=*/"false",
           "The kernel was traced with matmul_cube_only=True: mark it "
           "asc.cube_only and fold ascend_is_aic() to true">,
    Option<"fftsPrologue", "ffts-prologue", "bool", /*default=*/"true",
           "Append pyasc's ffts_addr kernel argument and its FFTS prologue, "
           "as pyasc's launcher expects">,
    Option<"noAliasArguments", "no-alias-arguments", "bool",
           /*default=*/"false",
           "The kernel's global-memory arguments (but the workspace and the "
           "tiling) are distinct buffers: mark them asc.no_alias">,
    Option<"blockWorkspace", "block-workspace", "uint64_t", /*default=*/"0",
           "Bytes of user workspace per core the host allocates after the "
           "system workspace, stated on the kernel's workspace argument as "
           "asc.block_workspace (for promote-sync's Iterate loops); 0 "
           "states none">
  ];
  let dependentDialects = ["::mlir::asc::AscDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::scf::SCFDialect"];
}

#endif // ASC_CONVERSION_PASSES_TD
