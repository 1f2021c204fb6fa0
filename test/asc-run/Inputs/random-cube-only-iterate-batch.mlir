!gm_f16 = !asc.global_tensor<f16>
!gm_f32 = !asc.global_tensor<f32>
!mm_batch = !asc.matmul<a = <gm, nd, f16, layout = normal>, b = <gm, nd, f16, layout = normal>, c = <gm, nd, f32, layout = normal>>
func.func @cube_batch(%a: !asc.gm_addr {asc.no_alias}, %b: !asc.gm_addr {asc.no_alias}, %c: !asc.gm_addr {asc.no_alias}, %tiling_gm: !asc.gm_addr) attributes {asc.kernel, asc.cube_only} {
  %nb = arith.constant 2 : i32
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %tiling_gm
  %g_a = asc.set_global_buffer %a : !gm_f16
  %g_b = asc.set_global_buffer %b : !gm_f16
  %g_c = asc.set_global_buffer %c : !gm_f32
  %mm = asc.matmul.create : !mm_batch
  %sysws = asc.get_sys_workspace_ptr
  asc.matmul.register %pipe, %sysws, %mm tiling %tiling : !mm_batch
  asc.matmul.set_tensor_a %mm, %g_a : !mm_batch, !gm_f16
  asc.matmul.set_tensor_b %mm, %g_b : !mm_batch, !gm_f16
  asc.matmul.set_batch_num %mm, %nb, %nb : !mm_batch
  asc.matmul.iterate_batch %mm, %g_c : !mm_batch, !gm_f32
  asc.matmul.end %mm : !mm_batch
  return
}
