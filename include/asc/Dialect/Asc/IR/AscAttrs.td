//===- AscAttrs.td - asc enums and attributes --------------*- tablegen -*-===//
//
// Enumerations of the Ascend C API (TPosition, CubeFormat, ...) and the
// attributes that describe a Matmul object's template parameters.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_IR_ASCATTRS_TD
#define ASC_DIALECT_ASC_IR_ASCATTRS_TD

include "asc/Dialect/Asc/IR/AscDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

//===----------------------------------------------------------------------===//
// Enumerations
//===----------------------------------------------------------------------===//

def Asc_TPosition : I32EnumAttr<"TPosition",
    "logical position of a tensor (AscendC::TPosition)", [
      I32EnumAttrCase<"GM", 0, "gm">,
      I32EnumAttrCase<"VECIN", 1, "vecin">,
      I32EnumAttrCase<"VECOUT", 2, "vecout">,
      I32EnumAttrCase<"VECCALC", 3, "veccalc">,
      I32EnumAttrCase<"A1", 4, "a1">,
      I32EnumAttrCase<"A2", 5, "a2">,
      I32EnumAttrCase<"B1", 6, "b1">,
      I32EnumAttrCase<"B2", 7, "b2">,
      I32EnumAttrCase<"C1", 8, "c1">,
      I32EnumAttrCase<"C2", 9, "c2">,
      I32EnumAttrCase<"CO1", 10, "co1">,
      I32EnumAttrCase<"CO2", 11, "co2">,
      I32EnumAttrCase<"TSCM", 12, "tscm">
    ]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
}
def Asc_TPositionAttr : EnumAttr<Asc_Dialect, Asc_TPosition, "position"> {
  let assemblyFormat = "`<` $value `>`";
}

def Asc_CubeFormat : I32EnumAttr<"CubeFormat",
    "data layout of a Matmul operand (CubeFormat)", [
      I32EnumAttrCase<"ND", 0, "nd">,
      I32EnumAttrCase<"NZ", 1, "nz">,
      I32EnumAttrCase<"ZN", 2, "zn">,
      I32EnumAttrCase<"ZZ", 3, "zz">,
      I32EnumAttrCase<"NN", 4, "nn">,
      I32EnumAttrCase<"ND_ALIGN", 5, "nd_align">,
      I32EnumAttrCase<"SCALAR", 6, "scalar">,
      I32EnumAttrCase<"VECTOR", 7, "vector">
    ]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
}
def Asc_CubeFormatAttr : EnumAttr<Asc_Dialect, Asc_CubeFormat, "format"> {
  let assemblyFormat = "`<` $value `>`";
}

def Asc_LayoutMode : I32EnumAttr<"LayoutMode",
    "batch layout of a Matmul operand (LayoutMode)", [
      I32EnumAttrCase<"NONE", 0, "none">,
      I32EnumAttrCase<"BSNGD", 1, "bsngd">,
      I32EnumAttrCase<"SBNGD", 2, "sbngd">,
      I32EnumAttrCase<"BNGS1S2", 3, "bngs1s2">,
      I32EnumAttrCase<"NORMAL", 4, "normal">
    ]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
}
def Asc_LayoutModeAttr : EnumAttr<Asc_Dialect, Asc_LayoutMode, "layout"> {
  let assemblyFormat = "`<` $value `>`";
}

def Asc_PipeKind : I32EnumAttr<"PipeKind",
    "hardware pipeline named by a barrier (pipe_t)", [
      I32EnumAttrCase<"PIPE_S", 0, "pipe_s">,
      I32EnumAttrCase<"PIPE_V", 1, "pipe_v">,
      I32EnumAttrCase<"PIPE_M", 2, "pipe_m">,
      I32EnumAttrCase<"PIPE_MTE1", 3, "pipe_mte1">,
      I32EnumAttrCase<"PIPE_MTE2", 4, "pipe_mte2">,
      I32EnumAttrCase<"PIPE_MTE3", 5, "pipe_mte3">,
      I32EnumAttrCase<"PIPE_FIX", 6, "pipe_fix">,
      I32EnumAttrCase<"PIPE_ALL", 7, "pipe_all">
    ]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
}
def Asc_PipeKindAttr : EnumAttr<Asc_Dialect, Asc_PipeKind, "pipe"> {
  let assemblyFormat = "`<` $value `>`";
}

// The cases are CANN's HardEvent names; which pipe each orders before which
// is runtime/asc_run/hard_events.def, the table asc-run reads too
// (getHardEventPipes).
def Asc_HardEvent : I32EnumAttr<"HardEvent",
    "a hardware event between two pipes of the vector core (HardEvent)", [
      I32EnumAttrCase<"MTE2_V", 0, "mte2_v">,
      I32EnumAttrCase<"V_MTE2", 1, "v_mte2">,
      I32EnumAttrCase<"V_MTE3", 2, "v_mte3">,
      I32EnumAttrCase<"MTE3_V", 3, "mte3_v">,
      I32EnumAttrCase<"MTE2_MTE3", 4, "mte2_mte3">,
      I32EnumAttrCase<"MTE3_MTE2", 5, "mte3_mte2">,
      I32EnumAttrCase<"S_V", 6, "s_v">,
      I32EnumAttrCase<"V_S", 7, "v_s">,
      I32EnumAttrCase<"MTE2_S", 8, "mte2_s">,
      I32EnumAttrCase<"S_MTE2", 9, "s_mte2">,
      I32EnumAttrCase<"MTE3_S", 10, "mte3_s">,
      I32EnumAttrCase<"S_MTE3", 11, "s_mte3">
    ]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
}
def Asc_HardEventAttr : EnumAttr<Asc_Dialect, Asc_HardEvent, "hard_event"> {
  let assemblyFormat = "`<` $value `>`";
}

def Asc_MatmulConfigKind : I32EnumAttr<"MatmulConfigKind",
    "preset a MatmulConfig is built from", [
      I32EnumAttrCase<"Norm", 0, "norm">,
      I32EnumAttrCase<"MDL", 1, "mdl">,
      I32EnumAttrCase<"SpecialMDL", 2, "special_mdl">,
      I32EnumAttrCase<"IBShareNorm", 3, "ib_share_norm">,
      I32EnumAttrCase<"Basic", 4, "basic">
    ]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
}
def Asc_MatmulConfigKindAttr
    : EnumAttr<Asc_Dialect, Asc_MatmulConfigKind, "config_kind"> {
  let assemblyFormat = "`<` $value `>`";
}

/// The fields of TCubeTiling (every member of CANN's, matmul_tilingdata.h),
/// spelled as the C++ members; the first 23 are the ones kernels read, the
/// others follow in the struct's order.
def Asc_TilingField : I32EnumAttr<"TilingField",
    "a field of TCubeTiling", [
      I32EnumAttrCase<"usedCoreNum", 0>,
      I32EnumAttrCase<"M", 1>,
      I32EnumAttrCase<"N", 2>,
      I32EnumAttrCase<"Ka", 3>,
      I32EnumAttrCase<"Kb", 4>,
      I32EnumAttrCase<"singleCoreM", 5>,
      I32EnumAttrCase<"singleCoreN", 6>,
      I32EnumAttrCase<"singleCoreK", 7>,
      I32EnumAttrCase<"baseM", 8>,
      I32EnumAttrCase<"baseN", 9>,
      I32EnumAttrCase<"baseK", 10>,
      I32EnumAttrCase<"depthA1", 11>,
      I32EnumAttrCase<"depthB1", 12>,
      I32EnumAttrCase<"stepM", 13>,
      I32EnumAttrCase<"stepN", 14>,
      I32EnumAttrCase<"stepKa", 15>,
      I32EnumAttrCase<"stepKb", 16>,
      I32EnumAttrCase<"isBias", 17>,
      I32EnumAttrCase<"iterateOrder", 18>,
      I32EnumAttrCase<"batchM", 19>,
      I32EnumAttrCase<"batchN", 20>,
      I32EnumAttrCase<"singleBatchM", 21>,
      I32EnumAttrCase<"singleBatchN", 22>,
      I32EnumAttrCase<"transLength", 23>,
      I32EnumAttrCase<"shareMode", 24>,
      I32EnumAttrCase<"shareL1Size", 25>,
      I32EnumAttrCase<"shareL0CSize", 26>,
      I32EnumAttrCase<"shareUbSize", 27>,
      I32EnumAttrCase<"depthAL1CacheUB", 28>,
      I32EnumAttrCase<"depthBL1CacheUB", 29>,
      I32EnumAttrCase<"dbL0A", 30>,
      I32EnumAttrCase<"dbL0B", 31>,
      I32EnumAttrCase<"dbL0C", 32>,
      I32EnumAttrCase<"ALayoutInfoB", 33>,
      I32EnumAttrCase<"ALayoutInfoS", 34>,
      I32EnumAttrCase<"ALayoutInfoN", 35>,
      I32EnumAttrCase<"ALayoutInfoG", 36>,
      I32EnumAttrCase<"ALayoutInfoD", 37>,
      I32EnumAttrCase<"BLayoutInfoB", 38>,
      I32EnumAttrCase<"BLayoutInfoS", 39>,
      I32EnumAttrCase<"BLayoutInfoN", 40>,
      I32EnumAttrCase<"BLayoutInfoG", 41>,
      I32EnumAttrCase<"BLayoutInfoD", 42>,
      I32EnumAttrCase<"CLayoutInfoB", 43>,
      I32EnumAttrCase<"CLayoutInfoS1", 44>,
      I32EnumAttrCase<"CLayoutInfoN", 45>,
      I32EnumAttrCase<"CLayoutInfoG", 46>,
      I32EnumAttrCase<"CLayoutInfoS2", 47>,
      I32EnumAttrCase<"BatchNum", 48>,
      I32EnumAttrCase<"mxTypePara", 49>
    ]> {
  let cppNamespace = "::mlir::asc";
  let genSpecializedAttr = 0;
}
def Asc_TilingFieldAttr : EnumAttr<Asc_Dialect, Asc_TilingField, "tiling_field"> {
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Matmul template parameters
//===----------------------------------------------------------------------===//

class Asc_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Asc_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def Asc_MatmulPartAttr : Asc_Attr<"MatmulPart", "matmul_part"> {
  let summary = "one part (A, B, C or Bias) of a Matmul type: MatmulType<...>";
  let description = [{
    Mirrors `matmul::MatmulType<TPosition, CubeFormat, T, isTrans,
    LayoutMode, IBSHARE>`: where the operand lives, its data format, its
    element type, whether it is transposed, its batch layout and whether it
    is shared (`ibshare`).

    A shared A or B part (`IBSHARE = true`) is loaded into L1 once for the
    two vector cores of a cube core: the cube core's Matmul server serves
    both cores' objects from that one copy (CANN's `matmul_server.h`,
    `IBShareCache`), so both must compute with the same matrix. It changes
    no call of the object's protocol. `asc.matmul`'s verifier allows it on
    the A and B parts only and, with the `ib_share_norm` configuration
    (`doIBShareNorm`), at most one of them, not in L1 (CANN's
    `ConfigSpecificCheck`).

    ```mlir
    #asc.matmul_part<gm, nd, f16>
    #asc.matmul_part<gm, nd, f16, transposed>
    #asc.matmul_part<gm, nd, f16, layout = bsngd>
    #asc.matmul_part<gm, nd, f16, ibshare>
    ```
  }];
  let parameters = (ins
    "::mlir::asc::TPosition":$position,
    "::mlir::asc::CubeFormat":$format,
    "::mlir::Type":$elementType,
    DefaultValuedParameter<"bool", "false">:$transposed,
    DefaultValuedParameter<"::mlir::asc::LayoutMode",
                           "::mlir::asc::LayoutMode::NONE">:$layout,
    DefaultValuedParameter<"bool", "false">:$ibshare
  );
  let builders = [
    AttrBuilder<(ins "::mlir::asc::TPosition":$position,
                     "::mlir::asc::CubeFormat":$format,
                     "::mlir::Type":$elementType,
                     CArg<"bool", "false">:$transposed,
                     CArg<"::mlir::asc::LayoutMode",
                          "::mlir::asc::LayoutMode::NONE">:$layout), [{
      return $_get($_ctxt, position, format, elementType, transposed, layout,
                   /*ibshare=*/false);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// True when this part lives in global memory.
    bool isGlobal() const { return getPosition() == TPosition::GM; }
  }];
}

def Asc_BlockWorkspaceAttr : Asc_Attr<"BlockWorkspace", "block_workspace"> {
  let summary = "the bytes of a kernel's user workspace set aside per core "
                "for the blocks of an async Iterate";
  let description = [{
    On the kernel's `asc.workspace` argument, as `asc.block_workspace`: the
    host allocates, after the system workspace, `bytes_per_core` bytes of
    user workspace for each core the kernel runs on (`GetBlockNum()` of
    them), which no code of the kernel uses. It is the only workspace
    promote-sync may give a Matmul object (core `i` gets the `i`-th slice):
    an async `Iterate<false>` computes every block of the core into the
    workspace set by `SetWorkspace` (CANN's `MatmulService::StartIterate`),
    and the IR must say that one is there and how big it is.

    `blocks`, `base_m` and `base_n`, given together, state the tiling the
    size was computed for; the kernel verifier then requires
    `bytes_per_core >= blocks * base_m * base_n * sizeof(C)` for the C type
    of every Matmul object of the kernel. Without them the tiling is only
    known at launch: asc-run checks the buffer it gets against
    `bytes_per_core * blocks` of the launch, and the async Iterate's blocks
    against the slice.

    ```mlir
    func.func @k(%ws: !asc.gm_addr {asc.workspace,
                 asc.block_workspace = #asc.block_workspace<bytes_per_core = 4096>}, ...)
    #asc.block_workspace<bytes_per_core = 4096, blocks = 4, base_m = 16, base_n = 16>
    ```
  }];
  let parameters = (ins
    "uint64_t":$bytes_per_core,
    OptionalParameter<"std::optional<uint64_t>">:$blocks,
    OptionalParameter<"std::optional<uint64_t>">:$base_m,
    OptionalParameter<"std::optional<uint64_t>">:$base_n
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// blocks * base_m * base_n elements of C, when the tiling is stated.
    std::optional<uint64_t> getStatedBlockElements() const;
  }];
}

def Asc_MatmulConfigAttr : Asc_Attr<"MatmulConfig", "matmul_config"> {
  let summary = "the MatmulConfig template argument of a Matmul type";
  let description = [{
    A Matmul object's configuration: the preset it starts from (`norm` for
    `GetNormalConfig()`, `mdl` for `GetMDLConfig()`, ...) and the fields a
    kernel sets to other values. Every field of CANN's `struct MatmulConfig`
    can be set, under its snake-case name (`enable_ub_reuse` for
    `enableUBReuse`); booleans print as `true`/`false`, counts as integers
    and the enum-valued fields (`batch_mode`, `iterate_order`,
    `schedule_type`, `batch_out_mode`, `decomp_mode`) as their enumerators in
    lower case. A field left out has the preset's value. The lowering emits
    one `constexpr static MatmulConfig` per configuration: the preset call,
    then one assignment per field set.

    ```mlir
    #asc.matmul_config<mdl>
    #asc.matmul_config<norm, is_n_batch = true>
    #asc.matmul_config<norm, enable_ub_reuse = false, batch_mode = none>
    ```
  }];
  let parameters = (ins
    "::mlir::asc::MatmulConfigKind":$kind,
    DefaultValuedParameter<"bool", "false">:$isNBatch,
    OptionalParameter<"::mlir::DictionaryAttr">:$overrides
  );
  let builders = [
    AttrBuilder<(ins "::mlir::asc::MatmulConfigKind":$kind,
                     CArg<"bool", "false">:$isNBatch), [{
      return $_get($_ctxt, kind, isNBatch, ::mlir::DictionaryAttr());
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The value set for `field`, if the configuration sets it.
    std::optional<uint64_t> getOverride(MatmulConfigField field) const;
    /// The value `field` has: the one set, or else the preset's.
    uint64_t getFieldValue(MatmulConfigField field) const;
    /// The configuration whose every field has `values[field]` (one value
    /// per field of getMatmulConfigFields()), as the preset its flags name
    /// (norm unless only do_multi_data_load, do_special_mdl,
    /// do_ib_share_norm or do_basic_block is set) plus the fields that differ.
    static MatmulConfigAttr getFromFieldValues(::mlir::MLIRContext *context,
                                               ::llvm::ArrayRef<uint64_t> values);
  }];
}

#endif // ASC_DIALECT_ASC_IR_ASCATTRS_TD
