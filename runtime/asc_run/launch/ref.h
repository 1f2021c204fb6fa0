//===- ref.h - what a reference sees of a launch ----------------*- C++ -*-===//
//
// A kernel's reference (`<kernel>.ref.cpp` beside the launch file) is a
// function `void ascRunReference(asc_run::Ref &ref)` that computes the
// expected value of every output from the inputs and the tilings, in plain
// loops, independent of the runtime's Matmul emulation.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_REF_H
#define ASC_RUN_REF_H

#include "asc_run/numeric.h"
#include "kernel_tiling/kernel_tiling.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace asc_run {

class Ref {
public:
  /// A kernel argument: its bytes as launched, and the expected bytes.
  struct Arg {
    std::string name, role, type;
    uint64_t count = 0;
    std::vector<uint8_t> data;
    std::vector<uint8_t> expected;
  };

  Ref(std::vector<Arg> &args, int64_t blocks) : args_(args), blocks_(blocks) {}

  /// The launched contents of argument `name`, as T.
  template <typename T> const T *input(const char *name) const {
    return reinterpret_cast<const T *>(find(name, sizeof(T)).data.data());
  }
  /// The expected contents of argument `name` (starts as launched).
  template <typename T> T *expect(const char *name) {
    return reinterpret_cast<T *>(find(name, sizeof(T)).expected.data());
  }
  /// The TCubeTiling at byte `offset` of argument `name`.
  TCubeTiling tiling(const char *name, size_t offset = 0) const {
    const Arg &a = find(name, 1);
    TCubeTiling t;
    if (offset + sizeof t > a.data.size())
      fail(std::string("no TCubeTiling at offset ") + std::to_string(offset) +
           " of '" + name + "'");
    std::memcpy(&t, a.data.data() + offset, sizeof t);
    return t;
  }
  int64_t blocks() const { return blocks_; }
  /// Whether the launch has an argument `name`.
  bool has(const char *name) const {
    for (const Arg &a : args_)
      if (a.name == name)
        return true;
    return false;
  }
  /// The number of elements of argument `name`.
  uint64_t count(const char *name) const { return find(name, 1).count; }

private:
  [[noreturn]] static void fail(const std::string &message) {
    std::fprintf(stderr, "asc-run: error: reference: %s\n", message.c_str());
    std::exit(2);
  }
  const Arg &find(const char *name, size_t elementSize) const {
    for (const Arg &a : args_)
      if (a.name == name) {
        if (elementSize != 1 && a.data.size() != a.count * elementSize)
          fail("argument '" + std::string(name) + "' is " + a.type +
               ", not an element of " + std::to_string(elementSize) + " bytes");
        return a;
      }
    fail("the launch has no argument '" + std::string(name) + "'");
  }
  Arg &find(const char *name, size_t elementSize) {
    return const_cast<Arg &>(
        static_cast<const Ref *>(this)->find(name, elementSize));
  }

  std::vector<Arg> &args_;
  int64_t blocks_;
};

/// Row m of A times column n of B in double: A is row-major with `lda`
/// elements a row; B row-major with `ldb` (K x N), or, when `bTransposed`,
/// N x K with `ldb` elements a row.
template <typename TA, typename TB>
double refDot(const TA *a, const TB *b, int m, int n, int k, int lda, int ldb,
              bool bTransposed = false) {
  double acc = 0;
  for (int i = 0; i < k; ++i)
    acc += double(float(a[int64_t(m) * lda + i])) *
           double(float(bTransposed ? b[int64_t(n) * ldb + i]
                                    : b[int64_t(i) * ldb + n]));
  return acc;
}

} // namespace asc_run

#endif // ASC_RUN_REF_H
