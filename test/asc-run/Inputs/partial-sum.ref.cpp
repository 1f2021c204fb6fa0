// Reference of psum_iterate and psum_iterate_async (partial-sum.cpp), from
// CANN's partial-sum semantics: the second product, computed with
// enPartialSum, is added to what L0C holds (the first product plus the
// bias), without the bias: C = A0 * B0 + bias + A1 * B1. A is [2][M][K],
// B [2][K][N].
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  const float *bias = ref.input<float>("bias");
  float *c = ref.expect<float>("c");
  const half *a1 = a + int64_t(t.M) * t.Ka;
  const half *b1 = b + int64_t(t.Kb) * t.N;
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n)
      c[m * t.N + n] =
          float(asc_run::refDot(a, b, m, n, t.Ka, t.Ka, t.N) + bias[n] +
                asc_run::refDot(a1, b1, m, n, t.Ka, t.Ka, t.N));
}
