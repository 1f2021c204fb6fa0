// Reference of scale_copy.cpp: y = x * SCALE (+ 0.5 with OFFSET and key 5),
// in double. The launch names its instantiation in the output's name:
// "y3" for <3, true> with key 5, "y2" for <2, false>.
static void ascRunReference(asc_run::Ref &ref) {
  const float *x = ref.input<float>("x");
  bool three = ref.has("y3");
  float *y = ref.expect<float>(three ? "y3" : "y2");
  for (int i = 0; i < 64; ++i)
    y[i] = float(double(x[i]) * (three ? 3 : 2) + (three ? 0.5 : 0));
}
