//===- config.h - The Matmul configuration ----------------------*- C++ -*-===//
//
// The configuration types of the Matmul API at global scope, as in CANN's
// matmul_config.h and tiling.h: CubeFormat, LayoutMode and the other enums,
// MatmulConfig with every field and its default, GetNormalConfig,
// GetMDLConfig, CFG_NORM and CFG_MDL.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_MATMUL_CONFIG_H
#define ASC_RUN_MATMUL_CONFIG_H

#include <cstdint>

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
  if (c.doIBShareNorm)
    return "MatmulConfig::doIBShareNorm = true (IBShare)";
  if (!c.enableInit)
    return "MatmulConfig::enableInit = false";
  if (!c.enableEnd)
    return "MatmulConfig::enableEnd = false";
  if (!c.enableSetOrgShape)
    return "MatmulConfig::enableSetOrgShape = false";
  if (c.intraBlockPartSum)
    return "MatmulConfig::intraBlockPartSum = true";
  if (c.iterateOrder != IterateOrder::UNDEF)
    return "MatmulConfig::iterateOrder other than UNDEF";
  if (c.scheduleType != ScheduleType::INNER_PRODUCT)
    return "MatmulConfig::scheduleType = OUTER_PRODUCT";
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

constexpr MatmulConfig CFG_NORM = GetNormalConfig();
constexpr MatmulConfig CFG_MDL = GetMDLConfig();

#endif // ASC_RUN_MATMUL_CONFIG_H
