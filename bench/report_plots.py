#!/usr/bin/python3
"""The plots of bench/report.py (run with the system Python, which has
Debian's python3-matplotlib): cycles per kernel as grouped bars, compile
time against size on log-log axes.

Usage: bench/report_plots.py DATA.json OUT_DIR
"""
import json
import pathlib
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

SERIES = [("hand-written cycles", "hand-written"),
          ("as written cycles", "as written"),
          ("placed cycles", "placed"),
          ("promote-sync cycles", "promote-sync"),
          ("pipelined cycles", "pipelined"),
          ("oracle cycles", "oracle"),
          ("limit cycles", "limit max(cube, vector)")]


def number(value):
    return value if isinstance(value, (int, float)) else None


def cycles_plot(kernels, path):
    series = [(key, label) for key, label in SERIES
              if any(number(k.get(key)) for k in kernels)]
    fig, ax = plt.subplots(figsize=(max(8, 1.3 * len(kernels)), 5))
    width = 0.8 / max(1, len(series))
    for s, (key, label) in enumerate(series):
        xs, ys = [], []
        for i, k in enumerate(kernels):
            v = number(k.get(key))
            if v is not None:
                xs.append(i + (s - (len(series) - 1) / 2) * width)
                ys.append(v)
        ax.bar(xs, ys, width, label=label)
    ax.set_xticks(range(len(kernels)))
    ax.set_xticklabels([k["kernel"] for k in kernels], rotation=30,
                       ha="right", fontsize=8)
    ax.set_ylabel("cycles (asc-run cost model)")
    ax.set_yscale("log")
    ax.set_title("Cycles per kernel")
    ax.legend(fontsize=8, ncol=2)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def time_plot(times, path):
    fig, (ax, ratio) = plt.subplots(1, 2, figsize=(11, 4.5))
    shapes = []
    for t in times:
        if t["shape"] not in shapes:
            shapes.append(t["shape"])
    for shape in shapes:
        rows = [t for t in times if t["shape"] == shape]
        ops = [t["ops"] for t in rows]
        line, = ax.plot(ops, [t["place_s"] for t in rows], "o-",
                        label=f"{shape}: pass")
        ax.plot(ops, [t["base_s"] for t in rows], "x--",
                color=line.get_color(), label=f"{shape}: parse+verify+print")
        ratio.plot(ops, [t["ratio"] for t in rows], "o-", label=shape)
    for a in (ax, ratio):
        a.set_xscale("log")
        a.set_xlabel("operations in the file")
    ax.set_yscale("log")
    ax.set_ylabel("seconds")
    ax.set_title("--asc-sync-placement against parse+verify+print")
    ax.legend(fontsize=7)
    ratio.axhline(1.0, color="grey", linestyle=":")
    ratio.set_ylabel("pass / (parse+verify+print)")
    ratio.set_title("ratio (target < 1.0)")
    ratio.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main():
    data = json.loads(pathlib.Path(sys.argv[1]).read_text())
    out = pathlib.Path(sys.argv[2])
    cycles_plot(data["kernels"], out / "results-cycles.png")
    if data["times"]:
        time_plot(data["times"], out / "results-compile-time.png")


if __name__ == "__main__":
    main()
