//===- Passes.td - asc conversion passes -------------------*- tablegen -*-===//
//
// Conversions out of the asc dialect.
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

#endif // ASC_CONVERSION_PASSES_TD
