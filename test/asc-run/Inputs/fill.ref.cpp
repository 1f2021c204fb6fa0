// Reference of fill_slices: y all 0 (the vector cores' Fill; the cube
// core's does nothing), z all 1.5.
static void ascRunReference(asc_run::Ref &ref) {
  float *y = ref.expect<float>("y");
  half *z = ref.expect<half>("z");
  for (uint64_t i = 0; i < ref.count("y"); ++i)
    y[i] = 0.0f;
  for (uint64_t i = 0; i < ref.count("z"); ++i)
    z[i] = half(1.5f);
}
