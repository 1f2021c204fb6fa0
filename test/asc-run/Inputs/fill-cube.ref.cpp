// Reference of fill_cube: y and z as launched (zero).
static void ascRunReference(asc_run::Ref &ref) { (void)ref; }
