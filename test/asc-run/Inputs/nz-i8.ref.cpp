// Reference of @nz_i8 in nz.mlir: int8 A (M x K) and B (K x N) in NZ with
// 16 x 32 fractals (element (r, c) of an R-row matrix at
// (c / 32) * R * 32 + r * 32 + c % 32), an exact ND int32 C = A * B.
static void ascRunReference(asc_run::Ref &ref) {
  TCubeTiling t = ref.tiling("tiling");
  const int8_t *a = ref.input<int8_t>("a");
  const int8_t *b = ref.input<int8_t>("b");
  int32_t *c = ref.expect<int32_t>("c");
  auto at = [](int r, int col, int rows) {
    return int64_t(col / 32) * rows * 32 + int64_t(r) * 32 + col % 32;
  };
  for (int m = 0; m < t.M; ++m)
    for (int n = 0; n < t.N; ++n) {
      int32_t acc = 0;
      for (int k = 0; k < t.Ka; ++k)
        acc += int32_t(a[at(m, k, t.M)]) * int32_t(b[at(k, n, t.Ka)]);
      c[m * t.N + n] = acc;
    }
}
