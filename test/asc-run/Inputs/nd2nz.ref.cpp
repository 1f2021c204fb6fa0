// Reference of nd2nz_ub (nd2nz.cpp): the UB buffer of 1280 halves, -1
// where nothing was copied; element (r, c) of matrix i (source
// x[i * 400 + r * 24 + c]) at i * 640 + (c / 16) * 18 * 16 + r * 16 +
// c % 16, with zeros for c in [20, 32).
static void ascRunReference(asc_run::Ref &ref) {
  const half *x = ref.input<half>("x");
  half *y = ref.expect<half>("y");
  for (int e = 0; e < 1280; ++e)
    y[e] = half(-1.0f);
  for (int i = 0; i < 2; ++i)
    for (int r = 0; r < 16; ++r)
      for (int c = 0; c < 32; ++c)
        y[i * 640 + (c / 16) * 18 * 16 + r * 16 + c % 16] =
            c < 20 ? x[i * 400 + r * 24 + c] : half(0.0f);
}
