//===- PyascEmitAscOps.td - emitasc ops of the pyasc mirror -*- tablegen -*-===//
//
// The ops of pyasc's `emitasc` dialect (C++ structs and pointers) that its
// Matmul kernels print.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_PYASC_IR_PYASCEMITASCOPS_TD
#define ASC_DIALECT_PYASC_IR_PYASCEMITASCOPS_TD

include "asc/Dialect/Pyasc/IR/PyascTypes.td"
include "mlir/IR/OpBase.td"

//===----------------------------------------------------------------------===//
// emitasc
//===----------------------------------------------------------------------===//

def Pyasc_PyCopyStructOp : Pyasc_EmitAscOp<"copy_struct"> {
  let summary = "a local copy of the struct a pointer points at";
  let arguments = (ins AnyMemRef:$base);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$base attr-dict `:` type($base) `,` type($result)";
}

def Pyasc_PyMemberOp : Pyasc_EmitAscOp<"member"> {
  let summary = "a struct member by name: `base.field`";
  let arguments = (ins AnyType:$base, StrAttr:$field);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$base $field attr-dict `:` type($base) `,` type($result)";
}

def Pyasc_PySetMemberOp : Pyasc_EmitAscOp<"set_member"> {
  let summary = "a struct member set by name: `base.field = value`";
  let arguments = (ins AnyType:$base, StrAttr:$field, AnyType:$value);
  let assemblyFormat = [{
    $base $field `,` $value attr-dict `:` type($base) `,` type($value)
  }];
}

def Pyasc_PyPtrOffsetOp : Pyasc_EmitAscOp<"ptr_offset"> {
  let summary = "pointer + offset (in elements)";
  let arguments = (ins AnyMemRef:$base, OptionalAttr<IndexAttr>:$staticOffset,
                       Optional<Index>:$dynamicOffset);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = [{
    $base `[` ($dynamicOffset^):($staticOffset ` `)? `]` attr-dict `:`
    type($base) `,` type($result)
  }];
}

#endif // ASC_DIALECT_PYASC_IR_PYASCEMITASCOPS_TD
