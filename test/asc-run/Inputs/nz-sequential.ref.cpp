// Reference of nz_sequential and nz_view (nz-outputs.cpp): the baseM x
// baseN blocks of C = A * B one after the other, M varying fastest (ORDER_M),
// each an NZ matrix of baseM rows, [baseN / 16][baseM][16].
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  float *c = ref.expect<float>("c");
  int blocksM = t.M / t.baseM;
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n) {
      int slot = (n / t.baseN) * blocksM + m / t.baseM;
      int i = m % t.baseM, j = n % t.baseN;
      c[int64_t(slot) * t.baseM * t.baseN + (j / 16) * t.baseM * 16 + i * 16 +
        j % 16] = float(asc_run::refDot(a, b, m, n, t.Ka, t.Ka, t.N));
    }
}
