# asc-mlir front end: every target installs what it needs on Debian 12 first.
#
#   make run    build, then place the waits of a shipped example kernel
#               (asc-opt) and print it as Ascend C (asc-translate)
#   make test   build, then run the whole lit suite; ends with "N passed, N failed"
#   make docs   regenerate the ODS-generated docs (docs/Dialects/, docs/AscPasses.md,
#               docs/AscConversionPasses.md)
#   make sanitize  build with ASan + UBSan in build-sanitize/, run the whole
#               lit suite there
#   make fuzz   build the libFuzzer targets in build-sanitize/ and run each for
#               SECONDS seconds (default 300); docs/Testing.md
#   make report build, then measure every kernel's cycles (hand-written, as
#               written, placed, promote-sync, pipelined, the placement
#               oracle's, the limit), the cost model's sensitivity and the
#               pass's compile time; writes docs/Results.md, docs/Results.csv
#               and the PNG plots (bench/report.py; REPORT_FLAGS=--quick for
#               a smoke run)

BUILD_DIR ?= build
LLVM_DIR ?= /usr/lib/llvm-22
JOBS ?= 2
EXAMPLE ?= examples/04-async-iterate-all-overlap.mlir

# Debian packages the build and the tests use; libclang-rt-22-dev holds
# libFuzzer, without which the suite's fuzz smoke tests are skipped;
# libclang-22-dev and libclang-cpp22-dev hold Clang's C++ API (asc-run's
# parse of a .asc and of compile_commands.json).
PACKAGES := cmake ninja-build python3 llvm-22-dev llvm-22-tools libmlir-22-dev \
            mlir-22-tools clang-22 libclang-rt-22-dev libclang-22-dev \
            libclang-cpp22-dev clang-tools-22

.PHONY: all deps configure build run test docs report clean \
        sanitize-deps sanitize-configure sanitize-build sanitize fuzz

all: build

deps:
	@utils/install-deps.sh $(PACKAGES)

$(BUILD_DIR)/build.ninja: CMakeLists.txt | deps
	cmake -G Ninja -S . -B $(BUILD_DIR) \
	  -DCMAKE_BUILD_TYPE=Release \
	  -DCMAKE_C_COMPILER=$(LLVM_DIR)/bin/clang \
	  -DCMAKE_CXX_COMPILER=$(LLVM_DIR)/bin/clang++ \
	  -DMLIR_DIR=$(LLVM_DIR)/lib/cmake/mlir \
	  -DLLVM_EXTERNAL_LIT=$(LLVM_DIR)/bin/lit

configure: $(BUILD_DIR)/build.ninja

build: configure
	ninja -C $(BUILD_DIR) -j $(JOBS)

run: build
	@echo "== asc-opt --asc-sync-placement $(EXAMPLE)"
	$(BUILD_DIR)/bin/asc-opt $(EXAMPLE) --asc-sync-placement=emit-remarks \
	  --mlir-print-op-on-diagnostic=false
	@echo "== asc-translate --asc-to-ascendc --asc-sync-placement $(EXAMPLE)"
	$(BUILD_DIR)/bin/asc-translate --asc-to-ascendc --asc-sync-placement $(EXAMPLE)

test: build
	@utils/run-lit.py $(LLVM_DIR)/bin/lit $(BUILD_DIR)/test

# The plots need Debian's python3-matplotlib for the system Python; the
# script installs it when missing.
REPORT_FLAGS ?=
report: build
	bench/report.py --build $(BUILD_DIR) --out docs \
	  --data $(BUILD_DIR)/report-data.json $(REPORT_FLAGS)

docs: configure
	ninja -C $(BUILD_DIR) mlir-doc
	mkdir -p docs/Dialects
	cp $(BUILD_DIR)/docs/Dialects/AscDialect.md docs/Dialects/AscDialect.md
	cp $(BUILD_DIR)/docs/AscPasses.md docs/AscPasses.md
	cp $(BUILD_DIR)/docs/AscConversionPasses.md docs/AscConversionPasses.md

# The sanitizer build: our code with ASan + UBSan (and libFuzzer's coverage
# instrumentation, so the same build serves `make fuzz`); Debian's libMLIR.so
# stays uninstrumented. test/lit.cfg.py sets the runtime options it needs.
SANITIZE_BUILD_DIR ?= build-sanitize
UBSAN_FLAGS := -fsanitize=undefined -fno-sanitize=vptr,function -fno-sanitize-recover=all
SECONDS ?= 300

sanitize-deps:
	@utils/install-deps.sh $(PACKAGES)

$(SANITIZE_BUILD_DIR)/build.ninja: CMakeLists.txt | sanitize-deps
	cmake -G Ninja -S . -B $(SANITIZE_BUILD_DIR) \
	  -DCMAKE_BUILD_TYPE=Release \
	  -DCMAKE_C_COMPILER=$(LLVM_DIR)/bin/clang \
	  -DCMAKE_CXX_COMPILER=$(LLVM_DIR)/bin/clang++ \
	  -DMLIR_DIR=$(LLVM_DIR)/lib/cmake/mlir \
	  -DLLVM_EXTERNAL_LIT=$(LLVM_DIR)/bin/lit \
	  "-DLLVM_USE_SANITIZER=Address;Undefined" \
	  "-DLLVM_UBSAN_FLAGS=$(UBSAN_FLAGS)" \
	  -DLLVM_USE_SANITIZE_COVERAGE=ON \
	  -DASC_ENABLE_FUZZING=ON

sanitize-configure: $(SANITIZE_BUILD_DIR)/build.ninja

sanitize-build: sanitize-configure
	ninja -C $(SANITIZE_BUILD_DIR) -j $(JOBS)

sanitize: sanitize-build
	@utils/run-lit.py $(LLVM_DIR)/bin/lit $(SANITIZE_BUILD_DIR)/test

fuzz: sanitize-build
	fuzz/run-fuzzers.sh $(SANITIZE_BUILD_DIR) $(SECONDS)

clean:
	rm -rf $(BUILD_DIR) $(SANITIZE_BUILD_DIR)
