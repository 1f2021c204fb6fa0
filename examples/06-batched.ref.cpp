// Reference of @batch_matmul_custom in 06-batched.mlir: for every batch i,
// C[i] = A[i] * B[i] + bias[i] (NORMAL layout, batches contiguous).
// @batch_matmul_nbatch_custom has its own reference,
// 06-batched-nbatch.ref.cpp.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  const float *bias = ref.input<float>("bias");
  float *c = ref.expect<float>("c");
  int batches = static_cast<int>(ref.count("c") / (t.M * t.N));
  for (int i = 0; i < batches; ++i)
    for (int m = 0; m < t.M; ++m)
      for (int n = 0; n < t.N; ++n)
        c[(i * t.M + m) * t.N + n] = float(
            (t.isBias ? bias[i * t.N + n] : 0.0) +
            asc_run::refDot(a + i * t.M * t.Ka, b + i * t.Kb * t.N, m, n, t.Ka,
                            t.Ka, t.N));
}
