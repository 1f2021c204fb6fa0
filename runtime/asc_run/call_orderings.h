//===- call_orderings.h - the pipe orderings calls run ----------*- C++ -*-===//
//
// asc-run's side of asc_run/call_orderings.def, the one description of how
// the Matmul client's calls and the queues order the vector core's pipes;
// the asc dialect's PipeOrderingOpInterface reads the same table for the
// static analysis (docs/HappensBefore.md).
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_CALL_ORDERINGS_H
#define ASC_RUN_CALL_ORDERINGS_H

#include "asc_run/core.h"

namespace asc_run {

/// The calls of the table.
enum class OrderedCall {
#define ASC_ORDERED_CALL(NAME) NAME,
#include "asc_run/call_orderings.def"
};

namespace detail {
// The table's pipe names.
constexpr Pipe kTablePipe_S = PipeS;
constexpr Pipe kTablePipe_V = PipeV;
constexpr Pipe kTablePipe_MTE2 = PipeMte2;
constexpr Pipe kTablePipe_MTE3 = PipeMte3;
constexpr Pipe kTablePipe_ALL = kPipes;

struct CallStep {
  OrderedCall call;
  enum Kind { ORDER, ACCESS, SERVER } kind;
  Pipe from, to;
};

constexpr CallStep kCallSteps[] = {
#define ASC_CALL_STEP(CALL, KIND, FROM, TO)                                    \
  {OrderedCall::CALL, CallStep::KIND, kTablePipe_##FROM, kTablePipe_##TO},
#include "asc_run/call_orderings.def"
};
} // namespace detail

/// The pipe `call` makes its own access of local memory on.
constexpr Pipe callAccessPipe(OrderedCall call) {
  for (const detail::CallStep &step : detail::kCallSteps)
    if (step.call == call && step.kind == detail::CallStep::ACCESS)
      return step.from;
  return kPipes;
}

/// Runs the orderings of `call` on the pipe clocks: those before its access
/// (`beforeAccess`), or those after it. A call without an access has only
/// the latter.
inline void runCallOrderings(OrderedCall call, bool beforeAccess) {
  bool accessed = callAccessPipe(call) == kPipes;
  for (const detail::CallStep &step : detail::kCallSteps) {
    if (step.call != call)
      continue;
    if (step.kind == detail::CallStep::ACCESS) {
      accessed = true;
      continue;
    }
    // The handshake runs a SERVER step: the post and the signal's wait
    // (matmul/handshake.h).
    if (accessed == beforeAccess || step.kind == detail::CallStep::SERVER)
      continue;
    orderPipes(step.from, step.to);
  }
}

/// The physical memory of a logical position, as far as the vector core's
/// queues go (ASC_POSITION_MEMORY).
enum class QueueMemory { GM, UB, Other };

template <class Position>
constexpr QueueMemory queueMemoryOf(Position position) {
#define ASC_POSITION_MEMORY(POSITION, MEMORY)                                  \
  if (position == Position::POSITION)                                          \
    return QueueMemory::MEMORY;
#include "asc_run/call_orderings.def"
  return QueueMemory::Other;
}

/// The pipes a TQueBind<source, destination> hands its buffers between: its
/// EnQue orders `producer` before `consumer`, its FreeTensor the reverse.
/// kPipes for both when the table has no row (the vector core's checker
/// sees no hand-off there).
template <class Position>
constexpr void queueBindHandOffPipes(Position source, Position destination,
                                     Pipe &producer, Pipe &consumer) {
  producer = consumer = kPipes;
  QueueMemory from = queueMemoryOf(source), to = queueMemoryOf(destination);
#define ASC_QUEUE_HANDOFF(SOURCE, DESTINATION, PRODUCER, CONSUMER)             \
  if (from == QueueMemory::SOURCE && to == QueueMemory::DESTINATION) {         \
    producer = detail::kTablePipe_##PRODUCER;                                  \
    consumer = detail::kTablePipe_##CONSUMER;                                  \
  }
#include "asc_run/call_orderings.def"
}

/// The pipes a TQue<position> hands its buffers between: those of the
/// TQueBind it is (ASC_QUEUE_BIND).
template <class Position>
constexpr void queueHandOffPipes(Position position, Pipe &producer,
                                 Pipe &consumer) {
  producer = consumer = kPipes;
#define ASC_QUEUE_BIND(POSITION, SOURCE, DESTINATION)                          \
  if (position == Position::POSITION)                                          \
    queueBindHandOffPipes(Position::SOURCE, Position::DESTINATION, producer,   \
                          consumer);
#include "asc_run/call_orderings.def"
}

} // namespace asc_run

#endif // ASC_RUN_CALL_ORDERINGS_H
