// The tiling struct of the matmul_scale operator, as an operator project's
// op_host defines it for its host tiling and its kernel: the split over the
// cores, the Matmul's TCubeTiling, a scale.
#ifndef MATMUL_SCALE_TILING_H
#define MATMUL_SCALE_TILING_H
#include "kernel_tiling/kernel_tiling.h"
#include <cstdint>

namespace optiling {
#pragma pack(push, 8)
struct alignas(8) MatmulScaleTilingData {
  uint32_t mBlocks;
  uint32_t nBlocks;
  float scale;
  uint32_t reserved;
  TCubeTiling cubeTiling;
};
#pragma pack(pop)
} // namespace optiling
#endif
