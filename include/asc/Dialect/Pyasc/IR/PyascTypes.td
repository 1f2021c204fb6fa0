//===- PyascTypes.td - types of the pyasc mirror -----------*- tablegen -*-===//
//
// The types and attributes of pyasc's `ascendc` and `emitasc` dialects that
// its Matmul kernels print.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_PYASC_IR_PYASCTYPES_TD
#define ASC_DIALECT_PYASC_IR_PYASCTYPES_TD

include "asc/Dialect/Pyasc/IR/PyascDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class Pyasc_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Pyasc_AscendCDialect, name, [MemRefElementTypeInterface] # traits> {
  let mnemonic = typeMnemonic;
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

/// pyasc's pipe_t, printed as a keyword.
def Pyasc_PipeKindAttr : I32EnumAttr<"PyPipeKind", "pyasc's pipe_t", [
    I32EnumAttrCase<"PIPE_S", 0, "pipe_s">,
    I32EnumAttrCase<"PIPE_V", 1, "pipe_v">,
    I32EnumAttrCase<"PIPE_M", 2, "pipe_m">,
    I32EnumAttrCase<"PIPE_MTE1", 3, "pipe_mte1">,
    I32EnumAttrCase<"PIPE_MTE2", 4, "pipe_mte2">,
    I32EnumAttrCase<"PIPE_MTE3", 5, "pipe_mte3">,
    I32EnumAttrCase<"PIPE_ALL", 6, "pipe_all">,
    I32EnumAttrCase<"PIPE_MTE4", 7, "pipe_mte4">,
    I32EnumAttrCase<"PIPE_MTE5", 8, "pipe_mte5">,
    I32EnumAttrCase<"PIPE_V2", 9, "pipe_v2">,
    I32EnumAttrCase<"PIPE_FIX", 10, "pipe_fix">
  ]> {
  let cppNamespace = "::mlir::asc::pyasc";
}

def Pyasc_MatmulConfigAttr
    : AttrDef<Pyasc_AscendCDialect, "PyMatmulConfig"> {
  let mnemonic = "matmul_config";
  let summary = "pyasc's MatmulConfig: `<do_norm = true, basic_m = 0 : i32, ...>`";
  let description = [{
    Every field pyasc sets, spelled as in `#asc.matmul_config` (the C++
    member in snake case), with a boolean or an `i32` integer value; pyasc
    prints its fifty fields, which the import carries into
    `#asc.matmul_config` or refuses by name.
  }];
  let parameters = (ins "::mlir::DictionaryAttr":$fields);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

class Pyasc_TensorType<string name, string typeMnemonic>
    : Pyasc_Type<name, typeMnemonic> {
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
}

def Pyasc_GlobalTensorType : Pyasc_TensorType<"PyGlobalTensor", "global_tensor"> {
  let summary = "AscendC::GlobalTensor<T>: `<*xf16>`, `<?xf16>`, `<512xf16>`";
}

def Pyasc_LocalTensorType : Pyasc_Type<"PyLocalTensor", "local_tensor"> {
  let summary = "AscendC::LocalTensor<T>: `<*xf32>`";
  let description = [{
    pyasc's local tensor type has no position. The import gives each one the
    position of the queue it comes from and prints it after the element type
    (`<*xf32, vecout>`), a form pyasc itself never prints.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        OptionalParameter<"::mlir::asc::TPositionAttr">:$position);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Framework objects
//===----------------------------------------------------------------------===//

def Pyasc_PipeType : Pyasc_Type<"PyPipe", "pipe"> {
  let summary = "AscendC::TPipe";
}

def Pyasc_QueueType : Pyasc_Type<"PyQueue", "queue"> {
  let summary = "AscendC::TQue<position, depth>";
  let parameters = (ins "::mlir::asc::TPosition":$position, "int64_t":$depth);
  let assemblyFormat = "`<` $position `,` $depth `>`";
}

def Pyasc_CubeTilingType : Pyasc_Type<"PyCubeTiling", "cube_tiling"> {
  let summary = "TCubeTiling, as a value";
}

def Pyasc_DataCopyParamsType : Pyasc_Type<"PyDataCopyParams", "data_copy_params"> {
  let summary = "AscendC::DataCopyParams";
}

def Pyasc_MatmulConfigType : Pyasc_Type<"PyMatmulConfig", "matmul_config"> {
  let summary = "MatmulConfig, as a value";
}

def Pyasc_MatmulApiStaticTilingType
    : Pyasc_Type<"PyMatmulApiStaticTiling", "matmul_api_static_tiling"> {
  let summary = "MatmulApiStaticTiling, get_matmul_api_tiling's result";
}

def Pyasc_AscendQuantConfigType
    : Pyasc_Type<"PyAscendQuantConfig", "ascend_quant_config"> {
  let summary = "AscendC::AscendQuantConfig, as a value (QuantConfig)";
}

// The enum types of MatmulConfig's fields, named in the `types` of the
// matmul_config constructor pyasc prints.
def Pyasc_BatchModeType : Pyasc_Type<"PyBatchMode", "batch_mode">;
def Pyasc_IterateOrderType : Pyasc_Type<"PyIterateOrder", "iterate_order">;
def Pyasc_ScheduleTypeType : Pyasc_Type<"PyScheduleType", "schedule_type">;
def Pyasc_BatchOutModeType : Pyasc_Type<"PyBatchOutMode", "batch_out_mode">;

def Pyasc_MatmulType : Pyasc_Type<"PyMatmul", "matmul"> {
  let summary = "matmul::Matmul<A, B, C, Bias, Config>";
  let description = [{
    pyasc prints the parts' positions as keywords, their formats and layouts
    as `i32` integers (its own enumerator values), then the config:

    ```mlir
    !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16,
                    false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32,
                    gm, 0 : i32, f32, <do_norm = true, ...>>
    ```
  }];
  let parameters = (ins
    "::mlir::asc::TPosition":$positionA, "int64_t":$formatA,
    "::mlir::Type":$typeA, "bool":$transA, "int64_t":$layoutA,
    "::mlir::asc::TPosition":$positionB, "int64_t":$formatB,
    "::mlir::Type":$typeB, "bool":$transB, "int64_t":$layoutB,
    "::mlir::asc::TPosition":$positionC, "int64_t":$formatC,
    "::mlir::Type":$typeC, "bool":$transC, "int64_t":$layoutC,
    "::mlir::asc::TPosition":$positionBias, "int64_t":$formatBias,
    "::mlir::Type":$typeBias, "PyMatmulConfigAttr":$config);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// emitasc
//===----------------------------------------------------------------------===//

def Pyasc_PyStructType : TypeDef<Pyasc_EmitAscDialect, "PyStruct",
                                 [MemRefElementTypeInterface]> {
  let mnemonic = "py_struct";
  let summary = "a C++ struct pyasc declares: `<\"Name\", [types], [\"fields\"]>`";
  let parameters = (ins "::mlir::StringAttr":$name,
                        "::mlir::ArrayAttr":$types,
                        "::mlir::ArrayAttr":$names);
  let assemblyFormat = "`<` $name `,` $types `,` $names `>`";
}

#endif // ASC_DIALECT_PYASC_IR_PYASCTYPES_TD
