//===- matmul_intf.h - Ascend C Matmul API on the CPU -----------*- C++ -*-===//
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
// This header is the API kernels include: MatmulType, the Matmul,
// MatmulImpl and MatmulClient aliases and REGIST_MATMUL_OBJ. The model
// behind them is in asc_run/matmul/: config.h (MatmulConfig), layout.h and
// arithmetic.h, message.h and protocol.h (the client's message and the
// handshake's checker), model.h (the Matmul object) and the job headers
// that define its larger members (handshake.h, cube.h, iterate.h,
// batch.h).
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_LIB_MATMUL_INTF_H
#define ASC_RUN_LIB_MATMUL_INTF_H

#include "asc_run/matmul/config.h"
#include "asc_run/matmul/model.h"

#include "asc_run/matmul/batch.h"
#include "asc_run/matmul/cube.h"
#include "asc_run/matmul/handshake.h"
#include "asc_run/matmul/iterate.h"

#undef ASC_RUN_MATMUL_MEMBER
#undef ASC_RUN_MATMUL

#include "kernel_operator.h"
#include "kernel_tiling/kernel_tiling.h"

#include <tuple>
#include <type_traits>
#include <utility>

namespace AscendC {

/// The element type of L0C for an A of type T on Atlas A2 (GetMmDstType,
/// impl/adv_api/detail/matmul/utils/matmul_utils.h and mx_matmul_utils.h
/// for __NPU_ARCH__ 2201): float for half, bfloat16 and float, int32 for
/// int8 and int4; T itself otherwise.
template <typename T> struct GetMmDstType { using Type = T; };
template <> struct GetMmDstType<half> { using Type = float; };
template <> struct GetMmDstType<bfloat16_t> { using Type = float; };
template <> struct GetMmDstType<int8_t> { using Type = int32_t; };
template <> struct GetMmDstType<::int4b_t> { using Type = int32_t; };

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

/// CANN's SparseMatmulType (impl/adv_api/detail/matmul/utils/
/// matmul_type_def.h): a MatmulType with the index matrix's position, for a
/// 4:2 structured sparse B. asc-run refuses a Matmul with one by name.
template <TPosition POSITION, TPosition INDEX_POSITION, CubeFormat FORMAT,
          typename TYPE, bool ISTRANS = false,
          LayoutMode LAYOUT = LayoutMode::NONE, bool IBSHARE = false>
struct SparseMatmulType
    : public MatmulType<POSITION, FORMAT, TYPE, ISTRANS, LAYOUT, IBSHARE> {
  constexpr static TPosition indexPosition = INDEX_POSITION;
};

/// The Matmul's template parameters as CANN's (include/adv_api/matmul/
/// matmul.h), with the callbacks and the policy of asc_run/matmul/policy.h.
#define ASC_RUN_MATMUL_PARAMS                                                  \
  class A_TYPE, class B_TYPE, class C_TYPE,                                    \
      class BIAS_TYPE = C_TYPE, const auto &MM_CFG = CFG_NORM,                 \
            class MM_CB = MatmulCallBackFunc<>,                                \
            ASC_RUN_MATMUL_POLICY_PARAM MATMUL_POLICY =                        \
                Impl::Detail::MatmulPolicy
template <ASC_RUN_MATMUL_PARAMS>
using MatmulImpl = MatmulModel<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, true,
                               MM_CB, MATMUL_POLICY>;
template <ASC_RUN_MATMUL_PARAMS>
using MatmulClient = MatmulModel<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG,
                                 false, MM_CB, MATMUL_POLICY>;

#ifdef ASCENDC_CUBE_ONLY
template <ASC_RUN_MATMUL_PARAMS>
using Matmul =
    MatmulImpl<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, MM_CB, MATMUL_POLICY>;
#else
template <ASC_RUN_MATMUL_PARAMS>
using Matmul = MatmulClient<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, MM_CB,
                            MATMUL_POLICY>;
#endif
#undef ASC_RUN_MATMUL_PARAMS

namespace detail {

template <class T> struct IsMatmul : std::false_type {};
template <class A, class B, class C, class Bias, const auto &Cfg, bool Side,
          class Cb, ASC_RUN_MATMUL_POLICY_PARAM Policy>
struct IsMatmul<MatmulModel<A, B, C, Bias, Cfg, Side, Cb, Policy>>
    : std::true_type {};

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
/// it waits until a vector core of its group registered the objects it
/// serves (the vector cores run as coroutines, launch/cores.h), and hangs
/// (reported) when none ever does.
inline void serveCube(asc_run::Loc loc) {
  asc_run::waitForOtherCores(
      [] { return asc_run::state().registeredObjects != 0; },
      loc.str() +
          ": the cube core's Matmul server waits for a vector core that "
          "never registers a Matmul object; a kernel that runs on the cube "
          "core alone needs #define ASCENDC_CUBE_ONLY before "
          "lib/matmul_intf.h",
      /*secondary=*/true);
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
