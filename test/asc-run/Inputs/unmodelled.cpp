// One kernel per Matmul type parameter or MatmulConfig field asc-run does
// not model (unmodelled.test): each IterateAll stops with exit 4 and a
// message naming the parameter. Every kernel is otherwise the plain ND half
// Matmul of `plain`, which runs.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

using F16 = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using F32 = MatmulType<TPosition::GM, CubeFormat::ND, float>;

template <class A, class B, class C, class Bias, const auto &CFG>
__aicore__ inline void run(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR t) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(t);
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ half *)b);
  gc.SetGlobalBuffer((__gm__ float *)c);
  matmul::Matmul<A, B, C, Bias, CFG> mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.IterateAll(gc);
  mm.End();
}

#define KERNEL(name, A, B, C, Bias, CFG)                                       \
  extern "C" __global__ __aicore__ void name(GM_ADDR a, GM_ADDR b, GM_ADDR c,  \
                                             GM_ADDR t) {                      \
    run<A, B, C, Bias, CFG>(a, b, c, t);                                       \
  }

// The plain Matmul, which runs and matches its reference.
KERNEL(plain, F16, F16, F32, F32, CFG_NORM)

// MatmulType parameters.
using nd_align_c_C = MatmulType<TPosition::GM, CubeFormat::ND_ALIGN, float>;
// An ND_ALIGN C whose N is not a multiple of 32 bytes (nd_align_c: its
// padding columns hold L0C's contents, refused) or is (nd_align_c_aligned:
// ND's layout, which runs).
KERNEL(nd_align_c, F16, F16, nd_align_c_C, F32, CFG_NORM)
KERNEL(nd_align_c_aligned, F16, F16, nd_align_c_C, F32, CFG_NORM)
using zn_a_A = MatmulType<TPosition::GM, CubeFormat::ZN, half>;
KERNEL(zn_a, zn_a_A, F16, F32, F32, CFG_NORM)
using vector_b_B = MatmulType<TPosition::GM, CubeFormat::VECTOR, half>;
KERNEL(vector_b, F16, vector_b_B, F32, F32, CFG_NORM)
// A VECTOR A (GEMV) is a row of K elements: modelled with M = 1
// (vector_a), refused with more rows (vector_a_rows).
using vector_a_A = MatmulType<TPosition::GM, CubeFormat::VECTOR, half>;
KERNEL(vector_a, vector_a_A, F16, F32, F32, CFG_NORM)
KERNEL(vector_a_rows, vector_a_A, F16, F32, F32, CFG_NORM)
using a1_a_A = MatmulType<TPosition::A1, CubeFormat::ND, half>;
KERNEL(a1_a, a1_a_A, F16, F32, F32, CFG_NORM)
using ibshare_a_A = MatmulType<TPosition::GM, CubeFormat::ND, half, false,
                               LayoutMode::NONE, true>;
// A and B both IBSHARE (one shared operand is modelled, ibshare.test).
using ibshare_a_B = MatmulType<TPosition::GM, CubeFormat::ND, half, false,
                               LayoutMode::NONE, true>;
KERNEL(ibshare_a, ibshare_a_A, ibshare_a_B, F32, F32, CFG_NORM)
using sparse_b_B =
    SparseMatmulType<TPosition::GM, TPosition::GM, CubeFormat::ND, half>;
KERNEL(sparse_b, F16, sparse_b_B, F32, F32, CFG_NORM)

// A half A with an int8 B: CANN's antiquantisation of B.
extern "C" __global__ __aicore__ void antiquant_b(GM_ADDR a, GM_ADDR b,
                                                  GM_ADDR c, GM_ADDR t) {
  TPipe pipe;
  TCubeTiling tiling = *reinterpret_cast<__gm__ TCubeTiling *>(t);
  GlobalTensor<half> ga;
  GlobalTensor<int8_t> gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer((__gm__ half *)a);
  gb.SetGlobalBuffer((__gm__ int8_t *)b);
  gc.SetGlobalBuffer((__gm__ float *)c);
  matmul::Matmul<F16, MatmulType<TPosition::GM, CubeFormat::ND, int8_t>, F32,
                 F32>
      mm;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.IterateAll(gc);
  mm.End();
}

// MatmulConfig fields, each set on CFG_NORM.
constexpr MatmulConfig make_doBasicBlock() {
  MatmulConfig c = CFG_NORM;
  c.doBasicBlock = true;
  return c;
}
constexpr static MatmulConfig CFG_doBasicBlock = make_doBasicBlock();
KERNEL(cfg_doBasicBlock, F16, F16, F32, F32, CFG_doBasicBlock)
constexpr MatmulConfig make_doSpecialBasicBlock() {
  MatmulConfig c = CFG_NORM;
  c.doSpecialBasicBlock = true;
  return c;
}
constexpr static MatmulConfig CFG_doSpecialBasicBlock =
    make_doSpecialBasicBlock();
KERNEL(cfg_doSpecialBasicBlock, F16, F16, F32, F32, CFG_doSpecialBasicBlock)
constexpr MatmulConfig make_basicM() {
  MatmulConfig c = CFG_NORM;
  c.basicM = 32;
  return c;
}
constexpr static MatmulConfig CFG_basicM = make_basicM();
KERNEL(cfg_basicM, F16, F16, F32, F32, CFG_basicM)
constexpr MatmulConfig make_singleCoreM() {
  MatmulConfig c = CFG_NORM;
  c.singleCoreM = 32;
  return c;
}
constexpr static MatmulConfig CFG_singleCoreM = make_singleCoreM();
KERNEL(cfg_singleCoreM, F16, F16, F32, F32, CFG_singleCoreM)
constexpr MatmulConfig make_isPerTensor() {
  MatmulConfig c = CFG_NORM;
  c.isPerTensor = true;
  return c;
}
constexpr static MatmulConfig CFG_isPerTensor = make_isPerTensor();
KERNEL(cfg_isPerTensor, F16, F16, F32, F32, CFG_isPerTensor)
constexpr MatmulConfig make_hasAntiQuantOffset() {
  MatmulConfig c = CFG_NORM;
  c.hasAntiQuantOffset = true;
  return c;
}
constexpr static MatmulConfig CFG_hasAntiQuantOffset =
    make_hasAntiQuantOffset();
KERNEL(cfg_hasAntiQuantOffset, F16, F16, F32, F32, CFG_hasAntiQuantOffset)
constexpr MatmulConfig make_doIBShareNorm() {
  MatmulConfig c = CFG_NORM;
  c.doIBShareNorm = true;
  return c;
}
constexpr static MatmulConfig CFG_doIBShareNorm = make_doIBShareNorm();
KERNEL(cfg_doIBShareNorm, F16, F16, F32, F32, CFG_doIBShareNorm)
constexpr MatmulConfig make_enableInit() {
  MatmulConfig c = CFG_NORM;
  c.enableInit = false;
  return c;
}
constexpr static MatmulConfig CFG_enableInit = make_enableInit();
KERNEL(cfg_enableInit, F16, F16, F32, F32, CFG_enableInit)
constexpr MatmulConfig make_enableEnd() {
  MatmulConfig c = CFG_NORM;
  c.enableEnd = false;
  return c;
}
constexpr static MatmulConfig CFG_enableEnd = make_enableEnd();
KERNEL(cfg_enableEnd, F16, F16, F32, F32, CFG_enableEnd)
constexpr MatmulConfig make_enableSetOrgShape() {
  MatmulConfig c = CFG_NORM;
  c.enableSetOrgShape = false;
  return c;
}
constexpr static MatmulConfig CFG_enableSetOrgShape = make_enableSetOrgShape();
KERNEL(cfg_enableSetOrgShape, F16, F16, F32, F32, CFG_enableSetOrgShape)
constexpr MatmulConfig make_intraBlockPartSum() {
  MatmulConfig c = CFG_NORM;
  c.intraBlockPartSum = true;
  return c;
}
constexpr static MatmulConfig CFG_intraBlockPartSum = make_intraBlockPartSum();
KERNEL(cfg_intraBlockPartSum, F16, F16, F32, F32, CFG_intraBlockPartSum)
constexpr MatmulConfig make_iterateOrder() {
  MatmulConfig c = CFG_NORM;
  c.iterateOrder = IterateOrder::ORDER_N;
  return c;
}
constexpr static MatmulConfig CFG_iterateOrder = make_iterateOrder();
KERNEL(cfg_iterateOrder, F16, F16, F32, F32, CFG_iterateOrder)
constexpr MatmulConfig make_scheduleType() {
  MatmulConfig c = CFG_NORM;
  c.scheduleType = ScheduleType::OUTER_PRODUCT;
  return c;
}
constexpr static MatmulConfig CFG_scheduleType = make_scheduleType();
KERNEL(cfg_scheduleType, F16, F16, F32, F32, CFG_scheduleType)
constexpr MatmulConfig make_enableStaticPadZeros() {
  MatmulConfig c = CFG_NORM;
  c.enableStaticPadZeros = true;
  return c;
}
constexpr static MatmulConfig CFG_enableStaticPadZeros =
    make_enableStaticPadZeros();
KERNEL(cfg_enableStaticPadZeros, F16, F16, F32, F32, CFG_enableStaticPadZeros)
constexpr MatmulConfig make_isPartialOutput() {
  MatmulConfig c = CFG_NORM;
  c.isPartialOutput = true;
  return c;
}
constexpr static MatmulConfig CFG_isPartialOutput = make_isPartialOutput();
KERNEL(cfg_isPartialOutput, F16, F16, F32, F32, CFG_isPartialOutput)
constexpr MatmulConfig make_enableMixDualMaster() {
  MatmulConfig c = CFG_NORM;
  c.enableMixDualMaster = true;
  return c;
}
constexpr static MatmulConfig CFG_enableMixDualMaster =
    make_enableMixDualMaster();
KERNEL(cfg_enableMixDualMaster, F16, F16, F32, F32, CFG_enableMixDualMaster)
constexpr MatmulConfig make_isCO1Shared() {
  MatmulConfig c = CFG_NORM;
  c.isCO1Shared = true;
  return c;
}
constexpr static MatmulConfig CFG_isCO1Shared = make_isCO1Shared();
KERNEL(cfg_isCO1Shared, F16, F16, F32, F32, CFG_isCO1Shared)
constexpr MatmulConfig make_sharedCO1BufferSize() {
  MatmulConfig c = CFG_NORM;
  c.sharedCO1BufferSize = 32 * 1024;
  return c;
}
constexpr static MatmulConfig CFG_sharedCO1BufferSize =
    make_sharedCO1BufferSize();
KERNEL(cfg_sharedCO1BufferSize, F16, F16, F32, F32, CFG_sharedCO1BufferSize)
constexpr MatmulConfig make_bmmOutMode() {
  MatmulConfig c = CFG_NORM;
  c.bmmOutMode = BatchOutMode::MULTI_BATCH;
  return c;
}
constexpr static MatmulConfig CFG_bmmOutMode = make_bmmOutMode();
KERNEL(cfg_bmmOutMode, F16, F16, F32, F32, CFG_bmmOutMode)
constexpr MatmulConfig make_enableRelu() {
  MatmulConfig c = CFG_NORM;
  c.enableRelu = true;
  return c;
}
constexpr static MatmulConfig CFG_enableRelu = make_enableRelu();
KERNEL(cfg_enableRelu, F16, F16, F32, F32, CFG_enableRelu)
constexpr MatmulConfig make_decompMode() {
  MatmulConfig c = CFG_NORM;
  c.decompMode = DecompressionMode::DECOMP_2bitTo8bit;
  return c;
}
constexpr static MatmulConfig CFG_decompMode = make_decompMode();
KERNEL(cfg_decompMode, F16, F16, F32, F32, CFG_decompMode)

// A MatmulApiStaticTiling as the config (CANN's constant_tiling.h): without
// the config's constant shapes GetMatmulApiTiling gives the config alone,
// which runs; a constant field overrides the runtime tiling's (baseM 16
// against the launch's 32), which runs too (constant-tiling.test).
constexpr static MatmulApiStaticTiling STATIC_norm =
    GetMatmulApiTiling<F16, F16, F32, F32>(CFG_NORM);
KERNEL(static_tiling, F16, F16, F32, F32, STATIC_norm)
constexpr MatmulApiStaticTiling make_static_baseM() {
  MatmulApiStaticTiling t = GetMatmulApiTiling<F16, F16, F32, F32>(CFG_NORM);
  t.baseM = 16;
  return t;
}
constexpr static MatmulApiStaticTiling STATIC_baseM = make_static_baseM();
KERNEL(static_baseM, F16, F16, F32, F32, STATIC_baseM)

// The config builder (CANN's matmul_config.h, tiling.h): GetMMConfig of the
// MDL template with batch and function parameters runs; with a constant
// shape (MatmulShapeParams) its basic block is refused, and so is the
// IBShare template.
constexpr static MatmulConfig MM_CONFIG =
    GetMMConfig<MatmulConfigMode::CONFIG_MDL>(
        MatmulBatchParams{false, BatchMode::BATCH_LESS_THAN_L1},
        MatmulFuncParams{false, false, false, false, 0, IterateOrder::UNDEF,
                         ScheduleType::INNER_PRODUCT, true, true});
KERNEL(mm_config, F16, F16, F32, F32, MM_CONFIG)
constexpr static MatmulConfig MM_CONFIG_SHAPE =
    GetMMConfig<MatmulConfigMode::CONFIG_NORM>(
        MatmulShapeParams{32, 32, 32, 32, 32, 32});
KERNEL(mm_config_shape, F16, F16, F32, F32, MM_CONFIG_SHAPE)
KERNEL(mm_config_ibshare, F16, F16, F32, F32, CFG_IBSHARE_NORM)
