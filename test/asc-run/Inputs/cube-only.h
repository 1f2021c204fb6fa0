// TEMPORARY (issue 10): the lowering does not yet define ASCENDC_CUBE_ONLY for
// cube-only kernels; tests include this header in front of them.
#define ASCENDC_CUBE_ONLY
