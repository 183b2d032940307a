"""The rule families, one module each, and the registry that finds a ruleset by variant id.

>>> get_ruleset("mahjong")
Traceback (most recent call last):
...
majiang.errors.MajiangError: unknown variant 'mahjong' (expected one of riichi, hk, hk2, hkos, taiwan, sichuan)
"""

from __future__ import annotations

import importlib

from majiang.errors import MajiangError
from majiang.i18n import _
from majiang.rules.base import Option, Ruleset

__all__ = ["VARIANTS", "Option", "Ruleset", "get_ruleset"]

#: variant id -> the module that defines it (in its ``RULESETS`` dict).
_MODULES = {
    "riichi": "majiang.rules.riichi",
    "hk": "majiang.rules.hongkong",
    "hk2": "majiang.rules.hongkong",
    "hkos": "majiang.rules.hongkong",
    "taiwan": "majiang.rules.taiwan",
    "sichuan": "majiang.rules.sichuan",
}
VARIANTS: tuple[str, ...] = tuple(_MODULES)

_cache: dict[str, Ruleset] = {}


def get_ruleset(variant: str) -> Ruleset:
    """Return the ruleset for a variant id, or raise ``MajiangError`` naming the known ones."""
    found = _cache.get(variant)
    if found is not None:
        return found
    module_name = _MODULES.get(variant) if isinstance(variant, str) else None
    if module_name is None:
        raise MajiangError(
            _("unknown variant {variant!r} (expected one of {variants})").format(
                variant=variant, variants=", ".join(VARIANTS)
            ),
            field="variant",
        )
    module = importlib.import_module(module_name)
    ruleset: Ruleset = module.RULESETS[variant]
    _cache[variant] = ruleset
    return ruleset
