//===- model.h - The Matmul object ------------------------------*- C++ -*-===//
//
// The Matmul object of asc-run's Matmul API (lib/matmul_intf.h): its public
// calls, as CANN's MatmulImpl (the cube-side object of a cube-only kernel) and
// MatmulClient (the vector core's client of a mix kernel) declare them, and
// its state: the server's Matmul (MatmulService's mul, or the cube-side
// object itself) and the client's staged message. The client's
// type-independent state and the protocol checks are detail::ClientProtocol
// (protocol.h); the larger members are defined by job in handshake.h,
// cube.h, iterate.h and batch.h.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_MATMUL_MODEL_H
#define ASC_RUN_MATMUL_MODEL_H

#include "asc_run/matmul/arithmetic.h"
#include "asc_run/matmul/config.h"
#include "asc_run/matmul/layout.h"
#include "asc_run/matmul/message.h"
#include "asc_run/matmul/policy.h"
#include "asc_run/matmul/protocol.h"
#include "kernel_operator.h"
#include "kernel_tiling/kernel_tiling.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace AscendC {

/// The Matmul object: `CubeSide` is the cube core's MatmulImpl (a cube-only
/// kernel), otherwise the vector core's MatmulClient (a mix kernel).
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE,
          const auto &MM_CFG, bool CubeSide,
          class MM_CB = MatmulCallBackFunc<nullptr, nullptr, nullptr>,
          ASC_RUN_MATMUL_POLICY_PARAM MATMUL_POLICY =
              Impl::Detail::MatmulPolicy>
class MatmulModel : private detail::ClientProtocol {
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
  /// The name of a CubeFormat in a diagnostic.
  static constexpr const char *formatName(CubeFormat f) {
    switch (f) {
    case CubeFormat::ND:
      return "ND";
    case CubeFormat::NZ:
      return "NZ";
    case CubeFormat::ZN:
      return "ZN";
    case CubeFormat::ZZ:
      return "ZZ";
    case CubeFormat::NN:
      return "NN";
    case CubeFormat::ND_ALIGN:
      return "ND_ALIGN";
    case CubeFormat::SCALAR:
      return "SCALAR";
    case CubeFormat::VECTOR:
      return "VECTOR";
    default:
      return "COLUMN_MAJOR";
    }
  }
  /// A Matmul operand in a position asc-run reads it from: GM, UB (VECIN,
  /// VECOUT, VECCALC) or, for A and B, a TSCM tensor; C may also be a CO1
  /// tensor (Iterate into CO1).
  static constexpr bool modelledPosition(TPosition p, bool isC) {
    return p == TPosition::GM || p == TPosition::VECIN ||
           p == TPosition::VECOUT || p == TPosition::VECCALC ||
           (!isC && p == TPosition::TSCM) || (isC && p == TPosition::CO1);
  }
  /// asc-run computes ND and NZ A and B and an ND or NZ C; a MatmulType
  /// parameter it does not model is refused by name (an ND_ALIGN C would
  /// need its rows padded to 32 bytes, which asc-run does not do). The
  /// bias is a row of N whatever its format (BIAS_TYPE defaults to C_TYPE).
  static constexpr const char *unmodelledTypeParameter() {
    // A VECTOR A (GEMV) is a row of K elements, an ND A of one row; its
    // single-core M of 1 is checked at each call (checkCall).
    if (A_TYPE::format != CubeFormat::ND && A_TYPE::format != CubeFormat::NZ &&
        A_TYPE::format != CubeFormat::VECTOR)
      return "A";
    if (B_TYPE::format != CubeFormat::ND && B_TYPE::format != CubeFormat::NZ)
      return "B";
    // An ND_ALIGN C is checked at each call (checkNdAlign).
    if (C_TYPE::format != CubeFormat::ND && C_TYPE::format != CubeFormat::NZ &&
        C_TYPE::format != CubeFormat::ND_ALIGN)
      return "C";
    return nullptr;
  }
  static constexpr const char *kSparseB =
      "SparseMatmulType (a 4:2 structured sparse B and its index matrix)";
  template <class T, class = void> struct IsSparse : std::false_type {};
  template <class T>
  struct IsSparse<T, std::void_t<decltype(T::indexPosition)>> : std::true_type {
  };
  static constexpr const char *unmodelledPosition() {
    if (!modelledPosition(A_TYPE::pos, false))
      return "A";
    if (!modelledPosition(B_TYPE::pos, false))
      return "B";
    if (!modelledPosition(C_TYPE::pos, true))
      return "C";
    // BIAS_TYPE defaults to C_TYPE: a CO1 C gives a CO1 bias type.
    if (!modelledPosition(BIAS_TYPE::pos, true))
      return "the bias";
    return nullptr;
  }
  static constexpr bool kNzA = A_TYPE::format == CubeFormat::NZ;
  /// The triangular policies (policy.h): 1 upper, 2 lower, 0 neither.
  static constexpr int kTriangle =
      MATMUL_POLICY<MM_CFG, void, A_TYPE, B_TYPE, C_TYPE,
                    BIAS_TYPE>::ascRunTriangle;
  /// Whether the scheduler computes and writes the base block of element
  /// (i, j) of the single shape (a triangular policy skips the others).
  bool inTriangle(int i, int j) const {
    if constexpr (kTriangle == 0)
      return true;
    int row = i / baseM(), col = j / baseN();
    return kTriangle == 1 ? row <= col : row >= col;
  }
  static constexpr bool kNzB = B_TYPE::format == CubeFormat::NZ;
  static constexpr bool kNzC = C_TYPE::format == CubeFormat::NZ;
  /// The width of an NZ fractal (its height is 16): 32 bytes of A and B
  /// (C0: 16 halves, 32 int8, 8 floats); C's float/int32 fractal is 16 wide,
  /// 8 with isEnableChannelSplit (CANN's NZ alignment table).
  static constexpr uint64_t kC0A = 32 / sizeof(SrcAT);
  static constexpr uint64_t kC0B = 32 / sizeof(SrcBT);
  static constexpr uint64_t kC0C =
      sizeof(DstT) == 4
          ? (asc_run::matmul::configOf(MM_CFG).isEnableChannelSplit ? 8 : 16)
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
            Loc loc = Loc::current());

  void SetOrgShape(int orgM, int orgN, int orgK, Loc loc = Loc::current()) {
    // MatmulClient::SetOrgShape(orgM, orgN, orgK) passes orgKc = orgN.
    SetOrgShape(orgM, orgN, orgK, orgK, orgN, loc);
  }
  void SetOrgShape(int orgM, int orgN, int orgKa, int orgKb, int orgKc = 0,
                   Loc loc = Loc::current()) {
    // CANN's copy-out takes orgKc, when given, as C's row stride
    // (CopyCubeOut's GetOrgWidth, copy_cube_out_fixpipe.h); asc-run writes
    // C at orgN.
    if (orgKc != 0 && orgKc != orgN)
      asc_run::misuse(loc, "SetOrgShape with an orgKc (" +
                               std::to_string(orgKc) + ") other than orgN (" +
                               std::to_string(orgN) +
                               "), C's row stride: not modelled by asc-run");
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
  void SetTensorA(SrcAT aScalar, Loc loc = Loc::current());
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
  void SetTensorB(SrcBT bScalar, Loc loc = Loc::current());
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
  void SetQuantScalar(const uint64_t quantScalar, Loc loc = Loc::current());
  void SetQuantVector(const GlobalTensor<uint64_t> &quantTensor,
                      Loc loc = Loc::current());
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
  /// SetUserDefInfo(tilingPtr) and SetSelfDefineData(dataPtr)
  /// (include/adv_api/matmul/matmul.h): the values a MatmulCallBackFunc's
  /// callbacks receive as tilingPtr and dataPtr; they change nothing else.
  /// asc-run keeps them; the callbacks themselves are refused by name
  /// (MM_CB at the first call).
  void SetUserDefInfo(const uint64_t tilingPtr) { userDefInfo_ = tilingPtr; }
  template <class T> void SetSelfDefineData(T dataPtr) {
    static_assert(sizeof(T) <= sizeof(uint64_t),
                  "SetSelfDefineData takes a value of at most 64 bits");
    selfDefineData_ = uint64_t(dataPtr);
  }
  /// SetSparseIndex (include/adv_api/matmul/matmul.h, SetSparseIndex.md):
  /// the NZ index matrix of a SparseMatmulType B, 4:2 structured sparsity
  /// (MmadWithSparse.md). Not modelled: refused by name, as the sparse B
  /// is at every other call.
  void SetSparseIndex(const GlobalTensor<uint8_t> &, Loc loc = Loc::current()) {
    asc_run::misuse(loc, "SetSparseIndex with " + std::string(kSparseB) +
                             ": not modelled by asc-run");
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
      return iterateIntoCo1(enPartialSum, localCmatrix, loc);
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
    getTensorCToLocal(sync, c, enAtomic, enSequentialWrite, loc);
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
               /*ordersVector=*/false);
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
    waitCopy(loc);
  }

  //===--------------------------------------------------------------------===//
  // The whole block: IterateAll
  //===--------------------------------------------------------------------===//

  template <bool sync = true>
  void IterateAll(const GlobalTensor<DstT> &gm, uint8_t enAtomic = 0,
                  bool enSequentialWrite = false, bool waitIterateAll = false,
                  bool fakeMsg = false, Loc loc = Loc::current()) {
    (void)fakeMsg;
    iterateAll(sync, gm, enAtomic, enSequentialWrite, waitIterateAll, loc);
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
  // Batches: IterateBatch, IterateNBatch
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
  /// the workspace (iterateNBatch, asc_run/matmul/batch.h).
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
    iterateNBatch(sync, waitIterateBatch, batchLoop, batchA, batchB,
                  matrixStrideA, matrixStrideB, matrixStrideC, enPartialSum,
                  enAtomic, loc);
  }
  template <bool S = CubeSide, std::enable_if_t<!S, int> = 0>
  void WaitIterateBatch(Loc loc = Loc::current()) {
    waitIssue("WaitIterateBatch", loc);
  }

  /// A view of the next batches' results in the workspace (batchView,
  /// asc_run/matmul/batch.h).
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
    return batchView(batchA, batchB, sync, loc);
  }
  /// Copies the results of the next loop of IterateNBatch from the workspace
  /// into `c` (copyBatchResults, asc_run/matmul/batch.h).
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
    copyBatchResults(c, batchA, batchB, sync, loc);
  }

  /// MatmulClient::End: after a synchronous call it posts MMFUN_END, after
  /// an asynchronous one nothing; it never waits and completes nothing.
  void End(Loc loc = Loc::current());

  /// SetSubBlockIdx/GetSubBlockIdx (matmul_impl_base.h,
  /// param/matmul_subblock_info.h): which vector core of its group the
  /// object serves, 0 or 1 on Atlas A2 (MIX_NUM). It picks CANN's message
  /// queues and UB addresses, not C.
  void SetSubBlockIdx(uint8_t subBlockIdx, Loc loc = Loc::current()) {
    if (subBlockIdx >= 2)
      asc_run::misuse(loc, "SetSubBlockIdx(" + std::to_string(subBlockIdx) +
                               "): a sub-block index is 0 or 1 on Atlas A2");
    subBlockIdx_ = subBlockIdx;
  }
  uint8_t GetSubBlockIdx() const { return subBlockIdx_; }

private:
  uint8_t subBlockIdx_ = 0;
  /// Whether blocks go along N first: the config's iterateOrder unless
  /// UNDEF, else the tiling's (CANN's MoveNext, scheduler_mdl_base.h).
  bool orderN() const {
    constexpr IterateOrder cfg = ToConfig().iterateOrder;
    if constexpr (cfg != IterateOrder::UNDEF)
      return cfg == IterateOrder::ORDER_N;
    return tiling_.iterateOrder == int32_t(IterateOrder::ORDER_N);
  }
  void checkOuterProduct(const char *call, Loc loc) const;
  void checkNdAlign(const char *call, Loc loc) const;
  void checkIbShare(const char *call, Loc loc) const;
  void checkPartialOutput(const char *call, Loc loc) const;
  void checkIbShareCache(const char *call, Loc loc) const;
  /// The constant tiling's iterateOrder is not CANN's (mergedTiling).
  bool iterateOrderUncomputed_ = false;
  TCubeTiling mergedTiling(const TCubeTiling *cubeTiling, Loc loc);
  static bool handsOutBlocks(const char *call);
  uint64_t userDefInfo_ = 0;
  uint64_t selfDefineData_ = 0;
  static constexpr MatmulConfig ToConfig() {
    return asc_run::matmul::configOf(MM_CFG);
  }
  static int ceilDiv(int a, int b) { return b > 0 ? (a + b - 1) / b : 0; }
  int baseM() const { return tiling_.baseM > 0 ? tiling_.baseM : singleM_; }
  int kStep() const { return tiling_.baseK > 0 ? tiling_.baseK : singleK_; }
  /// isPartialOutput: each Iterate computes one baseK slice of a block, K
  /// innermost (MatmulScheduler of scheduler_mdl_partial_output.h).
  int kSlices() const {
    return ToConfig().isPartialOutput ? std::max(ceilDiv(singleK_, kStep()), 1)
                                      : 1;
  }
  int baseN() const { return tiling_.baseN > 0 ? tiling_.baseN : singleN_; }

  /// Scalar stores of a setter into the staged message, and of a call's own
  /// fields before its post (an assumption: MatmulClient's setters write
  /// two or three fields, its calls a handful).
  static constexpr double kSetterStores = 2;
  static constexpr double kCallFieldStores = 4;

  /// The client's message (asc_run/matmul/message.h).
  using AddrKind = detail::AddrKind;
  using StagedMessage = detail::StagedMessage<SrcAT, SrcBT, BiasT>;
  using Message = detail::PostedMessage<SrcAT, SrcBT, BiasT>;

  /// A block as FIXPIPE wrote it out of CO1 (C's type).
  struct Block {
    int rows = 0, cols = 0;
    std::vector<DstT> values;
  };

  /// The next CO1 buffer a block computation allocates: one baseM x baseN
  /// buffer, two that alternate with the tiling's dbL0C 2 (CANN's
  /// CubeOutBuffer), so that a partial sum adds to what the computation
  /// before (or the one before that) left there.
  struct Co1Buffer {
    bool valid = false;
    int rows = 0, cols = 0;
    std::vector<AccT> values;
  };

  // The client's handshake: staging, posting and applying messages, and
  // finishing the server's calls (asc_run/matmul/handshake.h).
  void ringCopy(uint64_t bytes);
  void noteNoQuantScenario(const char *call, Loc loc) const;
  void stageTensorA(const SrcAT *data, bool transpose, Loc loc);
  void stageTensorB(const SrcBT *data, bool transpose, Loc loc);
  void stageBias(const BiasT *data, Loc loc);
  void stageTail(const char *call, int tailM, int tailN, int tailK, Loc loc);
  void applyTail(int tailM, int tailN, int tailK);
  Message post(const std::string &call, Loc loc);
  void postSetterMessage(const char *call, Loc loc, const char *cannFunction);
  Message postIssue(const char *call, Loc loc, const char *clientFunction,
                    bool partialSum = false);
  bool applyMessage(const Message &m, const char *call, Loc loc,
                    const char *assertingFunction, bool partialSum = false);
  void checkCall(const char *call, Loc loc);
  void requireInputs(const char *call, Loc loc);
  void requireSyncIterate(const std::string &call, Loc loc) const;
  void finishPart(std::unique_ptr<asc_run::Pending> p, Loc loc);
  void finishServerCall(std::unique_ptr<asc_run::Pending> p, bool sync,
                        bool signalled, Loc loc, const char *server);

  // The cube's computation: operands, products into CO1, the block order
  // and the cost model's nodes (asc_run/matmul/cube.h).
  void checkNzShapes(const char *call, Loc loc) const;
  void checkNzBlock(const std::string &call, Loc loc) const;
  void addInputs(asc_run::Pending &p, uint32_t);
  detail::LayoutAxes axesA() const;
  detail::LayoutAxes axesB() const;
  detail::LayoutAxes axesC() const;
  uint32_t reduceGNum() const;
  uint32_t broadcastIndex(uint32_t i, char which, uint32_t batches, Loc loc,
                          const char *call) const;
  uint64_t lda() const;
  uint64_t ldb() const;
  SrcAT elemA(int m, int k) const;
  AccT valueA(int m, int k) const;
  AccT valueB(int k, int n) const;
  SrcBT elemB(int k, int n) const;
  void product(int m0, int n0, int rows, int cols, std::vector<AccT> &out,
               bool withBias = true) const;
  std::vector<DstT> fixpipe(const std::vector<AccT> &values, int n0, int cols,
                            Loc loc, const std::string &call) const;
  [[noreturn]] void refuseQuantParam(const detail::QuantParam &q, int column,
                                     Loc loc, const std::string &call) const;
  Co1Buffer &nextCo1();
  std::vector<DstT> computeInCo1(int m0, int n0, int rows, int cols,
                                 bool partialSum, Loc loc,
                                 const std::string &call);
  void blockOrigin(int round, uint32_t &row, uint32_t &col) const;
  void computeBlock(int round, Block &blk, bool partialSum, Loc loc,
                    const std::string &call);
  void computeAll(std::vector<DstT> &out, bool partialSum, Loc loc,
                  const std::string &call);
  DstT *blockPlace(DstT *base, uint32_t stride, bool sequential) const;
  uint32_t gmStride(bool sequential) const;
  uint64_t sequentialPlace(int i, int j) const;
  uint64_t workspacePlace(int i, int j) const;
  uint32_t product(uint32_t count, int m, int n, int k) const;
  uint32_t blockProduct(int rows, int cols) const;
  uint32_t allProduct(uint32_t batches) const;
  uint32_t serverWrite(double bytes) const;
  void computeCurrentBlock(bool enPartialSum, Loc loc, const char *name);

  // Block by block (Iterate and its fetches) and IterateAll
  // (asc_run/matmul/iterate.h).
  template <typename T>
  bool iterateIntoCo1(bool enPartialSum, const LocalTensor<T> &localCmatrix,
                      Loc loc);
  void getTensorCToLocal(bool sync, const LocalTensor<DstT> &c,
                         uint8_t enAtomic, bool enSequentialWrite, Loc loc);
  void iterateAll(bool sync, const GlobalTensor<DstT> &gm, uint8_t enAtomic,
                  bool enSequentialWrite, bool waitIterateAll, Loc loc);
  template <typename T>
  void accumulateIntoCo1Tensor(const LocalTensor<T> &co1, bool partialSum,
                               Loc loc, const char *call);
  bool cubeIterate(bool enPartialSum, Loc loc, const char *name);
  uint32_t clientBlocks() const;
  template <bool sync>
  bool clientIterate(bool enPartialSum, Loc loc, const char *name);
  void startBackground(const Message &m, Loc loc, bool partialSum);
  void syncFetch(const std::string &call, Loc loc, DstT *base, uint32_t stride,
                 bool sequential, uint8_t enAtomic, bool waited,
                 DstT *localBase = nullptr, uint32_t localStride = 0);
  uint64_t nextFetchedBlock(const std::string &call, Loc loc);
  void fetchBlock(const std::string &call, Loc loc, DstT *base, uint32_t stride,
                  bool sequential, bool ordersVector);
  GlobalTensor<DstT> fetchView(const std::string &call, Loc loc);

  // Batches: IterateBatch, IterateNBatch and their results
  // (asc_run/matmul/batch.h).
  void iterateBatch(const char *name, bool sync, bool signalled,
                    const char *waitName, DstT *dst, uint32_t matrixStrideC,
                    bool local, uint32_t batchA, uint32_t batchB,
                    uint32_t matrixStrideA, uint32_t matrixStrideB,
                    bool partialSum, uint8_t enAtomic, Loc loc);
  void iterateNBatch(bool sync, bool waitIterateBatch, uint32_t batchLoop,
                     uint32_t batchA, uint32_t batchB, uint32_t matrixStrideA,
                     uint32_t matrixStrideB, uint32_t matrixStrideC,
                     bool enPartialSum, uint8_t enAtomic, Loc loc);
  GlobalTensor<DstT> batchView(uint32_t batchA, uint32_t batchB, bool sync,
                               Loc loc);
  void copyBatchResults(const LocalTensor<DstT> &c, uint32_t batchA,
                        uint32_t batchB, bool sync, Loc loc);
  static void checkAxes(Loc loc, const char *call, const char *who,
                        LayoutMode layout, const detail::LayoutAxes &x,
                        int rows, int cols, const char *sName,
                        const char *dName);
  void checkNBatchArgs(const char *call, uint32_t batchLoop, uint32_t batchA,
                       uint32_t batchB, uint32_t matrixStrideC, Loc loc);
  void checkLayoutAxes(const char *call, Loc loc);
  void dropBatchMessage(const char *name, bool sync, const char *waitName,
                        const Message &m, Loc loc);

  TCubeTiling tiling_{};
  bool initialised_ = false;
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
  uint64_t quantScalar_ = 0; ///< SetQuantScalar's parameter, as passed
  const uint64_t *quantVector_ = nullptr;
  /// The server's block loop: the current block of a synchronous loop
  /// (round_ of blocksM_ x blocksN_, in block_), whether it has one.
  int round_ = 0, blocksM_ = 0, blocksN_ = 0;
  /// The K range a product sums (computeBlock: a partial output's slice;
  /// kEnd_ -1: the whole single shape's K).
  int kBegin_ = 0, kEnd_ = -1;
  Block block_;
  bool serverLoop_ = false;
  /// L0C: the blocks the last computations left (nextCo1).
  Co1Buffer co1_[2];
  int co1Next_ = 0;
  // The client's staged message (its other state: detail::ClientProtocol).
  StagedMessage staged_;
};

/// The template head and the class of MatmulModel's members defined out of
/// line, in the job headers beside this one (undefined by lib/matmul_intf.h
/// after it includes them).
#define ASC_RUN_MATMUL_MEMBER                                                  \
  template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE,         \
            const auto &MM_CFG, bool CubeSide, class MM_CB,                    \
            ASC_RUN_MATMUL_POLICY_PARAM MATMUL_POLICY>
#define ASC_RUN_MATMUL                                                         \
  MatmulModel<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, CubeSide, MM_CB,      \
              MATMUL_POLICY>

} // namespace AscendC

#endif // ASC_RUN_MATMUL_MODEL_H
