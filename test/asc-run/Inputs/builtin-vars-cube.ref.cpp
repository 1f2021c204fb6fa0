// Reference of builtin_vars_cube on cube cores alone: block_idx is the
// core's index, no sub-block, one "vector core" per group as CANN's
// GetSubBlockNumImpl answers on the cube core.
static void ascRunReference(asc_run::Ref &ref) {
  int64_t *out = ref.expect<int64_t>("out");
  for (int64_t i = 0; i < ref.blocks(); ++i) {
    out[i * 4 + 0] = i;
    out[i * 4 + 1] = ref.blocks();
    out[i * 4 + 2] = 0;
    out[i * 4 + 3] = 1;
  }
}
