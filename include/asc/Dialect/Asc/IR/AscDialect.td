//===- AscDialect.td - Ascend C dialect definition ---------*- tablegen -*-===//
//
// The `asc` dialect models the Ascend C Matmul high-level API and the memory
// operations that surround it in a vector-core kernel.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_IR_ASCDIALECT_TD
#define ASC_DIALECT_ASC_IR_ASCDIALECT_TD

include "mlir/IR/OpBase.td"

def Asc_Dialect : Dialect {
  let name = "asc";
  let cppNamespace = "::mlir::asc";
  let summary = "Ascend C kernels driving the Matmul high-level API";
  let description = [{
    The `asc` dialect models an Ascend C vector-core (AIV) kernel that drives
    one or more Matmul objects computing on the cube core (AIC). It covers the
    Matmul API (`asc.matmul.*`) with its synchronous and asynchronous forms,
    and the memory operations around it: global tensors made from kernel
    pointer arguments, local tensors from queues, data copies and a few vector
    instructions. Compile-time template flags of the API (`sync`,
    `en_atomic`, `wait_iterate_all`, ...) are attributes; run-time arguments
    are SSA operands.

    Every operation declares which memory it touches so that the protocol
    analysis and the sync placement can reason about who reads an output
    while the cube unit still writes it.

    The rules a kernel must follow (L1-L14, checked by the op verifiers, and
    P1-P7, checked on every path by `--asc-verify-sync`) and the memory model
    the analyses assume are defined, with examples, in
    [Protocol.md](../Protocol.md).
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasRegionArgAttrVerify = 1;
  let hasOperationAttrVerify = 1;
  let hasConstantMaterializer = 1;
  // Folds materialize their integer constants (a tiling field's zero) as
  // arith.constant.
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let extraClassDeclaration = [{
    /// Unit attribute that marks a func.func as an Ascend C kernel entry.
    static constexpr ::llvm::StringLiteral getKernelAttrName() {
      return ::llvm::StringLiteral("asc.kernel");
    }
    /// Unit attribute on a kernel pointer argument: the memory behind it is
    /// not reachable through any other argument.
    static constexpr ::llvm::StringLiteral getNoAliasAttrName() {
      return ::llvm::StringLiteral("asc.no_alias");
    }
    /// Unit attribute on a kernel: it runs on the cube core alone
    /// (KERNEL_TYPE_AIC_ONLY), its Matmul objects are the cube-side
    /// implementation and the emitted file defines ASCENDC_CUBE_ONLY.
    static constexpr ::llvm::StringLiteral getCubeOnlyAttrName() {
      return ::llvm::StringLiteral("asc.cube_only");
    }
    /// Unit attribute on a kernel argument: the workspace the host allocates
    /// for the kernel, system workspace first (what SetSysWorkspace takes).
    static constexpr ::llvm::StringLiteral getWorkspaceAttrName() {
      return ::llvm::StringLiteral("asc.workspace");
    }
    /// `#asc.block_workspace<...>` on the kernel's `asc.workspace` argument:
    /// the bytes of user workspace per core set aside for the blocks of an
    /// async Iterate (BlockWorkspaceAttr).
    static constexpr ::llvm::StringLiteral getBlockWorkspaceAttrName() {
      return ::llvm::StringLiteral("asc.block_workspace");
    }
    /// Integer attribute on a Matmul call with an output tensor: the call
    /// writes no element of its output at or past this many elements from
    /// the tensor's first one (the kernel author's statement of the extent
    /// the tiling gives, which the compiler cannot know; asc-run checks it).
    static constexpr ::llvm::StringLiteral getOutputElementsAttrName() {
      return ::llvm::StringLiteral("asc.output_elements");
    }
    /// Integer attribute on `asc.matmul.create`: the kernel's tiling leaves
    /// the cube core room (L1, the server's objects) for this many objects
    /// of this one's type and tiling, so the compiler may spread the
    /// object's calls over that many (loop pipelining's two-object form).
    /// The author states it: the tiling, which sizes each object's L1
    /// buffers, is only known at run time.
    static constexpr ::llvm::StringLiteral getCopiesAttrName() {
      return ::llvm::StringLiteral("asc.copies");
    }
    /// True when `op` is a function marked as a cube-only kernel.
    static bool isCubeOnlyKernel(::mlir::Operation *op);
    /// True when the Matmul objects of `function` are the cube-side ones
    /// (MatmulImpl: setters configure it directly, no message, no waits):
    /// its module has a cube-only kernel, so its file defines
    /// ASCENDC_CUBE_ONLY.
    static bool usesCubeSideMatmulObjects(::mlir::Operation *function);

  private:
    void registerTypes();
    void registerAttributes();

  public:
  }];
}

/// Base class of every asc operation.
class Asc_Op<string mnemonic, list<Trait> traits = []>
    : Op<Asc_Dialect, mnemonic, traits>;

#endif // ASC_DIALECT_ASC_IR_ASCDIALECT_TD
