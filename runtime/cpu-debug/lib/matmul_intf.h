//===- matmul_intf.h - lib/matmul_intf.h of a CANN install -------*- C++ -*-===//
//
// In an installed CANN toolkit the kernel includes "lib/matmul_intf.h"; in
// the asc-devkit source tree the header is adv_api/matmul/matmul_intf.h.
//
//===----------------------------------------------------------------------===//

#include "adv_api/matmul/matmul_intf.h"
