// Reference of CANN's plain Matmul samples: C = A * B (+ bias when the
// tiling's isBias is set), A M x K, B K x N, both row-major, in double.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  float *c = ref.expect<float>("c");
  const float *bias = t.isBias ? ref.input<float>("bias") : nullptr;
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n)
      c[m * t.N + n] = float((bias ? bias[n] : 0.0) +
                             asc_run::refDot(a, b, m, n, t.Ka, t.Ka, t.N,
                                             /*bTransposed=*/false));
}
