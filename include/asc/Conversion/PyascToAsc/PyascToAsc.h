//===- PyascToAsc.h - pyasc's IR to asc -------------------------*- C++ -*-===//
//
// The import of the IR pyasc traces (its ascendc and emitasc dialects, the
// mirror in asc/Dialect/Pyasc) into the asc dialect.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_CONVERSION_PYASCTOASC_PYASCTOASC_H
#define ASC_CONVERSION_PYASCTOASC_PYASCTOASC_H

#include "mlir/IR/OwningOpRef.h"
#include "mlir/Pass/Pass.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class ModuleOp;
class DialectRegistry;
class RewritePatternSet;
class TypeConverter;

namespace asc {

#define GEN_PASS_DECL_CONVERTPYASCTOASC
#include "asc/Conversion/Passes.h.inc"

/// Adds the asc types of pyasc's types to `typeConverter`: GM pointers
/// (`memref<?xT, 22>`) become !asc.gm_addr, pyasc's tensors, pipe, queues,
/// tiling and Matmul objects their asc types. A local tensor converts only
/// once it carries the position of its queue (the pass infers it first).
void populatePyascToAscTypeConversions(TypeConverter &typeConverter);

/// Adds the patterns that convert every op of the pyasc mirror to asc.
/// `cubeOnly` folds ascend_is_aic() to true.
void populatePyascToAscConversionPatterns(TypeConverter &typeConverter,
                                          RewritePatternSet &patterns,
                                          bool cubeOnly);

/// Registers the pyasc mirror dialects (`ascendc`, `emitasc`) and the
/// dialects the import produces, so that pyasc's printed IR parses.
void registerPyascImportDialects(DialectRegistry &registry);

/// Parses pyasc's printed module and converts it to asc
/// (--convert-pyasc-to-asc with these options); null, with the diagnostics
/// reported through the context, when either step fails.
OwningOpRef<ModuleOp> importPyasc(llvm::SourceMgr &sourceMgr,
                                  MLIRContext *context,
                                  const ConvertPyascToAscOptions &options = {});
/// The same with the options in the pass's own syntax (`cube-only
/// block-workspace=65536`, as in --convert-pyasc-to-asc="..."); an unknown
/// option or a bad value is an error through the context.
OwningOpRef<ModuleOp> importPyasc(llvm::SourceMgr &sourceMgr,
                                  MLIRContext *context, StringRef passOptions);

/// Registers `--import-pyasc` (with `--pyasc-cube-only`,
/// `--pyasc-ffts-prologue`, `--pyasc-no-alias-arguments` and
/// `--pyasc-block-workspace`) for asc-translate.
void registerImportPyascTranslation();

} // namespace asc
} // namespace mlir

#endif // ASC_CONVERSION_PYASCTOASC_PYASCTOASC_H
