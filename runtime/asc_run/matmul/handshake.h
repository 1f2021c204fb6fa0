//===- handshake.h - The client's handshake ---------------------*- C++ -*-===//
//
// MatmulModel's members that stage the client's message, post it, have the
// server apply it (MatmulService::IterateSetMessage) and finish a server
// call: pending until a signal, or waited for at once (docs/Runtime.md,
// "The handshake").
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_MATMUL_HANDSHAKE_H
#define ASC_RUN_MATMUL_HANDSHAKE_H

#include "asc_run/matmul/ibshare.h"
#include "asc_run/matmul/model.h"
#include "asc_run/matmul/tiling_invariants.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace AscendC {

// The public calls defined here (their doc comments are in model.h).

ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::Init(const TCubeTiling *__restrict cubeTiling,
                          TPipe *tpipe, Loc loc) {
  (void)tpipe;
  TCubeTiling merged =
      mergedTiling(cubeTiling, loc); // the constant fields of MM_CFG win
  asc_run::checkTilingInvariants(merged, loc);
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
  tiling_ = merged;
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
  clientK_ = tiling_.singleCoreK;
}

/// The tiling the object computes with: the runtime tiling's fields, each
/// overridden by MM_CFG's constant field where that is not -1 (CANN's
/// MatmulTiling<TILING>, matmul_constant_tiling_struct.h). Without a
/// runtime tiling the constant tiling must give the shapes; the L1 fields
/// CANN's GetMatmulApiTiling would have computed and asc-run's does not
/// are the host tiling helper's (steps of 1, depths their products, the
/// L0 double buffers 2, 2, 1), which choose CANN's schedule, not C.
ASC_RUN_MATMUL_MEMBER
TCubeTiling ASC_RUN_MATMUL::mergedTiling(const TCubeTiling *cubeTiling,
                                         Loc loc) {
  TCubeTiling t{};
  if (cubeTiling)
    t = *cubeTiling;
  iterateOrderUncomputed_ = false;
  if constexpr (std::is_same_v<
                    std::remove_cv_t<std::remove_reference_t<decltype(MM_CFG)>>,
                    MatmulApiStaticTiling>) {
    const MatmulApiStaticTiling &s = MM_CFG;
    if (!cubeTiling &&
        (s.M <= 0 || s.N <= 0 || s.Ka <= 0 || s.Kb <= 0 || s.singleCoreM <= 0 ||
         s.singleCoreN <= 0 || s.singleCoreK <= 0 || s.baseM <= 0 ||
         s.baseN <= 0 || s.baseK <= 0))
      asc_run::misuse(loc, "Init with a null TCubeTiling and a constant "
                           "tiling (MM_CFG) without its shapes: "
                           "GetMatmulApiTiling needs the config's "
                           "singleCoreM/N/K and basicM/N/K");
    if (!cubeTiling) {
      t.usedCoreNum = 1;
      t.stepM = t.stepN = t.stepKa = t.stepKb = 1;
      t.dbL0A = t.dbL0B = 2;
      t.dbL0C = 1;
      t.shareL1Size = int32_t(TOTAL_L1_SIZE);
      t.shareL0CSize = int32_t(TOTAL_L0C_SIZE);
    }
#define ASC_RUN_STATIC_FIELD(name)                                             \
  if (s.name != -1)                                                            \
    t.name = s.name;
    ASC_RUN_STATIC_FIELD(usedCoreNum)
    ASC_RUN_STATIC_FIELD(M)
    ASC_RUN_STATIC_FIELD(N)
    ASC_RUN_STATIC_FIELD(Ka)
    ASC_RUN_STATIC_FIELD(Kb)
    ASC_RUN_STATIC_FIELD(singleCoreM)
    ASC_RUN_STATIC_FIELD(singleCoreN)
    ASC_RUN_STATIC_FIELD(singleCoreK)
    ASC_RUN_STATIC_FIELD(baseM)
    ASC_RUN_STATIC_FIELD(baseN)
    ASC_RUN_STATIC_FIELD(baseK)
    ASC_RUN_STATIC_FIELD(depthA1)
    ASC_RUN_STATIC_FIELD(depthB1)
    ASC_RUN_STATIC_FIELD(stepM)
    ASC_RUN_STATIC_FIELD(stepN)
    ASC_RUN_STATIC_FIELD(isBias)
    ASC_RUN_STATIC_FIELD(transLength)
    ASC_RUN_STATIC_FIELD(iterateOrder)
    ASC_RUN_STATIC_FIELD(shareMode)
    ASC_RUN_STATIC_FIELD(shareL1Size)
    ASC_RUN_STATIC_FIELD(shareL0CSize)
    ASC_RUN_STATIC_FIELD(shareUbSize)
    ASC_RUN_STATIC_FIELD(stepKa)
    ASC_RUN_STATIC_FIELD(stepKb)
    ASC_RUN_STATIC_FIELD(depthAL1CacheUB)
    ASC_RUN_STATIC_FIELD(depthBL1CacheUB)
    ASC_RUN_STATIC_FIELD(dbL0A)
    ASC_RUN_STATIC_FIELD(dbL0B)
    ASC_RUN_STATIC_FIELD(dbL0C)
    ASC_RUN_STATIC_FIELD(ALayoutInfoB)
    ASC_RUN_STATIC_FIELD(ALayoutInfoS)
    ASC_RUN_STATIC_FIELD(ALayoutInfoN)
    ASC_RUN_STATIC_FIELD(ALayoutInfoG)
    ASC_RUN_STATIC_FIELD(ALayoutInfoD)
    ASC_RUN_STATIC_FIELD(BLayoutInfoB)
    ASC_RUN_STATIC_FIELD(BLayoutInfoS)
    ASC_RUN_STATIC_FIELD(BLayoutInfoN)
    ASC_RUN_STATIC_FIELD(BLayoutInfoG)
    ASC_RUN_STATIC_FIELD(BLayoutInfoD)
    ASC_RUN_STATIC_FIELD(CLayoutInfoB)
    ASC_RUN_STATIC_FIELD(CLayoutInfoS1)
    ASC_RUN_STATIC_FIELD(CLayoutInfoN)
    ASC_RUN_STATIC_FIELD(CLayoutInfoG)
    ASC_RUN_STATIC_FIELD(CLayoutInfoS2)
    ASC_RUN_STATIC_FIELD(BatchNum)
#undef ASC_RUN_STATIC_FIELD
    if (!cubeTiling) {
      if (s.depthA1 == -1)
        t.depthA1 = t.stepM * t.stepKa;
      if (s.depthB1 == -1)
        t.depthB1 = t.stepN * t.stepKb;
    }
    iterateOrderUncomputed_ =
        s.ascRunL1FactorsUncomputed && s.iterateOrder == -1;
    if (iterateOrderUncomputed_)
      t.iterateOrder = 0;
  } else if (!cubeTiling) {
    asc_run::misuse(loc, "Init with a null TCubeTiling");
  }
  return t;
}

/// ScheduleType::OUTER_PRODUCT (MatmulConfig.md, scheduleType): CANN's M or
/// N double buffer of MTE1, which changes the schedule, not C, within its
/// documented limits, each checked here: a cube-only kernel, C in GM, an
/// iterateOrder, IterateAll with the MDL template, singleCoreK <= baseK for
/// MDL and the batch Norm template, and stepN > 1 for ORDER_M (stepM > 1
/// for ORDER_N).
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::checkOuterProduct(const char *call, Loc loc) const {
  auto misuse = [&](const std::string &why) {
    asc_run::misuse(loc, std::string(call) +
                             " with MatmulConfig::scheduleType = "
                             "OUTER_PRODUCT: " +
                             why + " (MatmulConfig.md)");
  };
  constexpr MatmulConfig cfg = ToConfig();
  if (!CubeSide)
    misuse("CANN supports it in cube-only kernels only");
  if (C_TYPE::pos != TPosition::GM)
    misuse("CANN supports it with C in GM only");
  if (cfg.iterateOrder == IterateOrder::UNDEF)
    misuse("it needs MatmulConfig::iterateOrder ORDER_M or ORDER_N");
  bool batch = std::strncmp(call, "IterateBatch", 12) == 0 ||
               std::strncmp(call, "IterateNBatch", 13) == 0;
  if (cfg.doMultiDataLoad && std::strncmp(call, "IterateAll", 10) != 0)
    misuse("the MDL template supports it with IterateAll only");
  int baseK = tiling_.baseK > 0 ? tiling_.baseK : singleK_;
  if ((cfg.doMultiDataLoad || batch) && singleK_ > baseK)
    misuse("singleCoreK (" + std::to_string(singleK_) +
           ") must not exceed baseK (" + std::to_string(baseK) + ")");
  if (cfg.iterateOrder == IterateOrder::ORDER_M && tiling_.stepN <= 1)
    misuse("ORDER_M needs the tiling's stepN above 1");
  if (cfg.iterateOrder == IterateOrder::ORDER_N && tiling_.stepM <= 1)
    misuse("ORDER_N needs the tiling's stepM above 1");
}

/// Whether `call` hands out C block by block, in the tiling's iterateOrder
/// (Iterate and its CO1 form; not IterateAll, IterateBatch, IterateNBatch).
ASC_RUN_MATMUL_MEMBER
bool ASC_RUN_MATMUL::handsOutBlocks(const char *call) {
  return std::strncmp(call, "Iterate", 7) == 0 &&
         (call[7] == '<' || call[7] == ' ' || call[7] == '\0');
}

ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::SetTensorA(SrcAT aScalar, Loc loc) {
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

ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::SetTensorB(SrcBT bScalar, Loc loc) {
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

/// CANN's SetQuantScalar and SetQuantVector do nothing unless the types
/// make a quantisation scenario (detail::quantKind); asc-run says so.
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::noteNoQuantScenario(const char *call, Loc loc) const {
  if constexpr (detail::quantKind<AccT, DstT>() == detail::QuantKind::None)
    asc_run::note(std::string(call) + " at " + loc.str() +
                  " has no effect: CANN quantises only an int8 A into a "
                  "half, int8 or uint8 C and a half or bfloat16 A into an "
                  "int8 or uint8 C (IsQuantSenario), so its "
                  "MatmulQuantProcessor ignores the call");
  else
    asc_run::unused(call, loc);
}

ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::SetQuantScalar(const uint64_t quantScalar, Loc loc) {
  noteNoQuantScenario("SetQuantScalar", loc);
  if constexpr (CubeSide) {
    quantScalar_ = quantScalar;
    quantVector_ = nullptr;
    quant_ = true;
  } else {
    staged_.setQuant = true;
    staged_.quantMode = 1;
    staged_.quantScalar = quantScalar;
    staged_.quantLoc = loc;
    staged_.quantCall = "SetQuantScalar";
  }
}

ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::SetQuantVector(const GlobalTensor<uint64_t> &quantTensor,
                                    Loc loc) {
  noteNoQuantScenario("SetQuantVector", loc);
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

ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::End(Loc loc) {
  // End completes nothing and ends nothing (spec revision 4): work pending
  // before it is still pending after it, and the object may be issued
  // again (the server ends its side after every message anyway).
  if constexpr (!CubeSide) {
    if (isSyncGetC_)
      post("End", loc);
  }
  iterating_ = false;
  asc_run::scalarWork(1);
}

/// The c220 client's copy of a UB operand to its GM staging ring at the
/// setter (MatmulClient::GetGlobalAddr, CopyGlobalAddr: SetFlag/WaitFlag
/// <V_MTE3>, then an MTE3 DataCopy): its ordering and its cost; the
/// tensor's bytes are checked at the issue (docs/Runtime.md).
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::ringCopy(uint64_t bytes) {
  if constexpr (!CubeSide) {
    constexpr auto kCopy = asc_run::OrderedCall::LocalInputSetter;
    asc_run::runCallOrderings(kCopy, /*beforeAccess=*/true);
    asc_run::state().trace.work(asc_run::callAccessPipe(kCopy),
                                asc_run::Work::GmCopy, double(bytes), 1);
    asc_run::runCallOrderings(kCopy, /*beforeAccess=*/false);
  }
}

ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::stageTensorA(const SrcAT *data, bool transpose, Loc loc) {
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

ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::stageTensorB(const SrcBT *data, bool transpose, Loc loc) {
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

ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::stageBias(const BiasT *data, Loc loc) {
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
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::stageTail(const char *call, int tailM, int tailN,
                               int tailK, Loc loc) {
  asc_run::scalarWork(kSetterStores);
  if (tailM != -1)
    clientM_ = tailM;
  if (tailN != -1)
    clientN_ = tailN;
  // MatmulClient::SetTail: the partial output's kIter from tailK, else from
  // the tiling's singleCoreK.
  clientK_ = tailK != -1 ? tailK : tiling_.singleCoreK;
  staged_.singleM = tailM;
  staged_.singleN = tailN;
  staged_.singleK = tailK;
  staged_.setTail = true;
  staged_.tailLoc = loc;
  staged_.tailCall = call;
}

/// The server's Matmul: SetTail with -1 keeping a dimension.
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::applyTail(int tailM, int tailN, int tailK) {
  if (tailM != -1)
    singleM_ = tailM;
  if (tailN != -1)
    singleN_ = tailN;
  if (tailK != -1)
    singleK_ = tailK;
}

/// MatmulClientBase::PostMessage: the server gets a copy of the staged
/// message; the flag word is cleared.
ASC_RUN_MATMUL_MEMBER
auto ASC_RUN_MATMUL::post(const std::string &call, Loc loc) -> Message {
  Message m;
  static_cast<StagedMessage &>(m) = staged_;
  m.seq = nextSeq_++;
  m.ring = asc_run::state().postedMessages++;
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
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::postSetterMessage(const char *call, Loc loc,
                                       const char *cannFunction) {
  std::string lost = detail::stagedSetters(staged_, true);
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
ASC_RUN_MATMUL_MEMBER
auto ASC_RUN_MATMUL::postIssue(const char *call, Loc loc,
                               const char *clientFunction, bool partialSum)
    -> Message {
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
ASC_RUN_MATMUL_MEMBER
bool ASC_RUN_MATMUL::applyMessage(const Message &m, const char *call, Loc loc,
                                  const char *assertingFunction,
                                  bool partialSum) {
  std::string where = std::string(call) + " at " + loc.str();
  if (!m.isFirstIter) {
    std::string ignored = detail::stagedSetters(m, true);
    if (assertingFunction)
      asc_run::note(
          where + " posts a message without SetTensorA or SetTensorB " +
          "since " +
          (prevPost_.empty() ? "the object's registration" : prevPost_) + ": " +
          assertingFunction +
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
            where + " carries new inputs (" + detail::stagedInputs(m) +
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
    quantScalar_ = m.quantMode == 1 ? m.quantScalar : 0;
    quantVector_ = m.quantMode == 2 ? m.quantAddr : nullptr;
  }
  return true;
}

/// Any call: modelled MatmulType parameters and MatmulConfig fields (each
/// one that is not is refused by name), a tiling.
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::checkCall(const char *call, Loc loc) {
  auto refuse = [&](const std::string &what) {
    asc_run::misuse(loc, std::string(call) + " with " + what +
                             ": not modelled by asc-run");
  };
  if (const char *who = unmodelledTypeParameter()) {
    CubeFormat f = who[0] == 'A'   ? A_TYPE::format
                   : who[0] == 'B' ? B_TYPE::format
                                   : C_TYPE::format;
    refuse(std::string("CubeFormat::") + formatName(f) + " for " + who);
  }
  if constexpr (A_TYPE::format == CubeFormat::VECTOR) {
    // GEMV: CANN's mmad computes one row (GetFixedMadM returns 1,
    // scheduler_norm_base.h) from an untransposed A (matmul_tensor_info.h).
    if (initialised_ && (singleM_ != 1 || orgM_ != 1))
      refuse("CubeFormat::VECTOR for A and a single-core or original M "
             "other than 1 (GEMV's mmad computes one row)");
    if (transA_)
      asc_run::misuse(loc, std::string(call) +
                               " with a transposed VECTOR A: CANN's GEMV "
                               "mode does not transpose A");
  }
  if (const char *who = unmodelledPosition())
    refuse("a TPosition of " + std::string(who) +
           " other than GM, VECIN, VECOUT, VECCALC (and TSCM for A and B, "
           "CO1 for C)");
  if constexpr (A_TYPE::ibShare || B_TYPE::ibShare)
    checkIbShare(call, loc);
  if (ToConfig().doIBShareNorm && A_TYPE::ibShare == B_TYPE::ibShare)
    refuse("MatmulConfig::doIBShareNorm = true without exactly one IBSHARE "
           "operand (MatmulShapeTiling::ConfigSpecificCheck asserts one, "
           "matmul_shape_tiling.h)");
  if (std::is_same_v<SrcAT, half> && std::is_same_v<SrcBT, int8_t>)
    refuse("a half A and an int8 B (CANN's antiquantisation of B)");
  if (IsSparse<B_TYPE>::value)
    refuse(kSparseB);
  if constexpr (std::is_same_v<SrcAT, ::int4b_t> ||
                std::is_same_v<SrcBT, ::int4b_t>) {
    // int4b_t x int4b_t into int32_t, ND, from GM or UB (valueA, int4At).
    if (!std::is_same_v<SrcAT, SrcBT> || !std::is_same_v<DstT, int32_t> ||
        kNzA || kNzB || broadcastA_ || broadcastB_ ||
        A_TYPE::format == CubeFormat::VECTOR)
      refuse("MatmulType TYPE int4b_t other than an ND int4b_t A and B "
             "into an int32_t C");
  }
  MatmulConfig refusable = asc_run::matmul::refusableConfigOf(MM_CFG);
  // IBShareNorm: checkIbShare. enableMixDualMaster is read by the client and
  // the server alone (MatmulClient, MatmulService, IsSharedObj), not by
  // the cube-side MatmulImpl.
  refusable.doIBShareNorm = false;
  if constexpr (ToConfig().isPartialOutput) {
    refusable.isPartialOutput = false;
    checkPartialOutput(call, loc);
  }
  if constexpr (CubeSide)
    refusable.enableMixDualMaster = false;
  if (const char *field = unmodelledConfigField(refusable))
    refuse(field);
  if constexpr (ToConfig().scheduleType == ScheduleType::OUTER_PRODUCT)
    checkOuterProduct(call, loc);
  if constexpr (C_TYPE::format == CubeFormat::ND_ALIGN)
    checkNdAlign(call, loc);
  // The order matters only with more than one block along both M and N:
  // with one along either, ORDER_M and ORDER_N hand them out alike
  // (blockOrigin).
  if (iterateOrderUncomputed_ &&
      ToConfig().iterateOrder == IterateOrder::UNDEF && handsOutBlocks(call) &&
      ceilDiv(singleM_, baseM()) > 1 && ceilDiv(singleN_, baseN()) > 1)
    refuse("a constant tiling whose iterateOrder GetMatmulApiTiling computes "
           "from CANN's L1 factors, which asc-run does not (the order "
           "Iterate hands out blocks in)");
  if (const char *field = asc_run::matmul::unmodelledStaticTilingField(MM_CFG))
    refuse(std::string(field) + " (a constant tiling)");
  if (const char *callback = MM_CB::ascRunUnmodelled)
    refuse(callback);
  if (const char *policy = MATMUL_POLICY<MM_CFG, void, A_TYPE, B_TYPE, C_TYPE,
                                         BIAS_TYPE>::ascRunUnmodelled)
    refuse(policy);
  if constexpr (kTriangle != 0)
    if (std::string(call).rfind("IterateAll", 0) != 0)
      refuse(std::string(kTriangle == 1
                             ? "Impl::Detail::TrianUpperMatmulPolicy"
                             : "Impl::Detail::TrianLowerMatmulPolicy") +
             " (asc-run models its IterateAll alone)");
  if (!initialised_)
    asc_run::misuse(loc, std::string(call) + " on a Matmul object without a "
                                             "tiling (REGIST_MATMUL_OBJ with "
                                             "&tiling, or Init)");
}

/// An ND_ALIGN C: CANN's FIXPIPE copy rounds each block's width up to 32
/// bytes (FixpipeParamsUtil: nSize = Ceil(nSize, blockCount) * blockCount,
/// copy_cube_out_utils.h) and C's row stride likewise (GetOrgWidth,
/// GetDstBNGStride: Ceil(orgN, blockCount) * blockCount,
/// copy_cube_out_fixpipe.h), blockCount = 32 / sizeof(C). Where orgN,
/// singleCoreN and baseN are multiples of blockCount (so every block's
/// width is) that is ND's layout exactly, which asc-run computes. Otherwise
/// the padding columns hold what L0C holds beyond N, which asc-run does
/// not model: refused, as are the batch calls (CopyToUBBatchNDAlign and
/// the batch strides).
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::checkNdAlign(const char *call, Loc loc) const {
  constexpr int blockCount = 32 / int(sizeof(DstT));
  auto refuse = [&](const std::string &what) {
    asc_run::misuse(loc, std::string(call) +
                             " with CubeFormat::ND_ALIGN for "
                             "C" +
                             what + ": not modelled by asc-run");
  };
  if (std::string(call).find("Batch") != std::string::npos)
    refuse(" (a batch call)");
  if (initialised_ && (orgN_ % blockCount != 0 || singleN_ % blockCount != 0 ||
                       baseN() % blockCount != 0))
    refuse(" and an N not a multiple of 32 bytes (orgN " +
           std::to_string(orgN_) + ", singleCoreN " + std::to_string(singleN_) +
           ", baseN " + std::to_string(baseN()) +
           "): FIXPIPE pads each row to 32 bytes with what L0C holds beyond "
           "N");
}

/// MatmulType IBSHARE (asc_run/matmul/ibshare.h). On the cube-side
/// MatmulImpl it chooses the L1 buffer alone; IBShareNorm's cache there is
/// not set up (gL1Cache is MatmulService::Init's). On the client one shared
/// operand is modelled: its IterateAll messages take turns
/// (takeIbShareTurn) and, with IBShareNorm, its L1 cache is checked
/// (checkIbShareCache). A and B both shared make vector core 1's messages
/// never reach the server (MatmulClient::PostMessage): refused.
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::checkIbShare(const char *call, Loc loc) const {
  auto refuse = [&](const std::string &what) {
    asc_run::misuse(loc, std::string(call) + " with " + what +
                             ": not modelled by asc-run");
  };
  constexpr bool norm = ToConfig().doIBShareNorm;
  if constexpr (CubeSide) {
    if (norm)
      refuse("MatmulConfig::doIBShareNorm on the cube-side object (its L1 "
             "cache, GlobalCache, is set up by MatmulService::Init alone)");
    return;
  }
  if (A_TYPE::ibShare && B_TYPE::ibShare) {
    // sameab (ibshare.h): vector core 0 computes for both; asc-run models
    // the synchronous IterateAll into GM, in a group of two vector cores.
    const asc_run::RunState &s = asc_run::state();
    if (std::string(call) != "IterateAll<true>" || s.vectorCores < 2 * s.groups)
      refuse("MatmulType's IBSHARE = true for A and B other than a "
             "synchronous IterateAll in groups of two vector cores (vector "
             "core 1 posts nothing, MatmulClient::PostMessage, and waits for "
             "vector core 0's signals)");
  }
  if (std::string(call).find("Batch") != std::string::npos)
    refuse("MatmulType's IBSHARE = true (a batch call)");
  if (!norm || !initialised_)
    return;
  // CANN's IBShareNorm keeps the shared operand's K whole in L1 (KLoop's
  // "Unsupported k not full load", k_loop_norm.h); asc-run also needs its
  // other axis in one step, so that the cache's slots never wrap.
  const char *who = A_TYPE::ibShare ? "A" : "B";
  int kStep = tiling_.baseK > 0 ? tiling_.baseK : singleK_;
  int kIter = (singleK_ + kStep - 1) / kStep;
  int outer = A_TYPE::ibShare ? (singleM_ + baseM() - 1) / baseM()
                              : (singleN_ + baseN() - 1) / baseN();
  int step = A_TYPE::ibShare ? tiling_.stepM : tiling_.stepN;
  int depth = A_TYPE::ibShare ? tiling_.depthA1 : tiling_.depthB1;
  if (step < 1 || depth < kIter * step || outer > step)
    refuse("MatmulConfig::doIBShareNorm and a shared " + std::string(who) +
           " L1 does not hold whole (" + std::to_string(outer) +
           " blocks across in steps of " + std::to_string(step) + ", " +
           std::to_string(kIter) + " along K, depth " + std::to_string(depth) +
           ")");
}

/// isPartialOutput: CANN's MDL scheduler for it
/// (scheduler_mdl_partial_output.h) computes one baseK slice of a block per
/// Iterate, K innermost, each alone in L0C, and the client counts mIter_ *
/// nIter_ * kIter of them (MatmulClient::Init, SetTail); computeBlock models
/// that for the synchronous Iterate. CANN asserts against IterateAll
/// (MatmulImpl::IterateAll), a bias (MatmulImplBase::SetBias) and a local C;
/// asc-run refuses those, the batch calls, enPartialSum, the asynchronous
/// client Iterate (its workspace of slices) and a config that is not MDL.
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::checkPartialOutput(const char *call, Loc loc) const {
  auto refuse = [&](const std::string &what) {
    asc_run::misuse(loc, std::string(call) +
                             " with MatmulConfig::isPartialOutput = true" +
                             what + ": not modelled by asc-run");
  };
  std::string name = call;
  if (!ToConfig().doMultiDataLoad)
    refuse(" and a config other than MDL (CANN's partial-output scheduler "
           "and K loop are MDL's)");
  if (name.find("IterateAll") != std::string::npos)
    refuse(" (CANN asserts: IterateAll is not supported for PartialOutput)");
  if (name.find("Batch") != std::string::npos ||
      name.find("CO1") != std::string::npos)
    refuse(" (a batch call or a CO1 tensor)");
  if (!CubeSide && name == "Iterate<false>")
    refuse(" (an asynchronous Iterate)");
}

/// IBShareNorm's L1 cache on the computation's shared operand (checkIbShare
/// holds it whole): a hit that would read other data than GM's now is
/// refused.
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::checkIbShareCache(const char *call, Loc loc) const {
  if constexpr (!CubeSide && ToConfig().doIBShareNorm &&
                (A_TYPE::ibShare != B_TYPE::ibShare)) {
    constexpr bool shareA = A_TYPE::ibShare;
    int rows = shareA ? singleM_ : singleK_;
    int cols = shareA ? singleK_ : singleN_;
    std::vector<uint8_t> bytes;
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) {
        if constexpr (shareA) {
          SrcAT v = elemA(r, c);
          auto *p = reinterpret_cast<const uint8_t *>(&v);
          bytes.insert(bytes.end(), p, p + sizeof(v));
        } else {
          SrcBT v = elemB(r, c);
          auto *p = reinterpret_cast<const uint8_t *>(&v);
          bytes.insert(bytes.end(), p, p + sizeof(v));
        }
      }
    std::string shape = std::to_string(rows) + " x " + std::to_string(cols) +
                        ((shareA ? transA_ : transB_) ? " transposed" : "") +
                        " at row stride " +
                        std::to_string(shareA ? lda() : ldb());
    const void *address =
        shareA ? static_cast<const void *>(a_) : static_cast<const void *>(b_);
    std::string why = asc_run::matmul::useIbShareCache(
        address, shape, std::move(bytes),
        std::string(call) + " at " + loc.str());
    if (!why.empty())
      asc_run::misuse(loc, std::string(call) + " with " + why +
                               ": not modelled by asc-run");
  }
}

/// The server has inputs to compute with.
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::requireInputs(const char *call, Loc loc) {
  if (!a_ || !b_)
    asc_run::misuse(loc, std::string(call) + " before SetTensorA/SetTensorB");
}

/// The GM forms of GetTensorC need a synchronous Iterate on the client
/// (MatmulClient::GetTensorC(GlobalTensor) asserts isSyncGetC).
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::requireSyncIterate(const std::string &call,
                                        Loc loc) const {
  if (!CubeSide && !isSyncGetC_ && asyncRun_.active)
    asc_run::misuse(loc, call + " into GM after Iterate<false>: "
                                "MatmulClient::GetTensorC(GlobalTensor) "
                                "asserts isSyncGetC (a synchronous Iterate); "
                                "the server would run the fetch after the "
                                "whole asynchronous Iterate ended, which "
                                "asc-run does not model (fetch into UB or "
                                "through the view form)");
}

/// A part of a server call: its own accesses are checked against the other
/// pending work, then it is pending until a signal completes it (or
/// published at once on the cube-side object).
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::finishPart(std::unique_ptr<asc_run::Pending> p, Loc loc) {
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
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::finishServerCall(std::unique_ptr<asc_run::Pending> p,
                                      bool sync, bool signalled, Loc loc,
                                      const char *server) {
  std::string call = p->call;
  int64_t seq = p->seq;
  uint64_t ring = p->ring;
  bool flagged = !p->waitName.empty();
  finishPart(std::move(p), loc);
  iterating_ = false;
  if constexpr (!CubeSide) {
    if (signalled)
      pushSignal(seq, ring, 0);
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

} // namespace AscendC

#endif // ASC_RUN_MATMUL_HANDSHAKE_H
