// A kernel that reads the output of an async iterate_all before its wait
// (rule P3).
!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
func.func @early_read(%c: !asc.global_tensor<f32>,
                      %ub: !asc.local_tensor<vecin, f32>, %n: i32) {
  %mm = asc.matmul.create : !mm
  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true}
      : !mm, !asc.global_tensor<f32>
  asc.data_copy %ub, %c, %n : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>
  asc.matmul.wait_iterate_all %mm : !mm
  asc.matmul.end %mm : !mm
  return
}
