// Reference of @atomic_trans_a in numerics.mlir: C += A^T * B + bias, with
// A stored K x M; the sum rounds to float once, like the atomic add of the
// float result into C.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  const float *bias = ref.input<float>("bias");
  float *c = ref.expect<float>("c");
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n) {
      double acc = bias[n];
      for (int k = 0; k < t.Ka; ++k)
        acc += double(float(a[k * t.M + m])) * float(b[k * t.N + n]);
      c[m * t.N + n] = c[m * t.N + n] + float(acc);
    }
}
