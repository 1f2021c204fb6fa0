//===- PyascToAscPatterns.h - shared pieces of the import -------*- C++ -*-===//
//
// What the files of the pyasc import share: the facts of pyasc's encoding
// (address space, enumerator numbering, opaque API constants), the value
// helpers, the pattern bases, one populate function per pattern family, and
// the steps of the pass before the conversion (the refusals, the inlining
// of the helpers). Private to lib/Conversion/PyascToAsc.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_PYASCTOASC_PYASCTOASCPATTERNS_H
#define LIB_CONVERSION_PYASCTOASC_PYASCTOASCPATTERNS_H

#include "asc/Dialect/Asc/IR/AscAttrs.h"
#include "asc/Dialect/Asc/IR/AscTypes.h"
#include "asc/Dialect/Pyasc/IR/PyascDialect.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

#include <optional>
#include <string>

namespace mlir::asc::pyasc {

//===----------------------------------------------------------------------===//
// Facts of pyasc's encoding (TypeConversion.cpp)
//===----------------------------------------------------------------------===//

/// pyasc's AddressSpace::gm, the memory space of its GM pointers.
constexpr int64_t kGlobalAddressSpace = 22;

/// pyasc's unit attributes on its kernel and on every device function.
constexpr StringLiteral kPyascGlobalAttr = "ascendc.global";
constexpr StringLiteral kPyascAicoreAttr = "ascendc.aicore";

/// `memref<?xT, 22>`: a pointer into global memory.
bool isGlobalMemRef(Type type);

/// pyasc's LayoutMode numbering (NONE, NORMAL, BSNGD, SBNGD, BNGS1S2).
std::optional<LayoutMode> convertLayout(int64_t value);

/// The asc pipe of pyasc's pipe_t, if asc has it.
std::optional<PipeKind> convertPipe(PyPipeKind pipe);

/// The asc tiling field of a TCubeTiling member name, if asc reads it.
std::optional<TilingField> convertTilingField(StringRef name);

/// The asc configuration of pyasc's, or failure with `problem` naming the
/// field asc cannot represent.
FailureOr<MatmulConfigAttr> convertMatmulConfig(PyMatmulConfigAttr config,
                                                std::string *problem);

/// The asc Matmul type of pyasc's, or null with `problem` set.
MatmulType convertMatmulType(PyMatmulType type, std::string *problem);

/// The value of an opaque API constant pyasc prints as `emitc.constant`
/// (`::AscendC::DEFAULT_C0_SIZE`), if the import knows it.
std::optional<int64_t> getKnownApiConstant(emitc::ConstantOp op);

//===----------------------------------------------------------------------===//
// Values (TypeConversion.cpp)
//===----------------------------------------------------------------------===//

/// Whether a flag operand is a constant, and its value (booleans 0/1).
bool isConstantFlag(Value value);
int64_t getConstantFlag(Value value);

/// `value` as an integer of `width` bits (index_cast, extension or
/// truncation as needed).
Value castInteger(OpBuilder &builder, Location loc, Value value,
                  unsigned width);

inline Value toI32(OpBuilder &builder, Location loc, Value value) {
  return castInteger(builder, loc, value, 32);
}

inline Value toI64(OpBuilder &builder, Location loc, Value value) {
  return castInteger(builder, loc, value, 64);
}

//===----------------------------------------------------------------------===//
// Pattern bases
//===----------------------------------------------------------------------===//

/// Base of the import's patterns (the assumptions of each are what
/// verifyPyascImportable checked).
template <typename OpTy> using PyOpConversion = OpConversionPattern<OpTy>;

/// A pyasc op that becomes one asc op with the same operands in the same
/// order, the converted result types and no attributes: the pipe and queue
/// declarations, the queue cycle, the Matmul calls without flags.
template <typename OpTy, typename AscOpTy>
struct OneToOneConversion : public PyOpConversion<OpTy> {
  using PyOpConversion<OpTy>::PyOpConversion;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(this->getTypeConverter()->convertTypes(op->getResultTypes(),
                                                      types)))
      return failure();
    rewriter.replaceOpWithNewOp<AscOpTy>(op, types, adaptor.getOperands(),
                                         ArrayRef<NamedAttribute>{});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pattern families
//===----------------------------------------------------------------------===//

/// Objects and system values: ascendc.construct (Matmul objects, the unused
/// MatmulConfig, a TCubeTiling built in the kernel), the block and core
/// queries (`cubeOnly` folds ascend_is_aic to true), the pipe barrier, the
/// API constants and pyasc's unsigned literals, the tiling copied from GM
/// and its members.
void populateKernelToAscPatterns(const TypeConverter &typeConverter,
                                 RewritePatternSet &patterns, bool cubeOnly);

/// Global and local tensors (set_global_buffer with its pointer offset,
/// subindex, local_tensor_v2), the data copies and LeakyRelu.
void populateTensorToAscPatterns(const TypeConverter &typeConverter,
                                 RewritePatternSet &patterns);

/// The pipe and its queues: declarations, init_queue and the queue cycle.
void populatePipeToAscPatterns(const TypeConverter &typeConverter,
                               RewritePatternSet &patterns);

/// Matmul objects: REGIST_MATMUL_OBJ and every member call.
void populateMatmulToAscPatterns(const TypeConverter &typeConverter,
                                 RewritePatternSet &patterns);

//===----------------------------------------------------------------------===//
// The steps before the conversion
//===----------------------------------------------------------------------===//

/// Step 1 (Importability.cpp): refuses, naming it, the first op of `module`
/// outside the mirror, func, arith and scf (pyasc's emitc literals and the
/// API constants the import knows aside).
LogicalResult verifyOpsAreImported(ModuleOp module);

/// Step 2 (InlineHelpers.cpp): collects the kernels (func.func with
/// ascendc.global) into `kernels`, inlines every call in them (helpers
/// calling helpers included) with upstream's inliner and erases the
/// helpers.
LogicalResult inlineHelpers(ModuleOp module,
                            SmallVectorImpl<func::FuncOp> &kernels);

/// Registers what step 2 needs of the dialects: func's inliner interface
/// (func.return ends a helper) and the mirror's (every op of pyasc's
/// dialects may be inlined).
void registerPyascInlinerInterfaces(DialectRegistry &registry);

/// Step 3 (Importability.cpp): refuses, with a diagnostic on the op, the
/// first op of `kernel` the patterns cannot convert (docs/Pyasc.md, the
/// refusals).
LogicalResult verifyPyascImportable(func::FuncOp kernel);

} // namespace mlir::asc::pyasc

#endif // LIB_CONVERSION_PYASCTOASC_PYASCTOASCPATTERNS_H
