// A wrong reference for 01-gemm-gm.mlir (C = A * B + 1): asc-run must fail.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  float *c = ref.expect<float>("c");
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n)
      c[m * t.N + n] = float(asc_run::refDot(a, b, m, n, t.Ka, t.Ka, t.N) + 1.0);
}
