// Reference of @quant_scalar with an int8 C in quant.cpp: C = A * B + bias
// in int32, then FIXPIPE's REQ8 as CANN defines it (随路量化.md, table 1,
// and fixpipe_l0c2gm/scripts/gen_data_s322s8.py): the int32 as a float
// times M1 (bits 31..13 as a float), saturated to [-256, 255], rounded to
// nearest even, plus the 9-bit signed offset of bits 45..37, saturated to
// int8 when bit 46 is set, else to uint8 (stored as its byte).
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const int8_t *a = ref.input<int8_t>("a");
  const int8_t *b = ref.input<int8_t>("b");
  const int32_t *bias = ref.input<int32_t>("bias");
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
      int32_t acc = bias[n];
      for (int k = 0; k < t.Ka; ++k)
        acc += int32_t(a[m * t.Ka + k]) * int32_t(b[k * t.N + n]);
      float v = float(acc) * m1;
      v = v > 255.0f ? 255.0f : v < -256.0f ? -256.0f : v;
      int r = int(std::nearbyint(v)) + offset;
      int lo = isSigned ? -128 : 0, hi = isSigned ? 127 : 255;
      r = r < lo ? lo : r > hi ? hi : r;
      c[m * t.N + n] = int8_t(uint8_t(r));
    }
}
