// Reference of trian_lower in triangle.cpp: C = A * B + bias in the base
// blocks whose block row is at least their block column, 0 (C's
// initial value) elsewhere, in double.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  const float *bias = ref.input<float>("bias");
  float *c = ref.expect<float>("c");
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n) {
      int row = m / t.baseM, col = n / t.baseN;
      if (row < col)
        continue;
      c[m * t.N + n] =
          float(bias[n] + asc_run::refDot(a, b, m, n, t.Ka, t.Ka, t.N, false));
    }
}
