// Reference of 07-multi-matmul.mlir: Q = X * Wq, K = X * Wk, V = X * Wv
// (rounded to half), G = LeakyRelu(X * Wg, 0.01) in float.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling", 0);
  const half *x = ref.input<half>("x");
  const char *weights[] = {"wq", "wk", "wv"};
  const char *outputs[] = {"q", "k", "v"};
  for (int o = 0; o < 3; ++o) {
    const half *w = ref.input<half>(weights[o]);
    half *out = ref.expect<half>(outputs[o]);
    for (int m = 0; m < t.M; ++m)
      for (int n = 0; n < t.N; ++n)
        out[m * t.N + n] = half(float(asc_run::refDot(x, w, m, n, t.Ka, t.Ka, t.N)));
  }
  const half *wg = ref.input<half>("wg");
  float *g = ref.expect<float>("g");
  const double alpha = 0.00999999977f;
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n) {
      double acc = asc_run::refDot(x, wg, m, n, t.Ka, t.Ka, t.N);
      g[m * t.N + n] = float(acc >= 0 ? acc : acc * alpha);
    }
}
