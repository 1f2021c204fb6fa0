//===- kernel_tiling.h - TCubeTiling for the CPU runtime --------*- C++ -*-===//
//
// The host-computed cube tiling with every field of CANN's TCubeTiling, in
// its order (all int32). ASC_RUN_TCUBETILING_FIELDS lists them once for the
// struct and for the launcher, which fills tilings by field name.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_KERNEL_TILING_H
#define ASC_RUN_KERNEL_TILING_H

#include <cstdint>

// clang-format off
#define ASC_RUN_TCUBETILING_FIELDS(X)                                          \
  X(usedCoreNum) X(M) X(N) X(Ka) X(Kb) X(singleCoreM) X(singleCoreN)           \
  X(singleCoreK) X(baseM) X(baseN) X(baseK) X(depthA1) X(depthB1) X(stepM)     \
  X(stepN) X(isBias) X(transLength) X(iterateOrder) X(shareMode)               \
  X(shareL1Size) X(shareL0CSize) X(shareUbSize) X(batchM) X(batchN)            \
  X(singleBatchM) X(singleBatchN) X(stepKa) X(stepKb) X(depthAL1CacheUB)       \
  X(depthBL1CacheUB) X(dbL0A) X(dbL0B) X(dbL0C) X(ALayoutInfoB)               \
  X(ALayoutInfoS) X(ALayoutInfoN) X(ALayoutInfoG) X(ALayoutInfoD)              \
  X(BLayoutInfoB) X(BLayoutInfoS) X(BLayoutInfoN) X(BLayoutInfoG)              \
  X(BLayoutInfoD) X(CLayoutInfoB) X(CLayoutInfoS1) X(CLayoutInfoN)             \
  X(CLayoutInfoG) X(CLayoutInfoS2) X(BatchNum) X(mxTypePara)
// clang-format on

// CANN generates the tiling structs into AscendC::tiling and exports them
// to the global scope (gen_kernel_tiling_data_def.py): .asc kernels spell
// AscendC::tiling::TCubeTiling, older ones TCubeTiling.
namespace AscendC {
namespace tiling {
struct TCubeTiling {
#define ASC_RUN_TILING_FIELD(name) int32_t name = 0;
  ASC_RUN_TCUBETILING_FIELDS(ASC_RUN_TILING_FIELD)
#undef ASC_RUN_TILING_FIELD
};
} // namespace tiling
} // namespace AscendC
using TCubeTiling = AscendC::tiling::TCubeTiling;

#endif // ASC_RUN_KERNEL_TILING_H
