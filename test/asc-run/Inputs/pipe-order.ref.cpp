// Reference of pipe-order.cpp: each block's second row of x scaled by
// alpha, its first element plus the unscaled one.
static void ascRunReference(asc_run::Ref &ref) {
  const float *x = ref.input<float>("x");
  float alpha = ref.input<float>("alpha")[0];
  int32_t n = ref.input<int32_t>("n")[0];
  float *y = ref.expect<float>("y");
  for (uint64_t b = 0; b < ref.count("y") / uint64_t(n); ++b) {
    const float *row = x + (2 * b + 1) * uint64_t(n);
    for (int32_t i = 0; i < n; ++i)
      y[b * n + i] = row[i] * alpha;
    y[b * n] += row[0];
  }
}
