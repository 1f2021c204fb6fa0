// Reference of partial_output in partial-output.cpp: the base blocks in
// ORDER_M (M fastest), each block's K slices of baseK (the last one the
// tail) one after the other, slice s of block (i, j) the product of A's
// rows of block i and columns [s * baseK, ...) with B's matching rows,
// baseM x baseN each, in double.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  float *parts = ref.expect<float>("parts");
  int blocksM = (t.M + t.baseM - 1) / t.baseM;
  int blocksN = (t.N + t.baseN - 1) / t.baseN;
  int slices = (t.Ka + t.baseK - 1) / t.baseK;
  int slot = 0;
  for (int bn = 0; bn < blocksN; ++bn)
    for (int bm = 0; bm < blocksM; ++bm)
      for (int s = 0; s < slices; ++s, ++slot)
        for (int i = 0; i < t.baseM; ++i)
          for (int j = 0; j < t.baseN; ++j) {
            double acc = 0;
            for (int k = s * t.baseK; k < t.Ka && k < (s + 1) * t.baseK; ++k)
              acc += double(float(a[(bm * t.baseM + i) * t.Ka + k])) *
                     double(float(b[k * t.N + bn * t.baseN + j]));
            parts[(slot * t.baseM + i) * t.baseN + j] = float(acc);
          }
}
