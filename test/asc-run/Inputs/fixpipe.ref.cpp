// Reference of fixpipe (fixpipe.cpp): C (M x 48, zero) gets A * B in
// columns 8 to 8 + N - 1, row-major; in double.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  float *c = ref.expect<float>("c");
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n)
      c[m * 48 + 8 + n] = float(asc_run::refDot(a, b, m, n, t.Ka, t.Ka, t.N));
}
