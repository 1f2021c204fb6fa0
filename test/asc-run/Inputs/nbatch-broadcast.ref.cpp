// Reference of nbatch_broadcast (nbatch-broadcast.cpp): A holds one M x K
// matrix per N (G 1), B one K x N matrix per (N, G) with G 2, C one per
// (N, G): C[n][g] = A[n] * B[n][g].
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  float *y = ref.expect<float>("y");
  int mk = t.M * t.Ka, kn = t.Kb * t.N, mn = t.M * t.N;
  for (int n = 0; n < 2; ++n)
    for (int g = 0; g < 2; ++g)
      for (int m = 0; m < t.M; ++m)
        for (int j = 0; j < t.N; ++j)
          y[(n * 2 + g) * mn + m * t.N + j] = float(asc_run::refDot(
              a + n * mk, b + (n * 2 + g) * kn, m, j, t.Ka, t.Ka, t.N));
}
