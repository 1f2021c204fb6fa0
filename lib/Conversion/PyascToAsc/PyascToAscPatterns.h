//===- PyascToAscPatterns.h - what the import knows of pyasc ----*- C++ -*-===//
//
// Facts of pyasc's encoding (address space, enumerator numbering, opaque API
// constants) shared by the import's checks and its patterns.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_PYASCTOASC_PYASCTOASCPATTERNS_H
#define LIB_CONVERSION_PYASCTOASC_PYASCTOASCPATTERNS_H

#include "asc/Dialect/Asc/IR/AscAttrs.h"
#include "asc/Dialect/Asc/IR/AscTypes.h"
#include "asc/Dialect/Pyasc/IR/PyascDialect.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"

#include <optional>
#include <string>

namespace mlir::asc::pyasc {

/// pyasc's AddressSpace::gm, the memory space of its GM pointers.
constexpr int64_t kGlobalAddressSpace = 22;

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

/// Whether a flag operand is a constant, and its value (booleans 0/1).
bool isConstantFlag(Value value);
int64_t getConstantFlag(Value value);

} // namespace mlir::asc::pyasc

#endif // LIB_CONVERSION_PYASCTOASC_PYASCTOASCPATTERNS_H
