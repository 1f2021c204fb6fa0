// Reference of @nz_f16 in nz.mlir. An NZ matrix of R rows (a multiple of 16)
// is stored as [cols / C0][R][C0]: element (r, c) at
// (c / C0) * R * C0 + r * C0 + c % C0, with C0 = 16 for half A and B and 16
// for the float C (CANN's 16 x 16 float fractal without channel split).
// A is M x K, B is stored transposed (N x K), C = A * B + bias is M x N.
static int64_t nzAt(int r, int c, int rows, int c0) {
  return int64_t(c / c0) * rows * c0 + int64_t(r) * c0 + c % c0;
}

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
        acc += double(float(a[nzAt(m, k, t.M, 16)])) *
               double(float(b[nzAt(n, k, t.N, 16)]));
      c[nzAt(m, n, t.M, 16)] = float(acc);
    }
}
