// Kernels with operands in the NZ format (fractals of 16 rows x 32 bytes,
// column block after column block), one block each:
// @nz_f16: NZ A, transposed NZ B (stored N x K) and a bias into an NZ float
//   C (16 x 16 fractals), IterateAll asynchronously with its wait;
// @nz_i8: NZ int8 A and B (16 x 32 fractals) into an ND int32 C.
!gm_f16 = !asc.global_tensor<f16>
!gm_f32 = !asc.global_tensor<f32>
!gm_i8 = !asc.global_tensor<i8>
!gm_i32 = !asc.global_tensor<i32>
!mm_nz = !asc.matmul<a = <gm, nz, f16>, b = <gm, nz, f16, transposed>,
                     c = <gm, nz, f32>, bias = <gm, nd, f32>>
!mm_nz_i8 = !asc.matmul<a = <gm, nz, i8>, b = <gm, nz, i8>, c = <gm, nd, i32>>

func.func @nz_f16(%a: !asc.gm_addr {asc.no_alias},
                  %b: !asc.gm_addr {asc.no_alias},
                  %bias: !asc.gm_addr {asc.no_alias},
                  %c: !asc.gm_addr {asc.no_alias},
                  %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %tiling_gm
  %mm = asc.matmul.create : !mm_nz
  %ws = asc.get_sys_workspace_ptr
  asc.matmul.register %pipe, %ws, %mm tiling %tiling : !mm_nz
  %ga = asc.set_global_buffer %a : !gm_f16
  %gb = asc.set_global_buffer %b : !gm_f16
  %gbias = asc.set_global_buffer %bias : !gm_f32
  %gc = asc.set_global_buffer %c : !gm_f32
  asc.matmul.set_tensor_a %mm, %ga : !mm_nz, !gm_f16
  asc.matmul.set_tensor_b %mm, %gb {is_transpose = true} : !mm_nz, !gm_f16
  asc.matmul.set_bias %mm, %gbias : !mm_nz, !gm_f32
  asc.matmul.iterate_all %mm, %gc {sync = false, wait_iterate_all = true} : !mm_nz, !gm_f32
  asc.matmul.wait_iterate_all %mm : !mm_nz
  asc.matmul.end %mm : !mm_nz
  return
}

func.func @nz_i8(%a: !asc.gm_addr {asc.no_alias},
                 %b: !asc.gm_addr {asc.no_alias},
                 %c: !asc.gm_addr {asc.no_alias},
                 %tiling_gm: !asc.gm_addr) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %tiling_gm
  %mm = asc.matmul.create : !mm_nz_i8
  %ws = asc.get_sys_workspace_ptr
  asc.matmul.register %pipe, %ws, %mm tiling %tiling : !mm_nz_i8
  %ga = asc.set_global_buffer %a : !gm_i8
  %gb = asc.set_global_buffer %b : !gm_i8
  %gc = asc.set_global_buffer %c : !gm_i32
  asc.matmul.set_tensor_a %mm, %ga : !mm_nz_i8, !gm_i8
  asc.matmul.set_tensor_b %mm, %gb : !mm_nz_i8, !gm_i8
  asc.matmul.iterate_all %mm, %gc : !mm_nz_i8, !gm_i32
  asc.matmul.end %mm : !mm_nz_i8
  return
}
