// Reference of CANN's int4 Matmul sample: C = A * B (+ bias when the
// tiling's isBias is set) in int32, A M x K and B K x N row-major int4b_t,
// two signed 4-bit values a byte, the even element in the low nibble (as
// the sample's scripts/gen_data.py packs them), unpacked here in plain
// loops.
static int nibble(const uint8_t *packed, long e) {
  int v = (e % 2 ? packed[e / 2] >> 4 : packed[e / 2]) & 0xF;
  return v >= 8 ? v - 16 : v;
}

// The packed A and B are the arguments named `a` and `b` (`a4` and `b4`
// where the launch has them: the compatibility sample matmul_s4).
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  // The packed bytes, given as i8 (so that both nibbles take negative
  // values too).
  bool s4 = ref.has("a4");
  const uint8_t *a =
      reinterpret_cast<const uint8_t *>(ref.input<int8_t>(s4 ? "a4" : "a"));
  const uint8_t *b =
      reinterpret_cast<const uint8_t *>(ref.input<int8_t>(s4 ? "b4" : "b"));
  int32_t *c = ref.expect<int32_t>("c");
  const int32_t *bias = t.isBias ? ref.input<int32_t>("bias") : nullptr;
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n) {
      long acc = bias ? bias[n] : 0;
      for (int k = 0; k < t.Ka; ++k)
        acc +=
            long(nibble(a, long(m) * t.Ka + k)) * nibble(b, long(k) * t.N + n);
      c[m * t.N + n] = int32_t(acc);
    }
}
