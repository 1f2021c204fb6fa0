//===- AscendCEmitter.cpp - print an EmitC module as Ascend C -------------===//

#include "asc/Target/AscendC/AscendCEmitter.h"
#include "asc/Target/AscendC/CppNames.h"
#include "asc/Target/AscendC/Reindent.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/Cpp/CppEmitter.h"

using namespace mlir;

LogicalResult mlir::asc::emitAscendC(ModuleOp module, raw_ostream &os,
                                     bool sourceNames) {
  if (sourceNames)
    insertCppNameMarkers(module);
  std::string source;
  llvm::raw_string_ostream sourceStream(source);
  if (failed(emitc::translateToCpp(module, sourceStream)))
    return failure();
  if (sourceNames)
    source = applyCppNameMarkers(source);
  os << reindentCppByBraces(source);
  return success();
}
