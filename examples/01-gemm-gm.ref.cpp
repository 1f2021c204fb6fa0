// Reference of 01-gemm-gm.mlir: C = A * B (M x K by K x N, fp32 result), in
// double, independent of the runtime's Matmul emulation. M = 48 is not a
// multiple of singleCoreM = 32: blocks 1 and 3 run with SetTail.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  float *c = ref.expect<float>("c");
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n)
      c[m * t.N + n] = float(asc_run::refDot(a, b, m, n, t.Ka, t.Ka, t.N));
}
