//===- protocol.h - The Matmul handshake's checker --------------*- C++ -*-===//
//
// The protocol state machine of the vector core's Matmul client (CANN's c220
// MatmulClient and MatmulService, kfc_comm.h; docs/Runtime.md, "The
// handshake"): the server's signals and the client's waits that take them
// (a wait for a signal that never comes is a hang), the checks that refuse
// a call while another is in flight, and the pending work with its
// footprints, which the race checker (asc_run/core.h) holds until a signal
// completes it.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_MATMUL_PROTOCOL_H
#define ASC_RUN_MATMUL_PROTOCOL_H

#include "asc_run/call_orderings.h"
#include "asc_run/core.h"

#include <cstdint>
#include <deque>
#include <memory>
#include <string>

namespace AscendC {
namespace detail {

/// The client's side of a Matmul object's handshake, which depends on no
/// element type: its counters and workspace, the server's signals and the
/// client's waits for them, and the protocol checks every call shares. The
/// Matmul object (MatmulModel) derives from it.
class ClientProtocol {
protected:
  using Loc = asc_run::Loc;

  static std::string block() {
    return " (block " + std::to_string(asc_run::state().blockIdx) + ")";
  }

  /// CANN's INC_PROCESS_CHECK (kfc_comm.h): the client's fetches wait for a
  /// signal in their first 14 calls after a post that resets the count.
  static constexpr uint32_t kIncProcessCheck = 14;
  static constexpr const char *kBatchFetchWaits =
      "MatmulClient::GetBatchTensorC waits for a signal in each of its first "
      "14 calls after an IterateNBatch (curProcess < INC_PROCESS_CHECK)";
  static constexpr const char *kTensorFetchWaits =
      "MatmulClient::GetTensorC waits for a signal in each of its first 14 "
      "fetches after an Iterate<false> (curProcess < INC_PROCESS_CHECK)";
  static constexpr const char *kSetWorkspaceInFlight =
      "MatmulClient::SetWorkspace moves the workspace the client fetches "
      "from and resets its read offset at once, while the in-flight call "
      "still writes the old one";

  //===--------------------------------------------------------------------===//
  // Signals: the server's NotifyEvent, the client's WaitEvent
  //===--------------------------------------------------------------------===//

  //===--------------------------------------------------------------------===//
  // Signals: the server's NotifyEvent, the client's WaitEvent
  //===--------------------------------------------------------------------===//

  /// One NotifyEvent of the server on this object's event (devEvtID): sent
  /// after part `part` of message `seq`, when the server had done `point`.
  struct Signal {
    int64_t seq;
    uint64_t ring; ///< the message's position in the vector core's ring
    uint32_t part;
    asc_run::PipePoint point;
  };

  /// The server signals now (after its work so far).
  void pushSignal(int64_t seq, uint64_t ring, uint32_t part) {
    signals_.push_back({seq, ring, part, asc_run::cubePoint()});
  }

  /// The client's WaitEvent: takes the oldest signal; everything of this
  /// object's messages up to it is complete, and so is every call without
  /// a wait flag or fetches that the vector core posted before the signalled
  /// message, for any object (the server runs the core's one ring in
  /// order: spec revision 4, section 2).
  /// Without a signal the vector core would wait forever: a hang.
  void consumeSignal(const std::string &call, Loc loc, const char *whyItWaits) {
    if (signals_.empty())
      asc_run::hang(
          call + " at " + loc.str() + " waits for a signal of " +
          "Matmul object #" + std::to_string(index_) + " that never comes: " +
          (signalStory_.empty() ? std::string("no call of the object posted a "
                                              "message that signals")
                                : signalStory_) +
          (lastConsumer_.empty()
               ? std::string()
               : "; its last signal was taken by " + lastConsumer_) +
          "; " + whyItWaits);
    Signal s = signals_.front();
    signals_.pop_front();
    std::vector<asc_run::Pending *> done;
    for (const auto &p : asc_run::state().pending)
      if ((p->object == index_ && p->seq >= 0 &&
           (p->seq < s.seq || (p->seq == s.seq && p->part <= s.part))) ||
          (p->object != index_ && p->waitName.empty() && p->fetchedBy.empty() &&
           !p->background && p->ring < s.ring))
        done.push_back(p.get());
    for (asc_run::Pending *p : done)
      asc_run::complete(p);
    asc_run::waitSignal(s.point);
    lastConsumer_ = call + " at " + loc.str();
  }

  /// A fetch's wait (GetTensorC, GetBatchTensorC): only the first 14 after
  /// the post that reset curProcess wait.
  void fetchWait(const std::string &call, Loc loc, const char *whyItWaits) {
    if (curProcess_ >= kIncProcessCheck)
      return;
    ++curProcess_;
    consumeSignal(call, loc, whyItWaits);
  }

  /// WaitIterateAll / WaitIterateBatch: the protocol's pairing first (the
  /// wait completes a pending issue with its wait flag), then the signal.
  void waitIssue(const char *waitName, Loc loc) {
    std::string call = std::string(waitName) + "()";
    asc_run::Pending *flagged = nullptr;
    asc_run::Pending *perLoop = nullptr;
    asc_run::Pending *silent = nullptr;
    std::string why;
    for (asc_run::Pending *p : asc_run::pendingOfObject(index_)) {
      if (p->waitName == waitName && !flagged)
        flagged = p;
      else if (p->fetchedBy == "GetBatchTensorC" && !perLoop)
        perLoop = p;
      else if (p->fireAndForget() && !silent)
        silent = p;
      if (!p->waitName.empty() && p->waitName != waitName)
        why = "; " + asc_run::describePending(*p) + " is completed by " +
              p->waitName + "()";
    }
    if (flagged) {
      if (!signals_.empty() && signals_.front().seq < flagged->seq)
        asc_run::note(call + " at " + loc.str() +
                      " takes a signal an earlier call of Matmul object #" +
                      std::to_string(index_) +
                      " left (its fetches did not take all its signals), so "
                      "it returns before " +
                      asc_run::describePending(*flagged) + " completes");
      consumeSignal(call, loc,
                    std::string(waitName) == "WaitIterateAll"
                        ? "MatmulClient::WaitIterateAll waits for one signal"
                        : "MatmulClient::WaitIterateBatch waits for one "
                          "signal");
      return;
    }
    if (perLoop && std::string(waitName) == "WaitIterateBatch")
      asc_run::hang(
          call + " at " + loc.str() + " waits for " +
          asc_run::describePending(*perLoop) +
          ", which has no wait flag: MatmulService::StartIterateNBatch "
          "signals after each loop, so the wait takes the first loop's signal "
          "and the GetBatchTensorC of the last loop (MatmulClient::"
          "GetBatchTensorC waits in each of its first 14 calls) waits for a "
          "signal that never comes; a flagless IterateNBatch is consumed by "
          "its fetches alone");
    if (silent && signals_.empty())
      asc_run::hang(call + " at " + loc.str() +
                    " waits for a signal of Matmul object #" +
                    std::to_string(index_) +
                    " that never comes: " + asc_run::describePending(*silent) +
                    " has no wait flag and posts no signal (" +
                    (silent->call.rfind("IterateBatch", 0) == 0
                         ? "MatmulService::IterateBatch signals only with "
                           "sync or waitIterateBatch"
                     : silent->call.rfind("GetTensorC", 0) == 0
                         ? "MatmulService::GetTensorC signals only a "
                           "synchronous fetch"
                         : "MatmulService::Iterate signals an IterateAll "
                           "only with sync or waitIterateAll") +
                    ")");
    if (silent)
      why = "; " + asc_run::describePending(*silent) +
            " has no wait flag and posts no signal";
    asc_run::failRun(asc_run::kExitRace,
                     "asc-run: protocol: " + call + " at " + loc.str() +
                         " waits with nothing pending on Matmul object #" +
                         std::to_string(index_) + why + block());
  }

  /// WaitGetTensorC: SetFlag/WaitFlag<MTE2_V> on the vector core
  /// (MatmulClient::WaitGetTensorC), no cross-core wait.
  void waitCopy(Loc loc) {
    (void)loc;
    // SetFlag/WaitFlag<MTE2_V> and nothing else (MatmulClient::
    // WaitGetTensorC): after GetTensorC<false> it is redundant, which is
    // allowed; after AsyncGetTensorC it orders the vector pipe after the
    // copy.
    asc_run::runCallOrderings(asc_run::OrderedCall::WaitGetTensorC,
                              /*beforeAccess=*/false);
  }

  //===--------------------------------------------------------------------===//
  // Checks shared by the calls, and the pending work
  //===--------------------------------------------------------------------===//

  //===--------------------------------------------------------------------===//
  // Checks shared by the calls
  //===--------------------------------------------------------------------===//

  /// SetWorkspace and Init while a call of this object is in flight.
  void checkNothingInFlight(const char *call, Loc loc, const char *why) {
    for (asc_run::Pending *p : asc_run::pendingOfObject(index_))
      asc_run::failRun(asc_run::kExitRace,
                       "asc-run: protocol: " + std::string(call) + " at " +
                           loc.str() + " reconfigures Matmul object #" +
                           std::to_string(index_) + " while " +
                           asc_run::describePending(*p) + " is pending (" +
                           why + ")" + block());
  }

  void checkNotInLoop(const char *call, Loc loc) {
    if (iterating_)
      asc_run::misuse(loc,
                      std::string(call) + " in the middle of an Iterate loop");
  }

  /// A new post while a call of this object is in flight: a waited call
  /// (two in flight at once are refused, stricter than the device), the
  /// loops of a flagless IterateNBatch or the blocks of an async Iterate not
  /// yet fetched (the new post resets the client's fetch count, and their
  /// signals would be taken by the new call's waits). An issue without its
  /// wait flag may be in flight: the server runs the messages in order.
  void checkIssueAllowed(const char *call, Loc loc) {
    for (asc_run::Pending *p : asc_run::pendingOfObject(index_)) {
      if (p->fireAndForget())
        continue;
      asc_run::failRun(
          asc_run::kExitRace,
          "asc-run: protocol: " + std::string(call) + " at " + loc.str() +
              " re-issues Matmul object #" + std::to_string(index_) +
              " while " + asc_run::describePending(*p) +
              (p->background           ? " has blocks not yet fetched"
               : !p->fetchedBy.empty() ? " has loops not yet fetched"
                                       : " is pending") +
              block());
    }
  }

  /// The client's fetches after an async Iterate share a refusal: one fetch
  /// at a time before its WaitGetTensorC, and not while another call is in
  /// flight (stricter than the device).
  void checkFetchAllowed(const std::string &call, Loc loc) {
    if (!asyncRun_.active || !workspace_)
      asc_run::misuse(loc, call + " needs an Iterate<false> with a workspace");
    for (asc_run::Pending *p : asc_run::pendingOfObject(index_))
      if (!p->background && !p->fireAndForget())
        asc_run::failRun(asc_run::kExitRace,
                         "asc-run: protocol: " + call + " at " + loc.str() +
                             " re-issues Matmul object #" +
                             std::to_string(index_) + " while " +
                             asc_run::describePending(*p) + " is pending" +
                             block());
  }

  /// A fetch of IterateNBatch results: only the asynchronous form exists
  /// (rule L9; on the device the template argument plays no part), after an
  /// IterateNBatch. Whether a signal comes for it is the signals' business:
  /// after a synchronous or flagged IterateNBatch none does (a hang).
  void checkBatchFetch(bool sync, const char *call, Loc loc) {
    std::string name = call;
    if (sync)
      asc_run::misuse(loc, name + ": GetBatchTensorC exists only in the "
                                  "asynchronous form (sync = false)");
    if (!nbatchIssued_)
      asc_run::misuse(loc, name + " without an IterateNBatch before it");
  }

  std::unique_ptr<asc_run::Pending> newPending(const char *call, Loc loc,
                                               const char *waitName) {
    auto p = std::make_unique<asc_run::Pending>();
    p->call = call;
    p->loc = loc;
    p->object = index_;
    p->waitName = waitName;
    return p;
  }

  void addPending(std::unique_ptr<asc_run::Pending> p) {
    asc_run::state().pending.push_back(std::move(p));
  }

  //===--------------------------------------------------------------------===//
  // The client's state (MatmulClient), type-independent
  //===--------------------------------------------------------------------===//

  /// The object's number: REGIST_MATMUL_OBJ order, or for an object that
  /// was never registered (Init only) a negative one of its own, so that
  /// two such objects never share pending work.
  int index_ = asc_run::state().nextUnregisteredObject--;
  /// The last async Iterate: its message and block count.
  struct AsyncRun {
    bool active = false;
    int64_t seq = -1;
    int blocks = 0;
  } asyncRun_;
  /// The last IterateNBatch: its loops and the bytes of results it wrote.
  bool nbatchIssued_ = false;
  uint32_t nbatchLoops_ = 0;
  uint64_t nbatchBytes_ = 0;
  // The client (MatmulClient): its posts, workspace, counters.
  int64_t nextSeq_ = 0;
  std::string lastPost_, prevPost_;
  const uint8_t *workspace_ = nullptr; ///< cacheWorkspaceAddr
  uint64_t workspaceBytes_ = 0;
  int clientM_ = 0, clientN_ = 0; ///< the single shape mIter_/nIter_ count
  int clientK_ = 0; ///< its K, which isPartialOutput's count reads
  uint32_t cntIter_ = 0, curProcess_ = 0, nbatchIter_ = 0;
  uint64_t cOffset_ = 0;
  bool counting_ = false;     ///< cntIter_ was set by a post
  bool iterating_ = false;    ///< the last Iterate returned true
  bool iterateEnded_ = false; ///< the last Iterate returned false
  bool isSyncGetC_ = false;   ///< the last compute call was synchronous
  /// The server's signals not yet taken, and what the messages for them.
  std::deque<Signal> signals_;
  std::string signalStory_, lastConsumer_;
};

} // namespace detail
} // namespace AscendC

#endif // ASC_RUN_MATMUL_PROTOCOL_H
