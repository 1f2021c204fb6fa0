// Reference of adv_vector (adv-vector.cpp): hand-computed numbers.
// FasterGelu.md's formula x * e^(0.851 (x - |x|)) / (1 + e^(-1.702 |x|))
// at x = -4, -2, -1, -0.5, 0, 0.5, 1, 3, rounded to float, and to half
// (the default half computation rounds each of its four steps to half:
// -1.702 is -1.7021484375, and for these inputs the result is the float's
// rounded to half too). AscendDequant: (i - 10) * (0.5 + 0.25 c) for row
// r, column c, i = 16 r + c, and for {2, 8, 8} i = 8 r + c. BroadCast: rows
// of 1, 2, 3; four rows of 1..8; sixteen sixes.
static void ascRunReference(asc_run::Ref &ref) {
  static const float gelu[8] = {-0.00441472419f, -0.0643413737f, -0.154204234f,
                                -0.149611562f,   0.0f,           0.350388438f,
                                0.845795751f,    2.98192859f};
  static const float geluHalf[8] = {
      -0.00441360474f, -0.0643310547f, -0.154174805f, -0.149658203f, 0.0f,
      0.350341797f,    0.845703125f,   2.98242188f};
  // clang-format off
  static const float deq[48] = {
      -5.0f, -6.75f, -8.0f, -8.75f, -9.0f, -8.75f, -8.0f, -6.75f,
      -5.0f, -2.75f, 0.0f, 3.25f, 7.0f, 11.25f, 16.0f, 21.25f,
      3.0f, 5.25f, 8.0f, 11.25f, 15.0f, 19.25f, 24.0f, 29.25f,
      35.0f, 41.25f, 48.0f, 55.25f, 63.0f, 71.25f, 80.0f, 89.25f,
      -5.0f, -6.75f, -8.0f, -8.75f, -9.0f, -8.75f, -8.0f, -6.75f,
      -1.0f, -0.75f, 0.0f, 1.25f, 3.0f, 5.25f, 8.0f, 11.25f,
  };
  // clang-format on
  float *y = ref.expect<float>("gelu");
  half *yh = ref.expect<half>("geluHalf");
  float *d = ref.expect<float>("deq");
  float *r = ref.expect<float>("brc");
  for (int i = 0; i < 8; ++i) {
    y[i] = gelu[i];
    yh[i] = half(geluHalf[i]);
    yh[8 + i] = half(geluHalf[i]);
  }
  for (int i = 0; i < 48; ++i)
    d[i] = deq[i];
  for (int i = 0; i < 48; ++i)
    r[i] = float(i / 16 + 1);
  for (int i = 0; i < 32; ++i)
    r[48 + i] = float(i % 8 + 1);
  for (int i = 0; i < 16; ++i)
    r[80 + i] = 6.0f;
}
