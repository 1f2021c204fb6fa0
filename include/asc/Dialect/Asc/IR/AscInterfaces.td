//===- AscInterfaces.td - asc op interfaces ----------------*- tablegen -*-===//
//
// Interfaces shared by the asc operations: the Matmul calls, their memory
// accesses, views and buffer sources. Analyses and passes are written against
// these; the few concrete ops they still name are named on purpose
// (docs/Rationale.md, "Interfaces").
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_IR_ASCINTERFACES_TD
#define ASC_DIALECT_ASC_IR_ASCINTERFACES_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/ViewLikeInterface.td"

def Asc_MatmulObjectUseOpInterface : OpInterface<"MatmulObjectUseOpInterface"> {
  let cppNamespace = "::mlir::asc";
  let description = [{
    An operation that does something to the protocol state of Matmul objects:
    a call on one object (every MatmulOpInterface op, through the default
    below), the creation that declares one (MatmulUseKind::Create, the op's
    result), the registration that initialises several at once. The protocol
    analysis, its checker and the passes ask this interface which objects an
    op uses; an op handed objects without it (a call, an unknown op) is
    taken to do anything to them.
  }];
  let methods = [
    InterfaceMethod<[{
        Appends each object this operation uses, with what it does to it and
        how it takes part in the object's staged message.
      }],
      "void", "getMatmulObjectUses",
      (ins "::llvm::SmallVectorImpl<::mlir::asc::MatmulObjectUse> &":$uses),
      [{}], [{
        uses.push_back({$_op.getMatmul(), $_op.getMatmulUseKind(),
                        $_op.getMessageRole()});
      }]>,
  ];
  let extraSharedClassDeclaration = [{
    /// The objects this operation uses (getMatmulObjectUses).
    ::llvm::SmallVector<::mlir::asc::MatmulObjectUse, 1> getMatmulObjectUses() {
      ::llvm::SmallVector<::mlir::asc::MatmulObjectUse, 1> uses;
      $_op.getMatmulObjectUses(uses);
      return uses;
    }
  }];
}

def Asc_MatmulOpInterface
    : OpInterface<"MatmulOpInterface", [Asc_MatmulObjectUseOpInterface]> {
  let cppNamespace = "::mlir::asc";
  let description = [{
    An operation on a Matmul object: it names the object and says what it does
    to the object's protocol state (initialise, reconfigure, compute, wait,
    release).
  }];
  let methods = [
    // The two facts below come from ODS (the `matmul` operand and the
    // HasMatmulUseKind trait); the bodies forward so that
    // DeclareOpInterfaceMethods never redeclares them.
    InterfaceMethod<"The Matmul object this operation acts on.",
      "::mlir::Value", "getMatmul", (ins), [{ return $_op.getMatmul(); }]>,
    InterfaceMethod<"What this operation does to the object's state.",
      "::mlir::asc::MatmulUseKind", "getMatmulUseKind", (ins),
      [{ return $_op.getMatmulUseKind(); }]>,
    InterfaceMethod<[{
        How this call takes part in the message the client stages for the
        cube core's server (the HasMatmulMessageRole trait, or the op's own
        getMessageRole when its operands decide).
      }],
      "::mlir::asc::MatmulMessageRole", "getMessageRole", (ins),
      [{ return $_op.getMessageRole(); }]>,
    InterfaceMethod<[{
        The slot of the object's state this call sets (SetTensorA sets the A
        input, SetWorkspace the workspace, ...) and the memory the slot holds
        from then on (null when it holds none: a scalar, DisableBias), or
        nothing when the call sets no slot.
      }],
      "::std::optional<::mlir::asc::MatmulSlotUpdate>", "getSlotUpdate",
      (ins), [{}], [{ return ::std::nullopt; }]>,
  ];
}

def Asc_MemoryAccessOpInterface : OpInterface<"MemoryAccessOpInterface"> {
  let cppNamespace = "::mlir::asc";
  let description = [{
    An operation that states exactly which memory it reads and writes: for
    each access, the tensor or pointer it goes through, the first element and
    the footprint the access itself sets (a DataCopy's count or
    DataCopyParams blocks, one element for GetValue, a Matmul output's whole
    block), or a slot of a Matmul object's state (the A input, the
    workspace, ...) whose memory the analyses resolve at that program point.

    The memory analyses use this interface in preference to the declared
    MemoryEffects, which only name operands. An operation that touches
    memory without implementing it is taken at its MemoryEffects (whole
    tensors, or all memory when an effect names no value).
  }];
  let methods = [
    InterfaceMethod<"Appends every memory access of this operation.",
      "void", "getMemoryAccesses",
      (ins "::llvm::SmallVectorImpl<::mlir::asc::MemoryAccess> &":$accesses)>,
    InterfaceMethod<[{
        The hardware pipe of the AI core that performs the accesses: PIPE_V
        for a vector instruction, PIPE_MTE2 for a copy from GM into local
        memory, PIPE_MTE3 for a copy out of it, PIPE_S for a scalar access;
        PIPE_ALL when they are not one pipe's (rule P7 asks which accesses
        are not the vector pipe's).
      }],
      "::mlir::asc::PipeKind", "getExecutingPipe", (ins), [{}],
      [{ return ::mlir::asc::PipeKind::PIPE_ALL; }]>,
  ];
}

def Asc_MatmulAsyncIssueOpInterface
    : OpInterface<"MatmulAsyncIssueOpInterface", [Asc_MatmulOpInterface]> {
  let cppNamespace = "::mlir::asc";
  let description = [{
    A Matmul call that can run asynchronously (`IterateAll`, `IterateBatch`,
    `IterateNBatch`, `GetTensorC`, `AsyncGetTensorC`). When it is issued
    asynchronously and can be waited on, its output is pending until a wait of
    the same `WaitKind` on the same object completes it.
  }];
  let methods = [
    InterfaceMethod<"The family of waits that completes this issue (the "
                    "op's HasWaitKind trait).",
      "::mlir::asc::WaitKind", "getWaitKind", (ins),
      [{ return $_op.getWaitKind(); }]>,
    InterfaceMethod<"True when the call is issued asynchronously (sync = false).",
      "bool", "isAsync", (ins), [{}], [{ return !$_op.getSync(); }]>,
    InterfaceMethod<[{
        Why a wait cannot complete this issue ("is synchronous", "writes local
        memory", "has no wait flag"), or an empty string when it can.
      }],
      "::llvm::StringRef", "getUnwaitableReason">,
    InterfaceMethod<[{
        True when the async call waits for its own result before it returns,
        so nothing is pending after it and no wait is needed: GetTensorC<false>
        into UB waits for its block and ends its MTE2 copy with
        SetFlag/WaitFlag<MTE2_V>, and its view form waits for the block
        (MatmulClient::GetTensorC, CopyToUB; spec revision 4, section 2). A
        wait of its kind after it is redundant and allowed.
      }],
      "bool", "returnsComplete", (ins), [{}], [{ return false; }]>,
    InterfaceMethod<[{
        True when fetches take this call's results block by block, each
        waiting for one signal of the server, instead of a wait (Iterate,
        whose blocks GetTensorC fetches; IterateNBatch without its wait flag,
        whose loops GetBatchTensorC fetches). Such an async call is in flight
        until its fetch loop is left; a synchronous one does not return only
        once the server has run it.
      }],
      "bool", "isConsumedByFetches", (ins), [{}], [{ return false; }]>,
    InterfaceMethod<[{
        Makes the call asynchronous (sync = false) and nothing else: no wait
        flag is set (promote-sync, which turns a synchronous Iterate loop
        into Iterate<false> plus GetTensorC<false> fetches, uses it on both).
      }],
      "void", "setAsync", (ins), [{}], [{ $_op.setSync(false); }]>,
    InterfaceMethod<[{
        True when this call is synchronous and has an asynchronous form that
        a wait completes, into which promote-sync may turn it (IterateAll,
        and IterateBatch of the mix form, into a GM output).
      }],
      "bool", "isPromotable", (ins), [{}], [{ return false; }]>,
    InterfaceMethod<[{
        Turns this promotable call into its asynchronous form with its wait
        flag set (sync = false, wait_iterate_all = true, ...): a waitable
        issue whose wait createWait builds.
      }],
      "void", "promoteToWaitable", (ins), [{}],
      [{ llvm_unreachable("the call is not promotable"); }]>,
    InterfaceMethod<[{
        Creates, at the insertion point of `builder`, the wait that completes
        this issue: the wait of its WaitKind on its Matmul object.
      }],
      "::mlir::Operation *", "createWait", (ins "::mlir::OpBuilder &":$builder),
      [{}], [{
        return ::mlir::asc::detail::createWait(
            builder, $_op->getLoc(), $_op.getMatmul(), $_op.getWaitKind());
      }]>,
  ];
  let extraSharedClassDeclaration = [{
    /// True when a wait of the matching kind completes this issue.
    bool isWaitable() { return $_op.getUnwaitableReason().empty(); }
  }];
}

def Asc_MatmulWaitOpInterface
    : OpInterface<"MatmulWaitOpInterface", [Asc_MatmulOpInterface]> {
  let cppNamespace = "::mlir::asc";
  let description = [{
    A wait (`WaitIterateAll`, `WaitIterateBatch`, `WaitGetTensorC`) that
    completes the pending async issue of its kind on its Matmul object. The
    interface verifier checks rule L10: some waitable issue of the same kind on
    the same object reaches the wait.
  }];
  let methods = [
    InterfaceMethod<"The family of issues this wait completes (the op's "
                    "HasWaitKind trait).",
      "::mlir::asc::WaitKind", "getWaitKind", (ins),
      [{ return $_op.getWaitKind(); }]>,
  ];
  let verify = [{
    return ::mlir::asc::detail::verifyWaitHasReachingIssue($_op);
  }];
}

def Asc_MemoryViewOpInterface
    : OpInterface<"MemoryViewOpInterface", [ViewLikeOpInterface]> {
  let cppNamespace = "::mlir::asc";
  let description = [{
    A view of asc memory (a pointer or tensor) that another one holds: the
    result points into the view source (ViewLikeOpInterface) at an offset the
    op states in elements of the result, or at a fixed offset it does not
    state (the user workspace in the workspace). The alias analysis follows
    views to their source.
  }];
  let methods = [
    InterfaceMethod<[{
        The offset of the view's first element from the source's, counted in
        elements of the result; null for none (the view starts where its
        source does).
      }],
      "::mlir::Value", "getViewOffset", (ins)>,
    InterfaceMethod<[{
        True when the view starts at an offset from its source that the op
        does not state but that is the same for the whole run of the kernel
        (GetUserWorkspace: where the framework puts the user workspace).
      }],
      "bool", "hasUnstatedFixedOffset", (ins), [{}], [{ return false; }]>,
  ];
}

def Asc_CrossCoreSyncOpInterface : OpInterface<"CrossCoreSyncOpInterface"> {
  let cppNamespace = "::mlir::asc";
  let description = [{
    An operation that orders the current core with other cores (spec
    section 2c, O6 and O7): a cross-core flag's set publishes what the core
    did before it, a cross-core wait holds back everything the core does
    after it, and `SyncAll` does both. A transform that moves a Matmul post,
    wait or fetch across such an op changes what the other cores see
    (O9): a wait never sinks past a publishing op, and an issue is never
    hoisted above a waiting one.
  }];
  let methods = [
    InterfaceMethod<[{
        True when other cores may see, after this op, what this core did
        before it.
      }], "bool", "publishesToOtherCores">,
    InterfaceMethod<[{
        True when what this core does after this op may depend on what
        another core did.
      }], "bool", "waitsForOtherCores">,
  ];
}

def Asc_PipeOrderingOpInterface : OpInterface<"PipeOrderingOpInterface"> {
  let cppNamespace = "::mlir::asc";
  let description = [{
    An operation that orders the vector core's pipes on its own (spec
    section 2c, O4, O5 and O8): a pipe barrier, a queue hand-off, the Matmul
    client's fetches, waits and UB setters. It says how as a sequence of
    steps (PipeOrderingStep: an ordering of one pipe before another, a
    barrier, its own access of local memory), read from the table asc-run's
    checker runs too (runtime/asc_run/call_orderings.def), so the two
    checkers follow one description. A `WaitFlag` is not one: its ordering
    needs the matching `SetFlag`, which the analysis finds.
  }];
  let methods = [
    InterfaceMethod<[{
        Appends the steps this operation runs, in order; none when this
        instance orders nothing (a fetch that only returns a view).
      }],
      "void", "getPipeOrderingSteps",
      (ins "::llvm::SmallVectorImpl<::mlir::asc::PipeOrderingStep> &":$steps),
      [{}], [{ ::mlir::asc::getMatmulCallOrderingSteps($_op, steps); }]>,
  ];
}

def Asc_BufferSourceOpInterface : OpInterface<"BufferSourceOpInterface"> {
  let cppNamespace = "::mlir::asc";
  let description = [{
    An operation that hands out a buffer of asc memory: a fresh queue buffer
    (AllocTensor), the buffer a queue hands back (DeQue), or the view of a
    Matmul object's result block in the workspace it has in effect
    (GetTensorC, GetBatchTensorC). The alias analysis takes the buffer's
    provenance from what the op says it is.
  }];
  let methods = [
    InterfaceMethod<"Where the buffer the op returns comes from.",
      "::mlir::asc::BufferSource", "getBufferSource", (ins)>,
  ];
}

#endif // ASC_DIALECT_ASC_IR_ASCINTERFACES_TD
