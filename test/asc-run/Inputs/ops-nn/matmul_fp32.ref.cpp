// Reference of hicann/ops-nn's MatmulFp32 kernel (experimental/matmul/
// matmul_fp32): y = op(x1) * op(x2) + bias in double, rounded to float once,
// op(x) the transpose when the tiling struct's transA / transB say so (x1 is
// then K x M, x2 N x K). M, N, K and whether there is a bias are the cube
// tiling's, as the host's GetTiling sets them.
static void ascRunReference(asc_run::Ref &ref) {
  MatmulFp32TilingData s;
  std::memcpy(&s, ref.input<uint8_t>("tiling"), sizeof s);
  const TCubeTiling &t = s.tCubeTiling;
  const float *x1 = ref.input<float>("x1");
  const float *x2 = ref.input<float>("x2");
  const float *bias = ref.input<float>("bias");
  float *y = ref.expect<float>("y");
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n) {
      double sum = 0;
      for (int k = 0; k < t.Ka; ++k) {
        float a =
            s.matmulFp32RunInfo.transA ? x1[k * t.M + m] : x1[m * t.Ka + k];
        float b =
            s.matmulFp32RunInfo.transB ? x2[n * t.Kb + k] : x2[k * t.N + n];
        sum += double(a) * double(b);
      }
      if (t.isBias)
        sum += double(bias[n]);
      y[m * t.N + n] = float(sum);
    }
}
