// RUN: asc-translate --asc-to-ascendc %examples/04-async-iterate-all-overlap.mlir | diff -u %S/Inputs/golden/04-async-iterate-all-overlap.cpp -

// Async IterateAll to a workspace slice of GM and its hand-placed wait,
// then the vector work that reads C.
//
// Inputs/golden/04-async-iterate-all-overlap.cpp pins the whole emitted kernel; after an intended
// change of the output, regenerate it with utils/update-goldens.sh and
// review the diff.
