//===- AnalysisArena.cpp - Memory for an analysis' tables -----------------===//

#include "asc/Dialect/Asc/Analysis/AnalysisArena.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MemAlloc.h"

#if defined(__linux__)
#include <sys/mman.h>
#endif

using namespace mlir::asc;

/// `size` rounded up to whole huge pages.
static size_t roundToHugePages(size_t size) {
  size_t page = AnalysisArena::kHugePageSize;
  return (size + page - 1) / page * page;
}

#if defined(__linux__)
/// A mapping of `length` bytes (whole huge pages) at a huge-page boundary,
/// advised for huge pages; null when the system refuses the mapping.
static void *mapHugePageAligned(size_t length) {
  size_t page = AnalysisArena::kHugePageSize;
  // One huge page more than needed, trimmed to an aligned range: a huge
  // page backs only an aligned 2 MiB of a mapping.
  size_t mapped = length + page;
  void *raw = mmap(nullptr, mapped, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED)
    return nullptr;
  auto start = reinterpret_cast<uintptr_t>(raw);
  uintptr_t aligned = (start + page - 1) & ~uintptr_t(page - 1);
  if (aligned != start)
    munmap(raw, aligned - start);
  if (uintptr_t tail = start + mapped - (aligned + length))
    munmap(reinterpret_cast<void *>(aligned + length), tail);
  // Advice only: without transparent huge pages the slab is an ordinary
  // mapping.
  madvise(reinterpret_cast<void *>(aligned), length, MADV_HUGEPAGE);
  return reinterpret_cast<void *>(aligned);
}
#endif

void *AnalysisArena::allocateInNewSlab(size_t size, size_t alignment) {
  Slab slab{nullptr, 0, false};
  if (slabs.empty() && size + alignment <= kFirstSlabSize) {
    slab = {llvm::safe_malloc(kFirstSlabSize), kFirstSlabSize, false};
  } else {
    slab.size = roundToHugePages(size + alignment);
#if defined(__linux__)
    slab.begin = mapHugePageAligned(slab.size);
    slab.mapped = slab.begin != nullptr;
#endif
    if (!slab.begin)
      slab.begin = llvm::safe_malloc(slab.size);
  }
  slabs.push_back(slab);
  cursor = reinterpret_cast<uintptr_t>(slab.begin);
  end = cursor + slab.size;
  return Allocate(size, alignment);
}

AnalysisArena::~AnalysisArena() {
  for (const Slab &slab : slabs) {
#if defined(__linux__)
    if (slab.mapped) {
      munmap(slab.begin, slab.size);
      continue;
    }
#endif
    free(slab.begin);
  }
}
