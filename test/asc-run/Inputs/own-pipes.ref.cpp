// Reference of own-pipes.cpp: y = 2 * A * B.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  float *y = ref.expect<float>("y");
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n)
      y[m * t.N + n] =
          2.0f * float(asc_run::refDot(a, b, m, n, t.Ka, t.Ka, t.N));
}
