//===- adv_vector.h - Ascend C advanced vector APIs on the CPU --*- C++ -*-===//
//
// The advanced-API vector calls asc-run models, under CANN's names:
// FasterGelu (include/adv_api/activation/gelu.h), AscendDequant
// (include/adv_api/quantization/ascend_dequant.h) and BroadCast
// (include/adv_api/pad/broadcast.h). Each computes, element by element, what
// CANN's Atlas A2 implementation computes (the formula and its file are
// cited at each), makes the checks CANN's CPU-debug build makes (a misuse,
// exit 4), and reports to the race checker its operands and the part of the
// temporary buffer the implementation writes, and to the cost model one
// vector instruction for each pass the implementation makes over the data.
// What asc-run does not model is refused by name (exit 4). As in CANN, each
// does nothing on the cube core (`if ASCEND_IS_AIC { return; }`).
// kernel_operator.h includes it at its end, after LocalTensor.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_ADV_VECTOR_H
#define ASC_RUN_ADV_VECTOR_H

#include "asc_run/core.h"
#include "asc_run/numeric.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

namespace AscendC {
namespace detail {

/// Refuses what asc-run does not model of an advanced API, by name.
[[noreturn]] inline void refuseAdvanced(asc_run::Loc loc, const char *api,
                                        const std::string &what) {
  asc_run::failRun(asc_run::kExitMisuse, "asc-run: error: " + loc.str() + ": " +
                                             api + " with " + what +
                                             ": not modelled by asc-run");
}

/// An advanced API's operand must be in the unified buffer (VECIN, VECOUT,
/// VECCALC: CANN's SingleTensorCheckFuncBasicClass for each API here).
template <typename T>
void checkUbOperand(asc_run::Loc loc, const char *api, const char *role,
                    const LocalTensor<T> &t) {
  auto pos = static_cast<TPosition>(t.GetPosition());
  if (pos != TPosition::VECIN && pos != TPosition::VECOUT &&
      pos != TPosition::VECCALC)
    asc_run::misuse(loc, std::string(api) + "'s " + role +
                             " is not in the unified buffer (VECIN, VECOUT, "
                             "VECCALC)");
}

/// Whether `a` bytes at `p` and `b` bytes at `q` overlap.
inline bool bytesOverlap(const void *p, uint64_t a, const void *q, uint64_t b) {
  auto x = reinterpret_cast<uintptr_t>(p), y = reinterpret_cast<uintptr_t>(q);
  return a && b && x < y + b && y < x + a;
}

/// A 16-bit float result is rounded at each instruction, as the vector unit
/// stores it; a float one is float arithmetic.
template <typename T> float rounded(float v) { return float(T(v)); }

/// FasterGelu of one element, as CANN's v220 FastGeluCalcSimplified
/// (impl/adv_api/detail/activation/gelu/gelu_impl.h, lines 134-166, without
/// highPerformance) computes it in T: Muls by -1.702, Exp, Adds 1, then
/// Div: x / (1 + e^(-1.702 x)), each instruction's result in T. This is
/// FasterGelu.md's simplified formula x * e^(0.851 (x - |x|)) / (1 +
/// e^(-1.702 |x|)) rewritten.
template <typename T> float fasterGeluOf(float x) {
  float t = rounded<T>(x * float(T(-1.702f)));
  t = rounded<T>(std::exp(t));
  t = rounded<T>(t + 1.0f);
  return rounded<T>(x / t);
}

} // namespace detail

//===----------------------------------------------------------------------===//
// FasterGelu
//===----------------------------------------------------------------------===//

namespace detail {
template <typename T, bool highPrecision, bool highPerformance>
void fasterGelu(const LocalTensor<T> &dst, const LocalTensor<T> &src,
                const LocalTensor<uint8_t> *tmp, uint32_t dataSize,
                asc_run::Loc loc) {
  if (g_coreType == AIC)
    return;
  // gelu.h's FasterGelu: T is half or float (FasterGelu.md, table 1;
  // faster_gelu_check_common.h's DataTypeVerifyingParameters).
  constexpr bool isHalf = std::is_same_v<T, half>;
  static_assert(isHalf || std::is_same_v<T, float>,
                "FasterGelu takes half or float (CANN's FasterGelu.md)");
  if (highPerformance)
    refuseAdvanced(loc, "FasterGelu",
                   "highPerformance = true (Reciprocal then Mul, whose "
                   "precision CANN does not document)");
  checkUbOperand(loc, "FasterGelu", "dstLocal", dst);
  checkUbOperand(loc, "FasterGelu", "srcLocal", src);
  if (dataSize > dst.GetSize() || dataSize > src.GetSize())
    asc_run::misuse(
        loc, "FasterGelu of " + std::to_string(dataSize) +
                 " elements with a source of " + std::to_string(src.GetSize()) +
                 " and a destination of " + std::to_string(dst.GetSize()));
  // The half with highPrecision computes in float (GeluClass of half:
  // GeluFormulasHighPrecision casts each slice to float and back, CAST_NONE,
  // round to nearest even).
  constexpr bool inFloat = !isHalf || highPrecision;
  using W = std::conditional_t<inFloat, float, T>;
  uint64_t tmpBytes = 0;
  if (tmp) {
    checkUbOperand(loc, "FasterGelu", "sharedTmpBuffer", *tmp);
    // GeluFormulasTmpCalc (gelu_impl.h, lines 248-276): stackSize elements
    // of W per buffer, whole 32-element blocks, one buffer (two with
    // highPrecision: the float slice and its conversion).
    uint32_t buffers = isHalf && highPrecision ? 2 : 1;
    uint64_t stackSize =
        uint64_t(tmp->GetSize()) / sizeof(W) / buffers / 32 * 32;
    if (stackSize == 0)
      asc_run::misuse(loc, "FasterGelu's sharedTmpBuffer of " +
                               std::to_string(tmp->GetSize()) +
                               " bytes holds less than 32 elements a buffer "
                               "(GeluFormulasTmpCalc asserts stackSize > 0)");
    tmpBytes = std::min<uint64_t>(dataSize, stackSize) * sizeof(W) * buffers;
    uint64_t bytes = uint64_t(dataSize) * sizeof(T);
    if (bytesOverlap(tmp->GetPhyAddr(), tmpBytes, src.GetPhyAddr(), bytes) ||
        bytesOverlap(tmp->GetPhyAddr(), tmpBytes, dst.GetPhyAddr(), bytes))
      asc_run::misuse(loc, "FasterGelu's sharedTmpBuffer overlaps its source "
                           "or destination (FasterGelu.md: not supported)");
  }
  asc_run::OnPipe onVector(asc_run::PipeV);
  asc_run::checkRead("FasterGelu", loc, src.GetPhyAddr(),
                     uint64_t(dataSize) * sizeof(T));
  if (tmp)
    asc_run::checkWrite("FasterGelu", loc, tmp->GetPhyAddr(), tmpBytes);
  asc_run::checkWrite("FasterGelu", loc, dst.GetPhyAddr(),
                      uint64_t(dataSize) * sizeof(T));
  T *d = dst.GetPhyAddr();
  const T *s = src.GetPhyAddr();
  for (uint32_t i = 0; i < dataSize; ++i)
    d[i] = T(fasterGeluOf<W>(float(s[i])));
  // Four instructions over the data (Muls, Exp, Adds, Div), two casts more
  // with highPrecision.
  uint32_t passes = isHalf && highPrecision ? 6 : 4;
  asc_run::state().trace.work(asc_run::PipeV, asc_run::Work::Vector,
                              double(uint64_t(dataSize) * sizeof(W) * passes));
}
} // namespace detail

/// FasterGelu(dst, src, sharedTmpBuffer, dataSize) (include/adv_api/
/// activation/gelu.h; FasterGelu.md): dst[i] = src[i] / (1 + e^(-1.702
/// src[i])) for i < dataSize, computed as detail::fasterGeluOf says.
/// highPerformance (Reciprocal) is refused by name.
template <typename T, bool highPrecision = false, bool highPerformance = false>
void FasterGelu(const LocalTensor<T> &dstLocal, const LocalTensor<T> &srcLocal,
                const LocalTensor<uint8_t> &sharedTmpBuffer,
                const uint32_t dataSize,
                asc_run::Loc loc = asc_run::Loc::current()) {
  detail::fasterGelu<T, highPrecision, highPerformance>(
      dstLocal, srcLocal, &sharedTmpBuffer, dataSize, loc);
}

/// FasterGelu(dst, src, dataSize): the same with the framework's own
/// temporary buffer (PopStackBuffer), which asc-run does not track.
template <typename T, bool highPrecision = false, bool highPerformance = false>
void FasterGelu(const LocalTensor<T> &dstLocal, const LocalTensor<T> &srcLocal,
                const uint32_t dataSize,
                asc_run::Loc loc = asc_run::Loc::current()) {
  detail::fasterGelu<T, highPrecision, highPerformance>(dstLocal, srcLocal,
                                                        nullptr, dataSize, loc);
}

//===----------------------------------------------------------------------===//
// AscendDequant
//===----------------------------------------------------------------------===//

/// CANN's DequantParams (include/adv_api/quantization/
/// ascend_dequant_utils.h): m rows of n int32_t (n a multiple of 8), the
/// first calCount of each row dequantised.
struct DequantParams {
  uint32_t m;
  uint32_t n;
  uint32_t calCount;
};

/// CANN's DeQuantMode (impl/basic_api/utils/kernel_utils_mode.h;
/// AscendDequant.md, table 1).
enum class DeQuantMode : uint8_t {
  DEQUANT_WITH_SINGLE_ROW = 0,
  DEQUANT_WITH_MULTI_ROW,
};

namespace detail {

/// The deqScale types of a tensor AscendDequant on Atlas A2 with the
/// destination each takes (AscendDequant.md, table 5; IsTemplateValid in
/// impl/adv_api/detail/quantization/dequant/ascend_dequant_common_impl.h,
/// lines 125-155).
template <typename dstT, typename scaleT> constexpr bool dequantPairValid() {
  return (std::is_same_v<scaleT, uint64_t> && std::is_same_v<dstT, half>) ||
         (std::is_same_v<scaleT, float> && std::is_same_v<dstT, float>) ||
         (std::is_same_v<scaleT, bfloat16_t> && std::is_same_v<dstT, float>) ||
         (std::is_same_v<scaleT, bfloat16_t> &&
          std::is_same_v<dstT, bfloat16_t>) ||
         (std::is_same_v<scaleT, float> && std::is_same_v<dstT, bfloat16_t>);
}

/// A deqScale element as the float CastDeqscale makes of it
/// (ascend_dequant_common_impl.h, lines 225-255): a float as it is, a
/// bfloat16_t widened, a uint64_t's low 32 bits read as a float.
template <typename scaleT> float dequantScaleOf(scaleT v) {
  if constexpr (std::is_same_v<scaleT, uint64_t>) {
    uint32_t low = uint32_t(v);
    float f;
    std::memcpy(&f, &low, sizeof f);
    return f;
  } else {
    return float(v);
  }
}

template <typename dstT, typename scaleT, DeQuantMode mode>
void ascendDequant(const LocalTensor<dstT> &dst,
                   const LocalTensor<int32_t> &src,
                   const LocalTensor<scaleT> &deqScale,
                   const LocalTensor<uint8_t> *tmp, DequantParams params,
                   asc_run::Loc loc) {
  static_assert(dequantPairValid<dstT, scaleT>(),
                "this combination of deqScale and dstTensor types is not "
                "supported by AscendDequant (AscendDequant.md, table 5)");
  if (g_coreType == AIC)
    return;
  const char *api = "AscendDequant";
  checkUbOperand(loc, api, "dstTensor", dst);
  checkUbOperand(loc, api, "srcTensor", src);
  checkUbOperand(loc, api, "deqScale", deqScale);
  // UpdateDequantParams (ascend_dequant_common_impl.h, lines 206-223): with
  // DEQUANT_WITH_SINGLE_ROW, {1, n, calCount} with calCount a multiple of
  // 32 bytes of dstT and n a multiple of calCount is {n / calCount,
  // calCount, calCount}.
  constexpr uint32_t dstBlock = 32 / sizeof(dstT);
  if (mode == DeQuantMode::DEQUANT_WITH_SINGLE_ROW && params.m == 1 &&
      params.calCount != 0 && params.calCount % dstBlock == 0 &&
      params.n % params.calCount == 0) {
    params.m = params.n / params.calCount;
    params.n = params.calCount;
  }
  // IsDequantParamsValid and IsDeqscaleTensorValid (lines 79-122).
  uint32_t dstInner = (params.n + dstBlock - 1) / dstBlock * dstBlock;
  std::string shape = "{" + std::to_string(params.m) + ", " +
                      std::to_string(params.n) + ", " +
                      std::to_string(params.calCount) + "}";
  if (params.n % 8 != 0)
    asc_run::misuse(loc, std::string(api) + " with DequantParams " + shape +
                             ": n must be a multiple of 8 (32 bytes)");
  if (params.calCount == 0 || params.calCount > params.n)
    asc_run::misuse(loc, std::string(api) + " with DequantParams " + shape +
                             ": calCount must be in (0, n]");
  if (uint64_t(params.m) * params.n > src.GetSize())
    asc_run::misuse(loc, std::string(api) + " with DequantParams " + shape +
                             " from a srcTensor of " +
                             std::to_string(src.GetSize()) + " elements");
  if (uint64_t(params.m) * dstInner > dst.GetSize())
    asc_run::misuse(loc, std::string(api) + " with DequantParams " + shape +
                             " into a dstTensor of " +
                             std::to_string(dst.GetSize()) +
                             " elements (m rows of n rounded up to 32 bytes)");
  if (params.calCount > deqScale.GetSize())
    asc_run::misuse(loc, std::string(api) + " with DequantParams " + shape +
                             " and a deqScale of " +
                             std::to_string(deqScale.GetSize()) + " elements");
  uint64_t srcBytes = uint64_t(params.m) * params.n * sizeof(int32_t);
  uint64_t dstBytes =
      params.m ? (uint64_t(params.m - 1) * dstInner + params.n) * sizeof(dstT)
               : 0;
  // "不支持源操作数与目的操作数地址重叠" (AscendDequant.md, constraints).
  if (bytesOverlap(src.GetPhyAddr(), srcBytes, dst.GetPhyAddr(), dstBytes))
    asc_run::misuse(loc, std::string(api) +
                             "'s srcTensor and dstTensor overlap (not "
                             "supported, AscendDequant.md)");
  uint64_t tmpBytes = 0;
  if (tmp) {
    checkUbOperand(loc, api, "sharedTmpBuffer", *tmp);
    // AscendDequantTmpCalc (lines 157-173): the float deqScale rounded up
    // to 8, then whole rows of n floats of the source, at most all of them.
    uint64_t tmpFloats = tmp->GetSize() / sizeof(float);
    uint64_t scaleFloats = (params.calCount + 7) / 8 * 8;
    if (tmpFloats < scaleFloats + params.n)
      asc_run::misuse(loc, std::string(api) + "'s sharedTmpBuffer of " +
                               std::to_string(tmp->GetSize()) +
                               " bytes holds less than the float deqScale and "
                               "one row of n floats (AscendDequantTmpCalc)");
    uint64_t rows =
        std::min<uint64_t>((tmpFloats - scaleFloats) / params.n, params.m);
    tmpBytes = (scaleFloats + rows * params.n) * sizeof(float);
  }
  asc_run::OnPipe onVector(asc_run::PipeV);
  asc_run::checkRead(api, loc, src.GetPhyAddr(), srcBytes);
  asc_run::checkRead(api, loc, deqScale.GetPhyAddr(),
                     uint64_t(params.calCount) * sizeof(scaleT));
  if (tmp)
    asc_run::checkWrite(api, loc, tmp->GetPhyAddr(), tmpBytes);
  asc_run::checkWrite(api, loc, dst.GetPhyAddr(), dstBytes);
  // CalculateByInner (lines 364-429): each row's int32_t cast to float
  // (CastSrc), its first calCount multiplied by the float deqScale
  // (DequantMul's mask), the row cast to dstT (CastDst: float as it is,
  // half with CAST_NONE and bfloat16_t with CAST_RINT, both to nearest
  // even) at dstInner elements a row. Columns calCount..n-1 are the
  // source's float unscaled there; AscendDequant.md calls them undefined.
  const int32_t *s = src.GetPhyAddr();
  const scaleT *scale = deqScale.GetPhyAddr();
  dstT *d = dst.GetPhyAddr();
  for (uint32_t r = 0; r < params.m; ++r)
    for (uint32_t c = 0; c < params.n; ++c) {
      float v = float(s[uint64_t(r) * params.n + c]);
      if (c < params.calCount)
        v = v * dequantScaleOf<scaleT>(scale[c]);
      d[uint64_t(r) * dstInner + c] = dstT(v);
    }
  // Three passes: the cast in, the Mul, the cast (or copy) out.
  asc_run::state().trace.work(asc_run::PipeV, asc_run::Work::Vector,
                              double(3 * srcBytes));
}

} // namespace detail

/// AscendDequant(dst, src, deqScale, sharedTmpBuffer, params) (include/
/// adv_api/quantization/ascend_dequant.h; AscendDequant.md): for each of
/// params.m rows of params.n int32_t, dst[r][c] = float(src[r][c]) *
/// deqScale[c] for c < calCount, in dstT, rows 32-byte aligned in dst.
/// deqScale is a tensor of one of the types of AscendDequant.md's table 5;
/// the scalar deqScale, the calCount-only forms (which CANN deprecates) and
/// the PER_TOKEN/PER_GROUP forms (Ascend 950 only) are not declared.
template <typename dstT, typename scaleT,
          DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
void AscendDequant(const LocalTensor<dstT> &dstTensor,
                   const LocalTensor<int32_t> &srcTensor,
                   const LocalTensor<scaleT> &deqScale,
                   const LocalTensor<uint8_t> &sharedTmpBuffer,
                   DequantParams params,
                   asc_run::Loc loc = asc_run::Loc::current()) {
  detail::ascendDequant<dstT, scaleT, mode>(dstTensor, srcTensor, deqScale,
                                            &sharedTmpBuffer, params, loc);
}

/// AscendDequant(dst, src, deqScale, params): the same with the framework's
/// own temporary buffer (PopStackBuffer), which asc-run does not track.
template <typename dstT, typename scaleT,
          DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
void AscendDequant(const LocalTensor<dstT> &dstTensor,
                   const LocalTensor<int32_t> &srcTensor,
                   const LocalTensor<scaleT> &deqScale, DequantParams params,
                   asc_run::Loc loc = asc_run::Loc::current()) {
  detail::ascendDequant<dstT, scaleT, mode>(dstTensor, srcTensor, deqScale,
                                            nullptr, params, loc);
}

//===----------------------------------------------------------------------===//
// BroadCast
//===----------------------------------------------------------------------===//

namespace detail {

template <typename T, int32_t dim, int32_t axis, bool isReuseSource>
void broadCast(const LocalTensor<T> &dst, const LocalTensor<T> &src,
               const uint32_t *dstShape, const uint32_t *srcShape,
               const LocalTensor<uint8_t> *tmp, asc_run::Loc loc) {
  if (g_coreType == AIC)
    return;
  const char *api = "BroadCast";
  // CheckFuncClassBroadcast (impl/adv_api/detail/api_check/kernel_check/
  // pad/broadcast/broadcast_check_common.h): T uint8_t, int8_t, half or
  // float; isReuseSource false; dim 1 or 2, axis 0 or 1; dst and src apart.
  static_assert(std::is_same_v<T, uint8_t> || std::is_same_v<T, int8_t> ||
                    std::is_same_v<T, half> || std::is_same_v<T, float>,
                "BroadCast takes uint8_t, int8_t, half or float");
  static_assert(!isReuseSource, "BroadCast's isReuseSource must be false");
  static_assert((dim == 1 || dim == 2) && (axis == 0 || axis == 1),
                "BroadCast takes dim 1 or 2 and axis 0 or 1");
  if constexpr (sizeof(T) == 1)
    refuseAdvanced(loc, api,
                   "1-byte elements (converted through half in the "
                   "temporary buffer, broadcast_common_impl.h)");
  checkUbOperand(loc, api, "dstLocal", dst);
  checkUbOperand(loc, api, "srcLocal", src);
  uint64_t srcSize = 1, dstSize = 1;
  for (int32_t i = 0; i < dim; ++i) {
    srcSize *= srcShape[i];
    dstSize *= dstShape[i];
  }
  auto shapeText = [&](const uint32_t *shape) {
    std::string text = "[";
    for (int32_t i = 0; i < dim; ++i)
      text += (i ? ", " : "") + std::to_string(shape[i]);
    return text + "]";
  };
  std::string shapes = "srcShape " + shapeText(srcShape) + " and dstShape " +
                       shapeText(dstShape);
  if (srcSize > src.GetSize() || dstSize > dst.GetSize())
    asc_run::misuse(
        loc, std::string(api) + " of " + shapes + " with a source of " +
                 std::to_string(src.GetSize()) + " and a destination of " +
                 std::to_string(dst.GetSize()) + " elements");
  if (bytesOverlap(src.GetPhyAddr(), srcSize * sizeof(T), dst.GetPhyAddr(),
                   dstSize * sizeof(T)))
    asc_run::misuse(loc,
                    std::string(api) + "'s source and destination overlap");
  // BroadCastCompute (impl/adv_api/detail/pad/broadcast/
  // broadcast_common_impl.h, lines 334-370): equal sizes copy, one source
  // element fills, else a two-dimensional broadcast along `axis`.
  bool copies = srcSize == dstSize, fills = !copies && srcSize == 1;
  if (!copies && !fills) {
    bool along = dim == 2 &&
                 (axis == 1 ? srcShape[0] == dstShape[0] && srcShape[1] == 1
                            : srcShape[0] == 1 && srcShape[1] == dstShape[1]);
    if (!along)
      asc_run::misuse(loc, std::string(api) + "<dim " + std::to_string(dim) +
                               ", axis " + std::to_string(axis) + "> of " +
                               shapes +
                               ": not a broadcast of that axis (CANN "
                               "broadcasts dim 2 only)");
    if (axis == 0 && srcShape[1] * sizeof(T) % 32 != 0)
      asc_run::misuse(loc, std::string(api) + " along axis 0 of " + shapes +
                               ": srcShape[1] * sizeof(T) must be a "
                               "multiple of 32");
  }
  uint64_t tmpBytes = 0;
  if (tmp && !copies && !fills) {
    checkUbOperand(loc, api, "sharedTmpBuffer", *tmp);
    uint64_t tmpElems = tmp->GetSize() / sizeof(T);
    constexpr uint64_t block = 32 / sizeof(T);
    if (axis == 0) {
      // TwoDimBroadCastFirstDim: a zeroed 32-byte block.
      tmpBytes = 32;
    } else {
      // TwoDimBroadCastLastDim with GetAlignLoopNumbers or
      // GetNotAlignLoopNumbers (broadcast_v220_impl.h, lines 129-209):
      // rows of one 32-byte block (Brcb), and for an unaligned row length
      // a copy of whole blocks too, oneRepeatSize rows at a time.
      uint64_t rows = dstShape[0], cols = dstShape[1];
      bool aligned = cols * sizeof(T) % 32 == 0;
      uint64_t colsAlign = (cols + block - 1) / block * block;
      uint64_t minTmp = block * block + (aligned ? 0 : block * colsAlign);
      if (tmpElems < minTmp)
        asc_run::misuse(loc, std::string(api) + "'s sharedTmpBuffer of " +
                                 std::to_string(tmp->GetSize()) +
                                 " bytes for " + shapes +
                                 ": CANN needs at least " +
                                 std::to_string(minTmp * sizeof(T)) + " bytes");
      uint64_t oneRepeat = tmpElems / minTmp * block;
      uint64_t round = std::min(rows, oneRepeat);
      tmpBytes = (round + 7) / 8 * 8 * 32;
      if (!aligned)
        tmpBytes = std::max<uint64_t>(tmpBytes, round * 32 + round * colsAlign *
                                                                 sizeof(T));
      tmpBytes = std::min<uint64_t>(tmpBytes, tmp->GetSize());
    }
    if (bytesOverlap(tmp->GetPhyAddr(), tmpBytes, src.GetPhyAddr(),
                     srcSize * sizeof(T)) ||
        bytesOverlap(tmp->GetPhyAddr(), tmpBytes, dst.GetPhyAddr(),
                     dstSize * sizeof(T)))
      asc_run::misuse(loc, std::string(api) + "'s sharedTmpBuffer overlaps "
                                              "its source or destination");
  }
  asc_run::OnPipe onVector(asc_run::PipeV);
  asc_run::checkRead(api, loc, src.GetPhyAddr(), srcSize * sizeof(T));
  if (tmpBytes)
    asc_run::checkWrite(api, loc, tmp->GetPhyAddr(), tmpBytes);
  asc_run::checkWrite(api, loc, dst.GetPhyAddr(), dstSize * sizeof(T));
  T *d = dst.GetPhyAddr();
  const T *s = src.GetPhyAddr();
  uint64_t cols = dim == 2 ? dstShape[1] : dstSize;
  for (uint64_t e = 0; e < dstSize; ++e)
    d[e] = copies ? s[e] : fills ? s[0] : axis == 1 ? s[e / cols] : s[e % cols];
  // A broadcast along an axis makes two passes (Brcb or the zero block,
  // then the copy); a copy or a fill one.
  asc_run::state().trace.work(
      asc_run::PipeV, asc_run::Work::Vector,
      double(dstSize * sizeof(T) * (copies || fills ? 1 : 2)));
}

} // namespace detail

/// BroadCast<T, dim, axis>(dst, src, dstShape, srcShape, sharedTmpBuffer)
/// (include/adv_api/pad/broadcast.h; Broadcast.md): dst of dstShape from src
/// of srcShape, along axis 1 (src [m, 1] to [m, n]: dst[i][j] = src[i]) or
/// axis 0 (src [1, n] to [m, n]: dst[i][j] = src[j]), a copy when the sizes
/// are equal, a fill from one element. 1-byte elements are refused by name.
template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
void BroadCast(const LocalTensor<T> &dstLocal, const LocalTensor<T> &srcLocal,
               const uint32_t dstShape[dim], const uint32_t srcShape[dim],
               LocalTensor<uint8_t> &sharedTmpBuffer,
               asc_run::Loc loc = asc_run::Loc::current()) {
  detail::broadCast<T, dim, axis, isReuseSource>(
      dstLocal, srcLocal, dstShape, srcShape, &sharedTmpBuffer, loc);
}

/// BroadCast without sharedTmpBuffer: the framework's own temporary buffer
/// (PopStackBuffer), which asc-run does not track.
template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
void BroadCast(const LocalTensor<T> &dstLocal, const LocalTensor<T> &srcLocal,
               const uint32_t dstShape[dim], const uint32_t srcShape[dim],
               asc_run::Loc loc = asc_run::Loc::current()) {
  detail::broadCast<T, dim, axis, isReuseSource>(dstLocal, srcLocal, dstShape,
                                                 srcShape, nullptr, loc);
}

} // namespace AscendC

#endif // ASC_RUN_ADV_VECTOR_H
