// Reference of psum_batch (partial-sum.cpp), from CANN's partial-sum
// semantics: every batch computes into the next L0C buffer (one buffer, or
// two that alternate with the tiling's dbL0C 2); without enPartialSum a
// batch starts from its bias, with it from what that buffer holds. So c1's
// batch b is A_b B_b + bias_b, and c2's batch b adds A_b B_b to the buffer
// it gets: with one buffer c1's last batch plus the products of batches
// 0..b, with two c1's batch b plus A_b B_b. A is [2][M][K], B [2][K][N],
// bias [2][N].
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  const float *bias = ref.input<float>("bias");
  float *c1 = ref.expect<float>("c1");
  float *c2 = ref.expect<float>("c2");
  int mn = t.M * t.N;
  std::vector<double> l0c[2] = {std::vector<double>(mn),
                                std::vector<double>(mn)};
  int next = 0;
  for (int pass = 0; pass < 2; ++pass)
    for (int batch = 0; batch < 2; ++batch) {
      std::vector<double> &buffer = l0c[t.dbL0C == 2 ? next : 0];
      next ^= 1;
      for (int m = 0; m < t.M; ++m)
        for (int n = 0; n < t.N; ++n) {
          double &acc = buffer[m * t.N + n];
          double start = pass == 0 ? double(bias[batch * t.N + n]) : acc;
          acc = start + asc_run::refDot(a + int64_t(batch) * t.M * t.Ka,
                                        b + int64_t(batch) * t.Kb * t.N, m, n,
                                        t.Ka, t.Ka, t.N);
          (pass == 0 ? c1 : c2)[batch * mn + m * t.N + n] = float(acc);
        }
    }
}
