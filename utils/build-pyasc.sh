#!/usr/bin/env bash
# Build pyasc's C++ IR builder (libpyasc) against a private LLVM/MLIR 19
# prefix, so that the optional tests in test/Pyasc can trace pyasc's kernels
# (docs/Pyasc.md).
#
# usage: utils/build-pyasc.sh PYASC_SRC [PREFIX]
#
#   PYASC_SRC  a pyasc source tree (a checkout or a `git archive` of it).
#   PREFIX     where Debian's LLVM/MLIR 19 packages are unpacked; default
#              PYASC_SRC/../llvm19. Its usr/lib/llvm-19 is the LLVM prefix.
#
# pyasc pins LLVM/MLIR 19.1.7, which Debian 12 ships (llvm-19-dev,
# libmlir-19-dev, mlir-19-tools). libmlir-19-dev and the libmlir-22-dev
# asc-mlir builds with cannot be installed together (installing one removes
# the other), so this script never installs them: it downloads the .deb
# files with `apt-get download` and unpacks them with `dpkg-deb -x` into
# PREFIX. Only packages that do not conflict (the compilers' and Python's
# ordinary dependencies) are installed with apt-get, and only when missing.
#
# The build goes to PYASC_SRC/build/asc-mlir and libpyasc lands in
# PYASC_SRC/python/asc/_C, where `import asc` finds it. Running the script
# again does only what is left: the unpacking, the installs and the
# configure step are skipped when done, and Ninja rebuilds nothing when
# nothing changed. At the end it prints the PYASC_DIR line to export.
set -euo pipefail

die() {
  echo "build-pyasc: error: $*" >&2
  exit 1
}
say() { echo "build-pyasc: $*"; }

usage="usage: utils/build-pyasc.sh PYASC_SRC [PREFIX]"
if [[ $# -lt 1 || $# -gt 2 || "${1:-}" == -* ]]; then
  [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]] && { echo "$usage"; exit 0; }
  die "$usage"
fi
[[ -d "$1" ]] || die "PYASC_SRC '$1' is not a directory (get pyasc's source first)"
src=$(cd "$1" && pwd)
[[ -f "$src/CMakeLists.txt" && -f "$src/python/src/CMakeLists.txt" ]] ||
  die "'$src' is not a pyasc source tree (no CMakeLists.txt, python/src/CMakeLists.txt)"
prefix=${2:-$src/../llvm19}
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)
llvm=$prefix/usr/lib/llvm-19
python=${PYASC_PYTHON:-/usr/bin/python3}
[[ -x "$python" ]] || die "no Python at '$python' (set PYASC_PYTHON)"

# --- Ordinary packages, installed when missing --------------------------
# Build: cmake, ninja, a C++ compiler, Python's headers, pybind11, zstd
# (LLVMExports names zstd::libzstd_shared), and the libraries LLVM 19's
# exported targets link (libz3, libxml2, libffi, ncurses). Not libedit-dev:
# libpyasc does not link LLVM's LineEditor, and with histedit.h installed
# LLVM 22's FindLibEdit runs a C check that breaks C++-only projects using
# asc-mlir's CMake package (test/Examples/find-package-cxx.test).
# Trace: numpy and typing_extensions (pyasc's front end), pytest (its unit
# tests import it).
wanted=(cmake ninja-build g++ python3-dev python3-pybind11 libzstd-dev
  libz3-dev libxml2-dev libffi-dev libncurses-dev
  python3-numpy python3-typing-extensions python3-pytest)
missing=()
for package in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  say "installing ${missing[*]}"
  [[ $(id -u) -eq 0 ]] || die "not root: install ${missing[*]} first"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

# --- LLVM/MLIR 19, unpacked, never installed -----------------------------
# libllvm19 holds libLLVM.so; llvm-19 and llvm-19-tools llvm-tblgen and the
# CMake modules' helpers; llvm-19-dev the headers, static libraries and
# LLVM's CMake package; libmlir-19(-dev) MLIR's; mlir-19-tools mlir-tblgen,
# which pyasc's TableGen step runs.
debs=(libllvm19 llvm-19 llvm-19-dev llvm-19-tools llvm-19-linker-tools
  llvm-19-runtime libmlir-19 libmlir-19-dev mlir-19-tools)
stamp=$prefix/.unpacked
if [[ -f "$stamp" && -f "$llvm/lib/cmake/mlir/MLIRConfig.cmake" ]]; then
  say "LLVM/MLIR 19 already unpacked in $prefix"
else
  say "downloading and unpacking ${debs[*]} into $prefix"
  download=$(mktemp -d)
  trap 'rm -rf "$download"' EXIT
  # apt-get download fetches as the _apt user, which must be able to write.
  chmod 777 "$download"
  (cd "$download" && apt-get download "${debs[@]}") ||
    (apt-get update -qq && cd "$download" && apt-get download "${debs[@]}") ||
    die "apt-get download ${debs[*]} failed"
  for deb in "$download"/*.deb; do
    dpkg-deb -x "$deb" "$prefix"
  done
  [[ -f "$llvm/lib/cmake/mlir/MLIRConfig.cmake" ]] ||
    die "no MLIRConfig.cmake in $llvm after unpacking"
  touch "$stamp"
fi

# --- pyasc's pybind11 pin -------------------------------------------------
# python/src/CMakeLists.txt asks for pybind11 2.13.1 exactly as its pip
# requirement does; Debian 12 ships 2.10, which builds libpyasc as well.
cmakelists=$src/python/src/CMakeLists.txt
if grep -q 'find_package(pybind11 [0-9.]* CONFIG' "$cmakelists"; then
  say "relaxing the pybind11 version pin in $cmakelists"
  sed -i 's/find_package(pybind11 [0-9.]* CONFIG/find_package(pybind11 CONFIG/' "$cmakelists"
fi

# --- Configure and build ----------------------------------------------------
# The unpacked CMake packages are relocatable: LLVMConfig.cmake and
# MLIRConfig.cmake compute their prefix from their own location, and their
# exported targets' _IMPORT_PREFIX too (the /usr/lib/llvm-19 they name is
# only used when the real paths agree), so MLIR_DIR and LLVM_DIR pointed at
# the prefix suffice: no path needs rewriting. mlir-tblgen and llvm-tblgen
# are imported targets of the same packages, found in $llvm/bin.
build=$src/build/asc-mlir
pybind11_dir=$("$python" -c 'import pybind11; print(pybind11.get_cmake_dir())')
# Configured once; again when the cache names another prefix.
configured=$(sed -n 's/^MLIR_DIR:[A-Z]*=//p' "$build/CMakeCache.txt" 2>/dev/null || true)
if [[ ! -f "$build/build.ninja" || "$configured" != "$llvm/lib/cmake/mlir" ]]; then
  say "configuring $build"
  cmake -S "$src" -B "$build" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++ \
    -DLLVM_DIR="$llvm/lib/cmake/llvm" \
    -DMLIR_DIR="$llvm/lib/cmake/mlir" \
    -DPython3_EXECUTABLE="$python" \
    -Dpybind11_DIR="$pybind11_dir" \
    -DCMAKE_LIBRARY_OUTPUT_DIRECTORY="$src/python/asc/_C" \
    -DASCIR_WERROR=OFF
fi
jobs=${JOBS:-$(nproc)}
say "building libpyasc with $jobs jobs (about 10 minutes on 2 cores the first time)"
cmake --build "$build" --target libpyasc -- -j "$jobs"

ls "$src"/python/asc/_C/libpyasc*.so >/dev/null 2>&1 ||
  die "no libpyasc*.so in $src/python/asc/_C after the build"
(cd "$src/python" && "$python" -c 'import asc' ) ||
  die "libpyasc is built but '$python -c \"import asc\"' fails in $src/python"
say "libpyasc built and importable"
echo "export PYASC_DIR=$src PYASC_PYTHON=$python"
