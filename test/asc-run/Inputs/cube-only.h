// What the file of a cube-only kernel starts with: every Matmul object in it
// is the cube-side one.
#define ASCENDC_CUBE_ONLY
