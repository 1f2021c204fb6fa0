//===- AscToEmitC.h - asc to EmitC conversion -------------------*- C++ -*-===//
//
// Lowering of the asc dialect to EmitC, printed as Ascend C by the upstream
// C++ emitter.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_CONVERSION_ASCTOEMITC_ASCTOEMITC_H
#define ASC_CONVERSION_ASCTOEMITC_ASCTOEMITC_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
class TypeConverter;
namespace emitc {
class VariableOp;
class VerbatimOp;
} // namespace emitc

namespace asc {

#define GEN_PASS_DECL_CONVERTASCTOEMITC
#include "asc/Conversion/Passes.h.inc"

/// The options every entry point that prints Ascend C source lowers with
/// (asc-translate, the asc-to-ascendc pipeline, the C API): the readable
/// forms, form-expressions and type-aliases, on.
ConvertAscToEmitCOptions getAscendCSourceLoweringOptions();

/// Adds to `typeConverter` the C++ types of the asc types (GM_ADDR,
/// AscendC::GlobalTensor<T>, ..., matmul::Matmul<...>) and of the scalars
/// Ascend C spells its own way (f16 as half, bf16 as bfloat16_t). Objects a
/// kernel declares once and uses in place (TPipe, TQue, TCubeTiling, Matmul)
/// become `!emitc.lvalue`s. Register it after the identity conversion.
void populateAscToEmitCTypeConversions(TypeConverter &typeConverter);

/// Adds the patterns that lower every asc op, func.func (kernels become
/// `extern "C" __global__ __aicore__` functions) and f16/bf16 constants to
/// EmitC. `typeConverter` must hold the conversions of
/// populateAscToEmitCTypeConversions. The patterns add the module-level
/// declarations they need (includes, `using namespace AscendC;`, Matmul
/// configurations, the CopyTiling helper) on first use. `options` are the
/// pass's (`set-sys-workspace`).
void populateAscToEmitCConversionPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns,
    const ConvertAscToEmitCOptions &options = {});

/// Checks what the patterns cannot express, with a diagnostic on the
/// offending op: an Ascend C object (pipe, queue, tiling, Matmul) flowing
/// through a block argument, a call or a result; a kernel argument that is
/// not a GM_ADDR; a Matmul configuration without a C++ spelling; a scalar
/// type the C++ emitter cannot print (`i31`, `f80`, ...).
LogicalResult verifyAscToEmitCLowerable(Operation *root);

/// The SetGlobalBuffer statement of `variable` when `variable` is a
/// GlobalTensor that only this statement writes and everything else reads
/// (every copy of it, an `emitc.load`, after the statement holds what the
/// variable holds); null otherwise.
emitc::VerbatimOp getOnlySetGlobalBuffer(emitc::VariableOp variable);

} // namespace asc
} // namespace mlir

#endif // ASC_CONVERSION_ASCTOEMITC_ASCTOEMITC_H
