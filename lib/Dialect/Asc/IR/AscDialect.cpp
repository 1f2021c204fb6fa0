//===- AscDialect.cpp - asc dialect ---------------------------------------===//
//
// Dialect registration and the verification of asc discardable attributes.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::asc;

#include "asc/Dialect/Asc/IR/AscDialect.cpp.inc"

namespace {
/// Prints Matmul types under short aliases (`!matmul`, `!matmul1`, ...): their
/// full spelling repeats on every Matmul op.
struct AscOpAsmDialectInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Type type, raw_ostream &os) const override {
    if (isa<MatmulType>(type)) {
      os << "matmul";
      return AliasResult::FinalAlias;
    }
    return AliasResult::NoAlias;
  }
};
} // namespace

void AscDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "asc/Dialect/Asc/IR/AscOps.cpp.inc"
      >();
  addInterfaces<AscOpAsmDialectInterface>();
}

LogicalResult AscDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  if (attr.getName() != getKernelAttrName())
    return op->emitError() << "unknown asc attribute '"
                           << attr.getName().getValue() << "'";
  if (!isa<UnitAttr>(attr.getValue()))
    return op->emitError() << "expects '" << getKernelAttrName()
                           << "' to be a unit attribute";
  auto function = dyn_cast<FunctionOpInterface>(op);
  if (!function)
    return op->emitError() << "expects '" << getKernelAttrName()
                           << "' on a function";
  if (!function.getResultTypes().empty())
    return op->emitError() << "expects a kernel to return nothing, got "
                           << function.getResultTypes().size() << " results";
  return success();
}

LogicalResult AscDialect::verifyRegionArgAttribute(Operation *op,
                                                   unsigned regionIndex,
                                                   unsigned argIndex,
                                                   NamedAttribute attr) {
  if (attr.getName() != getNoAliasAttrName())
    return op->emitError() << "unknown asc argument attribute '"
                           << attr.getName().getValue() << "'";
  if (!isa<UnitAttr>(attr.getValue()))
    return op->emitError() << "expects '" << getNoAliasAttrName()
                           << "' to be a unit attribute";
  // Declarations have no region, so read the type off the function type.
  Type type;
  if (auto function = dyn_cast<FunctionOpInterface>(op))
    type = function.getArgumentTypes()[argIndex];
  else
    type = op->getRegion(regionIndex).getArgument(argIndex).getType();
  if (!isa<GmAddrType, GlobalTensorType>(type))
    return op->emitError() << "expects '" << getNoAliasAttrName()
                           << "' on a global-memory argument, got " << type;
  return success();
}
