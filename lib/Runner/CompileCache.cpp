//===- CompileCache.cpp - asc-run's compiled kernels, cached --------------===//
//
// Compiles a kernel's driver with the host C++ compiler against the runtime
// headers, unless the cache holds the binary: entries are keyed by a
// SHA-256 of the driver, the reference, the runtime headers, the compiler
// and its flags, and record the other headers the compile read (the
// kernel's own, the project's) with their hashes, so that a kernel whose
// header changed is compiled again (docs/Runtime.md).
//
//===----------------------------------------------------------------------===//

#include "Runner.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::asc::runner;

//===----------------------------------------------------------------------===//
// The runtime, the compiler, the cache
//===----------------------------------------------------------------------===//

std::string mlir::asc::runner::findRuntimeDir(const RunOptions &options) {
  if (!options.runtimeDir.empty())
    return absolutePath(options.runtimeDir);
  std::string exe = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
  SmallString<256> installed(llvm::sys::path::parent_path(exe));
  llvm::sys::path::append(installed, "..", "share", "asc-mlir", "runtime");
  if (llvm::sys::fs::exists(installed + "/kernel_operator.h"))
    return absolutePath(installed);
  return ASC_RUN_RUNTIME_DIR;
}

/// The host C++ compiler: --cxx, $CXX, else the first of clang++-22,
/// clang++, g++ and c++ on the PATH.
static std::string findCompiler(const RunOptions &options) {
  if (!options.cxx.empty())
    return options.cxx;
  if (std::optional<std::string> env = llvm::sys::Process::GetEnv("CXX"))
    if (auto found = llvm::sys::findProgramByName(*env))
      return *found;
  for (StringRef name : {"clang++-22", "clang++", "g++", "c++"})
    if (auto found = llvm::sys::findProgramByName(name))
      return *found;
  if (auto found =
          llvm::sys::findProgramByName("clang++", {"/usr/lib/llvm-22/bin"}))
    return *found;
  fatal("no host C++ compiler found (give one with --cxx)");
}

/// Where compiled kernels are kept: --cache-dir, $ASC_RUN_CACHE, else
/// ~/.cache/asc-run.
static std::string findCacheDir(const RunOptions &options) {
  if (!options.cacheDir.empty())
    return absolutePath(options.cacheDir);
  if (std::optional<std::string> env =
          llvm::sys::Process::GetEnv("ASC_RUN_CACHE"))
    return absolutePath(*env);
  SmallString<256> home;
  if (!llvm::sys::path::cache_directory(home))
    fatal("no cache directory (give one with --cache-dir)");
  llvm::sys::path::append(home, "asc-run");
  return std::string(home);
}

/// Hashes everything the binary depends on: the driver, the reference, the
/// runtime headers (and the .def tables they include), the compiler and its
/// flags.
static std::string cacheKey(StringRef driver, StringRef reference,
                            StringRef runtime, StringRef compiler,
                            ArrayRef<std::string> flags) {
  llvm::SHA256 hash;
  hash.update(driver);
  hash.update(reference);
  hash.update(compiler);
  for (const std::string &f : flags)
    hash.update(f);
  std::error_code ec;
  std::vector<std::string> headers;
  for (llvm::sys::fs::recursive_directory_iterator it(runtime, ec), end;
       it != end && !ec; it.increment(ec))
    if (StringRef(it->path()).ends_with(".h") ||
        StringRef(it->path()).ends_with(".def"))
      headers.push_back(it->path());
  llvm::sort(headers);
  for (const std::string &h : headers) {
    hash.update(h);
    hash.update(readFileOrDie(h, "runtime header"));
  }
  return llvm::toHex(hash.final(), /*LowerCase=*/true).substr(0, 24);
}

//===----------------------------------------------------------------------===//
// The headers a compile read, and the compile
//===----------------------------------------------------------------------===//

/// The headers a compile read that the cache key does not cover (the
/// kernel's own, the project's), from the compiler's -MD output: the
/// runtime's are in the key, the system's change with the compiler.
static std::vector<std::string>
projectDependencies(StringRef depsFile, StringRef runtime, StringRef driver) {
  auto text = llvm::MemoryBuffer::getFile(depsFile);
  if (!text)
    return {};
  StringRef deps = (*text)->getBuffer();
  deps = deps.substr(std::min(deps.size(), deps.find(": ") + 2));
  SmallVector<StringRef> words;
  deps.split(words, ' ', -1, /*KeepEmpty=*/false);
  std::vector<std::string> out;
  for (StringRef word : words) {
    word = word.trim();
    if (word.empty() || word == "\\")
      continue;
    std::string path = absolutePath(word);
    if (path == driver || StringRef(path).starts_with(runtime) ||
        StringRef(path).starts_with("/usr/"))
      continue;
    out.push_back(path);
  }
  llvm::sort(out);
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

static std::string contentHash(StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return "missing";
  return llvm::toHex(
      llvm::SHA256::hash(llvm::arrayRefFromStringRef((*buffer)->getBuffer())),
      /*LowerCase=*/true);
}

/// Whether the headers a cached binary was compiled from (its `inputs`:
/// "HASH PATH" lines) are unchanged.
static bool dependenciesCurrent(StringRef dir) {
  auto inputs = llvm::MemoryBuffer::getFile(dir + "/inputs");
  if (!inputs)
    return false;
  SmallVector<StringRef> lines;
  (*inputs)->getBuffer().split(lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef line : lines) {
    auto [hash, path] = line.split(' ');
    if (contentHash(path) != hash)
      return false;
  }
  return true;
}

std::string mlir::asc::runner::compileCached(
    StringRef keyText, llvm::function_ref<std::string()> makeDriver,
    const Launch &launch, const KernelFlags &kernel,
    const RunOptions &options) {
  std::string runtime = findRuntimeDir(options);
  std::string compiler = findCompiler(options);
  // bisheng and g++ accept `obj.template IterateAll(c)` (the template
  // keyword without an argument list, as CANN's samples write it); Clang 22
  // makes it an error unless told otherwise (g++ ignores the unknown -Wno-).
  std::vector<std::string> flags = {
      "-std=c++17", "-O0",
      "-w",         "-Wno-missing-template-arg-list-after-template-kw",
      "-I",         runtime};
  flags.insert(flags.end(), kernel.source.begin(), kernel.source.end());
  flags.insert(flags.end(), kernel.cxxOnly.begin(), kernel.cxxOnly.end());
  std::string reference = launch.reference.empty()
                              ? ""
                              : readFileOrDie(launch.reference, "reference");
  std::string key = cacheKey(keyText, reference, runtime, compiler, flags);
  SmallString<256> dir(findCacheDir(options));
  llvm::sys::path::append(dir, key);
  std::string binary = (dir + "/kernel").str();
  if (llvm::sys::fs::can_execute(binary) && dependenciesCurrent(dir))
    return binary;
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    fatal("cannot create the cache directory '" + dir + "': " + ec.message());
  std::string source = (dir + "/driver.cpp").str();
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(source, ec);
    if (ec)
      fatal("cannot write '" + source + "': " + ec.message());
    os << makeDriver();
  }
  // Compile to private names and rename: parallel runs share the cache.
  std::string pid = std::to_string(llvm::sys::Process::getProcessId());
  std::string partial = binary + ".partial." + pid;
  std::string depsFile = (dir + "/deps.partial." + pid).str();
  std::vector<StringRef> argv = {compiler};
  for (const std::string &f : flags)
    argv.push_back(f);
  argv.insert(argv.end(), {"-MD", "-MF", depsFile, source, "-o", partial});
  std::string message;
  int rc = llvm::sys::ExecuteAndWait(compiler, argv, std::nullopt, {}, 0, 0,
                                     &message);
  if (rc != 0) {
    llvm::sys::fs::remove(partial);
    llvm::sys::fs::remove(depsFile);
    fatal("the C++ of kernel '" + launch.kernel +
          "' does not compile against the runtime (" + runtime + ")" +
          (message.empty() ? "" : ": " + message) + "; driver: " + source);
  }
  std::string inputs;
  for (const std::string &dep :
       projectDependencies(depsFile, runtime, absolutePath(source)))
    inputs += contentHash(dep) + " " + dep + "\n";
  llvm::sys::fs::remove(depsFile);
  std::string inputsPartial = (dir + "/inputs.partial." + pid).str();
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(inputsPartial, ec);
    if (ec)
      fatal("cannot write '" + inputsPartial + "': " + ec.message());
    os << inputs;
  }
  if (std::error_code ec =
          llvm::sys::fs::rename(inputsPartial, dir + "/inputs"))
    fatal("cannot move the kernel's inputs into the cache: " + ec.message());
  if (std::error_code ec = llvm::sys::fs::rename(partial, binary))
    fatal("cannot move the compiled kernel into the cache: " + ec.message());
  return binary;
}
