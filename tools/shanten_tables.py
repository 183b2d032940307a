"""Write the shipped suit tables of majiang.shanten (src/majiang/data/suit_tables.bin).

    PYTHONPATH=src python tools/shanten_tables.py

Every suit of at most 14 tiles is computed by the same dynamic programme that fills the tables
on first use (``precompute(14)``, about ten seconds), its distinct tables are numbered, and each
suit's number is written at its base-5 place (``suit_index``). tests/test_shanten.py checks the
file against the programme, so a change to the programme that forgets to run this fails there.
"""

from __future__ import annotations

import itertools
import sys
import zlib
from pathlib import Path

from majiang.shanten import (
    _NOT_SHIPPED,
    ID_MASK,
    SHIPPED_MAGIC,
    SHIPPED_PATH,
    Tables,
    precompute,
    suit_index,
    tables_for,
)


def build() -> bytes:
    """Return the file's bytes, computed from scratch (the loaded shipped data is not read)."""
    fam: Tables = tables_for(4)
    fam.suits.clear()
    fam.shipped = b""  # every suit below is computed by the programme
    precompute(14)
    numbers: dict[tuple[int, ...], int] = {}
    places = bytearray([_NOT_SHIPPED]) * 5**9
    for counts in itertools.product(range(5), repeat=9):
        if sum(counts) > 14:
            continue
        table = fam.tables[fam.suits[bytes(counts)] & ID_MASK]
        places[suit_index(counts)] = numbers.setdefault(table, len(numbers))
    if len(numbers) >= _NOT_SHIPPED:
        raise SystemExit(f"{len(numbers)} distinct tables: one byte cannot name them")
    width = len(next(iter(numbers)))
    head = SHIPPED_MAGIC + bytes([len(numbers), width])
    return zlib.compress(head + b"".join(bytes(t) for t in numbers) + places, 9)


def main() -> int:
    """Write the file and say how big it is."""
    data = build()
    path = Path(__file__).resolve().parent.parent / "src" / "majiang" / SHIPPED_PATH
    path.write_bytes(data)
    print(f"wrote {path} ({len(data):,} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
