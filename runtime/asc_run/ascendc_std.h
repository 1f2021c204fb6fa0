//===- ascendc_std.h - AscendC::Std, CANN's std subset -----------*- C++
//-*-===//
//
// CANN's kernel-side copy of a few standard library templates
// (include/utils/std/tuple.h, utility.h): tuple, tuple_size,
// tuple_element, make_tuple, tie and get; index_sequence,
// make_index_sequence, declval, forward and move. They behave as their
// std namesakes, which asc-run's host build has, so here they are those.
// Coord and MakeCoord (impl/basic_api/kernel_operator_coord.h) are tuples
// of those, and so are a flat Layout's Shape and Stride
// (impl/basic_api/kernel_operator_layout.h). The branch hints likely/unlikely
// are CANN's (impl/basic_api/utils/kernel_utils_macros.h).
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_ASCENDC_STD_H
#define ASC_RUN_ASCENDC_STD_H

#include <cstddef>
#include <tuple>
#include <type_traits>
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

/// Shape, Stride, MakeShape, MakeStride, MakeLayout and a layout's
/// coordinate to index (impl/basic_api/kernel_operator_layout.h: Layout's
/// operator()(coord) is Crd2Idx(coord, shape, stride)), for flat shapes:
/// the index is the sum of each coordinate times its stride. A nested
/// (hierarchical) shape does not compile here.
template <typename... Shapes> using Shape = Std::tuple<Shapes...>;
template <typename... Strides> using Stride = Std::tuple<Strides...>;
template <typename... Ts> constexpr Shape<Ts...> MakeShape(const Ts &...t) {
  return {t...};
}
template <typename... Ts> constexpr Stride<Ts...> MakeStride(const Ts &...t) {
  return {t...};
}
namespace detail {
template <typename T> struct IsTuple : std::false_type {};
template <typename... Ts> struct IsTuple<std::tuple<Ts...>> : std::true_type {};
} // namespace detail
template <typename T, typename U> struct Layout {
  static_assert(std::tuple_size_v<T> == std::tuple_size_v<U>,
                "a Layout's shape and stride have the same rank");
  constexpr Layout(const T &shape = {}, const U &stride = {})
      : shape_(shape), stride_(stride) {}
  constexpr const T &GetShape() const { return shape_; }
  constexpr const U &GetStride() const { return stride_; }
  template <typename S> constexpr auto operator()(const S &coord) const {
    static_assert(std::tuple_size_v<S> == std::tuple_size_v<T>,
                  "a coordinate of the layout's rank");
    return index(coord, std::make_index_sequence<std::tuple_size_v<T>>{});
  }

private:
  template <typename S, std::size_t... I>
  constexpr auto index(const S &coord, std::index_sequence<I...>) const {
    static_assert(!(detail::IsTuple<std::tuple_element_t<I, T>>::value || ...),
                  "a nested (hierarchical) Layout is not modelled by asc-run");
    return ((std::get<I>(coord) * std::get<I>(stride_)) + ...);
  }
  T shape_;
  U stride_;
};
template <typename T, typename U>
constexpr Layout<T, U> MakeLayout(const T &shape, const U &stride) {
  return Layout<T, U>(shape, stride);
}
} // namespace AscendC

#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#endif
#ifndef unlikely
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif

#endif // ASC_RUN_ASCENDC_STD_H
