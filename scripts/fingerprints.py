"""Check or regenerate ``tests/fingerprints.json`` (see ``designkit/sim/fingerprints.py``).

    .venv/bin/python scripts/fingerprints.py            # check: lists the cases that differ
    .venv/bin/python scripts/fingerprints.py --write    # regenerate after an intended change
"""

from __future__ import annotations

import argparse
import sys

from designkit.sim.fingerprints import all_fingerprints, read_fingerprints, write_fingerprints


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="rewrite the stored file")
    args = parser.parse_args(argv)
    if args.write:
        changed = write_fingerprints()
        print(f"{len(changed)} fingerprint(s) changed" + "".join(f"\n  {k}" for k in changed))
        return 0
    stored, now = read_fingerprints(), all_fingerprints()
    bad = sorted(k for k in set(stored) | set(now) if stored.get(k) != now.get(k))
    print("all fingerprints match" if not bad else
          f"{len(bad)} fingerprint(s) differ:" + "".join(f"\n  {k}" for k in bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
