// Reference of read_after_end (handshake.mlir): c1 = A B, y[0] = c1[0].
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  float *c1 = ref.expect<float>("c1");
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n)
      c1[m * t.N + n] = float(asc_run::refDot(a, b, m, n, t.Ka, t.Ka, t.N));
  ref.expect<float>("y")[0] = c1[0];
}
