// Reference of co1_tensor (co1-tensor.cpp): C = A0 * B0 + bias + A1 * B1
// (the second product added by enPartialSum, without the bias), stored as
// the CO1 tensor holds it: NZ, 16 x 16 float fractals, [N / 16][M][16].
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
      c[(n / 16) * t.M * 16 + m * 16 + n % 16] =
          float(asc_run::refDot(a, b, m, n, t.Ka, t.Ka, t.N) + bias[n] +
                asc_run::refDot(a1, b1, m, n, t.Ka, t.Ka, t.N));
}
