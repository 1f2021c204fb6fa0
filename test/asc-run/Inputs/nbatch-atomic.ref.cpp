// Reference of nbatch_atomic (nbatch-broadcast.cpp): the workspace holds
// A_l B_l from the first IterateNBatch and the second, with enAtomic = 1,
// adds A_l B_l again: y_l = 2 A_l B_l.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  float *y = ref.expect<float>("y");
  int mk = t.M * t.Ka, kn = t.Kb * t.N, mn = t.M * t.N;
  for (int l = 0; l < 2; ++l)
    for (int m = 0; m < t.M; ++m)
      for (int n = 0; n < t.N; ++n) {
        double p =
            asc_run::refDot(a + l * mk, b + l * kn, m, n, t.Ka, t.Ka, t.N);
        y[l * mn + m * t.N + n] = float(2 * p);
      }
}
