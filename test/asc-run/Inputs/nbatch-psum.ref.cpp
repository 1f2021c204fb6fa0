// Reference of nbatch_psum (nbatch-broadcast.cpp): L0C holds A0 B0 after the
// first IterateNBatch; the second, with enPartialSum, adds A0 B0 (loop 0)
// and then A1 B1 (loop 1) to it: y0 = 2 A0 B0, y1 = 2 A0 B0 + A1 B1.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  float *y = ref.expect<float>("y");
  int mk = t.M * t.Ka, kn = t.Kb * t.N, mn = t.M * t.N;
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n) {
      double p0 = asc_run::refDot(a, b, m, n, t.Ka, t.Ka, t.N);
      double p1 = asc_run::refDot(a + mk, b + kn, m, n, t.Ka, t.Ka, t.N);
      y[m * t.N + n] = float(2 * p0);
      y[mn + m * t.N + n] = float(2 * p0 + p1);
    }
}
