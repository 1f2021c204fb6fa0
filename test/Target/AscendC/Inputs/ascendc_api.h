//===- ascendc_api.h - Ascend C API subset for syntax checks ----*- C++ -*-===//
//
// Declarations of the part of the Ascend C API (CANN kernel_operator.h and
// lib/matmul_intf.h, asc-devkit 9.1.0; the Matmul part is in
// ascendc_matmul_api.h, as the real headers keep it apart) that
// asc-translate --asc-to-ascendc emits, written for this project from the published signatures, so that a
// host C++ compiler can type-check the emitted kernels (-fsyntax-only).
// Device qualifiers are defined empty. Member functions are declared, not
// defined; only what a constant expression needs (the MatmulConfig presets)
// has a body.
//
// Where the real headers reject a program at compile time, so does this one:
// - GetSysWorkSpacePtr() is global, not in AscendC;
// - matmul::Matmul is the mix-mode client (MatmulClient), or the cube-side
//   implementation (MatmulImpl) when ASCENDC_CUBE_ONLY is defined; each has
//   only its own members;
// - IterateNBatch's layout static_assert;
// - REGIST_MATMUL_OBJ declares local variables (a second one in one scope is
//   a redefinition) and returns from the kernel on the cube core;
// - without ASCENDC_CPU_DEBUG, ASCEND_IS_AIC/AIV are `constexpr(...)` as on
//   the device, which only `if ASCEND_IS_AIC {` accepts.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_TEST_ASCENDC_API_H
#define ASC_TEST_ASCENDC_API_H

#include <cstddef>
#include <cstdint>
#include <type_traits>

// The members below are declared, not defined; a Matmul type whose
// configuration has internal linkage (`constexpr static MatmulConfig`) makes
// clang warn about each one the kernel uses.
#ifdef __clang__
#pragma clang diagnostic ignored "-Wundefined-internal"
#endif

//===----------------------------------------------------------------------===//
// Qualifiers, scalar types and global enumerations
//===----------------------------------------------------------------------===//

#define __global__
#define __aicore__
#define __gm__
#define GM_ADDR __gm__ uint8_t *

struct half {
  half() = default;
  __aicore__ half(float value);
  __aicore__ operator float() const;
  uint16_t bits;
};

struct bfloat16_t {
  bfloat16_t() = default;
  __aicore__ bfloat16_t(float value);
  __aicore__ operator float() const;
  uint16_t bits;
};

struct int4b_t {
  uint8_t bits;
};

enum pipe_t {
  PIPE_S = 0,
  PIPE_V,
  PIPE_M,
  PIPE_MTE1,
  PIPE_MTE2,
  PIPE_MTE3,
  PIPE_ALL,
  PIPE_MTE4,
  PIPE_MTE5,
  PIPE_V2,
  PIPE_FIX,
};

enum class CubeFormat {
  ND = 0,
  NZ,
  ZN,
  ZZ,
  NN,
  ND_ALIGN,
  SCALAR,
  VECTOR,
  ROW_MAJOR = ND,
  COLUMN_MAJOR = 8,
};
enum class LayoutMode { NONE = 0, BSNGD, SBNGD, BNGS1S2, NORMAL };
enum class BatchMode {
  NONE = 0,
  BATCH_LESS_THAN_L1,
  BATCH_LARGE_THAN_L1,
  SINGLE_LARGE_THAN_L1
};
enum BatchOutMode { SINGLE_BATCH = 0, MULTI_BATCH, DYNAMIC };
enum class IterateOrder { ORDER_M = 0, ORDER_N, UNDEF };
enum class ScheduleType { INNER_PRODUCT = 0, OUTER_PRODUCT };
enum IterateMode : uint8_t {
  ITERATE_MODE_NORMAL = 1,
  ITERATE_MODE_ALL = 2,
  ITERATE_MODE_BATCH = 4,
  ITERATE_MODE_N_BATCH = 8,
  ITERATE_MODE_DEFAULT = 0xff,
};
enum class DecompressionMode { DECOMP_NONE = 0 };

/// Kernel types a kernel declares with KERNEL_TASK_TYPE_DEFAULT.
enum KernelMetaType : uint8_t {
  KERNEL_TYPE_AIV_ONLY,
  KERNEL_TYPE_AIC_ONLY,
  KERNEL_TYPE_MIX_AIV_1_0,
  KERNEL_TYPE_MIX_AIC_1_0,
  KERNEL_TYPE_MIX_AIC_1_1,
  KERNEL_TYPE_MIX_AIC_1_2,
  KERNEL_TYPE_AICORE,
  KERNEL_TYPE_VECTORCORE,
  KERNEL_TYPE_MIX_AICORE,
  KERNEL_TYPE_MIX_VECTOR_CORE,
  KERNEL_TYPE_MAX,
};
/// A declaration the kernel compiler reads: a statement in the kernel body.
#define KERNEL_TASK_TYPE_DEFAULT(value)                                        \
  [[maybe_unused]] KernelMetaType kernelTaskTypeDefault = value

//===----------------------------------------------------------------------===//
// Kernel environment
//===----------------------------------------------------------------------===//

namespace AscendC {
constexpr int32_t MIX = 0;
constexpr int32_t AIC = 1;
constexpr int32_t AIV = 2;
} // namespace AscendC

#ifdef ASCENDC_CPU_DEBUG
/// The core the CPU emulation runs this kernel instance on.
extern int32_t g_coreType;
#define ASCEND_IS_AIC (g_coreType == AscendC::AIC)
#define ASCEND_IS_AIV (g_coreType == AscendC::AIV)
#else
/// On the device each core type compiles the kernel separately and knows its
/// type at compile time; the checks then only fit right after `if`.
constexpr int32_t g_coreType = AscendC::AIV;
#define ASCEND_IS_AIC constexpr(g_coreType == AscendC::AIC)
#define ASCEND_IS_AIV constexpr(g_coreType == AscendC::AIV)
#endif

/// The system workspace: a global function, not in namespace AscendC.
__aicore__ uint8_t *GetSysWorkSpacePtr();

namespace AscendC {

enum class TPosition : uint8_t {
  GM,
  A1,
  A2,
  B1,
  B2,
  C1,
  C2,
  CO1,
  CO2,
  VECIN,
  VECOUT,
  VECCALC,
  LCM = VECCALC,
  SPM,
  SHM = SPM,
  TSCM,
  MAX,
};

__aicore__ int64_t GetBlockIdx();
__aicore__ int64_t GetBlockNum();
__aicore__ GM_ADDR GetUserWorkspace(GM_ADDR workspace);
/// For a kernel launch without HAVE_WORKSPACE; deprecated since CANN 9.1.
[[deprecated("use the HAVE_WORKSPACE build option")]] __aicore__ void
SetSysWorkspace(GM_ADDR workspace);

template <pipe_t pipe> __aicore__ void PipeBarrier();

//===----------------------------------------------------------------------===//
// Tensors, pipe and queues
//===----------------------------------------------------------------------===//

template <typename T> class GlobalTensor {
public:
  using PrimType = T;

  __aicore__ GlobalTensor() {}
  __aicore__ void SetGlobalBuffer(__gm__ PrimType *buffer, uint64_t bufferSize);
  __aicore__ void SetGlobalBuffer(__gm__ PrimType *buffer);
  __aicore__ PrimType GetValue(const uint64_t offset) const;
  __aicore__ void SetValue(const uint64_t offset, PrimType value);
  __aicore__ GlobalTensor operator[](const uint64_t offset) const;
  __aicore__ uint64_t GetSize() const;
};

template <typename T> class LocalTensor {
public:
  using PrimType = T;

  __aicore__ LocalTensor() {}
  __aicore__ LocalTensor operator[](const uint32_t offset) const;
  __aicore__ uint32_t GetSize() const;
};

class TPipe {
public:
  __aicore__ TPipe();
  template <class T>
  __aicore__ bool InitBuffer(T &que, uint8_t num, uint32_t len);
};

template <TPosition pos, int32_t depth, auto mask = 0> class TQue {
public:
  template <typename T> __aicore__ LocalTensor<T> AllocTensor();
  template <typename T> __aicore__ bool EnQue(const LocalTensor<T> &tensor);
  template <typename T> __aicore__ LocalTensor<T> DeQue();
  template <typename T> __aicore__ void FreeTensor(LocalTensor<T> &tensor);
};

//===----------------------------------------------------------------------===//
// Data movement and vector compute
//===----------------------------------------------------------------------===//

struct DataCopyParams {
  __aicore__ DataCopyParams();
  __aicore__ DataCopyParams(const uint16_t count, const uint16_t len,
                            const uint16_t srcStrideIn,
                            const uint16_t dstStrideIn);
  uint16_t blockCount;
  uint16_t blockLen;
  uint16_t srcStride;
  uint16_t dstStride;
};

template <typename T>
__aicore__ void DataCopy(const LocalTensor<T> &dstLocal,
                         const GlobalTensor<T> &srcGlobal,
                         const uint32_t calCount);
template <typename T>
__aicore__ void DataCopy(const GlobalTensor<T> &dstGlobal,
                         const LocalTensor<T> &srcLocal,
                         const uint32_t calCount);
template <typename T>
__aicore__ void DataCopy(const LocalTensor<T> &dstLocal,
                         const LocalTensor<T> &srcLocal,
                         const uint32_t calCount);
template <typename T>
__aicore__ void DataCopy(const LocalTensor<T> &dstLocal,
                         const GlobalTensor<T> &srcGlobal,
                         const DataCopyParams &repeatParams);
template <typename T>
__aicore__ void DataCopy(const GlobalTensor<T> &dstGlobal,
                         const LocalTensor<T> &srcLocal,
                         const DataCopyParams &repeatParams);
template <typename T>
__aicore__ void DataCopy(const LocalTensor<T> &dstLocal,
                         const LocalTensor<T> &srcLocal,
                         const DataCopyParams &repeatParams);

template <typename T, bool isSetMask = true>
__aicore__ void Add(const LocalTensor<T> &dstLocal,
                    const LocalTensor<T> &src0Local,
                    const LocalTensor<T> &src1Local, const int32_t &calCount);
template <typename T, bool isSetMask = true>
__aicore__ void Adds(const LocalTensor<T> &dstLocal,
                     const LocalTensor<T> &srcLocal, const T &scalarValue,
                     const int32_t &calCount);
template <typename T, bool isSetMask = true>
__aicore__ void Muls(const LocalTensor<T> &dstLocal,
                     const LocalTensor<T> &srcLocal, const T &scalarValue,
                     const int32_t &calCount);
template <typename T, bool isSetMask = true>
__aicore__ void LeakyRelu(const LocalTensor<T> &dstLocal,
                          const LocalTensor<T> &srcLocal, const T &scalarValue,
                          const int32_t &calCount);
template <typename T>
__aicore__ void Duplicate(const LocalTensor<T> &dstLocal, const T &scalarValue,
                          const int32_t &calCount);

} // namespace AscendC

#endif // ASC_TEST_ASCENDC_API_H
