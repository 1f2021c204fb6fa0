// Reference of std_utils on 3 vector cores of mix 1:2: core i writes
// ceil((7 + i) / 2), 3 + i, 3 (the tuple's size), 10 i + 2, 1 + min(i, 2)
// the ratio 2 and the row-major offset of (i, 2) in a 7 x 9 layout.
static void ascRunReference(asc_run::Ref &ref) {
  int64_t *out = ref.expect<int64_t>("out");
  for (int64_t i = 0; i < ref.blocks(); ++i) {
    int64_t *row = out + i * 7;
    row[0] = (7 + i + 1) / 2;
    row[1] = 3 + i;
    row[2] = 3;
    row[3] = 10 * i + 2;
    row[4] = 1 + (i < 2 ? i : 2);
    row[5] = 2;
    row[6] = 9 * i + 2;
  }
}
