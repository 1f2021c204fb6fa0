// Reference of CANN's matmul_quant sample as its CMake builds it by default
// (QUANT_MODE unset, so SetQuantScalar): C = A * B + bias in int32, then
// FIXPIPE's DEQF16 with the sample's scale 0.1f (随路量化.md, table 1): the
// int32 as a float times M1, the parameter's bits 31..13 read as a float,
// rounded to half, saturating at 65504.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const int8_t *a = ref.input<int8_t>("a");
  const int8_t *b = ref.input<int8_t>("b");
  const int32_t *bias = ref.input<int32_t>("bias");
  float scale = 0.1f;
  uint32_t bits;
  std::memcpy(&bits, &scale, 4);
  bits &= 0xFFFFE000u;
  float m1;
  std::memcpy(&m1, &bits, 4);
  half *c = ref.expect<half>("c");
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n) {
      int32_t acc = t.isBias ? bias[n] : 0;
      for (int k = 0; k < t.Ka; ++k)
        acc += int32_t(a[m * t.Ka + k]) * int32_t(b[k * t.N + n]);
      float v = float(acc) * m1;
      v = v > 65504.0f ? 65504.0f : v < -65504.0f ? -65504.0f : v;
      c[m * t.N + n] = half(v);
    }
}
