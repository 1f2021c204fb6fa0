// RUN: asc-translate --asc-to-ascendc -split-input-file %s | FileCheck %s

// Blocks opened by verbatim text are indented by their braces; braces in
// string and character literals and in comments do not count.
// CHECK-LABEL: void tricky() {
// CHECK-NEXT:   while (keep()) {
// CHECK-NEXT:     print("}{ not a brace", '{');
// CHECK-NEXT:     /* } */ step(); // }
// CHECK-NEXT:     if (done()) { break; }
// CHECK-NEXT:   }
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @tricky() attributes {asc.kernel} {
  emitc.verbatim "while (keep()) {"
  emitc.verbatim "print(\"}{ not a brace\", '{');"
  emitc.verbatim "/* } */ step(); // }"
  emitc.verbatim "if (done()) { break; }"
  emitc.verbatim "}"
  return
}

// -----

// Source whose braces do not balance is printed as the emitter wrote it.
// CHECK-LABEL: void unbalanced() {
// CHECK-NEXT:   if (a) {
// CHECK-NEXT:   step();
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @unbalanced() attributes {asc.kernel} {
  emitc.verbatim "if (a) {"
  emitc.verbatim "step();"
  return
}
