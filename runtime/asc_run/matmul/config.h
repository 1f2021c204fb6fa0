//===- config.h - The Matmul configuration ----------------------*- C++ -*-===//
//
// The configuration types of the Matmul API at global scope, as in CANN's
// matmul_config.h and tiling.h: CubeFormat, LayoutMode and the other enums,
// MatmulConfig with every field and its default, GetNormalConfig,
// GetMDLConfig, CFG_NORM and CFG_MDL; MatmulApiStaticTiling and
// GetMatmulApiTiling (constant_tiling.h), whose config a Matmul takes too.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_MATMUL_CONFIG_H
#define ASC_RUN_MATMUL_CONFIG_H

#include <cstdint>
#include <type_traits>

constexpr uint32_t SHARED_CO1_BUFFER_SIZE = 64 * 1024;

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
  ITERATE_MODE_NORMAL = 0b00000001,
  ITERATE_MODE_ALL = 0b00000010,
  ITERATE_MODE_BATCH = 0b00000100,
  ITERATE_MODE_N_BATCH = 0b00001000,
  ITERATE_MODE_DEFAULT = 0b11111111,
};
enum class DecompressionMode {
  DECOMP_NONE = 0b0000,
  DECOMP_2bitTo8bit = 0b0001,
  DECOMP_3bitTo8bit = 0b0010,
  DECOMP_4bitTo8bit = 0b0011,
  DECOMP_16bitTo64bit = 0b0100,
  DECOMP_1bitTo8bit = 0b0101,
  DECOMP_1bitTo4bit = 0b0110,
  DECOMP_2bitTo4bit = 0b0111,
  DECOMP_3bitTo4bit = 0b1000,
};

/// Every field of CANN's MatmulConfig, in order, with its default.
struct MatmulConfig {
  bool doNorm = false;
  bool doBasicBlock = false;
  bool doMultiDataLoad = false;
  uint32_t basicM = 0;
  uint32_t basicN = 0;
  uint32_t basicK = 0;
  bool intrinsicsCheck = false;
  bool isNBatch = false;
  bool enVecND2NZ = false;
  bool doSpecialBasicBlock = false;
  uint32_t doMTE2Preload = 0;
  uint32_t singleCoreM = 0;
  uint32_t singleCoreN = 0;
  uint32_t singleCoreK = 0;
  uint32_t stepM = 0;
  uint32_t stepN = 0;
  uint32_t baseMN = 0;
  uint32_t singleCoreMN = 0;
  bool enUnitFlag = true;
  bool isPerTensor = false;
  bool hasAntiQuantOffset = false;
  bool doIBShareNorm = false;
  bool doSpecialMDL = false;
  bool enableInit = true;
  BatchMode batchMode = BatchMode::NONE;
  bool enableEnd = true;
  bool enableGetTensorC = true;
  bool enableSetOrgShape = true;
  bool enableSetBias = true;
  bool enableSetTail = true;
  bool enableQuantVector = true;
  bool enableSetDefineData = true;
  uint8_t iterateMode = IterateMode::ITERATE_MODE_DEFAULT;
  bool enableReuse = true;
  bool enableUBReuse = false;
  bool enableL1CacheUB = false;
  bool intraBlockPartSum = false;
  IterateOrder iterateOrder{IterateOrder::UNDEF};
  ScheduleType scheduleType = ScheduleType::INNER_PRODUCT;
  bool enableDoubleCache = false;
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

constexpr MatmulConfig
GetNormalConfig(const bool intrinsicsLimit = false,
                const bool batchLoop = false, const bool isVecND2NZ = false,
                const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1,
                const bool isMsgReuse = true,
                const IterateOrder iterateOrder = IterateOrder::UNDEF,
                const ScheduleType scheduleType = ScheduleType::INNER_PRODUCT,
                const bool enUnitFlag = true,
                const bool enableMixDualMaster = false,
                const BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH) {
  MatmulConfig c{};
  c.doNorm = true;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.enVecND2NZ = isVecND2NZ;
  c.enUnitFlag = enUnitFlag;
  c.batchMode = bmmMode;
  c.enableReuse = isMsgReuse;
  c.enableUBReuse = true;
  c.iterateOrder = iterateOrder;
  c.scheduleType = scheduleType;
  c.enableMixDualMaster = enableMixDualMaster;
  c.bmmOutMode = bmmOutMode;
  return c;
}

constexpr MatmulConfig
GetMDLConfig(const bool intrinsicsLimit = false, const bool batchLoop = false,
             const uint32_t doMTE2Preload = 0, const bool isVecND2NZ = false,
             bool isPerTensor = false, bool hasAntiQuantOffset = false,
             const bool enUnitFlag = false, const bool isMsgReuse = true,
             const bool enableUBReuse = true,
             const bool enableL1CacheUB = false,
             const bool enableMixDualMaster = false,
             const bool enableKdimReorderLoad = false,
             const bool enableL1BankConflictOptimise = false) {
  MatmulConfig c{};
  c.doMultiDataLoad = true;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.enVecND2NZ = isVecND2NZ;
  c.doMTE2Preload = doMTE2Preload;
  c.enUnitFlag = enUnitFlag;
  c.isPerTensor = isPerTensor;
  c.hasAntiQuantOffset = hasAntiQuantOffset;
  c.batchMode = BatchMode::NONE;
  c.enableReuse = isMsgReuse;
  c.enableUBReuse = enableUBReuse;
  c.enableL1CacheUB = enableL1CacheUB;
  c.enableMixDualMaster = enableMixDualMaster;
  c.enableKdimReorderLoad = enableKdimReorderLoad;
  c.enableL1BankConflictOptimise = enableL1BankConflictOptimise;
  return c;
}

/// The first MatmulConfig field whose value asc-run does not model, as
/// "name = value" (nullptr when every field is modelled). Fields that only
/// choose how CANN schedules the same computation (doNorm, doMultiDataLoad,
/// doSpecialMDL, intrinsicsCheck, enVecND2NZ, doMTE2Preload, enUnitFlag,
/// batchMode, iterateMode, enableReuse, enableUBReuse, enableL1CacheUB,
/// enableDoubleCache, isA2B2Shared, enableKdimReorderLoad,
/// enableL1BankConflictOptimise, enableSetDefineData) do not change C and
/// are accepted; the semantic ones asc-run models are isNBatch,
/// isBiasBatch, enableGetTensorC, enableSetBias, enableSetTail,
/// enableQuantVector and isEnableChannelSplit (the NZ C's fractal width).
/// The rest are refused by name (docs/Runtime.md, "What asc-run models of
/// the Matmul's parameters").
constexpr const char *unmodelledConfigField(const MatmulConfig &c) {
  if (c.doBasicBlock)
    return "MatmulConfig::doBasicBlock = true";
  if (c.doSpecialBasicBlock)
    return "MatmulConfig::doSpecialBasicBlock = true";
  if (c.basicM || c.basicN || c.basicK)
    return "MatmulConfig::basicM/basicN/basicK (a basic block's shape)";
  if (c.singleCoreM || c.singleCoreN || c.singleCoreK || c.stepM || c.stepN ||
      c.baseMN || c.singleCoreMN)
    return "MatmulConfig::singleCoreM/N/K, stepM/N, baseMN or singleCoreMN "
           "(a constant tiling)";
  if (c.isPerTensor)
    return "MatmulConfig::isPerTensor = true (antiquantisation)";
  if (c.hasAntiQuantOffset)
    return "MatmulConfig::hasAntiQuantOffset = true (antiquantisation)";
  if (!c.enableInit)
    return "MatmulConfig::enableInit = false";
  if (!c.enableEnd)
    return "MatmulConfig::enableEnd = false";
  if (!c.enableSetOrgShape)
    return "MatmulConfig::enableSetOrgShape = false";
  if (c.intraBlockPartSum)
    return "MatmulConfig::intraBlockPartSum = true";
  if (c.enableStaticPadZeros)
    return "MatmulConfig::enableStaticPadZeros = true";
  if (c.isPartialOutput)
    return "MatmulConfig::isPartialOutput = true";
  if (c.enableMixDualMaster)
    return "MatmulConfig::enableMixDualMaster = true";
  if (c.isCO1Shared)
    return "MatmulConfig::isCO1Shared = true";
  if (c.sharedCO1BufferSize != SHARED_CO1_BUFFER_SIZE)
    return "MatmulConfig::sharedCO1BufferSize other than 64 KB";
  if (c.bmmOutMode != BatchOutMode::SINGLE_BATCH)
    return "MatmulConfig::bmmOutMode other than SINGLE_BATCH";
  if (c.enableRelu)
    return "MatmulConfig::enableRelu = true";
  if (c.decompMode != DecompressionMode::DECOMP_NONE)
    return "MatmulConfig::decompMode other than DECOMP_NONE";
  return nullptr;
}

/// The SpecialMDL, basic-block and IBShare templates with CANN's parameters
/// and values (include/adv_api/matmul/tiling.h). asc-run refuses their
/// doBasicBlock at the first computing call and checks doIBShareNorm there
/// (checkIbShare); doSpecialMDL chooses CANN's schedule, not C.
constexpr MatmulConfig GetSpecialMDLConfig(const bool intrinsicsLimit = false,
                                           const bool batchLoop = false,
                                           const uint32_t doMTE2Preload = 0,
                                           const bool isVecND2NZ = false,
                                           bool isPerTensor = false,
                                           bool hasAntiQuantOffset = false) {
  MatmulConfig c{};
  c.doSpecialMDL = true;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.doMTE2Preload = doMTE2Preload;
  c.enVecND2NZ = isVecND2NZ;
  c.isPerTensor = isPerTensor;
  c.hasAntiQuantOffset = hasAntiQuantOffset;
  c.enUnitFlag = false;
  c.batchMode = BatchMode::NONE;
  c.enableReuse = true;
  c.enableUBReuse = true;
  return c;
}

constexpr MatmulConfig
GetBasicConfig(const uint32_t basicM, const uint32_t basicN,
               const uint32_t basicK, const bool intrinsicsLimit = false,
               const bool batchLoop = false,
               const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1) {
  MatmulConfig c{};
  c.doBasicBlock = true;
  c.basicM = basicM;
  c.basicN = basicN;
  c.basicK = basicK;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.enUnitFlag = false;
  c.batchMode = bmmMode;
  c.enableReuse = true;
  c.enableUBReuse = true;
  return c;
}

constexpr MatmulConfig GetIBShareNormConfig(
    const bool intrinsicsLimit = false, const bool batchLoop = false,
    const bool isVecND2NZ = false,
    const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1,
    const bool isDoubleCache = false, const bool enUnitFlag = true) {
  MatmulConfig c{};
  c.doIBShareNorm = true;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.enVecND2NZ = isVecND2NZ;
  c.enUnitFlag = enUnitFlag;
  c.batchMode = bmmMode;
  c.enableReuse = true;
  c.enableUBReuse = true;
  c.enableDoubleCache = isDoubleCache;
  return c;
}

constexpr MatmulConfig CFG_NORM = GetNormalConfig();
constexpr MatmulConfig CFG_MDL = GetMDLConfig();
constexpr MatmulConfig MM_CFG_BB = GetBasicConfig(128, 128, 128);
constexpr MatmulConfig CFG_IBSHARE_NORM = GetIBShareNormConfig();

/// The config builder (include/adv_api/matmul/matmul_config.h, tiling.h):
/// a template chosen by MatmulConfigMode, then each parameter struct's
/// fields, in the order given (GetMMConfigImpl,
/// impl/adv_api/detail/matmul/utils/matmul_config_impl.h). The fields it
/// sets are refused or modelled as the config's own.
enum class MatmulConfigMode {
  CONFIG_NORM,
  CONFIG_MDL,
  CONFIG_SPECIALMDL,
  CONFIG_IBSHARE
};

struct MatmulShapeParams {
  uint32_t singleCoreM;
  uint32_t singleCoreN;
  uint32_t singleCoreK;
  uint32_t basicM;
  uint32_t basicN;
  uint32_t basicK;
};

struct MatmulQuantParams {
  bool isPerTensor;
  bool hasAntiQuantOffset;
};

struct MatmulBatchParams {
  bool isNBatch;
  BatchMode batchMode;
  bool isBiasBatch = true;
  BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH;
};

struct MatmulFuncParams {
  bool intrinsicsCheck;
  bool enVecND2NZ;
  bool enableDoubleCache;
  bool enableL1CacheUB;
  uint32_t doMTE2Preload;
  IterateOrder iterateOrder;
  ScheduleType scheduleType;
  bool enableReuse = true;
  bool enableUBReuse;
  bool isPartialOutput = false;
  bool isA2B2Shared = false;
  bool isEnableChannelSplit = false;
  bool enableKdimReorderLoad = false;
  bool enableL1BankConflictOptimise = false;
  bool enableRelu = false;
  DecompressionMode decompMode = DecompressionMode::DECOMP_NONE;
};

struct MatmulBiasParams {
  bool enableSetBias = true;
};

namespace asc_run::matmul {
constexpr void applyConfigParams(MatmulConfig &) {}
template <class Arg, class... Args>
constexpr void applyConfigParams(MatmulConfig &c, const Arg &arg,
                                 const Args &...args) {
  using T = std::decay_t<Arg>;
  if constexpr (std::is_same_v<T, MatmulShapeParams>) {
    c.singleCoreM = arg.singleCoreM;
    c.singleCoreN = arg.singleCoreN;
    c.singleCoreK = arg.singleCoreK;
    c.basicM = arg.basicM;
    c.basicN = arg.basicN;
    c.basicK = arg.basicK;
  } else if constexpr (std::is_same_v<T, MatmulQuantParams>) {
    c.isPerTensor = arg.isPerTensor;
    c.hasAntiQuantOffset = arg.hasAntiQuantOffset;
  } else if constexpr (std::is_same_v<T, MatmulBatchParams>) {
    c.isNBatch = arg.isNBatch;
    c.batchMode = arg.batchMode;
    c.isBiasBatch = arg.isBiasBatch;
    c.bmmOutMode = arg.bmmOutMode;
  } else if constexpr (std::is_same_v<T, MatmulFuncParams>) {
    c.intrinsicsCheck = arg.intrinsicsCheck;
    c.enVecND2NZ = arg.enVecND2NZ;
    c.enableDoubleCache = arg.enableDoubleCache;
    c.enableL1CacheUB = arg.enableL1CacheUB;
    c.doMTE2Preload = arg.doMTE2Preload;
    c.iterateOrder = arg.iterateOrder;
    c.scheduleType = arg.scheduleType;
    c.enableReuse = arg.enableReuse;
    c.enableUBReuse = arg.enableUBReuse;
    c.isPartialOutput = arg.isPartialOutput;
    c.isA2B2Shared = arg.isA2B2Shared;
    c.isEnableChannelSplit = arg.isEnableChannelSplit;
    c.enableKdimReorderLoad = arg.enableKdimReorderLoad;
    c.enableL1BankConflictOptimise = arg.enableL1BankConflictOptimise;
    c.enableRelu = arg.enableRelu;
    c.decompMode = arg.decompMode;
  } else if constexpr (std::is_same_v<T, MatmulBiasParams>) {
    c.enableSetBias = arg.enableSetBias;
  } else {
    static_assert(sizeof(T) == 0,
                  "GetMMConfig takes MatmulShapeParams, MatmulQuantParams, "
                  "MatmulBatchParams, MatmulFuncParams or MatmulBiasParams");
  }
  applyConfigParams(c, args...);
}
} // namespace asc_run::matmul

template <MatmulConfigMode configMode, typename... ArgTypes>
constexpr MatmulConfig GetMMConfig(ArgTypes &&...args) {
  MatmulConfig c = CFG_NORM;
  if constexpr (configMode == MatmulConfigMode::CONFIG_MDL)
    c = CFG_MDL;
  else if constexpr (configMode == MatmulConfigMode::CONFIG_SPECIALMDL)
    c = GetSpecialMDLConfig();
  else if constexpr (configMode == MatmulConfigMode::CONFIG_IBSHARE)
    c = CFG_IBSHARE_NORM;
  asc_run::matmul::applyConfigParams(c, args...);
  return c;
}

/// CANN's constant tiling (include/adv_api/matmul/tiling.h): every field
/// -1 (not constant) and the config. A Matmul's MM_CFG may be one; each
/// field that is not -1 overrides the runtime tiling's
/// (impl/adv_api/tiling/matmul/matmul_constant_tiling_struct.h,
/// MatmulTiling<TILING>::GetBaseM() and its siblings), and without a
/// runtime tiling (REGIST_MATMUL_OBJ(..., nullptr)) they are the whole
/// tiling.
struct MatmulApiStaticTiling {
  int32_t usedCoreNum = -1, M = -1, N = -1, Ka = -1, Kb = -1;
  int32_t singleCoreM = -1, singleCoreN = -1, singleCoreK = -1;
  int32_t baseM = -1, baseN = -1, baseK = -1;
  int32_t depthA1 = -1, depthB1 = -1, stepM = -1, stepN = -1, isBias = -1;
  int32_t transLength = -1, iterateOrder = -1, shareMode = -1;
  int32_t shareL1Size = -1, shareL0CSize = -1, shareUbSize = -1;
  int32_t stepKa = -1, stepKb = -1, depthAL1CacheUB = -1, depthBL1CacheUB = -1;
  int32_t dbL0A = -1, dbL0B = -1, dbL0C = -1;
  int32_t ALayoutInfoB = -1, ALayoutInfoS = -1, ALayoutInfoN = -1,
          ALayoutInfoG = -1, ALayoutInfoD = -1;
  int32_t BLayoutInfoB = -1, BLayoutInfoS = -1, BLayoutInfoN = -1,
          BLayoutInfoG = -1, BLayoutInfoD = -1;
  int32_t CLayoutInfoB = -1, CLayoutInfoS1 = -1, CLayoutInfoN = -1,
          CLayoutInfoG = -1, CLayoutInfoS2 = -1;
  int32_t BatchNum = -1, mxTypePara = -1;
  MatmulConfig cfg = CFG_NORM;
  /// asc-run: GetMatmulApiTiling left CANN's L1 factors (steps, depths,
  /// iterateOrder, the L0 double buffers) at -1 where CANN computes them.
  bool ascRunL1FactorsUncomputed = false;
};

/// GetMatmulApiTiling<A, B, C, BIAS>(cfg, l1Size)
/// (include/adv_api/matmul/constant_tiling.h), in namespace AscendC as CANN
/// declares it. Without the config's constant single-core shape
/// (singleCoreM/N/K, all set) the result is the config, with basicM/N/K
/// (all set) its base block and enableSetBias its isBias. With the shape,
/// as CANN: M, N, Ka, Kb and singleCoreM/N/K are the shape, baseM/N/K the
/// basic block, isBias enableSetBias, dbL0C 1. CANN's L1 factors (GetL1Factor:
/// stepM/N, stepKa/Kb, depthA1/B1, iterateOrder, dbL0A/B) are not computed
/// here; they choose CANN's schedule, not C, except iterateOrder, the order
/// Iterate hands out blocks in: asc-run refuses Iterate by name while it
/// is left uncomputed (a kernel may set it, as it sets the steps).
namespace AscendC {
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE>
constexpr MatmulApiStaticTiling GetMatmulApiTiling(const MatmulConfig &mmCFG,
                                                   int32_t l1Size = 512 * 1024 -
                                                                    128) {
  (void)l1Size;
  MatmulApiStaticTiling tiling;
  tiling.cfg = mmCFG;
  bool basic = mmCFG.basicM != 0 && mmCFG.basicN != 0 && mmCFG.basicK != 0;
  if (mmCFG.singleCoreM == 0 || mmCFG.singleCoreN == 0 ||
      mmCFG.singleCoreK == 0) {
    if (basic) {
      tiling.baseM = int32_t(mmCFG.basicM);
      tiling.baseN = int32_t(mmCFG.basicN);
      tiling.baseK = int32_t(mmCFG.basicK);
      tiling.isBias = mmCFG.enableSetBias;
      tiling.ascRunL1FactorsUncomputed = true; // CANN's dbL0A/B
    }
    return tiling;
  }
  tiling.M = tiling.singleCoreM = int32_t(mmCFG.singleCoreM);
  tiling.N = tiling.singleCoreN = int32_t(mmCFG.singleCoreN);
  tiling.Ka = tiling.Kb = tiling.singleCoreK = int32_t(mmCFG.singleCoreK);
  tiling.baseM = int32_t(mmCFG.basicM);
  tiling.baseN = int32_t(mmCFG.basicN);
  tiling.baseK = int32_t(mmCFG.basicK);
  tiling.isBias = mmCFG.enableSetBias;
  tiling.dbL0C = 1;
  tiling.shareMode = 0;
  tiling.shareUbSize = 0;
  tiling.ascRunL1FactorsUncomputed = true;
  return tiling;
}
} // namespace AscendC

namespace asc_run::matmul {
/// The MatmulConfig of a Matmul's MM_CFG: itself, or a static tiling's.
constexpr MatmulConfig configOf(const MatmulConfig &c) { return c; }
constexpr MatmulConfig configOf(const MatmulApiStaticTiling &t) {
  return t.cfg;
}

/// The first constant field of a MM_CFG, which asc-run does not model
/// (nullptr: none; a MatmulConfig has none of its own).
constexpr const char *unmodelledStaticTilingField(const MatmulConfig &) {
  return nullptr;
}
constexpr const char *
unmodelledStaticTilingField(const MatmulApiStaticTiling &t) {
  // The constant fields are modelled (they override the runtime tiling);
  // what is left is a half-computed tiling: a constant single-core shape
  // without a base block.
  if (t.singleCoreM != -1 && (t.baseM <= 0 || t.baseN <= 0 || t.baseK <= 0))
    return "MatmulApiStaticTiling::singleCoreM/N/K without baseM/N/K";
  return nullptr;
}
/// The config a static tiling's refusals look at: its constant shapes
/// (singleCoreM/N/K, basicM/N/K), which GetMatmulApiTiling turned into the
/// tiling's fields, are modelled there.
constexpr MatmulConfig refusableConfigOf(const MatmulConfig &c) { return c; }
constexpr MatmulConfig refusableConfigOf(const MatmulApiStaticTiling &t) {
  MatmulConfig c = t.cfg;
  if (t.singleCoreM == int32_t(c.singleCoreM) &&
      t.singleCoreN == int32_t(c.singleCoreN) &&
      t.singleCoreK == int32_t(c.singleCoreK))
    c.singleCoreM = c.singleCoreN = c.singleCoreK = 0;
  if (t.baseM == int32_t(c.basicM) && t.baseN == int32_t(c.basicN) &&
      t.baseK == int32_t(c.basicK))
    c.basicM = c.basicN = c.basicK = 0;
  return c;
}
} // namespace asc_run::matmul

#endif // ASC_RUN_MATMUL_CONFIG_H
