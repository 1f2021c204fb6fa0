// RUN: asc-opt %s -split-input-file --asc-verify-sync -verify-diagnostics -o /dev/null

// The check a versioned loop runs is a fact in its then-region: tiles
// 4 * singleCoreM * N bytes apart are apart where singleCoreM * N is at
// least 256 (or at most -256), the tile being 256 f32 elements. The
// --asc-pipeline-loops output of a tiling-stride tile loop.

!matmul = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
module {
  func.func @tiling_stride(%arg0: !asc.gm_addr {asc.no_alias}, %arg1: !asc.gm_addr {asc.no_alias}, %arg2: !asc.gm_addr {asc.no_alias}, %arg3: !asc.gm_addr {asc.no_alias}, %arg4: !asc.local_tensor<vecin, f32>) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32
    %c256_i32 = arith.constant 256 : i32
    %0 = asc.get_tiling %arg3
    %1 = asc.tiling.get %0[singleCoreM]
    %2 = asc.tiling.get %0[N]
    %3 = asc.get_block_idx
    %4 = arith.trunci %3 : i64 to i32
    %5 = arith.muli %4, %c4_i32 : i32
    %6 = asc.matmul.create : !matmul
    %7 = asc.set_global_buffer %arg0 : !asc.global_tensor<f16>
    %8 = asc.set_global_buffer %arg1 : !asc.global_tensor<f32>
    %9 = asc.set_global_buffer %arg2 : !asc.global_tensor<f32>
    %10 = arith.extsi %1 : i32 to i64
    %11 = arith.extsi %2 : i32 to i64
    %12 = arith.muli %10, %11 overflow<nsw> : i64
    %c-256_i64 = arith.constant -256 : i64
    %13 = arith.cmpi sle, %12, %c-256_i64 : i64
    %c256_i64 = arith.constant 256 : i64
    %14 = arith.cmpi sge, %12, %c256_i64 : i64
    %15 = arith.ori %13, %14 : i1
    scf.if %15 {
      %c3_i32 = arith.constant 3 : i32
      %16 = arith.addi %5, %c0_i32 : i32
      %17 = arith.muli %16, %1 : i32
      %18 = arith.muli %17, %2 : i32
      %19 = arith.extsi %18 : i32 to i64
      %20 = asc.subview %8[%19] : !asc.global_tensor<f32>
      asc.matmul.set_tensor_a %6, %7 : !matmul, !asc.global_tensor<f16>
      asc.matmul.iterate_all %6, %20 {asc.output_elements = 256 : i64, sync = false, wait_iterate_all = true} : !matmul, !asc.global_tensor<f32>
      scf.for %arg5 = %c0_i32 to %c3_i32 step %c1_i32  : i32 {
        %27 = arith.addi %arg5, %c1_i32 : i32
        asc.matmul.wait_iterate_all %6 : !matmul
        %28 = arith.addi %5, %arg5 : i32
        %29 = arith.muli %28, %1 : i32
        %30 = arith.muli %29, %2 : i32
        %31 = arith.extsi %30 : i32 to i64
        %32 = asc.subview %8[%31] : !asc.global_tensor<f32>
        %33 = arith.addi %5, %27 : i32
        %34 = arith.muli %33, %1 : i32
        %35 = arith.muli %34, %2 : i32
        %36 = arith.extsi %35 : i32 to i64
        %37 = asc.subview %8[%36] : !asc.global_tensor<f32>
        asc.matmul.set_tensor_a %6, %7 : !matmul, !asc.global_tensor<f16>
        asc.matmul.iterate_all %6, %37 {asc.output_elements = 256 : i64, sync = false, wait_iterate_all = true} : !matmul, !asc.global_tensor<f32>
        asc.data_copy %arg4, %32, %c256_i32 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>
        %38 = asc.subview %9[%31] : !asc.global_tensor<f32>
        asc.data_copy %38, %arg4, %c256_i32 : !asc.global_tensor<f32>, !asc.local_tensor<vecin, f32>
      }
      asc.matmul.wait_iterate_all %6 : !matmul
      %21 = arith.addi %5, %c3_i32 : i32
      %22 = arith.muli %21, %1 : i32
      %23 = arith.muli %22, %2 : i32
      %24 = arith.extsi %23 : i32 to i64
      %25 = asc.subview %8[%24] : !asc.global_tensor<f32>
      asc.data_copy %arg4, %25, %c256_i32 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>
      %26 = asc.subview %9[%24] : !asc.global_tensor<f32>
      asc.data_copy %26, %arg4, %c256_i32 : !asc.global_tensor<f32>, !asc.local_tensor<vecin, f32>
    } else {
      scf.for %arg5 = %c0_i32 to %c4_i32 step %c1_i32  : i32 {
        %16 = arith.addi %5, %arg5 : i32
        %17 = arith.muli %16, %1 : i32
        %18 = arith.muli %17, %2 : i32
        %19 = arith.extsi %18 : i32 to i64
        %20 = asc.subview %8[%19] : !asc.global_tensor<f32>
        asc.matmul.set_tensor_a %6, %7 : !matmul, !asc.global_tensor<f16>
        asc.matmul.iterate_all %6, %20 {asc.output_elements = 256 : i64, sync = false, wait_iterate_all = true} : !matmul, !asc.global_tensor<f32>
        asc.matmul.wait_iterate_all %6 : !matmul
        asc.data_copy %arg4, %20, %c256_i32 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>
        %21 = asc.subview %9[%19] : !asc.global_tensor<f32>
        asc.data_copy %21, %arg4, %c256_i32 : !asc.global_tensor<f32>, !asc.local_tensor<vecin, f32>
      }
    }
    asc.matmul.end %6 : !matmul
    return
  }
}


// -----

// A check one element short (255) does not keep 1024-byte tiles apart.

!matmul = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
module {
  func.func @tiling_stride(%arg0: !asc.gm_addr {asc.no_alias}, %arg1: !asc.gm_addr {asc.no_alias}, %arg2: !asc.gm_addr {asc.no_alias}, %arg3: !asc.gm_addr {asc.no_alias}, %arg4: !asc.local_tensor<vecin, f32>) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32
    %c256_i32 = arith.constant 256 : i32
    %0 = asc.get_tiling %arg3
    %1 = asc.tiling.get %0[singleCoreM]
    %2 = asc.tiling.get %0[N]
    %3 = asc.get_block_idx
    %4 = arith.trunci %3 : i64 to i32
    %5 = arith.muli %4, %c4_i32 : i32
    %6 = asc.matmul.create : !matmul
    %7 = asc.set_global_buffer %arg0 : !asc.global_tensor<f16>
    %8 = asc.set_global_buffer %arg1 : !asc.global_tensor<f32>
    %9 = asc.set_global_buffer %arg2 : !asc.global_tensor<f32>
    %10 = arith.extsi %1 : i32 to i64
    %11 = arith.extsi %2 : i32 to i64
    %12 = arith.muli %10, %11 overflow<nsw> : i64
    %c-256_i64 = arith.constant -255 : i64
    %13 = arith.cmpi sle, %12, %c-256_i64 : i64
    %c256_i64 = arith.constant 255 : i64
    %14 = arith.cmpi sge, %12, %c256_i64 : i64
    %15 = arith.ori %13, %14 : i1
    scf.if %15 {
      %c3_i32 = arith.constant 3 : i32
      %16 = arith.addi %5, %c0_i32 : i32
      %17 = arith.muli %16, %1 : i32
      %18 = arith.muli %17, %2 : i32
      %19 = arith.extsi %18 : i32 to i64
      %20 = asc.subview %8[%19] : !asc.global_tensor<f32>
      asc.matmul.set_tensor_a %6, %7 : !matmul, !asc.global_tensor<f16>
      asc.matmul.iterate_all %6, %20 {asc.output_elements = 256 : i64, sync = false, wait_iterate_all = true} : !matmul, !asc.global_tensor<f32>
      scf.for %arg5 = %c0_i32 to %c3_i32 step %c1_i32  : i32 {
        %27 = arith.addi %arg5, %c1_i32 : i32
        asc.matmul.wait_iterate_all %6 : !matmul
        %28 = arith.addi %5, %arg5 : i32
        %29 = arith.muli %28, %1 : i32
        %30 = arith.muli %29, %2 : i32
        %31 = arith.extsi %30 : i32 to i64
        %32 = asc.subview %8[%31] : !asc.global_tensor<f32>
        %33 = arith.addi %5, %27 : i32
        %34 = arith.muli %33, %1 : i32
        %35 = arith.muli %34, %2 : i32
        %36 = arith.extsi %35 : i32 to i64
        %37 = asc.subview %8[%36] : !asc.global_tensor<f32>
        asc.matmul.set_tensor_a %6, %7 : !matmul, !asc.global_tensor<f16>
        // expected-note @+1 {{the async issue writing that output}}
        asc.matmul.iterate_all %6, %37 {asc.output_elements = 256 : i64, sync = false, wait_iterate_all = true} : !matmul, !asc.global_tensor<f32>
        // expected-error @+1 {{may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
        asc.data_copy %arg4, %32, %c256_i32 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>
        %38 = asc.subview %9[%31] : !asc.global_tensor<f32>
        asc.data_copy %38, %arg4, %c256_i32 : !asc.global_tensor<f32>, !asc.local_tensor<vecin, f32>
      }
      asc.matmul.wait_iterate_all %6 : !matmul
      %21 = arith.addi %5, %c3_i32 : i32
      %22 = arith.muli %21, %1 : i32
      %23 = arith.muli %22, %2 : i32
      %24 = arith.extsi %23 : i32 to i64
      %25 = asc.subview %8[%24] : !asc.global_tensor<f32>
      asc.data_copy %arg4, %25, %c256_i32 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>
      %26 = asc.subview %9[%24] : !asc.global_tensor<f32>
      asc.data_copy %26, %arg4, %c256_i32 : !asc.global_tensor<f32>, !asc.local_tensor<vecin, f32>
    } else {
      scf.for %arg5 = %c0_i32 to %c4_i32 step %c1_i32  : i32 {
        %16 = arith.addi %5, %arg5 : i32
        %17 = arith.muli %16, %1 : i32
        %18 = arith.muli %17, %2 : i32
        %19 = arith.extsi %18 : i32 to i64
        %20 = asc.subview %8[%19] : !asc.global_tensor<f32>
        asc.matmul.set_tensor_a %6, %7 : !matmul, !asc.global_tensor<f16>
        asc.matmul.iterate_all %6, %20 {asc.output_elements = 256 : i64, sync = false, wait_iterate_all = true} : !matmul, !asc.global_tensor<f32>
        asc.matmul.wait_iterate_all %6 : !matmul
        asc.data_copy %arg4, %20, %c256_i32 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>
        %21 = asc.subview %9[%19] : !asc.global_tensor<f32>
        asc.data_copy %21, %arg4, %c256_i32 : !asc.global_tensor<f32>, !asc.local_tensor<vecin, f32>
      }
    }
    asc.matmul.end %6 : !matmul
    return
  }
}


// -----

// The check negated: the rotated loop runs where the tiles may overlap.

!matmul = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
module {
  func.func @tiling_stride(%arg0: !asc.gm_addr {asc.no_alias}, %arg1: !asc.gm_addr {asc.no_alias}, %arg2: !asc.gm_addr {asc.no_alias}, %arg3: !asc.gm_addr {asc.no_alias}, %arg4: !asc.local_tensor<vecin, f32>) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c4_i32 = arith.constant 4 : i32
    %c256_i32 = arith.constant 256 : i32
    %0 = asc.get_tiling %arg3
    %1 = asc.tiling.get %0[singleCoreM]
    %2 = asc.tiling.get %0[N]
    %3 = asc.get_block_idx
    %4 = arith.trunci %3 : i64 to i32
    %5 = arith.muli %4, %c4_i32 : i32
    %6 = asc.matmul.create : !matmul
    %7 = asc.set_global_buffer %arg0 : !asc.global_tensor<f16>
    %8 = asc.set_global_buffer %arg1 : !asc.global_tensor<f32>
    %9 = asc.set_global_buffer %arg2 : !asc.global_tensor<f32>
    %10 = arith.extsi %1 : i32 to i64
    %11 = arith.extsi %2 : i32 to i64
    %12 = arith.muli %10, %11 overflow<nsw> : i64
    %c-256_i64 = arith.constant -256 : i64
    %13 = arith.cmpi sle, %12, %c-256_i64 : i64
    %c256_i64 = arith.constant 256 : i64
    %14 = arith.cmpi sge, %12, %c256_i64 : i64
    %15 = arith.ori %13, %14 : i1
    %true = arith.constant true
    %not = arith.xori %15, %true : i1
    scf.if %not {
      %c3_i32 = arith.constant 3 : i32
      %16 = arith.addi %5, %c0_i32 : i32
      %17 = arith.muli %16, %1 : i32
      %18 = arith.muli %17, %2 : i32
      %19 = arith.extsi %18 : i32 to i64
      %20 = asc.subview %8[%19] : !asc.global_tensor<f32>
      asc.matmul.set_tensor_a %6, %7 : !matmul, !asc.global_tensor<f16>
      asc.matmul.iterate_all %6, %20 {asc.output_elements = 256 : i64, sync = false, wait_iterate_all = true} : !matmul, !asc.global_tensor<f32>
      scf.for %arg5 = %c0_i32 to %c3_i32 step %c1_i32  : i32 {
        %27 = arith.addi %arg5, %c1_i32 : i32
        asc.matmul.wait_iterate_all %6 : !matmul
        %28 = arith.addi %5, %arg5 : i32
        %29 = arith.muli %28, %1 : i32
        %30 = arith.muli %29, %2 : i32
        %31 = arith.extsi %30 : i32 to i64
        %32 = asc.subview %8[%31] : !asc.global_tensor<f32>
        %33 = arith.addi %5, %27 : i32
        %34 = arith.muli %33, %1 : i32
        %35 = arith.muli %34, %2 : i32
        %36 = arith.extsi %35 : i32 to i64
        %37 = asc.subview %8[%36] : !asc.global_tensor<f32>
        asc.matmul.set_tensor_a %6, %7 : !matmul, !asc.global_tensor<f16>
        // expected-note @+1 {{the async issue writing that output}}
        asc.matmul.iterate_all %6, %37 {asc.output_elements = 256 : i64, sync = false, wait_iterate_all = true} : !matmul, !asc.global_tensor<f32>
        // expected-error @+1 {{may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)}}
        asc.data_copy %arg4, %32, %c256_i32 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>
        %38 = asc.subview %9[%31] : !asc.global_tensor<f32>
        asc.data_copy %38, %arg4, %c256_i32 : !asc.global_tensor<f32>, !asc.local_tensor<vecin, f32>
      }
      asc.matmul.wait_iterate_all %6 : !matmul
      %21 = arith.addi %5, %c3_i32 : i32
      %22 = arith.muli %21, %1 : i32
      %23 = arith.muli %22, %2 : i32
      %24 = arith.extsi %23 : i32 to i64
      %25 = asc.subview %8[%24] : !asc.global_tensor<f32>
      asc.data_copy %arg4, %25, %c256_i32 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>
      %26 = asc.subview %9[%24] : !asc.global_tensor<f32>
      asc.data_copy %26, %arg4, %c256_i32 : !asc.global_tensor<f32>, !asc.local_tensor<vecin, f32>
    } else {
      scf.for %arg5 = %c0_i32 to %c4_i32 step %c1_i32  : i32 {
        %16 = arith.addi %5, %arg5 : i32
        %17 = arith.muli %16, %1 : i32
        %18 = arith.muli %17, %2 : i32
        %19 = arith.extsi %18 : i32 to i64
        %20 = asc.subview %8[%19] : !asc.global_tensor<f32>
        asc.matmul.set_tensor_a %6, %7 : !matmul, !asc.global_tensor<f16>
        asc.matmul.iterate_all %6, %20 {asc.output_elements = 256 : i64, sync = false, wait_iterate_all = true} : !matmul, !asc.global_tensor<f32>
        asc.matmul.wait_iterate_all %6 : !matmul
        asc.data_copy %arg4, %20, %c256_i32 : !asc.local_tensor<vecin, f32>, !asc.global_tensor<f32>
        %21 = asc.subview %9[%19] : !asc.global_tensor<f32>
        asc.data_copy %21, %arg4, %c256_i32 : !asc.global_tensor<f32>, !asc.local_tensor<vecin, f32>
      }
    }
    asc.matmul.end %6 : !matmul
    return
  }
}

