// Reference of hicann/ops-nn's MatmulAdd kernel (experimental/matmul/
// matmul_add, half): y = A * B + bias in double, from the tiling struct's
// M, N, K and has_bias, rounded to half once.
static void ascRunReference(asc_run::Ref &ref) {
  optiling::MatmulAddTilingData s;
  std::memcpy(&s, ref.input<uint8_t>("tiling"), sizeof s);
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  const half *bias = ref.input<half>("bias");
  half *y = ref.expect<half>("y");
  for (uint32_t m = 0; m < s.M; ++m)
    for (uint32_t n = 0; n < s.N; ++n) {
      double sum =
          asc_run::refDot(a, b, int(m), int(n), int(s.K), int(s.K), int(s.N));
      if (s.has_bias)
        sum += double(float(bias[n]));
      y[m * s.N + n] = half(sum);
    }
}
