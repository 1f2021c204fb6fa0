//===- tilingdata_base.h - An operator's tiling struct, declared by macros ===//
//
// The header an operator's op_host tiling header includes for
// BEGIN_TILING_DATA_DEF and its field macros (hicann/ops-nn's
// `op_host/*_tiling.h`; CANN documents them in asc-devkit's
// docs/zh/api/Utils-API/Tiling数据结构注册/TilingData结构定义.md). On the
// device, CANN's build gives the kernel a plain struct of the same fields in
// the same order, padded to their alignment (the framework's
// CheckAlignAndGenPlaceHolder); the host fills it through the class's
// setters. asc-run's driver fills the fields by name (the launch file's
// "values"), so one plain struct serves both sides: the fields, in order, at
// their natural alignment.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_REGISTER_TILINGDATA_BASE_H
#define ASC_RUN_REGISTER_TILINGDATA_BASE_H

#include "kernel_tiling/kernel_tiling.h"
#include <cstdint>

#define BEGIN_TILING_DATA_DEF(class_name) struct class_name {
#define TILING_DATA_FIELD_DEF(data_type, field_name) data_type field_name;
#define TILING_DATA_FIELD_DEF_ARR(arr_type, arr_size, field_name)              \
  arr_type field_name[arr_size];
#define TILING_DATA_FIELD_DEF_STRUCT(struct_type, field_name)                  \
  struct_type field_name;
#define END_TILING_DATA_DEF }
// The host's registration of the class for an operator: nothing on the
// device, and the launch file names the struct.
#define REGISTER_TILING_DATA_CLASS(op_type, class_name)

#endif // ASC_RUN_REGISTER_TILINGDATA_BASE_H
