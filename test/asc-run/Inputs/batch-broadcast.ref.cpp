// Reference of batch_broadcast (batch-broadcast.cpp): C_i = A_{i / 2} * B_i
// for i < 4. A is [2][M][K], B [4][K][N], C [4][M][N].
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  float *c = ref.expect<float>("c");
  for (int i = 0; i < 4; ++i)
    for (int m = 0; m < t.M; ++m)
      for (int n = 0; n < t.N; ++n)
        c[(int64_t(i) * t.M + m) * t.N + n] = float(asc_run::refDot(
            a + int64_t(i / 2) * t.M * t.Ka, b + int64_t(i) * t.Kb * t.N, m, n,
            t.Ka, t.Ka, t.N));
}
