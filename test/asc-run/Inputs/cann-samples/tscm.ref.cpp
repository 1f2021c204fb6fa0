// Reference of CANN's matmul_tscm sample: C = A * B + bias, where the host
// stores A (M x K) in NZ (its gen_data.py: fractals of 16 rows x 16 half
// columns, the K/16 column blocks one after the other, each M x 16
// row-major) and B (K x N) and C (M x N) row-major; in double.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  const float *bias = ref.input<float>("bias");
  float *c = ref.expect<float>("c");
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n) {
      double sum = t.isBias ? bias[n] : 0.0;
      for (int k = 0; k < t.Ka; ++k) {
        double av = float(a[(k / 16) * t.M * 16 + m * 16 + k % 16]);
        sum += av * double(float(b[k * t.N + n]));
      }
      c[m * t.N + n] = float(sum);
    }
}
