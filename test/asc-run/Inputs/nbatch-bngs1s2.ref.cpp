// Reference of nbatch_bngs1s2_view (nbatch-layouts.cpp): A, B and y in
// BNGS1S2, matrices one after the other; batch i adds bias row i.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  const float *bias = ref.input<float>("bias");
  float *y = ref.expect<float>("y");
  const int batches = static_cast<int>(ref.count("y") / (t.M * t.N));
  for (int i = 0; i < batches; ++i)
    for (int m = 0; m < t.M; ++m)
      for (int n = 0; n < t.N; ++n)
        y[(int64_t(i) * t.M + m) * t.N + n] = float(
            bias[i * t.N + n] + asc_run::refDot(a + int64_t(i) * t.M * t.Ka,
                                                b + int64_t(i) * t.Kb * t.N, m,
                                                n, t.Ka, t.Ka, t.N));
}
