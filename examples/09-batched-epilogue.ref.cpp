// Reference of 09-batched-epilogue.mlir: y[i] = 0.125 * (A[i] * B[i]) + 1 for
// the batches the cores cover (2 * (batchM / 2) per core on usedCoreNum
// cores); the other batches of y keep their launched contents.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  float *y = ref.expect<float>("y");
  const int batches = (t.batchM / 2) * 2 * t.usedCoreNum;
  for (int i = 0; i < batches; ++i)
    for (int m = 0; m < 16; ++m)
      for (int n = 0; n < 16; ++n) {
        float product = float(asc_run::refDot(a + i * 16 * 32, b + i * 32 * 16,
                                              m, n, 32, 32, 16));
        y[(i * 16 + m) * 16 + n] = product * 0.125f + 1.0f;
      }
}
