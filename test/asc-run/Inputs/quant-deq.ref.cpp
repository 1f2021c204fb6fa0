// Reference of @quant_scalar with a half C in quant.cpp: C = A * B + bias
// in int32, then FIXPIPE's DEQF16 as CANN defines it (随路量化.md, table 1,
// and fixpipe_l0c2gm/scripts/gen_data_s322f16.py): the int32 as a float
// times M1 (the parameter's bits 31..13 read as a float), rounded to half,
// saturating at 65504. The fraction stays.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const int8_t *a = ref.input<int8_t>("a");
  const int8_t *b = ref.input<int8_t>("b");
  const int32_t *bias = ref.input<int32_t>("bias");
  uint32_t bits = uint32_t(ref.input<uint64_t>("scalar")[0]) & 0xFFFFE000u;
  float m1;
  std::memcpy(&m1, &bits, 4);
  half *c = ref.expect<half>("c");
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n) {
      int32_t acc = bias[n];
      for (int k = 0; k < t.Ka; ++k)
        acc += int32_t(a[m * t.Ka + k]) * int32_t(b[k * t.N + n]);
      float v = float(acc) * m1;
      v = v > 65504.0f ? 65504.0f : v < -65504.0f ? -65504.0f : v;
      c[m * t.N + n] = half(v);
    }
}
