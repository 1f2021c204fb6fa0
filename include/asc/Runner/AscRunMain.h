//===- AscRunMain.h - asc-run as a library ----------------------*- C++ -*-===//
//
// asc-run's command line, launch files, lowering, kernel build, compile
// cache and run, in lib/Runner; the tool (tools/asc-run) is a main that
// calls ascRunMain, as upstream's mlir-runner calls JitRunnerMain.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUNNER_ASCRUNMAIN_H
#define ASC_RUNNER_ASCRUNMAIN_H

namespace mlir {
class DialectRegistry;

namespace asc {

/// Parses asc-run's command line (docs/Runtime.md), lowers the kernel in a
/// context of `registry`'s dialects (or takes the --cpp file), compiles and
/// runs every launch of the launch file and prints each report. Returns the
/// worst exit code: 0 ok, 1 wrong result, 2 bad input or a C++ that does not
/// compile, 3 race or protocol violation, 4 misuse of the Ascend C API.
int ascRunMain(int argc, char **argv, const DialectRegistry &registry);

} // namespace asc
} // namespace mlir

#endif // ASC_RUNNER_ASCRUNMAIN_H
