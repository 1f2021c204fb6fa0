// asc-translate prints the Ascend C of a module only when every stage,
// emission included, succeeds: a kernel the C++ emitter refuses after a
// kernel it printed leaves stdout empty.
// RUN: not asc-translate --asc-to-ascendc %s > %t.cpp 2> %t.err
// RUN: count 0 < %t.cpp
// RUN: FileCheck %s < %t.err
// CHECK: error: {{.*}}'i31'

// The good kernel, printed first by the emitter.
func.func @fine(%x: i32) attributes {asc.kernel} {
  return
}

// An integer type the C++ emitter cannot print.
func.func @odd_width(%x: i31) attributes {asc.kernel} {
  return
}
