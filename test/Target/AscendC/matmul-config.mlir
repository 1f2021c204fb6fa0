// RUN: asc-translate --asc-to-ascendc %s | FileCheck %s

// A MatmulConfig that sets fields is the preset's value with one assignment
// per field set, in a constexpr lambda; its name carries a hash of the
// assignments, so that two configurations never share a name. compile.test
// and real-headers.test compile the output.

!mm_fields = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>,
                         config = <norm, en_unit_flag = false, batch_mode = none, iterate_mode = 2, enable_ub_reuse = false, iterate_order = order_m, schedule_type = outer_product, shared_co1_buffer_size = 32768>>
!mm_mdl = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>,
                      config = <mdl, do_mte2_preload = 1>>
!mm_plain = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>,
                        config = <mdl>>

// CHECK: constexpr static MatmulConfig [[FIELDS:MM_CFG_NORM_[0-9A-F]{8}]] = [] {
// CHECK-NEXT:   MatmulConfig config = GetNormalConfig();
// CHECK-NEXT:   config.enUnitFlag = false;
// CHECK-NEXT:   config.batchMode = BatchMode::NONE;
// CHECK-NEXT:   config.iterateMode = 2;
// CHECK-NEXT:   config.enableUBReuse = false;
// CHECK-NEXT:   config.iterateOrder = IterateOrder::ORDER_M;
// CHECK-NEXT:   config.scheduleType = ScheduleType::OUTER_PRODUCT;
// CHECK-NEXT:   config.sharedCO1BufferSize = 32768;
// CHECK-NEXT:   return config;
// CHECK-NEXT: }();
// CHECK-DAG: constexpr static MatmulConfig [[MDL:MM_CFG_MDL_[0-9A-F]{8}]] = [] {
// CHECK-DAG: constexpr static MatmulConfig MM_CFG_MDL = GetMDLConfig();
// CHECK-DAG: using [[T1:MatmulT[0-9]+]] = matmul::Matmul<{{.*}}, [[FIELDS]]>;
// CHECK-DAG: using [[T2:MatmulT[0-9]+]] = matmul::Matmul<{{.*}}, [[MDL]]>;
// CHECK-DAG: using [[T3:MatmulT[0-9]+]] = matmul::Matmul<{{.*}}, MM_CFG_MDL>;

// Three objects of three configurations.
// CHECK-LABEL: void configs(GM_ADDR
// CHECK: [[T1]] {{.*}};
// CHECK-NEXT: [[T2]] {{.*}};
// CHECK-NEXT: [[T3]] {{.*}};
func.func @configs(%p: !asc.gm_addr) attributes {asc.kernel} {
  %pipe = asc.pipe.create
  %tiling = asc.get_tiling %p
  %m1 = asc.matmul.create : !mm_fields
  %m2 = asc.matmul.create : !mm_mdl
  %m3 = asc.matmul.create : !mm_plain
  asc.matmul.register %pipe, %p, %m1, %m2, %m3 tiling %tiling, %tiling, %tiling : !mm_fields, !mm_mdl, !mm_plain
  return
}
