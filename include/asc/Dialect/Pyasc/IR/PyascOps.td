//===- PyascOps.td - ops of the pyasc mirror ---------------*- tablegen -*-===//
//
// The ops of pyasc's `ascendc` and `emitasc` dialects that its Matmul kernels
// print, with pyasc's operand order and printed syntax. Compile-time flags
// are SSA operands in pyasc (`%false`, `%c0_i8`); the conversion to `asc`
// folds them into attributes. The ops have no semantics of their own here:
// they are read, then converted (docs/Pyasc.md).
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_PYASC_IR_PYASCOPS_TD
#define ASC_DIALECT_PYASC_IR_PYASCOPS_TD

include "asc/Dialect/Pyasc/IR/PyascTypes.td"
include "mlir/IR/OpBase.td"

/// An op printed the way pyasc prints an API call without a result:
/// `ascendc.name %a, %b attr-dict : type(%a), type(%b)`.
class Pyasc_CallOp<string mnemonic, list<Trait> traits = []>
    : Pyasc_Op<mnemonic, traits> {
  let assemblyFormat = "operands attr-dict `:` qualified(type(operands))";
}

//===----------------------------------------------------------------------===//
// Objects, system values
//===----------------------------------------------------------------------===//

def Pyasc_PyConstructOp : Pyasc_Op<"construct"> {
  let summary = "an Ascend C object built from its operands";
  let description = [{
    ```mlir
    %mm = ascendc.construct !ascendc.matmul<...>()
    %p = ascendc.construct !ascendc.data_copy_params(%a, %b, %c, %d) [ui16, ui16, ui16, ui16] : i32, i32, i32, i32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$args,
                       OptionalAttr<TypeArrayAttr>:$types,
                       UnitAttr:$isConstexpr, UnitAttr:$isStatic);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    type($result) `(` ($args^)? `)` ($types^)? (`constexpr` $isConstexpr^)?
    (`static` $isStatic^)? attr-dict (`:` type($args)^)?
  }];
}

def Pyasc_PyGetBlockIdxOp : Pyasc_Op<"get_block_idx"> {
  let summary = "GetBlockIdx()";
  let results = (outs AnySignlessIntegerOrIndex:$value);
  let assemblyFormat = "attr-dict `:` type($value)";
}

def Pyasc_PyGetBlockNumOp : Pyasc_Op<"get_block_num"> {
  let summary = "GetBlockNum()";
  let results = (outs AnySignlessIntegerOrIndex:$value);
  let assemblyFormat = "attr-dict `:` type($value)";
}

def Pyasc_PyAscendIsAICOp : Pyasc_Op<"ascend_is_aic"> {
  let summary = "ASCEND_IS_AIC";
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Pyasc_PyAscendIsAIVOp : Pyasc_Op<"ascend_is_aiv"> {
  let summary = "ASCEND_IS_AIV";
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Pyasc_PyPipeBarrierOp : Pyasc_Op<"pipe_barrier"> {
  let summary = "PipeBarrier<pipe>()";
  let arguments = (ins Pyasc_PipeKindAttr:$pipe);
  let assemblyFormat = "$pipe attr-dict";
}

//===----------------------------------------------------------------------===//
// Global and local tensors
//===----------------------------------------------------------------------===//

/// asc's TPosition as pyasc prints it in an op: the bare keyword (`vecin`).
def Pyasc_TPositionAttr
    : Attr<CPred<"::llvm::isa<::mlir::asc::TPositionAttr>($_self)">,
           "a TPosition"> {
  let storageType = "::mlir::asc::TPositionAttr";
  let returnType = "::mlir::asc::TPosition";
  let convertFromStorage = "$_self.getValue()";
  let constBuilderCall =
      "::mlir::asc::TPositionAttr::get($_builder.getContext(), $0)";
}

def Pyasc_PyLocalTensorV2Op : Pyasc_Op<"local_tensor_v2"> {
  let summary = "LocalTensor<T>(pos, addr, tileSize): a tensor at a fixed address";
  let description = [{
    ```mlir
    %x = ascendc.local_tensor_v2 vecin, %c0_ui32, %c512_ui32 : !ascendc.local_tensor<*xf16>
    ```
  }];
  let arguments = (ins Pyasc_TPositionAttr:$pos, UI32:$addr, UI32:$tileSize);
  let results = (outs Pyasc_LocalTensorType:$result);
  let assemblyFormat = [{
    custom<PyPosition>($pos) `,` $addr `,` $tileSize attr-dict `:`
    qualified(type($result))
  }];
}

def Pyasc_PyGlobalTensorOp : Pyasc_Op<"global_tensor"> {
  let summary = "a GlobalTensor<T> declared without a buffer";
  let results = (outs Pyasc_GlobalTensorType:$tensor);
  let assemblyFormat = "attr-dict `:` qualified(type($tensor))";
}

def Pyasc_PySetGlobalBufferOp : Pyasc_Op<"global_tensor.set_global_buffer"> {
  let summary = "GlobalTensor::SetGlobalBuffer(buffer[, size])";
  let arguments = (ins Pyasc_GlobalTensorType:$tensor,
                       AnyRankedOrUnrankedMemRef:$buffer,
                       Optional<AnyInteger>:$size);
  let assemblyFormat = [{
    $tensor `,` $buffer attr-dict (`,` $size^)? `:` qualified(type($tensor)) `,`
    qualified(type($buffer)) (`,` type($size)^)?
  }];
}

def Pyasc_PyGlobalTensorSubIndexOp : Pyasc_Op<"global_tensor.subindex"> {
  let summary = "GlobalTensor::operator[](index)";
  let arguments = (ins Pyasc_GlobalTensorType:$tensor,
                       AnySignlessIntegerOrIndex:$index);
  let results = (outs Pyasc_GlobalTensorType:$result);
  let assemblyFormat = [{
    $tensor `[` $index `]` attr-dict `:` qualified(type($tensor)) `,`
    type($index) `,` qualified(type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Pipe and queues
//===----------------------------------------------------------------------===//

def Pyasc_PyPipeOp : Pyasc_Op<"pipe"> {
  let summary = "a TPipe";
  let results = (outs Pyasc_PipeType:$pipe);
  let assemblyFormat = "attr-dict";
}

def Pyasc_PyQueueOp : Pyasc_Op<"queue"> {
  let summary = "a TQue<position, depth>: `ascendc.queue : <vecout, 1>`";
  let results = (outs Pyasc_QueueType:$queue);
  let assemblyFormat = "attr-dict `:` type($queue)";
}

def Pyasc_PyPipeInitQueueOp : Pyasc_Op<"pipe.init_queue"> {
  let summary = "TPipe::InitBuffer(queue, num, len)";
  let arguments = (ins Pyasc_PipeType:$pipe, Pyasc_QueueType:$queue,
                       AnyType:$num, AnyType:$length);
  let assemblyFormat = [{
    $pipe `,` $queue `,` $num `,` $length attr-dict `:` qualified(type($queue))
    `,` type($num) `,` type($length)
  }];
}

def Pyasc_PyQueAllocTensorOp : Pyasc_Op<"que_bind.alloc_tensor"> {
  let summary = "TQue::AllocTensor<T>()";
  let arguments = (ins Pyasc_QueueType:$queue);
  let results = (outs Pyasc_LocalTensorType:$tensor);
  let assemblyFormat = [{
    $queue attr-dict `:` qualified(type($queue)) `,` qualified(type($tensor))
  }];
}

def Pyasc_PyQueDequeTensorOp : Pyasc_Op<"que_bind.deque_tensor"> {
  let summary = "TQue::DeQue<T>()";
  let arguments = (ins Pyasc_QueueType:$queue);
  let results = (outs Pyasc_LocalTensorType:$tensor);
  let assemblyFormat = [{
    $queue attr-dict `:` qualified(type($queue)) `,` qualified(type($tensor))
  }];
}

def Pyasc_PyQueEnqueTensorOp : Pyasc_Op<"que_bind.enque_tensor"> {
  let summary = "TQue::EnQue(tensor)";
  let arguments = (ins Pyasc_QueueType:$queue, Pyasc_LocalTensorType:$tensor);
  let assemblyFormat = [{
    $queue `,` $tensor attr-dict `:` qualified(type($queue)) `,`
    qualified(type($tensor))
  }];
}

def Pyasc_PyQueFreeTensorOp : Pyasc_Op<"que_bind.free_tensor"> {
  let summary = "TQue::FreeTensor(tensor)";
  let arguments = (ins Pyasc_QueueType:$queue, Pyasc_LocalTensorType:$tensor);
  let assemblyFormat = [{
    $queue `,` $tensor attr-dict `:` qualified(type($queue)) `,`
    qualified(type($tensor))
  }];
}

//===----------------------------------------------------------------------===//
// Data copies and vector instructions
//===----------------------------------------------------------------------===//

def Pyasc_PyDataCopyL0Op : Pyasc_CallOp<"data_copy_l0"> {
  let summary = "DataCopy(dst, src, DataCopyParams)";
  let arguments = (ins AnyType:$dst, AnyType:$src, AnyType:$params);
}

def Pyasc_PyDataCopyL2Op : Pyasc_CallOp<"data_copy_l2"> {
  let summary = "DataCopy(dst, src, count)";
  let arguments = (ins AnyType:$dst, AnyType:$src, AnyType:$count);
}

def Pyasc_PyLeakyReluL2Op : Pyasc_CallOp<"leaky_relu_l2"> {
  let summary = "LeakyRelu(dst, src, alpha, count)";
  let arguments = (ins AnyType:$dst, AnyType:$src, AnyType:$scalar,
                       AnyType:$count, UnitAttr:$isSetMask);
}

//===----------------------------------------------------------------------===//
// Matmul
//===----------------------------------------------------------------------===//

def Pyasc_PyRegistMatmulObjOp : Pyasc_CallOp<"regist_matmul_obj"> {
  let summary = "REGIST_MATMUL_OBJ(&pipe, workspace, mm[, &tiling])";
  let arguments = (ins Pyasc_PipeType:$pipe, AnyType:$workspace,
                       Pyasc_MatmulType:$matmul, Optional<AnyType>:$tiling);
}

class Pyasc_MatmulCallOp<string mnemonic, dag args, list<Trait> traits = []>
    : Pyasc_CallOp<"matmul." # mnemonic, traits> {
  let arguments = args;
}

def Pyasc_PyMatmulInitOp : Pyasc_MatmulCallOp<"init",
    (ins Pyasc_MatmulType:$matmul, AnyType:$tiling, Optional<Pyasc_PipeType>:$pipe)>;
def Pyasc_PyMatmulSetTensorAOp : Pyasc_MatmulCallOp<"set_tensor_a",
    (ins Pyasc_MatmulType:$matmul, AnyType:$tensor, AnyType:$transpose)>;
def Pyasc_PyMatmulSetTensorBOp : Pyasc_MatmulCallOp<"set_tensor_b",
    (ins Pyasc_MatmulType:$matmul, AnyType:$tensor, AnyType:$transpose)>;
def Pyasc_PyMatmulSetTensorAScalarOp : Pyasc_MatmulCallOp<"set_tensor_a_scalar",
    (ins Pyasc_MatmulType:$matmul, AnyType:$scalar)>;
def Pyasc_PyMatmulSetTensorBScalarOp : Pyasc_MatmulCallOp<"set_tensor_b_scalar",
    (ins Pyasc_MatmulType:$matmul, AnyType:$scalar)>;
def Pyasc_PyMatmulSetBiasOp : Pyasc_MatmulCallOp<"set_bias",
    (ins Pyasc_MatmulType:$matmul, AnyType:$tensor)>;
def Pyasc_PyMatmulDisableBiasOp : Pyasc_MatmulCallOp<"disable_bias",
    (ins Pyasc_MatmulType:$matmul)>;
def Pyasc_PyMatmulSetTailOp : Pyasc_MatmulCallOp<"set_tail",
    (ins Pyasc_MatmulType:$matmul, AnyType:$tailM, AnyType:$tailN, AnyType:$tailK)>;
def Pyasc_PyMatmulSetOrgShapeOp : Pyasc_MatmulCallOp<"set_org_shape",
    (ins Pyasc_MatmulType:$matmul, AnyType:$orgM, AnyType:$orgN, AnyType:$orgKa,
         Optional<AnyType>:$orgKb, Optional<AnyType>:$orgKc),
    [AttrSizedOperandSegments]>;
def Pyasc_PyMatmulSetSingleShapeOp : Pyasc_MatmulCallOp<"set_single_shape",
    (ins Pyasc_MatmulType:$matmul, AnyType:$singleM, AnyType:$singleN,
         AnyType:$singleK)>;
def Pyasc_PyMatmulSetWorkspaceOp : Pyasc_MatmulCallOp<"set_workspace",
    (ins Pyasc_MatmulType:$matmul, AnyType:$tensor, Optional<AnyType>:$size)>;
def Pyasc_PyMatmulSetHF32Op : Pyasc_MatmulCallOp<"set_hf32",
    (ins Pyasc_MatmulType:$matmul, AnyType:$enableHF32, AnyType:$transMode)>;
def Pyasc_PyMatmulSetBatchNumOp : Pyasc_MatmulCallOp<"set_batch_num",
    (ins Pyasc_MatmulType:$matmul, AnyType:$batchA, AnyType:$batchB)>;
def Pyasc_PyMatmulSetQuantScalarOp : Pyasc_MatmulCallOp<"set_quant_scalar",
    (ins Pyasc_MatmulType:$matmul, AnyType:$scalar)>;
def Pyasc_PyMatmulSetQuantVectorOp : Pyasc_MatmulCallOp<"set_quant_vector",
    (ins Pyasc_MatmulType:$matmul, Pyasc_GlobalTensorType:$tensor)>;
def Pyasc_PyMatmulSetSelfDefineDataOp : Pyasc_MatmulCallOp<"set_self_define_data",
    (ins Pyasc_MatmulType:$matmul, AnyType:$dataPtr)>;
def Pyasc_PyMatmulSetUserDefInfoOp : Pyasc_MatmulCallOp<"set_user_def_info",
    (ins Pyasc_MatmulType:$matmul, AnyType:$tilingPtr)>;
def Pyasc_PyMatmulSetSparseIndexOp : Pyasc_MatmulCallOp<"set_sparse_index",
    (ins Pyasc_MatmulType:$matmul, Pyasc_GlobalTensorType:$indexGlobal)>;
def Pyasc_PyMatmulIterateAllOp : Pyasc_MatmulCallOp<"iterate_all",
    (ins Pyasc_MatmulType:$matmul, AnyType:$tensor, Optional<AnyType>:$enAtomic,
         Optional<AnyType>:$enSequentialWrite, Optional<AnyType>:$waitIterateAll,
         Optional<AnyType>:$fakeMsg, AnyType:$sync),
    [AttrSizedOperandSegments]>;
def Pyasc_PyMatmulWaitIterateAllOp : Pyasc_MatmulCallOp<"wait_iterate_all",
    (ins Pyasc_MatmulType:$matmul)>;
def Pyasc_PyMatmulIterateBatchOp : Pyasc_MatmulCallOp<"iterate_batch",
    (ins Pyasc_MatmulType:$matmul, AnyType:$tensor, AnyType:$batchA,
         AnyType:$batchB, AnyType:$enSequentialWrite, AnyType:$strideA,
         AnyType:$strideB, AnyType:$strideC, Optional<AnyType>:$enPartialSum,
         Optional<AnyType>:$enAtomic, AnyType:$sync,
         Optional<AnyType>:$waitIterateBatch),
    [AttrSizedOperandSegments]>;
def Pyasc_PyMatmulIterateBatchCubeOnlyOp : Pyasc_MatmulCallOp<"iterate_batch_cube_only",
    (ins Pyasc_MatmulType:$matmul, AnyType:$tensor, AnyType:$enPartialSum,
         AnyType:$enAtomic, AnyType:$enSequentialWrite, AnyType:$strideA,
         AnyType:$strideB, AnyType:$strideC)>;
def Pyasc_PyMatmulWaitIterateBatchOp : Pyasc_MatmulCallOp<"wait_iterate_batch",
    (ins Pyasc_MatmulType:$matmul)>;
def Pyasc_PyMatmulIterateNBatchOp : Pyasc_MatmulCallOp<"iterate_n_batch",
    (ins Pyasc_MatmulType:$matmul, AnyType:$batchLoop, AnyType:$batchA,
         AnyType:$batchB, AnyType:$enSequentialWrite, AnyType:$strideA,
         AnyType:$strideB, AnyType:$strideC, AnyType:$sync,
         AnyType:$waitIterateBatch)>;
def Pyasc_PyMatmulGetTensorCOp : Pyasc_MatmulCallOp<"get_tensor_c",
    (ins Pyasc_MatmulType:$matmul, AnyType:$tensor, Optional<AnyType>:$tensor2,
         AnyType:$enAtomic, AnyType:$enSequentialWrite, AnyType:$sync)>;
def Pyasc_PyMatmulGetBatchTensorCLocalMemOp
    : Pyasc_MatmulCallOp<"get_batch_tensor_c_local_mem",
    (ins Pyasc_MatmulType:$matmul, Pyasc_LocalTensorType:$tensor,
         AnyType:$batchA, AnyType:$batchB, AnyType:$enSequentialWrite,
         AnyType:$sync)>;
def Pyasc_PyMatmulWaitGetTensorCOp : Pyasc_MatmulCallOp<"wait_get_tensor_c",
    (ins Pyasc_MatmulType:$matmul)>;
def Pyasc_PyMatmulAsyncGetTensorCOp : Pyasc_MatmulCallOp<"async_get_tensor_c",
    (ins Pyasc_MatmulType:$matmul, Pyasc_LocalTensorType:$tensor)>;
def Pyasc_PyMatmulEndOp : Pyasc_MatmulCallOp<"end", (ins Pyasc_MatmulType:$matmul)>;

def Pyasc_PyMatmulIterateOp : Pyasc_Op<"matmul.iterate"> {
  let summary = "Iterate<sync>(enPartialSum[, localC])";
  let description = [{
    pyasc declares the operands as (matmul, enPartialSum, localC, sync) but
    prints sync before the optional local tensor, after the attributes, and
    its types as a flat list whose third entry is the local tensor's type
    when there is one and the result's otherwise (pyasc's own parser reads
    that third type as the local tensor's, so it cannot read back an iterate
    without one; this parser counts the operands first):

    ```mlir
    %more = ascendc.matmul.iterate %mm, %false, %true : !ascendc.matmul<...>, i1, i1, i1
    %more = ascendc.matmul.iterate %mm, %false, %true, %co1 : !ascendc.matmul<...>, i1, i1, !ascendc.local_tensor<*xf32>, i1
    ```
  }];
  let arguments = (ins Pyasc_MatmulType:$matmul, AnyType:$enPartialSum,
                       Optional<Pyasc_LocalTensorType>:$localC, AnyType:$sync);
  let results = (outs AnyType:$result);
  let hasCustomAssemblyFormat = 1;
}

def Pyasc_PyGetMatmulApiTilingOp : Pyasc_Op<"get_matmul_api_tiling"> {
  let summary = "GetMatmulApiTiling<A, B, C, Bias>(mmCFG, l1Size)";
  let description = [{
    A compile-time tiling for the Matmul type `matmulType`; pyasc's
    `get_matmul_api_tiling` returns nothing, so no kernel uses the result.

    ```mlir
    %t = ascendc.get_matmul_api_tiling %cfg, %c524288_i32 {matmulType = !ascendc.matmul<...>} : !ascendc.matmul_config, i32
    ```
  }];
  let arguments = (ins AnyType:$mmCFG, AnyType:$l1Size, TypeAttr:$matmulType);
  let results = (outs Pyasc_MatmulApiStaticTilingType:$result);
  let assemblyFormat = "operands attr-dict `:` qualified(type(operands))";
}

def Pyasc_PyMatmulGetTensorCReturnOp : Pyasc_Op<"matmul.get_tensor_c_return"> {
  let summary = "GetTensorC<sync>(enAtomic, enSequentialWrite) returning a GlobalTensor";
  let arguments = (ins Pyasc_MatmulType:$matmul, AnyType:$enAtomic,
                       AnyType:$enSequentialWrite, AnyType:$sync);
  let results = (outs Pyasc_GlobalTensorType:$result);
  let assemblyFormat = [{
    $matmul `,` $enAtomic `,` $enSequentialWrite `,` $sync attr-dict `:`
    qualified(type($matmul)) `,` type($enAtomic) `,` type($enSequentialWrite)
    `,` type($sync) `,` qualified(type($result))
  }];
}

def Pyasc_PyMatmulGetBatchTensorCOp : Pyasc_Op<"matmul.get_batch_tensor_c"> {
  let summary = "GetBatchTensorC<sync>(batchA, batchB, enSequentialWrite) returning a GlobalTensor";
  let arguments = (ins Pyasc_MatmulType:$matmul, AnyType:$batchA,
                       AnyType:$batchB, AnyType:$enSequentialWrite,
                       AnyType:$sync);
  let results = (outs Pyasc_GlobalTensorType:$result);
  let assemblyFormat = [{
    $matmul `,` $batchA `,` $batchB `,` $enSequentialWrite `,` $sync attr-dict
    `:` qualified(type($matmul)) `,` type($batchA) `,` type($batchB) `,`
    type($enSequentialWrite) `,` type($sync) `,` qualified(type($result))
  }];
}

#endif // ASC_DIALECT_PYASC_IR_PYASCOPS_TD
