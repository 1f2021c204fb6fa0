// API functions asc has no op for, declared as CANN declares its
// vector and copy APIs (every tensor by const reference, destinations
// named dst*, sources src*). The test copies this header outside the
// source's folder, so asc-check takes it for the API, not the user's code.
#include "kernel_operator.h"

namespace AscendC {
template <typename T>
__aicore__ inline void TestOnlyScaledExp(const LocalTensor<T> &dstLocal,
                                         const LocalTensor<T> &srcLocal,
                                         const T &scale,
                                         const int32_t &calCount) {}
template <typename T>
__aicore__ inline void TestOnlyCopyOut(const GlobalTensor<T> &dstGlobal,
                                       const LocalTensor<T> &srcLocal,
                                       const int32_t &calCount) {}
template <typename T>
__aicore__ inline void TestOnlyWithParams(const LocalTensor<T> &dstLocal,
                                          const DataCopyParams &params) {}
template <typename T>
__aicore__ inline void TestOnlySyncAll(const GlobalTensor<T> &gm) {}
// Like InitSocState, no arguments; unlike it, nothing says what it touches.
__aicore__ inline void TestOnlyResetState() {}
} // namespace AscendC
