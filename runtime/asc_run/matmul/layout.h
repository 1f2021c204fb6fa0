//===- layout.h - Where a Matmul operand lies -------------------*- C++ -*-===//
//
// The addressing of Matmul operands: the batch layouts' axes (LayoutMode:
// BSNGD, SBNGD, BNGS1S2), where a batch starts and how far apart its rows
// are, and ND and NZ element places and footprints.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_MATMUL_LAYOUT_H
#define ASC_RUN_MATMUL_LAYOUT_H

#include "asc_run/core.h"
#include "asc_run/matmul/config.h"
#include "kernel_operator.h" // int4b_t

#include <cstdint>

namespace AscendC {
namespace detail {

/// The axes of an operand's batch layout (TCubeTiling's xLayoutInfoB/S/N/G/D;
/// for C, S is S1 and D is S2).
struct LayoutAxes {
  uint64_t b, s, n, g, d;
};

/// The first element of batch `t` (counted over the whole tensor) in a batch
/// layout: BSNGD [B, S, N, G, D] has the N x G matrices of one B side by side
/// in each row; SBNGD [S, B, N, G, D] all B x N x G of them; BNGS1S2 stores
/// the S x D matrices one after the other.
inline uint64_t layoutBatchOffset(LayoutMode mode, const LayoutAxes &x,
                                  uint64_t t) {
  switch (mode) {
  case LayoutMode::BSNGD: {
    uint64_t ng = x.n * x.g;
    return ng ? (t / ng) * x.s * ng * x.d + (t % ng) * x.d : 0;
  }
  case LayoutMode::SBNGD:
    return t * x.d;
  default:
    return t * x.s * x.d;
  }
}

/// The distance between two rows of one matrix in a batch layout.
inline uint64_t layoutRowStride(LayoutMode mode, const LayoutAxes &x) {
  switch (mode) {
  case LayoutMode::BSNGD:
    return x.n * x.g * x.d;
  case LayoutMode::SBNGD:
    return x.b * x.n * x.g * x.d;
  default:
    return x.d;
  }
}

/// Where batch j of loop l of an IterateNBatch operand starts: the loop at
/// its batches' place in the layout, then matrixStride apart when given
/// (CANN's copy uses it as the source stride), else at the layout's place.
inline uint64_t batchStart(LayoutMode layout, const detail::LayoutAxes &x,
                           uint32_t l, uint32_t batch, uint32_t j,
                           uint32_t matrixStride) {
  uint64_t first = uint64_t(l) * batch;
  if (matrixStride)
    return detail::layoutBatchOffset(layout, x, first) +
           uint64_t(j) * matrixStride;
  return detail::layoutBatchOffset(layout, x, first + j);
}

/// Where element (r, c) of a stored matrix lies: ND rows `ld` apart; NZ
/// fractals of 16 x c0, column block after column block, each block `ld`
/// (the original height) rows of c0 elements.
inline uint64_t storedPlace(bool nz, uint64_t c0, uint64_t ld, uint64_t r,
                            uint64_t c) {
  return nz ? (c / c0) * ld * c0 + r * c0 + c % c0 : r * ld + c;
}

/// The bytes a rows x cols tile of a stored matrix occupies.
template <typename T>
void addStored(asc_run::Footprint &fp, const T *base, uint64_t rows,
               uint64_t cols, uint64_t ld, bool nz, uint64_t c0,
               const char *role) {
  if constexpr (std::is_same_v<T, ::int4b_t>) {
    // Two elements a byte (int4At): row r's bytes hold elements
    // [r * ld, r * ld + cols). NZ int4b_t is refused (checkCall).
    const uint8_t *bytes = reinterpret_cast<const uint8_t *>(base);
    for (uint64_t r = 0; r < rows; ++r)
      fp.add(bytes + r * ld / 2, (r * ld + cols + 1) / 2 - r * ld / 2, role);
    return;
  }
  if (!nz) {
    fp.addRows(base, rows, cols * sizeof(T), ld * sizeof(T), role);
    return;
  }
  for (uint64_t block = 0; block * c0 < cols; ++block)
    fp.add(base + block * ld * c0, rows * c0 * sizeof(T), role);
}

/// Element `e` of an int4b_t array: two signed 4-bit values a byte, the
/// even element in the low nibble (CANN's GlobalTensor<int4b_t>::GetValue,
/// impl/basic_api/kernel_tensor_impl.h: the byte at e / 2 shifted right by
/// 4 * (e % 2); the packing of CANN's matmul_int4 sample,
/// scripts/gen_data.py; int4b_t is integer_sub_type<4, true>, signed,
/// impl/utils/common_types.h).
inline int32_t int4At(const void *base, uint64_t e) {
  uint8_t byte = reinterpret_cast<const uint8_t *>(base)[e / 2];
  int32_t nibble = (e % 2 ? byte >> 4 : byte) & 0xF;
  return nibble >= 8 ? nibble - 16 : nibble;
}

} // namespace detail
} // namespace AscendC

#endif // ASC_RUN_MATMUL_LAYOUT_H
