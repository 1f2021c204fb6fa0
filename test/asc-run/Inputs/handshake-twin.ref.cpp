// Reference of flagless_then_sync (handshake.mlir): c1 = A B, c2 = A2 B,
// y[0] = c1[0].
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *a2 = ref.input<half>("a2");
  const half *b = ref.input<half>("b");
  float *c1 = ref.expect<float>("c1");
  float *c2 = ref.expect<float>("c2");
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n) {
      c1[m * t.N + n] = float(asc_run::refDot(a, b, m, n, t.Ka, t.Ka, t.N));
      c2[m * t.N + n] = float(asc_run::refDot(a2, b, m, n, t.Ka, t.Ka, t.N));
    }
  ref.expect<float>("y")[0] = c1[0];
}
