#!/usr/bin/env python3
"""The placement oracle (a tool, not a test): the fastest race-free placement
of a kernel's Matmul waits and async issues that the cost model of asc-run
knows, searched over the placements --asc-sync-placement could have chosen.

The space comes from `asc-opt -test-asc-placement-space`: per wait every
distinct position from right after its issue to the end of its block, per
async issue every distinct position from right after its operands' defini-
tions to right before the next op on its object or a use of its results
(positions only transparent ops separate are one). The order of a block's
async issues is a dimension of its own (a *ranking*: every merge of the
objects' own orders, the program order first): the cube runs the calls in
the order they are posted, so which one goes first decides which result
comes first. `-test-asc-apply-placement` builds a candidate (GAP:RANK
places the issues at one gap in ranking order). Each candidate is
  1. checked by `asc-opt --asc-verify-sync` (recorded, not required: the
     analysis is conservative where it has alias doubt, and the oracle
     bounds what any placement can reach),
  2. run by `asc-run --asc-verify-sync=false --json` (its race and protocol checker
     decides from the runtime footprints), at the first seed; a candidate
     that could be kept (ok, and faster than the best so far) is run at the
     other seeds too and kept only when every seed is ok.

Search: exhaustive when the space has at most --exhaustive candidates (no
assumption about the cost model): every candidate at the first seed, in
parallel (--jobs), then the fastest ok ones at the other seeds until one
passes them all. Otherwise branch and bound, under two assumptions that
make it exact (stated in the report, checked against the exhaustive search
on the small kernels):
  - feasibility is monotone along each movable's gaps, and separable: a
    wait that races at some gap races at every later one, an issue that
    breaks the protocol at some gap breaks it at every earlier one, whatever
    the others do. A *screen* binary-searches each movable's best feasible
    gap alone (the others as written), and only that gap and the worse ones
    stay in the space;
  - the cost is monotone once the ranking is fixed: moving a wait later or
    an issue earlier never costs cycles (asc-run's units run in order, so
    the ops a wait lets through start no later). Across rankings it is not
    (an issue moved above another object's delays that one's result), so
    each ranking gets a search of its own, sharing the incumbent.
A wait and the next issue on its object, each legal alone up to where the
other stands, keep their order when both move (every candidate keeps it).
Then, per ranking, a depth-first search over the movables in program
order (a ranked block's issues in ranking order), each one's gaps best
first (a wait's latest, an issue's earliest after the issues ranked before
it): a node is evaluated
with the movables not yet fixed at their best screened gap that keeps that
order (its *optimistic completion*); when that completion is race free and
no movable had to take a worse gap for the order, it is the best of the
node's subtree and the subtree is closed; the global bound max(cube busy, vector busy) per
block ends the search when the incumbent reaches it. At most --cap asc-run
runs in all; a capped search says so (`"capped": true` and a note).

Only functions that the launch file runs are searched. `--base promoted`
searches the kernel after `--asc-sync-placement=promote-sync,hoist-issues=
false` (synchronous GM calls made async, issues where the calls were, the
waits the pass placed), so the space covers what promote-sync allows;
`--base pipelined` the kernel after `pipeline-loops=true,hoist-issues=false`
(the loops rotated), the space of the pipelined loop structure.

Prints one JSON object (the kernel, the space, the search, the best
candidate's moves and cost, the hand-written and as-written figures);
`--output FILE` writes the best candidate's MLIR.

Usage: bench/oracle_placement.py KERNEL.mlir [--launch FILE] [--build DIR]
         [--seeds 1,2,3] [--cap N] [--exhaustive N] [--base written|promoted|pipelined]
"""
import argparse
import concurrent.futures
import hashlib
import itertools
import json
import math
import os
import pathlib
import subprocess
import sys
import tempfile
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent


class Oracle:
    def __init__(self, args, tmp):
        self.args = args
        self.tmp = pathlib.Path(tmp)
        self.opt = str(pathlib.Path(args.build) / "bin" / "asc-opt")
        self.run_tool = str(pathlib.Path(args.build) / "bin" / "asc-run")
        self.seeds = [int(s) for s in args.seeds.split(",") if s]
        self.cache = {}        # candidate text digest -> result
        self.runs = 0          # asc-run invocations
        self.evaluated = 0     # distinct candidates evaluated
        self.kernels = launched_kernels(args.launch)
        self.lock = threading.Lock()
        self.ranking = {}          # issue id -> rank, the order searched
        self.ranking_pairs = []    # (a, b): a lands before b, for it

    # -- tools ------------------------------------------------------------
    def asc_opt(self, source, flags):
        proc = subprocess.run([self.opt, str(source)] + flags,
                              capture_output=True, text=True)
        return proc.returncode, proc.stdout, proc.stderr

    def asc_run(self, source, seed, extra=()):
        with self.lock:
            self.runs += 1
        cmd = [self.run_tool, str(source), "--launch", self.args.launch,
               "--json", "--seed", str(seed)] + list(extra)
        proc = subprocess.run(cmd, capture_output=True, text=True)
        reports = []
        for line in proc.stdout.splitlines():
            line = line.strip()
            if line.startswith("{"):
                try:
                    reports.append(json.loads(line))
                except json.JSONDecodeError:
                    pass
        return proc.returncode, reports, proc.stderr

    # -- the space --------------------------------------------------------
    def base(self):
        """The kernel the search starts from (a file)."""
        if self.args.base == "written":
            return pathlib.Path(self.args.kernel)
        option = {"promoted": "promote-sync=true",
                  "pipelined": "pipeline-loops=true"}[self.args.base]
        code, out, err = self.asc_opt(
            self.args.kernel,
            [f"--asc-sync-placement={option} hoist-issues=false",
             # The source lines stay those of the kernel (the remarks').
             "--mlir-print-debuginfo"])
        if code != 0:
            sys.exit(f"oracle: {option} failed:\n{err}")
        path = self.tmp / f"base-{self.args.base}.mlir"
        path.write_text(out)
        return path

    def space(self, base):
        # The pass prints its JSON lines to stdout, before the module.
        code, out, err = self.asc_opt(base, ["-test-asc-placement-space"])
        if code != 0:
            sys.exit(f"oracle: -test-asc-placement-space failed:\n{err}")
        movables = []
        for line in out.splitlines():
            if not line.startswith('{"function"'):
                continue
            entry = json.loads(line)
            if self.kernels and entry["function"] not in self.kernels:
                continue
            movables.extend(entry["movables"])
        return movables

    # -- candidates -------------------------------------------------------
    def build(self, base, moves):
        """The candidate's MLIR text, or None when the moves do not apply."""
        flags = []
        if moves:
            flags = ["--test-asc-apply-placement=moves=" +
                     ",".join(f"{k}={v}" for k, v in sorted(moves.items()))]
        code, out, err = self.asc_opt(base, flags)
        return out if code == 0 else None

    def evaluate(self, base, moves, need_all_seeds=True, bound=None):
        """Result of a candidate: {"ok", "verify", "cycles", "overlap",
        "cost", "verdicts"}. `bound`: run the other seeds only when the first
        seed's cycles are under it."""
        text = self.build(base, moves)
        if text is None:
            return {"ok": False, "verify": False, "why": "moves do not apply"}
        digest = hashlib.sha1(text.encode()).hexdigest()
        result = self.cache.get(digest)
        if result is None:
            self.evaluated += 1
            path = self.tmp / f"cand-{digest[:12]}.mlir"
            path.write_text(text)
            vcode, _, verr = self.asc_opt(path, ["--asc-verify-sync",
                                                 "-o", "/dev/null"])
            result = {"verify": vcode == 0, "path": str(path),
                      "seeds_run": [], "verdicts": []}
            if vcode != 0:
                first = [l for l in verr.splitlines() if "error" in l]
                result["verify_error"] = first[0] if first else verr[:200]
            self.run_seed(result, self.seeds[0])
            self.cache[digest] = result
        if result["ok"] and need_all_seeds and (
                bound is None or result["cycles"] < bound):
            for seed in self.seeds:
                if seed not in result["seeds_run"] and result["ok"]:
                    self.run_seed(result, seed)
        return result

    def run_seed(self, result, seed):
        code, reports, err = self.asc_run(result["path"], seed,
                                          ["--asc-verify-sync=false"])
        result["seeds_run"].append(seed)
        ok = code == 0 and reports and all(r.get("verdict") == "ok"
                                           for r in reports)
        verdicts = sorted({r.get("verdict", "?") for r in reports}) or [
            f"exit {code}"]
        result["verdicts"].append({"seed": seed, "verdict": ",".join(verdicts)})
        if not ok:
            result["ok"] = False
            if not reports:
                result["why"] = err.strip().splitlines()[-1] if err.strip() \
                    else f"asc-run exit {code}"
            else:
                result["why"] = ",".join(verdicts)
            return
        cost = summarize(reports)
        if seed == self.seeds[0]:
            result.update(cost)
        result["ok"] = result.get("ok", True)

    # -- search -----------------------------------------------------------
    def search(self):
        base = self.base()
        movables = self.space(base)
        ids = [m["id"] for m in movables]
        gaps = [best_first(m) for m in movables]
        self.movables = movables
        self.by_id = {m["id"]: m for m in movables}
        self.order = order_constraints(movables)
        self.ranked = ranked_blocks(movables)
        rankings = list(itertools.islice(issue_rankings(movables, self.ranked),
                                         self.args.rankings + 1))
        if len(rankings) > self.args.rankings:
            rankings = rankings[:self.args.rankings]
        size = (math.prod(len(g) for g in gaps) if gaps else 1) * len(rankings)
        report = {"kernel": self.args.kernel, "launch": self.args.launch,
                  "base": self.args.base, "seeds": self.seeds,
                  "movables": [{k: m.get(k) for k in
                                ("id", "kind", "op", "line", "index",
                                 "hand_written", "gaps", "neighbour")}
                               for m in movables],
                  "space": size, "rankings": len(rankings), "notes": []}
        if len(rankings) == self.args.rankings:
            report["notes"].append(
                f"rankings capped at {self.args.rankings}: the orders of the "
                "issues searched are the first ones, not all")
        # The references: as written (no moves) and hand-written (each wait
        # right after its issue).
        written = self.evaluate(base, {})
        report["as_written"] = public(written)
        hand = {m["id"]: m["hand_written"] for m in movables
                if m["kind"] == "wait" and m.get("hand_written") is not None}
        report["hand_written"] = public(self.evaluate(base, hand))
        self.best, self.best_moves = None, None
        if written["ok"]:
            self.offer(written, {})
        self.limit = None
        if written.get("limit_cycles"):
            self.limit = written["limit_cycles"]
        if not movables:
            report["search"] = "none (no waits or async issues)"
        elif size <= self.args.exhaustive:
            report["search"] = "exhaustive"
            combos = [with_ranks(dict(zip(ids, combo)), ranking)
                      for ranking in rankings
                      for combo in itertools.product(*gaps)]
            combos = [m for m in combos if self.in_order(m)]
            # The first seed of every candidate in parallel, then the other
            # seeds of those that could be kept, fastest first.
            self.parallel(lambda moves: self.evaluate(base, moves,
                                                      need_all_seeds=False),
                          combos, report)
            ranked = sorted((m for m in combos if self.peek(base, m)),
                            key=lambda m: self.peek(base, m)["cycles"])
            for moves in ranked:
                if self.best and self.peek(base, moves)["cycles"] >= \
                        self.best["cycles"]:
                    break
                result = self.evaluate(base, moves)
                self.offer(result, moves)
        else:
            report["search"] = "branch and bound"
            feasible = self.screen(base, movables, ids, gaps, report)
            report["screened_gaps"] = {i: g for i, g in zip(ids, feasible)}
            report["screened_space"] = math.prod(len(g) for g in feasible)
            # The order the cube runs the issues in is a dimension of its
            # own: moving an issue earlier never costs only while the issues
            # keep their order, so each ranking is a search of its own.
            for ranking in rankings:
                self.ranking = ranking
                self.ranking_pairs = self.pairs()
                self.ideal = self.ideal_gaps(ids, feasible)
                if self.ideal is None:
                    continue  # the ranking cannot be placed
                seq = self.sequence(ids)
                self.bnb(base, ids, feasible, seq, 0, {}, report)
                if report.get("capped"):
                    break
        report["runs"] = self.runs
        report["candidates_evaluated"] = self.evaluated
        if self.best is None:
            report["best"] = None
            report["notes"].append("no race-free candidate")
        else:
            report["best"] = public(self.best)
            index_of = {m["id"]: m["index"] for m in movables}
            report["best"]["moves"] = {
                k: v for k, v in self.best_moves.items()
                if gap_of(v) != index_of[k] or rank_of(v) is not None}
            if self.args.output:
                pathlib.Path(self.args.output).write_text(
                    pathlib.Path(self.best["path"]).read_text())
        return report

    def peek(self, base, moves):
        """The cached first-seed result of a candidate when it was ok."""
        text = self.build(base, moves)
        result = self.cache.get(hashlib.sha1(text.encode()).hexdigest()) \
            if text is not None else None
        return result if result and result.get("ok") else None

    def parallel(self, function, items, report):
        with concurrent.futures.ThreadPoolExecutor(self.args.jobs) as pool:
            futures = []
            for item in items:
                futures.append(pool.submit(self.capped_call, function, item,
                                           report))
            for future in futures:
                future.result()

    def capped_call(self, function, item, report):
        with self.lock:
            if self.runs >= self.args.cap:
                self.capped(report)
                return None
        return function(item)

    def screen(self, base, movables, ids, gaps, report):
        """Each movable's gaps that are race free on their own (the others
        as written), assuming feasibility is monotone along the best-first
        order: a binary search for the best feasible gap; that gap and the
        worse ones are kept. A movable with no feasible gap keeps where it
        stands."""
        def where_it_stands(j):
            order, stay = gaps[j], movables[j]["index"]
            return order.index(stay) if stay in order else len(order) - 1

        def frontier(j):
            order = gaps[j]
            lo, hi = 0, where_it_stands(j)
            # order[hi] (where it stands) is feasible when the kernel is.
            while lo < hi:
                mid = (lo + hi) // 2
                with self.lock:
                    if self.runs >= self.args.cap:
                        self.capped(report)
                        break
                if self.evaluate(base, {ids[j]: order[mid]},
                                 need_all_seeds=False)["ok"]:
                    hi = mid
                else:
                    lo = mid + 1
            return order[hi:]
        results = [None] * len(ids)

        def work(j):
            results[j] = frontier(j)
        self.parallel(work, range(len(ids)), report)
        # Not screened (capped): where it stands and the worse gaps.
        return [r if r is not None else gaps[j][where_it_stands(j):]
                for j, r in enumerate(results)]

    def bound(self):
        return self.best["cycles"] if self.best else None

    def offer(self, result, moves):
        if not result["ok"] or set(result["seeds_run"]) != set(self.seeds):
            return
        if self.best is None or result["cycles"] < self.best["cycles"] or (
                result["cycles"] == self.best["cycles"]
                and result.get("overlap", 0) > self.best.get("overlap", 0)):
            self.best, self.best_moves = result, dict(moves)

    def capped(self, report):
        if not report.get("capped"):
            report["capped"] = True
            report["notes"].append(
                f"capped: stopped after {self.args.cap} asc-run runs; the "
                "best is the best found, not a bound")

    def position(self, movable_id, value):
        """Where a movable lands, as -test-asc-apply-placement orders a
        block: (key, tie); a ranked issue at its own gap joins the ops moved
        there, after them."""
        m = self.by_id[movable_id]
        gap = gap_of(value)
        if gap != m["index"]:
            return (2 * gap, m["index"])
        if rank_of(value) is not None:
            return (2 * gap, math.inf)
        return (2 * gap + 1, m["index"])

    def before(self, a, va, b, vb):
        """True when movable a at va lands before movable b at vb."""
        pa, pb = self.position(a, va), self.position(b, vb)
        if pa[0] == pb[0] and rank_of(va) is not None and \
                rank_of(vb) is not None:
            return rank_of(va) < rank_of(vb)
        return pa < pb

    def pairs(self):
        """Every (a, b): a must land before b. The order constraints, and
        for each ranked block its issues in the ranking's order."""
        out = list(self.order)
        for block, issues in self.current_ranking_lists():
            out.extend(itertools.combinations(issues, 2))
        return out

    def current_ranking_lists(self):
        ranking = self.ranking
        lists = {}
        for movable_id, rank in ranking.items():
            lists.setdefault(self.block_of(movable_id), []).append(
                (rank, movable_id))
        return [(block, [i for _, i in sorted(entries)])
                for block, entries in lists.items()]

    def block_of(self, movable_id):
        m = self.by_id[movable_id]
        return (movable_id.rsplit("/", 1)[0], m["block"])

    def in_order(self, moves):
        """True when the candidate keeps every order constraint (a movable
        not in `moves` stands where it is) and, where it ranks issues, the
        ranked issues' keys do not contradict their ranks."""
        at = {m["id"]: moves.get(m["id"], m["index"]) for m in self.movables}
        if not all(self.before(a, at[a], b, at[b]) for a, b in self.order):
            return False
        ranked = {}
        for k, v in moves.items():
            if rank_of(v) is not None:
                ranked.setdefault(self.block_of(k), []).append((rank_of(v), k))
        for entries in ranked.values():
            entries.sort()
            for (_, a), (_, b) in zip(entries, entries[1:]):
                if not self.before(a, at[a], b, at[b]):
                    return False
        return True

    def value(self, movable_id, gap):
        """The move of a movable to `gap` under the current ranking."""
        rank = self.ranking.get(movable_id)
        return gap if rank is None else f"{gap}:{rank}"

    def allowed(self, j, ids, gaps, chosen):
        """The gaps of movable j that keep the order with those chosen."""
        me = ids[j]
        pairs = self.ranking_pairs
        out = []
        for gap in gaps[j]:
            v = self.value(me, gap)
            if all(self.before(a, chosen[a], me, v) for a, b in pairs
                   if b == me and a in chosen) and \
               all(self.before(me, v, b, chosen[b]) for a, b in pairs
                   if a == me and b in chosen):
                out.append(gap)
        return out

    def sequence(self, ids):
        """The order the search fixes the movables in: program order, but
        the issues of a ranked block take its issues' slots in the order of
        the ranking (each then meets only constraints from fixed ones)."""
        seq = list(range(len(ids)))
        index = {i: j for j, i in enumerate(ids)}
        for block, issues in self.current_ranking_lists():
            slots = sorted(index[i] for i in issues)
            for slot, movable_id in zip(slots, issues):
                seq[seq.index(slot)] = -1 - index[movable_id]
        return [-1 - j if j < 0 else j for j in seq]

    def ideal_gaps(self, ids, gaps):
        """Each movable's best gap under the current ranking alone: a wait's
        latest, an issue's earliest that lands after the issues ranked
        before it (None when the ranking cannot be placed)."""
        ideal = {ids[j]: gaps[j][0] for j in range(len(ids))}
        index = {i: j for j, i in enumerate(ids)}
        for block, issues in self.current_ranking_lists():
            previous = None
            for movable_id in issues:
                options = [g for g in gaps[index[movable_id]]
                           if previous is None or self.before(
                               previous[0], self.value(*previous), movable_id,
                               self.value(movable_id, g))]
                if not options:
                    return None
                ideal[movable_id] = options[0]
                previous = (movable_id, options[0])
        return ideal

    def bnb(self, base, ids, gaps, seq, i, fixed, report):
        if self.runs >= self.args.cap:
            self.capped(report)
            return
        if self.limit and self.best and self.best["cycles"] <= self.limit:
            return  # the incumbent reaches the global bound
        # The optimistic completion: each movable not fixed at its best gap
        # that keeps the order with the earlier ones (in `seq`); when the
        # order made one take a gap worse than its ideal under the ranking
        # ("clamped"), the completion is no bound of the subtree, which
        # stays open.
        moves = dict(fixed)
        clamped = False
        for j in seq[i:]:
            options = self.allowed(j, ids, gaps, moves)
            if not options:
                return  # no completion keeps the order
            clamped |= options[0] != self.ideal[ids[j]]
            moves[ids[j]] = self.value(ids[j], options[0])
        result = self.evaluate(base, moves, bound=self.bound())
        if result["ok"]:
            self.offer(result, moves)
            if not clamped:
                return  # race free: the subtree's best
        if i == len(seq):
            return
        j = seq[i]
        for gap in self.allowed(j, ids, gaps, fixed):
            fixed[ids[j]] = self.value(ids[j], gap)
            self.bnb(base, ids, gaps, seq, i + 1, fixed, report)
            del fixed[ids[j]]
            if report.get("capped"):
                return


def order_constraints(movables):
    """Pairs (wait, issue): a wait and the next async issue on the same
    Matmul object in the same block. Each may move alone (the space bounds
    them by where the other stands); moved together, the issue must stay
    after the wait."""
    pairs = []
    for w in movables:
        if w["kind"] != "wait":
            continue
        fn = w["id"].rsplit("/", 1)[0]
        later = [m for m in movables
                 if m["kind"] == "issue" and m["id"].rsplit("/", 1)[0] == fn
                 and m["block"] == w["block"] and m.get("object") ==
                 w.get("object") and m["index"] > w["index"]]
        if later:
            pairs.append((w["id"], min(later, key=lambda m: m["index"])["id"]))
        # An issue, which may sink now, stays before the waits after it that
        # complete it (a wait may also complete a later issue of its block,
        # from the previous trip of a loop).
        for issue in w.get("pairs_with", []):
            m = next((m for m in movables if m["id"] == issue), None)
            if m and m["block"] == w["block"] and m["kind"] == "issue" and \
                    m["index"] < w["index"]:
                pairs.append((issue, w["id"]))
    return pairs


def gap_of(value):
    """The gap of a move: GAP or "GAP:RANK"."""
    return int(str(value).split(":")[0])


def rank_of(value):
    text = str(value)
    return int(text.split(":")[1]) if ":" in text else None


def with_ranks(moves, ranking):
    """`moves` with the ranking's issues given their ranks (each at its gap,
    or where it stands)."""
    out = dict(moves)
    for movable_id, rank in ranking.items():
        out[movable_id] = f"{gap_of(out[movable_id])}:{rank}"
    return out


def ranked_blocks(movables):
    """(function, block) -> its async issues in program order, for the blocks
    with two issues or more: their order is a dimension of the search."""
    blocks = {}
    for m in movables:
        if m["kind"] == "issue":
            key = (m["id"].rsplit("/", 1)[0], m["block"])
            blocks.setdefault(key, []).append(m)
    return {k: sorted(v, key=lambda m: m["index"])
            for k, v in blocks.items() if len(v) > 1}


def interleavings(chains):
    """Every merge of the chains that keeps each chain's order."""
    chains = [c for c in chains if c]
    if not chains:
        yield []
        return
    for k, chain in enumerate(chains):
        rest = chains[:k] + [chain[1:]] + chains[k + 1:]
        for tail in interleavings(rest):
            yield [chain[0]] + tail


def issue_rankings(movables, ranked):
    """The orders of the issues of each ranked block that keep the order of
    each object's issues, the program order first: dicts id -> rank ({}
    when no block has two issues)."""
    per_block = []
    for key, issues in ranked.items():
        chains = {}
        for m in issues:
            chains.setdefault(m.get("object"), []).append(m["id"])
        orders = list(itertools.islice(interleavings(list(chains.values())),
                                       10000))
        program = [m["id"] for m in issues]
        orders.sort(key=lambda order: order != program)
        per_block.append(orders)
    if not per_block:
        yield {}
        return
    for combo in itertools.product(*per_block):
        yield {i: r for order in combo for r, i in enumerate(order, 1)}


def best_first(movable):
    """The movable's gaps, the most overlap first."""
    gaps = list(movable["gaps"])
    return sorted(gaps, reverse=movable["kind"] == "wait")


def launched_kernels(launch):
    try:
        with open(launch) as f:
            return {l["kernel"] for l in json.load(f)["launches"]}
    except (OSError, KeyError, json.JSONDecodeError):
        return set()


def summarize(reports):
    """The cost of a run over its launches: cycles add up (launches run one
    after another), the limit is max(cube busy, vector busy) of the slowest
    block (asc-run's per-block figures: per cube core, its vector blocks'
    busy cycles shared out over them; without them, the totals shared out
    over the blocks), the pipelined bound the limit plus one call's cube
    work per block (None without per-block figures)."""
    cycles = cube = vector = overlap = limit = bound = 0.0
    per_block = True
    for r in reports:
        c = r.get("cost", {})
        cycles += c.get("total_cycles", 0)
        cube += c.get("cube_busy_cycles", 0)
        vector += c.get("vector_busy_cycles", 0)
        overlap += c.get("overlap_cycles", 0)
        blocks = c.get("blocks")
        if blocks:
            # A group: one cube core and the vector blocks it serves.
            limit += max(max(b["cube_busy_cycles"], b["vector_busy_cycles"]
                             / b.get("vector_blocks", 1)) for b in blocks)
            # The pipelined bound: that plus one call's cube work, the
            # prologue a rotated loop cannot hide (asc-run's cube_calls).
            bound += max(max(b["cube_busy_cycles"], b["vector_busy_cycles"]
                             / b.get("vector_blocks", 1))
                         + b["cube_busy_cycles"] / max(1, b.get("cube_calls", 1))
                         for b in blocks)
        else:
            per_block = False
            n = max(1, r.get("blocks", 1))
            limit += max(c.get("cube_busy_cycles", 0),
                         c.get("vector_busy_cycles", 0)) / n
    return {"ok": True, "cycles": cycles, "cube_busy": cube,
            "vector_busy": vector, "overlap": overlap, "limit_cycles": limit,
            "pipelined_bound_cycles": bound if per_block else None,
            "limit_per_block": per_block,
            "sweep": [s for r in reports
                      for s in r.get("cost", {}).get("sweep", [])]}


def public(result):
    keep = ("ok", "verify", "verify_error", "why", "cycles", "cube_busy",
            "vector_busy", "overlap", "limit_cycles", "limit_per_block",
            "verdicts")
    return {k: result[k] for k in keep if k in result}


def main():
    parser = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kernel")
    parser.add_argument("--launch", help="default: KERNEL's base name + "
                        ".launch.json")
    parser.add_argument("--build", default=str(ROOT / "build"))
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--cap", type=int, default=120,
                        help="most asc-run runs in all (default 120)")
    parser.add_argument("--exhaustive", type=int, default=24,
                        help="search exhaustively up to this many candidates "
                        "(default 24)")
    parser.add_argument("--rankings", type=int, default=720,
                        help="most orders of the async issues searched "
                        "(default 720)")
    parser.add_argument("--jobs", type=int, default=2,
                        help="asc-run runs at once (default 2)")
    parser.add_argument("--base", choices=("written", "promoted", "pipelined"),
                        default="written")
    parser.add_argument("--output", help="write the best candidate here")
    args = parser.parse_args()
    if not args.launch:
        kernel = pathlib.Path(args.kernel)
        args.launch = str(kernel.with_name(kernel.stem + ".launch.json"))
    with tempfile.TemporaryDirectory(prefix="asc-oracle-") as tmp:
        report = Oracle(args, tmp).search()
    print(json.dumps(report))


if __name__ == "__main__":
    main()
