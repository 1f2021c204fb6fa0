//===- AscInterfaces.h - asc op interfaces ----------------------*- C++ -*-===//
//
// The Matmul op interfaces and the enums they speak in. The resources asc
// operations declare effects on are in AscResources.h.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_IR_ASCINTERFACES_H
#define ASC_DIALECT_ASC_IR_ASCINTERFACES_H

#include "asc/Dialect/Asc/IR/AscAttrs.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Value.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include <optional>

namespace mlir::asc {

/// What an operation does to a Matmul object's protocol state.
enum class MatmulUseKind {
  /// Declares a new object, the op's result (matmul::Matmul<...> mm;).
  Create,
  /// Makes the object usable (REGIST_MATMUL_OBJ, Init).
  Initialize,
  /// Changes what the next computation does (SetTensorA, SetTail, ...).
  Configure,
  /// Runs, or issues, work on the cube unit (Iterate, IterateAll, ...).
  Compute,
  /// Completes a pending async issue (WaitIterateAll, ...).
  Wait,
  /// Releases the object (End).
  Release,
};

/// How a Matmul call takes part in the message the vector core's client
/// stages for the cube core's server (docs/Protocol.md section 2b; CANN's
/// MatmulClient keeps one `kfcMsg_` per object). Setters write fields of the
/// staged message; a post sends a copy of it and clears its flag word, so a
/// setter's effect is for the next post only; the server applies a message's
/// setters only when it carries inputs (the isFirstIter flag).
enum class MatmulMessageRole {
  /// Takes no part: waits, fetches, End, SetWorkspace (client-local state).
  None,
  /// Stages a field the server applies only with inputs (SetTail,
  /// SetSingleShape, SetQuant*, a scalar SetTensorA/B).
  Stage,
  /// Stages the bias decision (SetBias, DisableBias): a message with inputs
  /// and without it runs without bias.
  StageBias,
  /// Stages an input and the isFirstIter flag: SetTensorA/B of a tensor.
  StageInputs,
  /// Posts a message of its own through the staged storage, losing what was
  /// staged (SetOrgShape, SetHF32, Init).
  PostOwn,
  /// Posts the staged message with a computation (IterateAll, IterateBatch,
  /// IterateNBatch, Iterate).
  PostStaged,
  /// Posts the staged message to fetch a result (a synchronous GetTensorC):
  /// what was staged is lost, no computation starts.
  PostFetch,
};

/// One Matmul object an operation uses, what it does to the object's state
/// and how it takes part in the object's staged message
/// (MatmulObjectUseOpInterface).
struct MatmulObjectUse {
  Value matmul;
  MatmulUseKind kind;
  MatmulMessageRole role;
};

/// The families of async issues and the waits that complete them.
enum class WaitKind {
  /// IterateAll<false>, completed by WaitIterateAll.
  IterateAll,
  /// IterateBatch<false, true> and IterateNBatch<false, true>, completed by
  /// WaitIterateBatch.
  IterateBatch,
  /// GetTensorC<false> and AsyncGetTensorC, completed by WaitGetTensorC.
  GetTensorC,
};

/// The parts of a Matmul object's state that hold memory. The cube unit reads
/// the inputs and the scales, and writes the workspace, while it runs.
enum class MatmulSlot : uint8_t {
  TensorA,
  TensorB,
  Bias,
  QuantScales,
  Workspace,
};
inline constexpr unsigned kNumMatmulSlots = 5;
/// "A", "B", "bias", "quantisation scales", "workspace".
llvm::StringRef describeMatmulSlot(MatmulSlot slot);

/// What a configuring call does to a slot: from now on the slot holds the
/// memory behind `memory` (null: no memory, e.g. a scalar input).
struct MatmulSlotUpdate {
  MatmulSlot slot;
  Value memory;
};

/// One memory access of an operation, as the operation states it through
/// MemoryAccessOpInterface. The access goes through `memory` (a tensor or a
/// kernel pointer) from element `index` on, over `sizeInBits`; or it reaches
/// the memory a Matmul object's `slot` holds at that program point; or, with
/// neither, it may reach any memory.
struct MemoryAccess {
  enum class Kind : uint8_t { Read, Write };
  Kind kind = Kind::Read;
  /// The tensor or pointer accessed.
  Value memory;
  /// The first element accessed, counted in elements of `memory`; null for
  /// the first element of the tensor.
  Value index;
  /// The footprint from the first element, in bits (sub-byte types count
  /// their real width); none when it is unbounded or unknown.
  std::optional<uint64_t> sizeInBits;
  /// Set for an access to memory held in a Matmul object's state.
  std::optional<MatmulSlot> slot;
  Value matmul;

  bool isWrite() const { return kind == Kind::Write; }
  bool isAnyMemory() const { return !memory && !slot; }

  /// `memory` from its first element on, with an unknown extent.
  static MemoryAccess whole(Kind kind, Value memory);
  /// `count` elements of `memory` from element `index`; an unknown count
  /// (none) is unbounded.
  static MemoryAccess elements(Kind kind, Value memory, Value index,
                               std::optional<uint64_t> count);
  /// `bytes` bytes of `memory` from its first element.
  static MemoryAccess bytes(Kind kind, Value memory,
                            std::optional<uint64_t> bytes);
  /// The memory held in `slot` of `matmul` where the access happens.
  static MemoryAccess inSlot(Kind kind, Value matmul, MatmulSlot slot);
  /// Any memory at all.
  static MemoryAccess anyMemory(Kind kind);
};

/// Where a buffer that an op hands out comes from (BufferSourceOpInterface).
struct BufferSource {
  enum class Kind : uint8_t {
    /// A buffer of `from`, a queue, of its own while it is live
    /// (TQue::AllocTensor).
    Allocation,
    /// A buffer enqueued into `from`, a queue, earlier (TQue::DeQue).
    Dequeued,
    /// The result block of `from`, a Matmul object, in the workspace it has
    /// in effect (GetTensorC, GetBatchTensorC returning a view).
    MatmulBlock,
    /// The whole of `from`, a TBuf: every Get of it is the same memory
    /// (TBuf::Get).
    WholeBuffer,
  };
  Kind kind;
  Value from;
};

/// The width in bits of one element of a tensor (or 8 for a raw pointer).
unsigned getElementBitWidth(Type memoryType);

/// The asc op name of the wait that completes issues of `kind`.
llvm::StringRef getWaitOpName(WaitKind kind);
/// A readable list of the issue ops of `kind`, for diagnostics.
llvm::StringRef getIssueDescription(WaitKind kind);

class MatmulWaitOpInterface;

/// True when `matmul` is declared by the op that defines it (a use of kind
/// Create): one object of its own, not another name of some object.
bool isMatmulCreation(Value matmul);
/// True when `op` uses some Matmul object with `kind`
/// (MatmulObjectUseOpInterface).
bool hasMatmulUseOfKind(Operation *op, MatmulUseKind kind);

class MatmulOpInterface;

//===----------------------------------------------------------------------===//
// What an operation is to the protocol (asked of its interfaces)
//===----------------------------------------------------------------------===//

/// True when `op` is an async issue that a wait completes (its output is
/// pending until then).
bool isPendingIssue(Operation *op);
/// True when `op` is an async issue that no wait can complete: its output
/// is pending until a later completion on its object or the kernel's end.
bool isUnwaitedIssue(Operation *op);
/// True for an async call whose results fetches take block by block (an
/// async Iterate, a flagless IterateNBatch): in flight until its fetch loop
/// is left.
bool isFetchConsumedIssue(Operation *op);
/// True for a call that fetches results instead of computing: GetTensorC,
/// AsyncGetTensorC, GetBatchTensorC.
bool isFetch(MatmulOpInterface use);
/// True when `use` may run while an issue of its object is in flight: a
/// setter that stages the next message or posts one of its own (each post
/// is a snapshot), not SetWorkspace or Init.
bool isSafeWhileInFlight(MatmulOpInterface use);
/// True when `use` moves its object on from the work in flight: new work, a
/// new workspace or tiling, its end.
bool movesObjectOn(MatmulOpInterface use);
/// The unified-buffer tensors (VECIN, VECOUT, VECCALC) a Matmul call
/// writes: the client copies its result there by MTE2 (rule P7 follows
/// those blocks).
SmallVector<Value, 2> getLocalDestinations(Operation *fetch);

/// The pipe orderings of a Matmul call (PipeOrderingOpInterface's default):
/// a fetch into UB, complete at its return or not; WaitGetTensorC; a setter
/// of a UB input. Nothing for the others.
void getMatmulCallOrderingSteps(Operation *op,
                                SmallVectorImpl<PipeOrderingStep> &steps);

namespace detail {
/// Rule L10: some waitable issue of the wait's kind on the same Matmul object
/// reaches `wait`.
LogicalResult verifyWaitHasReachingIssue(Operation *wait);
/// Creates the wait of `kind` on `matmul` at the insertion point of
/// `builder` (MatmulAsyncIssueOpInterface::createWait).
Operation *createWait(OpBuilder &builder, Location loc, Value matmul,
                      WaitKind kind);
} // namespace detail

} // namespace mlir::asc

#include "asc/Dialect/Asc/IR/AscInterfaces.h.inc"

#endif // ASC_DIALECT_ASC_IR_ASCINTERFACES_H
