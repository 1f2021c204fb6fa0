//===- kernel_operator.h - Ascend C basic API on the CPU --------*- C++ -*-===//
//
// asc-run's emulation of the part of the Ascend C basic API that the asc
// lowering emits, under the real header's name: device qualifiers, the kernel
// environment (block index, core type, workspaces), GlobalTensor and
// LocalTensor, TPipe and TQue with real unified-buffer management, DataCopy
// and the vector instructions. Declarations follow CANN's headers; the
// definitions are asc-run's own. Every call reports its memory footprint to
// the race checker (asc_run/core.h) and its cycles to the cost model.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_KERNEL_OPERATOR_H
#define ASC_RUN_KERNEL_OPERATOR_H

#include "asc_run/ascendc_std.h"
#include "asc_run/call_orderings.h"
#include "asc_run/core.h"
#include "asc_run/ffts.h"
#include "asc_run/numeric.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

// asc-run's parse of a .asc (the host/device split) defines __global__ and
// __aicore__ as annotations it reads; the compile keeps them empty.
#ifndef __global__
#define __global__
#endif
#ifndef __aicore__
#define __aicore__
#endif
#define __gm__
// The kernel kinds of a .asc kernel (CANN's CPU-debug stub_def.h makes them
// nothing too): the launch file's kernel_type and mix_ratio say which cores
// run. __kfc_workspace__ marks the workspace argument the Matmul messages
// use; asc-run's launcher provides the system workspace itself.
#define __cube__
#define __vector__
#define __mix__(...)
#define __kfc_workspace__
#define GM_ADDR __gm__ uint8_t *

/// CANN's int4b_t: two 4-bit integers a byte. asc-run stores and copies
/// it, and refuses to compute with it by name (a Matmul of int4b_t, Cast
/// from it); its conversion to a number is the last guard, for a path that
/// would read one packed byte as one value.
struct int4b_t {
  uint8_t bits;
  [[noreturn]] explicit operator float() const { refuse(); }
  [[noreturn]] explicit operator int32_t() const { refuse(); }

private:
  [[noreturn]] static void refuse() {
    asc_run::failRun(asc_run::kExitMisuse,
                     "asc-run: error: a computation with int4b_t (two 4-bit "
                     "values a byte): not modelled by asc-run");
  }
};

enum pipe_t {
  PIPE_S = 0,
  PIPE_V,
  PIPE_M,
  PIPE_MTE1,
  PIPE_MTE2,
  PIPE_MTE3,
  PIPE_ALL,
  PIPE_MTE4,
  PIPE_MTE5,
  PIPE_V2,
  PIPE_FIX,
};

/// The kernel types KERNEL_TASK_TYPE_DEFAULT takes. As in CANN's CPU build,
/// the declaration compiles to nothing: asc-run takes the kernel type from
/// the launch file (kernel_type).
enum KernelMetaType : uint8_t {
  KERNEL_TYPE_AIV_ONLY,
  KERNEL_TYPE_AIC_ONLY,
  KERNEL_TYPE_MIX_AIV_1_0,
  KERNEL_TYPE_MIX_AIC_1_0,
  KERNEL_TYPE_MIX_AIC_1_1,
  KERNEL_TYPE_MIX_AIC_1_2,
  KERNEL_TYPE_AICORE,
  KERNEL_TYPE_VECTORCORE,
  KERNEL_TYPE_MIX_AICORE,
  KERNEL_TYPE_MIX_VECTOR_CORE,
  KERNEL_TYPE_MAX,
};
#define KERNEL_TASK_TYPE(key, value)
#define KERNEL_TASK_TYPE_DEFAULT(value)

//===----------------------------------------------------------------------===//
// Operator-project kernels: the tiling struct and the tiling key
//===----------------------------------------------------------------------===//
//
// An operator project's build gives its kernel the tiling struct its op_host
// defines (GET_TILING_DATA, or REGISTER_TILING_DEFAULT in the kernel) and
// the tiling key the host's tiling chose (TILING_KEY_IS:
// `TILING_KEY_VAR == (k)`, impl/basic_api/utils/kernel_utils_macros.h).
// Here the launch file names both: its tiling argument's "struct" (and
// "header"), the launch's "tiling_key". GET_TILING_DATA copies the struct
// from the tiling argument, as CANN's CPU-debug build does.

namespace asc_run {
/// The tiling struct of GET_TILING_DATA when neither the launch file nor a
/// REGISTER_TILING_DEFAULT names one.
struct NoTilingStruct;

/// The launch's tiling key; `tilingKeyGiven` unless the launch has none.
inline uint64_t &tilingKey() {
  static uint64_t key = 0;
  return key;
}
inline bool &tilingKeyGiven() {
  static bool given = false;
  return given;
}

/// TILING_KEY_IS(k): whether the launch's tiling key is k. A kernel that
/// tests a key the launch does not give cannot run as its host would run
/// it: asc-run stops (exit 2) rather than take no branch.
inline bool tilingKeyIs(uint64_t k, Loc loc = Loc::current()) {
  if (!tilingKeyGiven())
    badInput(loc, "TILING_KEY_IS(" + std::to_string(k) +
                      ") needs the tiling key the host's tiling chooses: "
                      "give the launch a \"tiling_key\"");
  return tilingKey() == k;
}

/// The tiling struct T, copied from the tiling argument `tiling` (the
/// kernel's GM_ADDR), checked to lie inside it.
template <class T>
T tilingData(const __gm__ uint8_t *tiling, Loc loc = Loc::current()) {
  static_assert(!std::is_same_v<T, NoTilingStruct>,
                "GET_TILING_DATA: asc-run needs the tiling struct: name it "
                "in the launch file (the tiling argument's \"struct\" and "
                "\"header\") or with REGISTER_TILING_DEFAULT");
  static_assert(std::is_trivially_copyable_v<T>,
                "a tiling struct is copied byte for byte");
  uintptr_t begin = reinterpret_cast<uintptr_t>(tiling);
  checkBounds("GET_TILING_DATA of " + std::to_string(sizeof(T)) + " bytes", loc,
              Range{begin, begin + sizeof(T)});
  T value;
  std::memcpy(&value, tiling, sizeof(T));
  return value;
}
} // namespace asc_run

#ifndef ASC_RUN_LAUNCH_TILING_STRUCT
/// The launch file names no tiling struct (with one, the driver declares
/// this alias after the struct's header).
using AscRunRegisteredTiling = asc_run::NoTilingStruct;
#endif
#ifdef TILING_KEY_VAR
/// CANN's op build compiles the kernel once per tiling key with
/// -DTILING_KEY_VAR=<key>UL (asc_op_compiler/ascendc_compile_v200.py), so
/// that TILING_KEY_IS is a constant a kernel may test with `if constexpr`;
/// asc-run's driver defines it so from the launch's "tiling_key".
#define TILING_KEY_IS(k) (TILING_KEY_VAR == (k))
#else
#define TILING_KEY_VAR (asc_run::tilingKey())
#define TILING_KEY_IS(k) (asc_run::tilingKeyIs(k))
#endif
/// A function-local alias shadows the launch file's struct.
#define REGISTER_TILING_DEFAULT(tiling_struct)                                 \
  using AscRunRegisteredTiling = tiling_struct
#define REGISTER_TILING_FOR_TILINGKEY(expression, tiling_struct)
#define GET_TILING_DATA(tiling_data, tiling_arg)                               \
  auto tiling_data = asc_run::tilingData<AscRunRegisteredTiling>(tiling_arg)
#define GET_TILING_DATA_WITH_STRUCT(tiling_struct, tiling_data, tiling_arg)    \
  auto tiling_data = asc_run::tilingData<tiling_struct>(tiling_arg)
#define GET_TILING_DATA_MEMBER(tiling_type, member, var, tiling)               \
  auto var = asc_run::tilingData<tiling_type>(tiling).member

/// The type of the core running the kernel: 0 mix, 1 cube (AIC), 2 vector
/// (AIV), as in the CPU-debug framework.
inline int32_t g_coreType = 0;

/// The kernel language's built-in index variables (CANN's 核函数.md,
/// "Blocks索引内置变量", and SIMD-BuiltIn关键字.md): block_idx, the index of
/// the AI core (a mix launch's group of a cube core and its vector cores)
/// in [0, block_num), block_num the launch's numBlocks, sub_block_idx the
/// vector core's index in its group and sub_block_num the group's vector
/// cores (1 on the cube core, as dav_c220's GetSubBlockNumImpl). Each core
/// has its own values: the core scheduler (asc_run/launch/cores.h) swaps
/// them in with the core, as it does g_coreType, so a kernel that assigns
/// one changes only its own core's copy.
inline int64_t block_idx = 0;
inline int64_t block_num = 1;
inline int64_t sub_block_idx = 0;
inline int64_t sub_block_num = 1;

namespace AscendC {

/// int4b_t, two 4-bit integers a byte (CANN's kernel_operator.h exports
/// the global one into AscendC).
using ::int4b_t;

constexpr int32_t MIX = 0;
constexpr int32_t AIC = 1;
constexpr int32_t AIV = 2;

/// IsSameType<T, U>::value (impl/basic_api/utils/kernel_utils_ceil_oom_que.h,
/// which kernels use in `if constexpr`).
template <typename T, typename U>
struct IsSameType : std::bool_constant<std::is_same_v<T, U>> {};

enum class TPosition : uint8_t {
  GM,
  A1,
  A2,
  B1,
  B2,
  C1,
  C2,
  CO1,
  CO2,
  VECIN,
  VECOUT,
  VECCALC,
  LCM = VECCALC,
  SPM,
  SHM = SPM,
  TSCM,
  C2PIPE2GM,
  C2PIPE2LOCAL,
  MAX,
};
using QuePosition = TPosition;

/// The memory sizes of Atlas A2 (__NPU_ARCH__ 2201), as CANN's
/// kernel_utils_constants.h gives them: UB 192 KB (184 KB for vector
/// locals), L1 512 KB less the 128 bytes KFC reserves, L0C 128 KB. Queues in
/// TPosition::CO1 take their buffers from L0C.
const uint32_t TOTAL_UB_SIZE = 192 * 1024;
const int32_t TOTAL_VEC_LOCAL_SIZE = 184 * 1024;
const uint32_t TOTAL_L1_SIZE = 512 * 1024 - 128;
const uint32_t TOTAL_L0C_SIZE = 128 * 1024;
/// The bytes of one block (32), which DataCopyParams counts in.
const int32_t DEFAULT_C0_SIZE = 32;
constexpr uint32_t kUbSize = TOTAL_UB_SIZE;
constexpr uint32_t kL0cSize = TOTAL_L0C_SIZE;

class TPipe;

namespace detail {
/// The core's TPipe (GetTPipePtr) and its local memories, which a
/// LocalTensor built from a raw address points into (null: no TPipe yet).
/// Each core has its own (launch/cores.h swaps them).
struct LocalBases {
  uint8_t *ub = nullptr;
  uint8_t *l0c = nullptr;
  TPipe *pipe = nullptr;
  /// L1, where TSCM queues take their buffers.
  uint8_t *l1 = nullptr;
};
inline LocalBases &localBases() {
  static LocalBases b;
  return b;
}
} // namespace detail

/// Ceil(a, b): a / b rounded up (impl/basic_api/utils/
/// kernel_utils_ceil_oom_que.h; b = 0 divides by zero there too).
inline uint32_t Ceil(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

inline int64_t GetBlockIdx() { return asc_run::state().blockIdx; }
inline int64_t GetBlockNum() { return asc_run::state().blockNum; }

/// The user workspace: the system workspace comes first (16 MB on device;
/// asc-run reserves none, so the user part starts at the argument).
inline GM_ADDR GetUserWorkspace(GM_ADDR workspace) { return workspace; }

/// For a kernel launched without HAVE_WORKSPACE; deprecated since CANN 9.1.
/// asc-run's launcher provides the system workspace: nothing to do.
[[deprecated("use the HAVE_WORKSPACE build option")]] inline void
SetSysWorkspace(GM_ADDR workspace) {
  (void)workspace;
}

/// DisableDmaAtomic / SetAtomicNone (kernel_operator_set_atomic_intf.h;
/// on dav_c220 set_atomic_none(), kernel_operator_set_atomic_impl.h): later
/// copies to GM store rather than combine. asc-run models no DMA atomic
/// mode a kernel can turn on (SetAtomicAdd, SetAtomicMax, SetAtomicMin do
/// not compile; the Matmul's own enAtomic output is its GetTensorC's and
/// IterateAll's, which end in SetAtomicNone as CANN's scheduler does), so
/// every copy to GM already stores: turning the mode off changes nothing.
inline void DisableDmaAtomic() {}
inline void SetAtomicNone() { DisableDmaAtomic(); }

/// PipeBarrier<PIPE_ALL> orders every pipe after all of them; a barrier of
/// one pipe orders that pipe's later instructions after its earlier ones,
/// which program order alone does not for MTE2 and MTE3 (spec section 2c,
/// O1/O4; kernel_operator_sync_intf.h). The cube core's own pipes (M,
/// MTE1, FIX) are the Matmul server's, in order here.
template <pipe_t pipe>
inline void PipeBarrier(asc_run::Loc loc = asc_run::Loc::current()) {
  (void)loc;
  if (pipe == PIPE_ALL)
    asc_run::barrierAll();
  else if (pipe == PIPE_MTE2)
    asc_run::barrierPipe(asc_run::PipeMte2);
  else if (pipe == PIPE_MTE3)
    asc_run::barrierPipe(asc_run::PipeMte3);
}

/// The hardware events between two pipes (CANN's HardEvent, source pipe
/// first) that SetFlag/WaitFlag name: asc_run/hard_events.def, the table
/// the asc dialect's asc.set_flag/asc.wait_flag read too.
enum class HardEvent : uint8_t {
#define ASC_HARD_EVENT(NAME, SOURCE, TARGET) NAME,
#include "asc_run/hard_events.def"
};
using event_t = int32_t;

namespace detail {
/// The pipes by the names the table spells them.
namespace event_pipes {
constexpr asc_run::Pipe S = asc_run::PipeS, V = asc_run::PipeV,
                        MTE2 = asc_run::PipeMte2, MTE3 = asc_run::PipeMte3;
} // namespace event_pipes

/// The source and destination pipes of an event.
constexpr asc_run::Pipe eventSource(HardEvent e) {
  switch (e) {
#define ASC_HARD_EVENT(NAME, SOURCE, TARGET)                                   \
  case HardEvent::NAME:                                                        \
    return event_pipes::SOURCE;
#include "asc_run/hard_events.def"
  }
  return asc_run::PipeS;
}
constexpr asc_run::Pipe eventTarget(HardEvent e) {
  switch (e) {
#define ASC_HARD_EVENT(NAME, SOURCE, TARGET)                                   \
  case HardEvent::NAME:                                                        \
    return event_pipes::TARGET;
#include "asc_run/hard_events.def"
  }
  return asc_run::PipeS;
}
} // namespace detail

/// SetFlag<e>(id): the source pipe of `e` sets the flag after what it did so
/// far; WaitFlag<e>(id): the target pipe waits for it. A WaitFlag without a
/// SetFlag would wait forever on the device.
template <HardEvent event>
inline void SetFlag(event_t eventID,
                    asc_run::Loc loc = asc_run::Loc::current()) {
  (void)loc;
  asc_run::state().flags.push_back(
      {{int(event), eventID}, asc_run::pointOf(detail::eventSource(event))});
}
template <HardEvent event>
inline void WaitFlag(event_t eventID,
                     asc_run::Loc loc = asc_run::Loc::current()) {
  auto &flags = asc_run::state().flags;
  for (auto it = flags.begin(); it != flags.end(); ++it)
    if (it->first == std::make_pair(int(event), eventID)) {
      asc_run::waitFor(detail::eventTarget(event), it->second);
      flags.erase(it);
      return;
    }
  asc_run::hang("WaitFlag at " + loc.str() + " waits for event " +
                std::to_string(eventID) +
                ", which no SetFlag of the same HardEvent set");
}

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

template <typename T> class GlobalTensor {
public:
  using PrimType = T;

  GlobalTensor() = default;
  void SetGlobalBuffer(__gm__ PrimType *buffer, uint64_t bufferSize) {
    address_ = buffer;
    size_ = bufferSize;
  }
  void SetGlobalBuffer(__gm__ PrimType *buffer) {
    address_ = buffer;
    size_ = 0;
  }
  PrimType GetValue(const uint64_t offset,
                    asc_run::Loc loc = asc_run::Loc::current()) const {
    refuseHalfByte("GlobalTensor::GetValue", loc);
    asc_run::OnPipe onScalar(asc_run::PipeS);
    asc_run::checkRead("GlobalTensor::GetValue", loc, address_ + offset,
                       sizeof(T));
    asc_run::scalarWork(1);
    return address_[offset];
  }
  void SetValue(const uint64_t offset, PrimType value,
                asc_run::Loc loc = asc_run::Loc::current()) {
    refuseHalfByte("GlobalTensor::SetValue", loc);
    asc_run::OnPipe onScalar(asc_run::PipeS);
    asc_run::checkWrite("GlobalTensor::SetValue", loc, address_ + offset,
                        sizeof(T));
    asc_run::scalarWork(1);
    address_[offset] = value;
  }
  GlobalTensor operator[](const uint64_t offset) const {
    GlobalTensor view;
    view.address_ = address_ + elementBytes(offset);
    view.size_ = size_ > offset ? size_ - offset : 0;
    return view;
  }
  uint64_t GetSize() const { return size_; }
  __gm__ PrimType *GetPhyAddr() const { return address_; }
  __gm__ PrimType *GetPhyAddr(const uint64_t offset) const {
    return address_ + elementBytes(offset);
  }

private:
  /// An int4b_t tensor holds two elements a byte: an offset of `offset`
  /// elements is offset / 2 bytes, and CANN asserts an even one
  /// (GlobalTensor<T>::operator[], GetPhyAddr,
  /// impl/basic_api/kernel_tensor_impl.h).
  static uint64_t elementBytes(uint64_t offset) {
    if constexpr (std::is_same_v<PrimType, ::int4b_t>) {
      if (offset % 2 != 0)
        asc_run::failRun(asc_run::kExitMisuse,
                         "asc-run: error: an odd offset (" +
                             std::to_string(offset) +
                             ") into a GlobalTensor<int4b_t>: CANN asserts "
                             "an even one (two elements a byte)");
      return offset / 2;
    }
    return offset;
  }
  /// GetValue and SetValue of an int4b_t element (a nibble): not modelled.
  static void refuseHalfByte(const char *call, asc_run::Loc loc) {
    if constexpr (std::is_same_v<PrimType, ::int4b_t>)
      asc_run::misuse(loc, std::string(call) +
                               " of int4b_t (two 4-bit values a byte): not "
                               "modelled by asc-run");
  }

  __gm__ PrimType *address_ = nullptr;
  uint64_t size_ = 0; // metadata: Ascend C does not bound accesses by it
};

/// The binary vector instructions LocalTensor's operators stand for
/// (impl/basic_api/kernel_operator_symbol_override_impl.h).
enum class SymbolOp { Add, Sub, Mul, Div };
template <typename T> class LocalTensor;
/// `src0 op src1`, computed into the tensor it is assigned to, over that
/// tensor's GetSize() elements (CANN's SymbolOverrideAdd and its siblings:
/// Process(dst) calls AddImpl(dst, src0, src1, dst.GetSize())).
template <typename T, SymbolOp op> struct SymbolOverride {
  const LocalTensor<T> &src0;
  const LocalTensor<T> &src1;
};

template <typename T> class LocalTensor {
public:
  using PrimType = T;

  LocalTensor() = default;
  /// A tensor of `tileSize` elements at byte `addr` of the local memory of
  /// `pos` (CANN's LocalTensor(TPosition, addr, tileSize), CreateTensor in
  /// kernel_tensor_impl.h, with its checks: a 32-byte aligned address and
  /// length inside the memory). asc-run has the unified buffer (VECIN,
  /// VECOUT, VECCALC) and L0C (CO1); L1 and L0A/L0B positions are refused.
  LocalTensor(TPosition pos, uint32_t addr, uint32_t tileSize,
              asc_run::Loc loc = asc_run::Loc::current()) {
    const char *what = nullptr;
    uint8_t *base = nullptr;
    uint32_t maxLen = 0;
    auto &bases = detail::localBases();
    if (pos == TPosition::VECIN || pos == TPosition::VECOUT ||
        pos == TPosition::VECCALC) {
      what = "the unified buffer";
      base = bases.ub;
      maxLen = TOTAL_UB_SIZE;
    } else if (pos == TPosition::CO1) {
      what = "L0C";
      base = bases.l0c;
      maxLen = TOTAL_L0C_SIZE;
    } else {
      asc_run::misuse(loc, "LocalTensor(TPosition, addr, tileSize) at "
                           "position " +
                               std::to_string(int(pos)) +
                               ": asc-run models the unified buffer (VECIN, "
                               "VECOUT, VECCALC) and L0C (CO1) only");
    }
    if (!base)
      asc_run::misuse(loc, "LocalTensor(TPosition, addr, tileSize) before a "
                           "TPipe exists: the address is in " +
                               std::string(what) + " of the core's TPipe");
    uint64_t bytes = uint64_t(tileSize) * sizeof(T);
    if (addr % 32 != 0 || tileSize == 0 || bytes % 32 != 0 ||
        addr + bytes > maxLen)
      asc_run::misuse(loc, "LocalTensor(TPosition, " + std::to_string(addr) +
                               ", " + std::to_string(tileSize) +
                               "): the address and the length in bytes must "
                               "be 32-byte aligned and inside " +
                               what + " (" + std::to_string(maxLen) +
                               " bytes)");
    address_ = reinterpret_cast<T *>(base + addr);
    size_ = tileSize;
    position_ = pos;
  }
  LocalTensor operator[](const uint32_t offset) const {
    LocalTensor view = *this;
    // An int4b_t tensor holds two elements a byte (CANN's
    // LocalTensor<T>::operator[], kernel_tensor_impl.h: offset / 2).
    if constexpr (std::is_same_v<T, ::int4b_t>) {
      if (offset % 2 != 0)
        asc_run::failRun(asc_run::kExitMisuse,
                         "asc-run: error: an odd offset (" +
                             std::to_string(offset) +
                             ") into a LocalTensor<int4b_t>: not modelled "
                             "by asc-run");
      view.address_ = address_ + offset / 2;
      view.size_ = size_ > offset ? size_ - offset : 0;
      return view;
    }
    view.address_ = address_ + offset;
    view.size_ = size_ > offset ? size_ - offset : 0;
    return view;
  }
  uint32_t GetSize() const { return size_; }
  /// SetSize(size): the tensor's element count (CANN's LocalTensor::SetSize,
  /// impl/basic_api/kernel_tensor_impl.h, whose CPU-debug build checks that
  /// the elements stay inside the position's memory, as asc-run does for
  /// the unified buffer and L0C).
  void SetSize(const uint32_t size,
               asc_run::Loc loc = asc_run::Loc::current()) {
    auto &bases = detail::localBases();
    bool ub = position_ == TPosition::VECIN || position_ == TPosition::VECOUT ||
              position_ == TPosition::VECCALC;
    uint8_t *base = ub                            ? bases.ub
                    : position_ == TPosition::CO1 ? bases.l0c
                                                  : nullptr;
    uint64_t limit = ub ? TOTAL_UB_SIZE : TOTAL_L0C_SIZE;
    auto *at = reinterpret_cast<uint8_t *>(address_);
    if (base && at >= base && at <= base + limit &&
        uint64_t(at - base) + uint64_t(size) * sizeof(T) > limit)
      asc_run::misuse(loc, "LocalTensor::SetSize(" + std::to_string(size) +
                               ") takes the tensor past the end of its "
                               "position's memory (" +
                               std::to_string(limit) + " bytes)");
    size_ = size;
  }
  int32_t GetPosition() const { return static_cast<int32_t>(position_); }

  /// The arithmetic operators of CANN's LocalTensor (kernel_tensor.h,
  /// kernel_tensor_impl.h): `dst = a + b` is Add(dst, a, b,
  /// dst.GetSize()), and so for -, * and /. An operator has no call site
  /// to report, so a diagnostic names the operator.
  SymbolOverride<T, SymbolOp::Add> operator+(const LocalTensor &src1) const {
    return {*this, src1};
  }
  SymbolOverride<T, SymbolOp::Sub> operator-(const LocalTensor &src1) const {
    return {*this, src1};
  }
  SymbolOverride<T, SymbolOp::Mul> operator*(const LocalTensor &src1) const {
    return {*this, src1};
  }
  SymbolOverride<T, SymbolOp::Div> operator/(const LocalTensor &src1) const {
    return {*this, src1};
  }
  template <SymbolOp op>
  LocalTensor &operator=(const SymbolOverride<T, op> &expr) {
    applySymbolOverride(*this, expr);
    return *this;
  }
  LocalTensor &operator=(const LocalTensor &) = default;
  LocalTensor(const LocalTensor &) = default;
  PrimType *GetPhyAddr() const { return address_; }
  PrimType GetValue(const uint32_t offset,
                    asc_run::Loc loc = asc_run::Loc::current()) const {
    asc_run::OnPipe onScalar(asc_run::PipeS);
    asc_run::checkRead("LocalTensor::GetValue", loc, address_ + offset,
                       sizeof(T));
    asc_run::scalarWork(1);
    return address_[offset];
  }
  void SetValue(const uint32_t offset, PrimType value,
                asc_run::Loc loc = asc_run::Loc::current()) {
    asc_run::OnPipe onScalar(asc_run::PipeS);
    asc_run::checkWrite("LocalTensor::SetValue", loc, address_ + offset,
                        sizeof(T));
    asc_run::scalarWork(1);
    address_[offset] = value;
  }

  /// The same bytes as elements of CAST_T (CANN's
  /// LocalTensor::ReinterpretCast, include/basic_api/kernel_tensor.h): as
  /// many whole elements as the bytes hold.
  template <typename CAST_T> LocalTensor<CAST_T> ReinterpretCast() const {
    return LocalTensor<CAST_T>::over(
        address_,
        static_cast<uint32_t>(uint64_t(size_) * sizeof(T) / sizeof(CAST_T)),
        position_);
  }

  /// asc-run: a tensor over `count` elements of a queue buffer.
  static LocalTensor over(void *address, uint32_t count, TPosition pos) {
    LocalTensor t;
    t.address_ = static_cast<T *>(address);
    t.size_ = count;
    t.position_ = pos;
    return t;
  }

private:
  PrimType *address_ = nullptr;
  uint32_t size_ = 0;
  TPosition position_ = TPosition::VECCALC;
};

//===----------------------------------------------------------------------===//
// Pipe and queues
//===----------------------------------------------------------------------===//

/// One buffer of a queue and where it is in its life.
struct QueueBuffer {
  uint8_t *address = nullptr;
  uint32_t bytes = 0;
  enum class Use { Free, Allocated, Queued } use = Use::Free;
  /// What the queue's consumer pipe had done when it freed the buffer
  /// (FreeTensor's SetFlag), for the next AllocTensor's WaitFlag.
  asc_run::PipePoint freed{};
  bool hasFreed = false;
};

/// The pipes a queue hands its buffers between, as CANN's TQue<pos> does:
/// TQueBind<GetBufferLogicPos(pos, true), GetBufferLogicPos(pos, false)>,
/// whose EnQue/DeQue are SetFlag/WaitFlag of GetQueEvt(src, dst, true) and
/// whose FreeTensor/AllocTensor of GetQueEvt(src, dst, false)
/// (impl/basic_api/kernel_event.h). The pairs are the table both checkers
/// read (asc_run/call_orderings.def): VECIN GM -> UB, MTE2_V and V_MTE2;
/// VECOUT UB -> GM, V_MTE3 and MTE3_V. Other positions order nothing the
/// vector core's checker sees.
constexpr asc_run::Pipe queueProducer(TPosition pos) {
  asc_run::Pipe producer = asc_run::kPipes, consumer = asc_run::kPipes;
  asc_run::queueHandOffPipes(pos, producer, consumer);
  return producer;
}
constexpr asc_run::Pipe queueConsumer(TPosition pos) {
  asc_run::Pipe producer = asc_run::kPipes, consumer = asc_run::kPipes;
  asc_run::queueHandOffPipes(pos, producer, consumer);
  return consumer;
}

template <TPosition pos = TPosition::VECCALC> class TBuf;

/// What TPipe::InitBuffer needs from a queue.
class TQueBase {
public:
  std::vector<QueueBuffer> buffers;
  std::vector<int> fifo; // enqueued buffers, oldest first
  /// What the producer pipe had done at each EnQue (its SetFlag).
  std::vector<asc_run::PipePoint> fifoClocks;
  bool initialised = false;

  int find(const void *address) const {
    for (size_t i = 0; i < buffers.size(); ++i)
      if (buffers[i].address == address)
        return static_cast<int>(i);
    return -1;
  }
};

class TPipe {
public:
  TPipe() {
    ub_.bytes.assign(kUbSize, 0);
    l0c_.bytes.assign(kL0cSize, 0);
    l1_.bytes.assign(TOTAL_L1_SIZE, 0);
    auto &regions = asc_run::state().regions;
    regions.erase(std::remove_if(regions.begin(), regions.end(),
                                 [](const asc_run::Region &r) {
                                   return asc_run::isLocalMemory(r.name);
                                 }),
                  regions.end());
    for (Arena *arena : {&ub_, &l0c_, &l1_})
      regions.push_back({arena->name,
                         reinterpret_cast<uintptr_t>(arena->bytes.data()),
                         reinterpret_cast<uintptr_t>(arena->bytes.data() +
                                                     arena->bytes.size())});
    detail::localBases() = {ub_.bytes.data(), l0c_.bytes.data(), this,
                            l1_.bytes.data()};
  }
  ~TPipe() { detail::localBases() = {}; }

  /// The event IDs of a HardEvent the kernel holds (CANN's eventPool_, 8 IDs
  /// an event: QUE_MAX_EVENT). FetchEventID names the first free one without
  /// taking it; AllocEventID takes it; ReleaseEventID gives it back
  /// (kernel_tpipe_impl.h). asc-run's queues order their pipes without
  /// IDs, so the kernel's own are the only ones held.
  event_t FetchEventID(HardEvent evt,
                       asc_run::Loc loc = asc_run::Loc::current()) {
    return firstFreeEvent(evt, "FetchEventID", loc);
  }
  template <HardEvent evt>
  event_t FetchEventID(asc_run::Loc loc = asc_run::Loc::current()) {
    return firstFreeEvent(evt, "FetchEventID", loc);
  }
  template <HardEvent evt>
  event_t AllocEventID(asc_run::Loc loc = asc_run::Loc::current()) {
    event_t id = firstFreeEvent(evt, "AllocEventID", loc);
    heldEvents_[size_t(evt)] |= uint8_t(1u << id);
    return id;
  }
  template <HardEvent evt>
  void ReleaseEventID(event_t id, asc_run::Loc loc = asc_run::Loc::current()) {
    if (id < 0 || id >= kEventIds)
      asc_run::misuse(loc, "ReleaseEventID(" + std::to_string(id) +
                               "): event IDs are 0 to 7");
    heldEvents_[size_t(evt)] &= uint8_t(~(1u << id));
  }
  TPipe(const TPipe &) = delete;
  TPipe &operator=(const TPipe &) = delete;

  /// InitBuffer(TBuf, len): one buffer of len bytes rounded up to 32
  /// (TPipe::InitBuffer in kernel_tpipe_impl.h), in the unified buffer or
  /// L0C; asc-run refuses a TBuf of another position by name.
  template <TPosition pos>
  bool InitBuffer(TBuf<pos> &buf, uint32_t len,
                  asc_run::Loc loc = asc_run::Loc::current()) {
    if (pos != TPosition::VECIN && pos != TPosition::VECOUT &&
        pos != TPosition::VECCALC && pos != TPosition::CO1)
      asc_run::misuse(loc, "InitBuffer of a TBuf at TPosition " +
                               std::to_string(int(pos)) +
                               ": asc-run models the unified buffer "
                               "(VECIN, VECOUT, VECCALC) and L0C (CO1) only");
    return InitBuffer(buf, 1, (len + 31u) / 32u * 32u, loc);
  }

  template <class T>
  bool InitBuffer(T &que, uint8_t num, uint32_t len,
                  asc_run::Loc loc = asc_run::Loc::current()) {
    static_assert(std::is_base_of_v<TQueBase, T>,
                  "TPipe::InitBuffer takes a TQue or TBuf");
    if (que.initialised)
      asc_run::misuse(loc, "InitBuffer on a queue that already has buffers");
    if (num == 0 || len == 0)
      asc_run::misuse(loc, "InitBuffer with " + std::to_string(num) +
                               " buffers of " + std::to_string(len) + " bytes");
    if (num > T::kDepthLimit)
      asc_run::misuse(loc, "InitBuffer with " + std::to_string(num) +
                               " buffers on a queue that holds at most " +
                               std::to_string(T::kDepthLimit));
    Arena &arena = T::kPosition == TPosition::CO1    ? l0c_
                   : T::kPosition == TPosition::TSCM ? l1_
                                                     : ub_;
    uint32_t aligned = (len + 31u) / 32u * 32u;
    uint64_t need = static_cast<uint64_t>(aligned) * num;
    uint64_t size = arena.bytes.size();
    if (arena.used + need > size)
      asc_run::misuse(loc, "InitBuffer needs " + std::to_string(need) +
                               " bytes of " + arena.what + ", " +
                               std::to_string(size - arena.used) + " of " +
                               std::to_string(size) + " are left");
    for (uint8_t i = 0; i < num; ++i) {
      QueueBuffer b;
      b.address = arena.bytes.data() + arena.used;
      b.bytes = len;
      que.buffers.push_back(b);
      arena.used += aligned;
    }
    que.initialised = true;
    return true;
  }

private:
  static constexpr int kEventIds = 8;
  event_t firstFreeEvent(HardEvent evt, const char *api, asc_run::Loc loc) {
    for (int id = 0; id < kEventIds; ++id)
      if (!(heldEvents_[size_t(evt)] & (1u << id)))
        return id;
    asc_run::misuse(loc, std::string(api) +
                             ": all 8 event IDs of the event are held "
                             "(missing ReleaseEventID)");
  }
  uint8_t heldEvents_[64] = {};

  /// A local memory queues take buffers from.
  struct Arena {
    const char *name;
    const char *what;
    std::vector<uint8_t> bytes;
    uint64_t used = 0;
  };
  Arena ub_{"UB", "unified buffer", {}};
  Arena l0c_{"L0C", "L0C (CO1)", {}};
  Arena l1_{"L1", "L1 (TSCM)", {}};
};

/// The pipes of a TQueBind<src, dst>: GetQueEvt of their physical
/// memories (kernel_event.h), from the table both checkers read
/// (asc_run/call_orderings.def): GM -> UB MTE2 then V, UB -> GM V then MTE3,
/// UB -> UB (VECIN -> VECOUT, a copy through UB) MTE2 then MTE3.
constexpr asc_run::Pipe bindProducer(TPosition src, TPosition dst) {
  asc_run::Pipe producer = asc_run::kPipes, consumer = asc_run::kPipes;
  asc_run::queueBindHandOffPipes(src, dst, producer, consumer);
  return producer;
}
constexpr asc_run::Pipe bindConsumer(TPosition src, TPosition dst) {
  asc_run::Pipe producer = asc_run::kPipes, consumer = asc_run::kPipes;
  asc_run::queueBindHandOffPipes(src, dst, producer, consumer);
  return consumer;
}

/// A queue whose buffers live at `pos` and pass from pipe `producer` to
/// pipe `consumer` (TQue and TQueBind).
template <TPosition pos, int32_t depth, asc_run::Pipe producer,
          asc_run::Pipe consumer>
class TQueModel : public TQueBase {
public:
  static constexpr int kDepthLimit = 8;
  static constexpr TPosition kPosition = pos;
  static constexpr asc_run::Pipe kProducer = producer;
  static constexpr asc_run::Pipe kConsumer = consumer;

  template <typename T>
  LocalTensor<T> AllocTensor(asc_run::Loc loc = asc_run::Loc::current()) {
    if (!initialised)
      asc_run::misuse(loc, "AllocTensor on a queue without InitBuffer");
    for (auto &b : buffers)
      if (b.use == QueueBuffer::Use::Free) {
        b.use = QueueBuffer::Use::Allocated;
        if (b.hasFreed && kProducer != asc_run::kPipes)
          asc_run::waitFor(kProducer, b.freed);
        b.hasFreed = false;
        asc_run::scalarWork(1);
        return LocalTensor<T>::over(
            b.address, static_cast<uint32_t>(b.bytes / sizeof(T)), pos);
      }
    asc_run::misuse(loc,
                    "AllocTensor with all " + std::to_string(buffers.size()) +
                        " buffers of the queue in use (missing FreeTensor)");
  }

  template <typename T>
  bool EnQue(const LocalTensor<T> &tensor,
             asc_run::Loc loc = asc_run::Loc::current()) {
    int i = find(tensor.GetPhyAddr());
    if (i < 0)
      asc_run::misuse(loc,
                      "EnQue of a tensor that is not a buffer of this queue");
    if (buffers[i].use != QueueBuffer::Use::Allocated)
      asc_run::misuse(loc, "EnQue of a buffer that is not allocated");
    if (static_cast<int32_t>(fifo.size()) >= depth)
      asc_run::misuse(loc, "EnQue on a full queue (depth " +
                               std::to_string(depth) + ")");
    buffers[i].use = QueueBuffer::Use::Queued;
    fifo.push_back(i);
    fifoClocks.push_back(kProducer != asc_run::kPipes
                             ? asc_run::pointOf(kProducer)
                             : asc_run::PipePoint{});
    asc_run::scalarWork(1);
    return true;
  }

  template <typename T>
  LocalTensor<T> DeQue(asc_run::Loc loc = asc_run::Loc::current()) {
    if (fifo.empty())
      asc_run::misuse(loc, "DeQue on an empty queue (missing EnQue)");
    int i = fifo.front();
    fifo.erase(fifo.begin());
    if (kConsumer != asc_run::kPipes)
      asc_run::waitFor(kConsumer, fifoClocks.front());
    fifoClocks.erase(fifoClocks.begin());
    buffers[i].use = QueueBuffer::Use::Allocated;
    asc_run::scalarWork(1);
    return LocalTensor<T>::over(
        buffers[i].address, static_cast<uint32_t>(buffers[i].bytes / sizeof(T)),
        pos);
  }

  template <typename T>
  void FreeTensor(LocalTensor<T> &tensor,
                  asc_run::Loc loc = asc_run::Loc::current()) {
    int i = find(tensor.GetPhyAddr());
    if (i < 0)
      asc_run::misuse(
          loc, "FreeTensor of a tensor that is not a buffer of this queue");
    if (buffers[i].use != QueueBuffer::Use::Allocated)
      asc_run::misuse(loc,
                      buffers[i].use == QueueBuffer::Use::Free
                          ? "FreeTensor of a buffer that is already free"
                          : "FreeTensor of a buffer that is still enqueued");
    // Freeing hands the buffer to the next AllocTensor: a write for the
    // pending work, no access of a pipe.
    {
      asc_run::OnPipe noPipe(asc_run::kPipes);
      asc_run::checkWrite("FreeTensor", loc, buffers[i].address,
                          buffers[i].bytes);
    }
    buffers[i].use = QueueBuffer::Use::Free;
    if (kConsumer != asc_run::kPipes) {
      buffers[i].freed = asc_run::pointOf(kConsumer);
      buffers[i].hasFreed = true;
    }
    asc_run::scalarWork(1);
  }

  /// FreeAllEvent(): releases the event IDs the queue holds
  /// (kernel_tquebind_impl.h); asc-run's queues order their pipes without
  /// event IDs, so there is nothing to release.
  void FreeAllEvent() {}
};

/// CANN's TBuf<pos> (include/basic_api/kernel_tpipe.h, impl/basic_api/
/// kernel_tbuf_impl.h): one buffer of `len` bytes from TPipe::InitBuffer
/// (len rounded up to 32 bytes), handed out whole by Get<T>(), its first
/// `len` elements by Get<T>(len) and `size` elements at byte `bufOffset` by
/// GetWithOffset<T>(size, bufOffset). It orders nothing (spec section 2c,
/// O5): EnQue and FreeTensor do nothing, DeQue and AllocTensor are Get.
/// Its memory is the unified buffer (VECIN, VECOUT, VECCALC) or L0C (CO1);
/// asc-run has no L1 or L0A/L0B.
template <TPosition pos> class TBuf : public TQueBase {
public:
  static constexpr int kDepthLimit = 1;
  static constexpr TPosition kPosition = pos;

  template <typename T>
  LocalTensor<T> Get(asc_run::Loc loc = asc_run::Loc::current()) {
    const QueueBuffer &b = buffer("Get", loc);
    return Get<T>(static_cast<uint32_t>(b.bytes / sizeof(T)), loc);
  }
  template <typename T>
  LocalTensor<T> Get(uint32_t len, asc_run::Loc loc = asc_run::Loc::current()) {
    return GetWithOffset<T>(len, 0, loc, "Get");
  }
  template <typename T>
  LocalTensor<T> GetWithOffset(uint32_t size, uint32_t bufOffset,
                               asc_run::Loc loc = asc_run::Loc::current(),
                               const char *api = "GetWithOffset") {
    const QueueBuffer &b = buffer(api, loc);
    uint64_t bytes = uint64_t(size) * sizeof(T);
    if (size == 0 || bytes % 32 != 0 || bufOffset % 32 != 0 ||
        bufOffset + bytes > b.bytes)
      asc_run::misuse(loc, std::string("TBuf::") + api + " of " +
                               std::to_string(size) + " elements (" +
                               std::to_string(bytes) + " bytes) at byte " +
                               std::to_string(bufOffset) +
                               ": the length and the offset must be "
                               "multiples of 32 bytes inside the buffer's " +
                               std::to_string(b.bytes));
    return LocalTensor<T>::over(b.address + bufOffset, size, pos);
  }
  template <typename T>
  LocalTensor<T> AllocTensor(asc_run::Loc loc = asc_run::Loc::current()) {
    return Get<T>(loc);
  }
  template <typename T>
  LocalTensor<T> DeQue(asc_run::Loc loc = asc_run::Loc::current()) {
    return Get<T>(loc);
  }
  template <typename T> void EnQue(const LocalTensor<T> &) {}
  template <typename T> void FreeTensor(LocalTensor<T> &) {}

private:
  const QueueBuffer &buffer(const char *api, asc_run::Loc loc) const {
    if (!initialised)
      asc_run::misuse(loc, std::string("TBuf::") + api +
                               " on a TBuf without InitBuffer");
    return buffers.front();
  }
};

template <TPosition pos, int32_t depth, auto mask = 0>
using TQue = TQueModel<pos, depth, queueProducer(pos), queueConsumer(pos)>;
/// CANN's TQueBind: buffers at `dst` (UB for a VECIN -> VECOUT bind) handed
/// from the pipe that fills them at `src` to the one that drains them.
template <TPosition src, TPosition dst, int32_t depth, auto mask = 0>
using TQueBind = TQueModel<dst == TPosition::GM ? src : dst, depth,
                           bindProducer(src, dst), bindConsumer(src, dst)>;
/// CANN's TSCM<pos, depth> (include/basic_api/kernel_tpipe.h): the
/// TQueBind<pos, TSCM> whose buffers are in the cube core's L1, for a
/// Matmul's A or B in TPosition::TSCM. Its hand-off orders no pipe of the
/// vector core (a DataCopy into it is a message to the cube core, below).
template <TPosition pos, int32_t depth = 1, auto mask = 0>
using TSCM = TQueBind<pos, TPosition::TSCM, depth, mask>;

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

struct DataCopyParams {
  DataCopyParams() = default;
  DataCopyParams(const uint16_t count, const uint16_t len,
                 const uint16_t srcStrideIn, const uint16_t dstStrideIn)
      : blockCount(count), blockLen(len), srcStride(srcStrideIn),
        dstStride(dstStrideIn) {}
  uint16_t blockCount = 1;
  uint16_t blockLen = 0;
  uint16_t srcStride = 0;
  uint16_t dstStride = 0;
};

namespace detail {

/// Whether `p` is in the core's L1 (a TSCM buffer).
inline bool inL1(const void *p) {
  const uint8_t *b = localBases().l1, *q = static_cast<const uint8_t *>(p);
  return b && q >= b && q < b + TOTAL_L1_SIZE;
}

/// The pipe of a DataCopy: MTE2 from GM into local memory, MTE3 from local
/// memory to GM, and (an assumption) V between two local tensors.
inline asc_run::Pipe copyPipe(const void *dst, bool gmSide) {
  // A vector core's copy into TSCM is a message to its cube core
  // (DataCopyGM2L1Impl on the AIV: ScmDataCopyMsg, dav_c220/
  // kernel_operator_data_copy_impl.h), which the server carries out
  // before the next message: the scalar unit's post, which the Matmul's
  // later calls are ordered after (spec section 2c, O8).
  if (g_coreType == AIV && inL1(dst))
    return asc_run::PipeS;
  if (!gmSide)
    return asc_run::PipeV;
  uintptr_t d = reinterpret_cast<uintptr_t>(dst);
  return asc_run::inLocalMemory({d, d + 1}) ? asc_run::PipeMte2
                                            : asc_run::PipeMte3;
}

/// The cost of a DataCopy: a GM copy on MTE2 or MTE3, a local copy on V.
inline void copyWork(const void *dst, bool gmSide, uint64_t bytes,
                     uint64_t bursts) {
  asc_run::state().trace.work(copyPipe(dst, gmSide),
                              gmSide ? asc_run::Work::GmCopy
                                     : asc_run::Work::UbCopy,
                              double(bytes), double(bursts));
}

/// Copies `count` bytes checked as a contiguous DataCopy.
inline void copyContiguous(void *dst, const void *src, uint64_t bytes,
                           asc_run::Loc loc, bool gmSide) {
  asc_run::OnPipe onCopy(copyPipe(dst, gmSide));
  if (bytes % 32 != 0)
    asc_run::misuse(loc,
                    "DataCopy of " + std::to_string(bytes) +
                        " bytes: the length must be a multiple of 32 bytes");
  asc_run::checkRead("DataCopy", loc, src, bytes);
  asc_run::checkWrite("DataCopy", loc, dst, bytes);
  std::memmove(dst, src, bytes);
  detail::copyWork(dst, gmSide, bytes, 1);
}

/// Copies blockCount blocks of blockLen x 32 bytes with gaps of srcStride /
/// dstStride 32-byte units between them.
inline void copyBlocks(uint8_t *dst, const uint8_t *src,
                       const DataCopyParams &p, asc_run::Loc loc, bool gmSide) {
  asc_run::OnPipe onCopy(copyPipe(dst, gmSide));
  uint64_t blockBytes = static_cast<uint64_t>(p.blockLen) * 32;
  asc_run::Footprint reads, writes;
  for (uint16_t i = 0; i < p.blockCount; ++i) {
    reads.add(src + i * (blockBytes + p.srcStride * 32ull), blockBytes, "read");
    writes.add(dst + i * (blockBytes + p.dstStride * 32ull), blockBytes,
               "write");
  }
  asc_run::checkAccess("DataCopy", loc, reads, false);
  asc_run::checkAccess("DataCopy", loc, writes, true);
  for (uint16_t i = 0; i < p.blockCount; ++i)
    std::memmove(dst + i * (blockBytes + p.dstStride * 32ull),
                 src + i * (blockBytes + p.srcStride * 32ull), blockBytes);
  detail::copyWork(dst, gmSide, blockBytes * p.blockCount, p.blockCount);
}

/// The bytes of `count` elements of T: an int4b_t is half a byte, and CANN
/// copies count / 2 bytes (LocalTensor/GlobalTensor's length,
/// impl/basic_api/kernel_tensor_impl.h); an odd count is not modelled.
template <typename T> uint64_t countBytes(uint64_t count, asc_run::Loc loc) {
  if constexpr (std::is_same_v<T, ::int4b_t>) {
    if (count % 2 != 0)
      asc_run::misuse(loc, "DataCopy of an odd count (" +
                               std::to_string(count) +
                               ") of int4b_t: not modelled by asc-run");
    return count / 2;
  }
  return count * sizeof(T);
}

} // namespace detail

template <typename T>
void DataCopy(const LocalTensor<T> &dstLocal, const GlobalTensor<T> &srcGlobal,
              const uint32_t calCount,
              asc_run::Loc loc = asc_run::Loc::current()) {
  detail::copyContiguous(dstLocal.GetPhyAddr(), srcGlobal.GetPhyAddr(),
                         detail::countBytes<T>(calCount, loc), loc, true);
}
template <typename T>
void DataCopy(const GlobalTensor<T> &dstGlobal, const LocalTensor<T> &srcLocal,
              const uint32_t calCount,
              asc_run::Loc loc = asc_run::Loc::current()) {
  detail::copyContiguous(dstGlobal.GetPhyAddr(), srcLocal.GetPhyAddr(),
                         detail::countBytes<T>(calCount, loc), loc, true);
}
template <typename T>
void DataCopy(const LocalTensor<T> &dstLocal, const LocalTensor<T> &srcLocal,
              const uint32_t calCount,
              asc_run::Loc loc = asc_run::Loc::current()) {
  detail::copyContiguous(dstLocal.GetPhyAddr(), srcLocal.GetPhyAddr(),
                         detail::countBytes<T>(calCount, loc), loc, false);
}
template <typename T>
void DataCopy(const LocalTensor<T> &dstLocal, const GlobalTensor<T> &srcGlobal,
              const DataCopyParams &repeatParams,
              asc_run::Loc loc = asc_run::Loc::current()) {
  detail::copyBlocks(reinterpret_cast<uint8_t *>(dstLocal.GetPhyAddr()),
                     reinterpret_cast<const uint8_t *>(srcGlobal.GetPhyAddr()),
                     repeatParams, loc, true);
}
template <typename T>
void DataCopy(const GlobalTensor<T> &dstGlobal, const LocalTensor<T> &srcLocal,
              const DataCopyParams &repeatParams,
              asc_run::Loc loc = asc_run::Loc::current()) {
  detail::copyBlocks(reinterpret_cast<uint8_t *>(dstGlobal.GetPhyAddr()),
                     reinterpret_cast<const uint8_t *>(srcLocal.GetPhyAddr()),
                     repeatParams, loc, true);
}
template <typename T>
void DataCopy(const LocalTensor<T> &dstLocal, const LocalTensor<T> &srcLocal,
              const DataCopyParams &repeatParams,
              asc_run::Loc loc = asc_run::Loc::current()) {
  detail::copyBlocks(reinterpret_cast<uint8_t *>(dstLocal.GetPhyAddr()),
                     reinterpret_cast<const uint8_t *>(srcLocal.GetPhyAddr()),
                     repeatParams, loc, false);
}

/// DataCopyExtParams (include/basic_api/kernel_struct_data_copy.h):
/// blockCount blocks of blockLen bytes; the GM side's gap between blocks in
/// bytes, the unified buffer's in 32-byte blocks.
/// CANN's Nd2NzParams (include/basic_api/kernel_struct_data_copy.h, the
/// 16-bit fields of Atlas A2), for DataCopy's ND to NZ conversion.
struct Nd2NzParams {
  Nd2NzParams() {}
  Nd2NzParams(const uint16_t ndNumIn, const uint16_t nValueIn,
              const uint16_t dValueIn, const uint16_t srcNdMatrixStrideIn,
              const uint16_t srcDValueIn, const uint16_t dstNzC0StrideIn,
              const uint16_t dstNzNStrideIn, const uint16_t dstNzMatrixStrideIn)
      : ndNum(ndNumIn), nValue(nValueIn), dValue(dValueIn),
        srcNdMatrixStride(srcNdMatrixStrideIn), srcDValue(srcDValueIn),
        dstNzC0Stride(dstNzC0StrideIn), dstNzNStride(dstNzNStrideIn),
        dstNzMatrixStride(dstNzMatrixStrideIn) {}
  uint16_t ndNum = 0;
  uint16_t nValue = 0;
  uint16_t dValue = 0;
  uint16_t srcNdMatrixStride = 0;
  uint16_t srcDValue = 0;
  uint16_t dstNzC0Stride = 0;
  uint16_t dstNzNStride = 0;
  uint16_t dstNzMatrixStride = 0;
};

/// DataCopy(dst, src, Nd2NzParams) from GM into the unified buffer or L1
/// (TSCM) ("GMToUB随路转换ND2NZ搬运(DataCopy).md", "GMToL1随路转换-ND2NZ搬运
/// （DataCopy）.md"): ndNum matrices of nValue rows x dValue elements (rows
/// srcDValue elements apart, matrices srcNdMatrixStride elements apart)
/// into NZ, C0 = 32 bytes of elements a fractal row: element (r, c) of
/// matrix i lands at i * dstNzMatrixStride + (c / C0) * dstNzC0Stride * C0
/// + r * dstNzNStride * C0 + c % C0; a row's last C0 block is padded with
/// zeros. A zero ndNum, nValue or dValue is a NOP.
template <typename T>
void DataCopy(const LocalTensor<T> &dstLocal, const GlobalTensor<T> &srcGlobal,
              const Nd2NzParams &p,
              asc_run::Loc loc = asc_run::Loc::current()) {
  if (p.ndNum == 0 || p.nValue == 0 || p.dValue == 0)
    return;
  if (p.srcDValue < p.dValue || p.dstNzC0Stride == 0 || p.dstNzNStride == 0)
    asc_run::misuse(loc, "DataCopy with Nd2NzParams: srcDValue (" +
                             std::to_string(p.srcDValue) + ") below dValue (" +
                             std::to_string(p.dValue) +
                             ") or a zero dstNzC0Stride or dstNzNStride");
  if (!asc_run::inLocalMemory(
          {reinterpret_cast<uintptr_t>(dstLocal.GetPhyAddr()),
           reinterpret_cast<uintptr_t>(dstLocal.GetPhyAddr()) + 1}))
    asc_run::misuse(loc, "DataCopy with Nd2NzParams into a tensor outside the "
                         "unified buffer and L1");
  constexpr uint64_t c0 = 32 / sizeof(T);
  uint64_t blocks = (uint64_t(p.dValue) + c0 - 1) / c0;
  auto place = [&](uint64_t i, uint64_t r, uint64_t c) {
    return i * p.dstNzMatrixStride + (c / c0) * p.dstNzC0Stride * c0 +
           r * p.dstNzNStride * c0 + c % c0;
  };
  uint64_t last = place(p.ndNum - 1, p.nValue - 1, blocks * c0 - 1);
  if (last >= dstLocal.GetSize())
    asc_run::misuse(loc, "DataCopy with Nd2NzParams writes element " +
                             std::to_string(last) + " of a tensor of " +
                             std::to_string(dstLocal.GetSize()));
  asc_run::OnPipe onCopy(detail::copyPipe(dstLocal.GetPhyAddr(), true));
  const T *src = srcGlobal.GetPhyAddr();
  T *dst = dstLocal.GetPhyAddr();
  asc_run::Footprint reads, writes;
  for (uint64_t i = 0; i < p.ndNum; ++i)
    for (uint64_t r = 0; r < p.nValue; ++r) {
      reads.add(src + i * p.srcNdMatrixStride + r * p.srcDValue,
                uint64_t(p.dValue) * sizeof(T), "ND source");
      for (uint64_t b = 0; b < blocks; ++b)
        writes.add(dst + place(i, r, b * c0), 32, "NZ destination");
    }
  asc_run::checkAccess("DataCopy", loc, reads, false);
  asc_run::checkAccess("DataCopy", loc, writes, true);
  for (uint64_t i = 0; i < p.ndNum; ++i)
    for (uint64_t r = 0; r < p.nValue; ++r)
      for (uint64_t c = 0; c < blocks * c0; ++c)
        dst[place(i, r, c)] =
            c < p.dValue ? src[i * p.srcNdMatrixStride + r * p.srcDValue + c]
                         : T(0);
  detail::copyWork(dst, true, uint64_t(p.ndNum) * p.nValue * blocks * 32,
                   uint64_t(p.ndNum) * p.nValue);
}

struct DataCopyExtParams {
  DataCopyExtParams() = default;
  DataCopyExtParams(const uint16_t count, const uint32_t len,
                    const uint32_t srcStrideIn, const uint32_t dstStrideIn,
                    const uint32_t rsvIn)
      : blockCount(count), blockLen(len), srcStride(srcStrideIn),
        dstStride(dstStrideIn), rsv(rsvIn) {}
  uint16_t blockCount = 1;
  uint32_t blockLen = 0;
  uint32_t srcStride = 0;
  uint32_t dstStride = 0;
  uint32_t rsv = 0;
};

/// DataCopyPadExtParams<T> (same header): the elements to pad left and
/// right of each block copied into the unified buffer, and with what.
template <typename T> struct DataCopyPadExtParams {
  DataCopyPadExtParams() = default;
  DataCopyPadExtParams(const bool isPadValue, const uint8_t leftPadValue,
                       const uint8_t rightPadValue, T padValue)
      : isPad(isPadValue), leftPadding(leftPadValue),
        rightPadding(rightPadValue), paddingValue(padValue) {}
  bool isPad = false;
  uint8_t leftPadding = 0;
  uint8_t rightPadding = 0;
  T paddingValue = T(0);
};

namespace detail {

/// The unified buffer's rows of a DataCopyPad: each block with its padding,
/// rounded up to 32 bytes.
inline uint64_t padRowBytes(uint64_t blockLen, uint64_t padBytes) {
  return (blockLen + padBytes + 31) / 32 * 32;
}

/// The checks CANN's docs state for both directions of DataCopyPad.
inline void checkPadCopy(const DataCopyExtParams &p, size_t elemBytes,
                         const void *ub, asc_run::Loc loc) {
  if (p.blockLen % elemBytes != 0)
    asc_run::misuse(loc, "DataCopyPad with blockLen " +
                             std::to_string(p.blockLen) +
                             ": a multiple of the element's " +
                             std::to_string(elemBytes) + " bytes is needed");
  const uint8_t *base = localBases().ub;
  if (base && (static_cast<const uint8_t *>(ub) - base) % 32 != 0)
    asc_run::misuse(loc, "DataCopyPad: the unified buffer's address must be "
                         "32-byte aligned");
}

/// GM -> UB: each block at its row, padded left and right with
/// `leftBytes`/`rightBytes` of `pad` (with isPad) and up to 32 bytes with
/// dummy data: the block's first element when it has no padding, otherwise
/// the padding value (isPad) or what the hardware leaves, which asc-run
/// makes 0xff bytes so that a kernel reading it shows.
inline void copyPadIn(uint8_t *dst, const uint8_t *src,
                      const DataCopyExtParams &p, size_t elemBytes, bool isPad,
                      uint64_t leftBytes, uint64_t rightBytes,
                      const uint8_t *pad, asc_run::Loc loc) {
  if (p.blockCount == 0 || p.blockLen == 0)
    return; // a NOP on Atlas A2
  checkPadCopy(p, elemBytes, dst, loc);
  if (leftBytes > 32 || rightBytes > 32)
    asc_run::misuse(loc, "DataCopyPad pads at most 32 bytes on each side");
  asc_run::OnPipe onMte2(asc_run::PipeMte2);
  uint64_t row = padRowBytes(p.blockLen, leftBytes + rightBytes);
  asc_run::Footprint reads, writes;
  for (uint16_t i = 0; i < p.blockCount; ++i) {
    reads.add(src + i * (uint64_t(p.blockLen) + p.srcStride), p.blockLen,
              "read");
    writes.add(dst + i * (row + p.dstStride * 32ull), row, "write");
  }
  asc_run::checkAccess("DataCopyPad", loc, reads, false);
  asc_run::checkAccess("DataCopyPad", loc, writes, true);
  bool padded = leftBytes + rightBytes > 0;
  for (uint16_t i = 0; i < p.blockCount; ++i) {
    const uint8_t *from = src + i * (uint64_t(p.blockLen) + p.srcStride);
    uint8_t *to = dst + i * (row + p.dstStride * 32ull);
    const uint8_t *filler = !padded ? from : isPad ? pad : nullptr;
    for (uint64_t b = 0; b < row; b += elemBytes) {
      bool data = b >= leftBytes && b < leftBytes + p.blockLen;
      if (data)
        std::memmove(to + b, from + (b - leftBytes), elemBytes);
      else if (filler)
        std::memmove(to + b, filler, elemBytes);
      else
        std::memset(to + b, 0xff, elemBytes);
    }
  }
  copyWork(dst, true, uint64_t(p.blockLen) * p.blockCount, p.blockCount);
}

/// UB -> GM: each block from its 32-byte aligned row.
inline void copyPadOut(uint8_t *dst, const uint8_t *src,
                       const DataCopyExtParams &p, size_t elemBytes,
                       asc_run::Loc loc) {
  if (p.blockCount == 0 || p.blockLen == 0)
    return;
  checkPadCopy(p, elemBytes, src, loc);
  asc_run::OnPipe onMte3(asc_run::PipeMte3);
  uint64_t row = padRowBytes(p.blockLen, 0);
  asc_run::Footprint reads, writes;
  for (uint16_t i = 0; i < p.blockCount; ++i) {
    reads.add(src + i * (row + p.srcStride * 32ull), p.blockLen, "read");
    writes.add(dst + i * (uint64_t(p.blockLen) + p.dstStride), p.blockLen,
               "write");
  }
  asc_run::checkAccess("DataCopyPad", loc, reads, false);
  asc_run::checkAccess("DataCopyPad", loc, writes, true);
  for (uint16_t i = 0; i < p.blockCount; ++i)
    std::memmove(dst + i * (uint64_t(p.blockLen) + p.dstStride),
                 src + i * (row + p.srcStride * 32ull), p.blockLen);
  copyWork(dst, true, uint64_t(p.blockLen) * p.blockCount, p.blockCount);
}

} // namespace detail

/// DataCopyPad GM -> UB and UB -> GM of blocks whose length need not be 32
/// bytes (kernel_operator_data_copy_intf.h; asc-devkit's docs
/// GMToUB非对齐数据搬运(DataCopyPad).md and
/// UBToGM非对齐数据搬运(DataCopyPad).md).
template <typename T>
void DataCopyPad(const LocalTensor<T> &dst, const GlobalTensor<T> &src,
                 const DataCopyExtParams &dataCopyParams,
                 const DataCopyPadExtParams<T> &padParams,
                 asc_run::Loc loc = asc_run::Loc::current()) {
  detail::copyPadIn(
      reinterpret_cast<uint8_t *>(dst.GetPhyAddr()),
      reinterpret_cast<const uint8_t *>(src.GetPhyAddr()), dataCopyParams,
      sizeof(T), padParams.isPad, padParams.leftPadding * sizeof(T),
      padParams.rightPadding * sizeof(T),
      reinterpret_cast<const uint8_t *>(&padParams.paddingValue), loc);
}
template <typename T>
void DataCopyPad(const GlobalTensor<T> &dst, const LocalTensor<T> &src,
                 const DataCopyExtParams &dataCopyParams,
                 asc_run::Loc loc = asc_run::Loc::current()) {
  detail::copyPadOut(reinterpret_cast<uint8_t *>(dst.GetPhyAddr()),
                     reinterpret_cast<const uint8_t *>(src.GetPhyAddr()),
                     dataCopyParams, sizeof(T), loc);
}

namespace detail {
/// InitGlobalMemory and its older name Fill (include/adv_api/utils/
/// init_global_memory.h; dav_c220's InitGlobalMemoryImpl in
/// impl/adv_api/detail/utils/init_global_memory/init_global_memory_v220_impl.h):
/// on a vector core, `size` elements of `value` from the tensor's start,
/// duplicated in the unified buffer and copied out by MTE3, which ends with
/// PipeBarrier<PIPE_MTE3>: the GM write is an MTE3 access that a later
/// read on another pipe must be ordered after. On the cube core CANN's
/// implementation returns at once, and so does asc-run's; in a launch of
/// cube cores alone, where no vector core fills it either, with a note (the
/// GM is left as it was).
template <typename T>
void initGlobalMemory(const char *name, GlobalTensor<T> &gm, uint64_t size,
                      T value, asc_run::Loc loc) {
  static_assert(std::is_same_v<T, uint16_t> || std::is_same_v<T, int16_t> ||
                    std::is_same_v<T, half> || std::is_same_v<T, float> ||
                    std::is_same_v<T, uint32_t> || std::is_same_v<T, int32_t>,
                "InitGlobalMemory/Fill supports uint16_t, int16_t, half, "
                "float, uint32_t and int32_t (init_global_memory.h)");
  if (g_coreType == AIC) {
    if (asc_run::state().vectorCores == 0)
      asc_run::note(std::string(name) + " at " + loc.str() +
                        " on a cube core leaves GM unchanged: CANN's Atlas "
                        "A2 implementation (InitGlobalMemoryImpl) returns on "
                        "the AIC",
                    /*evenWhenQuiet=*/true);
    return;
  }
  if (size == 0)
    return;
  asc_run::OnPipe onMte3(asc_run::PipeMte3);
  T *dst = const_cast<T *>(gm.GetPhyAddr());
  asc_run::checkWrite(name, loc, dst, size * sizeof(T));
  for (uint64_t i = 0; i < size; ++i)
    dst[i] = value;
  copyWork(dst, true, size * sizeof(T), 1);
}
} // namespace detail

template <typename T>
void InitGlobalMemory(GlobalTensor<T> &gmWorkspaceAddr, const uint64_t size,
                      const T value,
                      asc_run::Loc loc = asc_run::Loc::current()) {
  detail::initGlobalMemory("InitGlobalMemory", gmWorkspaceAddr, size, value,
                           loc);
}
template <typename T>
void Fill(GlobalTensor<T> &gmWorkspaceAddr, const uint64_t size, const T value,
          asc_run::Loc loc = asc_run::Loc::current()) {
  detail::initGlobalMemory("Fill", gmWorkspaceAddr, size, value, loc);
}

//===----------------------------------------------------------------------===//
// Vector instructions (computed in float for 16-bit types, like the unit)
//===----------------------------------------------------------------------===//

namespace detail {

template <typename T>
using Wide = std::conditional_t<std::is_integral_v<T>, T, float>;

/// Checks a vector instruction's operands, then applies `f` element-wise.
template <typename T, typename F>
void vectorOp(const char *name, asc_run::Loc loc, const LocalTensor<T> &dst,
              std::initializer_list<const LocalTensor<T> *> srcs, int32_t count,
              F f) {
  asc_run::OnPipe onVector(asc_run::PipeV);
  if (count < 0)
    asc_run::misuse(loc, std::string(name) + " with a negative count");
  uint64_t bytes = uint64_t(count) * sizeof(T);
  if (count > 0 && dst.GetSize() < static_cast<uint32_t>(count))
    asc_run::misuse(loc, std::string(name) + " of " + std::to_string(count) +
                             " elements into a tensor of " +
                             std::to_string(dst.GetSize()));
  for (const LocalTensor<T> *s : srcs) {
    if (count > 0 && s->GetSize() < static_cast<uint32_t>(count))
      asc_run::misuse(loc, std::string(name) + " of " + std::to_string(count) +
                               " elements from a tensor of " +
                               std::to_string(s->GetSize()));
    asc_run::checkRead(name, loc, s->GetPhyAddr(), bytes);
  }
  asc_run::checkWrite(name, loc, dst.GetPhyAddr(), bytes);
  for (int32_t i = 0; i < count; ++i)
    f(i);
  asc_run::state().trace.work(asc_run::PipeV, asc_run::Work::Vector,
                              double(bytes));
}

} // namespace detail

namespace detail {
/// A binary vector instruction: dst[i] = op(src0[i], src1[i]) in Wide<T>.
template <typename T, typename Op>
void binaryOp(const char *name, asc_run::Loc loc, const LocalTensor<T> &dst,
              const LocalTensor<T> &src0, const LocalTensor<T> &src1,
              int32_t count, Op op) {
  using W = Wide<T>;
  T *d = dst.GetPhyAddr();
  const T *a = src0.GetPhyAddr(), *b = src1.GetPhyAddr();
  vectorOp(name, loc, dst, {&src0, &src1}, count,
           [&](int32_t i) { d[i] = T(op(W(a[i]), W(b[i]))); });
}
} // namespace detail

#define ASC_RUN_BINARY_VECTOR_OP(NAME, EXPR)                                   \
  template <typename T, bool isSetMask = true>                                 \
  void NAME(const LocalTensor<T> &dstLocal, const LocalTensor<T> &src0Local,   \
            const LocalTensor<T> &src1Local, const int32_t &calCount,          \
            asc_run::Loc loc = asc_run::Loc::current()) {                      \
    detail::binaryOp(#NAME, loc, dstLocal, src0Local, src1Local, calCount,     \
                     [](auto x, auto y) { return EXPR; });                     \
  }
/// Add, Sub and Mul (include/basic_api/kernel_operator_vec_binary_intf.h),
/// element-wise in float for 16-bit types.
ASC_RUN_BINARY_VECTOR_OP(Add, x + y)
ASC_RUN_BINARY_VECTOR_OP(Sub, x - y)
ASC_RUN_BINARY_VECTOR_OP(Mul, x *y)
#undef ASC_RUN_BINARY_VECTOR_OP

/// Div: the element-wise quotient, of half and float tensors (CANN's vdiv
/// on Atlas A2).
template <typename T, bool isSetMask = true>
void Div(const LocalTensor<T> &dstLocal, const LocalTensor<T> &src0Local,
         const LocalTensor<T> &src1Local, const int32_t &calCount,
         asc_run::Loc loc = asc_run::Loc::current()) {
  static_assert(!std::is_integral_v<T>,
                "Div of integer tensors is not modelled by asc-run (CANN's "
                "vdiv takes half and float on Atlas A2)");
  detail::binaryOp("Div", loc, dstLocal, src0Local, src1Local, calCount,
                   [](auto x, auto y) { return x / y; });
}

/// `dst = src0 op src1` (LocalTensor's operators above).
template <typename T, SymbolOp op>
void applySymbolOverride(const LocalTensor<T> &dst,
                         const SymbolOverride<T, op> &e) {
  static constexpr const char *kNames[] = {
      "LocalTensor operator+ (Add)", "LocalTensor operator- (Sub)",
      "LocalTensor operator* (Mul)", "LocalTensor operator/ (Div)"};
  asc_run::Loc loc{kNames[int(op)], 0};
  int32_t count = static_cast<int32_t>(dst.GetSize());
  if constexpr (op == SymbolOp::Add)
    Add(dst, e.src0, e.src1, count, loc);
  else if constexpr (op == SymbolOp::Sub)
    Sub(dst, e.src0, e.src1, count, loc);
  else if constexpr (op == SymbolOp::Mul)
    Mul(dst, e.src0, e.src1, count, loc);
  else
    Div(dst, e.src0, e.src1, count, loc);
}

template <typename T, bool isSetMask = true>
void Adds(const LocalTensor<T> &dstLocal, const LocalTensor<T> &srcLocal,
          const T &scalarValue, const int32_t &calCount,
          asc_run::Loc loc = asc_run::Loc::current()) {
  using W = detail::Wide<T>;
  T *d = dstLocal.GetPhyAddr();
  const T *s = srcLocal.GetPhyAddr();
  W v = W(scalarValue);
  detail::vectorOp("Adds", loc, dstLocal, {&srcLocal}, calCount,
                   [&](int32_t i) { d[i] = T(W(s[i]) + v); });
}

template <typename T, bool isSetMask = true>
void Muls(const LocalTensor<T> &dstLocal, const LocalTensor<T> &srcLocal,
          const T &scalarValue, const int32_t &calCount,
          asc_run::Loc loc = asc_run::Loc::current()) {
  using W = detail::Wide<T>;
  T *d = dstLocal.GetPhyAddr();
  const T *s = srcLocal.GetPhyAddr();
  W v = W(scalarValue);
  detail::vectorOp("Muls", loc, dstLocal, {&srcLocal}, calCount,
                   [&](int32_t i) { d[i] = T(W(s[i]) * v); });
}

/// Exp(dst, src, calCount): dst[i] = e^src[i], of half and float tensors
/// (include/basic_api/kernel_operator_vec_unary_intf.h, "Exp"), computed in
/// float for half.
template <typename T, bool isSetMask = true>
void Exp(const LocalTensor<T> &dstLocal, const LocalTensor<T> &srcLocal,
         const int32_t &calCount, asc_run::Loc loc = asc_run::Loc::current()) {
  static_assert(!std::is_integral_v<T>,
                "Exp of integer tensors is not modelled by asc-run (CANN's "
                "vexp takes half and float)");
  using W = detail::Wide<T>;
  T *d = dstLocal.GetPhyAddr();
  const T *s = srcLocal.GetPhyAddr();
  detail::vectorOp("Exp", loc, dstLocal, {&srcLocal}, calCount,
                   [&](int32_t i) { d[i] = T(std::exp(W(s[i]))); });
}

template <typename T, bool isSetMask = true>
void LeakyRelu(const LocalTensor<T> &dstLocal, const LocalTensor<T> &srcLocal,
               const T &scalarValue, const int32_t &calCount,
               asc_run::Loc loc = asc_run::Loc::current()) {
  using W = detail::Wide<T>;
  T *d = dstLocal.GetPhyAddr();
  const T *s = srcLocal.GetPhyAddr();
  W alpha = W(scalarValue);
  detail::vectorOp("LeakyRelu", loc, dstLocal, {&srcLocal}, calCount,
                   [&](int32_t i) {
                     W x = W(s[i]);
                     d[i] = T(x >= W(0) ? x : x * alpha);
                   });
}

/// CANN's RoundMode (impl/basic_api/utils/kernel_utils_mode.h; Atlas A2's
/// values).
enum class RoundMode : uint8_t {
  CAST_NONE = 0,
  CAST_RINT,
  CAST_FLOOR,
  CAST_CEIL,
  CAST_ROUND,
  CAST_TRUNC,
  CAST_ODD,
};

namespace detail {

/// The conversions of Cast that asc-run models: the exact widenings (half
/// to float, int8_t and uint8_t to half, int16_t and int32_t to float, where
/// the value fits) with CAST_NONE, and float to half with CAST_NONE or
/// CAST_RINT (round to nearest, ties to even: "CAST_NONE ... 在转换有精度损失
/// 时表示CAST_RINT模式", Cast.md). Null when modelled, else what is not.
template <typename T, typename U>
constexpr const char *unmodelledCast(RoundMode mode) {
  if constexpr (std::is_same_v<U, ::int4b_t> || std::is_same_v<T, ::int4b_t>)
    return "int4b_t (two 4-bit values a byte)";
  else if constexpr (std::is_same_v<T, half> && std::is_same_v<U, float>)
    return mode == RoundMode::CAST_NONE || mode == RoundMode::CAST_RINT
               ? nullptr
               : "float to half other than CAST_NONE or CAST_RINT";
  else if constexpr ((std::is_same_v<T, float> && std::is_same_v<U, half>) ||
                     (std::is_same_v<T, half> &&
                      (std::is_same_v<U, int8_t> ||
                       std::is_same_v<U, uint8_t>)) ||
                     (std::is_same_v<T, float> && std::is_same_v<U, int16_t>))
    return mode == RoundMode::CAST_NONE ? nullptr
                                        : "a widening other than CAST_NONE";
  else
    return "this pair of types (asc-run models half <-> float, int8_t, "
           "uint8_t -> half, int16_t -> float)";
}

} // namespace detail

/// Cast<T, U>(dst, src, roundMode, calCount) (include/basic_api/
/// kernel_operator_vec_vconv_intf.h; Cast.md): calCount elements of src
/// converted to T. What asc-run does not model is refused by name (exit 4),
/// int4b_t among them.
template <typename T, typename U>
void Cast(const LocalTensor<T> &dstLocal, const LocalTensor<U> &srcLocal,
          const RoundMode &roundMode, const uint32_t calCount,
          asc_run::Loc loc = asc_run::Loc::current()) {
  if (const char *what = detail::unmodelledCast<T, U>(roundMode))
    asc_run::failRun(asc_run::kExitMisuse, "asc-run: error: " + loc.str() +
                                               ": Cast with " + what +
                                               ": not modelled by asc-run");
  if constexpr (detail::unmodelledCast<T, U>(RoundMode::CAST_NONE) == nullptr) {
    asc_run::OnPipe onVector(asc_run::PipeV);
    if (dstLocal.GetSize() < calCount || srcLocal.GetSize() < calCount)
      asc_run::misuse(loc, "Cast of " + std::to_string(calCount) +
                               " elements from a tensor of " +
                               std::to_string(srcLocal.GetSize()) +
                               " into one of " +
                               std::to_string(dstLocal.GetSize()));
    asc_run::checkRead("Cast", loc, srcLocal.GetPhyAddr(),
                       uint64_t(calCount) * sizeof(U));
    asc_run::checkWrite("Cast", loc, dstLocal.GetPhyAddr(),
                        uint64_t(calCount) * sizeof(T));
    T *d = dstLocal.GetPhyAddr();
    const U *src = srcLocal.GetPhyAddr();
    for (uint32_t i = 0; i < calCount; ++i)
      d[i] = T(float(src[i]));
    asc_run::state().trace.work(
        asc_run::PipeV, asc_run::Work::Vector,
        double(uint64_t(calCount) * std::max(sizeof(T), sizeof(U))));
  }
}

template <typename T>
void Duplicate(const LocalTensor<T> &dstLocal, const T &scalarValue,
               const int32_t &calCount,
               asc_run::Loc loc = asc_run::Loc::current()) {
  T *d = dstLocal.GetPhyAddr();
  T v = scalarValue;
  detail::vectorOp("Duplicate", loc, dstLocal, {}, calCount,
                   [&](int32_t i) { d[i] = v; });
}

//===----------------------------------------------------------------------===//
// Fixpipe: L0C (CO1) to GM
//===----------------------------------------------------------------------===//

/// The layouts Fixpipe writes (include/basic_api/kernel_struct_fixpipe.h):
/// NZ2NZ, NZ2ND (ROW_MAJOR) and, on Ascend 950 only, NZ2DN.
enum class CO2Layout : uint8_t { NZ = 0, ROW_MAJOR, COLUMN_MAJOR };
struct FixpipeConfig {
  CO2Layout format;
  constexpr FixpipeConfig(CO2Layout format_) : format(format_) {}
  constexpr FixpipeConfig(CO2Layout format_, bool) : format(format_) {}
};
constexpr FixpipeConfig CFG_NZ = {CO2Layout::NZ};
constexpr FixpipeConfig CFG_ROW_MAJOR = {CO2Layout::ROW_MAJOR};
constexpr FixpipeConfig CFG_COLUMN_MAJOR = {CO2Layout::COLUMN_MAJOR};

} // namespace AscendC

/// FIXPIPE's quantisation modes (a global enum in CANN's stub_def.h; the
/// names of the Fixpipe documentation).
enum QuantMode_t {
  NoQuant,
  F322F16,
  F322BF16,
  DEQF16,
  VDEQF16,
  QF322B8_PRE,
  VQF322B8_PRE,
  QF162B8_PRE,
  VQF162B8_PRE,
  REQ8,
  VREQ8,
};

namespace AscendC {

/// CANN's FixpipeParamsV220 (kernel_struct_fixpipe.h), field for field.
struct FixpipeParamsV220 {
  FixpipeParamsV220() {}
  FixpipeParamsV220(const uint16_t nSizeIn, const uint16_t mSizeIn,
                    const uint16_t srcStrideIn, const uint32_t dstStrideIn,
                    const bool reluEnIn)
      : nSize(nSizeIn), mSize(mSizeIn), srcStride(srcStrideIn),
        dstStride(dstStrideIn), reluEn(reluEnIn) {}
  uint16_t nSize = 0;
  uint16_t mSize = 0;
  uint16_t srcStride = 0;
  uint32_t dstStride = 0;
  QuantMode_t quantPre = QuantMode_t::NoQuant;
  uint64_t deqScalar = 0;
  uint16_t ndNum = 1;
  uint16_t srcNdStride = 0;
  uint16_t dstNdStride = 0;
  bool reluEn = false;
  uint8_t unitFlag = 0;
  bool isChannelSplit = false;
};

/// Fixpipe<T, U, config>(dst, src, params) from L0C to GM
/// (include/basic_api/kernel_operator_fixpipe_intf.h; "L0C到GM数据搬运
/// （Fixpipe）.md", FixpipeParamsV220): the mSize x nSize NZ matrix at src
/// (fractals of 16 x 16, srcStride rows of 16 elements between column
/// fractals) written row-major to dst with dstStride elements a row
/// (CFG_ROW_MAJOR, NZ2ND). asc-run models the plain conversion, T = U
/// (float or int32_t), one matrix; quantisation, ReLU, channel split,
/// ndNum other than 1 and CFG_NZ are refused by name. It runs on the cube
/// core like its Matmul's calls (the FIX pipe is the cube's one pipe here).
template <typename T, typename U, const FixpipeConfig &config = CFG_ROW_MAJOR>
void Fixpipe(const GlobalTensor<T> &dst, const LocalTensor<U> &src,
             const FixpipeParamsV220 &p,
             asc_run::Loc loc = asc_run::Loc::current()) {
  auto refuse = [&](const std::string &what) {
    asc_run::failRun(asc_run::kExitMisuse, "asc-run: error: " + loc.str() +
                                               ": Fixpipe with " + what +
                                               ": not modelled by asc-run");
  };
  if constexpr (config.format != CO2Layout::ROW_MAJOR)
    refuse("a FixpipeConfig other than CFG_ROW_MAJOR (NZ2ND)");
  if constexpr (!std::is_same_v<T, U> ||
                !(std::is_same_v<U, float> || std::is_same_v<U, int32_t>))
    refuse("a destination type other than the L0C type (float or int32_t)");
  if (p.quantPre != QuantMode_t::NoQuant)
    refuse("FixpipeParamsV220::quantPre other than NoQuant");
  if (p.reluEn)
    refuse("FixpipeParamsV220::reluEn");
  if (p.isChannelSplit)
    refuse("FixpipeParamsV220::isChannelSplit");
  if (p.ndNum != 1)
    refuse("FixpipeParamsV220::ndNum other than 1");
  if (src.GetPosition() != int32_t(TPosition::CO1))
    asc_run::misuse(loc, "Fixpipe from a tensor not in L0C (TPosition::CO1)");
  if (p.mSize == 0 || p.nSize == 0)
    return; // a NOP, as the documentation says
  if (p.nSize % 16 != 0)
    asc_run::misuse(loc, "Fixpipe with nSize " + std::to_string(p.nSize) +
                             ": FixpipeParamsV220::nSize must be a multiple "
                             "of 16");
  if (p.srcStride < (p.mSize + 15) / 16 * 16 || p.dstStride < p.nSize)
    asc_run::misuse(loc, "Fixpipe with srcStride " +
                             std::to_string(p.srcStride) + " and dstStride " +
                             std::to_string(p.dstStride) +
                             ": srcStride holds mSize rounded up to 16 "
                             "rows, dstStride at least nSize elements");
  uint64_t fractals = p.nSize / 16;
  if (uint64_t(src.GetSize()) <
      (fractals - 1) * p.srcStride * 16 + uint64_t(p.mSize) * 16)
    asc_run::misuse(loc, "Fixpipe reads past the end of its L0C tensor");
  asc_run::InlineCube inlineCube(true);
  const U *s = src.GetPhyAddr();
  T *d = const_cast<T *>(dst.GetPhyAddr());
  asc_run::Footprint reads, writes;
  for (uint64_t f = 0; f < fractals; ++f)
    reads.add(s + f * p.srcStride * 16, uint64_t(p.mSize) * 16 * sizeof(U),
              "CO1");
  writes.addRows(d, p.mSize, uint64_t(p.nSize) * sizeof(T),
                 uint64_t(p.dstStride) * sizeof(T), "C");
  asc_run::checkAccess("Fixpipe", loc, reads, false);
  asc_run::checkAccess("Fixpipe", loc, writes, true);
  for (uint64_t m = 0; m < p.mSize; ++m)
    for (uint64_t n = 0; n < p.nSize; ++n)
      d[m * p.dstStride + n] =
          T(s[(n / 16) * p.srcStride * 16 + m * 16 + n % 16]);
}

namespace Impl {
/// The Matmul's queue depth (impl/adv_api/detail/matmul/utils/
/// matmul_config_utils.h), which kernels use for their own CO1 queues.
constexpr int32_t QUEUE_DEPTH = 1;
} // namespace Impl

} // namespace AscendC

/// The system workspace (global scope, as in CANN): asc-run's launcher
/// provides it per launch.
inline GM_ADDR GetSysWorkSpacePtr() { return asc_run::sysWorkspace(); }

/// GetTPipePtr() (global scope, include/basic_api/kernel_common.h): the
/// TPipe the core's kernel constructed, which CANN keeps in a global its
/// constructor sets.
inline AscendC::TPipe *GetTPipePtr(asc_run::Loc loc = asc_run::Loc::current()) {
  AscendC::TPipe *pipe = AscendC::detail::localBases().pipe;
  if (!pipe)
    asc_run::misuse(loc, "GetTPipePtr() before the kernel constructed a "
                         "TPipe");
  return pipe;
}

// The FFTS intrinsics of c220 (asc_run/ffts.h): the control block's base,
// a counted cross-core flag set once `pipe` is done (config is CANN's
// GetffstMsg(mode, flagId)), and the wait for one.
inline void set_ffts_base_addr(uint64_t config,
                               asc_run::Loc loc = asc_run::Loc::current()) {
  asc_run::fftsSetBase(config, loc);
}
inline void ffts_cross_core_sync(pipe_t pipe, uint64_t config,
                                 asc_run::Loc loc = asc_run::Loc::current()) {
  asc_run::fftsSet(g_coreType == AscendC::AIC, int(pipe), config, loc);
}
inline void wait_flag_dev(int64_t flagId,
                          asc_run::Loc loc = asc_run::Loc::current()) {
  asc_run::fftsWait(g_coreType == AscendC::AIC, flagId, loc);
}

namespace AscendC {

/// CANN's GetffstMsg(mode, flagId): the config word of a cross-core flag.
constexpr uint64_t GetffstMsg(uint64_t mode, uint64_t flagId) {
  return 1u | (mode << 4) | (flagId << 8);
}

/// CrossCoreSetFlag<mode, pipe>(id): sets flag `id` once the current core's
/// `pipe` has done what it was given (kernel_operator_block_sync_intf.h;
/// asc_run/ffts.h for the modes asc-run models).
template <uint8_t modeId, pipe_t pipe>
inline void CrossCoreSetFlag(uint16_t flagId,
                             asc_run::Loc loc = asc_run::Loc::current()) {
  asc_run::fftsSet(g_coreType == AIC, int(pipe), GetffstMsg(modeId, flagId),
                   loc, "CrossCoreSetFlag<" + std::to_string(modeId) + ">");
}

/// CrossCoreWaitFlag(id): every later instruction of the current core
/// waits until flag `id` is set, and takes it.
template <uint8_t modeId = 0, pipe_t pipe = PIPE_S>
inline void CrossCoreWaitFlag(uint16_t flagId,
                              asc_run::Loc loc = asc_run::Loc::current()) {
  asc_run::fftsWait(g_coreType == AIC, flagId, loc, "CrossCoreWaitFlag");
}

/// SyncAll<isAIVOnly>(): a barrier of every vector core of the launch (with
/// false, of every core); the soft form with a GM workspace is refused by
/// name.
template <bool isAIVOnly = true>
inline void SyncAll(asc_run::Loc loc = asc_run::Loc::current()) {
  asc_run::syncAll(isAIVOnly, loc);
}
template <bool isAIVOnly = true, class G, class L>
inline void SyncAll(const G &, const L &, int32_t = 0,
                    asc_run::Loc loc = asc_run::Loc::current()) {
  asc_run::misuse(loc, "SyncAll(gmWorkspace, ubWorkspace, usedCores), the "
                       "software barrier, is not modelled by asc-run; the "
                       "hardware SyncAll<isAIVOnly>() is");
}

/// GetSubBlockIdx(): the vector core's index in its group (0 on the cube
/// core).
inline int64_t GetSubBlockIdx() { return asc_run::state().subBlock; }

/// GetTaskRation(): the launch's vector cores per cube core, 1 on the cube
/// core (dav_c220's GetTaskRationImpl; sub_block_num above).
inline int64_t GetTaskRation() { return ::sub_block_num; }

/// InitSocState(): resets the core's atomic mode and vector mask (CANN's
/// AscendCUtils::InitSocStateImpl, impl/basic_api/kernel_utils_base.h:
/// set_atomic_none, set_mask_norm and a full mask on the vector core,
/// set_l1_3d_size and set_padding on the cube core). asc-run models none of
/// that state: every copy is a plain store and every vector instruction
/// takes its count, the state InitSocState sets, so the call does nothing.
inline void InitSocState() {}

} // namespace AscendC

// The advanced-API vector calls (FasterGelu, AscendDequant, BroadCast), over
// the LocalTensor and the vector unit above.
#include "asc_run/adv_vector.h"

// On the device the core checks are `constexpr(g_coreType == AIC)`, which
// only fits right after `if` (`if ASCEND_IS_AIC {`); CANN's CPU-debug build
// (ASCENDC_CPU_DEBUG) makes them plain comparisons. asc-run keeps the
// device's rule unless ASCENDC_CPU_DEBUG is defined: the check is an `if`
// condition with an init-statement, so a kernel that uses it as a value
// does not compile here either.
#ifdef ASCENDC_CPU_DEBUG
#define ASCEND_IS_AIV (g_coreType == AscendC::AIV)
#define ASCEND_IS_AIC (g_coreType == AscendC::AIC)
#define ASCEND_IS_NOT_AIV (g_coreType != AscendC::AIV)
#define ASCEND_IS_NOT_AIC (g_coreType != AscendC::AIC)
#else
#define ASCEND_IS_AIV                                                          \
  (const bool ascRunIsAiv = g_coreType == AscendC::AIV; ascRunIsAiv)
#define ASCEND_IS_AIC                                                          \
  (const bool ascRunIsAic = g_coreType == AscendC::AIC; ascRunIsAic)
#define ASCEND_IS_NOT_AIV                                                      \
  (const bool ascRunIsNotAiv = g_coreType != AscendC::AIV; ascRunIsNotAiv)
#define ASCEND_IS_NOT_AIC                                                      \
  (const bool ascRunIsNotAic = g_coreType != AscendC::AIC; ascRunIsNotAic)
#endif

#endif // ASC_RUN_KERNEL_OPERATOR_H
