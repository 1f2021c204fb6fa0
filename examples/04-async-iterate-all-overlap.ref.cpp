// Reference of 04-async-iterate-all-overlap.mlir:
// y = alpha * (A * B) + beta * bias (bias broadcast over the rows), with
// alpha = 1 and beta = 0.5 as in the kernel.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  const float *bias = ref.input<float>("bias");
  float *y = ref.expect<float>("y");
  const double alpha = 1.0, beta = 0.5;
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n) {
      float product = float(asc_run::refDot(a, b, m, n, t.Ka, t.Ka, t.N));
      y[m * t.N + n] = float(alpha * product + beta * bias[n]);
    }
}
