// RUN: asc-translate --asc-to-ascendc %s | FileCheck %s

// The FFTS prologue pyasc's launcher expects of a mix kernel: the base
// address its trailing ffts_addr argument points at, and the cube core's
// cross-core flag.

// CHECK-LABEL: extern "C" __global__ __aicore__ void prologue(
// CHECK-SAME: GM_ADDR [[FFTS:[A-Za-z0-9_]+]])
// CHECK-NEXT: set_ffts_base_addr(*(__gm__ uint64_t *)[[FFTS]]);
// CHECK-NEXT: if ASCEND_IS_AIC {
// CHECK-NEXT:   ffts_cross_core_sync(PIPE_MTE3, 3873);
// CHECK-NEXT: }
func.func @prologue(%ffts_addr: !asc.gm_addr) attributes {asc.kernel} {
  asc.set_ffts_base_addr %ffts_addr
  %aic = asc.is_aic
  scf.if %aic {
    asc.ffts_cross_core_sync pipe_mte3, 3873
  }
  return
}
