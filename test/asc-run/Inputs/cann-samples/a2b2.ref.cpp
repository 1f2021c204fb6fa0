// Reference of CANN's matmul_a2b2_share sample: two products with the same
// bias, C1 = A1 * B1 + bias and C2 = A2 * B2 + bias, all row-major.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const float *bias = t.isBias ? ref.input<float>("bias") : nullptr;
  const char *names[2][3] = {{"a1", "b1", "c1"}, {"a2", "b2", "c2"}};
  for (auto &name : names) {
    const half *a = ref.input<half>(name[0]);
    const half *b = ref.input<half>(name[1]);
    float *c = ref.expect<float>(name[2]);
    for (int m = 0; m < t.M; ++m)
      for (int n = 0; n < t.N; ++n)
        c[m * t.N + n] = float((bias ? bias[n] : 0.0) +
                               asc_run::refDot(a, b, m, n, t.Ka, t.Ka, t.N));
  }
}
