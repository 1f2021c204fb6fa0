//===- asc-translate.cpp - asc translation driver -------------------------===//
//
// mlir-translate for asc kernels: --asc-to-ascendc prints Ascend C source.
//
//===----------------------------------------------------------------------===//

#include "asc/Conversion/PyascToAsc/PyascToAsc.h"
#include "asc/Target/AscendC/TranslateRegistration.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::asc::registerAscToAscendCTranslation();
  mlir::asc::registerImportPyascTranslation();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "asc translation driver\n"));
}
