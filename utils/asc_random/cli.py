#!/usr/bin/env python3
"""asc-gen-kernel: seeded random asc kernels for differential testing.

  asc-gen-kernel --seed S [-o BASE]             a valid kernel (BASE.mlir and,
                                                when it can run, BASE.launch.json)
  asc-gen-kernel --seed S --invalid [-o BASE]   a kernel that breaks exactly one
                                                rule of docs/Protocol.md; the
                                                rule is printed on stderr

The kernels: generate.py (valid) and mutate.py (invalid).
"""
import argparse
import json
import sys

from . import generate, mutate
from .generate import generate_valid
from .model import CF_SHARE
from .mutate import generate_invalid
from .shapes import SHAPE_SHARE


def share(text):
    """argparse type of a share: a number from 0 to 1."""
    value = float(text)
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"must be between 0 and 1, not {text}")
    return value


def _description():
    """The usage above, then what the kernels are (the first paragraphs of
    generate's and mutate's documentation cut off)."""
    usage = __doc__.split("\n\nThe kernels:")[0]
    parts = [m.__doc__.split("\n\n", 1)[1].strip() for m in (generate, mutate)]
    return usage + "\n\n" + "\n\n".join(parts) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=_description(),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--invalid", action="store_true",
                        help="break exactly one rule (printed on stderr)")
    parser.add_argument("--rule", help="with --invalid: the rule to break (L1-L14, P1-P3, P7)")
    parser.add_argument("--cf-share", type=share, default=CF_SHARE,
                        help="share of mix kernels with cf constructs (default %(default)s)")
    parser.add_argument("--shape-share", type=share, default=SHAPE_SHARE,
                        help="share of top-level steps followed by one of the shapes of "
                             "shapes.py (default %(default)s)")
    parser.add_argument("--own-workspace-share", type=share, default=0.0,
                        help="share of mix kernels whose workspace argument (stating "
                             "asc.block_workspace) they never touch, their data in a plain "
                             "argument: promote-sync may promote their Iterate loops "
                             "(default %(default)s)")
    parser.add_argument("-o", "--output", metavar="BASE",
                        help="write BASE.mlir (and BASE.launch.json) instead of stdout")
    args = parser.parse_args(argv)
    if args.invalid:
        rule, expect, text = generate_invalid(args.seed, args.rule)
        print(f"breaks rule {rule}: {expect}", file=sys.stderr)
        launch = None
    else:
        text, launch, _ = generate_valid(args.seed, cf_share=args.cf_share,
                                         shape_share=args.shape_share,
                                         own_workspace_share=args.own_workspace_share)
    if args.output:
        with open(args.output + ".mlir", "w") as f:
            f.write(text)
        if launch:
            with open(args.output + ".launch.json", "w") as f:
                json.dump(launch, f, indent=1)
                f.write("\n")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
