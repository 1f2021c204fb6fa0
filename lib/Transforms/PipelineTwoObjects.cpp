//===- PipelineTwoObjects.cpp - a one-stage loop over two objects ---------===//
//
// The two-object form of --asc-pipeline-loops: an object whose creation
// states `asc.copies = 2` is spread over itself and a copy, even iterations
// on one and odd ones on the other, so that two calls are in flight. The
// loop is the one-stage schedule unrolled by two (unrollOnTwoObjects), each
// copy of the body on its object, built by the one expander
// (PipelineExpander.cpp); this file matches the object and makes the copy.
//
// One object keeps one call in flight (rule P1): after its wait returns the
// cube idles until the next message arrives (the client sees the server's
// flag, the vector core posts, the server picks it up). With a second
// object of the same type and tiling, iteration i + 1's call is already
// queued when iteration i's wait returns:
//
//   n = max(ceil((ub - lb) / step), 0); pairs = n / 2
//   if (pairs >= 1) {
//     S(lb); I(lb)  on mm;  S(lb + step); I(lb + step)  on mm2
//     r = for j in [0, pairs - 1) carrying r = lb:  g = lb + 2 * step * j
//       W mm;  X0(g);        S(g + 2 step); I(g + 2 step) on mm;   X1(g)
//       W mm2; X0(g + step); S(g + 3 step); I(g + 3 step) on mm2;  X1(g + step)
//       yield g + 2 step
//     W mm; X(r); W mm2; X(r + step)   // the last pair
//   }
//   if (n is odd) { the loop's body at lb + (n - 1) step on mm }
//
// The protocol check proves it (the instance of a call in flight across the
// back edge is the previous trip's, the prologue's only in the first trip;
// after the loop the last trip's, or the prologue's when it made no trip,
// and `r` is that trip's next iteration or `lb`: ProtocolChecker), given
// outputs that do not overlap, which
// `asc.output_elements` states. The author states with `asc.copies` that
// the tiling leaves the cube core room for the second object.
//
//===----------------------------------------------------------------------===//

#include "LoopPipeliner.h"
#include "asc/Dialect/Asc/IR/AscOps.h"

using namespace mlir;
using namespace mlir::asc;
using namespace mlir::asc::pipelining;

namespace {
/// What the two-object form changes outside the loop: the copy's creation,
/// the registration that takes it, and its End calls.
struct ObjectCopy {
  MatmulCreateOp create;
  MatmulRegisterOp registration;
  SmallVector<Operation *, 1> ends;
};
} // namespace

/// The object of a one-stage loop that may get a copy: its creation states
/// `asc.copies` of 2 or more, the loop's setters stage both inputs each
/// iteration, and nothing but its registration (room for one more object),
/// the loop's calls, End calls after the loop and, anywhere else, setters
/// of A, B (which the loop's own replace before each call) and the
/// workspace (client-side state its calls do not read) uses it. Anything
/// else would leave state behind the copy lacks (a bias the server holds,
/// SetOrgShape) or see the object after the loop in another state.
/// Nothing, with an empty `why`, when the author states no copies.
static std::optional<ObjectCopy>
matchObjectCopy(scf::ForOp loop, const Stage &stage, std::string &why) {
  why.clear();
  auto create = stage.matmul.getDefiningOp<MatmulCreateOp>();
  auto copies =
      create
          ? create->getAttrOfType<IntegerAttr>(AscDialect::getCopiesAttrName())
          : IntegerAttr();
  if (!copies || copies.getInt() < 2)
    return std::nullopt;
  Type ivType = loop.getInductionVar().getType();
  if (!ivType.isIndex() && ivType.getIntOrFloatBitWidth() < 32) {
    why = "the loop counter is narrower than 32 bits (the C++ counter wraps "
          "around)";
    return std::nullopt;
  }
  auto stagesEachIteration = [&](MatmulSlot slot) {
    return llvm::any_of(stage.setters, [&](Operation *setter) {
      std::optional<MatmulSlotUpdate> update =
          cast<MatmulOpInterface>(setter).getSlotUpdate();
      return update && update->slot == slot && update->memory;
    });
  };
  if (!stagesEachIteration(MatmulSlot::TensorA) ||
      !stagesEachIteration(MatmulSlot::TensorB)) {
    why = "the loop's setters do not stage both inputs (A and B tensors) "
          "each iteration: the copy would start without them";
    return std::nullopt;
  }
  ObjectCopy copy{create, nullptr, {}};
  for (Operation *user : stage.matmul.getUsers()) {
    // A setter of A, B or the workspace, by the slot it sets.
    auto setter = dyn_cast<MatmulOpInterface>(user);
    std::optional<MatmulSlotUpdate> update =
        setter ? setter.getSlotUpdate() : std::nullopt;
    if (loop->isAncestor(user) ||
        (update && (update->slot == MatmulSlot::TensorA ||
                    update->slot == MatmulSlot::TensorB ||
                    update->slot == MatmulSlot::Workspace)))
      continue;
    if (auto registration = dyn_cast<MatmulRegisterOp>(user)) {
      if (copy.registration) {
        why = "the object is registered twice";
        return std::nullopt;
      }
      copy.registration = registration;
      continue;
    }
    if (isa<MatmulEndOp>(user) && user->getBlock() == loop->getBlock() &&
        loop->isBeforeInBlock(user)) {
      copy.ends.push_back(user);
      continue;
    }
    why = "the object is used outside the loop (" + describe(user) +
          ") other than by its registration, End and input setters: a copy "
          "would miss it";
    return std::nullopt;
  }
  if (!copy.registration || copy.registration.getMatmuls().size() >= 4) {
    why = copy.registration
              ? "its registration holds four objects already"
              : "the object is not registered with asc.matmul.register";
    return std::nullopt;
  }
  return copy;
}

bool LoopPipeliner::tryTwoObjects(const PipelineSchedule &schedule) {
  scf::ForOp loop = schedule.loop;
  const Stage &stage = schedule.stages.front();
  std::string why;
  std::optional<ObjectCopy> copy = matchObjectCopy(loop, stage, why);
  if (!copy) {
    if (!why.empty())
      remark(loop, "loop not pipelined on two objects: " + Twine(why));
    return false;
  }
  // The trial: each change says how to undo it, last to first.
  ProtocolTrial trial(function, ProtocolTrial::BackOut::UndoSteps);
  // The copy: created right after the object, registered with it (the same
  // tiling), ended where it is.
  OpBuilder::InsertionGuard insertionGuard(rewriter);
  rewriter.setInsertionPoint(copy->create);
  OpBuilder &builder = rewriter;
  builder.setInsertionPointAfter(copy->create);
  auto copyCreate = cast<MatmulCreateOp>(builder.clone(*copy->create));
  copyCreate->removeAttr(AscDialect::getCopiesAttrName());
  Value object = copyCreate.getMatmul();
  trial.onBackOut([=] { copyCreate->erase(); });
  MatmulRegisterOp original = copy->registration;
  SmallVector<Value> matmuls(original.getMatmuls());
  SmallVector<Value> tilings(original.getTilings());
  if (!tilings.empty())
    tilings.push_back(
        tilings[llvm::find(matmuls, stage.matmul) - matmuls.begin()]);
  matmuls.push_back(object);
  builder.setInsertionPoint(original);
  auto registration =
      MatmulRegisterOp::create(builder, original.getLoc(), original.getPipe(),
                               original.getWorkspace(), matmuls, tilings);
  registration->setDiscardableAttrs(original->getDiscardableAttrDictionary());
  Block *registrationBlock = original->getBlock();
  Operation *afterRegistration = original->getNextNode();
  original->remove();
  trial.onBackOut([=] {
    registration->erase();
    registrationBlock->getOperations().insert(
        afterRegistration ? afterRegistration->getIterator()
                          : registrationBlock->end(),
        original);
  });
  trial.onKeep([=] { original->erase(); });
  SmallVector<Operation *> ends;
  for (Operation *end : copy->ends) {
    builder.setInsertionPointAfter(end);
    IRMapping mapping;
    mapping.map(stage.matmul, object);
    ends.push_back(builder.clone(*end, mapping));
  }
  trial.onBackOut([ends] {
    for (Operation *end : ends)
      end->erase();
  });

  Operation *prev = loop->getPrevNode();
  expandPipelinedLoop(rewriter, unrollOnTwoObjects(schedule, object));
  takeOutLoop(trial, loop, prev);
  if (std::optional<ProtocolViolation> violation = trial.check()) {
    remark(loop, "loop not pipelined on two objects: the two-object form "
                 "fails the protocol check, so the pass backed out: " +
                     Twine(violation->message));
    return false;
  }
  remark(loop, "loop pipelined on two objects: even iterations run the " +
                   describe(stage.issue) +
                   " on its object, odd ones on a copy (asc.copies), each "
                   "object's next call issued at its wait: two calls in "
                   "flight");
  return true;
}
