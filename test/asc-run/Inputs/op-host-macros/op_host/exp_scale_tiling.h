// The tiling struct of an operator's op_host, declared with CANN's macros
// (register/tilingdata_base.h) in namespace optiling, as hicann/ops-nn's
// op_host headers do: a scalar field, an array, a struct member.
#ifndef EXP_SCALE_TILING_H
#define EXP_SCALE_TILING_H
#include "register/tilingdata_base.h"
#include "tiling/tiling_api.h"
namespace optiling {
BEGIN_TILING_DATA_DEF(ExpScaleTilingData)
TILING_DATA_FIELD_DEF(uint32_t, count);
TILING_DATA_FIELD_DEF_ARR(float, 2, scales);
TILING_DATA_FIELD_DEF_STRUCT(TCubeTiling, unusedCube);
TILING_DATA_FIELD_DEF(uint64_t, marker);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(ExpScale, ExpScaleTilingData)
} // namespace optiling
#endif
