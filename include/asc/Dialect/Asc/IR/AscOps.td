//===- AscOps.td - asc operation definitions ---------------*- tablegen -*-===//
//
// Memory and Matmul operations of the asc dialect. Matmul ops are named after
// the Ascend C API in snake case under `asc.matmul.*`.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_IR_ASCOPS_TD
#define ASC_DIALECT_ASC_IR_ASCOPS_TD

include "asc/Dialect/Asc/IR/AscDialect.td"
include "asc/Dialect/Asc/IR/AscAttrs.td"
include "asc/Dialect/Asc/IR/AscTypes.td"
include "asc/Dialect/Asc/IR/AscInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpAsmInterface.td"

//===----------------------------------------------------------------------===//
// Memory resources
//===----------------------------------------------------------------------===//

def Asc_GlobalMemory : Resource<"::mlir::asc::GlobalMemoryResource">;
def Asc_LocalMemory : Resource<"::mlir::asc::LocalMemoryResource">;
def Asc_MatmulState : Resource<"::mlir::asc::MatmulStateResource">;
def Asc_QueueState : Resource<"::mlir::asc::QueueStateResource">;
def Asc_Pipeline : Resource<"::mlir::asc::PipelineResource">;

//===----------------------------------------------------------------------===//
// Traits and attribute constraints: facts of an op kind (AscTraits.h)
//===----------------------------------------------------------------------===//

/// What every op of a kind does to its Matmul object's protocol state
/// (MatmulOpInterface::getMatmulUseKind): one of the MatmulUseKind values.
class Asc_MatmulUseKind<string kind>
    : ParamNativeOpTrait<"HasMatmulUseKind", "::mlir::asc::MatmulUseKind::" # kind> {
  let cppNamespace = "::mlir::asc";
}

/// The wait family of an async issue or of a wait (getWaitKind): one of the
/// WaitKind values.
class Asc_WaitKind<string kind>
    : ParamNativeOpTrait<"HasWaitKind", "::mlir::asc::WaitKind::" # kind> {
  let cppNamespace = "::mlir::asc";
}

/// How every op of a kind takes part in the client's staged message
/// (MatmulOpInterface::getMessageRole): one of the MatmulMessageRole values.
/// Every Matmul op states one; an op whose operands decide also defines its
/// own getMessageRole.
class Asc_MatmulMessageRole<string role>
    : ParamNativeOpTrait<"HasMatmulMessageRole",
                         "::mlir::asc::MatmulMessageRole::" # role> {
  let cppNamespace = "::mlir::asc";
}

/// A setter of the A or B input (MatmulSlot `slot`): the input matches the
/// Matmul type's part.
class Asc_MatmulInputFor<string slot>
    : ParamNativeOpTrait<"MatmulInputFor", "::mlir::asc::MatmulSlot::" # slot> {
  let cppNamespace = "::mlir::asc";
}

/// A queue operation whose tensor sits at the queue's TPosition.
def Asc_TensorAtQueuePosition : NativeOpTrait<"TensorAtQueuePosition"> {
  let cppNamespace = "::mlir::asc";
}

/// A call of the cube-side Matmul object only: legal in a cube-only kernel
/// (rule L13).
def Asc_CubeOnlyCall : NativeOpTrait<"CubeOnlyCall"> {
  let cppNamespace = "::mlir::asc";
}

/// Facts of CANN's Matmul client about a call, named by what the client does
/// (AscTraits.h), so that the analyses ask the fact, not for the op.

/// Called again while its computation runs, it continues that computation's
/// loop, which the client counts itself (MatmulClientBase::Iterate); its
/// async form's blocks are fetched one at a time, in that form.
def Asc_ContinuesItsOwnLoop : NativeOpTrait<"ContinuesItsOwnLoop"> {
  let cppNamespace = "::mlir::asc";
}

/// Fetches one block of the computation in flight; after an async
/// `ContinuesItsOwnLoop` call only in the async local or view form
/// (MatmulClient::GetTensorC asserts it).
def Asc_FetchesOneBlock : NativeOpTrait<"FetchesOneBlock"> {
  let cppNamespace = "::mlir::asc";
}

/// A batch computation whose server signals each of its loops when it is
/// issued without its wait flag (MatmulService::IterateNBatch).
def Asc_SignalsEachLoop : NativeOpTrait<"SignalsEachLoop"> {
  let cppNamespace = "::mlir::asc";
}

/// A fetch that takes one per-loop signal of a `SignalsEachLoop`
/// computation (MatmulClient::GetBatchTensorC).
def Asc_TakesLoopSignal : NativeOpTrait<"TakesLoopSignal"> {
  let cppNamespace = "::mlir::asc";
}

/// A setter the client checks or counts with while an async Iterate's
/// blocks are fetched (MatmulClientBase::Iterate, SetTail): rule P6c.
def Asc_ReadByBlockFetches : NativeOpTrait<"ReadByBlockFetches"> {
  let cppNamespace = "::mlir::asc";
}

/// The atomic mode of a Matmul output (rule L3).
def Asc_AtomicModeAttr : ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<3>]> {
  let summary = "0 (no atomic), 1 (add), 2 (max) or 3 (min)";
}

//===----------------------------------------------------------------------===//
// Kernel environment
//===----------------------------------------------------------------------===//

def Asc_GetBlockIdxOp : Asc_Op<"get_block_idx", [Pure]> {
  let summary = "index of the AI Core running this kernel (GetBlockIdx)";
  let results = (outs I64:$result);
  let assemblyFormat = "attr-dict";
}

def Asc_GetBlockNumOp : Asc_Op<"get_block_num", [Pure]> {
  let summary = "number of AI Cores running this kernel (GetBlockNum)";
  let results = (outs I64:$result);
  let assemblyFormat = "attr-dict";
}

def Asc_GetTaskRationOp : Asc_Op<"get_task_ration", [Pure]> {
  let summary = "vector cores per cube core of this launch (GetTaskRation)";
  let description = [{
    The vector cores that share a cube core in this launch: 1 on the cube
    core, the mix ratio's 1 or 2 on a vector core (CANN's
    `GetTaskRationImpl`, dav_c220). With it the kernel language's built-in
    `block_idx` (the core group's index) is
    `asc.get_block_idx / asc.get_task_ration`, as CANN's `GetBlockIdxImpl`
    is `block_idx * GetTaskRation() + sub_block_idx` on a vector core.

    ```mlir
    %ration = asc.get_task_ration
    ```
  }];
  let results = (outs I64:$result);
  let assemblyFormat = "attr-dict";
}

def Asc_IsAicOp : Asc_Op<"is_aic", [Pure]> {
  let summary = "true on the cube core (ASCEND_IS_AIC)";
  let results = (outs I1:$result);
  let assemblyFormat = "attr-dict";
}

def Asc_IsAivOp : Asc_Op<"is_aiv", [Pure]> {
  let summary = "true on the vector core (ASCEND_IS_AIV)";
  let results = (outs I1:$result);
  let assemblyFormat = "attr-dict";
}

def Asc_SetFftsBaseAddrOp : Asc_Op<"set_ffts_base_addr", [
    MemoryEffects<[MemWrite<Asc_Pipeline>]>]> {
  let summary = "give the cross-core flags their base address (set_ffts_base_addr)";
  let description = [{
    The launcher of a mix kernel passes the address of the FFTS control
    block that cross-core synchronisation counts in; the kernel hands it to
    the hardware before anything else, as pyasc's kernels do with their
    `ffts_addr` argument: `set_ffts_base_addr(*(__gm__ uint64_t *)ffts_addr)`.

    ```mlir
    asc.set_ffts_base_addr %ffts_addr
    ```
  }];
  let arguments = (ins Asc_GmAddrType:$addr);
  let assemblyFormat = "$addr attr-dict";
}

def Asc_FftsCrossCoreSyncOp : Asc_Op<"ffts_cross_core_sync", [
    MemoryEffects<[MemRead<Asc_Pipeline>, MemWrite<Asc_Pipeline>]>]> {
  let summary = "signal a cross-core flag once a pipe drains (ffts_cross_core_sync)";
  let description = [{
    `ffts_cross_core_sync(pipe, config)`: the FFTS flag that `config` encodes
    (mode, flag id) is set once `pipe` has drained. pyasc's mix kernels start
    with `if (ASCEND_IS_AIC) ffts_cross_core_sync(PIPE_MTE3, 0xf21);`.

    ```mlir
    asc.ffts_cross_core_sync pipe_mte3, 3873
    ```
  }];
  let arguments = (ins Asc_PipeKindAttr:$pipe, I64Attr:$config);
  let assemblyFormat = "custom<EnumKeyword>($pipe) `,` $config attr-dict";
}

def Asc_GetSysWorkspacePtrOp : Asc_Op<"get_sys_workspace_ptr", [Pure]> {
  let summary = "the system workspace in global memory (GetSysWorkSpacePtr)";
  let results = (outs Asc_GmAddrType:$result);
  let assemblyFormat = "attr-dict";
}

def Asc_NullGmAddrOp : Asc_Op<"null_gm_addr", [Pure]> {
  let summary = "the null GM address (nullptr)";
  let description = [{
    A kernel may be given `nullptr` for an optional buffer (a bias it has
    none of) and still name it on a path the run-time data rules out:
    `biasGlobal.SetGlobalBuffer(nullptr)` and later
    `if (tiling.isBias) matmulObj.SetBias(biasGlobal);`. This op is that
    null address, so such a path lifts as written. It addresses no memory:
    an access through it on the path taken is the kernel's fault, which
    asc-run stops at run time as an access outside every kernel argument.
    The analyses treat it as an address of unknown origin (it may alias any
    GM buffer not marked `asc.no_alias`).

    ```mlir
    %null = asc.null_gm_addr
    %bias = asc.set_global_buffer %null : !asc.global_tensor<f32>
    ```
  }];
  let results = (outs Asc_GmAddrType:$result);
  let assemblyFormat = "attr-dict";
}

def Asc_GetUserWorkspaceOp : Asc_Op<"get_user_workspace", [Pure,
    DeclareOpInterfaceMethods<ViewLikeOpInterface>,
    DeclareOpInterfaceMethods<Asc_MemoryViewOpInterface,
                              ["hasUnstatedFixedOffset"]>]> {
  let summary = "the user part of a kernel's workspace (GetUserWorkspace)";
  let arguments = (ins Asc_GmAddrType:$workspace);
  let results = (outs Asc_GmAddrType:$result);
  let assemblyFormat = "$workspace attr-dict";
}

def Asc_GetTilingOp : Asc_Op<"get_tiling",
    [MemoryEffects<[MemRead<Asc_GlobalMemory>]>,
     DeclareOpInterfaceMethods<Asc_MemoryAccessOpInterface, ["getExecutingPipe"]>]> {
  let summary = "copy a TCubeTiling out of a global-memory argument";
  let description = [{
    Reads the tiling a host passed through a kernel argument, as
    `CopyTiling(&tiling, tilingGM + offset)` does; `offset` counts bytes and
    selects one TCubeTiling of a tiling struct that holds several.

    ```mlir
    %tiling = asc.get_tiling %tiling_gm
    %tiling1 = asc.get_tiling %tiling_gm[%c_sizeof_tiling]
    ```
  }];
  let arguments = (ins Asc_GmAddrType:$source, Optional<I64>:$offset);
  let results = (outs Asc_TilingType:$result);
  let assemblyFormat = "$source (`[` $offset^ `]`)? attr-dict";
}

def Asc_TilingGetOp : Asc_Op<"tiling.get", [Pure]> {
  let summary = "read one field of a TCubeTiling";
  let description = [{
    ```mlir
    %base_m = asc.tiling.get %tiling[baseM]
    ```

    A field of an `asc.tiling.create` folds to the value the create gives it,
    or to a constant 0 when the create does not name it.
  }];
  let arguments = (ins Asc_TilingType:$tiling, Asc_TilingFieldAttr:$field);
  let results = (outs I32:$result);
  let assemblyFormat = "$tiling `[` custom<EnumKeyword>($field) `]` attr-dict";
  let hasFolder = 1;
}

def Asc_TilingCreateOp : Asc_Op<"tiling.create", [Pure]> {
  let summary = "a TCubeTiling built in the kernel";
  let description = [{
    Declares a TCubeTiling with every member zero and sets the named ones,
    as a kernel that fills its own tiling does (`TCubeTiling tiling{};
    tiling.M = 512; ...`). Each field is named once; the values are `i32`,
    the type of every TCubeTiling member.

    ```mlir
    %tiling = asc.tiling.create(usedCoreNum = %c24, M = %c512, baseM = %c64)
    ```

    The canonical form names the fields in the order of `TilingField` (the
    struct's) and leaves out those set to a constant 0, which an absent field
    already is: a tiling filled in any order, with or without its zero
    members, is one op. A create that sets every member to that member of
    one tiling `%t` (`asc.tiling.get %t[<field>]` for each field, none left
    out) folds to `%t`; one that leaves a member out does not, as that
    member is then zero. The pyasc importer names the fields a program sets,
    in its order; the C++ lifter names every field and reads the unset ones
    from the tiling it started from (an empty create for a fresh one, whose
    fields `asc.tiling.get` folds to 0): both reach this form.
  }];
  let arguments = (ins TypedArrayAttrBase<Asc_TilingFieldAttr,
                                          "TCubeTiling fields">:$fields,
                       Variadic<I32>:$values);
  let results = (outs Asc_TilingType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizeMethod = 1;
  let extraClassDeclaration = [{
    /// The value the tiling gives `field`: the named one, or null when the
    /// op leaves it out (it is zero).
    ::mlir::Value getFieldValue(::mlir::asc::TilingField field);
  }];
}

//===----------------------------------------------------------------------===//
// Global and local tensors
//===----------------------------------------------------------------------===//

def Asc_SetGlobalBufferOp : Asc_Op<"set_global_buffer",
    [Pure, AttrSizedOperandSegments,
     DeclareOpInterfaceMethods<ViewLikeOpInterface>,
     DeclareOpInterfaceMethods<Asc_MemoryViewOpInterface>]> {
  let summary = "a typed global tensor over a kernel pointer (SetGlobalBuffer)";
  let description = [{
    Makes a `GlobalTensor<T>` over `(__gm__ T *)ptr + offset` holding `size`
    elements; offset and size count elements. Alias analysis treats two
    tensors as disjoint only when they derive from arguments marked
    `asc.no_alias` or from element ranges of one argument that do not overlap.

    ```mlir
    %c = asc.set_global_buffer %c_ptr[%offset], %size : !asc.global_tensor<f32>
    ```
  }];
  let arguments = (ins Asc_GmAddrType:$ptr, Optional<I64>:$offset,
                       Optional<I64>:$size);
  let results = (outs Asc_GlobalTensorType:$result);
  let assemblyFormat = [{
    $ptr (`[` $offset^ `]`)? (`,` $size^)? attr-dict `:` qualified(type($result))
  }];
}

def Asc_SubViewOp : Asc_Op<"subview", [Pure, AllTypesMatch<["source", "result"]>,
    DeclareOpInterfaceMethods<ViewLikeOpInterface>,
    DeclareOpInterfaceMethods<Asc_MemoryViewOpInterface>]> {
  let summary = "a tensor starting at an element offset (`t[offset]`)";
  let description = [{
    The view of `source` that starts `offset` elements further, as the C++
    expression `gm_c[offset]` builds. It aliases its source.

    ```mlir
    %blk = asc.subview %c[%off] : !asc.global_tensor<f32>
    ```
  }];
  let arguments = (ins Asc_AnyTensor:$source, I64:$offset);
  let results = (outs Asc_AnyTensor:$result);
  let assemblyFormat = "$source `[` $offset `]` attr-dict `:` qualified(type($result))";
}

def Asc_LocalTensorCreateOp : Asc_Op<"local_tensor.create", [Pure]> {
  let summary = "a local tensor at a fixed address (LocalTensor(pos, addr, tileSize))";
  let description = [{
    The `LocalTensor<T>(TPosition pos, uint32_t addr, uint32_t tileSize)`
    constructor of Ascend C: `tile_size` elements from byte `addr` of the
    local memory of the type's position, a buffer of no queue (CreateTensor
    in CANN's kernel_tensor_impl.h). Ascend C requires a 32-byte aligned
    address and length inside that memory; the verifier checks the constant
    ones. The alias analysis knows no provenance for it (the address is the
    kernel's to manage): it may overlap any local memory.

    ```mlir
    %x = asc.local_tensor.create %c0, %c512 : !asc.local_tensor<vecin, f16>
    ```
  }];
  let arguments = (ins I32:$addr, I32:$tile_size);
  let results = (outs Asc_LocalTensorType:$tensor);
  let assemblyFormat = [{
    $addr `,` $tile_size attr-dict `:` qualified(type($tensor))
  }];
  let hasVerifier = 1;
}

def Asc_GetValueOp : Asc_Op<"get_value", [
    DeclareOpInterfaceMethods<Asc_MemoryAccessOpInterface, ["getExecutingPipe"]>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    TypesMatchWith<"result is the element type of the tensor", "tensor",
                   "result", "::mlir::asc::getTensorElementType($_self)">]> {
  let summary = "scalar read of a tensor's element (GetValue)";
  let description = [{
    `GlobalTensor::GetValue(i)` or `LocalTensor::GetValue(i)`: the scalar
    unit (PIPE_S) reads element `i` of global memory or of the local
    buffer.
  }];
  let arguments = (ins Asc_AnyTensor:$tensor, I64:$index);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$tensor `[` $index `]` attr-dict `:` qualified(type($tensor))";
}

def Asc_SetValueOp : Asc_Op<"set_value", [
    DeclareOpInterfaceMethods<Asc_MemoryAccessOpInterface, ["getExecutingPipe"]>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    TypesMatchWith<"value is the element type of the tensor", "tensor",
                   "value", "::mlir::asc::getTensorElementType($_self)">]> {
  let summary = "scalar write of a tensor's element (SetValue)";
  let description = [{
    `GlobalTensor::SetValue(i, v)` or `LocalTensor::SetValue(i, v)`: the
    scalar unit (PIPE_S) writes element `i` of global memory or of the
    local buffer.
  }];
  let arguments = (ins Asc_AnyTensor:$tensor, I64:$index, AnyType:$value);
  let assemblyFormat = [{
    $tensor `[` $index `]` `,` $value attr-dict `:` qualified(type($tensor))
  }];
}

//===----------------------------------------------------------------------===//
// Pipe and queues
//===----------------------------------------------------------------------===//

def Asc_LocalTensorGetSizeOp : Asc_Op<"local_tensor.get_size", [Pure]> {
  let summary = "the element count of a local tensor (LocalTensor::GetSize)";
  let description = [{
    How many elements the tensor spans (`uint32_t`, its bits as i32): what
    its buffer or view was given, known at run time. CANN's tensor
    operators use it as their count (`dst = a + b` is
    `Add(dst, a, b, dst.GetSize())`).

    ```mlir
    %n = asc.local_tensor.get_size %t : !asc.local_tensor<vecin, f32>
    ```
  }];
  let arguments = (ins Asc_LocalTensorType:$tensor);
  let results = (outs I32:$size);
  let assemblyFormat = "$tensor attr-dict `:` qualified(type($tensor))";
}

def Asc_PipeCreateOp : Asc_Op<"pipe.create"> {
  let summary = "declare the kernel's TPipe";
  let results = (outs Res<Asc_PipeType, "", [MemAlloc<Asc_QueueState>]>:$pipe);
  let assemblyFormat = "attr-dict";
}

def Asc_PipeFetchEventIdOp : Asc_Op<"pipe.fetch_event_id"> {
  let summary = "the first free id of an event (TPipe::FetchEventID)";
  let description = [{
    `pipe->FetchEventID(HardEvent::X_Y)` (or `FetchEventID<X_Y>()`): the
    lowest id of event X_Y that the pipe's event pool does not hold, without
    taking it (CANN's `kernel_tpipe_impl.h`; `AllocEventID` would take it).
    The pool is the queues' state: their `AllocTensor`, `EnQue` and `DeQue`
    take and give back ids, so the op reads that state and is neither
    hoisted nor merged across queue calls. The id is what the kernel passes
    to `asc.set_flag` and `asc.wait_flag` of the same event; which id it is
    is known only at run time, so the analyses pair a set and a wait by
    that SSA value.

    ```mlir
    %id = asc.pipe.fetch_event_id %pipe, mte2_mte3
    asc.set_flag mte2_mte3, %id
    asc.wait_flag mte2_mte3, %id
    ```
  }];
  let arguments = (ins Arg<Asc_PipeType, "", [MemRead<Asc_QueueState>]>:$pipe,
                       Asc_HardEventAttr:$event);
  let results = (outs I32:$id);
  let assemblyFormat = "$pipe `,` custom<EnumKeyword>($event) attr-dict";
}

def Asc_QueueCreateOp : Asc_Op<"queue.create"> {
  let summary = "declare a TQue<TPosition, depth>";
  let description = [{
    ```mlir
    %que = asc.queue.create : !asc.queue<vecout, 1>
    ```
  }];
  let results = (outs Res<Asc_QueueType, "", [MemAlloc<Asc_QueueState>]>:$queue);
  let assemblyFormat = "attr-dict `:` qualified(type($queue))";
}

def Asc_PipeInitBufferOp : Asc_Op<"pipe.init_buffer"> {
  let summary = "give a queue its buffers (TPipe::InitBuffer)";
  let description = [{
    ```mlir
    asc.pipe.init_buffer %pipe, %que, %num, %len : !asc.queue<vecout, 1>
    ```
  }];
  let arguments = (ins Arg<Asc_PipeType, "", [MemWrite<Asc_QueueState>]>:$pipe,
                       Arg<Asc_QueueType, "", [MemWrite<Asc_QueueState>]>:$queue,
                       I32:$num, I32:$length);
  let assemblyFormat = [{
    $pipe `,` $queue `,` $num `,` $length attr-dict `:` qualified(type($queue))
  }];
}

def Asc_QueueAllocTensorOp : Asc_Op<"queue.alloc_tensor", [Asc_TensorAtQueuePosition,
    DeclareOpInterfaceMethods<Asc_BufferSourceOpInterface>]> {
  let summary = "take a free buffer of a queue (TQue::AllocTensor<T>)";
  let description = [{
    ```mlir
    %t = asc.queue.alloc_tensor %que : !asc.queue<vecout, 1> -> !asc.local_tensor<vecout, f16>
    ```
  }];
  let arguments = (ins Arg<Asc_QueueType, "", [MemWrite<Asc_QueueState>]>:$queue);
  let results = (outs Res<Asc_LocalTensorType, "",
                          [MemAlloc<Asc_LocalMemory>]>:$tensor);
  let assemblyFormat = "$queue attr-dict `:` qualified(type($queue)) `->` qualified(type($tensor))";
}

def Asc_QueueEnQueOp : Asc_Op<"queue.enque", [
    DeclareOpInterfaceMethods<Asc_PipeOrderingOpInterface, ["getPipeOrderingSteps"]>,
    Asc_TensorAtQueuePosition,
    DeclareOpInterfaceMethods<Asc_MemoryAccessOpInterface, ["getExecutingPipe"]>]> {
  let summary = "hand a filled buffer to the queue's consumer (TQue::EnQue)";
  let arguments = (ins Arg<Asc_QueueType, "", [MemWrite<Asc_QueueState>]>:$queue,
                       Arg<Asc_LocalTensorType, "",
                           [MemRead<Asc_LocalMemory>]>:$tensor);
  let assemblyFormat = [{
    $queue `,` $tensor attr-dict `:` qualified(type($queue)) `,` qualified(type($tensor))
  }];
}

def Asc_QueueDeQueOp : Asc_Op<"queue.deque", [Asc_TensorAtQueuePosition,
    DeclareOpInterfaceMethods<Asc_BufferSourceOpInterface>]> {
  let summary = "take the oldest enqueued buffer (TQue::DeQue<T>)";
  let arguments = (ins Arg<Asc_QueueType, "", [MemRead<Asc_QueueState>,
                                              MemWrite<Asc_QueueState>]>:$queue);
  let results = (outs Asc_LocalTensorType:$tensor);
  let assemblyFormat = "$queue attr-dict `:` qualified(type($queue)) `->` qualified(type($tensor))";
}

def Asc_QueueFreeTensorOp : Asc_Op<"queue.free_tensor", [
    DeclareOpInterfaceMethods<Asc_PipeOrderingOpInterface, ["getPipeOrderingSteps"]>,
    Asc_TensorAtQueuePosition,
    DeclareOpInterfaceMethods<Asc_MemoryAccessOpInterface, ["getExecutingPipe"]>]> {
  let summary = "return a buffer to its queue (TQue::FreeTensor)";
  let arguments = (ins Arg<Asc_QueueType, "", [MemWrite<Asc_QueueState>]>:$queue,
                       Arg<Asc_LocalTensorType, "",
                           [MemFree<Asc_LocalMemory>]>:$tensor);
  let assemblyFormat = [{
    $queue `,` $tensor attr-dict `:` qualified(type($queue)) `,` qualified(type($tensor))
  }];
}

def Asc_TBufCreateOp : Asc_Op<"tbuf.create"> {
  let summary = "declare a TBuf<TPosition>";
  let description = [{
    ```mlir
    %buf = asc.tbuf.create : !asc.tbuf<veccalc>
    ```
  }];
  let results = (outs Res<Asc_TBufType, "", [MemAlloc<Asc_QueueState>]>:$buffer);
  let assemblyFormat = "attr-dict `:` qualified(type($buffer))";
}

def Asc_PipeInitTBufOp : Asc_Op<"pipe.init_tbuf"> {
  let summary = "give a TBuf its buffer of `length` bytes (TPipe::InitBuffer)";
  let description = [{
    ```mlir
    asc.pipe.init_tbuf %pipe, %buf, %bytes : !asc.tbuf<veccalc>
    ```
  }];
  let arguments = (ins Arg<Asc_PipeType, "", [MemWrite<Asc_QueueState>]>:$pipe,
                       Arg<Asc_TBufType, "", [MemWrite<Asc_QueueState>]>:$buffer,
                       I32:$length);
  let assemblyFormat = [{
    $pipe `,` $buffer `,` $length attr-dict `:` qualified(type($buffer))
  }];
}

def Asc_TBufGetOp : Asc_Op<"tbuf.get", [
    DeclareOpInterfaceMethods<Asc_BufferSourceOpInterface>]> {
  let summary = "the TBuf's buffer as a tensor (TBuf::Get<T>)";
  let description = [{
    The whole buffer, or its first `length` elements: every tensor taken
    from one TBuf starts at the same address, so they alias. Get orders
    nothing.

    ```mlir
    %t = asc.tbuf.get %buf : !asc.tbuf<veccalc> -> !asc.local_tensor<veccalc, f32>
    %h = asc.tbuf.get %buf, %n : !asc.tbuf<veccalc> -> !asc.local_tensor<veccalc, f16>
    ```
  }];
  let arguments = (ins Arg<Asc_TBufType, "", [MemRead<Asc_QueueState>]>:$buffer,
                       Optional<I32>:$length);
  let results = (outs Asc_LocalTensorType:$tensor);
  let assemblyFormat = [{
    $buffer (`,` $length^)? attr-dict `:` qualified(type($buffer)) `->`
      qualified(type($tensor))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Data movement and vector compute
//===----------------------------------------------------------------------===//

def Asc_DataCopyOp : Asc_Op<"data_copy", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<Asc_MemoryAccessOpInterface, ["getExecutingPipe"]>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "copy between global and local memory (DataCopy)";
  let description = [{
    Copies `count` elements, or the blocks a `DataCopyParams{blockCount,
    blockLen, srcStride, dstStride}` describes, from `src` to `dst`. One side
    at least is a local tensor: GM to UB, UB to GM or UB to UB.

    ```mlir
    asc.data_copy %ub, %gm, %n : !asc.local_tensor<vecin, f16>, !asc.global_tensor<f16>
    asc.data_copy %gm, %ub params(%cnt, %len, %ss, %ds)
        : !asc.global_tensor<f16>, !asc.local_tensor<vecout, f16>
    ```
  }];
  let arguments = (ins Asc_AnyTensor:$dst, Asc_AnyTensor:$src,
                       Optional<I32>:$count, Variadic<I32>:$params);
  let assemblyFormat = [{
    $dst `,` $src (`,` $count^)? (`params` `(` $params^ `)`)? attr-dict
    `:` qualified(type($dst)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

/// A vector instruction on unified-buffer tensors. Operands may sit at
/// different positions (VECIN in, VECOUT out) but share one element type;
/// the element types each instruction accepts are those the Ascend C API
/// documents for Atlas A2.
class Asc_VectorOp<string mnemonic, list<Trait> traits = []>
    : Asc_Op<mnemonic,
             !listconcat([DeclareOpInterfaceMethods<Asc_MemoryAccessOpInterface,
                                                    ["getExecutingPipe"]>],
                         traits)> {
  // Every vector instruction runs on the vector pipe.
  let extraClassDefinition = [{
    ::mlir::asc::PipeKind $cppClass::getExecutingPipe() {
      return ::mlir::asc::PipeKind::PIPE_V;
    }
  }];
}

/// Element types of Add, Adds and Muls.
defvar Asc_VectorArithElementTypes = [F16, F32, I16, I32];

def Asc_LeakyReluOp : Asc_VectorOp<"leaky_relu", [
    Asc_SameTensorElementType<["dst", "src"]>,
    Asc_ScalarOfTensorElementType<"dst", "alpha">]> {
  let summary = "dst = src >= 0 ? src : src * alpha (LeakyRelu)";
  let arguments = (ins Arg<Asc_VectorTensorOf<[F16, F32]>, "",
                           [MemWrite<Asc_LocalMemory>]>:$dst,
                       Arg<Asc_VectorTensorOf<[F16, F32]>, "",
                           [MemRead<Asc_LocalMemory>]>:$src,
                       AnyType:$alpha, I32:$count);
  let assemblyFormat = [{
    $dst `,` $src `,` $alpha `,` $count attr-dict `:` qualified(type($dst)) `,`
    qualified(type($src))
  }];
}

def Asc_AddOp : Asc_VectorOp<"add", [
    Asc_SameTensorElementType<["dst", "lhs", "rhs"]>]> {
  let summary = "element-wise dst = lhs + rhs (Add)";
  let arguments = (ins Arg<Asc_VectorTensorOf<Asc_VectorArithElementTypes>, "",
                           [MemWrite<Asc_LocalMemory>]>:$dst,
                       Arg<Asc_VectorTensorOf<Asc_VectorArithElementTypes>, "",
                           [MemRead<Asc_LocalMemory>]>:$lhs,
                       Arg<Asc_VectorTensorOf<Asc_VectorArithElementTypes>, "",
                           [MemRead<Asc_LocalMemory>]>:$rhs,
                       I32:$count);
  let assemblyFormat = [{
    $dst `,` $lhs `,` $rhs `,` $count attr-dict `:` qualified(type($dst)) `,`
    qualified(type($lhs)) `,` qualified(type($rhs))
  }];
}

class Asc_VectorScalarOp<string mnemonic, string what>
    : Asc_VectorOp<mnemonic, [
        Asc_SameTensorElementType<["dst", "src"]>,
        Asc_ScalarOfTensorElementType<"dst", "scalar">]> {
  let summary = what;
  let arguments = (ins Arg<Asc_VectorTensorOf<Asc_VectorArithElementTypes>, "",
                           [MemWrite<Asc_LocalMemory>]>:$dst,
                       Arg<Asc_VectorTensorOf<Asc_VectorArithElementTypes>, "",
                           [MemRead<Asc_LocalMemory>]>:$src,
                       AnyType:$scalar, I32:$count);
  let assemblyFormat = [{
    $dst `,` $src `,` $scalar `,` $count attr-dict `:` qualified(type($dst)) `,`
    qualified(type($src))
  }];
}

def Asc_AddsOp : Asc_VectorScalarOp<"adds", "element-wise dst = src + scalar (Adds)">;
def Asc_MulsOp : Asc_VectorScalarOp<"muls", "element-wise dst = src * scalar (Muls)">;

def Asc_DuplicateOp : Asc_VectorOp<"duplicate", [
    Asc_ScalarOfTensorElementType<"dst", "scalar">]> {
  let summary = "fill a local tensor with a scalar (Duplicate)";
  let arguments = (ins Arg<Asc_VectorTensorOf<[F16, F32, I16, UI16, I32, UI32]>,
                           "", [MemWrite<Asc_LocalMemory>]>:$dst,
                       AnyType:$scalar, I32:$count);
  let assemblyFormat = "$dst `,` $scalar `,` $count attr-dict `:` qualified(type($dst))";
}

def Asc_ApiCallOp : Asc_Op<"api_call", [
    DeclareOpInterfaceMethods<Asc_MemoryAccessOpInterface, ["getExecutingPipe"]>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "an Ascend C API call asc has no op for, with its effects";
  let description = [{
    A call of a free function of the Ascend C API (`AscendC::Exp`,
    `AscendC::Cast`, ...) that the front ends meet and asc has no op for.
    It is never dropped: it states what it does to memory, so the analyses
    see it. The operands are local or global tensors and scalars; the
    tensors at the indices `writes` are written, the others read, each from
    its first element on with an unknown extent. The C++ front end takes as
    read the tensors whose parameter name in the API's declaration starts
    with `src` (CANN passes every tensor by const reference, so the type
    cannot tell) and as written every other one (a destination, a temporary
    buffer); `pipe` is the pipe the call runs on
    (V for vector instructions, MTE2 or MTE3 for copies, S for scalar
    work). It orders no pipe: an API that synchronises needs an op of its
    own. A call with no result that writes no tensor is made for its effect
    on the core's state (`AscendC::InitSocState`, which sets the control
    registers, on `pipe_s` with no operands): it writes the pipelines'
    state, so it is never erased as dead. The Ascend C spelling is the call itself, with `template_args`
    given explicitly.

    ```mlir
    asc.api_call "AscendC::Exp"(%dst, %src, %n) on pipe_v writes [0]
        : (!asc.local_tensor<vecout, f32>, !asc.local_tensor<vecin, f32>, i32) -> ()
    ```
  }];
  let arguments = (ins StrAttr:$callee,
                       OptionalAttr<StrArrayAttr>:$template_args,
                       Asc_PipeKindAttr:$pipe,
                       DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$writes,
                       Variadic<AnyType>:$args);
  let results = (outs Optional<AnyTypeOf<[AnySignlessInteger, AnyFloat]>>:$result);
  let assemblyFormat = [{
    $callee `(` $args `)` `on` custom<EnumKeyword>($pipe) (`writes` $writes^)?
      attr-dict `:` functional-type($args, $result)
  }];
  let hasVerifier = 1;
}

def Asc_PipeBarrierOp : Asc_Op<"pipe_barrier", [
    DeclareOpInterfaceMethods<Asc_PipeOrderingOpInterface, ["getPipeOrderingSteps"]>,
    MemoryEffects<[MemRead<Asc_Pipeline>, MemWrite<Asc_Pipeline>]>]> {
  let summary = "wait until a hardware pipeline drains (PipeBarrier<pipe>)";
  let description = [{
    ```mlir
    asc.pipe_barrier pipe_all
    ```
  }];
  let arguments = (ins Asc_PipeKindAttr:$pipe);
  let assemblyFormat = "custom<EnumKeyword>($pipe) attr-dict";
  let extraClassDeclaration = [{
    /// Whether the barrier can order a data copy that a Matmul call reads or
    /// writes: every pipe but the vector pipe, which only orders vector
    /// instructions.
    bool mayOrderDataCopies() { return getPipe() != PipeKind::PIPE_V; }
  }];
}

/// SetFlag and WaitFlag: one event of a pipe pair, by its id.
class Asc_FlagOp<string mnemonic, string summary_>
    : Asc_Op<mnemonic, [
        MemoryEffects<[MemRead<Asc_Pipeline>, MemWrite<Asc_Pipeline>]>]> {
  let summary = summary_;
  let arguments = (ins Asc_HardEventAttr:$event, I32:$id);
  let assemblyFormat = "custom<EnumKeyword>($event) `,` $id attr-dict";
  let extraClassDeclaration = [{
    /// The pipe the event's SetFlag waits for and the pipe its WaitFlag
    /// holds back (runtime/asc_run/hard_events.def).
    ::mlir::asc::PipeKind getSourcePipe() {
      return ::mlir::asc::getHardEventPipes(getEvent()).first;
    }
    ::mlir::asc::PipeKind getTargetPipe() {
      return ::mlir::asc::getHardEventPipes(getEvent()).second;
    }
  }];
}

def Asc_SetFlagOp : Asc_FlagOp<"set_flag",
    "set an event once a pipe's earlier work is done (SetFlag<event>(id))"> {
  let description = [{
    `SetFlag<X_Y>(id)` fires event `id` of the pair X_Y once every earlier
    instruction of pipe X is done; the matching `asc.wait_flag` holds pipe Y
    back until then (spec section 2c, O3).

    ```mlir
    asc.set_flag mte2_mte3, %id
    asc.wait_flag mte2_mte3, %id
    ```
  }];
}

def Asc_WaitFlagOp : Asc_FlagOp<"wait_flag",
    "hold a pipe back until an event is set (WaitFlag<event>(id))"> {
  let description = [{
    `WaitFlag<X_Y>(id)`: pipe Y starts nothing after it until the event set
    by the last `asc.set_flag` of the same event and id has fired, so what
    pipe X did before that set happens before what Y does after the wait.
  }];
}

//===----------------------------------------------------------------------===//
// Cross-core synchronisation
//===----------------------------------------------------------------------===//

def Asc_CrossCoreSetFlagOp : Asc_Op<"cross_core_set_flag", [
    DeclareOpInterfaceMethods<Asc_CrossCoreSyncOpInterface>,
    MemoryEffects<[MemRead<Asc_Pipeline>, MemWrite<Asc_Pipeline>]>]> {
  let summary =
      "set a cross-core flag once a pipe is done (CrossCoreSetFlag<mode, pipe>(id))";
  let description = [{
    `CrossCoreSetFlag<mode, pipe>(id)` sets flag `id` once every earlier
    instruction of `pipe` on this core is done; the other cores'
    `asc.cross_core_wait_flag` of `id` then see what that pipe did (spec
    section 2c, O6). Mode 2 signals between a cube core and the vector
    cores of its group, mode 1 among the vector cores of a group, mode 0
    among all cores of one type. The production idiom: the cube core drives
    the Matmul object and sets a flag on PIPE_FIX, the pipe that writes C;
    the vector cores wait for it before reading C (rule P8).

    ```mlir
    scf.if %aic {
      asc.matmul.iterate_all %mm, %c : !mm, !gm
      asc.cross_core_set_flag mode 2, pipe_fix, %c3
    }
    ```
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<2>]>:$mode,
                       Asc_PipeKindAttr:$pipe, I32:$id);
  let assemblyFormat =
      "`mode` $mode `,` custom<EnumKeyword>($pipe) `,` $id attr-dict";
  let hasVerifier = 1;
}

def Asc_CrossCoreWaitFlagOp : Asc_Op<"cross_core_wait_flag", [
    DeclareOpInterfaceMethods<Asc_CrossCoreSyncOpInterface>,
    MemoryEffects<[MemRead<Asc_Pipeline>, MemWrite<Asc_Pipeline>]>]> {
  let summary = "wait for a cross-core flag (CrossCoreWaitFlag(id))";
  let description = [{
    `CrossCoreWaitFlag(id)`: every later instruction of this core waits
    until flag `id` is set by another core, and takes it (spec section 2c,
    O6). A wait whose flag no core of the other side sets hangs (rule P5).
    The template arguments keep CANN's defaults (mode 0, PIPE_S) unless
    given.

    ```mlir
    asc.cross_core_wait_flag %c3
    ```
  }];
  let arguments = (ins DefaultValuedAttr<ConfinedAttr<I32Attr,
                           [IntMinValue<0>, IntMaxValue<2>]>, "0">:$mode,
                       DefaultValuedAttr<Asc_PipeKindAttr,
                           "::mlir::asc::PipeKind::PIPE_S">:$pipe,
                       I32:$id);
  let assemblyFormat = "$id attr-dict";
  let hasVerifier = 1;
}

def Asc_SyncAllOp : Asc_Op<"sync_all", [
    DeclareOpInterfaceMethods<Asc_PipeOrderingOpInterface, ["getPipeOrderingSteps"]>,
    DeclareOpInterfaceMethods<Asc_CrossCoreSyncOpInterface>,
    MemoryEffects<[MemRead<Asc_Pipeline>, MemWrite<Asc_Pipeline>]>]> {
  let summary = "synchronise every core of the launch (SyncAll<isAIVOnly>())";
  let description = [{
    `SyncAll<true>()` (the default, `aiv_only`): every vector core's access
    before it happens before every vector core's access after it;
    `SyncAll<false>()`: the same over every core, cube cores included, all
    of which must call it (spec section 2c, O7). In a mix kernel whose cube
    core serves the Matmul objects (no `asc.cube_only`), the cube core sits
    in the server loop and never joins a `SyncAll<false>`: the kernel hangs
    (rule P5).

    ```mlir
    asc.sync_all
    asc.sync_all {aiv_only = false}
    ```
  }];
  let arguments = (ins DefaultValuedAttr<BoolAttr, "true">:$aiv_only);
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Matmul objects
//===----------------------------------------------------------------------===//

/// A Matmul operation, doing `useKind` (a MatmulUseKind) to its object.
class Asc_MatmulOp<string mnemonic, string useKind, list<Trait> traits = [],
                   OpInterface matmulInterface = Asc_MatmulOpInterface>
    : Asc_Op<"matmul." # mnemonic,
             !listconcat([Asc_MatmulObjectUseOpInterface, matmulInterface,
                          Asc_PipeOrderingOpInterface,
                          Asc_MatmulUseKind<useKind>], traits)>;

/// A configuring Matmul call that sets one slot of the object's state (the
/// memory it holds is computed in C++: getSlotUpdate) and takes part in the
/// staged message as `messageRole` says.
class Asc_MatmulSetterOp<string mnemonic, string messageRole,
                         list<Trait> traits = []>
    : Asc_MatmulOp<mnemonic, "Configure",
                   !listconcat([Asc_MatmulMessageRole<messageRole>], traits),
                   DeclareOpInterfaceMethods<Asc_MatmulOpInterface,
                                             ["getSlotUpdate"]>>;

/// A Matmul call that may run asynchronously, completed by a wait of
/// `waitKind`. `isAsync` reads the `sync` attribute unless the op has its
/// own (`overrides`). It posts the staged message unless `messageRole` says
/// otherwise.
class Asc_MatmulAsyncIssueOp<string mnemonic, string waitKind,
                             list<Trait> traits = [],
                             list<string> overrides = [],
                             string messageRole = "PostStaged">
    : Asc_MatmulOp<mnemonic, "Compute",
                   !listconcat([Asc_WaitKind<waitKind>,
                                Asc_MatmulMessageRole<messageRole>,
                                DeclareOpInterfaceMethods<Asc_MemoryAccessOpInterface>,
                                DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
                                DeclareOpInterfaceMethods<
                                    Asc_MatmulAsyncIssueOpInterface,
                                    !listconcat(["getUnwaitableReason"],
                                                overrides)>],
                               traits)>;

/// A wait that completes the pending issue of `waitKind` on its object.
class Asc_MatmulWaitOp<string mnemonic, string waitKind>
    : Asc_MatmulOp<mnemonic, "Wait", [
        Asc_WaitKind<waitKind>, Asc_MatmulMessageRole<"None">,
        DeclareOpInterfaceMethods<Asc_MemoryAccessOpInterface>,
        DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
        Asc_MatmulWaitOpInterface]> {
  let arguments = (ins Asc_MatmulType:$matmul);
  let assemblyFormat = "$matmul attr-dict `:` qualified(type($matmul))";
}

/// The Matmul object operand, read and rewritten by the call.
defvar Asc_MatmulStateArg =
    Arg<Asc_MatmulType, "the Matmul object",
        [MemRead<Asc_MatmulState>, MemWrite<Asc_MatmulState>]>;
/// The Matmul object operand of a call that only records configuration.
defvar Asc_MatmulConfigArg =
    Arg<Asc_MatmulType, "the Matmul object", [MemWrite<Asc_MatmulState>]>;

def Asc_MatmulCreateOp : Asc_Op<"matmul.create", [
    DeclareOpInterfaceMethods<Asc_MatmulObjectUseOpInterface,
                              ["getMatmulObjectUses"]>]> {
  let summary = "declare a Matmul object (matmul::Matmul<...> mm;)";
  let description = [{
    ```mlir
    %mm = asc.matmul.create : !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>,
                                          c = <gm, nd, f32>>
    ```
  }];
  let results = (outs Res<Asc_MatmulType, "", [MemAlloc<Asc_MatmulState>]>:$matmul);
  let assemblyFormat = "attr-dict `:` qualified(type($matmul))";
}

def Asc_MatmulRegisterOp : Asc_Op<"matmul.register", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<Asc_MatmulObjectUseOpInterface,
                              ["getMatmulObjectUses"]>]> {
  let summary = "register Matmul objects with the pipe (REGIST_MATMUL_OBJ)";
  let description = [{
    Registers up to four Matmul objects, each with an optional tiling (either
    every object has one or none has).

    ```mlir
    asc.matmul.register %pipe, %workspace, %mm tiling %tiling : !mm
    ```
  }];
  let arguments = (ins Asc_PipeType:$pipe, Asc_GmAddrType:$workspace,
                       Arg<Variadic<Asc_MatmulType>, "",
                           [MemWrite<Asc_MatmulState>]>:$matmuls,
                       Variadic<Asc_TilingType>:$tilings);
  let assemblyFormat = [{
    $pipe `,` $workspace `,` $matmuls (`tiling` $tilings^)? attr-dict
    `:` qualified(type($matmuls))
  }];
  let hasVerifier = 1;
}

def Asc_MatmulInitOp : Asc_MatmulOp<"init", "Initialize",
                                    [Asc_MatmulMessageRole<"PostOwn">]> {
  let summary = "initialise a Matmul object with a tiling (Init)";
  let arguments = (ins Asc_MatmulConfigArg:$matmul, Asc_TilingType:$tiling,
                       Optional<Asc_PipeType>:$pipe);
  let assemblyFormat = [{
    $matmul `,` $tiling (`,` $pipe^)? attr-dict `:` qualified(type($matmul))
  }];
}

def Asc_MatmulSetTensorAOp : Asc_MatmulSetterOp<"set_tensor_a", "Stage",
                                           [Asc_MatmulInputFor<"TensorA">,
                                            Asc_ReadByBlockFetches]> {
  let summary = "set the left matrix or scalar (SetTensorA)";
  let description = [{
    Records the A input: a global or local tensor (optionally transposed) or a
    scalar of A's element type. The input is read when the object computes.

    ```mlir
    asc.matmul.set_tensor_a %mm, %a : !mm, !asc.global_tensor<f16>
    asc.matmul.set_tensor_a %mm, %a {is_transpose = true} : !mm, !asc.global_tensor<f16>
    ```
  }];
  let arguments = (ins Asc_MatmulConfigArg:$matmul, AnyType:$input,
                       OptionalAttr<BoolAttr>:$is_transpose);
  let assemblyFormat = [{
    $matmul `,` $input attr-dict `:` qualified(type($matmul)) `,` qualified(type($input))
  }];
  let extraClassDeclaration = [{
    /// StageInputs for a tensor (it sets the message's isFirstIter flag),
    /// Stage for a scalar (CANN's MatmulClient::SetTensorA(scalar) does not).
    ::mlir::asc::MatmulMessageRole getMessageRole();
  }];
}

def Asc_MatmulSetTensorBOp : Asc_MatmulSetterOp<"set_tensor_b", "Stage",
                                           [Asc_MatmulInputFor<"TensorB">,
                                            Asc_ReadByBlockFetches]> {
  let summary = "set the right matrix or scalar (SetTensorB)";
  let arguments = (ins Asc_MatmulConfigArg:$matmul, AnyType:$input,
                       OptionalAttr<BoolAttr>:$is_transpose);
  let assemblyFormat = [{
    $matmul `,` $input attr-dict `:` qualified(type($matmul)) `,` qualified(type($input))
  }];
  let extraClassDeclaration = [{
    /// StageInputs for a tensor (it sets the message's isFirstIter flag),
    /// Stage for a scalar (CANN's MatmulClient::SetTensorB(scalar) does not).
    ::mlir::asc::MatmulMessageRole getMessageRole();
  }];
}

def Asc_MatmulSetBiasOp : Asc_MatmulSetterOp<"set_bias", "StageBias"> {
  let summary = "set the bias vector (SetBias)";
  let arguments = (ins Asc_MatmulConfigArg:$matmul, Asc_AnyTensor:$bias);
  let assemblyFormat = [{
    $matmul `,` $bias attr-dict `:` qualified(type($matmul)) `,` qualified(type($bias))
  }];
  let hasVerifier = 1;
}

def Asc_MatmulDisableBiasOp : Asc_MatmulSetterOp<"disable_bias", "StageBias"> {
  let summary = "compute without bias (DisableBias)";
  let arguments = (ins Asc_MatmulConfigArg:$matmul);
  let assemblyFormat = "$matmul attr-dict `:` qualified(type($matmul))";
}

def Asc_MatmulSetOrgShapeOp : Asc_MatmulOp<"set_org_shape", "Configure",
                                          [AttrSizedOperandSegments,
                                           Asc_MatmulMessageRole<"PostOwn">]> {
  let summary = "set the original M, N, K (SetOrgShape)";
  let description = [{
    Either `(orgM, orgN, orgK)` or `(orgM, orgN, orgKa, orgKb, orgKc)`.

    ```mlir
    asc.matmul.set_org_shape %mm, %m, %n, %k : !mm
    asc.matmul.set_org_shape %mm, %m, %n, %ka, %kb, %kc : !mm
    ```
  }];
  let arguments = (ins Asc_MatmulConfigArg:$matmul, I32:$orgM, I32:$orgN,
                       I32:$orgKa, Optional<I32>:$orgKb, Optional<I32>:$orgKc);
  let assemblyFormat = [{
    $matmul `,` $orgM `,` $orgN `,` $orgKa (`,` $orgKb^ `,` $orgKc)? attr-dict
    `:` qualified(type($matmul))
  }];
  let hasVerifier = 1;
}

def Asc_MatmulSetSingleShapeOp : Asc_MatmulOp<"set_single_shape", "Configure",
                                             [Asc_MatmulMessageRole<"Stage">,
                                              Asc_ReadByBlockFetches]> {
  let summary = "set this core's M, N, K (SetSingleShape)";
  let arguments = (ins Asc_MatmulConfigArg:$matmul, I32:$singleM, I32:$singleN,
                       I32:$singleK);
  let assemblyFormat = [{
    $matmul `,` $singleM `,` $singleN `,` $singleK attr-dict `:` qualified(type($matmul))
  }];
}

def Asc_MatmulSetTailOp : Asc_MatmulOp<"set_tail", "Configure",
                                      [Asc_MatmulMessageRole<"Stage">,
                                       Asc_ReadByBlockFetches]> {
  let summary = "set the tail block's M, N, K; -1 keeps a size (SetTail)";
  let arguments = (ins Asc_MatmulConfigArg:$matmul, I32:$tailM, I32:$tailN,
                       I32:$tailK);
  let assemblyFormat = [{
    $matmul `,` $tailM `,` $tailN `,` $tailK attr-dict `:` qualified(type($matmul))
  }];
}

def Asc_MatmulSetWorkspaceOp : Asc_MatmulSetterOp<"set_workspace", "None"> {
  let summary = "give the object a global workspace for async results (SetWorkspace)";
  let arguments = (ins Asc_MatmulConfigArg:$matmul,
                       Asc_GlobalTensorType:$workspace);
  let assemblyFormat = [{
    $matmul `,` $workspace attr-dict `:` qualified(type($matmul)) `,` qualified(type($workspace))
  }];
}

def Asc_MatmulSetHf32Op : Asc_MatmulOp<"set_hf32", "Configure",
                                      [Asc_MatmulMessageRole<"PostOwn">]> {
  let summary = "enable HF32 computation for f32 inputs (SetHF32)";
  let arguments = (ins Asc_MatmulConfigArg:$matmul,
                       DefaultValuedAttr<BoolAttr, "false">:$enable_hf32,
                       DefaultValuedAttr<I32Attr, "0">:$trans_mode);
  let assemblyFormat = "$matmul attr-dict `:` qualified(type($matmul))";
}

def Asc_MatmulSetSubBlockIdxOp : Asc_MatmulOp<"set_sub_block_idx", "Configure",
                                              [Asc_MatmulMessageRole<"None">]> {
  let summary = "set which vector core of its group the object serves (SetSubBlockIdx)";
  let description = [{
    The sub-block index (0 or 1 on Atlas A2) picks CANN's message queues and
    UB addresses, not C (matmul_impl_base.h, param/matmul_subblock_info.h).
    It changes state a call in flight still reads, so it stages nothing and
    is not safe while one is pending.

    ```mlir
    asc.matmul.set_sub_block_idx %mm, %c0 : !asc.matmul<...>
    ```
  }];
  let arguments = (ins Asc_MatmulConfigArg:$matmul, I32:$subBlockIdx);
  let assemblyFormat = "$matmul `,` $subBlockIdx attr-dict `:` qualified(type($matmul))";
}

def Asc_MatmulSetBatchNumOp : Asc_MatmulOp<"set_batch_num", "Configure",
                                          [Asc_CubeOnlyCall,
                                           Asc_MatmulMessageRole<"None">]> {
  let summary = "set the batch counts of A and B (SetBatchNum)";
  let description = [{
    Only the cube-side Matmul object has SetBatchNum: the op is legal in a
    cube-only kernel (`asc.cube_only`) and rejected in a mix kernel.
  }];
  let arguments = (ins Asc_MatmulConfigArg:$matmul, I32:$batchA, I32:$batchB);
  let assemblyFormat = "$matmul `,` $batchA `,` $batchB attr-dict `:` qualified(type($matmul))";
}

def Asc_MatmulSetQuantScalarOp : Asc_MatmulSetterOp<"set_quant_scalar", "Stage"> {
  let summary = "set a per-tensor dequantisation scale (SetQuantScalar)";
  let arguments = (ins Asc_MatmulConfigArg:$matmul, I64:$scale);
  let assemblyFormat = "$matmul `,` $scale attr-dict `:` qualified(type($matmul))";
}

def Asc_MatmulSetQuantVectorOp : Asc_MatmulSetterOp<"set_quant_vector", "Stage"> {
  let summary = "set per-channel dequantisation scales (SetQuantVector)";
  let arguments = (ins Asc_MatmulConfigArg:$matmul,
                       Asc_GlobalTensorOf<[UI64]>:$scales);
  let assemblyFormat = [{
    $matmul `,` $scales attr-dict `:` qualified(type($matmul)) `,` qualified(type($scales))
  }];
}

/// The 64-bit value SetSelfDefineData and SetUserDefInfo take: an integer, or
/// a GM pointer passed as its address.
defvar Asc_MatmulUserWord = AnyTypeOf<[I64, Asc_GmAddrType]>;

def Asc_MatmulSetSelfDefineDataOp
    : Asc_MatmulOp<"set_self_define_data", "Configure",
                   [Asc_MatmulMessageRole<"Stage">]> {
  let summary = "hand a value to the Matmul callbacks (SetSelfDefineData)";
  let description = [{
    The `dataPtr` a `MatmulCallBackFunc`'s callbacks receive. On Atlas A2
    CANN's client writes it into the staged message (`MatmulClient::
    SetSelfDefineData`, `kfcMsg_.body.dataPtr`) and the server hands it on
    only with a message that carries inputs (`MatmulService::
    IterateSetMessage`): a staged setter, which posts nothing. It changes no
    result without callbacks. A GM pointer is passed as its address.

    ```mlir
    asc.matmul.set_self_define_data %mm, %ptr : !mm, !asc.gm_addr
    ```
  }];
  let arguments = (ins Asc_MatmulConfigArg:$matmul, Asc_MatmulUserWord:$data);
  let assemblyFormat = [{
    $matmul `,` $data attr-dict `:` qualified(type($matmul)) `,` qualified(type($data))
  }];
}

def Asc_MatmulSetUserDefInfoOp
    : Asc_MatmulOp<"set_user_def_info", "Configure",
                   [Asc_MatmulMessageRole<"PostOwn">]> {
  let summary = "hand the callbacks a tiling address (SetUserDefInfo)";
  let description = [{
    The `tilingPtr` a `MatmulCallBackFunc`'s callbacks receive. CANN's
    client posts it at once in a message of its own,
    `MMFUN_SET_USER_DEF_INFO`, through the staged storage (`MatmulClient::
    SetUserDefInfo`, `kfcMsg_.userDefInfo` shares the message's union): the
    setters staged before it are lost, as with SetOrgShape (rule P6). The
    server handles the message only when the config enables it
    (`enableSetDefineData`, `MatmulService::Process`); otherwise it drops it,
    so the verifier refuses such a config. A GM pointer is passed as its
    address.

    ```mlir
    asc.matmul.set_user_def_info %mm, %ptr : !mm, !asc.gm_addr
    ```
  }];
  let arguments = (ins Asc_MatmulConfigArg:$matmul,
                       Asc_MatmulUserWord:$tilingPtr);
  let assemblyFormat = [{
    $matmul `,` $tilingPtr attr-dict `:` qualified(type($matmul)) `,`
    qualified(type($tilingPtr))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Matmul computation
//===----------------------------------------------------------------------===//

def Asc_MatmulIterateOp : Asc_MatmulAsyncIssueOp<"iterate", "GetTensorC",
                                                 [Asc_ContinuesItsOwnLoop],
                                                 ["isConsumedByFetches"]> {
  let summary = "compute the next baseM x baseN block (Iterate<sync>)";
  let description = [{
    Returns false once every block is done; kernels call it in a loop and
    fetch each block with `asc.matmul.get_tensor_c`. With `local_c` the block
    is accumulated into a CO1 tensor.

    ```mlir
    %more = asc.matmul.iterate %mm {sync = false} : !mm
    ```
  }];
  let arguments = (ins Asc_MatmulType:$matmul,
                       Optional<Asc_LocalTensorType>:$local_c_matrix,
                       DefaultValuedAttr<BoolAttr, "true">:$sync,
                       DefaultValuedAttr<BoolAttr, "false">:$en_partial_sum);
  let results = (outs I1:$more);
  let assemblyFormat = [{
    $matmul (`local_c` $local_c_matrix^)? attr-dict `:` qualified(type($matmul))
    (`,` qualified(type($local_c_matrix))^)?
  }];
  let hasVerifier = 1;
}

def Asc_MatmulGetTensorCOp : Asc_MatmulAsyncIssueOp<"get_tensor_c", "GetTensorC",
    [DeclareOpInterfaceMethods<Asc_BufferSourceOpInterface>,
     Asc_FetchesOneBlock],
    ["returnsComplete"]> {
  let summary = "fetch the block of the last iterate (GetTensorC<sync>)";
  let description = [{
    Three forms: into one destination (UB or GM); into a GM and a VECIN
    destination at once; or, async only, returning a global view of the block
    in the workspace.

    ```mlir
    asc.matmul.get_tensor_c %mm, %ub {sync = false} : !mm, !asc.local_tensor<vecin, f32>
    asc.matmul.get_tensor_c %mm, %gm, %ub : !mm, !asc.global_tensor<f32>, !asc.local_tensor<vecin, f32>
    %blk = asc.matmul.get_tensor_c %mm {sync = false} : !mm -> !asc.global_tensor<f32>
    ```
  }];
  let arguments = (ins Asc_MatmulType:$matmul,
                       Variadic<Asc_AnyTensor>:$dsts,
                       DefaultValuedAttr<BoolAttr, "true">:$sync,
                       DefaultValuedAttr<Asc_AtomicModeAttr, "0">:$en_atomic,
                       DefaultValuedAttr<BoolAttr, "false">:$en_sequential_write);
  let results = (outs Optional<Asc_GlobalTensorType>:$result);
  let assemblyFormat = [{
    $matmul (`,` $dsts^)? attr-dict `:` qualified(type($matmul)) (`,` qualified(type($dsts))^)?
    (`->` qualified(type($result))^)?
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// A synchronous fetch posts the staged message (MMFUN_GET_TENSOR_C:
    /// PostFetch); an async one only waits for the block and copies it.
    ::mlir::asc::MatmulMessageRole getMessageRole();
  }];
}

def Asc_MatmulIterateAllOp : Asc_MatmulAsyncIssueOp<"iterate_all", "IterateAll", [],
                                                    ["isPromotable", "promoteToWaitable"]> {
  let summary = "compute the whole singleCoreM x singleCoreN block (IterateAll<sync>)";
  let description = [{
    With `sync = false` and `wait_iterate_all = true` the call returns at once
    and the GM output is pending until `asc.matmul.wait_iterate_all`.
    `en_sequential_write`, `wait_iterate_all` and `fake_msg` only exist for
    a GM output; absent, they mean false.

    ```mlir
    asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true}
        : !mm, !asc.global_tensor<f32>
    ```
  }];
  let arguments = (ins Asc_MatmulType:$matmul, Asc_AnyTensor:$c,
                       DefaultValuedAttr<BoolAttr, "true">:$sync,
                       DefaultValuedAttr<Asc_AtomicModeAttr, "0">:$en_atomic,
                       OptionalAttr<BoolAttr>:$en_sequential_write,
                       OptionalAttr<BoolAttr>:$wait_iterate_all,
                       OptionalAttr<BoolAttr>:$fake_msg);
  let assemblyFormat = [{
    $matmul `,` $c attr-dict `:` qualified(type($matmul)) `,` qualified(type($c))
  }];
  let hasVerifier = 1;
}

def Asc_MatmulWaitIterateAllOp : Asc_MatmulWaitOp<"wait_iterate_all", "IterateAll"> {
  let summary = "wait for an async iterate_all (WaitIterateAll)";
}

def Asc_MatmulIterateBatchOp : Asc_MatmulAsyncIssueOp<"iterate_batch", "IterateBatch",
                                                      [AttrSizedOperandSegments],
                                                      ["isPromotable", "promoteToWaitable"]> {
  let summary = "compute a batch of matrix products (IterateBatch<sync, wait>)";
  let description = [{
    The mix form (called from the vector core) names the batch counts of A
    and B; the cube-only form does not and is legal in a cube-only kernel
    (`asc.cube_only`) only. Strides default to 0.

    ```mlir
    asc.matmul.iterate_batch %mm, %c batch(%ba, %bb)
        {sync = false, wait_iterate_batch = true} : !mm, !asc.global_tensor<f32>
    ```
  }];
  let arguments = (ins Asc_MatmulType:$matmul, Asc_AnyTensor:$c,
                       Optional<I32>:$batchA, Optional<I32>:$batchB,
                       Optional<I32>:$strideA, Optional<I32>:$strideB,
                       Optional<I32>:$strideC,
                       DefaultValuedAttr<BoolAttr, "true">:$sync,
                       OptionalAttr<BoolAttr>:$wait_iterate_batch,
                       DefaultValuedAttr<BoolAttr, "false">:$en_sequential_write,
                       OptionalAttr<BoolAttr>:$en_partial_sum,
                       DefaultValuedAttr<Asc_AtomicModeAttr, "0">:$en_atomic);
  let assemblyFormat = [{
    $matmul `,` $c (`batch` `(` $batchA^ `,` $batchB `)`)?
    (`strides` `(` $strideA^ `,` $strideB `,` $strideC `)`)? attr-dict
    `:` qualified(type($matmul)) `,` qualified(type($c))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// True for the form the vector core calls (with batch counts).
    bool isMixForm() { return static_cast<bool>(getBatchA()); }
  }];
}

def Asc_MatmulIterateNBatchOp : Asc_MatmulAsyncIssueOp<"iterate_n_batch", "IterateBatch",
                                                       [AttrSizedOperandSegments,
                                                        Asc_SignalsEachLoop],
                                                       ["isConsumedByFetches"]> {
  let summary = "compute batchLoop batches into the workspace (IterateNBatch)";
  let description = [{
    The results land in the object's workspace and are read back with
    `asc.matmul.get_batch_tensor_c`. A and B need a batch layout of
    `bsngd`, `sbngd` or `bngs1s2` and C one other than `none` or `normal`;
    the Matmul config needs `is_n_batch = true`, without which the call
    returns without computing.

    ```mlir
    asc.matmul.iterate_n_batch %mm, %loop, %ba, %bb
        {sync = false, wait_iterate_batch = true} : !mm
    ```
  }];
  let arguments = (ins Asc_MatmulType:$matmul, I32:$batchLoop, I32:$batchA,
                       I32:$batchB,
                       Optional<I32>:$strideA, Optional<I32>:$strideB,
                       Optional<I32>:$strideC,
                       DefaultValuedAttr<BoolAttr, "true">:$sync,
                       OptionalAttr<BoolAttr>:$wait_iterate_batch,
                       DefaultValuedAttr<BoolAttr, "false">:$en_sequential_write);
  let assemblyFormat = [{
    $matmul `,` $batchLoop `,` $batchA `,` $batchB
    (`strides` `(` $strideA^ `,` $strideB `,` $strideC `)`)? attr-dict
    `:` qualified(type($matmul))
  }];
  let hasVerifier = 1;
}

def Asc_MatmulWaitIterateBatchOp : Asc_MatmulWaitOp<"wait_iterate_batch", "IterateBatch"> {
  let summary = "wait for an async iterate_batch or iterate_n_batch (WaitIterateBatch)";
}

def Asc_MatmulGetBatchTensorCOp : Asc_MatmulOp<"get_batch_tensor_c", "Compute", [
    Asc_MatmulMessageRole<"None">, Asc_TakesLoopSignal,
    DeclareOpInterfaceMethods<Asc_BufferSourceOpInterface>,
    DeclareOpInterfaceMethods<Asc_MemoryAccessOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "read one batch result from the workspace (GetBatchTensorC)";
  let description = [{
    Async only. Returns a global view of the batch result, or copies it into
    a local tensor.

    ```mlir
    %r = asc.matmul.get_batch_tensor_c %mm, %ba, %bb {sync = false}
        : !mm -> !asc.global_tensor<f32>
    asc.matmul.get_batch_tensor_c %mm, %ba, %bb into %ub {sync = false}
        : !mm, !asc.local_tensor<vecin, f32>
    ```
  }];
  let arguments = (ins Asc_MatmulType:$matmul, I32:$batchA, I32:$batchB,
                       Optional<Asc_LocalTensorType>:$dst,
                       DefaultValuedAttr<BoolAttr, "true">:$sync,
                       DefaultValuedAttr<BoolAttr, "false">:$en_sequential_write);
  let results = (outs Optional<Asc_GlobalTensorType>:$result);
  let assemblyFormat = [{
    $matmul `,` $batchA `,` $batchB (`into` $dst^)? attr-dict `:` qualified(type($matmul))
    (`,` qualified(type($dst))^)? (`->` qualified(type($result))^)?
  }];
  let hasVerifier = 1;
}

def Asc_MatmulWaitGetTensorCOp : Asc_MatmulWaitOp<"wait_get_tensor_c", "GetTensorC"> {
  let summary = "wait for an async get_tensor_c (WaitGetTensorC)";
}

def Asc_MatmulAsyncGetTensorCOp : Asc_MatmulAsyncIssueOp<"async_get_tensor_c", "GetTensorC",
                                                         [], ["isAsync", "setAsync"], "None"> {
  let summary = "older async fetch of a block into a local tensor (AsyncGetTensorC)";
  let description = [{
    Superseded by `asc.matmul.get_tensor_c {sync = false}`; completed by
    `asc.matmul.wait_get_tensor_c` like it.
  }];
  let arguments = (ins Asc_MatmulType:$matmul, Asc_LocalTensorType:$dst);
  let assemblyFormat = "$matmul `,` $dst attr-dict `:` qualified(type($matmul)) `,` qualified(type($dst))";
  let hasVerifier = 1;
}

def Asc_MatmulEndOp : Asc_MatmulOp<"end", "Release",
                                   [Asc_MatmulMessageRole<"None">]> {
  let summary = "release the Matmul object (End)";
  let arguments = (ins Asc_MatmulStateArg:$matmul);
  let assemblyFormat = "$matmul attr-dict `:` qualified(type($matmul))";
}

#endif // ASC_DIALECT_ASC_IR_ASCOPS_TD
