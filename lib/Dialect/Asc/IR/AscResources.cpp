//===- AscResources.cpp - what asc operations have effects on -------------===//
//
// The resource a tensor lives in.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/IR/AscResources.h"
#include "asc/Dialect/Asc/IR/AscTypes.h"

using namespace mlir;
using namespace mlir::asc;

SideEffects::Resource *mlir::asc::getTensorResource(Type type) {
  if (isGlobalTensorType(type))
    return GlobalMemoryResource::get();
  return LocalMemoryResource::get();
}
