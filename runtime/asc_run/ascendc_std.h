//===- ascendc_std.h - AscendC::Std, CANN's std subset -----------*- C++
//-*-===//
//
// CANN's kernel-side copy of a few standard library templates
// (include/utils/std/tuple.h, utility.h): tuple, tuple_size,
// tuple_element, make_tuple, tie and get; index_sequence,
// make_index_sequence, declval, forward and move. They behave as their
// std namesakes, which asc-run's host build has, so here they are those.
// Coord and MakeCoord (impl/basic_api/kernel_operator_coord.h) are tuples
// of those. The branch hints likely/unlikely are CANN's
// (impl/basic_api/utils/kernel_utils_macros.h).
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_ASCENDC_STD_H
#define ASC_RUN_ASCENDC_STD_H

#include <tuple>
#include <utility>

namespace AscendC {
namespace Std {
using std::declval;
using std::forward;
using std::get;
using std::index_sequence;
using std::make_index_sequence;
using std::make_tuple;
using std::move;
using std::tie;
using std::tuple;
using std::tuple_element;
using std::tuple_size;
using std::tuple_size_v;
} // namespace Std

template <typename... Coords> using Coord = Std::tuple<Coords...>;

template <typename... Ts> constexpr Coord<Ts...> MakeCoord(Ts const &...t) {
  return {t...};
}
} // namespace AscendC

#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#endif
#ifndef unlikely
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif

#endif // ASC_RUN_ASCENDC_STD_H
