//===- policy.h - Matmul callbacks and policies ------------------*- C++
//-*-===//
//
// The Matmul's two last template parameters (include/adv_api/matmul/
// matmul.h): MM_CB, the user's copy callbacks (MatmulCallBackFunc,
// impl/adv_api/detail/matmul/utils/matmul_call_back.h), and MATMUL_POLICY,
// the internal module set (impl/adv_api/detail/matmul/policy/
// matmul_policy.h). asc-run computes C itself, so it models what a
// parameter means for C: no callback is CANN's default copy; a callback
// replaces a copy with the user's code, which asc-run does not run, and is
// refused at the first computing call. NBuffer33MatmulPolicy changes only
// the scheduler and A's L1 buffer (matmul_policy.h), not C; the triangular
// policies change which base blocks are computed and written (their
// IterateAll is modelled, iterateAll).
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_MATMUL_POLICY_H
#define ASC_RUN_MATMUL_POLICY_H

#include "kernel_operator.h"

namespace AscendC {

template <
    void (*DataCopyOut)(const __gm__ void *gm,
                        const LocalTensor<int8_t> &co1Local,
                        const void *dataCopyOutParams, const uint64_t tilingPtr,
                        const uint64_t dataPtr) = nullptr,
    void (*CopyA1)(const LocalTensor<int8_t> &aMatrix, const __gm__ void *gm,
                   int row, int col, int useM, int useK,
                   const uint64_t tilingPtr, const uint64_t dataPtr) = nullptr,
    void (*CopyB1)(const LocalTensor<int8_t> &bMatrix, const __gm__ void *gm,
                   int row, int col, int useK, int useN,
                   const uint64_t tilingPtr, const uint64_t dataPtr) = nullptr>
struct MatmulCallBackFunc {
  /// The first callback the Matmul would call instead of its own copy
  /// (nullptr: none).
  static constexpr const char *ascRunUnmodelled =
      DataCopyOut ? "MatmulCallBackFunc's DataCopyOut callback"
      : CopyA1    ? "MatmulCallBackFunc's CopyA1 callback"
      : CopyB1    ? "MatmulCallBackFunc's CopyB1 callback"
                  : nullptr;
};

namespace Impl {
namespace Detail {

/// CANN's default module set.
template <const auto &MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE,
          typename C_TYPE, typename BIAS_TYPE>
struct MatmulPolicy {
  static constexpr const char *ascRunUnmodelled = nullptr;
  /// 1: MATMUL_UPPER_TRIANGULAR, 2: MATMUL_LOWER_TRIANGULAR, 0: neither.
  static constexpr int ascRunTriangle = 0;
};

/// Another scheduler and L1 buffer of A (MATMUL_NBUFFER_33): the same C.
template <const auto &MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE,
          typename C_TYPE, typename BIAS_TYPE>
struct NBuffer33MatmulPolicy
    : MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {};

/// The triangular schedulers (MATMUL_UPPER_TRIANGULAR and
/// MATMUL_LOWER_TRIANGULAR): the same scheduler, which computes and copies
/// out only the base blocks whose block row (MLoop's inner index) is at most
/// (upper) or at least (lower) their block column (NLoop's)
/// (MatmulSchedulerBase::IsInTrianMatmul, GetResultImpl,
/// scheduler_base.h; MatmulScheduler::Compute, scheduler_norm.h; supported
/// on 220, matmul_chip_cap.h).
template <const auto &MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE,
          typename C_TYPE, typename BIAS_TYPE>
struct TrianUpperMatmulPolicy
    : MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {
  static constexpr int ascRunTriangle = 1;
};
template <const auto &MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE,
          typename C_TYPE, typename BIAS_TYPE>
struct TrianLowerMatmulPolicy
    : MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {
  static constexpr int ascRunTriangle = 2;
};

} // namespace Detail
} // namespace Impl

/// MATMUL_POLICY's type: a module set of CANN's form.
#define ASC_RUN_MATMUL_POLICY_PARAM                                            \
  template <const auto &, typename, typename, typename, typename, typename>    \
  class

} // namespace AscendC

#endif // ASC_RUN_MATMUL_POLICY_H
