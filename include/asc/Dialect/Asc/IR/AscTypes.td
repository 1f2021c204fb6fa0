//===- AscTypes.td - asc type definitions ------------------*- tablegen -*-===//
//
// Types of the Ascend C objects a kernel manipulates: global and local
// tensors, the pipe and its queues, the cube tiling and Matmul objects.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_IR_ASCTYPES_TD
#define ASC_DIALECT_ASC_IR_ASCTYPES_TD

include "asc/Dialect/Asc/IR/AscAttrs.td"
include "mlir/IR/AttrTypeBase.td"

class Asc_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Asc_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Asc_GmAddrType : Asc_Type<"GmAddr", "gm_addr"> {
  let summary = "an untyped global-memory kernel argument (GM_ADDR)";
  let description = [{
    The `GM_ADDR` (`__gm__ uint8_t *`) pointers a kernel receives. Typed
    global tensors are made from them with `asc.set_global_buffer`.
  }];
}

def Asc_GlobalTensorType : Asc_Type<"GlobalTensor", "global_tensor"> {
  let summary = "a view of global memory (AscendC::GlobalTensor<T>)";
  let description = [{
    ```mlir
    !asc.global_tensor<f16>
    ```
  }];
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
  let genVerifyDecl = 1;
}

def Asc_LocalTensorType : Asc_Type<"LocalTensor", "local_tensor"> {
  let summary = "a tensor in on-chip memory (AscendC::LocalTensor<T>)";
  let description = [{
    A local tensor carries the TPosition of the buffer it was allocated from,
    so that verifiers can check where Matmul outputs and inputs live.

    ```mlir
    !asc.local_tensor<vecout, f16>
    ```
  }];
  let parameters = (ins "::mlir::asc::TPosition":$position,
                        "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $position `,` $elementType `>`";
  let genVerifyDecl = 1;
}

def Asc_PipeType : Asc_Type<"Pipe", "pipe"> {
  let summary = "the kernel's buffer manager (AscendC::TPipe)";
}

def Asc_QueueType : Asc_Type<"Queue", "queue"> {
  let summary = "a buffer queue (AscendC::TQue<TPosition, depth>)";
  let description = [{
    The depth is the number of tensors the queue holds at once (EnQue calls
    without a DeQue in between), from 1 to 255. TQue's depth is an int32_t
    template argument, but the queue counts the tensors it holds in a
    `uint8_t usedCount` that every EnQue checks against the depth
    (`TQueBind` in `kernel_tpipe.h` and `EnQue` in `kernel_tquebind_impl.h`
    of the Ascend C headers): at 256 and beyond the count wraps before it
    reaches the depth, so the check never fires. Depth 0, the in-place
    queue of newer chips, has no counterpart here. In practice each
    enqueued tensor also holds one of the QUE_MAX_EVENT (4 or 8) event IDs
    of its hardware event while it waits in the queue; that limit is
    shared by every queue of the kernel and checked when the kernel runs,
    not by the type.

    A queue with a source position is a `TQueBind<source, position,
    depth>`: its buffers are at `position` and it hands them from the pipe
    that fills them at the source to the one that drains them at
    `position`. The one asc models is the copy through the unified buffer,
    `TQueBind<TPosition::VECIN, TPosition::VECOUT, 1>` (MTE2 in, MTE3 out,
    no vector work; both positions in UB). A plain `TQue<position>` is the
    TQueBind CANN derives from its position (GetBufferLogicPos): VECIN is
    GM -> VECIN, VECOUT is VECOUT -> GM. The pipes each pair hands between
    are the table runtime/asc_run/call_orderings.def, which asc-run reads
    too (docs/HappensBefore.md). A queue at `tscm` is CANN's
    `TSCM<TPosition::GM, depth>` (`TQueBind<GM, TSCM, depth>`): buffers in
    the cube core's L1 that the vector core fills from GM for a Matmul's A
    or B at TPosition::TSCM; its hand-off orders no pipe of the vector core
    (the copy is a message the cube core carries out in order).

    ```mlir
    !asc.queue<vecout, 1>
    !asc.queue<vecin -> vecout, 2>
    ```
  }];
  let parameters = (ins "::mlir::asc::TPosition":$position,
                        "unsigned":$depth,
                        OptionalParameter<
                            "std::optional<::mlir::asc::TPosition>">:$source);
  let builders = [
    TypeBuilder<(ins "::mlir::asc::TPosition":$position, "unsigned":$depth), [{
      return $_get($_ctxt, position, depth, std::nullopt);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// True for a TQueBind<source, position>.
    bool isBind() const { return getSource().has_value(); }
  }];
}

def Asc_TBufType : Asc_Type<"TBuf", "tbuf"> {
  let summary = "a buffer with no queue (AscendC::TBuf<TPosition>)";
  let description = [{
    One buffer that TPipe::InitBuffer sizes and `Get<T>()` hands out whole,
    every time: two tensors taken from one TBuf are the same memory. A TBuf
    orders nothing (spec section 2c, O5): the kernel orders the pipes that
    use it with PipeBarrier or SetFlag/WaitFlag. Its position is one of the
    unified buffer's (VECIN, VECOUT, VECCALC).

    ```mlir
    !asc.tbuf<veccalc>
    ```
  }];
  let parameters = (ins "::mlir::asc::TPosition":$position);
  let assemblyFormat = "`<` $position `>`";
  let genVerifyDecl = 1;
}

def Asc_TilingType : Asc_Type<"Tiling", "tiling"> {
  let summary = "a cube tiling (TCubeTiling)";
}

def Asc_MatmulType : Asc_Type<"Matmul", "matmul"> {
  let summary = "a Matmul object (matmul::Matmul<A, B, C, Bias, Config>)";
  let description = [{
    The type of a Matmul object spells all of its template arguments: the
    A, B and C parts, the optional Bias part and the optional MatmulConfig.

    ```mlir
    !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16, transposed>,
                c = <gm, nd, f32>, bias = <gm, nd, f32>,
                config = <mdl>>
    ```
  }];
  let parameters = (ins
    "::mlir::asc::MatmulPartAttr":$a,
    "::mlir::asc::MatmulPartAttr":$b,
    "::mlir::asc::MatmulPartAttr":$c,
    OptionalParameter<"::mlir::asc::MatmulPartAttr">:$bias,
    OptionalParameter<"::mlir::asc::MatmulConfigAttr">:$config
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Element type of the C part, which every Matmul output must carry.
    ::mlir::Type getCElementType() const { return getC().getElementType(); }
  }];
}

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def Asc_AnyTensor : AnyTypeOf<[Asc_GlobalTensorType, Asc_LocalTensorType],
                              "a global or local tensor">;

/// A unified-buffer tensor (VECIN, VECOUT or VECCALC) whose elements are one
/// of `allowedTypes`: the operands of the vector instructions, which the real
/// API documents per instruction and per product (Atlas A2 here).
class Asc_VectorTensorOf<list<Type> allowedTypes>
    : Type<And<[Asc_LocalTensorType.predicate,
                CPred<"::mlir::asc::isVectorPosition("
                      "::llvm::cast<::mlir::asc::LocalTensorType>($_self)"
                      ".getPosition())">,
                SubstLeaves<"$_self",
                            "::llvm::cast<::mlir::asc::LocalTensorType>($_self)"
                            ".getElementType()",
                            AnyTypeOf<allowedTypes>.predicate>]>,
           "a vecin, vecout or veccalc local tensor of " #
               AnyTypeOf<allowedTypes>.summary # " elements",
           "::mlir::asc::LocalTensorType">;

/// A global tensor whose elements are one of `allowedTypes`.
class Asc_GlobalTensorOf<list<Type> allowedTypes>
    : Type<And<[Asc_GlobalTensorType.predicate,
                SubstLeaves<"$_self",
                            "::llvm::cast<::mlir::asc::GlobalTensorType>($_self)"
                            ".getElementType()",
                            AnyTypeOf<allowedTypes>.predicate>]>,
           "a global tensor of " # AnyTypeOf<allowedTypes>.summary #
               " elements",
           "::mlir::asc::GlobalTensorType">;

/// The element type of a global or local tensor, in an ODS predicate.
defvar Asc_TensorElementTypeOf =
    "::mlir::asc::getTensorElementType($_self.getType())";

/// All the named tensor operands have one element type.
class Asc_SameTensorElementType<list<string> names>
    : AllMatchSameOperatorTrait<names, Asc_TensorElementTypeOf,
                                "element type">;

/// A scalar operand has the element type of a tensor operand.
class Asc_ScalarOfTensorElementType<string tensor, string scalar>
    : TypesMatchWith<scalar # " has the element type of " # tensor, tensor,
                     scalar, "::mlir::asc::getTensorElementType($_self)">;

#endif // ASC_DIALECT_ASC_IR_ASCTYPES_TD
