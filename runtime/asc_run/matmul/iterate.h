//===- iterate.h - Block by block, and IterateAll ---------------*- C++ -*-===//
//
// MatmulModel's members behind Iterate, GetTensorC and IterateAll: the
// cube-side object's inline loop, the client's synchronous loop and its
// asynchronous one (every block into the workspace, signalled by
// MatmulService::StartIterate), the fetches and IterateAll's work.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_MATMUL_ITERATE_H
#define ASC_RUN_MATMUL_ITERATE_H

#include "asc_run/matmul/model.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace AscendC {

/// IterateAll into GM: the whole single shape, each element to its place in
/// C (or with enSequentialWrite to its base block's slot), published when
/// the server signals it (MatmulService::Iterate).
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::iterateAll(bool sync, const GlobalTensor<DstT> &gm,
                                uint8_t enAtomic, bool enSequentialWrite,
                                bool waitIterateAll, Loc loc) {
  const char *name = sync ? "IterateAll<true>" : "IterateAll<false>";
  asc_run::InlineCube inlineCube(CubeSide);
  checkCall(name, loc);
  checkNotInLoop(name, loc);
  if (sync && waitIterateAll)
    asc_run::misuse(loc, "IterateAll<true> with waitIterateAll");
  if constexpr (!CubeSide && (A_TYPE::ibShare != B_TYPE::ibShare))
    asc_run::matmul::takeIbShareTurn(index_, name, loc.str());
  constexpr bool sameAb = !CubeSide && A_TYPE::ibShare && B_TYPE::ibShare;
  if constexpr (sameAb) {
    if (asc_run::state().subBlock == 1) {
      // MatmulClient::IterateAll on vector core 1: PostMessage sends
      // nothing and clears the flag word; the wait takes vector core 0's
      // signal.
      staged_.clearFlagWord();
      asc_run::matmul::sameAbFollow(index_, name, loc.str());
      asc_run::scalarWork(1);
      return;
    }
    asc_run::matmul::sameAbLead(index_, name, loc.str());
  }
  Message m = postIssue(name, loc, "MatmulClient::IterateAll");
  requireInputs(name, loc);
  checkNzShapes(name, loc);
  if (kNzC && enSequentialWrite && baseN() % kC0C != 0)
    asc_run::misuse(
        loc, std::string(name) +
                 " with enSequentialWrite of an NZ C needs baseN (" +
                 std::to_string(baseN()) +
                 ") in multiples of the fractal width " + std::to_string(kC0C));
  auto p =
      newPending(name, loc, (!sync && waitIterateAll) ? "WaitIterateAll" : "");
  p->seq = m.seq;
  p->ring = m.ring;
  addInputs(*p, 1);
  std::vector<DstT> result;
  computeAll(result, false, loc, name);
  // Element (i, j) of the single shape goes to its place in C (row stride
  // orgN), or with enSequentialWrite to its base block's slot: the blocks
  // one after the other in iteration order, baseM x baseN each (an NZ C's
  // block an NZ matrix of baseM rows).
  // A triangular policy writes only the blocks it computes (inTriangle).
  std::vector<uint64_t> places;
  std::vector<DstT> kept;
  int rows = singleM_, cols = singleN_;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      if (!inTriangle(i, j))
        continue;
      places.push_back(enSequentialWrite ? sequentialPlace(i, j)
                       : kNzC ? detail::storedPlace(true, kC0C, orgM_, i, j)
                              : uint64_t(i) * orgN_ + j);
      kept.push_back(result[uint64_t(i) * cols + j]);
    }
  result = std::move(kept);
  DstT *dst = gm.GetPhyAddr();
  for (uint64_t place : places)
    p->outputs.add(dst + place, sizeof(DstT), "C");
  asc_run::checkStatedOutput(name, loc, p->outputs, dst, sizeof(DstT));
  p->outputs.atomic = enAtomic != 0;
  p->publish = [dst, enAtomic, places = std::move(places),
                result = std::move(result)]() {
    for (size_t e = 0; e < result.size(); ++e) {
      DstT &d = dst[places[e]];
      d = detail::combine(d, result[e], enAtomic);
    }
  };
  allProduct(1);
  // MatmulService::Iterate signals an IterateAll only when it is
  // synchronous or has waitIterateAll, and ends the Matmul (mul.End()).
  finishServerCall(std::move(p), sync, sync || waitIterateAll, loc,
                   "MatmulService::Iterate");
  if constexpr (sameAb)
    asc_run::matmul::sameAbLeadDone(index_);
}

/// Iterate into a CO1 tensor on the cube-side object: the next block, added
/// to what the tensor holds with enPartialSum.
ASC_RUN_MATMUL_MEMBER
template <typename T>
bool ASC_RUN_MATMUL::iterateIntoCo1(bool enPartialSum,
                                    const LocalTensor<T> &localCmatrix,
                                    Loc loc) {
  static_assert(C_TYPE::pos == TPosition::CO1 &&
                    C_TYPE::format == CubeFormat::NZ &&
                    (std::is_same_v<T, float> ||
                     std::is_same_v<T, int32_t>)&&std::is_same_v<T, DstT>,
                "Iterate into a CO1 tensor needs C in TPosition::CO1, "
                "CubeFormat::NZ, float or int32_t");
  const char *name = "Iterate (CO1 tensor)";
  asc_run::InlineCube inlineCube(true, /*orderLater=*/true);
  checkCall(name, loc);
  requireInputs(name, loc);
  checkNzShapes(name, loc);
  if (!iterating_) {
    iterating_ = true;
    round_ = 0;
    blocksM_ = ceilDiv(singleM_, baseM());
    blocksN_ = ceilDiv(singleN_, baseN());
  } else if (++round_ >= blocksM_ * blocksN_ * kSlices()) {
    iterating_ = false;
    return false;
  }
  accumulateIntoCo1Tensor(localCmatrix, enPartialSum, loc, name);
  return true;
}

/// GetTensorC into a local tensor: the current block through the server,
/// or after an async Iterate from the workspace.
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::getTensorCToLocal(bool sync, const LocalTensor<DstT> &c,
                                       uint8_t enAtomic, bool enSequentialWrite,
                                       Loc loc) {
  std::string call = std::string("GetTensorC") + (sync ? "<true>" : "<false>");
  checkNzBlock(call, loc);
  uint32_t stride = kNzC ? (enSequentialWrite ? baseM() : singleM_)
                         : (enSequentialWrite ? baseN() : singleN_);
  if constexpr (!CubeSide) {
    if (!isSyncGetC_) {
      // MatmulClient::GetTensorC's asynchronous branch (the previous
      // compute call was asynchronous): wait for the block's signal, copy
      // it from the workspace as it lies there, whatever enSequentialWrite
      // says (CopyToUB(c, cacheWorkspaceAddr + cOffset_, c.GetSize())).
      if (sync)
        asc_run::misuse(loc, call + " after Iterate<false>: fetch with "
                                    "GetTensorC<false>");
      fetchBlock(call, loc, c.GetPhyAddr(), kNzC ? baseM() : baseN(),
                 /*sequential=*/true, /*ordersVector=*/true);
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

/// Iterate into a CO1 tensor: the current block, rows x cols, as an NZ
/// matrix of ceil16(baseM) rows (fractals 16 x kC0C); with enPartialSum
/// the tensor's values are read and the product added (no bias).
ASC_RUN_MATMUL_MEMBER
template <typename T>
void ASC_RUN_MATMUL::accumulateIntoCo1Tensor(const LocalTensor<T> &co1,
                                             bool partialSum, Loc loc,
                                             const char *call) {
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
  detail::addStored(block, base, rows, cols, height, true, kC0C, "CO1");
  asc_run::checkStatedOutput(call, loc, block, base, sizeof(T));
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
      T &d = base[detail::storedPlace(true, kC0C, height, i, j)];
      AccT v = values[uint64_t(i) * cols + j];
      d = partialSum ? T(AccT(d) + v) : T(v);
    }
  blockProduct(rows, cols);
}

/// The cube-side object's Iterate (CANN's MatmulImpl runs inline, so the
/// asynchronous form computes synchronously too).
ASC_RUN_MATMUL_MEMBER
bool ASC_RUN_MATMUL::cubeIterate(bool enPartialSum, Loc loc, const char *name) {
  asc_run::InlineCube inlineCube(true);
  requireInputs(name, loc);
  checkNzShapes(name, loc);
  if (!iterating_) {
    iterating_ = true;
    round_ = 0;
    blocksM_ = ceilDiv(singleM_, baseM());
    blocksN_ = ceilDiv(singleN_, baseN());
  } else if (++round_ >= blocksM_ * blocksN_ * kSlices()) {
    iterating_ = false;
    return false;
  }
  computeCurrentBlock(enPartialSum, loc, name);
  asc_run::scalarWork(1);
  return true;
}

/// The client's blocks: its own count from the tiling and SetTail
/// (MatmulClient's mIter_ * nIter_).
ASC_RUN_MATMUL_MEMBER
uint32_t ASC_RUN_MATMUL::clientBlocks() const {
  // With isPartialOutput, MatmulClient's mnIter_ = nIter_ * mIter_ * kIter.
  int kIter = ToConfig().isPartialOutput ? ceilDiv(clientK_, kStep()) : 1;
  return uint32_t(ceilDiv(clientM_, baseM()) * ceilDiv(clientN_, baseN()) *
                  kIter);
}

/// MatmulClient::Iterate: a message with isFirstIter (SetTensorA or
/// SetTensorB since the last post) starts a loop and posts; otherwise the
/// client counts on, posting again only when synchronous.
ASC_RUN_MATMUL_MEMBER
template <bool sync>
bool ASC_RUN_MATMUL::clientIterate(bool enPartialSum, Loc loc,
                                   const char *name) {
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
    } else if (++round_ >= blocksM_ * blocksN_ * kSlices()) {
      asc_run::misuse(
          loc, std::string(name) + " asks the server for block " +
                   std::to_string(round_ + 1) + " of " +
                   std::to_string(blocksM_ * blocksN_ * kSlices()) +
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

/// Async Iterate on the server (MatmulService::StartIterate): every block
/// into the workspace, block after block (baseM x baseN each, alone in its
/// slot: enSequentialWrite), a signal after each of the first 13 and, with
/// 14 or more blocks, one after the last (MatmulService::Iterate). Each
/// block is pending until a fetch takes a signal sent after it; the last
/// block also holds A, B and the bias, which the cube reads until then.
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::startBackground(const Message &m, Loc loc,
                                     bool partialSum) {
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
    p->ring = m.ring;
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
            blk.values[uint64_t(i) * blk.cols + j];
    blockProduct(blk.rows, blk.cols);
    if (uint32_t(r) + 1 < kIncProcessCheck)
      pushSignal(m.seq, m.ring, uint32_t(r));
    asc_run::state().pending.push_back(std::move(p));
  }
  if (uint32_t(blocks) >= kIncProcessCheck)
    pushSignal(m.seq, m.ring, uint32_t(blocks - 1));
  asyncRun_.active = true;
  asyncRun_.seq = m.seq;
  asyncRun_.blocks = blocks;
  signalStory_ =
      "Iterate<false> at " + loc.str() + " computed " + std::to_string(blocks) +
      " blocks, and MatmulService::StartIterate and MatmulService::Iterate "
      "signal after each of the first 13 and once more after the last "
      "when there are 14 or more: " +
      std::to_string(std::min<uint32_t>(uint32_t(blocks), kIncProcessCheck)) +
      " signals";
}

/// A fetch of the current block through the server (MMFUN_GET_TENSOR_C):
/// synchronous (the server signals, the client waits), or GetTensorC<false>
/// to GM after a synchronous Iterate, which the server never signals
/// (MatmulService::GetTensorC). On the cube-side object, inline.
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::syncFetch(const std::string &call, Loc loc, DstT *base,
                               uint32_t stride, bool sequential,
                               uint8_t enAtomic, bool waited, DstT *localBase,
                               uint32_t localStride) {
  asc_run::InlineCube inlineCube(CubeSide);
  if (!iterating_)
    asc_run::misuse(loc, call + " without a current block (call Iterate "
                                "first)");
  Message m;
  if constexpr (!CubeSide) {
    checkIssueAllowed(call.c_str(), loc);
    m = post(call, loc);
    std::string lost = detail::stagedSetters(m, true);
    if (!lost.empty())
      asc_run::note(call + " at " + loc.str() + " posts the staged " + lost +
                    ": MatmulService::GetTensorC applies no setter (and "
                    "MatmulClient::GetTensorC asserts isFirstIter == 0)");
  }
  // An ND block written sequentially has rows of its own width, a tail's
  // narrower than baseN (CopyOutNZ2ND's stride is baseWidth, NLoop's
  // GetBaseShape: copy_cube_out_fixpipe.h, GetResultImpl in
  // scheduler_base.h).
  if (sequential && !kNzC)
    stride = uint32_t(block_.cols);
  DstT *dst = blockPlace(base, stride, sequential);
  DstT *local =
      localBase ? blockPlace(localBase, localStride, sequential) : nullptr;
  Block blk = block_;
  auto p = newPending(call.c_str(), loc, "");
  p->seq = m.seq;
  p->ring = m.ring;
  detail::addStored(p->outputs, dst, blk.rows, blk.cols, stride, kNzC, kC0C,
                    "C");
  asc_run::checkStatedOutput(call, loc, p->outputs, base, sizeof(DstT));
  p->outputs.atomic = enAtomic != 0;
  p->publish = [dst, stride, enAtomic, blk]() {
    for (int i = 0; i < blk.rows; ++i)
      for (int j = 0; j < blk.cols; ++j) {
        DstT value = blk.values[uint64_t(i) * blk.cols + j];
        DstT &d = dst[detail::storedPlace(kNzC, kC0C, stride, i, j)];
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
      pushSignal(m.seq, m.ring, 0);
      consumeSignal(call, loc, "the synchronous fetch waits for its signal");
    }
    if (intoUb) {
      constexpr auto kCopy = asc_run::OrderedCall::FetchIntoUb;
      asc_run::runCallOrderings(kCopy, /*beforeAccess=*/true);
      asc_run::OnPipe onCopy(asc_run::callAccessPipe(kCopy));
      asc_run::checkAccess(p->call, loc, p->outputs, true, p.get());
      asc_run::state().trace.work(asc_run::callAccessPipe(kCopy),
                                  asc_run::Work::GmCopy, bytes, blk.rows);
      asc_run::runCallOrderings(kCopy, /*beforeAccess=*/false);
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
  detail::addStored(reads, dst, blk.rows, blk.cols, stride, kNzC, kC0C, "C");
  detail::addStored(writes, local, blk.rows, blk.cols, localStride, kNzC, kC0C,
                    "C");
  asc_run::checkStatedOutput(call, loc, writes, localBase, sizeof(DstT));
  {
    asc_run::OnPipe onMte2(CubeSide ? asc_run::PipeCube : asc_run::PipeMte2);
    asc_run::checkAccess(call, loc, reads, false);
    asc_run::checkAccess(call, loc, writes, true);
  }
  if (!CubeSide) {
    asc_run::state().trace.work(asc_run::PipeMte2, asc_run::Work::GmCopy, bytes,
                                blk.rows);
    asc_run::runCallOrderings(asc_run::OrderedCall::FetchIntoUb,
                              /*beforeAccess=*/false);
  }
  for (int i = 0; i < blk.rows; ++i)
    for (int j = 0; j < blk.cols; ++j)
      local[detail::storedPlace(kNzC, kC0C, localStride, i, j)] =
          blk.values[uint64_t(i) * blk.cols + j];
}

/// The next block of an async Iterate, as the client counts them (its
/// cOffset_), after the fetch's wait.
ASC_RUN_MATMUL_MEMBER
uint64_t ASC_RUN_MATMUL::nextFetchedBlock(const std::string &call, Loc loc) {
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
/// workspace by MTE2 (MatmulClient::GetTensorC, CopyToUB). GetTensorC's
/// copy ends with SetFlag/WaitFlag<MTE2_V> (CopyToUB<..., sync = true>),
/// so the vector pipe may read the block at once; AsyncGetTensorC's has no
/// flag (CopyToUB<..., false>): until WaitGetTensorC orders MTE2 before V,
/// the pipe checker reports a vector access. MTE3 and the scalar unit are
/// ordered by neither (spec section 2c, O8; rule P7).
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::fetchBlock(const std::string &call, Loc loc, DstT *base,
                                uint32_t stride, bool sequential,
                                bool ordersVector) {
  checkFetchAllowed(call, loc);
  uint64_t k = nextFetchedBlock(call, loc);
  round_ = int(k);
  asc_run::OnPipe onMte2(asc_run::PipeMte2);
  uint64_t blockElems = uint64_t(baseM()) * baseN();
  const DstT *wsBlock =
      reinterpret_cast<const DstT *>(workspace_) + k * blockElems;
  asc_run::Footprint reads;
  reads.add(wsBlock, blockElems * sizeof(DstT), "workspace");
  asc_run::checkAccess(call, loc, reads, false);
  uint32_t r, c;
  blockOrigin(int(k), r, c);
  int rows = std::min(baseM(), singleM_ - int(r));
  int cols = std::min(baseN(), singleN_ - int(c));
  DstT *dst = blockPlace(base, stride, sequential);
  asc_run::Footprint writes;
  detail::addStored(writes, dst, rows, cols, stride, kNzC, kC0C, "C");
  asc_run::checkStatedOutput(call, loc, writes, base, sizeof(DstT));
  asc_run::checkAccess(call, loc, writes, true);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      dst[detail::storedPlace(kNzC, kC0C, stride, i, j)] =
          wsBlock[workspacePlace(i, j)];
  asc_run::state().trace.work(asc_run::PipeMte2, asc_run::Work::GmCopy,
                              double(blockElems * sizeof(DstT)), 1);
  asc_run::runCallOrderings(ordersVector
                                ? asc_run::OrderedCall::FetchIntoUb
                                : asc_run::OrderedCall::AsyncFetchIntoUb,
                            /*beforeAccess=*/false);
}

/// GetTensorC<false>(): after the block's signal, a view of it in the
/// workspace (MatmulClient::GetTensorC without a destination: no copy).
/// The wait for the signal holds back every later instruction of the
/// vector core, so the view is complete for every later access (spec
/// revision 4, section 2); it stays valid until the object's next
/// Iterate, IterateNBatch or SetWorkspace.
ASC_RUN_MATMUL_MEMBER
auto ASC_RUN_MATMUL::fetchView(const std::string &call, Loc loc)
    -> GlobalTensor<DstT> {
  checkFetchAllowed(call, loc);
  uint64_t k = nextFetchedBlock(call, loc);
  GlobalTensor<DstT> view;
  view.SetGlobalBuffer(
      reinterpret_cast<DstT *>(const_cast<uint8_t *>(workspace_)) +
          k * baseM() * baseN(),
      uint64_t(baseM()) * baseN());
  return view;
}

} // namespace AscendC

#endif // ASC_RUN_MATMUL_ITERATE_H
