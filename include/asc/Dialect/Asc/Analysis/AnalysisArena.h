//===- AnalysisArena.h - Memory for an analysis' tables ---------*- C++ -*-===//
//
// The arena behind the tables the protocol analyses keep per function (the
// states before Matmul operations, the interned object states, the issues'
// footprints). Those tables grow with the function, and on a large one the
// first touch of their memory, a page fault per 4 KiB, cost as much as the
// work stored there (10 us a fault on a virtual machine of the CI pool,
// where the placement ran at 1.3x parse+verify+print for want of it).
//
// The first slab is small and comes from malloc, so that a small function
// costs little; every later one is 2 MiB or more, mapped on its own and
// advised for transparent huge pages: one fault per 2 MiB where the kernel
// allows it, an ordinary mapping where it does not. Everything is freed
// with the arena; nothing is destroyed one by one.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_ANALYSIS_ANALYSISARENA_H
#define ASC_DIALECT_ASC_ANALYSIS_ANALYSISARENA_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/AllocatorBase.h"
#include <cstddef>

namespace mlir::asc {

class AnalysisArena : public llvm::AllocatorBase<AnalysisArena> {
public:
  AnalysisArena() = default;
  AnalysisArena(const AnalysisArena &) = delete;
  AnalysisArena &operator=(const AnalysisArena &) = delete;
  ~AnalysisArena();

  LLVM_ATTRIBUTE_RETURNS_NONNULL void *Allocate(size_t size, size_t alignment) {
    uintptr_t aligned = (cursor + alignment - 1) & ~uintptr_t(alignment - 1);
    if (cursor && aligned + size <= end) {
      cursor = aligned + size;
      return reinterpret_cast<void *>(aligned);
    }
    return allocateInNewSlab(size, alignment);
  }
  using AllocatorBase<AnalysisArena>::Allocate;

  /// Memory goes back with the arena only.
  void Deallocate(const void *, size_t, size_t) {}
  using AllocatorBase<AnalysisArena>::Deallocate;

  /// The size of the first slab, and of the huge pages of the others.
  static constexpr size_t kFirstSlabSize = size_t(64) << 10;
  static constexpr size_t kHugePageSize = size_t(2) << 20;

private:
  void *allocateInNewSlab(size_t size, size_t alignment);

  struct Slab {
    void *begin;
    size_t size;
    /// Mapped on its own (else from malloc).
    bool mapped;
  };
  llvm::SmallVector<Slab, 4> slabs;
  uintptr_t cursor = 0, end = 0;
};

} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_ANALYSIS_ANALYSISARENA_H
