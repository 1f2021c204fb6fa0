// Reference of iterate-loop-blocks.mlir: core i's blocks of
// 0.5 * (A * B), rows [i * singleCoreM, (i + 1) * singleCoreM), in fetch
// order (M fastest), each baseM x baseN block row-major, one after the
// other from y[i * singleCoreM * singleCoreN].
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  float *y = ref.expect<float>("y");
  int cores = t.usedCoreNum;
  int roundM = t.singleCoreM / t.baseM, roundN = t.singleCoreN / t.baseN;
  for (int core = 0; core < cores; ++core)
    for (int k = 0; k < roundM * roundN; ++k)
      for (int i = 0; i < t.baseM; ++i)
        for (int j = 0; j < t.baseN; ++j) {
          int m = core * t.singleCoreM + (k % roundM) * t.baseM + i;
          int n = (k / roundM) * t.baseN + j;
          double x = asc_run::refDot(a, b, m, n, t.Ka, t.Ka, t.N);
          y[uint64_t(core) * t.singleCoreM * t.singleCoreN +
            uint64_t(k) * t.baseM * t.baseN + i * t.baseN + j] =
              float(0.5 * x);
        }
}
