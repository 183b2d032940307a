"""``POST /api/analyze``: shanten, waits and tile acceptance of a hand (``majiang.shanten``).

>>> analyze(AnalyzeRequest(hand="123m456p789s1122z"))["waits"]
['1z', '2z']
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from majiang.errors import InvalidRequest, MajiangError
from majiang.hand import parse_hand
from majiang.i18n import _
from majiang.rules import VARIANTS
from majiang.server.lists import listing
from majiang.shanten import acceptance, prepare, shanten, waits
from majiang.tiles import tile_name


class AnalyzeRequest(BaseModel):
    """A hand to analyse: concealed tiles, then melds (``"1123m, pon 777z"``), as the CLI."""

    hand: str = Field(min_length=1, max_length=200)
    variant: str | None = Field(None, max_length=20)
    form: Literal["standard", "seven_pairs", "thirteen_orphans", "seven_pairs_one_pung"] | None = (
        None
    )
    visible: str = Field("", max_length=600, description="tiles already seen")


def analyze(req: AnalyzeRequest) -> dict[str, Any]:
    """Return the analysis: shanten, waits (when ready) and acceptance per discard."""
    if req.variant is not None and req.variant not in VARIANTS:
        said = _("unknown variant {variant!r} (expected {variants})")
        raise InvalidRequest(
            said.format(variant=req.variant, variants=listing(VARIANTS, "or")), field="variant"
        )
    try:
        hand = parse_hand(req.hand.strip(), req.variant)
        prepared = prepare(hand, req.variant)
    except MajiangError as exc:
        exc.field = exc.field or "hand"
        raise
    value = shanten(prepared, req.variant, req.form)
    ready = prepared.size % 3 == 1 and value == 0
    return {
        "hand": str(hand),
        "variant": req.variant,
        "tiles": prepared.size,
        "shanten": value,
        "waits": [tile_name(k) for k in waits(prepared, req.variant, req.form)] if ready else [],
        "acceptance": [
            e.to_dict() for e in acceptance(prepared, req.variant, req.visible or None, req.form)
        ],
    }
