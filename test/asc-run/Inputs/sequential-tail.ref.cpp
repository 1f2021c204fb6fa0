// Reference of sequential_tail (sequential-tail.cpp): C = A * B (32 x 48)
// in double; slot 0 holds columns 0..31 in rows of 32, slot 1 (baseM x
// baseN = 1024 elements on) the tail columns 32..47 in rows of 16, the rest
// of it zero as launched.
static void ascRunReference(asc_run::Ref &ref) {
  const half *a = ref.input<half>("a");
  const half *b = ref.input<half>("b");
  float *slots = ref.expect<float>("slots");
  for (int i = 0; i < 32; ++i)
    for (int j = 0; j < 48; ++j) {
      double sum = asc_run::refDot(a, b, i, j, 32, 32, 48);
      int slot = j / 32, width = slot ? 16 : 32;
      slots[slot * 1024 + i * width + j % 32] = float(sum);
    }
}
