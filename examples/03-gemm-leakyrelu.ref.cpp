// Reference of 03-gemm-leakyrelu.mlir: C = LeakyRelu(A * B + bias, 0.001).
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  const float *bias = ref.input<float>("bias");
  float *c = ref.expect<float>("c");
  const double alpha = 0.001f;
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n) {
      double x = bias[n] + asc_run::refDot(a, b, m, n, t.Ka, t.Ka, t.N);
      c[m * t.N + n] = float(x >= 0 ? x : x * alpha);
    }
}
