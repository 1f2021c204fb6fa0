// Reference of @int8_gemm in numerics.mlir: exact int32 C = A * B.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const int8_t *a = ref.input<int8_t>("a");
  const int8_t *b = ref.input<int8_t>("b");
  int32_t *c = ref.expect<int32_t>("c");
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n) {
      int32_t acc = 0;
      for (int k = 0; k < t.Ka; ++k)
        acc += int32_t(a[m * t.Ka + k]) * int32_t(b[k * t.N + n]);
      c[m * t.N + n] = acc;
    }
}
