// Kernels that exercise the cube's numerics on one block each:
// @atomic_trans_a: C += A^T * B + bias (A stored K x M, enAtomic = 1);
// @int8_gemm: int8 A and B, exact int32 C.
!gm_f16 = !asc.global_tensor<f16>
!gm_f32 = !asc.global_tensor<f32>
!gm_i8 = !asc.global_tensor<i8>
!gm_i32 = !asc.global_tensor<i32>
!mm_t = !asc.matmul<a = <gm, nd, f16, transposed>, b = <gm, nd, f16>,
                    c = <gm, nd, f32>, bias = <gm, nd, f32>>
!mm_i8 = !asc.matmul<a = <gm, nd, i8>, b = <gm, nd, i8>, c = <gm, nd, i32>>
!mm_plain = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>

func.func @atomic_trans_a(%a: !asc.gm_addr {asc.no_alias},
                          %b: !asc.gm_addr {asc.no_alias},
                          %bias: !asc.gm_addr {asc.no_alias},
                          %c: !asc.gm_addr {asc.no_alias},
                          %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %tiling_gm
  %mm = asc.matmul.create : !mm_t
  %ws = asc.get_sys_workspace_ptr
  asc.matmul.register %pipe, %ws, %mm tiling %tiling : !mm_t
  %ga = asc.set_global_buffer %a : !gm_f16
  %gb = asc.set_global_buffer %b : !gm_f16
  %gbias = asc.set_global_buffer %bias : !gm_f32
  %gc = asc.set_global_buffer %c : !gm_f32
  asc.matmul.set_tensor_a %mm, %ga {is_transpose = true} : !mm_t, !gm_f16
  asc.matmul.set_tensor_b %mm, %gb : !mm_t, !gm_f16
  asc.matmul.set_bias %mm, %gbias : !mm_t, !gm_f32
  asc.matmul.iterate_all %mm, %gc {en_atomic = 1 : i32} : !mm_t, !gm_f32
  asc.matmul.end %mm : !mm_t
  return
}

func.func @int8_gemm(%a: !asc.gm_addr {asc.no_alias},
                     %b: !asc.gm_addr {asc.no_alias},
                     %c: !asc.gm_addr {asc.no_alias},
                     %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %tiling_gm
  %mm = asc.matmul.create : !mm_i8
  %ws = asc.get_sys_workspace_ptr
  asc.matmul.register %pipe, %ws, %mm tiling %tiling : !mm_i8
  %ga = asc.set_global_buffer %a : !gm_i8
  %gb = asc.set_global_buffer %b : !gm_i8
  %gc = asc.set_global_buffer %c : !gm_i32
  asc.matmul.set_tensor_a %mm, %ga : !mm_i8, !gm_i8
  asc.matmul.set_tensor_b %mm, %gb : !mm_i8, !gm_i8
  asc.matmul.iterate_all %mm, %gc : !mm_i8, !gm_i32
  asc.matmul.end %mm : !mm_i8
  return
}

// @sequential_blocks: IterateAll with enSequentialWrite writes the baseM x
// baseN blocks one after the other (M fastest), not at their places in C.
func.func @sequential_blocks(%a: !asc.gm_addr {asc.no_alias},
                             %b: !asc.gm_addr {asc.no_alias},
                             %c: !asc.gm_addr {asc.no_alias},
                             %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %tiling_gm
  %mm = asc.matmul.create : !mm_plain
  %ws = asc.get_sys_workspace_ptr
  asc.matmul.register %pipe, %ws, %mm tiling %tiling : !mm_plain
  %ga = asc.set_global_buffer %a : !gm_f16
  %gb = asc.set_global_buffer %b : !gm_f16
  %gc = asc.set_global_buffer %c : !gm_f32
  asc.matmul.set_tensor_a %mm, %ga : !mm_plain, !gm_f16
  asc.matmul.set_tensor_b %mm, %gb : !mm_plain, !gm_f16
  asc.matmul.iterate_all %mm, %gc {en_sequential_write = true} : !mm_plain, !gm_f32
  asc.matmul.end %mm : !mm_plain
  return
}
