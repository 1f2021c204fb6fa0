//===- Run.cpp - the job file and the run of a compiled kernel ------------===//
//
// Writes the job the compiled kernel's launcher reads (one directive per
// line, the keys of runtime/asc_run/launch/job_keys.def: the launch with the
// command line's overrides) and runs the kernel on it; the kernel prints the
// report and its exit code is the run's.
//
//===----------------------------------------------------------------------===//

#include "Runner.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>

using namespace mlir;
using namespace mlir::asc::runner;

/// The spelling of each job key, as the launcher reads it.
static StringRef getJobKeySpelling(JobKey key) {
  switch (key) {
#define ASC_RUN_JOB_KEY(ID, SPELLING, OPERANDS)                                \
  case JobKey::ID:                                                             \
    return SPELLING;
#include "asc_run/launch/job_keys.def"
  }
  llvm_unreachable("a job key outside job_keys.def");
}

std::string mlir::asc::runner::jobLine(JobKey key,
                                       const llvm::Twine &operands) {
  std::string text = operands.str();
  return (getJobKeySpelling(key) + (text.empty() ? "" : " ") + text + "\n")
      .str();
}

/// The job file the launcher reads (runtime/asc_run/launch/job.h).
static std::string makeJob(const Launch &launch, const RunOptions &options) {
  std::string job = jobLine(JobKey::Kernel, launch.kernel);
  job += jobLine(
      JobKey::Blocks,
      std::to_string(options.blocks > 0 ? options.blocks : launch.blocks));
  job += jobLine(
      JobKey::Seed,
      std::to_string(options.seed >= 0 ? uint64_t(options.seed) : launch.seed));
  job += jobLine(JobKey::Format, options.json ? "json" : "text");
  job += jobLine(JobKey::Tolerance,
                 llvm::formatv("{0:e} {1:e}", launch.rtol, launch.atol).str());
  if (launch.aicOnly)
    job += jobLine(JobKey::KernelType, "aic_only");
  job += jobLine(JobKey::MixRatio, std::to_string(launch.mixRatio));
  for (const std::string &c : options.costOverrides) {
    size_t eq = c.find('=');
    std::optional<double> value;
    double parsed;
    if (eq != std::string::npos &&
        !StringRef(c).substr(eq + 1).getAsDouble(parsed))
      value = parsed;
    if (eq == 0 || !value || c.find_first_of(" \t\n") != std::string::npos)
      fatal("--cost takes name=value (a number), not '" + c + "'");
    char text[40];
    std::snprintf(text, sizeof text, "%.17g", *value);
    job += jobLine(JobKey::Cost, c.substr(0, eq) + " " + text);
  }
  if (options.costSweep)
    job += jobLine(JobKey::CostSweep);
  if (!options.dumpOutputs.empty()) {
    std::string dir = absolutePath(options.dumpOutputs);
    if (std::error_code ec = llvm::sys::fs::create_directories(dir))
      fatal("cannot create '" + dir + "': " + ec.message());
    if (dir.find_first_of(" \t\n") != std::string::npos)
      fatal("--dump-outputs takes a directory without spaces, not '" + dir +
            "'");
    job += jobLine(JobKey::Dump, dir);
  }
  for (const LaunchArg &a : launch.args)
    job += jobLine(JobKey::Arg, a.name + " " + a.role + " " + a.type + " " +
                                    std::to_string(a.count) + " " + a.init);
  for (const LaunchArg &a : launch.args)
    if (a.role == "scalar")
      job += jobLine(JobKey::Scalar, a.name + " " + a.value);
  for (const LaunchArg &a : launch.args)
    for (const auto &t : a.tilings)
      job += jobLine(JobKey::Tiling,
                     a.name + " " + std::to_string(t.first) + t.second);
  return job;
}

int mlir::asc::runner::runLaunch(StringRef binary, const Launch &launch,
                                 StringRef jobExtra,
                                 const RunOptions &options) {
  SmallString<256> jobPath;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("asc-run-job", "txt", jobPath))
    fatal("cannot create a job file: " + ec.message());
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(jobPath, ec);
    if (ec)
      fatal("cannot write the job file: " + ec.message());
    os << makeJob(launch, options) << jobExtra;
  }
  llvm::outs().flush();
  llvm::errs().flush();
  std::vector<StringRef> argv = {binary, jobPath};
  std::string message;
  bool failedToRun = false;
  int rc = llvm::sys::ExecuteAndWait(binary, argv, std::nullopt, {}, 0, 0,
                                     &message, &failedToRun);
  llvm::sys::fs::remove(jobPath);
  if (failedToRun || rc < 0)
    fatal("kernel '" + launch.kernel + "' crashed" +
          (message.empty() ? "" : ": " + message));
  return rc;
}
