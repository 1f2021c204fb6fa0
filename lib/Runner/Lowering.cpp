//===- Lowering.cpp - a .mlir kernel lowered for asc-run ------------------===//
//
// Lowers one kernel of a .mlir file with the asc-to-ascendc pipeline, with
// #line directives that point at the .mlir, after checking the launch's
// arguments against the kernel's signature; collects the job's directives
// the kernel states (its block workspace, the calls' output elements).
//
//===----------------------------------------------------------------------===//

#include "Runner.h"

#include "asc/Dialect/Asc/IR/AscAttrs.h"
#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "asc/Dialect/Asc/IR/AscTypes.h"
#include "asc/Parser/ParseKeepingNames.h"
#include "asc/Target/AscendC/LineDirectives.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace mlir;
using namespace mlir::asc::runner;

/// The launch element type of a scalar kernel argument of type `type`, or ""
/// for one a launch cannot give.
static std::string scalarTypeName(Type type) {
  // A float type's MLIR spelling is its launch name (f16, bf16, f32); an
  // integer's is i or u (signless, signed or unsigned) and its width.
  std::string name;
  if (auto integer = dyn_cast<IntegerType>(type)) {
    name =
        (integer.isUnsigned() ? "u" : "i") + std::to_string(integer.getWidth());
  } else if (isa<FloatType>(type)) {
    llvm::raw_string_ostream os(name);
    type.print(os);
  }
  return findElementType(name) ? name : "";
}

/// Checks that the launch gives each kernel argument what it is: a GM
/// address for !asc.gm_addr, a scalar of the same type otherwise.
static void checkArguments(func::FuncOp kernel, const Launch &launch) {
  if (kernel.getNumArguments() != launch.args.size())
    fatal("kernel '" + launch.kernel + "' takes " +
          std::to_string(kernel.getNumArguments()) +
          " arguments, the launch gives " + std::to_string(launch.args.size()));
  for (auto [index, type] : llvm::enumerate(kernel.getArgumentTypes())) {
    const LaunchArg &arg = launch.args[index];
    bool address = isa<asc::GmAddrType>(type);
    if (address && arg.role == "scalar")
      fatal("argument " + std::to_string(index) + " ('" + arg.name +
            "') of kernel '" + launch.kernel +
            "' is a GM address, the launch gives a scalar");
    if (!address && arg.role != "scalar")
      fatal("argument " + std::to_string(index) + " ('" + arg.name +
            "') of kernel '" + launch.kernel +
            "' is a scalar, the launch "
            "gives it the role '" +
            arg.role + "'");
    if (!address && scalarTypeName(type) != arg.type)
      fatal("argument " + std::to_string(index) + " ('" + arg.name +
            "') of kernel '" + launch.kernel + "' has a type the launch " +
            "spells '" +
            (scalarTypeName(type).empty() ? std::string("(none)")
                                          : scalarTypeName(type)) +
            "', not '" + arg.type + "'");
  }
}

/// The job's check of the buffer a kernel's asc.block_workspace argument
/// gets (runtime/asc_run/launch/job.h: block_workspace).
static std::string blockWorkspaceDirectives(func::FuncOp kernel,
                                            const Launch &launch) {
  std::string job;
  for (unsigned index = 0, e = kernel.getNumArguments(); index < e; ++index)
    if (auto attr = kernel.getArgAttrOfType<asc::BlockWorkspaceAttr>(
            index, asc::AscDialect::getBlockWorkspaceAttrName()))
      job += jobLine(JobKey::BlockWorkspace,
                     launch.args[index].name + " " +
                         std::to_string(attr.getBytesPerCore()));
  return job;
}

/// The job's check of what each call that states asc.output_elements
/// writes (runtime/asc_run/launch/job.h: output_elements): the
/// runtime knows a call by the .mlir line its #line directive gives.
static std::string outputElementsDirectives(ModuleOp module,
                                            bool lineDirectives) {
  std::map<unsigned, int64_t> stated;
  module.walk([&](Operation *op) {
    auto elements = op->getAttrOfType<IntegerAttr>(
        asc::AscDialect::getOutputElementsAttrName());
    if (!elements)
      return;
    if (!lineDirectives)
      fatal("asc-run checks asc.output_elements by the #line directives of "
            "the calls; it cannot with --asc-line-directives=false");
    std::optional<FileLineColLoc> line = asc::getFileLine(op->getLoc());
    if (!line)
      fatal("a call stating asc.output_elements has no source line for "
            "asc-run to check it by");
    auto [it, inserted] =
        stated.try_emplace(line->getLine(), elements.getInt());
    if (!inserted && it->second != elements.getInt())
      fatal("two calls on line " + std::to_string(line->getLine()) +
            " state different asc.output_elements; asc-run checks them by "
            "line");
  });
  std::string job;
  for (auto [line, elements] : stated)
    job += jobLine(JobKey::OutputElements,
                   std::to_string(line) + " " + std::to_string(elements));
  return job;
}

std::string mlir::asc::runner::lowerKernel(const DialectRegistry &registry,
                                           StringRef source, StringRef filename,
                                           const Launch &launch,
                                           const AscToAscendCOptions &options,
                                           std::string &jobExtra) {
  StringRef kernel = launch.kernel;
  MLIRContext context(registry);
  context.printOpOnDiagnostic(false);
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(source, filename), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(*sourceMgr, &context);
  OwningOpRef<Operation *> parsed =
      asc::parseSourceKeepingNames(sourceMgr, &context);
  OwningOpRef<ModuleOp> module(cast_if_present<ModuleOp>(parsed.release()));
  if (!module)
    fatal("cannot parse '" + filename + "'");

  func::FuncOp found;
  SmallVector<func::FuncOp> others;
  for (func::FuncOp f : module->getOps<func::FuncOp>()) {
    if (!f->hasAttr(asc::AscDialect::getKernelAttrName()))
      continue;
    if (f.getSymName() == kernel)
      found = f;
    else
      others.push_back(f);
  }
  if (!found)
    fatal("'" + filename + "' has no kernel function '" + kernel + "'");
  checkArguments(found, launch);
  jobExtra = blockWorkspaceDirectives(found, launch);
  for (func::FuncOp f : others)
    if (SymbolTable::symbolKnownUseEmpty(f, *module))
      f.erase();
  jobExtra += outputElementsDirectives(*module, options.lineDirectives);

  std::string cpp;
  llvm::raw_string_ostream os(cpp);
  if (failed(asc::runAscToAscendC(*module, options,
                                  asc::AscToAscendCStage::Emission, os)))
    fatal("lowering '" + filename + "' failed (see the diagnostics above)");
  return cpp;
}
