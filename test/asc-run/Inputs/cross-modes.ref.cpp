// Reference of cross-modes.cpp: y[b] holds rows b, b ^ 1 and (b + 2) % 4
// of x.
static void ascRunReference(asc_run::Ref &ref) {
  const float *x = ref.input<float>("x");
  float *y = ref.expect<float>("y");
  const uint64_t n = 64, blocks = 4;
  for (uint64_t b = 0; b < blocks; ++b) {
    const uint64_t rows[3] = {b, b ^ 1, (b + 2) % blocks};
    for (uint64_t r = 0; r < 3; ++r)
      for (uint64_t i = 0; i < n; ++i)
        y[(b * 3 + r) * n + i] = x[rows[r] * n + i];
  }
}
