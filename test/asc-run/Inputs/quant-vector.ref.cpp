// Reference of @quant_vector in quant.cpp: C = A * B in int32, then
// FIXPIPE's VDEQF16 as CANN defines it (随路量化.md, table 1): column n's
// int32 as a float times its M1, the bits 31..13 of scales[n] + 0.3 read as
// a float, rounded to half, saturating at 65504.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const int8_t *a = ref.input<int8_t>("a");
  const int8_t *b = ref.input<int8_t>("b");
  const float *scales = ref.input<float>("scales");
  half *c = ref.expect<half>("c");
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n) {
      float scale = scales[n] + 0.3f;
      uint32_t bits;
      std::memcpy(&bits, &scale, 4);
      bits &= 0xFFFFE000u;
      float m1;
      std::memcpy(&m1, &bits, 4);
      int32_t acc = 0;
      for (int k = 0; k < t.Ka; ++k)
        acc += int32_t(a[m * t.Ka + k]) * int32_t(b[k * t.N + n]);
      float v = float(acc) * m1;
      v = v > 65504.0f ? 65504.0f : v < -65504.0f ? -65504.0f : v;
      c[m * t.N + n] = half(v);
    }
}
