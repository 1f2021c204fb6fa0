//===- template_argument.h - Template tiling keys, as a kernel sees them --===//
//
// An operator whose tiling key is a set of template parameters declares
// them with ASCENDC_TPL_ARGS_DECL and lists the combinations it builds with
// ASCENDC_TPL_SEL (asc-devkit's include/utils/tiling/template_argument.h,
// shipped as ascendc/host_api/tiling/template_argument.h;
// docs/zh/api/Utils-API/Tiling模板编程). The host encodes the chosen
// combination with GET_TPL_TILING_KEY; CANN's build instantiates the kernel
// template once per combination and launches the one the key names. In the
// kernel's own compile (that header's ASCENDC_TPL_KERNEL branch) the
// declarations expand to nothing and only the constants remain, which is
// what this header gives. The launch file names the instantiation
// (`"template_args"`, docs/Runtime.md "Operator projects").
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_ASCENDC_HOST_API_TILING_TEMPLATE_ARGUMENT_H
#define ASC_RUN_ASCENDC_HOST_API_TILING_TEMPLATE_ARGUMENT_H

#include <cstddef>
#include <cstdint>

// The kernel types a selection may name.
#define ASCENDC_TPL_AIV_ONLY 0
#define ASCENDC_TPL_AIC_ONLY 1
#define ASCENDC_TPL_MIX_AIV_1_0 4
#define ASCENDC_TPL_MIX_AIC_1_0 5
#define ASCENDC_TPL_MIX_AIC_1_1 6
#define ASCENDC_TPL_MIX_AIC_1_2 7
#define ASCENDC_TPL_AICORE 8
#define ASCENDC_TPL_VECTORCORE 9
#define ASCENDC_TPL_MIX_AICORE 10
#define ASCENDC_TPL_MIX_VECTOR_CORE 11
#define ASCENDC_TPL_MAX 12
// A parameter's bits in the key.
#define ASCENDC_TPL_1_BW 1
#define ASCENDC_TPL_2_BW 2
#define ASCENDC_TPL_4_BW 4
#define ASCENDC_TPL_8_BW 8
// Parameter kinds.
#define ASCENDC_TPL_DTYPE 0
#define ASCENDC_TPL_FORMAT 1
#define ASCENDC_TPL_UINT 2
#define ASCENDC_TPL_BOOL 3
constexpr uint32_t ASCENDC_TPL_KERNEL_TYPE = 4;
constexpr uint32_t ASCENDC_TPL_DETERMINISTIC = 5;
constexpr uint32_t ASCENDC_TPL_SHARED_KERNEL_TYPE = 6;
#define ASCENDC_TPL_INPUT_BIAS 100000000
#define ASCENDC_TPL_OUTPUT_BIAS 900000000
#define ASCENDC_TPL_INPUT(x) (ASCENDC_TPL_INPUT_BIAS + (x))
#define ASCENDC_TPL_OUTPUT(x) (ASCENDC_TPL_OUTPUT_BIAS + (x))
// How a UINT parameter lists its values.
#define ASCENDC_TPL_UI_RANGE 0
#define ASCENDC_TPL_UI_LIST 1
#define ASCENDC_TPL_UI_MIX 2
constexpr uint8_t MAX_BITS_NUM = 64;
constexpr size_t VAL_PAIR = 2;
constexpr size_t VAL_START = 2;
constexpr uint64_t INVALID_TILING_KEY = 0xFFFFFFFFFFFFFFFFULL;

// The declarations and selections: read by CANN's build, nothing in the
// kernel's compile.
#define ASCENDC_TPL_DTYPE_DECL(...)
#define ASCENDC_TPL_DATATYPE_DECL(...)
#define ASCENDC_TPL_FORMAT_DECL(...)
#define ASCENDC_TPL_UINT_DECL(...)
#define ASCENDC_TPL_BOOL_DECL(...)
#define ASCENDC_TPL_KERNEL_TYPE_DECL(...)
#define ASCENDC_TPL_DTYPE_SEL(...)
#define ASCENDC_TPL_DATATYPE_SEL(...)
#define ASCENDC_TPL_FORMAT_SEL(...)
#define ASCENDC_TPL_UINT_SEL(...)
#define ASCENDC_TPL_BOOL_SEL(...)
#define ASCENDC_TPL_TILING_STRUCT_SEL(...)
#define ASCENDC_TPL_KERNEL_TYPE_SEL(...)
#define ASCENDC_TPL_DETERMINISTIC_SEL(...)
#define ASCENDC_TPL_SHARED_KERNEL_TYPE_SEL(...)
#define ASCENDC_TPL_ARGS_DECL(...)
#define ASCENDC_TPL_ARGS_SEL(...)
#define ASCENDC_TPL_SEL(...)

#endif // ASC_RUN_ASCENDC_HOST_API_TILING_TEMPLATE_ARGUMENT_H
