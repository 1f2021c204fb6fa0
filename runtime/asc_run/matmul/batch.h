//===- batch.h - Batches ----------------------------------------*- C++ -*-===//
//
// MatmulModel's members behind IterateBatch (NORMAL and batch layouts),
// IterateNBatch (BSNGD, SBNGD and BNGS1S2 layouts, into the workspace) and
// the GetBatchTensorC copies, with their checks of the layout axes.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_MATMUL_BATCH_H
#define ASC_RUN_MATMUL_BATCH_H

#include "asc_run/matmul/model.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace AscendC {

/// max(batchA, batchB) products into `dst`, MatmulService::IterateBatch's
/// mul.IterateBatch. In the NORMAL layout: in GM batch i at matrixStrideC
/// (default orgM x orgN) elements, rows orgN apart; in a local tensor one
/// singleCoreM x singleCoreN matrix after the other. In a batch layout
/// (BSNGD, SBNGD, BNGS1S2) each operand's batch i at its place in the
/// operand's layout, rows the layout's row stride apart, as IterateNBatch's
/// loop does. The server signals with sync or waitIterateBatch and ends the
/// Matmul. In layout NONE it drops the message (dropBatchMessage).
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::iterateBatch(const char *name, bool sync, bool signalled,
                                  const char *waitName, DstT *dst,
                                  uint32_t matrixStrideC, bool local,
                                  uint32_t batchA, uint32_t batchB,
                                  uint32_t matrixStrideA,
                                  uint32_t matrixStrideB, bool partialSum,
                                  uint8_t enAtomic, Loc loc) {
  static_assert(!CubeSide || A_TYPE::layout != LayoutMode::NONE,
                "IterateBatch: the MatmulImpl of layout NONE has none "
                "(BatchMatmulImpl serves the batch layouts)");
  asc_run::InlineCube inlineCube(CubeSide);
  checkCall(name, loc);
  checkNotInLoop(name, loc);
  Message m = postIssue(name, loc, "MatmulClient::IterateBatch", partialSum);
  if constexpr (A_TYPE::layout == LayoutMode::NONE) {
    dropBatchMessage(name, sync, waitName, m, loc);
    return;
  }
  requireInputs(name, loc);
  checkNzShapes(name, loc);
  constexpr bool kBatchLayout = A_TYPE::layout != LayoutMode::NORMAL;
  if (kBatchLayout != (B_TYPE::layout != LayoutMode::NORMAL))
    asc_run::misuse(loc, std::string(name) +
                             " with one of A and B in the NORMAL layout and "
                             "the other in a batch layout is not modelled by "
                             "asc-run");
  if (kBatchLayout) {
    if (kNzA || kNzB || kNzC || local || matrixStrideC ||
        C_TYPE::layout == LayoutMode::NONE ||
        C_TYPE::layout == LayoutMode::NORMAL || reduceGNum() != 1)
      asc_run::misuse(loc, std::string(name) +
                               " in a batch layout is modelled into GM, "
                               "with ND operands, a C in a batch layout, "
                               "no matrixStrideC and no G reduction");
    checkLayoutAxes(name, loc);
  }
  if (batchA == 0 || batchB == 0 ||
      std::max(batchA, batchB) % std::min(batchA, batchB))
    asc_run::misuse(loc, "IterateBatch with batchA " + std::to_string(batchA) +
                             " and batchB " + std::to_string(batchB) +
                             ": one must divide the other");
  if (kNzC && singleN_ % kC0C != 0)
    asc_run::misuse(loc, std::string(name) + " of an NZ C needs singleCoreN (" +
                             std::to_string(singleN_) +
                             ") in multiples of the fractal width " +
                             std::to_string(kC0C));
  auto p = newPending(name, loc, waitName);
  p->seq = m.seq;
  p->ring = m.ring;
  uint32_t batches = std::max(batchA, batchB);
  detail::LayoutAxes ax = axesA(), bx = axesB(), cx = axesC();
  // Where batch b of C starts and the distance between its rows; an NZ C's
  // batch is an NZ matrix of `height` rows.
  uint64_t rowStride = kBatchLayout
                           ? detail::layoutRowStride(C_TYPE::layout, cx)
                       : local ? uint64_t(singleN_)
                               : uint64_t(orgN_);
  uint64_t height = local ? uint64_t(singleM_) : uint64_t(orgM_);
  uint64_t strideC = local           ? uint64_t(singleM_) * singleN_
                     : matrixStrideC ? matrixStrideC
                                     : uint64_t(orgM_) * orgN_;
  std::vector<uint64_t> cStart(batches);
  for (uint32_t b = 0; b < batches; ++b)
    cStart[b] = kBatchLayout ? detail::layoutBatchOffset(C_TYPE::layout, cx, b)
                             : b * strideC;
  uint64_t strideA = matrixStrideA ? matrixStrideA : uint64_t(orgM_) * orgKa_;
  uint64_t strideB = matrixStrideB ? matrixStrideB : uint64_t(orgKb_) * orgN_;
  uint64_t one = uint64_t(singleM_) * singleN_;
  std::vector<DstT> result(batches * one);
  const SrcAT *a0 = a_;
  const SrcBT *b0 = b_;
  const BiasT *bias0 = bias_;
  if (kBatchLayout) {
    ldA_ = detail::layoutRowStride(A_TYPE::layout, ax);
    ldB_ = detail::layoutRowStride(B_TYPE::layout, bx);
  }
  for (uint32_t i = 0; i < batches; ++i) {
    if (kBatchLayout) {
      // Batch i of one loop of IterateNBatch (CalcNBatchoffset).
      a_ = a0 + detail::batchStart(A_TYPE::layout, ax, 0, batchA,
                                   broadcastIndex(i, 'A', batchA, loc, name),
                                   matrixStrideA);
      b_ = b0 + detail::batchStart(B_TYPE::layout, bx, 0, batchB,
                                   broadcastIndex(i, 'B', batchB, loc, name),
                                   matrixStrideB);
    } else {
      // The smaller batch broadcasts as CANN's NORMAL layout offsets do:
      // batch i reads batch i / (batches / batchA) of A.
      a_ = broadcastA_ ? a0 : a0 + (i / (batches / batchA)) * strideA;
      b_ = broadcastB_ ? b0 : b0 + (i / (batches / batchB)) * strideB;
    }
    if (bias0)
      bias_ = bias0 + (ToConfig().isBiasBatch
                           ? uint64_t(i) * (kBatchLayout ? singleN_ : orgN_)
                           : 0);
    addInputs(*p, 1);
    {
      asc_run::OnPipe onCube(asc_run::PipeCube);
      asc_run::checkAccess(p->call, loc, p->inputs, false, p.get());
    }
    std::vector<DstT> product;
    computeAll(product, partialSum, loc, name);
    std::copy(product.begin(), product.end(), result.begin() + i * one);
  }
  a_ = a0;
  b_ = b0;
  bias_ = bias0;
  ldA_ = ldB_ = 0;
  auto place = [rowStride, height, cStart](uint64_t b, uint64_t i, uint64_t j) {
    return cStart[b] + (kNzC ? detail::storedPlace(true, kC0C, height, i, j)
                             : i * rowStride + j);
  };
  for (uint32_t b = 0; b < batches; ++b)
    detail::addStored(p->outputs, dst + cStart[b], singleM_, singleN_,
                      kNzC ? height : rowStride, kNzC, kC0C, "C");
  asc_run::checkStatedOutput(name, loc, p->outputs, dst, sizeof(DstT));
  p->outputs.atomic = enAtomic != 0;
  int rows = singleM_, cols = singleN_;
  p->publish = [dst, rows, cols, place, batches, enAtomic,
                result = std::move(result)]() {
    for (uint32_t b = 0; b < batches; ++b)
      for (int i = 0; i < rows; ++i)
        for (int j = 0; j < cols; ++j) {
          DstT &d = dst[place(b, i, j)];
          d = detail::combine(d, result[(uint64_t(b) * rows + i) * cols + j],
                              enAtomic);
        }
  };
  allProduct(batches);
  finishServerCall(std::move(p), sync, signalled, loc,
                   "MatmulService::IterateBatch");
}

/// IterateBatch in layout NONE on the vector core: c220's
/// MatmulService::Process serves MMFUN_ITERATE_BATCH_ALL only when A's
/// layout is not NONE, so the message falls through to its "illegal
/// function ID" case (an ASSERT that device builds compile to nothing) and
/// is freed: nothing is computed and nothing signals. The call is pending
/// with no work, so the client's wait (a synchronous call's own, or
/// WaitIterateBatch) waits for a signal that never comes.
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::dropBatchMessage(const char *name, bool sync,
                                      const char *waitName, const Message &m,
                                      Loc loc) {
  auto p = newPending(name, loc, waitName);
  p->seq = m.seq;
  p->ring = m.ring;
  finishPart(std::move(p), loc);
  iterating_ = false;
  signalStory_ = std::string(name) + " at " + loc.str() +
                 " was dropped by the server: in layout NONE "
                 "MatmulService::Process has no case for "
                 "MMFUN_ITERATE_BATCH_ALL, so nothing computes or signals";
  if (sync)
    consumeSignal(name, loc, "the synchronous call waits for its signal");
  isSyncGetC_ = sync;
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
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::iterateNBatch(bool sync, bool waitIterateBatch,
                                   uint32_t batchLoop, uint32_t batchA,
                                   uint32_t batchB, uint32_t matrixStrideA,
                                   uint32_t matrixStrideB,
                                   uint32_t matrixStrideC, bool enPartialSum,
                                   uint8_t enAtomic, Loc loc) {
  const char *name = sync ? "IterateNBatch<true>" : "IterateNBatch<false>";
  checkCall(name, loc);
  checkNotInLoop(name, loc);
  if (kNzA || kNzB || kNzC)
    asc_run::misuse(loc, std::string(name) +
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
  Message m = postIssue(name, loc, "MatmulClient::IterateNBatch", enPartialSum);
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
    parts.back()->ring = m.ring;
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
  std::vector<DstT> result;
  std::vector<uint64_t> cPlace;
  for (uint32_t l = 0; l < batchLoop; ++l) {
    asc_run::Pending &p = *parts[perLoop ? l : 0];
    uint32_t at = applied ? l : 0; // the loop whose offsets apply
    if (applied) {
      aLoop = aBase + detail::batchStart(A_TYPE::layout, ax, l, batchA, 0,
                                         matrixStrideA);
      bLoop = bBase + detail::batchStart(B_TYPE::layout, bx, l, batchB, 0,
                                         matrixStrideB);
      biasLoop = biasBase && ToConfig().isBiasBatch
                     ? biasBase + uint64_t(l) * batchC * singleN_
                     : biasBase;
    }
    for (uint32_t i = 0; i < products; ++i) {
      uint32_t aIdx = broadcastIndex(i, 'A', batchA, loc, name);
      uint32_t bIdx = broadcastIndex(i, 'B', batchB, loc, name);
      uint64_t tC = uint64_t(l) * batchC + i / reduceG;
      a_ = aLoop + (detail::batchStart(A_TYPE::layout, ax, at, batchA, aIdx,
                                       matrixStrideA) -
                    detail::batchStart(A_TYPE::layout, ax, at, batchA, 0,
                                       matrixStrideA));
      b_ = bLoop + (detail::batchStart(B_TYPE::layout, bx, at, batchB, bIdx,
                                       matrixStrideB) -
                    detail::batchStart(B_TYPE::layout, bx, at, batchB, 0,
                                       matrixStrideB));
      // One bias per C batch; a G group adds it with its first product
      // (CANN's StopBias after the first).
      bias_ = biasLoop && i % reduceG == 0
                  ? biasLoop + (ToConfig().isBiasBatch
                                    ? uint64_t(i / reduceG) * singleN_
                                    : 0)
                  : nullptr;
      addInputs(p, 1);
      std::vector<DstT> product;
      computeAll(product, enPartialSum, loc, name);
      result.insert(result.end(), product.begin(), product.end());
      uint64_t place = detail::layoutBatchOffset(C_TYPE::layout, cx, tC);
      cPlace.push_back(place);
      p.outputs.addRows(ws + place, singleM_, uint64_t(singleN_) * sizeof(DstT),
                        ldc * sizeof(DstT), "C");
      end = std::max(end,
                     (place + (singleM_ - 1) * ldc + singleN_) * sizeof(DstT));
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
                  d, result[(t * rows + i) * uint64_t(cols) + j], mode);
            }
      };
      cPlace.clear();
      result.clear();
      finishPart(std::move(parts[perLoop ? l : 0]), loc);
    }
    // After the loop's accesses: the signal orders them.
    if (perLoop && l + 1 < kIncProcessCheck)
      pushSignal(m.seq, m.ring, l);
  }
  // The server keeps the last loop's inputs (and the message's bias).
  a_ = aLoop;
  b_ = bLoop;
  bias_ = biasLoop;
  ldA_ = ldB_ = 0;
  iterating_ = false;
  if (workspaceBytes_ && end > workspaceBytes_)
    asc_run::misuse(loc, std::string(name) + " writes " + std::to_string(end) +
                             " bytes of results into a workspace of " +
                             std::to_string(workspaceBytes_));
  // MatmulService::IterateNBatch: one signal at the end with sync or the
  // wait flag; without, one more after the last loop when 14 or more ran.
  if (!perLoop)
    pushSignal(m.seq, m.ring, 0);
  else if (batchLoop >= kIncProcessCheck)
    pushSignal(m.seq, m.ring, batchLoop - 1);
  signalStory_ =
      std::string(name) + " at " + loc.str() +
      (perLoop ? " has no wait flag: MatmulService::StartIterateNBatch "
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

/// A view of the next max(batchA, batchB) x singleCoreM x singleCoreN
/// results in the workspace: CANN's client hands them out one after the
/// other from the workspace's start. Nothing is copied, so nothing is
/// checked until the view is read.
ASC_RUN_MATMUL_MEMBER
auto ASC_RUN_MATMUL::batchView(uint32_t batchA, uint32_t batchB, bool sync,
                               Loc loc) -> GlobalTensor<DstT> {
  GlobalTensor<DstT> global;
  const char *name = sync ? "GetBatchTensorC<true>" : "GetBatchTensorC<false>";
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
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::copyBatchResults(const LocalTensor<DstT> &c,
                                      uint32_t batchA, uint32_t batchB,
                                      bool sync, Loc loc) {
  const char *name = sync ? "GetBatchTensorC<true>" : "GetBatchTensorC<false>";
  checkBatchFetch(sync, name, loc);
  fetchWait(name, loc, kBatchFetchWaits);
  if (C_TYPE::format == CubeFormat::ND_ALIGN)
    asc_run::misuse(loc, std::string(name) +
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
  asc_run::checkStatedOutput(name, loc, writes, dst, sizeof(DstT));
  {
    // CopyToUBBatch: MTE2 copies, then SetFlag/WaitFlag<MTE2_V>.
    asc_run::OnPipe onMte2(asc_run::PipeMte2);
    asc_run::checkAccess(name, loc, reads, false);
    asc_run::checkAccess(name, loc, writes, true);
  }
  asc_run::state().trace.work(asc_run::PipeMte2, asc_run::Work::GmCopy,
                              double(rows * rowBytes), double(rows));
  asc_run::runCallOrderings(asc_run::OrderedCall::FetchIntoUb,
                            /*beforeAccess=*/false);
  for (uint64_t r = 0; r < rows; ++r)
    std::memmove(dst + r * stride, src + r * stride, rowBytes);
  cOffset_ = start * sizeof(DstT); // CalcNBatchoffset
  ++nbatchIter_;
}

/// One operand's layout axes against the matrix it holds (rows x cols as
/// stored): S and D are its rows and columns, N and G (and B for SBNGD)
/// at least 1.
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::checkAxes(Loc loc, const char *call, const char *who,
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

ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::checkNBatchArgs(const char *call, uint32_t batchLoop,
                                     uint32_t batchA, uint32_t batchB,
                                     uint32_t matrixStrideC, Loc loc) {
  std::string name = call;
  if (batchLoop == 0 || batchA == 0 || batchB == 0)
    asc_run::misuse(loc, name + " with batchLoop " + std::to_string(batchLoop) +
                             ", batchA " + std::to_string(batchA) +
                             ", batchB " + std::to_string(batchB) +
                             ": none may be 0");
  if (matrixStrideC)
    asc_run::misuse(loc, name + ": matrixStrideC is reserved, keep it 0");
  checkLayoutAxes(call, loc);
}

/// The batch layouts' axes against the single shape, for IterateNBatch and
/// IterateBatch in a batch layout; a scalar input has no layout.
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::checkLayoutAxes(const char *call, Loc loc) {
  if (broadcastA_ || broadcastB_)
    asc_run::misuse(loc, std::string(call) +
                             " with a scalar A or B is not modelled by "
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

} // namespace AscendC

#endif // ASC_RUN_MATMUL_BATCH_H
