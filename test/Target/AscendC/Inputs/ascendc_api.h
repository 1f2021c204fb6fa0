//===- ascendc_api.h - Ascend C API subset for syntax checks ----*- C++ -*-===//
//
// Declarations of the part of the Ascend C API (CANN kernel_operator.h and
// lib/matmul_intf.h) that asc-translate --asc-to-ascendc emits, with the
// real signatures, so that a host C++ compiler can type-check the emitted
// kernels (-fsyntax-only). Device qualifiers are defined empty. Member
// functions are declared, not defined: the CPU emulation replaces these
// declarations with working definitions. Only what a constant expression
// needs (the MatmulConfig presets) has a body.
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

enum class CubeFormat { ND = 0, NZ, ZN, ZZ, NN, ND_ALIGN, SCALAR, VECTOR };
enum class LayoutMode { NONE = 0, BSNGD, SBNGD, BNGS1S2, NORMAL };
enum class BatchMode {
  NONE = 0,
  BATCH_LESS_THAN_L1,
  BATCH_LARGE_THAN_L1,
  SINGLE_LARGE_THAN_L1
};
enum class IterateOrder { ORDER_M = 0, ORDER_N, UNDEF };
enum class ScheduleType { INNER_PRODUCT = 0, OUTER_PRODUCT };

/// Core type of the running core.
extern int32_t g_coreType;

/// The core checks as the CPU-debug build spells them; on the device they
/// are `constexpr(...)`, which only fits right after `if`.
#define ASCEND_IS_AIC (g_coreType == AscendC::AIC)
#define ASCEND_IS_AIV (g_coreType == AscendC::AIV)

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
/// A declaration the kernel compiler reads; a statement in the kernel body.
#define KERNEL_TASK_TYPE_DEFAULT(value)                                        \
  [[maybe_unused]] KernelMetaType kernelTaskTypeDefault = value

/// The system workspace, a global function (not in namespace AscendC).
__aicore__ uint8_t *GetSysWorkSpacePtr();

//===----------------------------------------------------------------------===//
// Tiling and Matmul configuration
//===----------------------------------------------------------------------===//

/// The host-computed cube tiling (kernel_tiling.h).
struct TCubeTiling {
  int32_t usedCoreNum;
  int32_t M;
  int32_t N;
  int32_t Ka;
  int32_t Kb;
  int32_t singleCoreM;
  int32_t singleCoreN;
  int32_t singleCoreK;
  int32_t baseM;
  int32_t baseN;
  int32_t baseK;
  int32_t depthA1;
  int32_t depthB1;
  int32_t stepM;
  int32_t stepN;
  int32_t isBias;
  int32_t transLength;
  int32_t iterateOrder;
  int32_t shareMode;
  int32_t shareL1Size;
  int32_t shareL0CSize;
  int32_t shareUbSize;
  int32_t batchM;
  int32_t batchN;
  int32_t singleBatchM;
  int32_t singleBatchN;
  int32_t stepKa;
  int32_t stepKb;
};

/// The fields of MatmulConfig the presets below set.
struct MatmulConfig {
  bool doNorm;
  bool doBasicBlock;
  bool doMultiDataLoad;
  uint32_t basicM;
  uint32_t basicN;
  uint32_t basicK;
  bool intrinsicsCheck;
  bool isNBatch;
  bool enVecND2NZ;
  bool doSpecialBasicBlock;
  uint32_t doMTE2Preload;
  bool enUnitFlag;
  bool doIBShareNorm;
  bool doSpecialMDL;
  BatchMode batchMode;
  IterateOrder iterateOrder;
  ScheduleType scheduleType;
  bool enableDoubleCache;
  bool enableMixDualMaster;
};

__aicore__ constexpr MatmulConfig
GetNormalConfig(const bool intrinsicsLimit = false,
                const bool batchLoop = false, const bool isVecND2NZ = false,
                const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1,
                const bool isMsgReuse = true,
                const IterateOrder iterateOrder = IterateOrder::UNDEF,
                const ScheduleType scheduleType = ScheduleType::INNER_PRODUCT,
                const bool enUnitFlag = true,
                const bool enableMixDualMaster = false) {
  (void)isMsgReuse;
  return {true,
          false,
          false,
          0,
          0,
          0,
          intrinsicsLimit,
          batchLoop,
          isVecND2NZ,
          false,
          0,
          enUnitFlag,
          false,
          false,
          bmmMode,
          iterateOrder,
          scheduleType,
          false,
          enableMixDualMaster};
}

__aicore__ constexpr MatmulConfig
GetMDLConfig(const bool intrinsicsLimit = false, const bool batchLoop = false,
             const uint32_t doMTE2Preload = 0, const bool isVecND2NZ = false,
             bool isPerTensor = false, bool hasAntiQuantOffset = false,
             const bool enUnitFlag = false, const bool isMsgReuse = true,
             const bool enableUBReuse = true,
             const bool enableL1CacheUB = false,
             const bool enableMixDualMaster = false,
             const bool enableKdimReorderLoad = false) {
  (void)isPerTensor, (void)hasAntiQuantOffset, (void)isMsgReuse;
  (void)enableUBReuse, (void)enableL1CacheUB, (void)enableKdimReorderLoad;
  return {false,
          true,
          false,
          0,
          0,
          0,
          intrinsicsLimit,
          batchLoop,
          isVecND2NZ,
          false,
          doMTE2Preload,
          enUnitFlag,
          false,
          false,
          BatchMode::NONE,
          IterateOrder::UNDEF,
          ScheduleType::INNER_PRODUCT,
          false,
          enableMixDualMaster};
}

__aicore__ constexpr MatmulConfig GetSpecialMDLConfig(
    const bool intrinsicsLimit = false, const bool batchLoop = false,
    const uint32_t doMTE2Preload = 0, const bool isVecND2NZ = false,
    bool isPerTensor = false, bool hasAntiQuantOffset = false) {
  (void)isPerTensor, (void)hasAntiQuantOffset;
  return {false,
          false,
          false,
          0,
          0,
          0,
          intrinsicsLimit,
          batchLoop,
          isVecND2NZ,
          false,
          doMTE2Preload,
          false,
          false,
          true,
          BatchMode::NONE,
          IterateOrder::UNDEF,
          ScheduleType::INNER_PRODUCT,
          false,
          false};
}

__aicore__ constexpr MatmulConfig GetIBShareNormConfig(
    const bool intrinsicsLimit = false, const bool batchLoop = false,
    const bool isVecND2NZ = false,
    const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1,
    const bool isDoubleCache = false, const bool enUnitFlag = true) {
  return {false,
          false,
          false,
          0,
          0,
          0,
          intrinsicsLimit,
          batchLoop,
          isVecND2NZ,
          false,
          0,
          enUnitFlag,
          true,
          false,
          bmmMode,
          IterateOrder::UNDEF,
          ScheduleType::INNER_PRODUCT,
          isDoubleCache,
          false};
}

constexpr MatmulConfig CFG_NORM = GetNormalConfig();
constexpr MatmulConfig CFG_MDL = GetMDLConfig();

namespace AscendC {

//===----------------------------------------------------------------------===//
// Kernel environment
//===----------------------------------------------------------------------===//

constexpr int32_t MIX = 0;
constexpr int32_t AIC = 1;
constexpr int32_t AIV = 2;

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

//===----------------------------------------------------------------------===//
// Matmul high-level API
//===----------------------------------------------------------------------===//

template <TPosition POSITION, CubeFormat FORMAT, typename TYPE,
          bool ISTRANS = false, LayoutMode LAYOUT = LayoutMode::NONE,
          bool IBSHARE = false>
struct MatmulType {
  constexpr static TPosition pos = POSITION;
  constexpr static CubeFormat format = FORMAT;
  using T = TYPE;
  constexpr static bool isTrans = ISTRANS;
  constexpr static LayoutMode layout = LAYOUT;
  constexpr static bool ibShare = IBSHARE;
};

/// The Matmul object (MatmulImpl). The callback and policy template
/// parameters that follow MM_CFG are left out.
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE,
          const auto &MM_CFG = CFG_NORM>
class MatmulImpl {
  using SrcAT = typename A_TYPE::T;
  using SrcBT = typename B_TYPE::T;
  using DstT = typename C_TYPE::T;
  using BiasT = typename BIAS_TYPE::T;

public:
  __aicore__ MatmulImpl();

  __aicore__ void Init(const TCubeTiling *__restrict cubeTiling,
                       TPipe *tpipe = nullptr);
  __aicore__ void SetOrgShape(int orgM, int orgN, int orgK);
  __aicore__ void SetOrgShape(int orgM, int orgN, int orgKa, int orgKb,
                              int orgKc = 0);
  __aicore__ void SetSingleShape(int singleM, int singleN, int singleK);
  __aicore__ void SetTail(int tailM = -1, int tailN = -1, int tailK = -1);
  __aicore__ void SetTensorA(const GlobalTensor<SrcAT> &gm,
                             bool isTransposeA = false);
  __aicore__ void SetTensorA(const LocalTensor<SrcAT> &leftMatrix,
                             bool isTransposeA = false);
  __aicore__ void SetTensorA(SrcAT aScalar);
  __aicore__ void SetTensorB(const GlobalTensor<SrcBT> &gm,
                             bool isTransposeB = false);
  __aicore__ void SetTensorB(const LocalTensor<SrcBT> &rightMatrix,
                             bool isTransposeB = false);
  __aicore__ void SetTensorB(SrcBT bScalar);
  __aicore__ void SetBias(const GlobalTensor<BiasT> &biasGlobal);
  __aicore__ void SetBias(const LocalTensor<BiasT> &inputBias);
  __aicore__ void DisableBias();
  __aicore__ void SetQuantScalar(const uint64_t quantScalar);
  __aicore__ void SetQuantVector(const GlobalTensor<uint64_t> &quantTensor);
  template <class T> __aicore__ void SetWorkspace(__gm__ T *addr, int size);
  template <class T> __aicore__ void SetWorkspace(GlobalTensor<T> &addr);
  __aicore__ void SetHF32(bool enableHF32 = false, int32_t transMode = 0);
  __aicore__ void SetBatchNum(int32_t batchA, int32_t batchB);

  template <bool sync = true>
  __aicore__ bool Iterate(bool enPartialSum = false);
  template <bool sync = true, typename T>
  __aicore__ bool Iterate(bool enPartialSum,
                          const LocalTensor<T> &localCmatrix);
  template <bool sync = true>
  __aicore__ void IterateAll(const GlobalTensor<DstT> &gm, uint8_t enAtomic = 0,
                             bool enSequentialWrite = false,
                             bool waitIterateAll = false, bool fakeMsg = false);
  template <bool sync = true>
  __aicore__ void IterateAll(const LocalTensor<DstT> &ubCmatrix,
                             uint8_t enAtomic = 0);
  __aicore__ void WaitIterateAll();

  template <bool sync = true, bool doPad = false>
  __aicore__ void GetTensorC(const LocalTensor<DstT> &c, uint8_t enAtomic = 0,
                             bool enSequentialWrite = false,
                             uint32_t height = 0, uint32_t width = 0,
                             uint32_t srcGap = 0, uint32_t dstGap = 0);
  template <bool sync = true>
  __aicore__ void GetTensorC(const GlobalTensor<DstT> &gm, uint8_t enAtomic = 0,
                             bool enSequentialWrite = false);
  template <bool sync = true>
  __aicore__ void
  GetTensorC(const GlobalTensor<DstT> &gm, const LocalTensor<DstT> &cLocal,
             uint8_t enAtomic = 0, bool enSequentialWrite = false);
  template <bool sync = true>
  __aicore__ GlobalTensor<DstT> GetTensorC(uint8_t enAtomic = 0,
                                           bool enSequentialWrite = false);
  __aicore__ void AsyncGetTensorC(const LocalTensor<DstT> &c);
  __aicore__ void WaitGetTensorC();

  template <bool sync = true, bool waitIterateBatch = false>
  __aicore__ void
  IterateBatch(const GlobalTensor<DstT> &gm, uint32_t batchA, uint32_t batchB,
               bool enSequentialWrite, const uint32_t matrixStrideA = 0,
               const uint32_t matrixStrideB = 0,
               const uint32_t matrixStrideC = 0,
               const bool enPartialSum = false, const uint8_t enAtomic = 0);
  template <bool sync = true>
  __aicore__ void IterateBatch(
      const LocalTensor<DstT> &ubCmatrix, uint32_t batchA, uint32_t batchB,
      bool enSequentialWrite, const uint32_t matrixStrideA = 0,
      const uint32_t matrixStrideB = 0, const uint32_t matrixStrideC = 0,
      const bool enPartialSum = false, const uint8_t enAtomic = 0);
  __aicore__ void IterateBatch(const GlobalTensor<DstT> &gm, bool enPartialSum,
                               uint8_t enAtomic, bool enSequentialWrite,
                               const uint32_t matrixStrideA = 0,
                               const uint32_t matrixStrideB = 0,
                               const uint32_t matrixStrideC = 0);
  __aicore__ void IterateBatch(const LocalTensor<DstT> &ubCmatrix,
                               bool enPartialSum, uint8_t enAtomic,
                               bool enSequentialWrite,
                               const uint32_t matrixStrideA = 0,
                               const uint32_t matrixStrideB = 0,
                               const uint32_t matrixStrideC = 0);
  template <bool sync = true, bool waitIterateBatch = false>
  __aicore__ void IterateNBatch(const uint32_t batchLoop, uint32_t batchA,
                                uint32_t batchB, bool enSequentialWrite,
                                const uint32_t matrixStrideA = 0,
                                const uint32_t matrixStrideB = 0,
                                const uint32_t matrixStrideC = 0);
  __aicore__ void WaitIterateBatch();
  template <bool sync = true>
  __aicore__ GlobalTensor<DstT> GetBatchTensorC(uint32_t batchA,
                                                uint32_t batchB,
                                                bool enSequentialWrite = false);
  template <bool sync = true, bool doPad = false>
  __aicore__ void
  GetBatchTensorC(const LocalTensor<DstT> &c, uint32_t batchA, uint32_t batchB,
                  bool enSequentialWrite = false, uint32_t height = 0,
                  uint32_t width = 0, uint32_t srcGap = 0, uint32_t dstGap = 0);

  __aicore__ void End();
};

template <class T> struct IsMatmulImpl : std::false_type {};
template <class A, class B, class C, class Bias, const auto &Cfg>
struct IsMatmulImpl<MatmulImpl<A, B, C, Bias, Cfg>> : std::true_type {};

/// What REGIST_MATMUL_OBJ takes after the pipe and the workspace: up to four
/// Matmul objects, each optionally followed by its tiling.
template <class... Args>
__aicore__ inline void RegistMatmulObj(TPipe *, GM_ADDR, Args &&...) {
  static_assert(sizeof...(Args) >= 1 && sizeof...(Args) <= 8,
                "REGIST_MATMUL_OBJ takes one to four Matmul objects");
  static_assert(
      ((IsMatmulImpl<std::remove_reference_t<Args>>::value ||
        std::is_convertible_v<Args, const TCubeTiling *>)&&...),
      "REGIST_MATMUL_OBJ takes Matmul objects and TCubeTiling pointers");
}

} // namespace AscendC

namespace matmul {
using AscendC::MatmulType;
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE,
          const auto &MM_CFG = CFG_NORM>
using Matmul = AscendC::MatmulImpl<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG>;
} // namespace matmul

#define REGIST_MATMUL_OBJ(tpipe, workspace, ...)                               \
  AscendC::RegistMatmulObj(tpipe, workspace, __VA_ARGS__)

#endif // ASC_TEST_ASCENDC_API_H
