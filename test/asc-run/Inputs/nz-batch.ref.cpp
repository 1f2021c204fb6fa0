// Reference of nz_batch (nz-outputs.cpp): batch b of C is A_b * B_b as an
// NZ matrix of M rows, [N / 16][M][16], at b * M * N. A is [2][M][K], B
// [2][K][N], both ND.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  float *c = ref.expect<float>("c");
  for (int batch = 0; batch < 2; ++batch)
    for (int m = 0; m < t.M; ++m)
      for (int n = 0; n < t.N; ++n)
        c[int64_t(batch) * t.M * t.N + (n / 16) * t.M * 16 + m * 16 + n % 16] =
            float(asc_run::refDot(a + int64_t(batch) * t.M * t.Ka,
                                  b + int64_t(batch) * t.Kb * t.N, m, n, t.Ka,
                                  t.Ka, t.N));
}
