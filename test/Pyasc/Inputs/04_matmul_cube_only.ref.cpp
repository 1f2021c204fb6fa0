// Reference of pyasc tutorial 04 (matmul_cube_only.py): C = A * B + bias,
// B stored K x N (the tutorial has IS_TRANS_B = False).
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  const float *bias = ref.input<float>("bias");
  float *c = ref.expect<float>("c");
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n)
      c[m * t.N + n] = float((t.isBias ? bias[n] : 0.0) +
                             asc_run::refDot(a, b, m, n, t.Ka, t.Ka, t.N,
                                             /*bTransposed=*/false));
}
