// Reference of setters_in_flight (handshake.mlir): the first IterateAll
// keeps the message it posted, c1 = A B; the setters staged while it was in
// flight go with the second, c2 = A2 B + bias.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *a2 = ref.input<half>("a2");
  const half *b = ref.input<half>("b");
  const float *bias = ref.input<float>("bias");
  float *c1 = ref.expect<float>("c1");
  float *c2 = ref.expect<float>("c2");
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n) {
      c1[m * t.N + n] = float(asc_run::refDot(a, b, m, n, t.Ka, t.Ka, t.N));
      c2[m * t.N + n] =
          float(asc_run::refDot(a2, b, m, n, t.Ka, t.Ka, t.N) + bias[n]);
    }
}
