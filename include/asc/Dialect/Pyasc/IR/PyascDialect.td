//===- PyascDialect.td - mirror of pyasc's dialects --------*- tablegen -*-===//
//
// The `ascendc` and `emitasc` dialects of pyasc (Huawei's Python front end
// for Ascend C), as far as its Matmul kernels use them: enough to parse the
// IR pyasc prints, in its pretty form, and convert it to `asc`. They are
// written here from the printed syntax (a fact of pyasc's output) and are no
// copy of pyasc's own definitions.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_PYASC_IR_PYASCDIALECT_TD
#define ASC_DIALECT_PYASC_IR_PYASCDIALECT_TD

include "mlir/IR/OpBase.td"

def Pyasc_AscendCDialect : Dialect {
  let name = "ascendc";
  let cppNamespace = "::mlir::asc::pyasc";
  let summary = "mirror of pyasc's `ascendc` dialect (import only)";
  let description = [{
    The part of pyasc's `ascendc` dialect that its Matmul kernels use
    (tutorials 03-05, the Matmul unit tests), with pyasc's printed syntax.
    It exists to be read and converted to `asc` by
    `--convert-pyasc-to-asc`; nothing lowers or emits it. An op of pyasc's
    dialect outside this mirror is an error that names it: the parser knows
    the dialect and refuses the unknown op. See [Pyasc.md](../Pyasc.md).
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  // Local tensors carry asc's TPosition attribute once the import gives
  // them their queue's position.
  let dependentDialects = ["::mlir::asc::AscDialect"];
  let extraClassDeclaration = [{
  private:
    void registerTypes();
    void registerAttributes();
  public:
  }];
}

def Pyasc_EmitAscDialect : Dialect {
  let name = "emitasc";
  let cppNamespace = "::mlir::asc::pyasc";
  let summary = "mirror of pyasc's `emitasc` dialect (import only)";
  let description = [{
    The part of pyasc's `emitasc` dialect (C++ structs, pointer offsets,
    member accesses) that its Matmul kernels use, with pyasc's printed
    syntax, for `--convert-pyasc-to-asc`.
  }];
  let useDefaultTypePrinterParser = 1;
  let extraClassDeclaration = [{
  private:
    void registerTypes();
  public:
  }];
}

class Pyasc_Op<string mnemonic, list<Trait> traits = []>
    : Op<Pyasc_AscendCDialect, mnemonic, traits>;

class Pyasc_EmitAscOp<string mnemonic, list<Trait> traits = []>
    : Op<Pyasc_EmitAscDialect, mnemonic, traits>;

#endif // ASC_DIALECT_PYASC_IR_PYASCDIALECT_TD
