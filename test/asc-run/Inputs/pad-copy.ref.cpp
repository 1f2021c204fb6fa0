// Reference of pad-copy.cpp: y = x + 1; z holds the padded rows plus one:
// the row, then its padding and the rest of its 64 bytes, all the padding
// value -1 (isPad with right padding: the docs' dummy is the padding
// value), so 0 there.
static void ascRunReference(asc_run::Ref &ref) {
  const float *x = ref.input<float>("x");
  float *y = ref.expect<float>("y");
  float *z = ref.expect<float>("z");
  for (uint64_t r = 0; r < 4; ++r)
    for (uint64_t c = 0; c < 16; ++c) {
      float v = c < 10 ? x[r * 10 + c] + 1.0f : 0.0f;
      z[r * 16 + c] = v;
      if (c < 10)
        y[r * 10 + c] = v;
    }
}
