// Reference of @quant_scalar with half A and B, a float bias and an int8 C
// (quant.test's sed of quant.cpp): C = A * B + bias in float, then
// FIXPIPE's QF322B8_PRE as CANN defines it (随路量化.md, table 1, and
// fixpipe_l0c2gm/scripts/gen_data_f322s8.py): times M1 (bits 31..13 as a
// float), saturated to [-256, 255], rounded to nearest even, plus the
// 9-bit signed offset of bits 45..37, saturated to int8 (bit 46 set).
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  const float *bias = ref.input<float>("bias");
  uint64_t param = ref.input<uint64_t>("scalar")[0];
  uint32_t bits = uint32_t(param) & 0xFFFFE000u;
  float m1;
  std::memcpy(&m1, &bits, 4);
  int offset = int((param >> 37) & 0x1FF);
  if (offset >= 256)
    offset -= 512;
  bool isSigned = (param >> 46) & 1;
  int8_t *c = ref.expect<int8_t>("c");
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n) {
      double acc = bias[n];
      for (int k = 0; k < t.Ka; ++k)
        acc += double(float(a[m * t.Ka + k])) * double(float(b[k * t.N + n]));
      float v = float(acc) * m1;
      v = v > 255.0f ? 255.0f : v < -256.0f ? -256.0f : v;
      int r = int(std::nearbyint(v)) + offset;
      int lo = isSigned ? -128 : 0, hi = isSigned ? 127 : 255;
      r = r < lo ? lo : r > hi ? hi : r;
      c[m * t.N + n] = int8_t(uint8_t(r));
    }
}
