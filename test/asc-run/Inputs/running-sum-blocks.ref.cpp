// Reference of running-sum-blocks.mlir: y = the sum of the 16 x 16 blocks
// of C = A * B, B the first 16 rows of A.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tgm");
  const half *a = ref.input<half>("a");
  float *y = ref.expect<float>("y");
  for (int i = 0; i < t.baseM * t.N; ++i)
    y[i] = 0;
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n)
      y[(m % t.baseM) * t.N + n] +=
          float(asc_run::refDot(a, a, m, n, t.Ka, t.Ka, t.N));
}
