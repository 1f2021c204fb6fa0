//===- cube.h - The cube's computation --------------------------*- C++ -*-===//
//
// MatmulModel's members that compute what the cube does: the operands as
// stored (ND, NZ, transposed, batch layouts), products into CO1 with the
// bias, FIXPIPE's quantisation, the order of the base blocks, and the cost
// model's nodes of the server's work.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_MATMUL_CUBE_H
#define ASC_RUN_MATMUL_CUBE_H

#include "asc_run/matmul/model.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace AscendC {

/// CANN's NZ alignment table: an NZ matrix's outer axis is a multiple of
/// 16 and its inner axis of the fractal width, for the original shape and
/// the single shape alike.
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::checkNzShapes(const char *call, Loc loc) const {
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
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::checkNzBlock(const std::string &call, Loc loc) const {
  if (kNzC && baseN() % kC0C != 0)
    asc_run::misuse(
        loc, call + " of an NZ C needs baseN (" + std::to_string(baseN()) +
                 ") in multiples of the fractal width " + std::to_string(kC0C));
}

/// A, B, bias and scales of the current single shape, as read by the cube.
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::addInputs(asc_run::Pending &p, uint32_t) {
  checkIbShareCache(p.call.c_str(), p.loc);
  if (!broadcastA_) // a scalar A is held by the object
    detail::addStored(p.inputs, a_, transA_ ? singleK_ : singleM_,
                      transA_ ? singleM_ : singleK_, lda(), kNzA, kC0A, "A");
  if (!broadcastB_) // a scalar B is held by the object
    detail::addStored(p.inputs, b_, transB_ ? singleN_ : singleK_,
                      transB_ ? singleK_ : singleN_, ldb(), kNzB, kC0B, "B");
  if (bias_)
    p.inputs.add(bias_, uint64_t(singleN_) * sizeof(BiasT), "bias");
  if (quantVector_)
    p.inputs.add(quantVector_, uint64_t(singleN_) * sizeof(uint64_t),
                 "quantisation scales");
}

/// The batch-layout axes of A, B and C from the tiling (C's S and D are
/// its S1 and S2).
ASC_RUN_MATMUL_MEMBER
detail::LayoutAxes ASC_RUN_MATMUL::axesA() const {
  return {uint64_t(tiling_.ALayoutInfoB), uint64_t(tiling_.ALayoutInfoS),
          uint64_t(tiling_.ALayoutInfoN), uint64_t(tiling_.ALayoutInfoG),
          uint64_t(tiling_.ALayoutInfoD)};
}

ASC_RUN_MATMUL_MEMBER
detail::LayoutAxes ASC_RUN_MATMUL::axesB() const {
  return {uint64_t(tiling_.BLayoutInfoB), uint64_t(tiling_.BLayoutInfoS),
          uint64_t(tiling_.BLayoutInfoN), uint64_t(tiling_.BLayoutInfoG),
          uint64_t(tiling_.BLayoutInfoD)};
}

ASC_RUN_MATMUL_MEMBER
detail::LayoutAxes ASC_RUN_MATMUL::axesC() const {
  return {uint64_t(tiling_.CLayoutInfoB), uint64_t(tiling_.CLayoutInfoS1),
          uint64_t(tiling_.CLayoutInfoN), uint64_t(tiling_.CLayoutInfoG),
          uint64_t(tiling_.CLayoutInfoS2)};
}

/// CANN's CalcReduceGInfo: C's G axis 1 while A's or B's is not reduces
/// groups of max(AG, BG) products into one C batch; otherwise 1.
ASC_RUN_MATMUL_MEMBER
uint32_t ASC_RUN_MATMUL::reduceGNum() const {
  bool reduce = tiling_.CLayoutInfoG == 1 &&
                (tiling_.ALayoutInfoG != 1 || tiling_.BLayoutInfoG != 1);
  return reduce ? uint32_t(
                      std::max({tiling_.ALayoutInfoG, tiling_.BLayoutInfoG, 1}))
                : 1u;
}

/// Which of the loop's `batches` batches of operand `which` ('A' or 'B')
/// product i reads, as CANN's CalcBatchIterateA/BOffsetInfo and
/// UpdateOffset decide from the layout axes: broadcast over G (the
/// operand's G 1, the other's not: i / G), over N (i % G + i / (G * N)),
/// over B (i % (G * N)); otherwise i.
ASC_RUN_MATMUL_MEMBER
uint32_t ASC_RUN_MATMUL::broadcastIndex(uint32_t i, char which,
                                        uint32_t batches, Loc loc,
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

/// The row strides of A and B as stored (transposed: K x M, N x K): the
/// original shape's, or a batch layout's while IterateNBatch runs.
ASC_RUN_MATMUL_MEMBER
uint64_t ASC_RUN_MATMUL::lda() const {
  if (kNzA)
    return uint64_t(transA_ ? orgKa_ : orgM_);
  return ldA_ ? ldA_ : uint64_t(transA_ ? orgM_ : orgKa_);
}

ASC_RUN_MATMUL_MEMBER
uint64_t ASC_RUN_MATMUL::ldb() const {
  if (kNzB)
    return uint64_t(transB_ ? orgN_ : orgKb_);
  return ldB_ ? ldB_ : uint64_t(transB_ ? orgKb_ : orgN_);
}

/// A's and B's elements as the cube multiplies them: an int4b_t one read
/// from its nibble (detail::int4At), others converted.
ASC_RUN_MATMUL_MEMBER
auto ASC_RUN_MATMUL::valueA(int m, int k) const -> AccT {
  if constexpr (std::is_same_v<SrcAT, ::int4b_t>)
    return detail::int4At(a_, transA_ ? uint64_t(k) * lda() + m
                                      : uint64_t(m) * lda() + k);
  else
    return AccT(elemA(m, k));
}

ASC_RUN_MATMUL_MEMBER
auto ASC_RUN_MATMUL::valueB(int k, int n) const -> AccT {
  if constexpr (std::is_same_v<SrcBT, ::int4b_t>)
    return detail::int4At(b_, transB_ ? uint64_t(n) * ldb() + k
                                      : uint64_t(k) * ldb() + n);
  else
    return AccT(elemB(k, n));
}

ASC_RUN_MATMUL_MEMBER
auto ASC_RUN_MATMUL::elemA(int m, int k) const -> SrcAT {
  if (broadcastA_)
    return *a_;
  return transA_ ? a_[detail::storedPlace(kNzA, kC0A, lda(), k, m)]
                 : a_[detail::storedPlace(kNzA, kC0A, lda(), m, k)];
}

ASC_RUN_MATMUL_MEMBER
auto ASC_RUN_MATMUL::elemB(int k, int n) const -> SrcBT {
  if (broadcastB_)
    return *b_;
  return transB_ ? b_[detail::storedPlace(kNzB, kC0B, ldb(), n, k)]
                 : b_[detail::storedPlace(kNzB, kC0B, ldb(), k, n)];
}

/// The product of rows [m0, m0+rows) and columns [n0, n0+cols) of the single
/// shape, accumulated in AccT, plus the bias when `withBias`: what the cube
/// leaves in L0C (CO1), before FIXPIPE's quantisation.
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::product(int m0, int n0, int rows, int cols,
                             std::vector<AccT> &out, bool withBias) const {
  out.assign(uint64_t(rows) * cols, AccT(0));
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      AccT acc = AccT(0);
      for (int k = kBegin_; k < (kEnd_ < 0 ? singleK_ : kEnd_); ++k)
        acc += valueA(m0 + i, k) * valueB(k, n0 + j);
      if (bias_ && withBias)
        acc += AccT(bias_[n0 + j]);
      out[uint64_t(i) * cols + j] = acc;
    }
}

/// FIXPIPE on the way out of CO1: columns from n0 of a block converted to
/// C's type, quantised with the parameter of SetQuantScalar or column j's of
/// SetQuantVector where the types make a quantisation scenario
/// (detail::quantKind, detail::quantiseValue: CANN's definition, cited
/// there), converted plainly otherwise.
ASC_RUN_MATMUL_MEMBER
auto ASC_RUN_MATMUL::fixpipe(const std::vector<AccT> &values, int n0, int cols,
                             Loc loc, const std::string &call) const
    -> std::vector<DstT> {
  std::vector<DstT> out(values.size());
  constexpr bool kQuantises =
      detail::quantKind<AccT, DstT>() != detail::QuantKind::None;
  // Only a quantisation scenario's types instantiate the quantisation (a
  // bfloat16 C has none).
  if constexpr (kQuantises) {
    if (quant_) {
      detail::QuantParam scalar = detail::decodeQuant(quantScalar_);
      for (size_t e = 0; e < values.size(); ++e) {
        int j = n0 + int(e % cols);
        detail::QuantParam q =
            quantVector_ ? detail::decodeQuant(quantVector_[j]) : scalar;
        if (q.modeControl || !std::isfinite(q.m1))
          refuseQuantParam(q, j, loc, call);
        out[e] = detail::quantiseValue<DstT>(values[e], q);
      }
      return out;
    }
  }
  for (size_t e = 0; e < values.size(); ++e)
    out[e] = detail::toOutput<DstT>(values[e]);
  return out;
}

/// A quantisation parameter asc-run does not compute: the mode control bit
/// (bit 36: the int32 shifted right by N before the conversion; CANN's two
/// descriptions of N disagree), or an M1 that is INF or NaN, which the
/// device does not allow.
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::refuseQuantParam(const detail::QuantParam &q, int column,
                                      Loc loc, const std::string &call) const {
  std::string source =
      quantVector_ ? "SetQuantVector's element " + std::to_string(column)
                   : std::string("SetQuantScalar's parameter");
  if (q.modeControl)
    asc_run::misuse(loc, call + ": " + source +
                             " sets the mode control bit (bit 36, shift the "
                             "int32 right before the conversion): not "
                             "modelled by asc-run");
  asc_run::misuse(loc, call + ": " + source +
                           " has an M1 (bits 31..13) that is INF or NaN, "
                           "which FIXPIPE's quantisation does not allow");
}

ASC_RUN_MATMUL_MEMBER
auto ASC_RUN_MATMUL::nextCo1() -> Co1Buffer & {
  int index = tiling_.dbL0C == 2 ? co1Next_ : 0;
  co1Next_ ^= 1;
  return co1_[index];
}

/// Computes block (m0, n0) of rows x cols into the next CO1 buffer and
/// returns what FIXPIPE makes of it (C's type, quantised). With enPartialSum
/// the product is added to the buffer's contents without the bias (CANN
/// initialises L0C, with the bias, only without it); CANN allows that for a
/// single shape of one block only (singleCoreM == baseM, singleCoreN == baseN).
ASC_RUN_MATMUL_MEMBER
auto ASC_RUN_MATMUL::computeInCo1(int m0, int n0, int rows, int cols,
                                  bool partialSum, Loc loc,
                                  const std::string &call)
    -> std::vector<DstT> {
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
  return fixpipe(values, n0, cols, loc, call);
}

/// Row and column of block `round` in the single shape (M varies fastest
/// for ORDER_M, the default).
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::blockOrigin(int round, uint32_t &row,
                                 uint32_t &col) const {
  round /= kSlices();
  int bm = std::max(ceilDiv(singleM_, baseM()), 1);
  int bn = std::max(ceilDiv(singleN_, baseN()), 1);
  if (orderN()) {
    row = uint32_t(round / bn * baseM());
    col = uint32_t(round % bn * baseN());
  } else {
    row = uint32_t(round % bm * baseM());
    col = uint32_t(round / bm * baseN());
  }
}

ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::computeBlock(int round, Block &blk, bool partialSum,
                                  Loc loc, const std::string &call) {
  uint32_t r, c;
  blockOrigin(round, r, c);
  // isPartialOutput: K slice round % kSlices() alone (KLoop's InnerNext,
  // k_loop_mdl_partial_output.h), never added to L0C (UpdateMmadComputeParams,
  // scheduler_mdl_base.h).
  if (ToConfig().isPartialOutput && (bias_ || partialSum))
    asc_run::misuse(loc, call +
                             " with MatmulConfig::isPartialOutput = true and " +
                             (partialSum ? "enPartialSum"
                                         : "a bias (CANN "
                                           "asserts: "
                                           "PartialOutput not "
                                           "support bias)") +
                             ": not modelled by asc-run");
  if (kSlices() > 1) {
    kBegin_ = round % kSlices() * kStep();
    kEnd_ = std::min(singleK_, kBegin_ + kStep());
  }
  blk.rows = std::min(baseM(), singleM_ - int(r));
  blk.cols = std::min(baseN(), singleN_ - int(c));
  blk.values =
      computeInCo1(int(r), int(c), blk.rows, blk.cols, partialSum, loc, call);
  kBegin_ = 0, kEnd_ = -1;
}

/// The whole single shape, block after block through CO1 in iteration
/// order (so CO1 holds the last blocks afterwards), into `out` (row-major,
/// singleCoreM x singleCoreN, in C's type).
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::computeAll(std::vector<DstT> &out, bool partialSum,
                                Loc loc, const std::string &call) {
  out.assign(uint64_t(singleM_) * singleN_, DstT());
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

/// The start of the current block in `base`: `base` itself when written
/// sequentially, else the block's place in a matrix of row stride `stride`
/// (for an NZ C: of `stride` rows).
ASC_RUN_MATMUL_MEMBER
auto ASC_RUN_MATMUL::blockPlace(DstT *base, uint32_t stride,
                                bool sequential) const -> DstT * {
  if (sequential)
    return base;
  uint32_t row, col;
  blockOrigin(round_, row, col);
  return base + detail::storedPlace(kNzC, kC0C, stride, row, col);
}

/// A block's matrix in GM: C's original shape (ND: its row stride orgN;
/// NZ: its height orgM), or the block alone when written sequentially.
ASC_RUN_MATMUL_MEMBER
uint32_t ASC_RUN_MATMUL::gmStride(bool sequential) const {
  if (kNzC)
    return sequential ? baseM() : orgM_;
  return sequential ? baseN() : orgN_;
}

/// Where element (i, j) of the single shape lands with enSequentialWrite:
/// in its base block's baseM x baseN slot, the slots in iteration order.
ASC_RUN_MATMUL_MEMBER
uint64_t ASC_RUN_MATMUL::sequentialPlace(int i, int j) const {
  int bm = ceilDiv(singleM_, baseM()), bn = ceilDiv(singleN_, baseN());
  int mi = i / baseM(), ni = j / baseN();
  int round = orderN() ? mi * bn + ni : ni * bm + mi;
  return uint64_t(round) * baseM() * baseN() +
         workspacePlace(i % baseM(), j % baseN());
}

/// Where element (i, j) of a block lies in its workspace slot: ND rows of
/// baseN, or an NZ block of baseM rows.
ASC_RUN_MATMUL_MEMBER
uint64_t ASC_RUN_MATMUL::workspacePlace(int i, int j) const {
  return kNzC ? detail::storedPlace(true, kC0C, baseM(), i, j)
              : uint64_t(i) * baseN() + j;
}

/// The cost model's node of `count` products of m x n x k on the cube
/// (the server's, or inline on the cube-side object).
ASC_RUN_MATMUL_MEMBER
uint32_t ASC_RUN_MATMUL::product(uint32_t count, int m, int n, int k) const {
  asc_run::Rate rate = std::is_same_v<SrcAT, int8_t> ? asc_run::Rate::I8
                       : sizeof(SrcAT) >= 4          ? asc_run::Rate::F32
                                                     : asc_run::Rate::F16;
  return asc_run::serverProduct(count, m, n, k, sizeof(SrcAT), sizeof(DstT),
                                rate, !CubeSide);
}

/// One block of `rows` x `cols` (an Iterate's).
ASC_RUN_MATMUL_MEMBER
uint32_t ASC_RUN_MATMUL::blockProduct(int rows, int cols) const {
  return product(1, rows, cols, singleK_);
}

/// `batches` single shapes (IterateAll, IterateBatch, a loop of
/// IterateNBatch).
ASC_RUN_MATMUL_MEMBER
uint32_t ASC_RUN_MATMUL::allProduct(uint32_t batches) const {
  return product(batches, singleM_, singleN_, singleK_);
}

/// The server's FIXPIPE write of `bytes` of a block to GM (a fetch).
ASC_RUN_MATMUL_MEMBER
uint32_t ASC_RUN_MATMUL::serverWrite(double bytes) const {
  asc_run::Node n;
  n.unit = asc_run::PipeCube;
  n.work = asc_run::Work::GmCopy;
  n.server = !CubeSide;
  n.a = bytes;
  n.b = 1;
  return asc_run::state().trace.add(n);
}

/// The block `round_` of the server's loop into block_, its inputs read.
ASC_RUN_MATMUL_MEMBER
void ASC_RUN_MATMUL::computeCurrentBlock(bool enPartialSum, Loc loc,
                                         const char *name) {
  asc_run::OnPipe onCube(asc_run::PipeCube);
  asc_run::Pending reads;
  addInputs(reads, 1);
  asc_run::checkAccess(name, loc, reads.inputs, false);
  computeBlock(round_, block_, enPartialSum, loc, name);
  blockProduct(block_.rows, block_.cols);
}

} // namespace AscendC

#endif // ASC_RUN_MATMUL_CUBE_H
