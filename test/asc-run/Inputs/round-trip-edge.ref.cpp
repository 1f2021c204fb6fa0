// Reference of round-trip-edge.mlir: C = A * B; the spill and y are A.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling_gm");
  const half *a = ref.input<half>("pa");
  const half *b = ref.input<half>("pb");
  float *c = ref.expect<float>("pc");
  half *spill = ref.expect<half>("ps");
  half *y = ref.expect<half>("py");
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n)
      c[m * t.N + n] = float(asc_run::refDot(a, b, m, n, t.Ka, t.Ka, t.N));
  for (int i = 0; i < t.M * t.Ka; ++i)
    spill[i] = y[i] = a[i];
}
