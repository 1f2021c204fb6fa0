//===- ascendc_matmul_api.h - Ascend C Matmul API subset --------*- C++ -*-===//
//
// The Matmul part of the Ascend C API declarations (lib/matmul_intf.h): the
// tiling, the configuration presets, the two Matmul classes and
// REGIST_MATMUL_OBJ. Which class matmul::Matmul names depends on whether
// ASCENDC_CUBE_ONLY is defined when this header is included, as in CANN.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_TEST_ASCENDC_MATMUL_API_H
#define ASC_TEST_ASCENDC_MATMUL_API_H

#include "ascendc_api.h"

//===----------------------------------------------------------------------===//
// Tiling and Matmul configuration
//===----------------------------------------------------------------------===//

/// The host-computed cube tiling (kernel_tiling.h): 50 int32 fields.
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
  int32_t depthAL1CacheUB;
  int32_t depthBL1CacheUB;
  int32_t dbL0A;
  int32_t dbL0B;
  int32_t dbL0C;
  int32_t ALayoutInfoB;
  int32_t ALayoutInfoS;
  int32_t ALayoutInfoN;
  int32_t ALayoutInfoG;
  int32_t ALayoutInfoD;
  int32_t BLayoutInfoB;
  int32_t BLayoutInfoS;
  int32_t BLayoutInfoN;
  int32_t BLayoutInfoG;
  int32_t BLayoutInfoD;
  int32_t CLayoutInfoB;
  int32_t CLayoutInfoS1;
  int32_t CLayoutInfoN;
  int32_t CLayoutInfoG;
  int32_t CLayoutInfoS2;
  int32_t BatchNum;
  int32_t mxTypePara;
};
static_assert(sizeof(TCubeTiling) == 50 * sizeof(int32_t),
              "TCubeTiling is 50 int32 fields");

constexpr uint32_t SHARED_CO1_BUFFER_SIZE = 64 * 1024;

/// MatmulConfig, with the fields in the order and with the defaults of the
/// real struct.
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
  uint32_t singleCoreM;
  uint32_t singleCoreN;
  uint32_t singleCoreK;
  uint32_t stepM;
  uint32_t stepN;
  uint32_t baseMN;
  uint32_t singleCoreMN;
  bool enUnitFlag = true;
  bool isPerTensor;
  bool hasAntiQuantOffset;
  bool doIBShareNorm;
  bool doSpecialMDL;
  bool enableInit = true;
  BatchMode batchMode;
  bool enableEnd = true;
  bool enableGetTensorC = true;
  bool enableSetOrgShape = true;
  bool enableSetBias = true;
  bool enableSetTail = true;
  bool enableQuantVector = true;
  bool enableSetDefineData = true;
  uint8_t iterateMode = IterateMode::ITERATE_MODE_DEFAULT;
  bool enableReuse = true;
  bool enableUBReuse;
  bool enableL1CacheUB;
  bool intraBlockPartSum = false;
  IterateOrder iterateOrder{IterateOrder::UNDEF};
  ScheduleType scheduleType;
  bool enableDoubleCache;
  bool isBiasBatch = true;
  bool enableStaticPadZeros = false;
  bool isPartialOutput = false;
  bool enableMixDualMaster = false;
  bool isA2B2Shared = false;
  bool isEnableChannelSplit = false;
  bool enableKdimReorderLoad = false;
  bool isCO1Shared = false;
  uint32_t sharedCO1BufferSize = SHARED_CO1_BUFFER_SIZE;
  BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH;
  bool enableL1BankConflictOptimise = false;
  bool enableRelu = false;
  DecompressionMode decompMode = DecompressionMode::DECOMP_NONE;
};

/// The Norm preset: 10 parameters.
__aicore__ constexpr MatmulConfig
GetNormalConfig(const bool intrinsicsLimit = false,
                const bool batchLoop = false, const bool isVecND2NZ = false,
                const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1,
                const bool isMsgReuse = true,
                const IterateOrder iterateOrder = IterateOrder::UNDEF,
                const ScheduleType scheduleType = ScheduleType::INNER_PRODUCT,
                const bool enUnitFlag = true,
                const bool enableMixDualMaster = false,
                const BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH) {
  MatmulConfig config{};
  config.doNorm = true;
  config.intrinsicsCheck = intrinsicsLimit;
  config.isNBatch = batchLoop;
  config.enVecND2NZ = isVecND2NZ;
  config.enUnitFlag = enUnitFlag;
  config.batchMode = bmmMode;
  config.enableReuse = isMsgReuse;
  config.enableUBReuse = true;
  config.iterateOrder = iterateOrder;
  config.scheduleType = scheduleType;
  config.enableMixDualMaster = enableMixDualMaster;
  config.bmmOutMode = bmmOutMode;
  return config;
}

/// The MDL (multi-data-load) preset: 13 parameters.
__aicore__ constexpr MatmulConfig
GetMDLConfig(const bool intrinsicsLimit = false, const bool batchLoop = false,
             const uint32_t doMTE2Preload = 0, const bool isVecND2NZ = false,
             bool isPerTensor = false, bool hasAntiQuantOffset = false,
             const bool enUnitFlag = false, const bool isMsgReuse = true,
             const bool enableUBReuse = true,
             const bool enableL1CacheUB = false,
             const bool enableMixDualMaster = false,
             const bool enableKdimReorderLoad = false,
             const bool enableL1BankConflictOptimise = false) {
  MatmulConfig config{};
  config.doMultiDataLoad = true;
  config.intrinsicsCheck = intrinsicsLimit;
  config.isNBatch = batchLoop;
  config.enVecND2NZ = isVecND2NZ;
  config.doMTE2Preload = doMTE2Preload;
  config.enUnitFlag = enUnitFlag;
  config.isPerTensor = isPerTensor;
  config.hasAntiQuantOffset = hasAntiQuantOffset;
  config.batchMode = BatchMode::NONE;
  config.enableReuse = isMsgReuse;
  config.enableUBReuse = enableUBReuse;
  config.enableL1CacheUB = enableL1CacheUB;
  config.enableMixDualMaster = enableMixDualMaster;
  config.enableKdimReorderLoad = enableKdimReorderLoad;
  config.enableL1BankConflictOptimise = enableL1BankConflictOptimise;
  return config;
}

/// The special MDL preset: 6 parameters.
__aicore__ constexpr MatmulConfig GetSpecialMDLConfig(
    const bool intrinsicsLimit = false, const bool batchLoop = false,
    const uint32_t doMTE2Preload = 0, const bool isVecND2NZ = false,
    bool isPerTensor = false, bool hasAntiQuantOffset = false) {
  MatmulConfig config{};
  config.doSpecialMDL = true;
  config.intrinsicsCheck = intrinsicsLimit;
  config.isNBatch = batchLoop;
  config.enVecND2NZ = isVecND2NZ;
  config.doMTE2Preload = doMTE2Preload;
  config.enUnitFlag = false;
  config.isPerTensor = isPerTensor;
  config.hasAntiQuantOffset = hasAntiQuantOffset;
  config.batchMode = BatchMode::NONE;
  config.enableUBReuse = true;
  return config;
}

/// The IBShare preset: 6 parameters.
__aicore__ constexpr MatmulConfig GetIBShareNormConfig(
    const bool intrinsicsLimit = false, const bool batchLoop = false,
    const bool isVecND2NZ = false,
    const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1,
    const bool isDoubleCache = false, const bool enUnitFlag = true) {
  MatmulConfig config{};
  config.doIBShareNorm = true;
  config.intrinsicsCheck = intrinsicsLimit;
  config.isNBatch = batchLoop;
  config.enVecND2NZ = isVecND2NZ;
  config.enUnitFlag = enUnitFlag;
  config.batchMode = bmmMode;
  config.enableUBReuse = true;
  config.enableDoubleCache = isDoubleCache;
  return config;
}

constexpr MatmulConfig CFG_NORM = GetNormalConfig();
constexpr MatmulConfig CFG_MDL = GetMDLConfig();

namespace AscendC {

//===----------------------------------------------------------------------===//
// Matmul high-level API
//===----------------------------------------------------------------------===//

/// One operand of a Matmul object: 7 parameters.
template <TPosition POSITION, CubeFormat FORMAT, typename TYPE,
          bool ISTRANS = false, LayoutMode LAYOUT = LayoutMode::NONE,
          bool IBSHARE = false, TPosition SRCPOS = TPosition::GM>
struct MatmulType {
  constexpr static TPosition pos = POSITION;
  constexpr static CubeFormat format = FORMAT;
  using T = TYPE;
  constexpr static bool isTrans = ISTRANS;
  constexpr static LayoutMode layout = LAYOUT;
  constexpr static bool ibShare = IBSHARE;
  constexpr static TPosition srcPos = SRCPOS;
};

/// The members both Matmul classes share. The callback and policy template
/// parameters that follow MM_CFG are left out.
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE,
          const auto &MM_CFG>
class MatmulCommon {
protected:
  using SrcAT = typename A_TYPE::T;
  using SrcBT = typename B_TYPE::T;
  using DstT = typename C_TYPE::T;
  using BiasT = typename BIAS_TYPE::T;

public:
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
  template <class T>
  __aicore__ void SetWorkspace(__gm__ const T *addr, int size);
  template <class T> __aicore__ void SetWorkspace(GlobalTensor<T> &addr);
  __aicore__ void SetHF32(bool enableHF32 = false, int32_t transMode = 0);

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
  template <bool sync = true>
  __aicore__ void GetTensorC(const GlobalTensor<DstT> &gm, uint8_t enAtomic = 0,
                             bool enSequentialWrite = false);
  template <bool sync = true>
  __aicore__ void
  GetTensorC(const GlobalTensor<DstT> &gm, const LocalTensor<DstT> &cLocal,
             uint8_t enAtomic = 0, bool enSequentialWrite = false);
  __aicore__ void End();
};

/// The cube-side object (ASCENDC_CUBE_ONLY): SetBatchNum and the IterateBatch
/// form without batch counts; none of the waits, IterateNBatch or the
/// workspace results of the mix-mode client.
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE,
          const auto &MM_CFG = CFG_NORM>
class MatmulImpl
    : public MatmulCommon<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG> {
  using DstT = typename C_TYPE::T;

public:
  __aicore__ MatmulImpl();
  __aicore__ void SetBatchNum(int32_t batchA, int32_t batchB);
  template <bool sync = true>
  __aicore__ void GetTensorC(const LocalTensor<DstT> &co2Local,
                             uint8_t enAtomic = 0,
                             bool enSequentialWrite = false);
  using MatmulCommon<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG>::GetTensorC;
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
};

/// The mix-mode object the vector core drives (without ASCENDC_CUBE_ONLY).
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE,
          const auto &MM_CFG = CFG_NORM>
class MatmulClient
    : public MatmulCommon<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG> {
  using DstT = typename C_TYPE::T;

public:
  __aicore__ MatmulClient();
  __aicore__ void WaitIterateAll();

  template <bool sync = true, bool doPad = false>
  __aicore__ void GetTensorC(const LocalTensor<DstT> &c, uint8_t enAtomic = 0,
                             bool enSequentialWrite = false,
                             uint32_t height = 0, uint32_t width = 0,
                             uint32_t srcGap = 0, uint32_t dstGap = 0);
  template <bool sync = true>
  __aicore__ GlobalTensor<DstT> GetTensorC(uint8_t enAtomic = 0,
                                           bool enSequentialWrite = false);
  using MatmulCommon<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG>::GetTensorC;
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
  template <bool sync = true, bool waitIterateBatch = false>
  __aicore__ void IterateNBatch(const uint32_t batchLoop, uint32_t batchA,
                                uint32_t batchB, bool enSequentialWrite,
                                const uint32_t matrixStrideA = 0,
                                const uint32_t matrixStrideB = 0,
                                const uint32_t matrixStrideC = 0,
                                const bool enPartialSum = false,
                                const uint8_t enAtomic = 0) {
    static_assert(A_TYPE::layout != LayoutMode::NONE &&
                      B_TYPE::layout != LayoutMode::NONE &&
                      A_TYPE::layout != LayoutMode::NORMAL &&
                      B_TYPE::layout != LayoutMode::NORMAL &&
                      C_TYPE::layout != LayoutMode::NORMAL,
                  "IterateNBatch takes A and B in BSNGD, SBNGD or BNGS1S2 "
                  "and C not in NORMAL");
  }
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
};

#ifdef ASCENDC_CUBE_ONLY
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE,
          const auto &MM_CFG = CFG_NORM>
using Matmul = MatmulImpl<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG>;
#else
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE,
          const auto &MM_CFG = CFG_NORM>
using Matmul = MatmulClient<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG>;
#endif

template <class T> struct IsMatmulObject : std::false_type {};
template <class A, class B, class C, class Bias, const auto &Cfg>
struct IsMatmulObject<MatmulImpl<A, B, C, Bias, Cfg>> : std::true_type {};
template <class A, class B, class C, class Bias, const auto &Cfg>
struct IsMatmulObject<MatmulClient<A, B, C, Bias, Cfg>> : std::true_type {};

/// What REGIST_MATMUL_OBJ takes after the pipe and the workspace: up to four
/// Matmul objects, each optionally followed by its tiling.
template <class... Args> struct RegisteredObjects {
  static_assert(sizeof...(Args) >= 1 && sizeof...(Args) <= 8,
                "REGIST_MATMUL_OBJ takes one to four Matmul objects");
  static_assert(
      ((IsMatmulObject<std::remove_reference_t<Args>>::value ||
        std::is_convertible_v<Args, const TCubeTiling *>)&&...),
      "REGIST_MATMUL_OBJ takes Matmul objects and TCubeTiling pointers");
};
template <class... Args>
__aicore__ RegisteredObjects<Args...> CheckRegistration(Args &&...);

/// The cube core's message loop serving the registered objects.
template <class... Args>
__aicore__ void ServeMatmulObjects(TPipe *tpipe, GM_ADDR workspace,
                                   Args &&...objects);
/// The vector core's end of the message channel.
class MatmulChannelClient {
public:
  __aicore__ explicit MatmulChannelClient(GM_ADDR workspace);
};
template <class... Args>
__aicore__ void ConnectMatmulObjects(TPipe *tpipe,
                                     MatmulChannelClient *client,
                                     Args &&...objects);
/// The cube-only registration: initialises each object with its tiling.
template <class... Args>
__aicore__ void InitMatmulObjects(TPipe *tpipe, Args &&...objects);

} // namespace AscendC

/// The Matmul API's namespace is AscendC under another name.
namespace matmul = AscendC;

#ifdef ASCENDC_CUBE_ONLY
#define REGIST_MATMUL_OBJ(tpipe, workspace, ...)                               \
  AscendC::InitMatmulObjects(tpipe, __VA_ARGS__)
#else
/// Declares the registration's local variables (a second registration in one
/// scope redefines them) and, on the cube core, serves the objects and
/// returns from the kernel.
#define REGIST_MATMUL_OBJ(tpipe, workspace, ...)                               \
  using AscRegisteredObjects =                                                 \
      decltype(AscendC::CheckRegistration(__VA_ARGS__));                       \
  if ASCEND_IS_AIC {                                                           \
    AscendC::ServeMatmulObjects(tpipe, workspace, __VA_ARGS__);                \
    return;                                                                    \
  }                                                                            \
  AscendC::MatmulChannelClient ascMatmulClient(workspace);                     \
  AscendC::ConnectMatmulObjects(tpipe, &ascMatmulClient, __VA_ARGS__)
#endif

#endif // ASC_TEST_ASCENDC_MATMUL_API_H
