//===- DeviceSplit.h - the device pass of a single-source .asc --*- C++ -*-===//
//
// bisheng compiles a single-source .asc twice: a host pass and a device pass.
// asc-run runs the device pass's code on the CPU, so it needs what that pass
// keeps: the kernels, the __aicore__ functions, classes, templates and
// declarations, without the host's function bodies (its tiling, main with its
// <<<...>>> launch) and the host-only headers it cannot find (acl/acl.h,
// tiling/tiling_api.h). Clang's parse of the file decides which is which.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_RUNNER_DEVICESPLIT_H
#define LIB_RUNNER_DEVICESPLIT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace mlir::asc::runner {

/// What the parse of a .asc found.
struct DeviceSplit {
  /// The source with the host parts blanked (spaces for every character but
  /// the newlines, so that lines keep their numbers).
  std::string devicePart;
  /// "line N: NAME (host function)", "line N: #include "X" (a host header,
  /// not found)", ... for each blanked part, in source order (--emit-cpp's
  /// comments).
  std::vector<std::string> blanked;
};

/// Parses `source` (the contents of the .asc at `path`) with Clang as the
/// device pass sees it (`__NPU_ARCH__` 2201, the runtime's headers in
/// `runtimeDir`, the user's `flags`: -D, -U, -I, -iquote, -isystem,
/// -include, -std) and blanks the host parts: every function definition at
/// namespace scope of the file that is neither `__global__` nor `__aicore__`
/// nor constexpr (which the device may evaluate), each namespace-scope
/// declaration that does not parse without the host's headers, and each
/// include of one of CANN's host headers (acl/, tiling/, ...) that is not
/// found; another missing header is left for the compile to name. Class
/// members are kept (the device pass compiles only what its kernels use).
DeviceSplit splitDevicePart(llvm::StringRef source, llvm::StringRef path,
                            llvm::StringRef runtimeDir,
                            llvm::ArrayRef<std::string> flags);

} // namespace mlir::asc::runner

#endif // LIB_RUNNER_DEVICESPLIT_H
