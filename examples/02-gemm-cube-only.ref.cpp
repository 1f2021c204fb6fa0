// Reference of 02-gemm-cube-only.mlir: C = A * B^T + bias, B stored N x K.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  const float *bias = ref.input<float>("bias");
  float *c = ref.expect<float>("c");
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n)
      c[m * t.N + n] = float((t.isBias ? bias[n] : 0.0) +
                             asc_run::refDot(a, b, m, n, t.Ka, t.Ka, t.Kb,
                                             /*bTransposed=*/true));
}
