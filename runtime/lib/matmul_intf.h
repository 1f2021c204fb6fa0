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
// The handshake follows CANN's c220 client and server (matmul_client.h,
// matmul_server*.h, kfc_comm.h; docs/Runtime.md): setters stage one message,
// each post copies it and clears its flag word, and the server applies a
// message's setters only when it carries SetTensorA or SetTensorB. The
// server's work is computed at the post into a private buffer and published
// when the vector core takes a signal the server sent after it (its waits,
// its fetches, a synchronous call's own wait); an issue the server never
// signals stays pending until such a later signal or the kernel's end. Until
// then the checker holds its output as pending and its inputs (A, B, bias,
// scales, workspace) as in flight; a wait for a signal that never comes is
// reported as a hang.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_LIB_MATMUL_INTF_H
#define ASC_RUN_LIB_MATMUL_INTF_H

#include "kernel_operator.h"
#include "kernel_tiling/kernel_tiling.h"

#include <algorithm>
#include <cstring>
#include <deque>
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

  //===--------------------------------------------------------------------===//
  // Setters. The cube-side object (CANN's MatmulImpl, a cube-only kernel)
  // configures itself. The vector core's client (MatmulClient) writes its
  // staged message, which the next post copies to the server; the server
  // applies a message's setters only when it carries SetTensorA or
  // SetTensorB (docs/Runtime.md, "The handshake").
  //===--------------------------------------------------------------------===//

  void Init(const TCubeTiling *__restrict cubeTiling, TPipe *tpipe = nullptr,
            Loc loc = Loc::current()) {
    (void)tpipe;
    if (!cubeTiling)
      asc_run::misuse(loc, "Init with a null TCubeTiling");
    checkNothingInFlight("Init", loc,
                         "MatmulClient::Init sets the client's workspace "
                         "address to null and recomputes its iteration "
                         "counts at once, while the in-flight call's fetches "
                         "still need them");
    if constexpr (!CubeSide) {
      // MatmulClient::Init posts MMFUN_INIT itself and then zeroes the
      // staged message's head and flag word; the server re-initialises its
      // Matmul when it reaches the message (MatmulService::Init).
      postSetterMessage("Init", loc, "MatmulClient::Init");
      workspace_ = nullptr; // cacheWorkspaceAddr = nullptr
      workspaceBytes_ = 0;
    }
    tiling_ = *cubeTiling;
    initialised_ = true;
    orgM_ = tiling_.M;
    orgN_ = tiling_.N;
    orgKa_ = tiling_.Ka;
    orgKb_ = tiling_.Kb;
    singleM_ = tiling_.singleCoreM;
    singleN_ = tiling_.singleCoreN;
    singleK_ = tiling_.singleCoreK;
    clientM_ = tiling_.singleCoreM;
    clientN_ = tiling_.singleCoreN;
    ended_ = false;
  }

  void SetOrgShape(int orgM, int orgN, int orgK, Loc loc = Loc::current()) {
    // MatmulClient::SetOrgShape(orgM, orgN, orgK) passes orgKc = orgN.
    SetOrgShape(orgM, orgN, orgK, orgK, orgN, loc);
  }
  void SetOrgShape(int orgM, int orgN, int orgKa, int orgKb, int orgKc = 0,
                   Loc loc = Loc::current()) {
    (void)orgKc;
    if constexpr (!CubeSide) {
      // The message's orgShape member shares its union with the staged
      // fields: orgM lands on the flag word, orgN, orgKa, orgKb on singleM,
      // singleN, singleK. Then MatmulClient::SetOrgShape posts
      // MMFUN_SET_ORG_SHAPE, which the server applies in order
      // (MatmulService::SetOrgShape).
      staged_.singleM = orgN;
      staged_.singleN = orgKa;
      staged_.singleK = orgKb;
      postSetterMessage("SetOrgShape", loc, "MatmulClient::SetOrgShape");
    }
    orgM_ = orgM;
    orgN_ = orgN;
    orgKa_ = orgKa;
    orgKb_ = orgKb;
  }
  void SetSingleShape(int singleM, int singleN, int singleK,
                      Loc loc = Loc::current()) {
    if constexpr (!CubeSide) {
      // MatmulClient::SetSingleShape is SetTail.
      stageTail("SetSingleShape", singleM, singleN, singleK, loc);
      return;
    }
    singleM_ = singleM;
    singleN_ = singleN;
    singleK_ = singleK;
  }
  void SetTail(int tailM = -1, int tailN = -1, int tailK = -1,
               Loc loc = Loc::current()) {
    if constexpr (!CubeSide) {
      stageTail("SetTail", tailM, tailN, tailK, loc);
      return;
    }
    applyTail(tailM, tailN, tailK);
  }

  void SetTensorA(const GlobalTensor<SrcAT> &gm, bool isTransposeA = false,
                  Loc loc = Loc::current()) {
    stageTensorA(gm.GetPhyAddr(), isTransposeA, loc);
  }
  void SetTensorA(const LocalTensor<SrcAT> &leftMatrix,
                  bool isTransposeA = false, Loc loc = Loc::current()) {
    if constexpr (A_TYPE::pos != TPosition::TSCM)
      ringCopy(uint64_t(leftMatrix.GetSize()) * sizeof(SrcAT));
    stageTensorA(leftMatrix.GetPhyAddr(), isTransposeA, loc);
  }
  /// A scalar A: every element of the left matrix is `aScalar` (on the
  /// cube-side object; the client's message cannot carry it, see
  /// applyMessage).
  void SetTensorA(SrcAT aScalar, Loc loc = Loc::current()) {
    scalarA_ = aScalar;
    if constexpr (CubeSide) {
      a_ = &scalarA_;
      transA_ = false;
      broadcastA_ = true;
    } else {
      // MatmulClient::SetTensorA(SrcAT) copies the scalar's bytes into the
      // message's aAddr and sets setTensorA, but not isFirstIter.
      staged_.aKind = AddrKind::ScalarA;
      staged_.setTensorA = true;
      staged_.tensorALoc = loc;
    }
  }
  void SetTensorB(const GlobalTensor<SrcBT> &gm, bool isTransposeB = false,
                  Loc loc = Loc::current()) {
    stageTensorB(gm.GetPhyAddr(), isTransposeB, loc);
  }
  void SetTensorB(const LocalTensor<SrcBT> &rightMatrix,
                  bool isTransposeB = false, Loc loc = Loc::current()) {
    if constexpr (B_TYPE::pos != TPosition::TSCM)
      ringCopy(uint64_t(rightMatrix.GetSize()) * sizeof(SrcBT));
    stageTensorB(rightMatrix.GetPhyAddr(), isTransposeB, loc);
  }
  /// A scalar B: every element of the right matrix is `bScalar` (on the
  /// cube-side object).
  void SetTensorB(SrcBT bScalar, Loc loc = Loc::current()) {
    scalarB_ = bScalar;
    if constexpr (CubeSide) {
      b_ = &scalarB_;
      transB_ = false;
      broadcastB_ = true;
    } else {
      // MatmulClient::SetTensorB(SrcBT) on c220 copies the scalar's bytes
      // into the message's aAddr (not bAddr) and sets setTensorB, but not
      // isFirstIter.
      staged_.aKind = AddrKind::ScalarBInA;
      staged_.setTensorB = true;
      staged_.tensorBLoc = loc;
      staged_.scalarBLoc = loc;
    }
  }
  void SetBias(const GlobalTensor<BiasT> &biasGlobal,
               Loc loc = Loc::current()) {
    stageBias(biasGlobal.GetPhyAddr(), loc);
  }
  void SetBias(const LocalTensor<BiasT> &inputBias, Loc loc = Loc::current()) {
    ringCopy(uint64_t(inputBias.GetSize()) * sizeof(BiasT));
    stageBias(inputBias.GetPhyAddr(), loc);
  }
  void DisableBias(Loc loc = Loc::current()) {
    (void)loc;
    if constexpr (CubeSide)
      bias_ = nullptr;
    else
      staged_.setTensorBias = false; // MatmulClient::DisableBias
  }
  void ClearBias(Loc loc = Loc::current()) { DisableBias(loc); }
  void SetQuantScalar(const uint64_t quantScalar, Loc loc = Loc::current()) {
    float scale = asc_run::bitsFloat(static_cast<uint32_t>(quantScalar));
    if constexpr (CubeSide) {
      quantScalar_ = scale;
      quantVector_ = nullptr;
      quant_ = true;
    } else {
      staged_.setQuant = true;
      staged_.quantMode = 1;
      staged_.quantScalar = scale;
      staged_.quantLoc = loc;
      staged_.quantCall = "SetQuantScalar";
    }
  }
  void SetQuantVector(const GlobalTensor<uint64_t> &quantTensor,
                      Loc loc = Loc::current()) {
    if constexpr (CubeSide) {
      quantVector_ = quantTensor.GetPhyAddr();
      quant_ = true;
    } else {
      staged_.setQuant = true;
      staged_.quantMode = 2;
      staged_.quantAddr = quantTensor.GetPhyAddr();
      staged_.quantLoc = loc;
      staged_.quantCall = "SetQuantVector";
    }
  }
  /// The client's own state (MatmulClient::SetWorkspace posts nothing): the
  /// workspace the next async Iterate or IterateNBatch names as C, and the
  /// fetches' read offset, reset to 0.
  template <class T>
  void SetWorkspace(__gm__ const T *addr, int size, Loc loc = Loc::current()) {
    checkNothingInFlight("SetWorkspace", loc, kSetWorkspaceInFlight);
    workspace_ = reinterpret_cast<const uint8_t *>(addr);
    workspaceBytes_ = static_cast<uint64_t>(size) * sizeof(T);
    cOffset_ = 0;
  }
  template <class T>
  void SetWorkspace(GlobalTensor<T> &addr, Loc loc = Loc::current()) {
    checkNothingInFlight("SetWorkspace", loc, kSetWorkspaceInFlight);
    workspace_ = reinterpret_cast<const uint8_t *>(addr.GetPhyAddr());
    workspaceBytes_ = addr.GetSize() * sizeof(T);
    cOffset_ = 0;
  }
  /// HF32 mode rounds fp32 inputs to 19 bits on the device; asc-run keeps
  /// fp32 (docs/Runtime.md). The client posts MMFUN_SET_HF32 at once.
  void SetHF32(bool enableHF32 = false, int32_t transMode = 0,
               Loc loc = Loc::current()) {
    (void)enableHF32;
    (void)transMode;
    if constexpr (!CubeSide)
      postSetterMessage("SetHF32", loc, "MatmulClient::SetHF32");
  }
  void SetBatchNum(int32_t batchA, int32_t batchB, Loc loc = Loc::current()) {
    static_assert(CubeSide, "SetBatchNum exists only on the cube-side Matmul "
                            "object: define ASCENDC_CUBE_ONLY");
    (void)loc;
    batchA_ = batchA;
    batchB_ = batchB;
  }

  //===--------------------------------------------------------------------===//
  // Block by block: Iterate + GetTensorC
  //===--------------------------------------------------------------------===//

  /// The next baseM x baseN block into CO1 (with enPartialSum added to what
  /// CO1 holds), fetched with GetTensorC. The client's asynchronous form
  /// posts once; the server then computes every block into the workspace
  /// and signals them (MatmulService::StartIterate).
  template <bool sync = true>
  bool Iterate(bool enPartialSum = false, Loc loc = Loc::current()) {
    static_assert(!ToConfig().enableMixDualMaster,
                  "Iterate not support when enableMixDualMaster is enabled.");
    const char *name = sync ? "Iterate<true>" : "Iterate<false>";
    checkCall(name, loc);
    if constexpr (CubeSide)
      return cubeIterate(enPartialSum, loc, name);
    else
      return clientIterate<sync>(enPartialSum, loc, name);
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
      asc_run::InlineCube inlineCube(true);
      checkCall(name, loc);
      requireInputs(name, loc);
      checkNzShapes(name, loc);
      if (!iterating_) {
        iterating_ = true;
        round_ = 0;
        blocksM_ = ceilDiv(singleM_, baseM());
        blocksN_ = ceilDiv(singleN_, baseN());
      } else if (++round_ >= blocksM_ * blocksN_) {
        iterating_ = false;
        return false;
      }
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
    static_assert(
        !ToConfig().enableMixDualMaster,
        "GetTensorC not support when enableMixDualMaster is enabled.");
    static_assert(
        ToConfig().enableGetTensorC,
        "GetTensorC is not support when enableGetTensorC is disabled");
    asc_run::unused(height, width, srcGap, dstGap);
    std::string call =
        std::string("GetTensorC") + (sync ? "<true>" : "<false>");
    checkNzBlock(call, loc);
    uint32_t stride = kNzC ? (enSequentialWrite ? baseM() : singleM_)
                           : (enSequentialWrite ? baseN() : singleN_);
    if constexpr (!CubeSide) {
      if (!isSyncGetC_) {
        // MatmulClient::GetTensorC's asynchronous branch (the previous
        // compute call was asynchronous): wait for the block's signal, copy
        // it from the workspace (CopyToUB).
        if (sync)
          asc_run::misuse(loc, call + " after Iterate<false>: fetch with "
                                      "GetTensorC<false>");
        fetchBlock(call, loc, c.GetPhyAddr(), stride, enSequentialWrite,
                   "WaitGetTensorC");
        return;
      }
      if (!sync)
        asc_run::note(
            call + " at " + loc.str() +
            " into UB after a synchronous Iterate is synchronous on the "
            "device: MatmulClient::GetTensorC takes its synchronous branch "
            "(isSyncGetC; its ASSERT(sync == true) is compiled out)");
    }
    syncFetch(call, loc, c.GetPhyAddr(), stride, enSequentialWrite, enAtomic,
              true);
  }
  template <bool sync = true>
  void GetTensorC(const GlobalTensor<DstT> &gm, uint8_t enAtomic = 0,
                  bool enSequentialWrite = false, Loc loc = Loc::current()) {
    static_assert(
        !ToConfig().enableMixDualMaster,
        "GetTensorC not support when enableMixDualMaster is enabled.");
    static_assert(
        ToConfig().enableGetTensorC,
        "GetTensorC is not support when enableGetTensorC is disabled");
    std::string call =
        std::string("GetTensorC") + (sync ? "<true>" : "<false>");
    checkNzBlock(call, loc);
    requireSyncIterate(call, loc);
    uint32_t stride = gmStride(enSequentialWrite);
    syncFetch(call, loc, gm.GetPhyAddr(), stride, enSequentialWrite, enAtomic,
              CubeSide || sync);
  }
  /// The block to GM and to a local tensor at once (the client copies the GM
  /// block to UB after the fetch: MatmulClient::GetTensorC(gm, co2Local)).
  template <bool sync = true>
  void GetTensorC(const GlobalTensor<DstT> &gm, const LocalTensor<DstT> &cLocal,
                  uint8_t enAtomic = 0, bool enSequentialWrite = false,
                  Loc loc = Loc::current()) {
    static_assert(
        ToConfig().enableGetTensorC,
        "GetTensorC is not support when enableGetTensorC is disabled");
    std::string call =
        std::string("GetTensorC") + (sync ? "<true>" : "<false>");
    checkNzBlock(call, loc);
    requireSyncIterate(call, loc);
    uint32_t stride = gmStride(enSequentialWrite);
    uint32_t localStride = kNzC ? (enSequentialWrite ? baseM() : singleM_)
                                : (enSequentialWrite ? baseN() : singleN_);
    syncFetch(call, loc, gm.GetPhyAddr(), stride, enSequentialWrite, enAtomic,
              CubeSide || sync, cLocal.GetPhyAddr(), localStride);
  }
  /// The older asynchronous fetch of the current block into UB: like
  /// GetTensorC<false>, but its copy does not order the vector pipe
  /// (MatmulClient::AsyncGetTensorC: CopyToUB<..., false>).
  template <bool S = CubeSide, std::enable_if_t<!S, int> = 0>
  void AsyncGetTensorC(const LocalTensor<DstT> &c, Loc loc = Loc::current()) {
    const std::string call = "AsyncGetTensorC";
    checkNzBlock(call, loc);
    if (isSyncGetC_)
      asc_run::misuse(loc, call + " after a synchronous call: "
                                  "MatmulClient::AsyncGetTensorC asserts "
                                  "!isSyncGetC (fetch after Iterate<false>)");
    fetchBlock(call, loc, c.GetPhyAddr(), kNzC ? baseM() : baseN(), true,
               "WaitGetTensorC");
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
    const std::string call = "GetTensorC<false>";
    if (isSyncGetC_ || !asyncRun_.active || !workspace_)
      asc_run::misuse(
          loc, "GetTensorC<false>() needs an Iterate<false> with a workspace "
               "(MatmulClient::GetTensorC asserts !isSyncGetC and "
               "cacheWorkspaceAddr)");
    return fetchView(call, loc);
  }
  template <bool S = CubeSide, std::enable_if_t<!S, int> = 0>
  void WaitGetTensorC(Loc loc = Loc::current()) {
    waitCopy("WaitGetTensorC", loc);
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
    asc_run::InlineCube inlineCube(CubeSide);
    checkCall(name, loc);
    checkNotInLoop(name, loc);
    if (sync && waitIterateAll)
      asc_run::misuse(loc, "IterateAll<true> with waitIterateAll");
    Message m = postIssue(name, loc, "MatmulClient::IterateAll");
    requireInputs(name, loc);
    checkNzShapes(name, loc);
    if (kNzC && enSequentialWrite && baseN() % kC0C != 0)
      asc_run::misuse(loc,
                      std::string(name) +
                          " with enSequentialWrite of an NZ C needs baseN (" +
                          std::to_string(baseN()) +
                          ") in multiples of the fractal width " +
                          std::to_string(kC0C));
    auto p = newPending(name, loc,
                        (!sync && waitIterateAll) ? "WaitIterateAll" : "");
    p->seq = m.seq;
    addInputs(*p, 1);
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
    allProduct(1);
    // MatmulService::Iterate signals an IterateAll only when it is
    // synchronous or has waitIterateAll, and ends the Matmul (mul.End()).
    finishServerCall(std::move(p), sync, sync || waitIterateAll, loc,
                     "MatmulService::Iterate");
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
    waitIssue("WaitIterateAll", loc);
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
    iterateBatch(sync ? "IterateBatch<true>" : "IterateBatch<false>", sync,
                 sync || waitIterateBatch,
                 (!sync && waitIterateBatch) ? "WaitIterateBatch" : "",
                 gm.GetPhyAddr(), matrixStrideC, false, batchA, batchB,
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
    iterateBatch("IterateBatch<true>", true, true, "", ubCmatrix.GetPhyAddr(),
                 0, true, batchA, batchB, matrixStrideA, matrixStrideB,
                 enPartialSum, enAtomic, loc);
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
    iterateBatch("IterateBatch", true, true, "", gm.GetPhyAddr(), matrixStrideC,
                 false, batchA_, batchB_, matrixStrideA, matrixStrideB,
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
    iterateBatch("IterateBatch", true, true, "", ubCmatrix.GetPhyAddr(), 0,
                 true, batchA_, batchB_, matrixStrideA, matrixStrideB,
                 enPartialSum, enAtomic, loc);
  }

  /// batchLoop IterateBatch calls of max(batchA, batchB) batches each, into
  /// the workspace (SetWorkspace): loop l takes the batches l * batchA ... of
  /// A, B (their batch layouts: BSNGD, SBNGD, BNGS1S2) and writes C's batches
  /// at their places in C's layout, as CANN's server does
  /// (MatmulService::StartIterateNBatch, CalcNBatchoffset). The server
  /// signals once at the end with sync or waitIterateBatch (completed by the
  /// client itself or by WaitIterateBatch), otherwise after each of the
  /// first 13 loops and, with 14 or more, once after the last (consumed by
  /// the GetBatchTensorC fetches).
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
    checkCall(name, loc);
    checkNotInLoop(name, loc);
    if (kNzA || kNzB || kNzC)
      asc_run::misuse(loc,
                      std::string(name) +
                          " with an NZ operand is not modelled by asc-run");
    if (!workspace_)
      asc_run::misuse(loc, std::string(name) +
                               " needs SetWorkspace first (its results go "
                               "to the workspace; MatmulClient::IterateNBatch "
                               "asserts cacheWorkspaceAddr)");
    // MatmulClient::IterateNBatch resets its counters before it posts.
    cntIter_ = 0;
    cOffset_ = 0;
    nbatchIter_ = 0;
    curProcess_ = 0;
    counting_ = true;
    Message m =
        postIssue(name, loc, "MatmulClient::IterateNBatch", enPartialSum);
    bool applied = m.isFirstIter;
    requireInputs(name, loc);
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
      parts.back()->seq = m.seq;
      parts.back()->part = l;
      if (perLoop)
        parts.back()->fetchedBy = "GetBatchTensorC";
    }
    uint64_t ldc = detail::layoutRowStride(C_TYPE::layout, cx);
    DstT *ws = reinterpret_cast<DstT *>(const_cast<uint8_t *>(workspace_));
    // The inputs the server holds: the message's with SetTensorA/B (each
    // loop at its offset: MatmulService::IterateSetMessage with the loop's
    // offsets), otherwise its previous ones for every loop.
    const SrcAT *aBase = a_;
    const SrcBT *bBase = b_;
    const BiasT *biasBase = bias_;
    const SrcAT *aLoop = aBase;
    const SrcBT *bLoop = bBase;
    const BiasT *biasLoop = biasBase;
    ldA_ = detail::layoutRowStride(A_TYPE::layout, ax);
    ldB_ = detail::layoutRowStride(B_TYPE::layout, bx);
    uint64_t end = 0;
    uint8_t mode = reduceG > 1 ? 1 : enAtomic; // a G reduction adds
    std::vector<AccT> result;
    std::vector<uint64_t> cPlace;
    for (uint32_t l = 0; l < batchLoop; ++l) {
      asc_run::Pending &p = *parts[perLoop ? l : 0];
      uint32_t at = applied ? l : 0; // the loop whose offsets apply
      if (applied) {
        aLoop =
            aBase + batchStart(A_TYPE::layout, ax, l, batchA, 0, matrixStrideA);
        bLoop =
            bBase + batchStart(B_TYPE::layout, bx, l, batchB, 0, matrixStrideB);
        biasLoop = biasBase && ToConfig().isBiasBatch
                       ? biasBase + uint64_t(l) * batchC * singleN_
                       : biasBase;
      }
      for (uint32_t i = 0; i < products; ++i) {
        uint32_t aIdx = broadcastIndex(i, 'A', batchA, loc, name);
        uint32_t bIdx = broadcastIndex(i, 'B', batchB, loc, name);
        uint64_t tC = uint64_t(l) * batchC + i / reduceG;
        a_ = aLoop +
             (batchStart(A_TYPE::layout, ax, at, batchA, aIdx, matrixStrideA) -
              batchStart(A_TYPE::layout, ax, at, batchA, 0, matrixStrideA));
        b_ = bLoop +
             (batchStart(B_TYPE::layout, bx, at, batchB, bIdx, matrixStrideB) -
              batchStart(B_TYPE::layout, bx, at, batchB, 0, matrixStrideB));
        // One bias per C batch; a G group adds it with its first product
        // (CANN's StopBias after the first).
        bias_ = biasLoop && i % reduceG == 0
                    ? biasLoop + (ToConfig().isBiasBatch
                                      ? uint64_t(i / reduceG) * singleN_
                                      : 0)
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
      allProduct(products); // the loop's products (mul.IterateBatch)
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
        finishPart(std::move(parts[perLoop ? l : 0]), loc);
      }
      // After the loop's accesses: the signal orders them.
      if (perLoop && l + 1 < kIncProcessCheck)
        pushSignal(m.seq, l);
    }
    // The server keeps the last loop's inputs (and the message's bias).
    a_ = aLoop;
    b_ = bLoop;
    bias_ = biasLoop;
    ldA_ = ldB_ = 0;
    iterating_ = false;
    if (workspaceBytes_ && end > workspaceBytes_)
      asc_run::misuse(loc, std::string(name) + " writes " +
                               std::to_string(end) +
                               " bytes of results into a workspace of " +
                               std::to_string(workspaceBytes_));
    // MatmulService::IterateNBatch: one signal at the end with sync or the
    // wait flag; without, one more after the last loop when 14 or more ran.
    if (!perLoop)
      pushSignal(m.seq, 0);
    else if (batchLoop >= kIncProcessCheck)
      pushSignal(m.seq, batchLoop - 1);
    signalStory_ =
        std::string(name) + " at " + loc.str() +
        (perLoop
             ? " has no wait flag: MatmulService::StartIterateNBatch "
               "signals after each of its first 13 loops and "
               "MatmulService::IterateNBatch once more after the last "
               "when 14 or more ran, " +
                   std::to_string(std::min(batchLoop, kIncProcessCheck)) +
                   " signals for its " + std::to_string(batchLoop) + " loops"
         : sync ? " is synchronous: MatmulService::IterateNBatch signals "
                  "once, after all its loops, and the client waited for that "
                  "signal itself"
                : " has its wait flag: MatmulService::IterateNBatch signals "
                  "once, after all its loops");
    nbatchIssued_ = true;
    nbatchLoops_ = batchLoop;
    nbatchBytes_ = end;
    if (sync)
      consumeSignal(name, loc, "MatmulClient::IterateNBatch");
    isSyncGetC_ = sync;
  }
  template <bool S = CubeSide, std::enable_if_t<!S, int> = 0>
  void WaitIterateBatch(Loc loc = Loc::current()) {
    waitIssue("WaitIterateBatch", loc);
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
    fetchWait(name, loc, kBatchFetchWaits);
    // The client's tiling, not the server's single shape
    // (MatmulClient::GetBatchTensorC).
    uint64_t elems = uint64_t(std::max(batchA, batchB)) *
                     uint64_t(tiling_.singleCoreM) * tiling_.singleCoreN;
    if (cOffset_ + elems * sizeof(DstT) > nbatchBytes_)
      asc_run::misuse(loc, std::string(name) + " returns workspace bytes [" +
                               std::to_string(cOffset_) + ", " +
                               std::to_string(cOffset_ + elems * sizeof(DstT)) +
                               "), past the " + std::to_string(nbatchBytes_) +
                               " bytes IterateNBatch wrote");
    global.SetGlobalBuffer(
        reinterpret_cast<DstT *>(const_cast<uint8_t *>(workspace_) + cOffset_),
        elems);
    cOffset_ += elems * sizeof(DstT);
    asc_run::scalarWork(1);
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
    fetchWait(name, loc, kBatchFetchWaits);
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
    {
      // CopyToUBBatch: MTE2 copies, then SetFlag/WaitFlag<MTE2_V>.
      asc_run::OnPipe onMte2(asc_run::PipeMte2);
      asc_run::checkAccess(name, loc, reads, false);
      asc_run::checkAccess(name, loc, writes, true);
    }
    asc_run::state().trace.work(asc_run::PipeMte2, asc_run::Work::GmCopy,
                                double(rows * rowBytes), double(rows));
    asc_run::orderPipes(asc_run::PipeMte2, asc_run::PipeV);
    for (uint64_t r = 0; r < rows; ++r)
      std::memmove(dst + r * stride, src + r * stride, rowBytes);
    cOffset_ = start * sizeof(DstT); // CalcNBatchoffset
    ++nbatchIter_;
  }

  /// MatmulClient::End: after a synchronous call it posts MMFUN_END, after
  /// an asynchronous one nothing; it never waits and completes nothing.
  void End(Loc loc = Loc::current()) {
    for (asc_run::Pending *p : asc_run::pendingOfObject(index_))
      if (!p->waitName.empty())
        asc_run::failRun(
            asc_run::kExitRace,
            "asc-run: protocol: End() at " + loc.str() +
                " with work pending: " + asc_run::describePending(*p) +
                " is not waited for (" + p->waitName + "())" + block());
    if constexpr (!CubeSide) {
      if (isSyncGetC_)
        post("End", loc);
    }
    iterating_ = false;
    ended_ = true;
    asc_run::scalarWork(1);
  }

private:
  static constexpr MatmulConfig ToConfig() { return MM_CFG; }
  static int ceilDiv(int a, int b) { return b > 0 ? (a + b - 1) / b : 0; }
  int baseM() const { return tiling_.baseM > 0 ? tiling_.baseM : singleM_; }
  int baseN() const { return tiling_.baseN > 0 ? tiling_.baseN : singleN_; }
  static std::string block() {
    return " (block " + std::to_string(asc_run::state().blockIdx) + ")";
  }

  /// CANN's INC_PROCESS_CHECK (kfc_comm.h): the client's fetches wait for a
  /// signal in their first 14 calls after a post that resets the count.
  static constexpr uint32_t kIncProcessCheck = 14;
  /// Scalar stores of a setter into the staged message, and of a call's own
  /// fields before its post (an assumption: MatmulClient's setters write
  /// two or three fields, its calls a handful).
  static constexpr double kSetterStores = 2;
  static constexpr double kCallFieldStores = 4;
  static constexpr const char *kBatchFetchWaits =
      "MatmulClient::GetBatchTensorC waits for a signal in each of its first "
      "14 calls after an IterateNBatch (curProcess < INC_PROCESS_CHECK)";
  static constexpr const char *kTensorFetchWaits =
      "MatmulClient::GetTensorC waits for a signal in each of its first 14 "
      "fetches after an Iterate<false> (curProcess < INC_PROCESS_CHECK)";
  static constexpr const char *kSetWorkspaceInFlight =
      "MatmulClient::SetWorkspace moves the workspace the client fetches "
      "from and resets its read offset at once, while the in-flight call "
      "still writes the old one";

  //===--------------------------------------------------------------------===//
  // The client's staged message and its posts (matmul_client.h, kfc_comm.h)
  //===--------------------------------------------------------------------===//

  /// What the message's aAddr holds: an address, or (CANN's scalar setters)
  /// a scalar's bytes.
  enum class AddrKind { None, Tensor, ScalarA, ScalarBInA };

  /// CANN's kfcMsg_ (KfcMsg, kfc_comm.h): the flag word of
  /// MatmulConfigParams and the fields the setters write. The fields stay
  /// after a post and are inert until their flag is set again.
  struct StagedMessage {
    // The flag word.
    bool isTransA = false, isTransB = false, setTail = false,
         setTensorA = false, setTensorB = false, setTensorBias = false,
         isFirstIter = false, setQuant = false;
    // The fields.
    AddrKind aKind = AddrKind::None;
    const SrcAT *aAddr = nullptr;
    const SrcBT *bAddr = nullptr;
    const BiasT *biasAddr = nullptr;
    int singleM = -1, singleN = -1, singleK = -1;
    int quantMode = 0;
    float quantScalar = 1.0f;
    const uint64_t *quantAddr = nullptr;
    // asc-run: where the flags were set, for the notes.
    Loc tensorALoc{}, tensorBLoc{}, biasLoc{}, tailLoc{}, quantLoc{},
        scalarBLoc{};
    const char *tailCall = "SetTail";
    const char *quantCall = "SetQuantScalar";

    void clearFlagWord() {
      isTransA = isTransB = setTail = setTensorA = setTensorB = false;
      setTensorBias = isFirstIter = setQuant = false;
    }
  };
  /// A posted copy of the staged message.
  struct Message : StagedMessage {
    int64_t seq = -1;
  };

  /// The setters staged in the flag word, for the notes.
  std::string stagedSetters(const StagedMessage &m, bool withTensors) const {
    std::vector<std::string> parts;
    auto at = [](const char *what, Loc l) {
      return std::string(what) + " at " + l.str();
    };
    if (withTensors && m.setTensorA)
      parts.push_back(at("SetTensorA", m.tensorALoc));
    if (withTensors && m.setTensorB)
      parts.push_back(at("SetTensorB", m.tensorBLoc));
    if (m.setTensorBias)
      parts.push_back(at("SetBias", m.biasLoc));
    if (m.setTail)
      parts.push_back(at(m.tailCall, m.tailLoc));
    if (m.setQuant)
      parts.push_back(at(m.quantCall, m.quantLoc));
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i)
      out += (i ? ", " : "") + parts[i];
    return out;
  }

  /// The c220 client's copy of a UB operand to its GM staging ring at the
  /// setter (MatmulClient::GetGlobalAddr, CopyGlobalAddr: SetFlag/WaitFlag
  /// <V_MTE3>, then an MTE3 DataCopy): its ordering and its cost; the
  /// tensor's bytes are checked at the issue (docs/Runtime.md).
  void ringCopy(uint64_t bytes) {
    if constexpr (!CubeSide) {
      asc_run::orderPipes(asc_run::PipeV, asc_run::PipeMte3);
      asc_run::state().trace.work(asc_run::PipeMte3, asc_run::Work::GmCopy,
                                  double(bytes), 1);
    }
  }

  void stageTensorA(const SrcAT *data, bool transpose, Loc loc) {
    if constexpr (CubeSide) {
      a_ = data;
      transA_ = transpose;
      broadcastA_ = false;
    } else {
      // MatmulClient::SetTensorA: isTransA, setTensorA, isFirstIter, aAddr.
      asc_run::scalarWork(kSetterStores);
      staged_.isTransA = transpose;
      staged_.setTensorA = true;
      staged_.isFirstIter = true;
      staged_.aKind = AddrKind::Tensor;
      staged_.aAddr = data;
      staged_.tensorALoc = loc;
    }
  }
  void stageTensorB(const SrcBT *data, bool transpose, Loc loc) {
    if constexpr (CubeSide) {
      b_ = data;
      transB_ = transpose;
      broadcastB_ = false;
    } else {
      // MatmulClient::SetTensorB: isTransB, setTensorB, isFirstIter, bAddr.
      asc_run::scalarWork(kSetterStores);
      staged_.isTransB = transpose;
      staged_.setTensorB = true;
      staged_.isFirstIter = true;
      staged_.bAddr = data;
      staged_.tensorBLoc = loc;
    }
  }
  void stageBias(const BiasT *data, Loc loc) {
    if constexpr (CubeSide) {
      bias_ = data;
    } else {
      // MatmulClient::SetBias on c220: biasAddr and setTensorBias, not
      // isFirstIter.
      asc_run::scalarWork(kSetterStores);
      staged_.biasAddr = data;
      staged_.setTensorBias = true;
      staged_.biasLoc = loc;
    }
  }
  /// MatmulClient::SetTail: the client's iteration counts change at once;
  /// the shape travels in the message.
  void stageTail(const char *call, int tailM, int tailN, int tailK, Loc loc) {
    asc_run::scalarWork(kSetterStores);
    if (tailM != -1)
      clientM_ = tailM;
    if (tailN != -1)
      clientN_ = tailN;
    staged_.singleM = tailM;
    staged_.singleN = tailN;
    staged_.singleK = tailK;
    staged_.setTail = true;
    staged_.tailLoc = loc;
    staged_.tailCall = call;
  }
  /// The server's Matmul: SetTail with -1 keeping a dimension.
  void applyTail(int tailM, int tailN, int tailK) {
    if (tailM != -1)
      singleM_ = tailM;
    if (tailN != -1)
      singleN_ = tailN;
    if (tailK != -1)
      singleK_ = tailK;
  }

  /// MatmulClientBase::PostMessage: the server gets a copy of the staged
  /// message; the flag word is cleared.
  Message post(const std::string &call, Loc loc) {
    Message m;
    static_cast<StagedMessage &>(m) = staged_;
    m.seq = nextSeq_++;
    staged_.clearFlagWord();
    // The call's own fields (function, addresses, flags) into kfcMsg_,
    // then the post itself (asc_run::postMessage).
    asc_run::scalarWork(kCallFieldStores);
    asc_run::postMessage();
    prevPost_ = lastPost_;
    lastPost_ = call + " at " + loc.str();
    return m;
  }

  /// A setter that posts a message of its own (SetOrgShape, SetHF32, Init):
  /// what was staged before it is lost.
  void postSetterMessage(const char *call, Loc loc, const char *cannFunction) {
    std::string lost = stagedSetters(staged_, true);
    if (!lost.empty())
      asc_run::note(std::string(call) + " at " + loc.str() +
                    " posts a message of its own (" + cannFunction +
                    ") and so loses the staged " + lost +
                    ": MatmulClientBase::PostMessage clears the flag word "
                    "after every post, and the server applies no setter of "
                    "that message");
    post(call, loc);
  }

  /// Posts an issue (IterateAll, IterateBatch, IterateNBatch) and has the
  /// server apply its message; returns the message (seq -1 on the cube-side
  /// object, which posts nothing).
  Message postIssue(const char *call, Loc loc, const char *clientFunction,
                    bool partialSum = false) {
    Message m;
    if constexpr (!CubeSide) {
      checkIssueAllowed(call, loc);
      m = post(call, loc);
      applyMessage(m, call, loc, clientFunction, partialSum);
    }
    return m;
  }

  /// MatmulService::IterateSetMessage: a message's setters are applied only
  /// when it carries isFirstIter (set by the tensor forms of SetTensorA and
  /// SetTensorB); then a message without SetBias disables the bias
  /// (MatmulService::SetBias), and SetTail and the quantisation are sticky.
  /// `assertingFunction` names the client call that asserts isFirstIter
  /// (compiled out on the device), or is null.
  bool applyMessage(const Message &m, const char *call, Loc loc,
                    const char *assertingFunction, bool partialSum = false) {
    std::string where = std::string(call) + " at " + loc.str();
    if (!m.isFirstIter) {
      std::string ignored = stagedSetters(m, true);
      if (assertingFunction)
        asc_run::note(
            where + " posts a message without SetTensorA or SetTensorB " +
            "since " +
            (prevPost_.empty() ? "the object's registration" : prevPost_) +
            ": " + assertingFunction +
            " asserts kfcMsg_.body.isFirstIter == 1, which the device "
            "compiles out (kernel_macros.h), and MatmulService::"
            "IterateSetMessage applies none of the message's setters" +
            (ignored.empty() ? "" : " (" + ignored + ")") +
            ": the server computes with its previous inputs");
      else if (!ignored.empty())
        asc_run::note(where + " carries " + ignored +
                      " without SetTensorA or SetTensorB: MatmulService::"
                      "IterateSetMessage applies none of them");
      return false;
    }
    if (m.setTensorA) {
      if (m.aKind == AddrKind::ScalarA)
        asc_run::misuse(loc, where + " applies the scalar SetTensorA at " +
                                 m.tensorALoc.str() +
                                 ": CANN's c220 client copies the scalar's "
                                 "bytes into the message's aAddr "
                                 "(MatmulClient::SetTensorA(SrcAT)), which "
                                 "MatmulService::SetTensorA reads as the "
                                 "address of A unless A's CubeFormat is "
                                 "SCALAR; asc-run does not model it");
      if (m.aKind == AddrKind::ScalarBInA)
        asc_run::misuse(loc, where +
                                 " applies SetTensorA with aAddr "
                                 "overwritten by the scalar SetTensorB "
                                 "at " +
                                 m.scalarBLoc.str() +
                                 ": CANN's c220 MatmulClient::SetTensorB("
                                 "SrcBT) writes the scalar into aAddr, not "
                                 "bAddr; asc-run does not model the "
                                 "corrupted address");
      a_ = m.aAddr;
      transA_ = m.isTransA;
      broadcastA_ = false;
    }
    if (m.setTensorB) {
      if (!m.bAddr)
        asc_run::misuse(loc, where + " applies the scalar SetTensorB at " +
                                 m.scalarBLoc.str() +
                                 ": CANN's c220 client writes the scalar into "
                                 "aAddr (MatmulClient::SetTensorB(SrcBT)), "
                                 "and the message's bAddr names no tensor; "
                                 "asc-run does not model it");
      b_ = m.bAddr;
      transB_ = m.isTransB;
      broadcastB_ = false;
    }
    if (ToConfig().enableSetBias) {
      if (m.setTensorBias) {
        bias_ = m.biasAddr;
        biasLoc_ = m.biasLoc;
      } else if (bias_) {
        // A partial sum adds no bias anyway (SetBias(IsBias() &&
        // !enPartialSum) in CANN's schedulers).
        if (!partialSum)
          asc_run::note(
              where + " carries new inputs (" + stagedInputs(m) +
              ") without SetBias: MatmulService::SetBias disables the bias "
              "that SetBias at " +
              biasLoc_.str() +
              " gave the earlier calls, so it runs without bias");
        bias_ = nullptr;
      }
    }
    if (ToConfig().enableSetTail && m.setTail)
      applyTail(m.singleM, m.singleN, m.singleK);
    if (ToConfig().enableQuantVector && m.setQuant) {
      quant_ = true;
      quantScalar_ = m.quantMode == 1 ? m.quantScalar : 1.0f;
      quantVector_ = m.quantMode == 2 ? m.quantAddr : nullptr;
    }
    return true;
  }
  std::string stagedInputs(const StagedMessage &m) const {
    std::string out;
    if (m.setTensorA)
      out += "SetTensorA at " + m.tensorALoc.str();
    if (m.setTensorB)
      out += (out.empty() ? "" : ", ") + std::string("SetTensorB at ") +
             m.tensorBLoc.str();
    return out;
  }

  //===--------------------------------------------------------------------===//
  // Signals: the server's NotifyEvent, the client's WaitEvent
  //===--------------------------------------------------------------------===//

  /// One NotifyEvent of the server on this object's event (devEvtID): sent
  /// after part `part` of message `seq`, when the server had done `point`.
  struct Signal {
    int64_t seq;
    uint32_t part;
    asc_run::PipePoint point;
  };

  /// The server signals now (after its work so far).
  void pushSignal(int64_t seq, uint32_t part) {
    signals_.push_back({seq, part, asc_run::cubePoint()});
  }

  /// The client's WaitEvent: takes the oldest signal; everything of this
  /// object's messages up to it is complete (the server runs them in order).
  /// Without a signal the vector core would wait forever: a hang.
  void consumeSignal(const std::string &call, Loc loc, const char *whyItWaits) {
    if (signals_.empty())
      asc_run::hang(
          call + " at " + loc.str() + " waits for a signal of " +
          "Matmul object #" + std::to_string(index_) + " that never comes: " +
          (signalStory_.empty() ? std::string("no call of the object posted a "
                                              "message that signals")
                                : signalStory_) +
          (lastConsumer_.empty()
               ? std::string()
               : "; its last signal was taken by " + lastConsumer_) +
          "; " + whyItWaits);
    Signal s = signals_.front();
    signals_.pop_front();
    std::vector<asc_run::Pending *> done;
    for (const auto &p : asc_run::state().pending)
      if (p->object == index_ && p->seq >= 0 &&
          (p->seq < s.seq || (p->seq == s.seq && p->part <= s.part)))
        done.push_back(p.get());
    for (asc_run::Pending *p : done)
      asc_run::complete(p);
    asc_run::waitSignal(s.point);
    lastConsumer_ = call + " at " + loc.str();
  }

  /// A fetch's wait (GetTensorC, GetBatchTensorC): only the first 14 after
  /// the post that reset curProcess wait.
  void fetchWait(const std::string &call, Loc loc, const char *whyItWaits) {
    if (curProcess_ >= kIncProcessCheck)
      return;
    ++curProcess_;
    consumeSignal(call, loc, whyItWaits);
  }

  /// WaitIterateAll / WaitIterateBatch: the protocol's pairing first (the
  /// wait completes a pending issue with its wait flag), then the signal.
  void waitIssue(const char *waitName, Loc loc) {
    std::string call = std::string(waitName) + "()";
    asc_run::Pending *flagged = nullptr;
    asc_run::Pending *perLoop = nullptr;
    asc_run::Pending *silent = nullptr;
    std::string why;
    for (asc_run::Pending *p : asc_run::pendingOfObject(index_)) {
      if (p->waitName == waitName && !flagged)
        flagged = p;
      else if (p->fetchedBy == "GetBatchTensorC" && !perLoop)
        perLoop = p;
      else if (p->fireAndForget() && !silent)
        silent = p;
      if (!p->waitName.empty() && p->waitName != waitName)
        why = "; " + asc_run::describePending(*p) + " is completed by " +
              p->waitName + "()";
    }
    if (flagged) {
      if (!signals_.empty() && signals_.front().seq < flagged->seq)
        asc_run::note(call + " at " + loc.str() +
                      " takes a signal an earlier call of Matmul object #" +
                      std::to_string(index_) +
                      " left (its fetches did not take all its signals), so "
                      "it returns before " +
                      asc_run::describePending(*flagged) + " completes");
      consumeSignal(call, loc,
                    std::string(waitName) == "WaitIterateAll"
                        ? "MatmulClient::WaitIterateAll waits for one signal"
                        : "MatmulClient::WaitIterateBatch waits for one "
                          "signal");
      return;
    }
    if (perLoop && std::string(waitName) == "WaitIterateBatch")
      asc_run::hang(
          call + " at " + loc.str() + " waits for " +
          asc_run::describePending(*perLoop) +
          ", which has no wait flag: MatmulService::StartIterateNBatch "
          "signals after each loop, so the wait takes the first loop's signal "
          "and the GetBatchTensorC of the last loop (MatmulClient::"
          "GetBatchTensorC waits in each of its first 14 calls) waits for a "
          "signal that never comes; a flagless IterateNBatch is consumed by "
          "its fetches alone");
    if (silent && signals_.empty())
      asc_run::hang(call + " at " + loc.str() +
                    " waits for a signal of Matmul object #" +
                    std::to_string(index_) +
                    " that never comes: " + asc_run::describePending(*silent) +
                    " has no wait flag and posts no signal (" +
                    (silent->call.rfind("IterateBatch", 0) == 0
                         ? "MatmulService::IterateBatch signals only with "
                           "sync or waitIterateBatch"
                     : silent->call.rfind("GetTensorC", 0) == 0
                         ? "MatmulService::GetTensorC signals only a "
                           "synchronous fetch"
                         : "MatmulService::Iterate signals an IterateAll "
                           "only with sync or waitIterateAll") +
                    ")");
    if (silent)
      why = "; " + asc_run::describePending(*silent) +
            " has no wait flag and posts no signal";
    asc_run::failRun(asc_run::kExitRace,
                     "asc-run: protocol: " + call + " at " + loc.str() +
                         " waits with nothing pending on Matmul object #" +
                         std::to_string(index_) + why + block());
  }

  /// WaitGetTensorC: SetFlag/WaitFlag<MTE2_V> on the vector core
  /// (MatmulClient::WaitGetTensorC), no cross-core wait: it completes the
  /// oldest UB copy (or view) of an async fetch.
  void waitCopy(const char *waitName, Loc loc) {
    // SetFlag/WaitFlag<MTE2_V> (MatmulClient::WaitGetTensorC).
    asc_run::orderPipes(asc_run::PipeMte2, asc_run::PipeV);
    for (asc_run::Pending *p : asc_run::pendingOfObject(index_))
      if (p->waitName == waitName) {
        asc_run::complete(p);
        return;
      }
    asc_run::failRun(asc_run::kExitRace,
                     "asc-run: protocol: " + std::string(waitName) + "() at " +
                         loc.str() +
                         " waits with nothing pending on Matmul object #" +
                         std::to_string(index_) + block());
  }

  //===--------------------------------------------------------------------===//
  // Checks shared by the calls
  //===--------------------------------------------------------------------===//

  /// SetWorkspace and Init while a call of this object is in flight.
  void checkNothingInFlight(const char *call, Loc loc, const char *why) {
    for (asc_run::Pending *p : asc_run::pendingOfObject(index_))
      asc_run::failRun(asc_run::kExitRace,
                       "asc-run: protocol: " + std::string(call) + " at " +
                           loc.str() + " reconfigures Matmul object #" +
                           std::to_string(index_) + " while " +
                           asc_run::describePending(*p) + " is pending (" +
                           why + ")" + block());
  }

  /// Any call: a modelled format, a tiling, not after End().
  void checkCall(const char *call, Loc loc) {
    if (!kModelledFormats)
      asc_run::misuse(loc, std::string(call) +
                               " with a CubeFormat other than ND and NZ (and "
                               "ND_ALIGN for C): not modelled by asc-run");
    if (!initialised_)
      asc_run::misuse(loc, std::string(call) + " on a Matmul object without a "
                                               "tiling (REGIST_MATMUL_OBJ with "
                                               "&tiling, or Init)");
    if (ended_)
      asc_run::misuse(loc, std::string(call) + " after End()");
  }
  void checkNotInLoop(const char *call, Loc loc) {
    if (iterating_)
      asc_run::misuse(loc,
                      std::string(call) + " in the middle of an Iterate loop");
  }
  /// The server has inputs to compute with.
  void requireInputs(const char *call, Loc loc) {
    if (!a_ || !b_)
      asc_run::misuse(loc, std::string(call) + " before SetTensorA/SetTensorB");
  }

  /// A new post while a call of this object is in flight: a waited call
  /// (two in flight at once are refused, stricter than the device), the
  /// loops of a flagless IterateNBatch or the blocks of an async Iterate not
  /// yet fetched (the new post resets the client's fetch count, and their
  /// signals would be taken by the new call's waits). An issue without its
  /// wait flag may be in flight: the server runs the messages in order.
  void checkIssueAllowed(const char *call, Loc loc) {
    for (asc_run::Pending *p : asc_run::pendingOfObject(index_)) {
      if (p->fireAndForget())
        continue;
      asc_run::failRun(
          asc_run::kExitRace,
          "asc-run: protocol: " + std::string(call) + " at " + loc.str() +
              " re-issues Matmul object #" + std::to_string(index_) +
              " while " + asc_run::describePending(*p) +
              (p->background           ? " has blocks not yet fetched"
               : !p->fetchedBy.empty() ? " has loops not yet fetched"
                                       : " is pending") +
              block());
    }
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
  /// A block of an NZ C is whole fractals wide.
  void checkNzBlock(const std::string &call, Loc loc) const {
    if (kNzC && baseN() % kC0C != 0)
      asc_run::misuse(loc, call + " of an NZ C needs baseN (" +
                               std::to_string(baseN()) +
                               ") in multiples of the fractal width " +
                               std::to_string(kC0C));
  }
  /// The GM forms of GetTensorC need a synchronous Iterate on the client
  /// (MatmulClient::GetTensorC(GlobalTensor) asserts isSyncGetC).
  void requireSyncIterate(const std::string &call, Loc loc) const {
    if (!CubeSide && !isSyncGetC_ && asyncRun_.active)
      asc_run::misuse(loc, call + " into GM after Iterate<false>: "
                                  "MatmulClient::GetTensorC(GlobalTensor) "
                                  "asserts isSyncGetC (a synchronous Iterate); "
                                  "the server would run the fetch after the "
                                  "whole asynchronous Iterate ended, which "
                                  "asc-run does not model (fetch into UB or "
                                  "through the view form)");
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
    asc_run::state().pending.push_back(std::move(p));
  }

  /// A part of a server call: its own accesses are checked against the other
  /// pending work, then it is pending until a signal completes it (or
  /// published at once on the cube-side object).
  void finishPart(std::unique_ptr<asc_run::Pending> p, Loc loc) {
    {
      asc_run::OnPipe onCube(asc_run::PipeCube);
      asc_run::checkAccess(p->call, loc, p->inputs, false, p.get());
      asc_run::checkAccess(p->call, loc, p->outputs, true, p.get());
    }
    if (CubeSide) {
      p->publish();
      return;
    }
    addPending(std::move(p));
  }

  /// A whole-call server computation (IterateAll, IterateBatch): pending,
  /// signalled when `signalled`, and waited for by the client at once when
  /// `sync`. The server ends its Matmul after it (mul.End()).
  void finishServerCall(std::unique_ptr<asc_run::Pending> p, bool sync,
                        bool signalled, Loc loc, const char *server) {
    std::string call = p->call;
    int64_t seq = p->seq;
    bool flagged = !p->waitName.empty();
    finishPart(std::move(p), loc);
    iterating_ = false;
    if constexpr (!CubeSide) {
      if (signalled)
        pushSignal(seq, 0);
      signalStory_ =
          call + " at " + loc.str() +
          (sync ? std::string(" is synchronous: ") + server +
                      " signals it once, and the client waited for that "
                      "signal itself"
           : flagged ? std::string(" has its wait flag: ") + server +
                           " signals it once, at its end"
                     : std::string(" has no wait flag and posts no signal (") +
                           server + ")");
      if (sync)
        consumeSignal(call, loc, "the synchronous call waits for its signal");
      isSyncGetC_ = sync;
    }
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

  void checkNBatchArgs(const char *call, uint32_t batchLoop, uint32_t batchA,
                       uint32_t batchB, uint32_t matrixStrideC, Loc loc) {
    std::string name = call;
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

  /// A fetch of IterateNBatch results: only the asynchronous form exists
  /// (rule L9; on the device the template argument plays no part), after an
  /// IterateNBatch. Whether a signal comes for it is the signals' business:
  /// after a synchronous or flagged IterateNBatch none does (a hang).
  void checkBatchFetch(bool sync, const char *call, Loc loc) {
    std::string name = call;
    if (sync)
      asc_run::misuse(loc, name + ": GetBatchTensorC exists only in the "
                                  "asynchronous form (sync = false)");
    if (ended_)
      asc_run::misuse(loc, name + " after End()");
    if (!nbatchIssued_)
      asc_run::misuse(loc, name + " without an IterateNBatch before it");
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
    blockProduct(rows, cols);
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

  /// max(batchA, batchB) products of the NORMAL layout into `dst`: in GM
  /// batch i at matrixStrideC (default orgM x orgN) elements, rows orgN
  /// apart; in a local tensor one singleCoreM x singleCoreN matrix after the
  /// other. MatmulService::IterateBatch signals with sync or
  /// waitIterateBatch and ends the Matmul.
  void iterateBatch(const char *name, bool sync, bool signalled,
                    const char *waitName, DstT *dst, uint32_t matrixStrideC,
                    bool local, uint32_t batchA, uint32_t batchB,
                    uint32_t matrixStrideA, uint32_t matrixStrideB,
                    bool partialSum, uint8_t enAtomic, Loc loc) {
    asc_run::InlineCube inlineCube(CubeSide);
    checkCall(name, loc);
    checkNotInLoop(name, loc);
    Message m = postIssue(name, loc, "MatmulClient::IterateBatch", partialSum);
    requireInputs(name, loc);
    checkNzShapes(name, loc);
    uint64_t rowStride = local ? uint64_t(singleN_) : uint64_t(orgN_);
    uint64_t height = local ? uint64_t(singleM_) : uint64_t(orgM_);
    uint64_t strideC = local           ? uint64_t(singleM_) * singleN_
                       : matrixStrideC ? matrixStrideC
                                       : uint64_t(orgM_) * orgN_;
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
    p->seq = m.seq;
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
      {
        asc_run::OnPipe onCube(asc_run::PipeCube);
        asc_run::checkAccess(p->call, loc, p->inputs, false, p.get());
      }
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
    allProduct(batches);
    finishServerCall(std::move(p), sync, signalled, loc,
                     "MatmulService::IterateBatch");
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

  /// The cost model's node of `count` products of m x n x k on the cube
  /// (the server's, or inline on the cube-side object).
  uint32_t product(uint32_t count, int m, int n, int k) const {
    asc_run::Rate rate = std::is_same_v<SrcAT, int8_t> ? asc_run::Rate::I8
                         : sizeof(SrcAT) >= 4          ? asc_run::Rate::F32
                                                       : asc_run::Rate::F16;
    return asc_run::serverProduct(count, m, n, k, sizeof(SrcAT), sizeof(DstT),
                                  rate, !CubeSide);
  }
  /// One block of `rows` x `cols` (an Iterate's).
  uint32_t blockProduct(int rows, int cols) const {
    return product(1, rows, cols, singleK_);
  }
  /// `batches` single shapes (IterateAll, IterateBatch, a loop of
  /// IterateNBatch).
  uint32_t allProduct(uint32_t batches) const {
    return product(batches, singleM_, singleN_, singleK_);
  }
  /// The server's FIXPIPE write of `bytes` of a block to GM (a fetch).
  uint32_t serverWrite(double bytes) const {
    asc_run::Node n;
    n.unit = asc_run::PipeCube;
    n.work = asc_run::Work::GmCopy;
    n.server = !CubeSide;
    n.a = bytes;
    n.b = 1;
    return asc_run::state().trace.add(n);
  }

  /// Async Iterate on the server (MatmulService::StartIterate): every block
  /// into the workspace, block after block (baseM x baseN each, alone in its
  /// slot: enSequentialWrite), a signal after each of the first 13 and, with
  /// 14 or more blocks, one after the last (MatmulService::Iterate). Each
  /// block is pending until a fetch takes a signal sent after it; the last
  /// block also holds A, B and the bias, which the cube reads until then.
  void startBackground(const Message &m, Loc loc, bool partialSum) {
    asc_run::OnPipe onCube(asc_run::PipeCube);
    blocksM_ = ceilDiv(singleM_, baseM());
    blocksN_ = ceilDiv(singleN_, baseN());
    int blocks = blocksM_ * blocksN_;
    uint64_t blockElems = uint64_t(baseM()) * baseN();
    uint64_t bytes = blockElems * blocks * sizeof(DstT);
    if (workspaceBytes_ && bytes > workspaceBytes_)
      asc_run::misuse(loc, "Iterate<false> leaves " + std::to_string(bytes) +
                               " bytes of blocks in a workspace of " +
                               std::to_string(workspaceBytes_));
    DstT *ws = reinterpret_cast<DstT *>(const_cast<uint8_t *>(workspace_));
    Block blk;
    for (int r = 0; r < blocks; ++r) {
      auto p = newPending("Iterate<false>", loc, "");
      p->background = true;
      p->fetchedBy = "GetTensorC";
      p->seq = m.seq;
      p->part = uint32_t(r);
      p->outputs.add(ws + r * blockElems, blockElems * sizeof(DstT), "C");
      if (r + 1 == blocks) {
        addInputs(*p, 1);
        asc_run::checkAccess(p->call, loc, p->inputs, false, p.get());
      }
      asc_run::checkAccess(p->call, loc, p->outputs, true, p.get());
      computeBlock(r, blk, partialSum, loc, "Iterate<false>");
      for (int i = 0; i < blk.rows; ++i)
        for (int j = 0; j < blk.cols; ++j)
          ws[r * blockElems + workspacePlace(i, j)] =
              detail::toOutput<DstT>(blk.values[uint64_t(i) * blk.cols + j]);
      blockProduct(blk.rows, blk.cols);
      if (uint32_t(r) + 1 < kIncProcessCheck)
        pushSignal(m.seq, uint32_t(r));
      asc_run::state().pending.push_back(std::move(p));
    }
    if (uint32_t(blocks) >= kIncProcessCheck)
      pushSignal(m.seq, uint32_t(blocks - 1));
    asyncRun_.active = true;
    asyncRun_.seq = m.seq;
    asyncRun_.blocks = blocks;
    signalStory_ =
        "Iterate<false> at " + loc.str() + " computed " +
        std::to_string(blocks) +
        " blocks, and MatmulService::StartIterate and MatmulService::Iterate "
        "signal after each of the first 13 and once more after the last "
        "when there are 14 or more: " +
        std::to_string(std::min<uint32_t>(uint32_t(blocks), kIncProcessCheck)) +
        " signals";
  }
  /// Where element (i, j) of a block lies in its workspace slot: ND rows of
  /// baseN, or an NZ block of baseM rows.
  uint64_t workspacePlace(int i, int j) const {
    return kNzC ? storedPlace(true, kC0C, baseM(), i, j)
                : uint64_t(i) * baseN() + j;
  }

  /// The cube-side object's Iterate (CANN's MatmulImpl runs inline, so the
  /// asynchronous form computes synchronously too).
  bool cubeIterate(bool enPartialSum, Loc loc, const char *name) {
    asc_run::InlineCube inlineCube(true);
    requireInputs(name, loc);
    checkNzShapes(name, loc);
    if (!iterating_) {
      iterating_ = true;
      round_ = 0;
      blocksM_ = ceilDiv(singleM_, baseM());
      blocksN_ = ceilDiv(singleN_, baseN());
    } else if (++round_ >= blocksM_ * blocksN_) {
      iterating_ = false;
      return false;
    }
    computeCurrentBlock(enPartialSum, loc, name);
    asc_run::scalarWork(1);
    return true;
  }

  /// The block `round_` of the server's loop into block_, its inputs read.
  void computeCurrentBlock(bool enPartialSum, Loc loc, const char *name) {
    asc_run::OnPipe onCube(asc_run::PipeCube);
    asc_run::Pending reads;
    addInputs(reads, 1);
    asc_run::checkAccess(name, loc, reads.inputs, false);
    computeBlock(round_, block_, enPartialSum, loc, name);
    blockProduct(block_.rows, block_.cols);
  }

  /// The client's blocks: its own count from the tiling and SetTail
  /// (MatmulClient's mIter_ * nIter_).
  uint32_t clientBlocks() const {
    return uint32_t(ceilDiv(clientM_, baseM()) * ceilDiv(clientN_, baseN()));
  }

  /// MatmulClient::Iterate: a message with isFirstIter (SetTensorA or
  /// SetTensorB since the last post) starts a loop and posts; otherwise the
  /// client counts on, posting again only when synchronous.
  template <bool sync>
  bool clientIterate(bool enPartialSum, Loc loc, const char *name) {
    if (staged_.isFirstIter) {
      checkIssueAllowed(name, loc);
      cntIter_ = 0;
      cOffset_ = 0;
      curProcess_ = 0;
      counting_ = true;
    } else {
      if (!counting_)
        asc_run::misuse(
            loc,
            std::string(name) + " without SetTensorA or SetTensorB since " +
                (lastPost_.empty() ? "the object's registration" : lastPost_) +
                ": MatmulClient::Iterate counts on from cntIter_, which "
                "no Iterate or IterateNBatch with new inputs set (CANN "
                "leaves it uninitialised); asc-run does not model it");
      if (++cntIter_ >= clientBlocks()) {
        if (iterateEnded_)
          asc_run::note(
              std::string(name) + " at " + loc.str() +
              " returns false at once: without SetTensorA or SetTensorB "
              "since " +
              lastPost_ +
              ", MatmulClient::Iterate counts on from the previous loop's end "
              "(cntIter_ >= mnIter_) and posts nothing, so the loop computes "
              "nothing");
        iterateEnded_ = true;
        iterating_ = false;
        asc_run::scalarWork(1);
        return false;
      }
      if constexpr (!sync) {
        iterateEnded_ = false;
        iterating_ = true;
        asc_run::scalarWork(1);
        return true;
      }
    }
    iterateEnded_ = false;
    if constexpr (!sync)
      if (!workspace_)
        asc_run::misuse(loc, "Iterate<false> needs SetWorkspace first (the "
                             "blocks are left in the workspace)");
    isSyncGetC_ = sync;
    Message m = post(name, loc);
    bool applied = applyMessage(m, name, loc, nullptr, enPartialSum);
    requireInputs(name, loc);
    checkNzShapes(name, loc);
    if constexpr (sync) {
      // MatmulService::StartIterate computes one block per synchronous
      // Iterate message and returns (no signal: the fetch waits).
      if (applied) {
        round_ = 0;
        blocksM_ = ceilDiv(singleM_, baseM());
        blocksN_ = ceilDiv(singleN_, baseN());
      } else if (!serverLoop_) {
        asc_run::misuse(loc, std::string(name) +
                                 " continues a loop the server does not "
                                 "have (its last call ended its Matmul); "
                                 "asc-run does not model it");
      } else if (++round_ >= blocksM_ * blocksN_) {
        asc_run::misuse(
            loc, std::string(name) + " asks the server for block " +
                     std::to_string(round_ + 1) + " of " +
                     std::to_string(blocksM_ * blocksN_) +
                     ": the client counts " + std::to_string(clientBlocks()) +
                     " blocks (SetTail and SetSingleShape change its count at "
                     "once), the server's single shape has fewer (they reach "
                     "it only with SetTensorA or SetTensorB); its scheduler "
                     "would step past the loop's end, which asc-run does not "
                     "model");
      }
      serverLoop_ = true;
      computeCurrentBlock(enPartialSum, loc, name);
    } else {
      startBackground(m, loc, enPartialSum);
      serverLoop_ = false;
    }
    iterating_ = true;
    asc_run::scalarWork(1);
    return true;
  }

  /// A fetch of the current block through the server (MMFUN_GET_TENSOR_C):
  /// synchronous (the server signals, the client waits), or GetTensorC<false>
  /// to GM after a synchronous Iterate, which the server never signals
  /// (MatmulService::GetTensorC). On the cube-side object, inline.
  void syncFetch(const std::string &call, Loc loc, DstT *base, uint32_t stride,
                 bool sequential, uint8_t enAtomic, bool waited,
                 DstT *localBase = nullptr, uint32_t localStride = 0) {
    asc_run::InlineCube inlineCube(CubeSide);
    if (!iterating_)
      asc_run::misuse(loc, call + " without a current block (call Iterate "
                                  "first)");
    Message m;
    if constexpr (!CubeSide) {
      checkIssueAllowed(call.c_str(), loc);
      m = post(call, loc);
      std::string lost = stagedSetters(m, true);
      if (!lost.empty())
        asc_run::note(call + " at " + loc.str() + " posts the staged " + lost +
                      ": MatmulService::GetTensorC applies no setter (and "
                      "MatmulClient::GetTensorC asserts isFirstIter == 0)");
    }
    DstT *dst = blockPlace(base, stride, sequential);
    DstT *local =
        localBase ? blockPlace(localBase, localStride, sequential) : nullptr;
    Block blk = block_;
    auto p = newPending(call.c_str(), loc, "");
    p->seq = m.seq;
    addStored(p->outputs, dst, blk.rows, blk.cols, stride, kNzC, kC0C, "C");
    p->outputs.atomic = enAtomic != 0;
    p->publish = [dst, stride, enAtomic, blk]() {
      for (int i = 0; i < blk.rows; ++i)
        for (int j = 0; j < blk.cols; ++j) {
          DstT value =
              detail::toOutput<DstT>(blk.values[uint64_t(i) * blk.cols + j]);
          DstT &d = dst[storedPlace(kNzC, kC0C, stride, i, j)];
          d = detail::combine(d, value, enAtomic);
        }
    };
    double bytes = double(blk.rows) * blk.cols * sizeof(DstT);
    // Into GM the server writes the block (FIXPIPE); into UB it writes a GM
    // staging copy, which the client copies in after its wait (CopyToUB:
    // MTE2, then SetFlag/WaitFlag<MTE2_V>).
    uintptr_t at = reinterpret_cast<uintptr_t>(dst);
    bool intoUb = !CubeSide && asc_run::inLocalMemory({at, at + 1});
    if (!intoUb) {
      asc_run::OnPipe onCube(asc_run::PipeCube);
      asc_run::checkAccess(p->call, loc, p->outputs, true, p.get());
    }
    serverWrite(bytes); // FIXPIPE: into GM, or the GM staging copy
    if (waited) {
      if constexpr (!CubeSide) {
        pushSignal(m.seq, 0);
        consumeSignal(call, loc, "the synchronous fetch waits for its signal");
      }
      if (intoUb) {
        asc_run::OnPipe onMte2(asc_run::PipeMte2);
        asc_run::checkAccess(p->call, loc, p->outputs, true, p.get());
        asc_run::state().trace.work(asc_run::PipeMte2, asc_run::Work::GmCopy,
                                    bytes, blk.rows);
        asc_run::orderPipes(asc_run::PipeMte2, asc_run::PipeV);
      }
      p->publish();
    } else {
      signalStory_ = call + " at " + loc.str() +
                     " posts a fetch that MatmulService::GetTensorC does not "
                     "signal (only a synchronous one)";
      addPending(std::move(p));
    }
    if (!local)
      return;
    // The UB copy of the GM block (CopyToUB in MatmulClient::GetTensorC(gm,
    // co2Local)), right after the post, waited for or not.
    asc_run::Footprint reads, writes;
    addStored(reads, dst, blk.rows, blk.cols, stride, kNzC, kC0C, "C");
    addStored(writes, local, blk.rows, blk.cols, localStride, kNzC, kC0C, "C");
    {
      asc_run::OnPipe onMte2(CubeSide ? asc_run::PipeCube : asc_run::PipeMte2);
      asc_run::checkAccess(call, loc, reads, false);
      asc_run::checkAccess(call, loc, writes, true);
    }
    if (!CubeSide) {
      asc_run::state().trace.work(asc_run::PipeMte2, asc_run::Work::GmCopy,
                                  bytes, blk.rows);
      asc_run::orderPipes(asc_run::PipeMte2, asc_run::PipeV);
    }
    for (int i = 0; i < blk.rows; ++i)
      for (int j = 0; j < blk.cols; ++j)
        local[storedPlace(kNzC, kC0C, localStride, i, j)] =
            detail::toOutput<DstT>(blk.values[uint64_t(i) * blk.cols + j]);
  }

  /// The client's fetches after an async Iterate share a refusal: one fetch
  /// at a time before its WaitGetTensorC, and not while another call is in
  /// flight (stricter than the device).
  void checkFetchAllowed(const std::string &call, Loc loc) {
    if (!asyncRun_.active || !workspace_)
      asc_run::misuse(loc, call + " needs an Iterate<false> with a workspace");
    for (asc_run::Pending *p : asc_run::pendingOfObject(index_))
      if (!p->background && !p->fireAndForget())
        asc_run::failRun(asc_run::kExitRace,
                         "asc-run: protocol: " + call + " at " + loc.str() +
                             " re-issues Matmul object #" +
                             std::to_string(index_) + " while " +
                             asc_run::describePending(*p) + " is pending" +
                             block());
  }

  /// The next block of an async Iterate, as the client counts them (its
  /// cOffset_), after the fetch's wait.
  uint64_t nextFetchedBlock(const std::string &call, Loc loc) {
    uint64_t blockBytes = uint64_t(baseM()) * baseN() * sizeof(DstT);
    uint64_t k = cOffset_ / blockBytes;
    fetchWait(call, loc, kTensorFetchWaits);
    if (k >= uint64_t(asyncRun_.blocks))
      asc_run::misuse(loc, call + " after every block of the Iterate<false> "
                                  "was fetched");
    cOffset_ += blockBytes;
    return k;
  }

  /// GetTensorC<false> (or AsyncGetTensorC) into UB after an async Iterate:
  /// the client waits for the block's signal and copies it from the
  /// workspace (MatmulClient::GetTensorC, CopyToUB); the copy is pending
  /// until WaitGetTensorC (stricter than c220, whose CopyToUB already waits
  /// for MTE2_V).
  void fetchBlock(const std::string &call, Loc loc, DstT *base, uint32_t stride,
                  bool sequential, const char *waitName) {
    checkFetchAllowed(call, loc);
    uint64_t k = nextFetchedBlock(call, loc);
    round_ = int(k);
    // CopyToUB: an MTE2 copy from the workspace.
    asc_run::OnPipe onMte2(asc_run::PipeMte2);
    uint64_t blockElems = uint64_t(baseM()) * baseN();
    const DstT *wsBlock =
        reinterpret_cast<const DstT *>(workspace_) + k * blockElems;
    asc_run::Footprint reads;
    reads.add(wsBlock, blockElems * sizeof(DstT), "workspace");
    asc_run::checkAccess(call, loc, reads, false);
    Block blk;
    uint32_t r, c;
    blockOrigin(int(k), r, c);
    blk.rows = std::min(baseM(), singleM_ - int(r));
    blk.cols = std::min(baseN(), singleN_ - int(c));
    blk.values.resize(uint64_t(blk.rows) * blk.cols);
    for (int i = 0; i < blk.rows; ++i)
      for (int j = 0; j < blk.cols; ++j)
        blk.values[uint64_t(i) * blk.cols + j] =
            AccT(wsBlock[workspacePlace(i, j)]);
    DstT *dst = blockPlace(base, stride, sequential);
    auto p = newPending(call.c_str(), loc, waitName);
    addStored(p->outputs, dst, blk.rows, blk.cols, stride, kNzC, kC0C, "C");
    p->inputs.add(wsBlock, blockElems * sizeof(DstT), "workspace");
    p->publish = [dst, stride, blk]() {
      for (int i = 0; i < blk.rows; ++i)
        for (int j = 0; j < blk.cols; ++j)
          dst[storedPlace(kNzC, kC0C, stride, i, j)] =
              detail::toOutput<DstT>(blk.values[uint64_t(i) * blk.cols + j]);
    };
    asc_run::checkAccess(p->call, loc, p->outputs, true, p.get());
    asc_run::state().trace.work(asc_run::PipeMte2, asc_run::Work::GmCopy,
                                double(blockElems * sizeof(DstT)), 1);
    addPending(std::move(p));
    // GetTensorC<false> on c220 copies with CopyToUB<..., sync = true>,
    // which ends with SetFlag/WaitFlag<MTE2_V>; AsyncGetTensorC copies with
    // sync = false (MatmulClient::AsyncGetTensorC).
    if (call != "AsyncGetTensorC")
      asc_run::orderPipes(asc_run::PipeMte2, asc_run::PipeV);
  }

  /// GetTensorC<false>(): after the block's signal, a view of it in the
  /// workspace (MatmulClient::GetTensorC without a destination: no copy, no
  /// pipe sync). Reading the view before WaitGetTensorC is refused (stricter
  /// than the device).
  GlobalTensor<DstT> fetchView(const std::string &call, Loc loc) {
    checkFetchAllowed(call, loc);
    uint64_t k = nextFetchedBlock(call, loc);
    GlobalTensor<DstT> view;
    view.SetGlobalBuffer(
        reinterpret_cast<DstT *>(const_cast<uint8_t *>(workspace_)) +
            k * baseM() * baseN(),
        uint64_t(baseM()) * baseN());
    uint64_t bytes = uint64_t(baseM()) * baseN() * sizeof(DstT);
    auto p = newPending(call.c_str(), loc, "WaitGetTensorC");
    p->outputs.add(view.GetPhyAddr(), bytes, "C");
    addPending(std::move(p));
    return view;
  }

  int index_ = -1;
  TCubeTiling tiling_{};
  bool initialised_ = false;
  bool ended_ = false;
  // The server's Matmul (MatmulService's mul; the cube-side object itself).
  int orgM_ = 0, orgN_ = 0, orgKa_ = 0, orgKb_ = 0;
  int singleM_ = 0, singleN_ = 0, singleK_ = 0;
  int batchA_ = 1, batchB_ = 1;
  uint64_t ldA_ = 0, ldB_ = 0; ///< batch-layout row strides (0: org shape)
  const SrcAT *a_ = nullptr;
  const SrcBT *b_ = nullptr;
  const BiasT *bias_ = nullptr;
  Loc biasLoc_{}; ///< the SetBias the server's bias came from
  bool transA_ = false, transB_ = false;
  bool broadcastA_ = false, broadcastB_ = false;
  SrcAT scalarA_{};
  SrcBT scalarB_{};
  bool quant_ = false;
  float quantScalar_ = 1.0f;
  const uint64_t *quantVector_ = nullptr;
  /// The server's block loop: the current block of a synchronous loop
  /// (round_ of blocksM_ x blocksN_, in block_), whether it has one.
  int round_ = 0, blocksM_ = 0, blocksN_ = 0;
  Block block_;
  bool serverLoop_ = false;
  /// L0C: the blocks the last computations left (nextCo1).
  Co1Buffer co1_[2];
  int co1Next_ = 0;
  /// The last async Iterate: its message and block count.
  struct AsyncRun {
    bool active = false;
    int64_t seq = -1;
    int blocks = 0;
  } asyncRun_;
  /// The last IterateNBatch: its loops and the bytes of results it wrote.
  bool nbatchIssued_ = false;
  uint32_t nbatchLoops_ = 0;
  uint64_t nbatchBytes_ = 0;
  // The client (MatmulClient): its staged message, workspace, counters.
  StagedMessage staged_;
  int64_t nextSeq_ = 0;
  std::string lastPost_, prevPost_;
  const uint8_t *workspace_ = nullptr; ///< cacheWorkspaceAddr
  uint64_t workspaceBytes_ = 0;
  int clientM_ = 0, clientN_ = 0; ///< the single shape mIter_/nIter_ count
  uint32_t cntIter_ = 0, curProcess_ = 0, nbatchIter_ = 0;
  uint64_t cOffset_ = 0;
  bool counting_ = false;     ///< cntIter_ was set by a post
  bool iterating_ = false;    ///< the last Iterate returned true
  bool iterateEnded_ = false; ///< the last Iterate returned false
  bool isSyncGetC_ = false;   ///< the last compute call was synchronous
  /// The server's signals not yet taken, and what the messages for them.
  std::deque<Signal> signals_;
  std::string signalStory_, lastConsumer_;
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

inline void registerObjects(asc_run::Loc, TPipe *, int) {}

/// REGIST_MATMUL_OBJ's argument list: objects, each optionally followed by
/// its tiling; an object with a tiling is initialised with it.
template <class T, class... Rest>
void registerObjects(asc_run::Loc loc, TPipe *pipe, int count, T &&first,
                     Rest &&...rest) {
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
      first.Init(next, pipe, loc);
      std::apply(
          [&](auto &&, auto &&...tail) {
            registerObjects(loc, pipe, count + 1,
                            std::forward<decltype(tail)>(tail)...);
          },
          std::forward_as_tuple(std::forward<Rest>(rest)...));
    } else {
      registerObjects(loc, pipe, count + 1, std::forward<Rest>(rest)...);
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
  AscendC::detail::registerObjects(asc_run::Loc::current(), tpipe, 0,          \
                                   __VA_ARGS__)
#else
#define REGIST_MATMUL_OBJ(tpipe, workspace, ...)                               \
  GM_ADDR __kfcClient__ = (workspace);                                         \
  (void)__kfcClient__;                                                         \
  if ASCEND_IS_AIC {                                                           \
    AscendC::serveCube(asc_run::Loc::current());                               \
    return;                                                                    \
  }                                                                            \
  AscendC::detail::registerObjects(asc_run::Loc::current(), tpipe, 0,          \
                                   __VA_ARGS__);                               \
  wait_flag_dev(asc_run::kWorkspaceSyncFlag)
#endif
#define REGIST_MATMUL_OBJ_STATIC REGIST_MATMUL_OBJ

#endif // ASC_RUN_LIB_MATMUL_INTF_H
