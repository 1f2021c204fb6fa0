//===- matmul_intf.h - Ascend C Matmul high-level API on the CPU -*- C++
//-*-===//
//
// asc-run's emulation of the Matmul API under the real header's name. Without
// ASCENDC_CUBE_ONLY a kernel is a mix kernel: `Matmul` is the vector core's
// client object and REGIST_MATMUL_OBJ declares the client's locals (on the
// cube core it serves the client and returns). With ASCENDC_CUBE_ONLY defined
// before this header, `Matmul` is the cube-side object and REGIST_MATMUL_OBJ
// initialises the objects (and returns on the vector core).
//
// Asynchrony: an asynchronous issue computes its result at once into a private
// buffer and publishes it at its wait (IterateAll/IterateBatch without the wait
// flag: at End(); IterateNBatch without it: loop by loop, at the
// GetBatchTensorC that waits for the loop). Until then the checker holds its
// output as pending and its inputs (A, B, bias, scales, workspace) as in
// flight.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_LIB_MATMUL_INTF_H
#define ASC_RUN_LIB_MATMUL_INTF_H

#include "kernel_operator.h"
#include "kernel_tiling/kernel_tiling.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <memory>
#include <tuple>
#include <vector>

//===----------------------------------------------------------------------===//
// Configuration (global scope, as in CANN's matmul_config.h and tiling.h)
//===----------------------------------------------------------------------===//

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

constexpr MatmulConfig CFG_NORM = GetNormalConfig();
constexpr MatmulConfig CFG_MDL = GetMDLConfig();

namespace AscendC {

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

namespace detail {

/// The accumulator of the cube: int32 for int8 inputs, float otherwise.
template <typename T>
using Acc = std::conditional_t<std::is_same_v<T, int8_t>, int32_t, float>;

/// Converts an accumulator value to the output type (saturating for int8).
template <typename D, typename A> D toOutput(A value) {
  if constexpr (std::is_same_v<D, int8_t>)
    return static_cast<int8_t>(std::clamp<int64_t>(
        static_cast<int64_t>(std::lrint(value)), -128, 127));
  else if constexpr (std::is_integral_v<D>)
    return static_cast<D>(value);
  else
    return D(static_cast<float>(value));
}

/// Combines a result with what is in memory (enAtomic: 1 add, 2 max, 3 min).
template <typename D> D combine(D old, D value, uint8_t atomic) {
  using W = std::conditional_t<std::is_integral_v<D>, int64_t, float>;
  W o = W(old), v = W(value);
  switch (atomic) {
  case 1:
    return toOutput<D>(o + v);
  case 2:
    return toOutput<D>(std::max(o, v));
  case 3:
    return toOutput<D>(std::min(o, v));
  default:
    return value;
  }
}

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

} // namespace detail

/// The Matmul object: `CubeSide` is the cube core's MatmulImpl (a cube-only
/// kernel), otherwise the vector core's MatmulClient (a mix kernel).
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE,
          const auto &MM_CFG, bool CubeSide>
class MatmulModel {
  using SrcAT = typename A_TYPE::T;
  using SrcBT = typename B_TYPE::T;
  using DstT = typename C_TYPE::T;
  using BiasT = typename BIAS_TYPE::T;
  using AccT = detail::Acc<SrcAT>;
  using Loc = asc_run::Loc;
  using Footprint = asc_run::Footprint;

  static_assert(std::is_same_v<SrcAT, SrcBT> || (std::is_same_v<SrcAT, half> &&
                                                 std::is_same_v<SrcBT, int8_t>),
                "A and B of a Matmul have one element type (or half x int8)");
  /// asc-run computes ND and NZ A and B, and ND, ND_ALIGN and NZ C.
  static constexpr bool kModelledFormats =
      (A_TYPE::format == CubeFormat::ND || A_TYPE::format == CubeFormat::NZ) &&
      (B_TYPE::format == CubeFormat::ND || B_TYPE::format == CubeFormat::NZ) &&
      (C_TYPE::format == CubeFormat::ND ||
       C_TYPE::format == CubeFormat::ND_ALIGN ||
       C_TYPE::format == CubeFormat::NZ);
  static constexpr bool kNzA = A_TYPE::format == CubeFormat::NZ;
  static constexpr bool kNzB = B_TYPE::format == CubeFormat::NZ;
  static constexpr bool kNzC = C_TYPE::format == CubeFormat::NZ;
  /// The width of an NZ fractal (its height is 16): 32 bytes of A and B
  /// (C0: 16 halves, 32 int8, 8 floats); C's float/int32 fractal is 16 wide,
  /// 8 with isEnableChannelSplit (CANN's NZ alignment table).
  static constexpr uint64_t kC0A = 32 / sizeof(SrcAT);
  static constexpr uint64_t kC0B = 32 / sizeof(SrcBT);
  static constexpr uint64_t kC0C = sizeof(DstT) == 4
                                       ? (MM_CFG.isEnableChannelSplit ? 8 : 16)
                                       : 32 / sizeof(DstT);

public:
  MatmulModel() = default;
  MatmulModel(const MatmulModel &) = delete;
  MatmulModel &operator=(const MatmulModel &) = delete;

  /// asc-run: called by REGIST_MATMUL_OBJ.
  void ascRunRegister(int index) { index_ = index; }

  void Init(const TCubeTiling *__restrict cubeTiling, TPipe *tpipe = nullptr,
            Loc loc = Loc::current()) {
    (void)tpipe;
    checkIdle("Init", loc);
    if (!cubeTiling)
      asc_run::misuse(loc, "Init with a null TCubeTiling");
    tiling_ = *cubeTiling;
    initialised_ = true;
    orgM_ = tiling_.M;
    orgN_ = tiling_.N;
    orgKa_ = tiling_.Ka;
    orgKb_ = tiling_.Kb;
    singleM_ = tiling_.singleCoreM;
    singleN_ = tiling_.singleCoreN;
    singleK_ = tiling_.singleCoreK;
    ended_ = false;
  }

  void SetOrgShape(int orgM, int orgN, int orgK, Loc loc = Loc::current()) {
    SetOrgShape(orgM, orgN, orgK, orgK, 0, loc);
  }
  void SetOrgShape(int orgM, int orgN, int orgKa, int orgKb, int orgKc = 0,
                   Loc loc = Loc::current()) {
    (void)orgKc;
    checkIdle("SetOrgShape", loc);
    orgM_ = orgM;
    orgN_ = orgN;
    orgKa_ = orgKa;
    orgKb_ = orgKb;
  }
  void SetSingleShape(int singleM, int singleN, int singleK,
                      Loc loc = Loc::current()) {
    checkIdle("SetSingleShape", loc);
    singleM_ = singleM;
    singleN_ = singleN;
    singleK_ = singleK;
  }
  void SetTail(int tailM = -1, int tailN = -1, int tailK = -1,
               Loc loc = Loc::current()) {
    checkIdle("SetTail", loc);
    if (tailM != -1)
      singleM_ = tailM;
    if (tailN != -1)
      singleN_ = tailN;
    if (tailK != -1)
      singleK_ = tailK;
  }

  void SetTensorA(const GlobalTensor<SrcAT> &gm, bool isTransposeA = false,
                  Loc loc = Loc::current()) {
    setOperand("SetTensorA", loc, a_, transA_, broadcastA_, gm.GetPhyAddr(),
               isTransposeA);
  }
  void SetTensorA(const LocalTensor<SrcAT> &leftMatrix,
                  bool isTransposeA = false, Loc loc = Loc::current()) {
    setOperand("SetTensorA", loc, a_, transA_, broadcastA_,
               leftMatrix.GetPhyAddr(), isTransposeA);
  }
  /// A scalar A: every element of the left matrix is `aScalar`.
  void SetTensorA(SrcAT aScalar, Loc loc = Loc::current()) {
    scalarA_ = aScalar;
    setOperand("SetTensorA", loc, a_, transA_, broadcastA_, &scalarA_, false,
               /*broadcast=*/true);
  }
  void SetTensorB(const GlobalTensor<SrcBT> &gm, bool isTransposeB = false,
                  Loc loc = Loc::current()) {
    setOperand("SetTensorB", loc, b_, transB_, broadcastB_, gm.GetPhyAddr(),
               isTransposeB);
  }
  void SetTensorB(const LocalTensor<SrcBT> &rightMatrix,
                  bool isTransposeB = false, Loc loc = Loc::current()) {
    setOperand("SetTensorB", loc, b_, transB_, broadcastB_,
               rightMatrix.GetPhyAddr(), isTransposeB);
  }
  /// A scalar B: every element of the right matrix is `bScalar`.
  void SetTensorB(SrcBT bScalar, Loc loc = Loc::current()) {
    scalarB_ = bScalar;
    setOperand("SetTensorB", loc, b_, transB_, broadcastB_, &scalarB_, false,
               /*broadcast=*/true);
  }
  void SetBias(const GlobalTensor<BiasT> &biasGlobal,
               Loc loc = Loc::current()) {
    checkIdle("SetBias", loc);
    bias_ = biasGlobal.GetPhyAddr();
  }
  void SetBias(const LocalTensor<BiasT> &inputBias, Loc loc = Loc::current()) {
    checkIdle("SetBias", loc);
    bias_ = inputBias.GetPhyAddr();
  }
  void DisableBias(Loc loc = Loc::current()) {
    checkIdle("DisableBias", loc);
    bias_ = nullptr;
  }
  void SetQuantScalar(const uint64_t quantScalar, Loc loc = Loc::current()) {
    checkIdle("SetQuantScalar", loc);
    quantScalar_ = asc_run::bitsFloat(static_cast<uint32_t>(quantScalar));
    quantVector_ = nullptr;
    quant_ = true;
  }
  void SetQuantVector(const GlobalTensor<uint64_t> &quantTensor,
                      Loc loc = Loc::current()) {
    checkIdle("SetQuantVector", loc);
    quantVector_ = quantTensor.GetPhyAddr();
    quant_ = true;
  }
  template <class T>
  void SetWorkspace(__gm__ const T *addr, int size, Loc loc = Loc::current()) {
    checkIdle("SetWorkspace", loc);
    workspace_ = reinterpret_cast<const uint8_t *>(addr);
    workspaceBytes_ = static_cast<uint64_t>(size) * sizeof(T);
  }
  template <class T>
  void SetWorkspace(GlobalTensor<T> &addr, Loc loc = Loc::current()) {
    checkIdle("SetWorkspace", loc);
    workspace_ = reinterpret_cast<const uint8_t *>(addr.GetPhyAddr());
    workspaceBytes_ = addr.GetSize() * sizeof(T);
  }
  /// HF32 mode rounds fp32 inputs to 19 bits on the device; asc-run keeps
  /// fp32 (docs/Runtime.md).
  void SetHF32(bool enableHF32 = false, int32_t transMode = 0) {
    (void)enableHF32;
    (void)transMode;
  }
  void SetBatchNum(int32_t batchA, int32_t batchB, Loc loc = Loc::current()) {
    static_assert(CubeSide, "SetBatchNum exists only on the cube-side Matmul "
                            "object: define ASCENDC_CUBE_ONLY");
    checkIdle("SetBatchNum", loc);
    batchA_ = batchA;
    batchB_ = batchB;
  }

  //===--------------------------------------------------------------------===//
  // Block by block: Iterate + GetTensorC
  //===--------------------------------------------------------------------===//

  /// The next baseM x baseN block into CO1 (with enPartialSum added to what
  /// CO1 holds), fetched with GetTensorC. The async form computes every
  /// block into the workspace at the first call, as CANN's server does.
  template <bool sync = true>
  bool Iterate(bool enPartialSum = false, Loc loc = Loc::current()) {
    static_assert(!ToConfig().enableMixDualMaster,
                  "Iterate not support when enableMixDualMaster is enabled.");
    const char *name = sync ? "Iterate<true>" : "Iterate<false>";
    checkIssue(name, loc, false);
    if (!iterating_) {
      iterating_ = true;
      round_ = 0;
      blocksM_ = ceilDiv(singleM_, baseM());
      blocksN_ = ceilDiv(singleN_, baseN());
      if constexpr (!sync) {
        if (!workspace_)
          asc_run::misuse(loc, "Iterate<false> needs SetWorkspace first (the "
                               "blocks are left in the workspace)");
        startBackground(loc, enPartialSum);
      }
    } else if (++round_ >= blocksM_ * blocksN_) {
      iterating_ = false;
      if (background_)
        background_->inputs.parts.clear(); // the cube has read A and B
      return false;
    }
    syncIter_ = sync;
    blockFetched_ = false;
    if constexpr (sync) {
      asc_run::Pending reads;
      addInputs(reads, 1);
      asc_run::checkAccess(name, loc, reads.inputs, false);
      computeBlock(round_, block_, enPartialSum, loc, name);
      double done = asc_run::state().timeline.cubeWork(blockCycles());
      asc_run::state().timeline.stallUntil(done);
    }
    asc_run::state().timeline.vectorWork(asc_run::costTable().scalarOp);
    return true;
  }

  /// The next block into a CO1 tensor the kernel allocated (NZ, float or
  /// int32; with enPartialSum added to what the tensor holds). Only the
  /// cube-side object computes it: CANN's MatmulClient::Iterate(enPartialSum,
  /// localCmatrix) returns false and posts nothing.
  template <bool sync = true, typename T>
  bool Iterate(bool enPartialSum, const LocalTensor<T> &localCmatrix,
               Loc loc = Loc::current()) {
    if constexpr (!CubeSide) {
      asc_run::unused(enPartialSum, localCmatrix, loc);
      return false;
    } else {
      static_assert(C_TYPE::pos == TPosition::CO1 &&
                        C_TYPE::format == CubeFormat::NZ &&
                        (std::is_same_v<T, float> ||
                         std::is_same_v<T, int32_t>)&&std::is_same_v<T, DstT>,
                    "Iterate into a CO1 tensor needs C in TPosition::CO1, "
                    "CubeFormat::NZ, float or int32_t");
      const char *name = "Iterate (CO1 tensor)";
      checkIssue(name, loc, false);
      if (!iterating_) {
        iterating_ = true;
        round_ = 0;
        blocksM_ = ceilDiv(singleM_, baseM());
        blocksN_ = ceilDiv(singleN_, baseN());
      } else if (++round_ >= blocksM_ * blocksN_) {
        iterating_ = false;
        return false;
      }
      syncIter_ = true;
      accumulateIntoCo1Tensor(localCmatrix, enPartialSum, loc, name);
      return true;
    }
  }

  // Where the current block goes: with enSequentialWrite the block alone,
  // baseM x baseN; otherwise its place in C (GM, row stride orgN) or in a
  // singleCoreM x singleCoreN matrix (UB).
  template <bool sync = true, bool doPad = false>
  void GetTensorC(const LocalTensor<DstT> &c, uint8_t enAtomic = 0,
                  bool enSequentialWrite = false, uint32_t height = 0,
                  uint32_t width = 0, uint32_t srcGap = 0, uint32_t dstGap = 0,
                  Loc loc = Loc::current()) {
    asc_run::unused(height, width, srcGap, dstGap);
    uint32_t stride = kNzC ? (enSequentialWrite ? baseM() : singleM_)
                           : (enSequentialWrite ? baseN() : singleN_);
    getBlock<sync>(blockPlace(c.GetPhyAddr(), stride, enSequentialWrite),
                   stride, enAtomic, loc, "GetTensorC");
  }
  template <bool sync = true>
  void GetTensorC(const GlobalTensor<DstT> &gm, uint8_t enAtomic = 0,
                  bool enSequentialWrite = false, Loc loc = Loc::current()) {
    uint32_t stride = gmStride(enSequentialWrite);
    getBlock<sync>(blockPlace(gm.GetPhyAddr(), stride, enSequentialWrite),
                   stride, enAtomic, loc, "GetTensorC");
  }
  /// The block to GM and to a local tensor at once; both are pending.
  template <bool sync = true>
  void GetTensorC(const GlobalTensor<DstT> &gm, const LocalTensor<DstT> &cLocal,
                  uint8_t enAtomic = 0, bool enSequentialWrite = false,
                  Loc loc = Loc::current()) {
    uint32_t stride = gmStride(enSequentialWrite);
    uint32_t localStride = kNzC ? (enSequentialWrite ? baseM() : singleM_)
                                : (enSequentialWrite ? baseN() : singleN_);
    getBlock<sync>(
        blockPlace(gm.GetPhyAddr(), stride, enSequentialWrite), stride,
        enAtomic, loc, "GetTensorC",
        blockPlace(cLocal.GetPhyAddr(), localStride, enSequentialWrite),
        localStride);
  }
  /// The older asynchronous fetch of the current block into UB.
  template <bool S = CubeSide, std::enable_if_t<!S, int> = 0>
  void AsyncGetTensorC(const LocalTensor<DstT> &c, Loc loc = Loc::current()) {
    getBlock<false>(c.GetPhyAddr(), kNzC ? baseM() : baseN(), 0, loc,
                    "AsyncGetTensorC");
  }
  template <bool sync = true, bool S = CubeSide, std::enable_if_t<!S, int> = 0>
  GlobalTensor<DstT> GetTensorC(uint8_t enAtomic = 0,
                                bool enSequentialWrite = false,
                                Loc loc = Loc::current()) {
    static_assert(!sync,
                  "GetTensorC without a destination is asynchronous only");
    static_assert(
        !ToConfig().enableMixDualMaster,
        "GetTensorC not support when enableMixDualMaster is enabled.");
    static_assert(
        ToConfig().enableGetTensorC,
        "GetTensorC is not support when enableGetTensorC is disabled");
    (void)enAtomic;
    (void)enSequentialWrite;
    checkFetch(false, loc, "GetTensorC<false>");
    if (!background_)
      asc_run::misuse(
          loc, "GetTensorC<false>() needs an Iterate<false> with a workspace");
    GlobalTensor<DstT> view;
    view.SetGlobalBuffer(
        reinterpret_cast<DstT *>(const_cast<uint8_t *>(workspace_)) +
            uint64_t(round_) * baseM() * baseN(),
        uint64_t(baseM()) * baseN());
    // The view's block leaves the background computation's output: it is
    // pending until WaitGetTensorC, then the vector core reads it.
    uint64_t bytes = uint64_t(baseM()) * baseN() * sizeof(DstT);
    background_->outputs.subtract(view.GetPhyAddr(), bytes);
    auto p = newPending("GetTensorC<false>", loc, "WaitGetTensorC");
    p->outputs.add(view.GetPhyAddr(), bytes, "C");
    p->done = blockDone(round_);
    addPending(std::move(p));
    return view;
  }
  template <bool S = CubeSide, std::enable_if_t<!S, int> = 0>
  void WaitGetTensorC(Loc loc = Loc::current()) {
    wait("WaitGetTensorC", loc);
  }

  //===--------------------------------------------------------------------===//
  // The whole block: IterateAll
  //===--------------------------------------------------------------------===//

  template <bool sync = true>
  void IterateAll(const GlobalTensor<DstT> &gm, uint8_t enAtomic = 0,
                  bool enSequentialWrite = false, bool waitIterateAll = false,
                  bool fakeMsg = false, Loc loc = Loc::current()) {
    (void)fakeMsg;
    const char *name = sync ? "IterateAll<true>" : "IterateAll<false>";
    checkIssue(name, loc, true);
    if (kNzC && enSequentialWrite && baseN() % kC0C != 0)
      asc_run::misuse(loc,
                      std::string(name) +
                          " with enSequentialWrite of an NZ C needs baseN (" +
                          std::to_string(baseN()) +
                          ") in multiples of the fractal width " +
                          std::to_string(kC0C));
    if (sync && waitIterateAll)
      asc_run::misuse(loc, "IterateAll<true> with waitIterateAll");
    auto p = newPending(name, loc,
                        (!sync && waitIterateAll) ? "WaitIterateAll" : "");
    addInputs(*p, 1);
    asc_run::checkAccess(p->call, loc, p->inputs, false);
    std::vector<AccT> result;
    computeAll(result, false, loc, name);
    // Element (i, j) of the single shape goes to its place in C (row stride
    // orgN), or with enSequentialWrite to its base block's slot: the blocks
    // one after the other in iteration order, baseM x baseN each (an NZ C's
    // block an NZ matrix of baseM rows).
    std::vector<uint64_t> places(result.size());
    int rows = singleM_, cols = singleN_;
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j)
        places[uint64_t(i) * cols + j] =
            enSequentialWrite ? sequentialPlace(i, j)
            : kNzC            ? storedPlace(true, kC0C, orgM_, i, j)
                              : uint64_t(i) * orgN_ + j;
    DstT *dst = gm.GetPhyAddr();
    for (uint64_t place : places)
      p->outputs.add(dst + place, sizeof(DstT), "C");
    p->outputs.atomic = enAtomic != 0;
    p->publish = [dst, enAtomic, places = std::move(places),
                  result = std::move(result)]() {
      for (size_t e = 0; e < result.size(); ++e) {
        DstT &d = dst[places[e]];
        d = detail::combine(d, detail::toOutput<DstT>(result[e]), enAtomic);
      }
    };
    p->done = asc_run::state().timeline.cubeWork(allCycles(1));
    finishIssue(std::move(p), sync, loc);
  }
  template <bool sync = true>
  void IterateAll(const LocalTensor<DstT> &ubCmatrix, uint8_t enAtomic = 0,
                  Loc loc = Loc::current()) {
    (void)ubCmatrix;
    (void)enAtomic;
    asc_run::misuse(loc, "IterateAll into a local tensor (A1/B1 positions) is "
                         "not modelled by asc-run");
  }
  /// The waits exist on the vector core's client only (CANN's cube-side
  /// MatmulImpl has none on Atlas A2).
  template <bool S = CubeSide, std::enable_if_t<!S, int> = 0>
  void WaitIterateAll(Loc loc = Loc::current()) {
    wait("WaitIterateAll", loc);
  }

  //===--------------------------------------------------------------------===//
  // Batches: IterateBatch (NORMAL layout), IterateNBatch
  //===--------------------------------------------------------------------===//

  template <bool sync = true, bool waitIterateBatch = false, bool S = CubeSide,
            std::enable_if_t<!S, int> = 0>
  void IterateBatch(const GlobalTensor<DstT> &gm, uint32_t batchA,
                    uint32_t batchB, bool enSequentialWrite,
                    const uint32_t matrixStrideA = 0,
                    const uint32_t matrixStrideB = 0,
                    const uint32_t matrixStrideC = 0,
                    const bool enPartialSum = false, const uint8_t enAtomic = 0,
                    Loc loc = Loc::current()) {
    asc_run::unused(enSequentialWrite);
    uint64_t strideC = matrixStrideC ? matrixStrideC : uint64_t(orgM_) * orgN_;
    iterateBatch(sync ? "IterateBatch<true>" : "IterateBatch<false>", sync,
                 (!sync && waitIterateBatch) ? "WaitIterateBatch" : "",
                 gm.GetPhyAddr(), orgN_, orgM_, strideC, batchA, batchB,
                 matrixStrideA, matrixStrideB, enPartialSum, enAtomic, loc);
  }
  /// Batches into a local tensor, one singleCoreM x singleCoreN matrix after
  /// the other (synchronous only).
  template <bool sync = true, bool S = CubeSide, std::enable_if_t<!S, int> = 0>
  void IterateBatch(const LocalTensor<DstT> &ubCmatrix, uint32_t batchA,
                    uint32_t batchB, bool enSequentialWrite,
                    const uint32_t matrixStrideA = 0,
                    const uint32_t matrixStrideB = 0,
                    const uint32_t matrixStrideC = 0,
                    const bool enPartialSum = false, const uint8_t enAtomic = 0,
                    Loc loc = Loc::current()) {
    asc_run::unused(enSequentialWrite, matrixStrideC);
    if (!sync)
      asc_run::misuse(loc,
                      "IterateBatch into a local tensor is synchronous only");
    iterateBatch("IterateBatch<true>", true, "", ubCmatrix.GetPhyAddr(),
                 singleN_, singleM_, uint64_t(singleM_) * singleN_, batchA,
                 batchB, matrixStrideA, matrixStrideB, enPartialSum, enAtomic,
                 loc);
  }

  /// The cube-side object's IterateBatch (a cube-only kernel): the batch
  /// counts come from SetBatchNum; synchronous.
  template <bool S = CubeSide, std::enable_if_t<S, int> = 0>
  void IterateBatch(const GlobalTensor<DstT> &gm, bool enPartialSum,
                    uint8_t enAtomic, bool enSequentialWrite,
                    const uint32_t matrixStrideA = 0,
                    const uint32_t matrixStrideB = 0,
                    const uint32_t matrixStrideC = 0,
                    Loc loc = Loc::current()) {
    asc_run::unused(enSequentialWrite);
    uint64_t strideC = matrixStrideC ? matrixStrideC : uint64_t(orgM_) * orgN_;
    iterateBatch("IterateBatch", true, "", gm.GetPhyAddr(), orgN_, orgM_,
                 strideC, batchA_, batchB_, matrixStrideA, matrixStrideB,
                 enPartialSum, enAtomic, loc);
  }
  template <bool S = CubeSide, std::enable_if_t<S, int> = 0>
  void IterateBatch(const LocalTensor<DstT> &ubCmatrix, bool enPartialSum,
                    uint8_t enAtomic, bool enSequentialWrite,
                    const uint32_t matrixStrideA = 0,
                    const uint32_t matrixStrideB = 0,
                    const uint32_t matrixStrideC = 0,
                    Loc loc = Loc::current()) {
    asc_run::unused(enSequentialWrite, matrixStrideC);
    iterateBatch("IterateBatch", true, "", ubCmatrix.GetPhyAddr(), singleN_,
                 singleM_, uint64_t(singleM_) * singleN_, batchA_, batchB_,
                 matrixStrideA, matrixStrideB, enPartialSum, enAtomic, loc);
  }

  /// batchLoop IterateBatch calls of max(batchA, batchB) batches each, into
  /// the workspace (SetWorkspace): loop l takes the batches l * batchA ... of
  /// A, B (their batch layouts: BSNGD, SBNGD, BNGS1S2) and writes C's batches
  /// at their places in C's layout, as CANN's server does
  /// (CalcNBatchoffset). Published at once (sync), at WaitIterateBatch
  /// (waitIterateBatch), else at End().
  template <bool sync = true, bool waitIterateBatch = false, bool S = CubeSide,
            std::enable_if_t<!S, int> = 0>
  void IterateNBatch(const uint32_t batchLoop, uint32_t batchA, uint32_t batchB,
                     bool enSequentialWrite, const uint32_t matrixStrideA = 0,
                     const uint32_t matrixStrideB = 0,
                     const uint32_t matrixStrideC = 0,
                     const bool enPartialSum = false,
                     const uint8_t enAtomic = 0, Loc loc = Loc::current()) {
    static_assert(!ToConfig().enableMixDualMaster,
                  "IterateNBatch not support when enableMixDualMaster is "
                  "enabled.");
    static_assert(A_TYPE::layout != LayoutMode::NONE &&
                      B_TYPE::layout != LayoutMode::NONE &&
                      A_TYPE::layout != LayoutMode::NORMAL &&
                      B_TYPE::layout != LayoutMode::NORMAL &&
                      C_TYPE::layout != LayoutMode::NORMAL,
                  "BMM does not support the layout being NONE or NORMAL");
    asc_run::unused(enSequentialWrite);
    if constexpr (!ToConfig().isNBatch) {
      // The real client posts nothing without isNBatch.
      asc_run::unused(batchLoop, batchA, batchB, matrixStrideA, matrixStrideB,
                      matrixStrideC, enPartialSum, enAtomic, loc);
      return;
    }
    const char *name = sync ? "IterateNBatch<true>" : "IterateNBatch<false>";
    checkIssue(name, loc, true);
    if (kNzA || kNzB || kNzC)
      asc_run::misuse(loc,
                      std::string(name) +
                          " with an NZ operand is not modelled by asc-run");
    checkNBatchArgs(name, batchLoop, batchA, batchB, matrixStrideC, loc);
    // Per loop max(batchA, batchB) products; with C's G axis 1 and A's or
    // B's not (CANN's isReduceG), each group of G products is added into one
    // C batch (SetAtomicAdd in GetBatchResult), so a loop has fewer C batches.
    uint32_t products = std::max(batchA, batchB);
    uint32_t reduceG = reduceGNum();
    if (products % reduceG != 0)
      asc_run::misuse(loc, std::string(name) + " reduces G groups of " +
                               std::to_string(reduceG) + " but computes " +
                               std::to_string(products) + " batches a loop");
    uint32_t batchC = products / reduceG;
    detail::LayoutAxes ax = axesA(), bx = axesB(), cx = axesC();
    // Without the wait flag CANN's server signals the client after each loop
    // and each GetBatchTensorC waits for its loop: one pending part a loop.
    bool perLoop = !sync && !waitIterateBatch;
    std::vector<std::unique_ptr<asc_run::Pending>> parts;
    for (uint32_t l = 0; l < (perLoop ? batchLoop : 1); ++l) {
      parts.push_back(newPending(
          name, loc, (!sync && waitIterateBatch) ? "WaitIterateBatch" : ""));
      if (perLoop)
        parts.back()->fetchedBy = "GetBatchTensorC";
    }
    uint64_t ldc = detail::layoutRowStride(C_TYPE::layout, cx);
    DstT *ws = reinterpret_cast<DstT *>(const_cast<uint8_t *>(workspace_));
    const SrcAT *a0 = a_;
    const SrcBT *b0 = b_;
    const BiasT *bias0 = bias_;
    ldA_ = detail::layoutRowStride(A_TYPE::layout, ax);
    ldB_ = detail::layoutRowStride(B_TYPE::layout, bx);
    uint64_t end = 0;
    uint8_t mode = reduceG > 1 ? 1 : enAtomic; // a G reduction adds
    std::vector<AccT> result;
    std::vector<uint64_t> cPlace;
    for (uint32_t l = 0; l < batchLoop; ++l) {
      asc_run::Pending &p = *parts[perLoop ? l : 0];
      for (uint32_t i = 0; i < products; ++i) {
        uint32_t aIdx = broadcastIndex(i, 'A', batchA, loc, name);
        uint32_t bIdx = broadcastIndex(i, 'B', batchB, loc, name);
        uint64_t tC = uint64_t(l) * batchC + i / reduceG;
        a_ =
            a0 + batchStart(A_TYPE::layout, ax, l, batchA, aIdx, matrixStrideA);
        b_ =
            b0 + batchStart(B_TYPE::layout, bx, l, batchB, bIdx, matrixStrideB);
        // One bias per C batch; a G group adds it with its first product
        // (CANN's StopBias after the first).
        bias_ = bias0 && i % reduceG == 0
                    ? bias0 + (ToConfig().isBiasBatch ? tC * singleN_ : 0)
                    : nullptr;
        addInputs(p, 1);
        std::vector<AccT> product;
        computeAll(product, enPartialSum, loc, name);
        result.insert(result.end(), product.begin(), product.end());
        uint64_t place = detail::layoutBatchOffset(C_TYPE::layout, cx, tC);
        cPlace.push_back(place);
        p.outputs.addRows(ws + place, singleM_,
                          uint64_t(singleN_) * sizeof(DstT), ldc * sizeof(DstT),
                          "C");
        end = std::max(end, (place + (singleM_ - 1) * ldc + singleN_) *
                                sizeof(DstT));
      }
      if (perLoop || l + 1 == batchLoop) {
        p.outputs.atomic = mode != 0;
        int rows = singleM_, cols = singleN_;
        p.publish = [ws, rows, cols, ldc, mode, cPlace = std::move(cPlace),
                     result = std::move(result)]() {
          for (size_t t = 0; t < cPlace.size(); ++t)
            for (int i = 0; i < rows; ++i)
              for (int j = 0; j < cols; ++j) {
                DstT &d = ws[cPlace[t] + uint64_t(i) * ldc + j];
                d = detail::combine(
                    d,
                    detail::toOutput<DstT>(
                        result[(t * rows + i) * uint64_t(cols) + j]),
                    mode);
              }
        };
        cPlace.clear();
        result.clear();
        p.done = asc_run::state().timeline.cubeWork(
            allCycles(perLoop ? products : batchLoop * products));
      }
    }
    a_ = a0;
    b_ = b0;
    bias_ = bias0;
    ldA_ = ldB_ = 0;
    if (workspaceBytes_ && end > workspaceBytes_)
      asc_run::misuse(loc, std::string(name) + " writes " +
                               std::to_string(end) +
                               " bytes of results into a workspace of " +
                               std::to_string(workspaceBytes_));
    nbatchIssued_ = true;
    nbatchSync_ = sync;
    nbatchWaitFlag_ = waitIterateBatch;
    nbatchLoops_ = batchLoop;
    nbatchIter_ = 0;
    nbatchFetches_ = 0;
    nbatchBytes_ = end;
    nbatchViewBytes_ = 0;
    for (auto &p : parts)
      finishIssue(std::move(p), sync, loc);
  }
  template <bool S = CubeSide, std::enable_if_t<!S, int> = 0>
  void WaitIterateBatch(Loc loc = Loc::current()) {
    wait("WaitIterateBatch", loc);
  }

  /// A view of the next max(batchA, batchB) x singleCoreM x singleCoreN
  /// results in the workspace: CANN's client hands them out one after the
  /// other from the workspace's start. Nothing is copied, so nothing is
  /// checked until the view is read.
  template <bool sync = true, bool S = CubeSide, std::enable_if_t<!S, int> = 0>
  GlobalTensor<DstT> GetBatchTensorC(uint32_t batchA, uint32_t batchB,
                                     bool enSequentialWrite = false,
                                     Loc loc = Loc::current()) {
    asc_run::unused(enSequentialWrite);
    GlobalTensor<DstT> global;
    if constexpr (!ToConfig().isNBatch) {
      asc_run::unused(batchA, batchB, loc);
      return global; // the real client returns an empty tensor
    }
    const char *name =
        sync ? "GetBatchTensorC<true>" : "GetBatchTensorC<false>";
    checkBatchFetch(sync, name, loc);
    awaitNBatchLoop();
    uint64_t elems = uint64_t(std::max(batchA, batchB)) * singleM_ * singleN_;
    if (nbatchViewBytes_ + elems * sizeof(DstT) > nbatchBytes_)
      asc_run::misuse(
          loc, std::string(name) + " returns workspace bytes [" +
                   std::to_string(nbatchViewBytes_) + ", " +
                   std::to_string(nbatchViewBytes_ + elems * sizeof(DstT)) +
                   "), past the " + std::to_string(nbatchBytes_) +
                   " bytes IterateNBatch wrote");
    global.SetGlobalBuffer(
        reinterpret_cast<DstT *>(const_cast<uint8_t *>(workspace_) +
                                 nbatchViewBytes_),
        elems);
    nbatchViewBytes_ += elems * sizeof(DstT);
    asc_run::state().timeline.vectorWork(asc_run::costTable().scalarOp);
    return global;
  }
  /// Copies the results of the next loop of IterateNBatch from the workspace
  /// into `c` (CANN's CopyToUBBatch): BNGS1S2 batches are contiguous; for
  /// BSNGD/SBNGD, singleCoreM rows of the loop's batches side by side, with
  /// the layout's gap between rows on both sides.
  template <bool sync = true, bool doPad = false, bool S = CubeSide,
            std::enable_if_t<!S, int> = 0>
  void GetBatchTensorC(const LocalTensor<DstT> &c, uint32_t batchA,
                       uint32_t batchB, bool enSequentialWrite = false,
                       uint32_t height = 0, uint32_t width = 0,
                       uint32_t srcGap = 0, uint32_t dstGap = 0,
                       Loc loc = Loc::current()) {
    asc_run::unused(enSequentialWrite, height, width, srcGap, dstGap);
    if constexpr (!ToConfig().isNBatch) {
      asc_run::unused(c, batchA, batchB, loc);
      return; // the real client copies nothing
    }
    const char *name =
        sync ? "GetBatchTensorC<true>" : "GetBatchTensorC<false>";
    checkBatchFetch(sync, name, loc);
    awaitNBatchLoop();
    if (C_TYPE::format == CubeFormat::ND_ALIGN)
      asc_run::misuse(loc,
                      std::string(name) +
                          " with an ND_ALIGN C is not modelled by asc-run");
    if (nbatchIter_ >= nbatchLoops_)
      asc_run::misuse(loc, std::string(name) + " fetches loop " +
                               std::to_string(nbatchIter_ + 1) +
                               " of an IterateNBatch of " +
                               std::to_string(nbatchLoops_) + " loops");
    // The loop's C batches (fewer when it reduces G: CANN's GetBatchCNum).
    uint32_t batchC = std::max(batchA, batchB) / reduceGNum();
    detail::LayoutAxes cx = axesC();
    uint64_t start = detail::layoutBatchOffset(C_TYPE::layout, cx,
                                               uint64_t(nbatchIter_) * batchC);
    const uint8_t *src = workspace_ + start * sizeof(DstT);
    uint8_t *dst = reinterpret_cast<uint8_t *>(c.GetPhyAddr());
    uint64_t rows = 1;
    uint64_t rowBytes = uint64_t(batchC) * singleM_ * singleN_ * sizeof(DstT);
    uint64_t stride = rowBytes;
    if (C_TYPE::layout == LayoutMode::BSNGD ||
        C_TYPE::layout == LayoutMode::SBNGD) {
      rows = singleM_;
      rowBytes = uint64_t(batchC) * singleN_ * sizeof(DstT);
      stride = detail::layoutRowStride(C_TYPE::layout, cx) * sizeof(DstT);
    }
    if (rowBytes % 32 != 0 || stride % 32 != 0)
      asc_run::misuse(loc, std::string(name) + " copies rows of " +
                               std::to_string(rowBytes) + " bytes " +
                               std::to_string(stride) +
                               " bytes apart: DataCopy needs multiples of 32 "
                               "bytes");
    asc_run::Footprint reads, writes;
    reads.addRows(src, rows, rowBytes, stride, "workspace");
    writes.addRows(dst, rows, rowBytes, stride, "C");
    asc_run::checkAccess(name, loc, reads, false);
    asc_run::checkAccess(name, loc, writes, true);
    for (uint64_t r = 0; r < rows; ++r)
      std::memmove(dst + r * stride, src + r * stride, rowBytes);
    asc_run::state().timeline.vectorWork(
        asc_run::copyCycles(rows * rowBytes, rows));
    nbatchViewBytes_ = start * sizeof(DstT); // the client's cOffset_
    ++nbatchIter_;
  }

  void End(Loc loc = Loc::current()) {
    for (asc_run::Pending *p : asc_run::pendingOf(index_, false)) {
      if (!p->waitName.empty())
        asc_run::failRun(
            asc_run::kExitRace,
            "asc-run: protocol: End() at " + loc.str() +
                " with work pending: " + asc_run::describePending(*p) +
                " is not waited for (" + p->waitName + "())" + block());
      asc_run::complete(p);
    }
    if (background_) {
      asc_run::complete(background_);
      background_ = nullptr;
    }
    iterating_ = false;
    nbatchIssued_ = false;
    ended_ = true;
    asc_run::state().timeline.vectorWork(asc_run::costTable().scalarOp);
  }

private:
  static constexpr MatmulConfig ToConfig() { return MM_CFG; }
  static int ceilDiv(int a, int b) { return b > 0 ? (a + b - 1) / b : 0; }
  int baseM() const { return tiling_.baseM > 0 ? tiling_.baseM : singleM_; }
  int baseN() const { return tiling_.baseN > 0 ? tiling_.baseN : singleN_; }
  static std::string block() {
    return " (block " + std::to_string(asc_run::state().blockIdx) + ")";
  }

  /// SetTensorA/B: a reconfiguration that points the operand at `data`.
  template <typename T>
  void setOperand(const char *call, Loc loc, const T *&operand, bool &trans,
                  bool &broadcast, const T *data, bool transpose,
                  bool isScalar = false) {
    checkIdle(call, loc);
    operand = data;
    trans = transpose;
    broadcast = isScalar;
  }

  /// A reconfiguration: nothing of this object may be in flight.
  void checkIdle(const char *call, Loc loc) {
    for (asc_run::Pending *p : asc_run::pendingOf(index_, false))
      asc_run::failRun(asc_run::kExitRace,
                       "asc-run: protocol: " + std::string(call) + " at " +
                           loc.str() + " reconfigures Matmul object #" +
                           std::to_string(index_) + " while " +
                           asc_run::describePending(*p) + " is pending" +
                           block());
    if (background_ && !background_->inputs.parts.empty())
      asc_run::failRun(asc_run::kExitRace,
                       "asc-run: protocol: " + std::string(call) + " at " +
                           loc.str() + " reconfigures Matmul object #" +
                           std::to_string(index_) + " while its " +
                           asc_run::describePending(*background_) +
                           " still reads its inputs" + block());
  }

  /// A new issue: the object is initialised and has nothing pending.
  void checkIssue(const char *call, Loc loc, bool whole) {
    if (!kModelledFormats)
      asc_run::misuse(loc, std::string(call) +
                               " with a CubeFormat other than ND and NZ (and "
                               "ND_ALIGN for C): not modelled by asc-run");
    checkNzShapes(call, loc);
    if (!initialised_)
      asc_run::misuse(loc, std::string(call) + " on a Matmul object without a "
                                               "tiling (REGIST_MATMUL_OBJ with "
                                               "&tiling, or Init)");
    if (ended_)
      asc_run::misuse(loc, std::string(call) + " after End()");
    if (!a_ || !b_)
      asc_run::misuse(loc, std::string(call) + " before SetTensorA/SetTensorB");
    for (asc_run::Pending *p : asc_run::pendingOf(index_, false))
      asc_run::failRun(asc_run::kExitRace,
                       "asc-run: protocol: " + std::string(call) + " at " +
                           loc.str() + " re-issues Matmul object #" +
                           std::to_string(index_) + " while " +
                           asc_run::describePending(*p) + " is pending" +
                           block());
    if (whole && iterating_)
      asc_run::misuse(loc,
                      std::string(call) + " in the middle of an Iterate loop");
  }

  /// CANN's NZ alignment table: an NZ matrix's outer axis is a multiple of
  /// 16 and its inner axis of the fractal width, for the original shape and
  /// the single shape alike.
  void checkNzShapes(const char *call, Loc loc) const {
    if (!initialised_)
      return;
    auto check = [&](bool nz, const char *who, uint64_t c0, int rows, int cols,
                     int orgRows, int orgCols) {
      if (!nz || (rows % 16 == 0 && cols % c0 == 0 && orgRows % 16 == 0 &&
                  orgCols % c0 == 0))
        return;
      asc_run::misuse(loc,
                      std::string(call) + " with an NZ " + who + " of " +
                          std::to_string(rows) + " x " + std::to_string(cols) +
                          " (original " + std::to_string(orgRows) + " x " +
                          std::to_string(orgCols) +
                          "): NZ needs rows in multiples of 16 and columns in "
                          "multiples of " +
                          std::to_string(c0));
    };
    check(kNzA, "A", kC0A, transA_ ? singleK_ : singleM_,
          transA_ ? singleM_ : singleK_, transA_ ? orgKa_ : orgM_,
          transA_ ? orgM_ : orgKa_);
    check(kNzB, "B", kC0B, transB_ ? singleN_ : singleK_,
          transB_ ? singleK_ : singleN_, transB_ ? orgN_ : orgKb_,
          transB_ ? orgKb_ : orgN_);
    check(kNzC, "C", kC0C, singleM_, singleN_, orgM_, orgN_);
  }

  /// A fetch of the current block: a block must be there, the previous
  /// fetch waited for.
  void checkFetch(bool sync, Loc loc, const char *call) {
    if (!iterating_)
      asc_run::misuse(loc, std::string(call) + " without a current block (call "
                                               "Iterate first)");
    if (sync && !syncIter_)
      asc_run::misuse(loc, std::string(call) + " after Iterate<false>: fetch "
                                               "with GetTensorC<false>");
    // After one Iterate<false>() the cube computes every block; each
    // GetTensorC<false> fetches the next one, as CANN's client counts them,
    // so a counted fetch loop needs no further Iterate call.
    if (!sync && !syncIter_ && blockFetched_ && ++round_ >= blocksM_ * blocksN_)
      asc_run::misuse(loc, std::string(call) +
                               " after every block of the Iterate<false> was "
                               "fetched");
    blockFetched_ = true;
    for (asc_run::Pending *p : asc_run::pendingOf(index_, false))
      asc_run::failRun(asc_run::kExitRace,
                       "asc-run: protocol: " + std::string(call) + " at " +
                           loc.str() + " re-issues Matmul object #" +
                           std::to_string(index_) + " while " +
                           asc_run::describePending(*p) + " is pending" +
                           block());
  }

  std::unique_ptr<asc_run::Pending> newPending(const char *call, Loc loc,
                                               const char *waitName) {
    auto p = std::make_unique<asc_run::Pending>();
    p->call = call;
    p->loc = loc;
    p->object = index_;
    p->waitName = waitName;
    return p;
  }

  void addPending(std::unique_ptr<asc_run::Pending> p) {
    asc_run::state().timeline.vectorWork(asc_run::costTable().scalarOp * 4);
    asc_run::state().pending.push_back(std::move(p));
  }

  /// The issue's own accesses are checked against the other pending work,
  /// then it is published at once (sync) or left pending.
  void finishIssue(std::unique_ptr<asc_run::Pending> p, bool sync, Loc loc) {
    asc_run::checkAccess(p->call, loc, p->inputs, false);
    asc_run::checkAccess(p->call, loc, p->outputs, true);
    if (sync) {
      p->publish();
      asc_run::state().timeline.stallUntil(p->done);
      asc_run::state().timeline.vectorWork(asc_run::costTable().scalarOp * 4);
      return;
    }
    addPending(std::move(p));
  }

  /// Completes the oldest pending issue that `waitName` completes.
  void wait(const char *waitName, Loc loc) {
    for (asc_run::Pending *p : asc_run::pendingOf(index_, false))
      if (p->waitName == waitName) {
        asc_run::complete(p);
        asc_run::state().timeline.vectorWork(asc_run::costTable().scalarOp);
        return;
      }
    std::string why;
    for (asc_run::Pending *p : asc_run::pendingOf(index_, false))
      why = "; " + asc_run::describePending(*p) +
            (p->waitName.empty() ? " has no wait flag (End() completes it)"
                                 : " is completed by " + p->waitName + "()");
    asc_run::failRun(asc_run::kExitRace,
                     "asc-run: protocol: " + std::string(waitName) + "() at " +
                         loc.str() +
                         " waits with nothing pending on Matmul "
                         "object #" +
                         std::to_string(index_) + why + block());
  }

  /// A, B, bias and scales of the current single shape, as read by the cube.
  void addInputs(asc_run::Pending &p, uint32_t) {
    if (!broadcastA_) // a scalar A is held by the object
      addStored(p.inputs, a_, transA_ ? singleK_ : singleM_,
                transA_ ? singleM_ : singleK_, lda(), kNzA, kC0A, "A");
    if (!broadcastB_) // a scalar B is held by the object
      addStored(p.inputs, b_, transB_ ? singleN_ : singleK_,
                transB_ ? singleK_ : singleN_, ldb(), kNzB, kC0B, "B");
    if (bias_)
      p.inputs.add(bias_, uint64_t(singleN_) * sizeof(BiasT), "bias");
    if (quantVector_)
      p.inputs.add(quantVector_, uint64_t(singleN_) * sizeof(uint64_t),
                   "quantisation scales");
  }

  /// The batch-layout axes of A, B and C from the tiling (C's S and D are
  /// its S1 and S2).
  detail::LayoutAxes axesA() const {
    return {uint64_t(tiling_.ALayoutInfoB), uint64_t(tiling_.ALayoutInfoS),
            uint64_t(tiling_.ALayoutInfoN), uint64_t(tiling_.ALayoutInfoG),
            uint64_t(tiling_.ALayoutInfoD)};
  }
  detail::LayoutAxes axesB() const {
    return {uint64_t(tiling_.BLayoutInfoB), uint64_t(tiling_.BLayoutInfoS),
            uint64_t(tiling_.BLayoutInfoN), uint64_t(tiling_.BLayoutInfoG),
            uint64_t(tiling_.BLayoutInfoD)};
  }
  detail::LayoutAxes axesC() const {
    return {uint64_t(tiling_.CLayoutInfoB), uint64_t(tiling_.CLayoutInfoS1),
            uint64_t(tiling_.CLayoutInfoN), uint64_t(tiling_.CLayoutInfoG),
            uint64_t(tiling_.CLayoutInfoS2)};
  }

  /// CANN's CalcReduceGInfo: C's G axis 1 while A's or B's is not reduces
  /// groups of max(AG, BG) products into one C batch; otherwise 1.
  uint32_t reduceGNum() const {
    bool reduce = tiling_.CLayoutInfoG == 1 &&
                  (tiling_.ALayoutInfoG != 1 || tiling_.BLayoutInfoG != 1);
    return reduce ? uint32_t(std::max(
                        {tiling_.ALayoutInfoG, tiling_.BLayoutInfoG, 1}))
                  : 1u;
  }

  /// Which of the loop's `batches` batches of operand `which` ('A' or 'B')
  /// product i reads, as CANN's CalcBatchIterateA/BOffsetInfo and
  /// UpdateOffset decide from the layout axes: broadcast over G (the
  /// operand's G 1, the other's not: i / G), over N (i % G + i / (G * N)),
  /// over B (i % (G * N)); otherwise i.
  uint32_t broadcastIndex(uint32_t i, char which, uint32_t batches, Loc loc,
                          const char *call) const {
    detail::LayoutAxes mine = which == 'A' ? axesA() : axesB();
    detail::LayoutAxes other = which == 'A' ? axesB() : axesA();
    uint64_t index = i;
    if (mine.g == 1 && other.g > 1)
      index = i / other.g;
    else if (mine.n == 1 && other.n > 1)
      index = i % other.g + i / (other.g * other.n);
    else if (mine.b == 1 && other.b > 1)
      index = i % (other.g * other.n);
    if (index >= batches)
      asc_run::misuse(loc, std::string(call) + ": batch " + std::to_string(i) +
                               " of the loop reads batch " +
                               std::to_string(index) + " of " + which +
                               ", which has " + std::to_string(batches) +
                               " a loop (the layout axes broadcast none of "
                               "its B, N, G)");
    return uint32_t(index);
  }

  /// Where batch j of loop l of an IterateNBatch operand starts: the loop at
  /// its batches' place in the layout, then matrixStride apart when given
  /// (CANN's copy uses it as the source stride), else at the layout's place.
  static uint64_t batchStart(LayoutMode layout, const detail::LayoutAxes &x,
                             uint32_t l, uint32_t batch, uint32_t j,
                             uint32_t matrixStride) {
    uint64_t first = uint64_t(l) * batch;
    if (matrixStride)
      return detail::layoutBatchOffset(layout, x, first) +
             uint64_t(j) * matrixStride;
    return detail::layoutBatchOffset(layout, x, first + j);
  }

  /// One operand's layout axes against the matrix it holds (rows x cols as
  /// stored): S and D are its rows and columns, N and G (and B for SBNGD)
  /// at least 1.
  static void checkAxes(Loc loc, const char *call, const char *who,
                        LayoutMode layout, const detail::LayoutAxes &x,
                        int rows, int cols, const char *sName,
                        const char *dName) {
    auto fail = [&](const std::string &what) {
      asc_run::misuse(loc, std::string(call) + ": " + what);
    };
    if (x.n == 0 || x.g == 0 || (layout == LayoutMode::SBNGD && x.b == 0))
      fail(std::string("the tiling's ") + who + "LayoutInfoN/G" +
           (layout == LayoutMode::SBNGD ? "/B" : "") + " must be at least 1");
    if (x.s != uint64_t(rows) || x.d != uint64_t(cols))
      fail(std::string("the tiling's ") + who + "LayoutInfo" + sName + " x " +
           who + "LayoutInfo" + dName + " is " + std::to_string(x.s) + " x " +
           std::to_string(x.d) + " but " + who + " holds " +
           std::to_string(rows) + " x " + std::to_string(cols) +
           " matrices (asc-run models one matrix per S x D slice)");
  }

  /// CANN's client waits in each of its first 14 (INC_PROCESS_CHECK)
  /// GetBatchTensorC calls for a signal of the server: after each loop of an
  /// IterateNBatch without the wait flag (the 14th waits for the end of all
  /// loops). So the k-th fetch publishes loop k. An IterateNBatch with the
  /// wait flag was completed by WaitIterateBatch (docs/Runtime.md).
  void awaitNBatchLoop() {
    constexpr uint32_t kIncProcessCheck = 14;
    uint32_t fetch = nbatchFetches_++;
    if (fetch >= kIncProcessCheck)
      return;
    std::vector<asc_run::Pending *> loops;
    for (asc_run::Pending *p : asc_run::pendingOf(index_, false))
      if (p->fetchedBy == "GetBatchTensorC")
        loops.push_back(p);
    for (size_t i = 0; i < loops.size(); ++i) {
      asc_run::complete(loops[i]);
      if (fetch + 1 < kIncProcessCheck)
        break;
    }
  }

  void checkNBatchArgs(const char *call, uint32_t batchLoop, uint32_t batchA,
                       uint32_t batchB, uint32_t matrixStrideC, Loc loc) {
    std::string name = call;
    if (!workspace_)
      asc_run::misuse(loc, name + " needs SetWorkspace first (its results go "
                                  "to the workspace)");
    if (batchLoop == 0 || batchA == 0 || batchB == 0)
      asc_run::misuse(loc, name + " with batchLoop " +
                               std::to_string(batchLoop) + ", batchA " +
                               std::to_string(batchA) + ", batchB " +
                               std::to_string(batchB) + ": none may be 0");
    if (matrixStrideC)
      asc_run::misuse(loc, name + ": matrixStrideC is reserved, keep it 0");
    if (broadcastA_ || broadcastB_)
      asc_run::misuse(loc, name + " with a scalar A or B is not modelled by "
                                  "asc-run");
    checkAxes(loc, call, "A", A_TYPE::layout, axesA(),
              transA_ ? singleK_ : singleM_, transA_ ? singleM_ : singleK_, "S",
              "D");
    checkAxes(loc, call, "B", B_TYPE::layout, axesB(),
              transB_ ? singleN_ : singleK_, transB_ ? singleK_ : singleN_, "S",
              "D");
    checkAxes(loc, call, "C", C_TYPE::layout, axesC(), singleM_, singleN_, "S1",
              "S2");
  }

  /// A fetch of IterateNBatch results: only the asynchronous form exists, and
  /// it reads what an asynchronous IterateNBatch left in the workspace.
  void checkBatchFetch(bool sync, const char *call, Loc loc) {
    std::string name = call;
    if (sync)
      asc_run::misuse(loc, name + ": GetBatchTensorC exists only in the "
                                  "asynchronous form (sync = false)");
    if (ended_)
      asc_run::misuse(loc, name + " after End()");
    if (!nbatchIssued_)
      asc_run::misuse(loc, name + " without an IterateNBatch before it");
    if (nbatchSync_)
      asc_run::misuse(loc, name + " after IterateNBatch<true>: the client "
                                  "fetches the results of an asynchronous "
                                  "IterateNBatch only");
  }

  /// The row strides of A and B as stored (transposed: K x M, N x K): the
  /// original shape's, or a batch layout's while IterateNBatch runs.
  uint64_t lda() const {
    if (kNzA)
      return uint64_t(transA_ ? orgKa_ : orgM_);
    return ldA_ ? ldA_ : uint64_t(transA_ ? orgM_ : orgKa_);
  }
  uint64_t ldb() const {
    if (kNzB)
      return uint64_t(transB_ ? orgN_ : orgKb_);
    return ldB_ ? ldB_ : uint64_t(transB_ ? orgKb_ : orgN_);
  }

  /// Where element (r, c) of a stored matrix lies: ND rows `ld` apart; NZ
  /// fractals of 16 x c0, column block after column block, each block `ld`
  /// (the original height) rows of c0 elements.
  static uint64_t storedPlace(bool nz, uint64_t c0, uint64_t ld, uint64_t r,
                              uint64_t c) {
    return nz ? (c / c0) * ld * c0 + r * c0 + c % c0 : r * ld + c;
  }

  /// The bytes a rows x cols tile of a stored matrix occupies.
  template <typename T>
  static void addStored(asc_run::Footprint &fp, const T *base, uint64_t rows,
                        uint64_t cols, uint64_t ld, bool nz, uint64_t c0,
                        const char *role) {
    if (!nz) {
      fp.addRows(base, rows, cols * sizeof(T), ld * sizeof(T), role);
      return;
    }
    for (uint64_t block = 0; block * c0 < cols; ++block)
      fp.add(base + block * ld * c0, rows * c0 * sizeof(T), role);
  }

  SrcAT elemA(int m, int k) const {
    if (broadcastA_)
      return *a_;
    return transA_ ? a_[storedPlace(kNzA, kC0A, lda(), k, m)]
                   : a_[storedPlace(kNzA, kC0A, lda(), m, k)];
  }
  SrcBT elemB(int k, int n) const {
    if (broadcastB_)
      return *b_;
    return transB_ ? b_[storedPlace(kNzB, kC0B, ldb(), n, k)]
                   : b_[storedPlace(kNzB, kC0B, ldb(), k, n)];
  }

  /// The product of rows [m0, m0+rows) and columns [n0, n0+cols) of the single
  /// shape, accumulated in AccT, plus the bias when `withBias`: what the cube
  /// leaves in L0C (CO1), before FIXPIPE's quantisation.
  void product(int m0, int n0, int rows, int cols, std::vector<AccT> &out,
               bool withBias = true) const {
    out.assign(uint64_t(rows) * cols, AccT(0));
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j) {
        AccT acc = AccT(0);
        for (int k = 0; k < singleK_; ++k)
          acc += AccT(elemA(m0 + i, k)) * AccT(elemB(k, n0 + j));
        if (bias_ && withBias)
          acc += AccT(bias_[n0 + j]);
        out[uint64_t(i) * cols + j] = acc;
      }
  }

  /// FIXPIPE's quantisation on the way out of CO1: columns from n0 times the
  /// scale of SetQuantScalar or SetQuantVector.
  void quantise(std::vector<AccT> &values, int n0, int cols) const {
    if (!quant_)
      return;
    for (size_t e = 0; e < values.size(); ++e) {
      int j = n0 + int(e % cols);
      float scale = quantVector_ ? asc_run::bitsFloat(uint32_t(quantVector_[j]))
                                 : quantScalar_;
      values[e] = AccT(float(values[e]) * scale);
    }
  }

  /// The next CO1 buffer a block computation allocates: one baseM x baseN
  /// buffer, two that alternate with the tiling's dbL0C 2 (CANN's
  /// CubeOutBuffer), so that a partial sum adds to what the computation
  /// before (or the one before that) left there.
  struct Co1Buffer {
    bool valid = false;
    int rows = 0, cols = 0;
    std::vector<AccT> values;
  };
  Co1Buffer &nextCo1() {
    int index = tiling_.dbL0C == 2 ? co1Next_ : 0;
    co1Next_ ^= 1;
    return co1_[index];
  }

  /// Computes block (m0, n0) of rows x cols into the next CO1 buffer and
  /// returns its values after quantisation. With enPartialSum the product is
  /// added to the buffer's contents without the bias (CANN initialises L0C,
  /// with the bias, only without it); CANN allows that for a single shape
  /// of one block only (singleCoreM == baseM, singleCoreN == baseN).
  std::vector<AccT> computeInCo1(int m0, int n0, int rows, int cols,
                                 bool partialSum, Loc loc,
                                 const std::string &call) {
    Co1Buffer &co1 = nextCo1();
    std::vector<AccT> values;
    product(m0, n0, rows, cols, values, !partialSum);
    if (partialSum) {
      if (singleM_ != baseM() || singleN_ != baseN())
        asc_run::misuse(loc, call +
                                 " with enPartialSum needs singleCoreM == "
                                 "baseM and singleCoreN == baseN (" +
                                 std::to_string(singleM_) + " x " +
                                 std::to_string(singleN_) + " vs " +
                                 std::to_string(baseM()) + " x " +
                                 std::to_string(baseN()) + ")");
      if (!co1.valid || co1.rows != rows || co1.cols != cols)
        asc_run::misuse(loc, call +
                                 " with enPartialSum adds to a CO1 buffer "
                                 "that holds no " +
                                 std::to_string(rows) + " x " +
                                 std::to_string(cols) +
                                 " result of this Matmul object");
      for (size_t e = 0; e < values.size(); ++e)
        values[e] += co1.values[e];
    }
    co1.valid = true;
    co1.rows = rows;
    co1.cols = cols;
    co1.values = values;
    quantise(values, n0, cols);
    return values;
  }

  /// Iterate into a CO1 tensor: the current block, rows x cols, as an NZ
  /// matrix of ceil16(baseM) rows (fractals 16 x kC0C); with enPartialSum
  /// the tensor's values are read and the product added (no bias).
  template <typename T>
  void accumulateIntoCo1Tensor(const LocalTensor<T> &co1, bool partialSum,
                               Loc loc, const char *call) {
    uint32_t r0, c0;
    blockOrigin(round_, r0, c0);
    int rows = std::min(baseM(), singleM_ - int(r0));
    int cols = std::min(baseN(), singleN_ - int(c0));
    uint64_t height = (uint64_t(baseM()) + 15) / 16 * 16;
    uint64_t width = (uint64_t(baseN()) + kC0C - 1) / kC0C * kC0C;
    if (co1.GetSize() < height * width)
      asc_run::misuse(loc, std::string(call) + " needs a CO1 tensor of " +
                               std::to_string(height * width) +
                               " elements (baseM x baseN in NZ), it has " +
                               std::to_string(co1.GetSize()));
    if (partialSum && (singleM_ != baseM() || singleN_ != baseN()))
      asc_run::misuse(loc, std::string(call) +
                               " with enPartialSum needs singleCoreM == baseM "
                               "and singleCoreN == baseN");
    T *base = co1.GetPhyAddr();
    Footprint block;
    addStored(block, base, rows, cols, height, true, kC0C, "CO1");
    asc_run::Pending reads;
    addInputs(reads, 1);
    asc_run::checkAccess(call, loc, reads.inputs, false);
    if (partialSum)
      asc_run::checkAccess(call, loc, block, false);
    asc_run::checkAccess(call, loc, block, true);
    std::vector<AccT> values;
    product(int(r0), int(c0), rows, cols, values, !partialSum);
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j) {
        T &d = base[storedPlace(true, kC0C, height, i, j)];
        AccT v = values[uint64_t(i) * cols + j];
        d = partialSum ? T(AccT(d) + v) : T(v);
      }
    double done = asc_run::state().timeline.cubeWork(blockCycles());
    asc_run::state().timeline.stallUntil(done);
  }

  /// The start of the current block in `base`: `base` itself when written
  /// sequentially, else the block's place in a matrix of row stride `stride`
  /// (for an NZ C: of `stride` rows).
  DstT *blockPlace(DstT *base, uint32_t stride, bool sequential) const {
    if (sequential)
      return base;
    uint32_t row, col;
    blockOrigin(round_, row, col);
    return base + storedPlace(kNzC, kC0C, stride, row, col);
  }

  /// A block's matrix in GM: C's original shape (ND: its row stride orgN;
  /// NZ: its height orgM), or the block alone when written sequentially.
  uint32_t gmStride(bool sequential) const {
    if (kNzC)
      return sequential ? baseM() : orgM_;
    return sequential ? baseN() : orgN_;
  }

  /// Where element (i, j) of the single shape lands with enSequentialWrite:
  /// in its base block's baseM x baseN slot, the slots in iteration order.
  uint64_t sequentialPlace(int i, int j) const {
    int bm = ceilDiv(singleM_, baseM()), bn = ceilDiv(singleN_, baseN());
    int mi = i / baseM(), ni = j / baseN();
    int round = tiling_.iterateOrder == int32_t(IterateOrder::ORDER_N)
                    ? mi * bn + ni
                    : ni * bm + mi;
    return uint64_t(round) * baseM() * baseN() +
           workspacePlace(i % baseM(), j % baseN());
  }

  /// max(batchA, batchB) products of the NORMAL layout into `dst`: batch i
  /// at i * strideC elements, rows `rowStride` apart.
  void iterateBatch(const char *name, bool sync, const char *waitName,
                    DstT *dst, uint64_t rowStride, uint64_t height,
                    uint64_t strideC, uint32_t batchA, uint32_t batchB,
                    uint32_t matrixStrideA, uint32_t matrixStrideB,
                    bool partialSum, uint8_t enAtomic, Loc loc) {
    checkIssue(name, loc, true);
    if (A_TYPE::layout != LayoutMode::NORMAL ||
        B_TYPE::layout != LayoutMode::NORMAL)
      asc_run::misuse(loc,
                      "IterateBatch is modelled for the NORMAL layout only");
    if (batchA == 0 || batchB == 0 ||
        std::max(batchA, batchB) % std::min(batchA, batchB))
      asc_run::misuse(loc, "IterateBatch with batchA " +
                               std::to_string(batchA) + " and batchB " +
                               std::to_string(batchB) +
                               ": one must divide the other");
    if (kNzC && singleN_ % kC0C != 0)
      asc_run::misuse(loc, std::string(name) +
                               " of an NZ C needs singleCoreN (" +
                               std::to_string(singleN_) +
                               ") in multiples of the fractal width " +
                               std::to_string(kC0C));
    auto p = newPending(name, loc, waitName);
    uint32_t batches = std::max(batchA, batchB);
    uint64_t strideA = matrixStrideA ? matrixStrideA : uint64_t(orgM_) * orgKa_;
    uint64_t strideB = matrixStrideB ? matrixStrideB : uint64_t(orgKb_) * orgN_;
    uint64_t one = uint64_t(singleM_) * singleN_;
    std::vector<AccT> result(batches * one);
    const SrcAT *a0 = a_;
    const SrcBT *b0 = b_;
    const BiasT *bias0 = bias_;
    for (uint32_t i = 0; i < batches; ++i) {
      // The smaller batch broadcasts as CANN's NORMAL layout offsets do:
      // batch i reads batch i / (batches / batchA) of A.
      a_ = broadcastA_ ? a0 : a0 + (i / (batches / batchA)) * strideA;
      b_ = broadcastB_ ? b0 : b0 + (i / (batches / batchB)) * strideB;
      if (bias0)
        bias_ = bias0 + (ToConfig().isBiasBatch ? uint64_t(i) * orgN_ : 0);
      addInputs(*p, 1);
      asc_run::checkAccess(p->call, loc, p->inputs, false);
      std::vector<AccT> product;
      computeAll(product, partialSum, loc, name);
      std::copy(product.begin(), product.end(), result.begin() + i * one);
    }
    a_ = a0;
    b_ = b0;
    bias_ = bias0;
    // Batch b's element (i, j): ND rows rowStride apart; an NZ C's batch is
    // an NZ matrix of `height` rows.
    auto place = [rowStride, height, strideC](uint64_t b, uint64_t i,
                                              uint64_t j) {
      return b * strideC +
             (kNzC ? storedPlace(true, kC0C, height, i, j) : i * rowStride + j);
    };
    for (uint32_t b = 0; b < batches; ++b)
      addStored(p->outputs, dst + b * strideC, singleM_, singleN_,
                kNzC ? height : rowStride, kNzC, kC0C, "C");
    p->outputs.atomic = enAtomic != 0;
    int rows = singleM_, cols = singleN_;
    p->publish = [dst, rows, cols, place, batches, enAtomic,
                  result = std::move(result)]() {
      for (uint32_t b = 0; b < batches; ++b)
        for (int i = 0; i < rows; ++i)
          for (int j = 0; j < cols; ++j) {
            DstT &d = dst[place(b, i, j)];
            d = detail::combine(
                d,
                detail::toOutput<DstT>(
                    result[(uint64_t(b) * rows + i) * cols + j]),
                enAtomic);
          }
    };
    p->done = asc_run::state().timeline.cubeWork(allCycles(batches));
    finishIssue(std::move(p), sync, loc);
  }

  /// The whole single shape, block after block through CO1 in iteration
  /// order (so CO1 holds the last blocks afterwards), into `out` (row-major,
  /// singleCoreM x singleCoreN, quantised).
  void computeAll(std::vector<AccT> &out, bool partialSum, Loc loc,
                  const std::string &call) {
    out.assign(uint64_t(singleM_) * singleN_, AccT(0));
    int rounds = ceilDiv(singleM_, baseM()) * ceilDiv(singleN_, baseN());
    Block blk;
    for (int r = 0; r < rounds; ++r) {
      computeBlock(r, blk, partialSum, loc, call);
      uint32_t row, col;
      blockOrigin(r, row, col);
      for (int i = 0; i < blk.rows; ++i)
        std::copy_n(blk.values.begin() + uint64_t(i) * blk.cols, blk.cols,
                    out.begin() + uint64_t(row + i) * singleN_ + col);
    }
  }

  /// Row and column of block `round` in the single shape (M varies fastest
  /// for ORDER_M, the default).
  void blockOrigin(int round, uint32_t &row, uint32_t &col) const {
    int bm = std::max(ceilDiv(singleM_, baseM()), 1);
    int bn = std::max(ceilDiv(singleN_, baseN()), 1);
    if (tiling_.iterateOrder == int32_t(IterateOrder::ORDER_N)) {
      row = uint32_t(round / bn * baseM());
      col = uint32_t(round % bn * baseN());
    } else {
      row = uint32_t(round % bm * baseM());
      col = uint32_t(round / bm * baseN());
    }
  }

  struct Block {
    int rows = 0, cols = 0;
    std::vector<AccT> values;
  };

  void computeBlock(int round, Block &blk, bool partialSum, Loc loc,
                    const std::string &call) {
    uint32_t r, c;
    blockOrigin(round, r, c);
    blk.rows = std::min(baseM(), singleM_ - int(r));
    blk.cols = std::min(baseN(), singleN_ - int(c));
    blk.values =
        computeInCo1(int(r), int(c), blk.rows, blk.cols, partialSum, loc, call);
  }

  double blockCycles() const {
    return asc_run::cubeCycles(baseM(), baseN(), singleK_, sizeof(SrcAT),
                               sizeof(DstT), std::is_same_v<SrcAT, int8_t>);
  }
  double allCycles(uint32_t batches) const {
    return batches * asc_run::cubeCycles(singleM_, singleN_, singleK_,
                                         sizeof(SrcAT), sizeof(DstT),
                                         std::is_same_v<SrcAT, int8_t>);
  }
  /// When the cube has block `round` of an async Iterate in the workspace.
  double blockDone(int round) const {
    return backgroundStart_ + (round + 1) * blockCycles();
  }

  /// Async Iterate: the cube computes every block into the workspace, block
  /// after block (baseM x baseN each); the object owns the workspace until
  /// End() and reads A and B until the last Iterate.
  void startBackground(Loc loc, bool partialSum) {
    if (background_) {
      // A new loop overwrites the blocks of the previous one.
      asc_run::complete(background_);
      background_ = nullptr;
    }
    auto p = newPending("Iterate<false>", loc, "");
    p->background = true;
    addInputs(*p, 1);
    uint64_t blockElems = uint64_t(baseM()) * baseN();
    uint64_t bytes = blockElems * blocksM_ * blocksN_ * sizeof(DstT);
    if (workspaceBytes_ && bytes > workspaceBytes_)
      asc_run::misuse(loc, "Iterate<false> leaves " + std::to_string(bytes) +
                               " bytes of blocks in a workspace of " +
                               std::to_string(workspaceBytes_));
    p->outputs.add(workspace_, bytes, "C");
    asc_run::checkAccess(p->call, loc, p->inputs, false);
    asc_run::checkAccess(p->call, loc, p->outputs, true);
    // Each block alone in its baseM x baseN slot (CANN's server writes the
    // async blocks with enSequentialWrite), in C's format.
    DstT *ws = reinterpret_cast<DstT *>(const_cast<uint8_t *>(workspace_));
    Block blk;
    for (int r = 0; r < blocksM_ * blocksN_; ++r) {
      computeBlock(r, blk, partialSum, loc, "Iterate<false>");
      for (int i = 0; i < blk.rows; ++i)
        for (int j = 0; j < blk.cols; ++j)
          ws[r * blockElems + workspacePlace(i, j)] =
              detail::toOutput<DstT>(blk.values[uint64_t(i) * blk.cols + j]);
    }
    backgroundStart_ = std::max(asc_run::state().timeline.vectorNow +
                                    asc_run::costTable().messageLatency,
                                asc_run::state().timeline.cubeFree);
    double total = blocksM_ * blocksN_ * blockCycles();
    p->done = asc_run::state().timeline.cubeWork(total);
    background_ = p.get();
    asc_run::state().pending.push_back(std::move(p));
  }

  /// Where element (i, j) of a block lies in its workspace slot: ND rows of
  /// baseN, or an NZ block of baseM rows.
  uint64_t workspacePlace(int i, int j) const {
    return kNzC ? storedPlace(true, kC0C, baseM(), i, j)
                : uint64_t(i) * baseN() + j;
  }

  /// GetTensorC of the current block into `dst` (row stride `stride`).
  template <bool sync>
  void getBlock(DstT *dst, uint32_t stride, uint8_t enAtomic, Loc loc,
                const char *name, DstT *local = nullptr,
                uint32_t localStride = 0) {
    static_assert(
        !ToConfig().enableMixDualMaster,
        "GetTensorC not support when enableMixDualMaster is enabled.");
    static_assert(
        ToConfig().enableGetTensorC,
        "GetTensorC is not support when enableGetTensorC is disabled");
    std::string call = std::string(name) + (sync ? "<true>" : "<false>");
    if (kNzC && baseN() % kC0C != 0)
      asc_run::misuse(loc, call + " of an NZ C needs baseN (" +
                               std::to_string(baseN()) +
                               ") in multiples of the fractal width " +
                               std::to_string(kC0C));
    checkFetch(sync, loc, call.c_str());
    if (!sync && !background_)
      asc_run::misuse(
          loc, call + " after Iterate<true>: fetch with GetTensorC<true>");
    Block blk;
    if (sync) {
      blk = block_;
    } else {
      Footprint wsBlock;
      wsBlock.add(reinterpret_cast<const DstT *>(workspace_) +
                      uint64_t(round_) * baseM() * baseN(),
                  uint64_t(baseM()) * baseN() * sizeof(DstT), "workspace");
      asc_run::checkAccess(call, loc, wsBlock, false, background_);
      uint32_t r, c;
      blockOrigin(round_, r, c);
      blk.rows = std::min(baseM(), singleM_ - int(r));
      blk.cols = std::min(baseN(), singleN_ - int(c));
      const DstT *ws = reinterpret_cast<const DstT *>(workspace_) +
                       uint64_t(round_) * baseM() * baseN();
      blk.values.resize(uint64_t(blk.rows) * blk.cols);
      for (int i = 0; i < blk.rows; ++i)
        for (int j = 0; j < blk.cols; ++j)
          blk.values[uint64_t(i) * blk.cols + j] =
              AccT(ws[workspacePlace(i, j)]);
    }
    auto p = newPending(call.c_str(), loc, sync ? "" : "WaitGetTensorC");
    addStored(p->outputs, dst, blk.rows, blk.cols, stride, kNzC, kC0C, "C");
    if (local)
      addStored(p->outputs, local, blk.rows, blk.cols, localStride, kNzC, kC0C,
                "C");
    p->outputs.atomic = enAtomic != 0;
    if (!sync)
      p->inputs.add(reinterpret_cast<const DstT *>(workspace_) +
                        uint64_t(round_) * baseM() * baseN(),
                    uint64_t(baseM()) * baseN() * sizeof(DstT), "workspace");
    p->publish = [dst, stride, local, localStride, enAtomic, blk]() {
      for (int i = 0; i < blk.rows; ++i)
        for (int j = 0; j < blk.cols; ++j) {
          DstT value =
              detail::toOutput<DstT>(blk.values[uint64_t(i) * blk.cols + j]);
          DstT &d = dst[storedPlace(kNzC, kC0C, stride, i, j)];
          d = detail::combine(d, value, enAtomic);
          if (local)
            local[storedPlace(kNzC, kC0C, localStride, i, j)] = value;
        }
    };
    double bytes = double(blk.rows) * blk.cols * sizeof(DstT);
    if (sync) {
      asc_run::checkAccess(p->call, loc, p->outputs, true);
      p->publish();
      asc_run::state().timeline.vectorWork(
          asc_run::copyCycles(uint64_t(bytes)));
      return;
    }
    asc_run::checkAccess(p->call, loc, p->inputs, false, background_);
    asc_run::checkAccess(p->call, loc, p->outputs, true);
    p->done = std::max(blockDone(round_), asc_run::state().timeline.vectorNow) +
              asc_run::copyCycles(uint64_t(bytes));
    addPending(std::move(p));
  }

  int index_ = -1;
  TCubeTiling tiling_{};
  bool initialised_ = false;
  bool ended_ = false;
  int orgM_ = 0, orgN_ = 0, orgKa_ = 0, orgKb_ = 0;
  int singleM_ = 0, singleN_ = 0, singleK_ = 0;
  int batchA_ = 1, batchB_ = 1;
  uint64_t ldA_ = 0, ldB_ = 0; ///< batch-layout row strides (0: org shape)
  /// The last IterateNBatch: its loops, whether it was synchronous, and the
  /// client's read position in the workspace (GetBatchTensorC).
  bool nbatchIssued_ = false, nbatchSync_ = false, nbatchWaitFlag_ = false;
  uint32_t nbatchLoops_ = 0, nbatchIter_ = 0, nbatchFetches_ = 0;
  uint64_t nbatchBytes_ = 0, nbatchViewBytes_ = 0;
  const SrcAT *a_ = nullptr;
  const SrcBT *b_ = nullptr;
  const BiasT *bias_ = nullptr;
  bool transA_ = false, transB_ = false;
  bool broadcastA_ = false, broadcastB_ = false;
  SrcAT scalarA_{};
  SrcBT scalarB_{};
  bool quant_ = false;
  float quantScalar_ = 1.0f;
  const uint64_t *quantVector_ = nullptr;
  const uint8_t *workspace_ = nullptr;
  uint64_t workspaceBytes_ = 0;
  bool iterating_ = false, syncIter_ = true;
  /// Whether the current block was fetched (async fetches then advance).
  bool blockFetched_ = false;
  int round_ = 0, blocksM_ = 0, blocksN_ = 0;
  Block block_;
  /// L0C: the blocks the last computations left (nextCo1).
  Co1Buffer co1_[2];
  int co1Next_ = 0;
  asc_run::Pending *background_ = nullptr;
  double backgroundStart_ = 0;
};

template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE,
          const auto &MM_CFG = CFG_NORM>
using MatmulImpl = MatmulModel<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, true>;
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE,
          const auto &MM_CFG = CFG_NORM>
using MatmulClient =
    MatmulModel<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, false>;

#ifdef ASCENDC_CUBE_ONLY
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE,
          const auto &MM_CFG = CFG_NORM>
using Matmul = MatmulImpl<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG>;
#else
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE,
          const auto &MM_CFG = CFG_NORM>
using Matmul = MatmulClient<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG>;
#endif

namespace detail {

template <class T> struct IsMatmul : std::false_type {};
template <class A, class B, class C, class Bias, const auto &Cfg, bool Side>
struct IsMatmul<MatmulModel<A, B, C, Bias, Cfg, Side>> : std::true_type {};

inline void registerObjects(TPipe *, int) {}

/// REGIST_MATMUL_OBJ's argument list: objects, each optionally followed by
/// its tiling; an object with a tiling is initialised with it.
template <class T, class... Rest>
void registerObjects(TPipe *pipe, int count, T &&first, Rest &&...rest) {
  using Obj = std::remove_reference_t<T>;
  static_assert(IsMatmul<Obj>::value,
                "REGIST_MATMUL_OBJ takes Matmul objects, each optionally "
                "followed by a TCubeTiling pointer");
  if (count >= 4)
    asc_run::failRun(
        asc_run::kExitMisuse,
        "asc-run: error: REGIST_MATMUL_OBJ: cube objs count exceed 4");
  first.ascRunRegister(asc_run::state().nextObject++);
  if constexpr (sizeof...(Rest) > 0) {
    auto &&next = std::get<0>(std::forward_as_tuple(rest...));
    using Next = std::remove_cv_t<std::remove_reference_t<decltype(next)>>;
    if constexpr (std::is_convertible_v<Next, const TCubeTiling *>) {
      first.Init(next, pipe);
      std::apply(
          [&](auto &&, auto &&...tail) {
            registerObjects(pipe, count + 1,
                            std::forward<decltype(tail)>(tail)...);
          },
          std::forward_as_tuple(std::forward<Rest>(rest)...));
    } else {
      registerObjects(pipe, count + 1, std::forward<Rest>(rest)...);
    }
  }
  asc_run::state().registeredObjects = asc_run::state().nextObject;
}

} // namespace detail

/// asc-run's stand-in for the cube core's Matmul server loop of a mix kernel:
/// it serves the objects the vector core registered in this block, and hangs
/// (reported) when the vector core never registers any.
inline void serveCube(asc_run::Loc loc) {
  if (asc_run::state().registeredObjects == 0)
    asc_run::failRun(
        asc_run::kExitMisuse,
        "asc-run: hang: " + loc.str() +
            ": the cube core's Matmul server waits for a vector core that "
            "never registers a Matmul object (block " +
            std::to_string(asc_run::state().blockIdx) +
            "); a kernel that runs on the cube core alone needs "
            "#define ASCENDC_CUBE_ONLY before lib/matmul_intf.h");
}

} // namespace AscendC

namespace matmul = AscendC;

#ifdef ASCENDC_CUBE_ONLY
#define REGIST_MATMUL_OBJ(tpipe, workspace, ...)                               \
  if ASCEND_IS_AIV {                                                           \
    return;                                                                    \
  }                                                                            \
  AscendC::detail::registerObjects(tpipe, 0, __VA_ARGS__)
#else
#define REGIST_MATMUL_OBJ(tpipe, workspace, ...)                               \
  GM_ADDR __kfcClient__ = (workspace);                                         \
  (void)__kfcClient__;                                                         \
  if ASCEND_IS_AIC {                                                           \
    AscendC::serveCube(asc_run::Loc::current());                               \
    return;                                                                    \
  }                                                                            \
  AscendC::detail::registerObjects(tpipe, 0, __VA_ARGS__)
#endif
#define REGIST_MATMUL_OBJ_STATIC REGIST_MATMUL_OBJ

#endif // ASC_RUN_LIB_MATMUL_INTF_H
