// Reference of running-sum.mlir: C_t = A_t * B for the four 16-row tiles
// of A, and the sum of the four tiles.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling_gm");
  const half *a = ref.input<half>("pa");
  const half *b = ref.input<half>("pb");
  float *c = ref.expect<float>("pc");
  float *sum = ref.expect<float>("ps");
  const int tiles = 4, tile = t.M * t.N;
  for (int i = 0; i < tile; ++i)
    sum[i] = 0;
  for (int k = 0; k < tiles; ++k)
    for (int m = 0; m < t.M; ++m)
      for (int n = 0; n < t.N; ++n) {
        float value = float(
            asc_run::refDot(a + k * t.M * t.Ka, b, m, n, t.Ka, t.Ka, t.N));
        c[k * tile + m * t.N + n] = value;
        sum[m * t.N + n] += value;
      }
}
