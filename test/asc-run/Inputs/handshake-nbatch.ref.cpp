// Reference of nbatch_flagged_fetch (handshake.mlir): loop l of the
// IterateNBatch multiplies A's and B's matrix l (BNGS1S2, one a loop):
// y_l = A_l B_l.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  float *y = ref.expect<float>("y");
  int mk = t.M * t.Ka, kn = t.Kb * t.N, mn = t.M * t.N;
  for (int l = 0; l < 2; ++l)
    for (int m = 0; m < t.M; ++m)
      for (int n = 0; n < t.N; ++n)
        y[l * mn + m * t.N + n] = float(
            asc_run::refDot(a + l * mk, b + l * kn, m, n, t.Ka, t.Ka, t.N));
}
