// The sample's own device header, beside its .asc (as CANN's matmul.h and
// l2_cache_optimizer.h are): found because the .asc's folder is on the
// include path.
#ifndef SCALE_TILE_H
#define SCALE_TILE_H
#include "kernel_operator.h"

constexpr uint32_t TILE_ELEMENTS = 256;

__aicore__ inline float TileScale(int scenario) {
  return scenario == 2 ? -2.0f : 0.5f;
}
#endif
