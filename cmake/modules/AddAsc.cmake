#===- AddAsc.cmake - asc-mlir's CMake vocabulary ---------------------------===#
#
# Thin wrappers over AddMLIR/AddLLVM. Every library, tool and plugin declared
# with them is built against the shared libMLIR.so, installed, and recorded in
# the project's own export set AscTargets, which `cmake --install` puts into
# <prefix>/lib/cmake/asc/AscTargets.cmake (namespace Asc::) next to
# AscConfig.cmake (cmake/modules/CMakeLists.txt). A lib/**/CMakeLists.txt is
# then one declaration:
#
#   add_asc_dialect_library(MLIRAsc
#     AscOps.cpp ...
#     DEPENDS MLIRAscOpsIncGen      # targets to build first
#     LINK_LIBS PUBLIC MLIRAscX     # asc libraries
#     MLIR_LIBS MLIRIR MLIRPass     # MLIR libraries (libMLIR.so)
#     )
#
# Arguments besides MLIR_LIBS are those of add_mlir_library (sources,
# ADDITIONAL_HEADER_DIRS, DEPENDS, LINK_LIBS, LINK_COMPONENTS). MLIR_LIBS name
# the MLIR libraries the code uses; they resolve to the shared libMLIR.so
# (mlir_target_link_libraries with MLIR_LINK_MLIR_DYLIB), so the tools, the
# plugin that a stock mlir-opt loads and the C API share one copy of MLIR.
#
#===------------------------------------------------------------------------===#

include_guard()

set(ASC_INSTALL_PACKAGE_DIR lib${LLVM_LIBDIR_SUFFIX}/cmake/asc)

# Installs `name` into the export set AscTargets and records it in the global
# property ASC_EXPORTS (and `kind`, when given, e.g. ASC_DIALECT_LIBS).
function(_asc_install_and_export name)
  cmake_parse_arguments(ARG "" "KIND" "" ${ARGN})
  install(TARGETS ${name}
    EXPORT AscTargets
    LIBRARY DESTINATION lib${LLVM_LIBDIR_SUFFIX} COMPONENT ${name}
    ARCHIVE DESTINATION lib${LLVM_LIBDIR_SUFFIX} COMPONENT ${name}
    RUNTIME DESTINATION bin COMPONENT ${name}
    )
  set_property(GLOBAL APPEND PROPERTY ASC_EXPORTS ${name})
  if(ARG_KIND)
    set_property(GLOBAL APPEND PROPERTY ASC_${ARG_KIND}_LIBS ${name})
  endif()
endfunction()

# Gives `name` the include directories and C++ standard its users need: ours
# (source, build and install trees) and MLIR's and LLVM's headers, which
# MLIR's imported targets do not carry.
function(_asc_add_usage_requirements name scope)
  target_include_directories(${name} ${scope}
    $<BUILD_INTERFACE:${ASC_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${ASC_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:include>
    ${MLIR_INCLUDE_DIRS}
    ${LLVM_INCLUDE_DIRS}
    )
endfunction()

# Declares `name`, a static library of the project (never part of
# libMLIR.so, never installed by add_mlir_library), from add_mlir_library's
# `args`, linking the MLIR libraries `mlir_libs` from libMLIR.so, with our and
# MLIR's headers for its users, in the IDE folder `folder`.
function(_asc_add_static_library name folder mlir_libs)
  add_mlir_library(${name} ${ARGN}
    EXCLUDE_FROM_LIBMLIR
    DISABLE_INSTALL
    )
  if(mlir_libs)
    mlir_target_link_libraries(${name} PUBLIC ${mlir_libs})
  endif()
  _asc_add_usage_requirements(${name} INTERFACE)
  set_target_properties(${name} PROPERTIES FOLDER "${folder}")
endfunction()

# add_asc_library(name [KIND kind] <add_mlir_library arguments>
#                 [MLIR_LIBS lib...])
# A library of the project, installed and exported.
function(add_asc_library name)
  cmake_parse_arguments(ARG "" "KIND" "MLIR_LIBS" ${ARGN})
  _asc_add_static_library(${name} "Asc/Libraries" "${ARG_MLIR_LIBS}"
    ${ARG_UNPARSED_ARGUMENTS})
  target_compile_features(${name} INTERFACE cxx_std_17)
  _asc_install_and_export(${name} KIND ${ARG_KIND})
endfunction()

# add_asc_test_library(name <add_mlir_library arguments> [MLIR_LIBS lib...])
# A library of test passes (test/lib, as upstream's mlir/test/lib): linked
# into the tools that run them, never installed or exported.
function(add_asc_test_library name)
  cmake_parse_arguments(ARG "" "" "MLIR_LIBS" ${ARGN})
  _asc_add_static_library(${name} "Asc/Tests" "${ARG_MLIR_LIBS}"
    ${ARG_UNPARSED_ARGUMENTS})
endfunction()

# The kinds of libraries, recorded as ASC_<KIND>_LIBS (and exported by
# AscConfig.cmake as Asc_<KIND>_LIBS) like MLIR's MLIR_DIALECT_LIBS.
function(add_asc_dialect_library name)
  add_asc_library(${name} KIND DIALECT ${ARGN})
endfunction()

function(add_asc_analysis_library name)
  add_asc_library(${name} KIND ANALYSIS ${ARGN})
endfunction()

function(add_asc_transform_library name)
  add_asc_library(${name} KIND TRANSFORM ${ARGN})
endfunction()

function(add_asc_conversion_library name)
  add_asc_library(${name} KIND CONVERSION ${ARGN})
endfunction()

function(add_asc_translation_library name)
  add_asc_library(${name} KIND TRANSLATION ${ARGN})
endfunction()

# asc_embed_mlir_c_api(target lib...)
#
# The Debian C-API workaround, in one place. Debian ships MLIR's C API
# (MLIRCAPIIR, MLIRCAPIFunc, ...) only as static archives, and their CMake
# targets also pull in the static MLIR libraries behind them: linking them
# normally would put a second copy of MLIR into `target` next to libMLIR.so,
# and the linker would drop every C function nothing in `target` calls.
# Instead the archive *files* are linked whole (every mlir* C function they
# define is exported from `target`), without their CMake dependencies: the C++
# code behind them comes from libMLIR.so, which `target` must link (MLIR_LIBS).
# test/CAPI/one-mlir.test checks the result holds one MLIR.
function(asc_embed_mlir_c_api target)
  set(archives)
  foreach(lib ${ARGN})
    list(APPEND archives $<TARGET_FILE:${lib}>)
  endforeach()
  target_link_libraries(${target} PRIVATE
    -Wl,--whole-archive ${archives} -Wl,--no-whole-archive)
endfunction()

# add_asc_public_c_api_library(name <add_mlir_library arguments>
#     [MLIR_LIBS lib...] [EMBED_MLIR_CAPI lib...])
# The shared library of the C API: exports the MLIR_CAPI_EXPORTED functions
# of its sources and of the embedded MLIR C API archives, nothing else; every
# symbol resolves at link time (-z defs, except in a sanitizer build: the
# sanitizer runtime is linked into executables only, so an instrumented
# shared library leaves its __asan_*/__ubsan_* references for the executable,
# as LLVM's HandleLLVMOptions does for its own -z defs); its users get our
# headers and MLIR's mlir-c/ headers.
function(add_asc_public_c_api_library name)
  cmake_parse_arguments(ARG "" "" "MLIR_LIBS;EMBED_MLIR_CAPI" ${ARGN})
  add_mlir_library(${name} SHARED ${ARG_UNPARSED_ARGUMENTS}
    EXCLUDE_FROM_LIBMLIR
    DISABLE_INSTALL
    )
  target_compile_definitions(${name} PRIVATE MLIR_CAPI_BUILDING_LIBRARY=1)
  set_target_properties(${name} PROPERTIES
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    FOLDER "Asc/Libraries"
    )
  asc_embed_mlir_c_api(${name} ${ARG_EMBED_MLIR_CAPI})
  if(ARG_MLIR_LIBS)
    mlir_target_link_libraries(${name} PRIVATE ${ARG_MLIR_LIBS})
  endif()
  if(NOT LLVM_USE_SANITIZER)
    target_link_options(${name} PRIVATE LINKER:-z,defs)
  endif()
  _asc_add_usage_requirements(${name} INTERFACE)
  _asc_install_and_export(${name} KIND CAPI)
endfunction()

# add_asc_tool(name source... [DEPENDS target...] [LINK_LIBS lib...]
#              [MLIR_LIBS lib...])
# An executable of the project, installed into bin/ and exported.
function(add_asc_tool name)
  cmake_parse_arguments(ARG "" "" "LINK_LIBS;MLIR_LIBS" ${ARGN})
  add_llvm_executable(${name} ${ARG_UNPARSED_ARGUMENTS})
  target_link_libraries(${name} PRIVATE ${ARG_LINK_LIBS})
  if(ARG_MLIR_LIBS)
    mlir_target_link_libraries(${name} PRIVATE ${ARG_MLIR_LIBS})
  endif()
  set_target_properties(${name} PROPERTIES FOLDER "Asc/Tools")
  _asc_install_and_export(${name})
endfunction()

# add_asc_plugin(name source... [LINK_LIBS lib...] [MLIR_LIBS lib...])
# A module a stock mlir-opt loads (--load-dialect-plugin, --load-pass-plugin):
# no `lib` prefix, in the build's lib/, linking the libMLIR.so mlir-opt runs
# on so that both see one copy of MLIR's registries.
function(add_asc_plugin name)
  cmake_parse_arguments(ARG "" "" "LINK_LIBS;MLIR_LIBS" ${ARGN})
  add_library(${name} MODULE ${ARG_UNPARSED_ARGUMENTS})
  llvm_update_compile_flags(${name})
  set_target_properties(${name} PROPERTIES
    PREFIX ""
    LIBRARY_OUTPUT_DIRECTORY ${LLVM_LIBRARY_OUTPUT_INTDIR}
    FOLDER "Asc/Plugins"
    )
  add_dependencies(${name} mlir-generic-headers)
  target_link_libraries(${name} PRIVATE ${ARG_LINK_LIBS})
  if(ARG_MLIR_LIBS)
    mlir_target_link_libraries(${name} PRIVATE ${ARG_MLIR_LIBS})
  endif()
  _asc_install_and_export(${name})
endfunction()
