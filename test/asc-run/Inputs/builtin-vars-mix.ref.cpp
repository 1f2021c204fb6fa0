// Reference of builtin_vars_mix launched on 2 groups of 1:2 (4 vector
// cores): vector core i is sub-block i % 2 of group i / 2 (核函数.md:
// logic_idx = block_idx * sub_block_num + sub_block_idx).
static void ascRunReference(asc_run::Ref &ref) {
  int64_t *out = ref.expect<int64_t>("out");
  const int64_t ratio = 2, vectorCores = ref.blocks();
  for (int64_t i = 0; i < vectorCores; ++i) {
    out[i * 4 + 0] = i / ratio;
    out[i * 4 + 1] = vectorCores / ratio;
    out[i * 4 + 2] = i % ratio;
    out[i * 4 + 3] = ratio;
  }
}
