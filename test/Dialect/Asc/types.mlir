// RUN: asc-opt %s | asc-opt | FileCheck %s
// RUN: asc-opt %s --mlir-print-op-generic | asc-opt | FileCheck %s
// RUN: asc-opt %s -emit-bytecode | asc-opt | FileCheck %s

// Round trip of every asc type and attribute in its printed form.

// Matmul types print under the aliases !matmul, !matmul1, ... in the order
// they are first used, whatever the input called them; a type used twice
// gets one alias. The first function below introduces the first two.
// CHECK: {{^}}!matmul = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>{{$}}
// CHECK-NEXT: {{^}}!matmul1 = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16, transposed>, c = <gm, nd, f32>, bias = <gm, nd, f32>, config = <mdl>>{{$}}

// The parts of the other Matmul types, captured by alias. Defaults are
// elided: layout = none, is_n_batch = false.
// CHECK-DAG: {{^}}![[FMT_NZ:matmul[0-9]+]] = !asc.matmul<a = <gm, nz, f16>, b = <gm, zn, f16>, c = <gm, zz, f32>, bias = <gm, nn, f32>>{{$}}
// CHECK-DAG: {{^}}![[FMT_ALIGN:matmul[0-9]+]] = !asc.matmul<a = <gm, nd_align, f16>, b = <gm, scalar, f16>, c = <gm, vector, f32>>{{$}}
// CHECK-DAG: {{^}}![[LAYOUT_BSNGD:matmul[0-9]+]] = !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, transposed, layout = bsngd>, c = <gm, nd, f32, layout = bsngd>>{{$}}
// CHECK-DAG: {{^}}![[LAYOUT_SBNGD:matmul[0-9]+]] = !asc.matmul<a = <gm, nd, f16, layout = sbngd>, b = <gm, nd, f16, layout = sbngd>, c = <gm, nd, f32, layout = sbngd>>{{$}}
// CHECK-DAG: {{^}}![[LAYOUT_BNGS1S2:matmul[0-9]+]] = !asc.matmul<a = <gm, nd, f16, layout = bngs1s2>, b = <gm, nd, f16, layout = bngs1s2>, c = <gm, nd, f32, layout = bngs1s2>>{{$}}
// CHECK-DAG: {{^}}![[LAYOUT_NORMAL:matmul[0-9]+]] = !asc.matmul<a = <gm, nd, f16, transposed, layout = normal>, b = <gm, nd, f16, layout = normal>, c = <gm, nd, f32, layout = normal>>{{$}}
// CHECK-DAG: {{^}}![[CFG_NORM:matmul[0-9]+]] = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, config = <norm>>{{$}}
// CHECK-DAG: {{^}}![[CFG_NBATCH:matmul[0-9]+]] = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, config = <norm, is_n_batch = true>>{{$}}
// CHECK-DAG: {{^}}![[CFG_SPECIAL:matmul[0-9]+]] = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, config = <special_mdl>>{{$}}
// CHECK-DAG: {{^}}![[CFG_IBSHARE:matmul[0-9]+]] = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, config = <ib_share_norm>>{{$}}
// CHECK-DAG: {{^}}![[CFG_BASIC:matmul[0-9]+]] = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, bias = <gm, nd, f32>, config = <basic, is_n_batch = true>>{{$}}
// CHECK-DAG: {{^}}![[POS_UB:matmul[0-9]+]] = !asc.matmul<a = <vecin, nd, f16>, b = <vecout, nd, f16>, c = <veccalc, nd, f32>, bias = <veccalc, nd, f32>>{{$}}
// CHECK-DAG: {{^}}![[POS_L1:matmul[0-9]+]] = !asc.matmul<a = <a1, nz, f16>, b = <b1, nz, f16>, c = <vecin, nd, f32>, bias = <c1, nd, f32>>{{$}}
// CHECK-DAG: {{^}}![[POS_L0:matmul[0-9]+]] = !asc.matmul<a = <a2, nz, f16>, b = <b2, zn, f16>, c = <co1, nz, f32>>{{$}}
// CHECK-DAG: {{^}}![[POS_TSCM:matmul[0-9]+]] = !asc.matmul<a = <tscm, nz, f16>, b = <tscm, nz, f16>, c = <vecout, nd, f16>>{{$}}
// CHECK-DAG: {{^}}![[POS_C_TSCM:matmul[0-9]+]] = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <tscm, nz, f16>>{{$}}
// CHECK-DAG: {{^}}![[ELT_BF16:matmul[0-9]+]] = !asc.matmul<a = <gm, nd, bf16>, b = <gm, nd, bf16>, c = <gm, nd, bf16>, bias = <gm, nd, bf16>>{{$}}
// CHECK-DAG: {{^}}![[ELT_F32:matmul[0-9]+]] = !asc.matmul<a = <gm, nd, f32>, b = <gm, nd, f32>, c = <gm, nd, f32>, bias = <gm, nd, f32>>{{$}}
// CHECK-DAG: {{^}}![[ELT_I8:matmul[0-9]+]] = !asc.matmul<a = <gm, nd, i8>, b = <gm, nd, i8>, c = <gm, nd, i32>, bias = <gm, nd, i32>>{{$}}
// CHECK-DAG: {{^}}![[ELT_I8_OUT:matmul[0-9]+]] = !asc.matmul<a = <gm, nd, i8>, b = <gm, nd, i8>, c = <gm, nd, i8>, bias = <gm, nd, f16>>{{$}}
// CHECK-DAG: {{^}}![[ELT_I4:matmul[0-9]+]] = !asc.matmul<a = <gm, nz, i4>, b = <gm, nz, i4>, c = <gm, nd, f16>>{{$}}

!gemm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

// Alias printing: distinct types get !matmul, !matmul1; equal types share one.
// CHECK-LABEL: func.func @matmul_alias
// CHECK-SAME: (%{{[^:]*}}: !matmul, %{{[^:]*}}: !matmul1, %{{[^:]*}}: !matmul)
// CHECK-SAME: attributes {signature = (!matmul1) -> !matmul, type = !matmul1}
func.func @matmul_alias(%a: !gemm, %b: !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16, transposed>, c = <gm, nd, f32>, bias = <gm, nd, f32>, config = <mdl>>, %c: !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>) attributes {signature = (!asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16, transposed>, c = <gm, nd, f32>, bias = <gm, nd, f32>, config = <mdl>>) -> !gemm, type = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16, transposed>, c = <gm, nd, f32>, bias = <gm, nd, f32>, config = <mdl>>} {
  return
}

// The parameterless types: kernel pointer, pipe and tiling.
// CHECK-LABEL: func.func @simple_types
// CHECK-SAME: (%{{[^:]*}}: !asc.gm_addr, %{{[^:]*}}: !asc.pipe, %{{[^:]*}}: !asc.tiling)
func.func @simple_types(%p: !asc.gm_addr, %pipe: !asc.pipe, %t: !asc.tiling) {
  return
}

// Global tensors of every element type an Ascend C tensor can hold.
// CHECK-LABEL: func.func @global_tensor_types
// CHECK-SAME: !asc.global_tensor<f16>,
// CHECK-SAME: !asc.global_tensor<bf16>,
// CHECK-SAME: !asc.global_tensor<f32>,
// CHECK-SAME: !asc.global_tensor<i1>,
// CHECK-SAME: !asc.global_tensor<i4>,
// CHECK-SAME: !asc.global_tensor<i8>,
// CHECK-SAME: !asc.global_tensor<i16>,
// CHECK-SAME: !asc.global_tensor<i32>,
// CHECK-SAME: !asc.global_tensor<i64>,
// CHECK-SAME: !asc.global_tensor<ui8>,
// CHECK-SAME: !asc.global_tensor<ui16>,
// CHECK-SAME: !asc.global_tensor<ui32>,
// CHECK-SAME: !asc.global_tensor<ui64>)
func.func @global_tensor_types(%f16: !asc.global_tensor<f16>, %bf16: !asc.global_tensor<bf16>, %f32: !asc.global_tensor<f32>, %i1: !asc.global_tensor<i1>, %i4: !asc.global_tensor<i4>, %i8: !asc.global_tensor<i8>, %i16: !asc.global_tensor<i16>, %i32: !asc.global_tensor<i32>, %i64: !asc.global_tensor<i64>, %ui8: !asc.global_tensor<ui8>, %ui16: !asc.global_tensor<ui16>, %ui32: !asc.global_tensor<ui32>, %ui64: !asc.global_tensor<ui64>) {
  return
}

// Local tensors at every local TPosition, with several element types.
// CHECK-LABEL: func.func @local_tensor_types
// CHECK-SAME: !asc.local_tensor<vecin, f16>,
// CHECK-SAME: !asc.local_tensor<vecout, f32>,
// CHECK-SAME: !asc.local_tensor<veccalc, bf16>,
// CHECK-SAME: !asc.local_tensor<a1, i8>,
// CHECK-SAME: !asc.local_tensor<a2, i4>,
// CHECK-SAME: !asc.local_tensor<b1, ui8>,
// CHECK-SAME: !asc.local_tensor<b2, i16>,
// CHECK-SAME: !asc.local_tensor<c1, i32>,
// CHECK-SAME: !asc.local_tensor<c2, ui32>,
// CHECK-SAME: !asc.local_tensor<co1, f32>,
// CHECK-SAME: !asc.local_tensor<co2, i64>,
// CHECK-SAME: !asc.local_tensor<tscm, i1>)
func.func @local_tensor_types(%vecin: !asc.local_tensor<vecin, f16>, %vecout: !asc.local_tensor<vecout, f32>, %veccalc: !asc.local_tensor<veccalc, bf16>, %a1: !asc.local_tensor<a1, i8>, %a2: !asc.local_tensor<a2, i4>, %b1: !asc.local_tensor<b1, ui8>, %b2: !asc.local_tensor<b2, i16>, %c1: !asc.local_tensor<c1, i32>, %c2: !asc.local_tensor<c2, ui32>, %co1: !asc.local_tensor<co1, f32>, %co2: !asc.local_tensor<co2, i64>, %tscm: !asc.local_tensor<tscm, i1>) {
  return
}

// Queues at every local TPosition, with several depths.
// CHECK-LABEL: func.func @queue_types
// CHECK-SAME: !asc.queue<vecin, 1>,
// CHECK-SAME: !asc.queue<vecout, 2>,
// CHECK-SAME: !asc.queue<veccalc, 4>,
// CHECK-SAME: !asc.queue<a1, 1>,
// CHECK-SAME: !asc.queue<a2, 2>,
// CHECK-SAME: !asc.queue<b1, 1>,
// CHECK-SAME: !asc.queue<b2, 2>,
// CHECK-SAME: !asc.queue<c1, 1>,
// CHECK-SAME: !asc.queue<c2, 1>,
// CHECK-SAME: !asc.queue<co1, 1>,
// CHECK-SAME: !asc.queue<co2, 8>,
// CHECK-SAME: !asc.queue<tscm, 16>)
func.func @queue_types(%vecin: !asc.queue<vecin, 1>, %vecout: !asc.queue<vecout, 2>, %veccalc: !asc.queue<veccalc, 4>, %a1: !asc.queue<a1, 1>, %a2: !asc.queue<a2, 2>, %b1: !asc.queue<b1, 1>, %b2: !asc.queue<b2, 2>, %c1: !asc.queue<c1, 1>, %c2: !asc.queue<c2, 1>, %co1: !asc.queue<co1, 1>, %co2: !asc.queue<co2, 8>, %tscm: !asc.queue<tscm, 16>) {
  return
}

// TQueBind<VECIN, VECOUT> (a queue with a source position) and TBuf at each
// unified-buffer position.
// CHECK-LABEL: func.func @queue_bind_and_tbuf_types
// CHECK-SAME: !asc.queue<vecin -> vecout, 1>,
// CHECK-SAME: !asc.queue<veccalc -> vecin, 2>,
// CHECK-SAME: !asc.tbuf<vecin>,
// CHECK-SAME: !asc.tbuf<vecout>,
// CHECK-SAME: !asc.tbuf<veccalc>)
func.func @queue_bind_and_tbuf_types(%bind: !asc.queue<vecin -> vecout, 1>, %calc: !asc.queue<veccalc -> vecin, 2>, %b0: !asc.tbuf<vecin>, %b1: !asc.tbuf<vecout>, %b2: !asc.tbuf<veccalc>) {
  return
}

// Matmul parts in every CubeFormat.
// CHECK-LABEL: func.func @matmul_formats
// CHECK-SAME: (%{{[^:]*}}: ![[FMT_NZ]], %{{[^:]*}}: ![[FMT_ALIGN]])
func.func @matmul_formats(%nz: !asc.matmul<a = <gm, nz, f16>, b = <gm, zn, f16>, c = <gm, zz, f32>, bias = <gm, nn, f32>>, %align: !asc.matmul<a = <gm, nd_align, f16>, b = <gm, scalar, f16>, c = <gm, vector, f32>>) {
  return
}

// Every batch layout; layout = none elided; parts and keys in any input order.
// CHECK-LABEL: func.func @matmul_layouts
// CHECK-SAME: (%{{[^:]*}}: ![[LAYOUT_BSNGD]], %{{[^:]*}}: ![[LAYOUT_SBNGD]], %{{[^:]*}}: ![[LAYOUT_BNGS1S2]], %{{[^:]*}}: ![[LAYOUT_NORMAL]], %{{[^:]*}}: !matmul)
func.func @matmul_layouts(%bsngd: !asc.matmul<a = <gm, nd, f16, layout = bsngd>, b = <gm, nd, f16, transposed, layout = bsngd>, c = <gm, nd, f32, layout = bsngd>>, %sbngd: !asc.matmul<a = <gm, nd, f16, layout = sbngd>, b = <gm, nd, f16, layout = sbngd>, c = <gm, nd, f32, layout = sbngd>>, %bngs1s2: !asc.matmul<a = <gm, nd, f16, layout = bngs1s2>, b = <gm, nd, f16, layout = bngs1s2>, c = <gm, nd, f32, layout = bngs1s2>>, %normal: !asc.matmul<c = <gm, nd, f32, layout = normal>, a = <gm, nd, f16, layout = normal, transposed>, b = <gm, nd, f16, layout = normal>>, %none: !asc.matmul<a = <gm, nd, f16, layout = none>, b = <gm, nd, f16>, c = <gm, nd, f32, layout = none>>) {
  return
}

// Matmul configs of every kind, with and without is_n_batch.
// CHECK-LABEL: func.func @matmul_configs
// CHECK-SAME: (%{{[^:]*}}: ![[CFG_NORM]], %{{[^:]*}}: ![[CFG_NBATCH]], %{{[^:]*}}: !matmul1, %{{[^:]*}}: ![[CFG_SPECIAL]], %{{[^:]*}}: ![[CFG_IBSHARE]], %{{[^:]*}}: ![[CFG_BASIC]])
func.func @matmul_configs(%norm: !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, config = <norm, is_n_batch = false>>, %nbatch: !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, config = <norm, is_n_batch = true>>, %mdl: !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16, transposed>, c = <gm, nd, f32>, bias = <gm, nd, f32>, config = <mdl>>, %special: !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, config = <special_mdl>>, %ibshare: !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>, config = <ib_share_norm>>, %basic: !asc.matmul<config = <basic, is_n_batch = true>, bias = <gm, nd, f32>, a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>) {
  return
}

// Matmul parts at UB, L1, L0 and TSCM positions; C in UB, CO1 or TSCM.
// CHECK-LABEL: func.func @matmul_positions
// CHECK-SAME: (%{{[^:]*}}: ![[POS_UB]], %{{[^:]*}}: ![[POS_L1]], %{{[^:]*}}: ![[POS_L0]], %{{[^:]*}}: ![[POS_TSCM]], %{{[^:]*}}: ![[POS_C_TSCM]])
func.func @matmul_positions(%ub: !asc.matmul<a = <vecin, nd, f16>, b = <vecout, nd, f16>, c = <veccalc, nd, f32>, bias = <veccalc, nd, f32>>, %l1: !asc.matmul<a = <a1, nz, f16>, b = <b1, nz, f16>, c = <vecin, nd, f32>, bias = <c1, nd, f32>>, %l0: !asc.matmul<a = <a2, nz, f16>, b = <b2, zn, f16>, c = <co1, nz, f32>>, %tscm: !asc.matmul<a = <tscm, nz, f16>, b = <tscm, nz, f16>, c = <vecout, nd, f16>>, %c_tscm: !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <tscm, nz, f16>>) {
  return
}

// Matmul element types: bf16, f32, i8 with i32 or i8 output, i4.
// CHECK-LABEL: func.func @matmul_element_types
// CHECK-SAME: (%{{[^:]*}}: ![[ELT_BF16]], %{{[^:]*}}: ![[ELT_F32]], %{{[^:]*}}: ![[ELT_I8]], %{{[^:]*}}: ![[ELT_I8_OUT]], %{{[^:]*}}: ![[ELT_I4]])
func.func @matmul_element_types(%bf16: !asc.matmul<a = <gm, nd, bf16>, b = <gm, nd, bf16>, c = <gm, nd, bf16>, bias = <gm, nd, bf16>>, %f32: !asc.matmul<a = <gm, nd, f32>, b = <gm, nd, f32>, c = <gm, nd, f32>, bias = <gm, nd, f32>>, %i8: !asc.matmul<a = <gm, nd, i8>, b = <gm, nd, i8>, c = <gm, nd, i32>, bias = <gm, nd, i32>>, %i8_out: !asc.matmul<a = <gm, nd, i8>, b = <gm, nd, i8>, c = <gm, nd, i8>, bias = <gm, nd, f16>>, %i4: !asc.matmul<a = <gm, nz, i4>, b = <gm, nz, i4>, c = <gm, nd, f16>>) {
  return
}

// Every case of every asc enum attribute in its full form.
// CHECK-LABEL: func.func @enum_attrs
// CHECK-SAME: attributes {
// CHECK-SAME: config_kinds = [#asc.config_kind<norm>, #asc.config_kind<mdl>, #asc.config_kind<special_mdl>, #asc.config_kind<ib_share_norm>, #asc.config_kind<basic>],
// CHECK-SAME: formats = [#asc.format<nd>, #asc.format<nz>, #asc.format<zn>, #asc.format<zz>, #asc.format<nn>, #asc.format<nd_align>, #asc.format<scalar>, #asc.format<vector>],
// CHECK-SAME: layouts = [#asc.layout<none>, #asc.layout<bsngd>, #asc.layout<sbngd>, #asc.layout<bngs1s2>, #asc.layout<normal>],
// CHECK-SAME: pipes = [#asc.pipe<pipe_s>, #asc.pipe<pipe_v>, #asc.pipe<pipe_m>, #asc.pipe<pipe_mte1>, #asc.pipe<pipe_mte2>, #asc.pipe<pipe_mte3>, #asc.pipe<pipe_fix>, #asc.pipe<pipe_all>],
// CHECK-SAME: positions = [#asc.position<gm>, #asc.position<vecin>, #asc.position<vecout>, #asc.position<veccalc>, #asc.position<a1>, #asc.position<a2>, #asc.position<b1>, #asc.position<b2>, #asc.position<c1>, #asc.position<c2>, #asc.position<co1>, #asc.position<co2>, #asc.position<tscm>],
// CHECK-SAME: tiling_fields = [#asc.tiling_field<usedCoreNum>, #asc.tiling_field<M>, #asc.tiling_field<N>, #asc.tiling_field<Ka>, #asc.tiling_field<Kb>,
// CHECK-SAME: #asc.tiling_field<singleCoreM>, #asc.tiling_field<singleCoreN>, #asc.tiling_field<singleCoreK>, #asc.tiling_field<baseM>, #asc.tiling_field<baseN>, #asc.tiling_field<baseK>,
// CHECK-SAME: #asc.tiling_field<depthA1>, #asc.tiling_field<depthB1>, #asc.tiling_field<stepM>, #asc.tiling_field<stepN>, #asc.tiling_field<stepKa>, #asc.tiling_field<stepKb>,
// CHECK-SAME: #asc.tiling_field<isBias>, #asc.tiling_field<iterateOrder>, #asc.tiling_field<batchM>, #asc.tiling_field<batchN>, #asc.tiling_field<singleBatchM>, #asc.tiling_field<singleBatchN>]}
func.func @enum_attrs() attributes {
  config_kinds = [#asc.config_kind<norm>, #asc.config_kind<mdl>, #asc.config_kind<special_mdl>, #asc.config_kind<ib_share_norm>, #asc.config_kind<basic>],
  formats = [#asc.format<nd>, #asc.format<nz>, #asc.format<zn>, #asc.format<zz>, #asc.format<nn>, #asc.format<nd_align>, #asc.format<scalar>, #asc.format<vector>],
  layouts = [#asc.layout<none>, #asc.layout<bsngd>, #asc.layout<sbngd>, #asc.layout<bngs1s2>, #asc.layout<normal>],
  pipes = [#asc.pipe<pipe_s>, #asc.pipe<pipe_v>, #asc.pipe<pipe_m>, #asc.pipe<pipe_mte1>, #asc.pipe<pipe_mte2>, #asc.pipe<pipe_mte3>, #asc.pipe<pipe_fix>, #asc.pipe<pipe_all>],
  positions = [#asc.position<gm>, #asc.position<vecin>, #asc.position<vecout>, #asc.position<veccalc>, #asc.position<a1>, #asc.position<a2>, #asc.position<b1>, #asc.position<b2>, #asc.position<c1>, #asc.position<c2>, #asc.position<co1>, #asc.position<co2>, #asc.position<tscm>],
  tiling_fields = [#asc.tiling_field<usedCoreNum>, #asc.tiling_field<M>, #asc.tiling_field<N>, #asc.tiling_field<Ka>, #asc.tiling_field<Kb>,
                   #asc.tiling_field<singleCoreM>, #asc.tiling_field<singleCoreN>, #asc.tiling_field<singleCoreK>, #asc.tiling_field<baseM>, #asc.tiling_field<baseN>, #asc.tiling_field<baseK>,
                   #asc.tiling_field<depthA1>, #asc.tiling_field<depthB1>, #asc.tiling_field<stepM>, #asc.tiling_field<stepN>, #asc.tiling_field<stepKa>, #asc.tiling_field<stepKb>,
                   #asc.tiling_field<isBias>, #asc.tiling_field<iterateOrder>, #asc.tiling_field<batchM>, #asc.tiling_field<batchN>, #asc.tiling_field<singleBatchM>, #asc.tiling_field<singleBatchN>]
} {
  return
}

// The matmul_part and matmul_config attributes, defaults elided.
// CHECK-LABEL: func.func @matmul_attrs
// CHECK-SAME: attributes {
// CHECK-SAME: configs = [#asc.matmul_config<norm>, #asc.matmul_config<mdl>, #asc.matmul_config<norm, is_n_batch = true>, #asc.matmul_config<special_mdl>, #asc.matmul_config<ib_share_norm>, #asc.matmul_config<basic>],
// CHECK-SAME: parts = [#asc.matmul_part<gm, nd, f16>, #asc.matmul_part<gm, nd, f16, transposed>, #asc.matmul_part<gm, nd, f16, layout = bsngd>,
// CHECK-SAME: #asc.matmul_part<vecin, nz, f32, transposed, layout = normal>, #asc.matmul_part<co1, nz, i32>, #asc.matmul_part<gm, nd, f16>]}
func.func @matmul_attrs() attributes {
  configs = [#asc.matmul_config<norm>, #asc.matmul_config<mdl>, #asc.matmul_config<norm, is_n_batch = true>, #asc.matmul_config<special_mdl>, #asc.matmul_config<ib_share_norm>, #asc.matmul_config<basic, is_n_batch = false>],
  parts = [#asc.matmul_part<gm, nd, f16>, #asc.matmul_part<gm, nd, f16, transposed>, #asc.matmul_part<gm, nd, f16, layout = bsngd>,
           #asc.matmul_part<vecin, nz, f32, layout = normal, transposed>, #asc.matmul_part<co1, nz, i32>, #asc.matmul_part<gm, nd, f16, layout = none>]
} {
  return
}

// The deepest queue TQue can count.
// CHECK-LABEL: func.func private @deepest_queue
// CHECK-SAME: !asc.queue<vecin, 255>
func.func private @deepest_queue(!asc.queue<vecin, 255>)

// A config that sets fields of every kind prints them in MatmulConfig's
// declaration order, after is_n_batch, whatever order they were written in.
// CHECK-LABEL: func.func @matmul_config_fields
// CHECK-SAME: config = #asc.matmul_config<norm, is_n_batch = true, basic_m = 128, en_unit_flag = false, batch_mode = none, iterate_mode = 2, enable_ub_reuse = false, iterate_order = order_n, schedule_type = outer_product, shared_co1_buffer_size = 32768, batch_out_mode = multi_batch, decomp_mode = decomp_4bit_to_8bit>
// CHECK-SAME: full = #asc.matmul_config<mdl, do_norm = true, do_basic_block = true, do_multi_data_load = false
func.func @matmul_config_fields() attributes {
  config = #asc.matmul_config<norm, decomp_mode = decomp_4bit_to_8bit, enable_ub_reuse = false, is_n_batch = true, basic_m = 128, batch_out_mode = multi_batch, en_unit_flag = false, batch_mode = none, iterate_mode = 2, iterate_order = order_n, schedule_type = outer_product, shared_co1_buffer_size = 32768>,
  full = #asc.matmul_config<mdl, do_norm = true, do_basic_block = true, do_multi_data_load = false>
} {
  return
}
