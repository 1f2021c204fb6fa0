// Reference of nbatch_reduce (nbatch-reduce.cpp): A and B hold one matrix per
// (N, G) with G 2, C one per N: C[n] = sum over g of A[n][g] * B[n][g], plus
// bias[n] once.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  const float *bias = ref.input<float>("bias");
  float *y = ref.expect<float>("y");
  int mk = t.M * t.Ka, kn = t.Kb * t.N, mn = t.M * t.N;
  for (int n = 0; n < 2; ++n)
    for (int m = 0; m < t.M; ++m)
      for (int j = 0; j < t.N; ++j) {
        double acc = bias[n * t.N + j];
        for (int g = 0; g < 2; ++g)
          acc += asc_run::refDot(a + (n * 2 + g) * mk, b + (n * 2 + g) * kn, m,
                                 j, t.Ka, t.Ka, t.N);
        y[n * mn + m * t.N + j] = float(acc);
      }
}
