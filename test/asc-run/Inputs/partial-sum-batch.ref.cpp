// Reference of psum_batch (partial-sum.cpp), from CANN's partial-sum
// semantics: the cube has one L0C buffer (dbL0C 1), every batch computes
// into it; without enPartialSum a batch starts from its bias, with it from
// what the buffer holds. So c1's batch b is A_b B_b + bias_b, and c2's batch
// b adds A_b B_b to the buffer: c1's last batch plus the products of
// batches 0..b. A is [2][M][K], B [2][K][N], bias [2][N].
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  const float *bias = ref.input<float>("bias");
  float *c1 = ref.expect<float>("c1");
  float *c2 = ref.expect<float>("c2");
  int mn = t.M * t.N;
  std::vector<double> l0c(mn);
  for (int pass = 0; pass < 2; ++pass)
    for (int batch = 0; batch < 2; ++batch)
      for (int m = 0; m < t.M; ++m)
        for (int n = 0; n < t.N; ++n) {
          double &acc = l0c[m * t.N + n];
          double start = pass == 0 ? double(bias[batch * t.N + n]) : acc;
          acc = start + asc_run::refDot(a + int64_t(batch) * t.M * t.Ka,
                                        b + int64_t(batch) * t.Kb * t.N, m, n,
                                        t.Ka, t.Ka, t.N);
          (pass == 0 ? c1 : c2)[batch * mn + m * t.N + n] = float(acc);
        }
}
