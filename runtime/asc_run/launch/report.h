//===- report.h - what a kernel run by asc-run reports ----------*- C++ -*-===//
//
// The report of a run: each output compared with the reference (or only its
// digest), the checker's verdict, the cost model's cycles (and the sweep of
// its assumed parameters), printed as text or as one JSON object.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_LAUNCH_REPORT_H
#define ASC_RUN_LAUNCH_REPORT_H

#include "asc_run/launch/job.h"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace asc_run {

inline std::string jsonString(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\', out += c;
    else if (c == '\n')
      out += "\\n";
    else if (static_cast<unsigned char>(c) < 0x20)
      out += ' ';
    else
      out += c;
  }
  return out + "\"";
}

/// What one output's comparison found.
struct OutputCheck {
  std::string name, type;
  uint64_t count = 0, mismatches = 0, first = 0;
  double got = 0, want = 0, maxAbs = 0;
  bool exact = false;
  uint64_t digest = 0; ///< FNV-1a of the output's bytes
};

/// FNV-1a over `bytes`: equal digests, bit-identical outputs.
inline uint64_t digestBytes(const std::vector<uint8_t> &bytes) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (uint8_t b : bytes)
    h = (h ^ b) * 0x100000001b3ull;
  return h;
}

inline std::string hex16(uint64_t v) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx",
                static_cast<unsigned long long>(v));
  return text;
}

struct Report {
  const Job *job = nullptr;
  std::vector<OutputCheck> outputs;
  bool checked = false;
  int code = 0;
  std::string message;

  /// The sweep: the trace scheduled again with each assumed parameter at
  /// the low and the high end of its range.
  struct Variant {
    Param param;
    double value;
    CostResult result;
  };
  std::vector<Variant> sweep() const {
    std::vector<Variant> out;
    for (int p = 0; p < kParams; ++p) {
      const ParamInfo &info = paramInfo(Param(p));
      if (!info.assumed)
        continue;
      for (double value : {info.low, info.high}) {
        CostTable t = costTable();
        t.v[p] = value;
        out.push_back({Param(p), value, scheduleLaunch(state().traces, t)});
      }
    }
    return out;
  }

  /// The launch's traces scheduled as they were recorded: per group of a
  /// cube-only build with vector cores, else per cube core and the vector
  /// blocks it serves.
  CostResult scheduleLaunch(const std::vector<Trace> &traces,
                            const CostTable &t) const {
    if (state().tracesPerGroup)
      return scheduleCoreGroups(traces, state().tracesPerGroup, t);
    return schedule(traces, job->mixRatio, t);
  }

  void print() const {
    const RunState &s = state();
    CostResult cost = scheduleLaunch(s.traces, costTable());
    double total = cost.total, cube = cost.cube, vec = cost.vector,
           overlap = cost.overlap;
    std::vector<Variant> variants;
    if (job->costSweep)
      variants = sweep();
    const char *verdict = code == 0                  ? "ok"
                          : code == kExitWrongResult ? "wrong result"
                          : code == kExitRace ? "race or protocol violation"
                                              : "error";
    if (job->json) {
      std::ostringstream os;
      os << "{\"kernel\": " << jsonString(job->kernel)
         << ", \"blocks\": " << job->blocks << ", \"verdict\": \"" << verdict
         << "\", \"exit_code\": " << code << ", \"checker\": {\"verdict\": \""
         << (code == kExitRace                       ? "violation"
             : code == 0 || code == kExitWrongResult ? "clean"
                                                     : "not run to the end")
         << "\", \"message\": " << jsonString(message) << "}, \"notes\": [";
      for (size_t i = 0; i < s.notes.size(); ++i)
        os << (i ? ", " : "") << jsonString(s.notes[i]);
      os << "], \"outputs\": [";
      for (size_t i = 0; i < outputs.size(); ++i) {
        const OutputCheck &o = outputs[i];
        os << (i ? ", " : "") << "{\"name\": " << jsonString(o.name)
           << ", \"type\": \"" << o.type << "\", \"count\": " << o.count
           << ", \"compare\": \""
           << (!checked  ? "none"
               : o.exact ? "exact"
                         : "tolerance")
           << "\", \"mismatches\": " << o.mismatches
           << ", \"max_abs_error\": " << o.maxAbs << ", \"digest\": \""
           << hex16(o.digest) << "\"}";
      }
      os << "], \"tolerance\": {\"rtol\": " << job->rtol
         << ", \"atol\": " << job->atol
         << "}, \"cost\": {\"total_cycles\": " << total
         << ", \"cube_busy_cycles\": " << cube
         << ", \"vector_busy_cycles\": " << vec
         << ", \"overlap_cycles\": " << overlap << ", \"pipe_busy_cycles\": {";
      for (int p = 0; p < kPipes; ++p)
        os << (p ? ", " : "") << "\"" << pipeName(Pipe(p))
           << "\": " << cost.pipe[p];
      os << "}, \"cube_cores\": " << cost.cubeCores
         << ", \"mix_ratio\": \"1:" << job->mixRatio << "\"";
      if (job->costSweep) {
        os << ", \"sweep\": [";
        for (size_t i = 0; i < variants.size(); ++i) {
          const Variant &v = variants[i];
          os << (i ? ", " : "") << "{\"param\": \"" << paramInfo(v.param).name
             << "\", \"value\": " << v.value
             << ", \"total_cycles\": " << v.result.total
             << ", \"cube_busy_cycles\": " << v.result.cube
             << ", \"vector_busy_cycles\": " << v.result.vector
             << ", \"overlap_cycles\": " << v.result.overlap << "}";
        }
        os << "]";
      }
      // Per cube core and the vector blocks it serves (one block at mix
      // 1:1), each group scheduled on its own: what bounds a block with
      // perfect overlap, max(cube, vector) busy.
      os << ", \"blocks\": [";
      size_t stride =
          s.tracesPerGroup ? s.tracesPerGroup : size_t(job->mixRatio);
      for (size_t g = 0; g < s.traces.size(); g += stride) {
        size_t members = std::min(stride, s.traces.size() - g);
        std::vector<Trace> group(s.traces.begin() + g,
                                 s.traces.begin() + g + members);
        CostResult c = scheduleLaunch(group, costTable());
        int64_t calls = 0;
        for (const Trace &t : group)
          calls += cubeCalls(t);
        os << (g ? ", " : "") << "{\"first_block\": " << g
           << ", \"vector_blocks\": " << members
           << ", \"total_cycles\": " << c.total
           << ", \"cube_busy_cycles\": " << c.cube
           << ", \"vector_busy_cycles\": " << c.vector
           << ", \"overlap_cycles\": " << c.overlap
           << ", \"cube_calls\": " << calls << "}";
      }
      os << "]}}";
      std::printf("%s\n", os.str().c_str());
      return;
    }
    std::printf("kernel %s on %lld blocks: %s\n", job->kernel.c_str(),
                static_cast<long long>(job->blocks), verdict);
    if (!message.empty())
      std::printf("checker: %s\n", message.c_str());
    else
      std::printf("checker: no race, no protocol violation\n");
    for (const std::string &n : s.notes)
      std::printf("note: %s\n", n.c_str());
    for (const OutputCheck &o : outputs) {
      if (!checked)
        std::printf("output %s: %s[%llu] (digest %016llx)\n", o.name.c_str(),
                    o.type.c_str(), static_cast<unsigned long long>(o.count),
                    static_cast<unsigned long long>(o.digest));
      else if (o.mismatches == 0)
        std::printf("output %s: %s[%llu] matches the reference (%s; max abs "
                    "error %g; digest %016llx)\n",
                    o.name.c_str(), o.type.c_str(),
                    static_cast<unsigned long long>(o.count),
                    o.exact ? "exact" : "rtol/atol tolerance", o.maxAbs,
                    static_cast<unsigned long long>(o.digest));
      else
        std::printf("output %s: %s[%llu] differs from the reference in %llu "
                    "elements; first at [%llu]: got %g, expected %g (digest "
                    "%016llx)\n",
                    o.name.c_str(), o.type.c_str(),
                    static_cast<unsigned long long>(o.count),
                    static_cast<unsigned long long>(o.mismatches),
                    static_cast<unsigned long long>(o.first), o.got, o.want,
                    static_cast<unsigned long long>(o.digest));
    }
    if (!checked && code == 0)
      std::printf("output: no reference given, nothing compared\n");
    std::printf("cost: total %.0f cycles, cube busy %.0f, vector busy %.0f, "
                "overlap %.0f (tolerance rtol %g atol %g)\n",
                total, cube, vec, overlap, job->rtol, job->atol);
    std::printf("cost: busy S %.0f, V %.0f, MTE2 %.0f, MTE3 %.0f; %lld "
                "blocks on %lld cube cores (mix 1:%d)\n",
                cost.pipe[PipeS], cost.pipe[PipeV], cost.pipe[PipeMte2],
                cost.pipe[PipeMte3],
                static_cast<long long>(s.tracesPerGroup ? job->blocks
                                                        : s.traces.size()),
                static_cast<long long>(cost.cubeCores), job->mixRatio);
    for (const Variant &v : variants) {
      auto change = [](double now, double base) {
        return base > 0 ? 100.0 * (now - base) / base : 0.0;
      };
      const ParamInfo &info = paramInfo(v.param);
      std::printf("cost sweep: %s %g (%s; this run %g): total %.0f cycles "
                  "(%+.1f%%), overlap %.0f (%+.1f%%)\n",
                  info.name, v.value, v.value == info.low ? "low" : "high",
                  costTable()[v.param], v.result.total,
                  change(v.result.total, total), v.result.overlap,
                  change(v.result.overlap, overlap));
    }
  }
};

inline Report &report() {
  static Report r;
  return r;
}

inline OutputCheck digestOutput(const Ref::Arg &a) {
  OutputCheck o;
  o.name = a.name;
  o.type = a.type;
  o.count = a.count;
  o.digest = digestBytes(a.data);
  return o;
}

inline OutputCheck compareOutput(const Ref::Arg &a, double rtol, double atol) {
  OutputCheck o;
  o.name = a.name;
  o.type = a.type;
  o.count = a.count;
  unsigned size = elementBytes(a.type);
  o.exact = elementExact(a.type);
  o.digest = digestBytes(a.data);
  for (uint64_t i = 0; i < a.count; ++i) {
    double got = elementValue(a.type, a.data.data() + i * size);
    double want = elementValue(a.type, a.expected.data() + i * size);
    bool same;
    if (o.exact) {
      same = std::memcmp(a.data.data() + i * size, a.expected.data() + i * size,
                         size) == 0;
    } else if (std::isnan(got) || std::isnan(want)) {
      same = std::isnan(got) && std::isnan(want);
    } else {
      double err = std::fabs(got - want);
      o.maxAbs = std::max(o.maxAbs, err);
      same = err <= atol + rtol * std::fabs(want);
    }
    if (!same && o.mismatches++ == 0) {
      o.first = i;
      o.got = got;
      o.want = want;
    }
  }
  return o;
}

} // namespace asc_run

#endif // ASC_RUN_LAUNCH_REPORT_H
