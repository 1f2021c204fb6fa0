// Reference of CANN's matmul_channelsplit_output sample: C = A * B + bias,
// A M x K and B K x N row-major, C a float NZ matrix with channel split
// (MatmulConfig::isEnableChannelSplit): fractals 16 rows by 8 columns,
// element (m, n) at (n / 8) * M16 * 8 + m * 8 + n % 8, M16 = M rounded up
// to 16 (the sample's alignM).
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  const float *bias = ref.input<float>("bias");
  float *c = ref.expect<float>("c");
  int64_t rows = (t.M + 15) / 16 * 16;
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n)
      c[int64_t(n / 8) * rows * 8 + int64_t(m) * 8 + n % 8] =
          float((t.isBias ? bias[n] : 0.0) +
                asc_run::refDot(a, b, m, n, t.Ka, t.Ka, t.N));
}
