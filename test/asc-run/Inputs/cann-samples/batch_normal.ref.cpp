// Reference of CANN's batch_matmul_bias_reuse sample: BatchNum products in
// the NORMAL layout, batch i of A (M x K), B (K x N) and C (M x N) one
// matrix after the other, row-major, the one bias row of N added to every
// batch (isBiasBatch false); in double.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  const float *bias = ref.input<float>("bias");
  float *c = ref.expect<float>("c");
  for (int i = 0; i < t.BatchNum; ++i)
    for (int m = 0; m < t.M; ++m)
      for (int n = 0; n < t.N; ++n) {
        double sum = t.isBias ? bias[n] : 0.0;
        for (int k = 0; k < t.Ka; ++k)
          sum += double(float(a[(i * t.M + m) * t.Ka + k])) *
                 double(float(b[(i * t.Ka + k) * t.N + n]));
        c[(i * t.M + m) * t.N + n] = float(sum);
      }
}
