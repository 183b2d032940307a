"""The calculators, the score sheet, history, account, ranking, report and error pages in German,
Spanish and Chinese, in real Chromium: each page opened with ``?lang=X`` says so in
``<html lang>`` and shows no English left.

"English left" is found by opening the same page, in the same state, in English: any text a
person sees on both (a visible text node, a visible field's placeholder or label, a visible
select's options) is English left, unless the allow-list below says why it is the same in every
language: figures, notation, tile codes and ids, pattern names with their Chinese or Japanese
name beside them, the words that read the same in that language, and the words of
``web/words.py`` (house rules, game lengths, abortive draws: another change translates them).
The catalogs' completeness is ``test_i18n.py``'s; this is about what reaches the page.
"""

from __future__ import annotations

import json
import re
import urllib.request
from dataclasses import fields as dataclass_fields
from pathlib import Path
from typing import Any

import pytest

from language_support import same_in
from majiang.i18n import LANGUAGES, language_name
from majiang.web import words
from test_table_support import CHROMIUM

pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

LANGS = ("de", "es", "zh")
SHOTS = Path("/tmp/i18n-forms")

#: a text that is the same in every language: figures and signs, notation and tile codes, hand
#: labels (E1-0), seat letters, the brand, e-mail-like and path-like things
SAME_EVERYWHERE = re.compile(
    r"^[\s\d.,:;+\-−–/×·∀*()%#=?!\[\]…]*$"  # figures, punctuation
    r"|^[\d\s]*[mpszf](\s*\d+[mpszf])*$"  # 123m 5z
    r"|^(?:[\dmpszf]+\s*)+$"
    r"|^[ESWN](?:\s*\([ESWN]\))?$"  # seat letters
    r"|^[ESWN]\d+-\d+"  # hand labels E1-0 ...
    r"|^(?:chi|pon|kan|ankan|kakan)\s.*$"  # a meld in notation
    r"|^majiang\b.*$"  # the brand, and majiang admin ... commands
    r"|^/\S*$"  # a path
    r"|^CSV$|^[A-Z]{1,3}\d?$"
)
#: a value in a unit that German and Spanish borrow as it is: "3 han", "40 fu"
BORROWED_UNIT = re.compile(r"^\d+ (han|fan|tai|fu)$")


def _words_of_another_change() -> set[str]:
    """The texts of web/words.py: drawn through _() on these pages, translated elsewhere."""
    out: set[str] = set()
    for label, help_ in words.OPTION_WORDS.values():
        out |= {label, help_}
    for table in (words.LENGTH_WORDS, words.ABORTIVE_WORDS):
        out |= set(table.values())
    for choices in getattr(words, "CHOICE_WORDS", {}).values():
        out |= {str(v) for v in (choices.values() if isinstance(choices, dict) else choices)}
    out |= {label for label, _help in words.BOT_WORDS.values()}
    return out


OTHERS = _words_of_another_change()


#: the switcher names each language in itself; the players of the sheet and the account
NAMES = {language_name(lang) for lang in LANGUAGES} | {"Ann", "Bo", "Cy", "Di", "Player One"}


def allowed(text: str, lang: str) -> bool:
    """Whether a text that reads the same in English and in ``lang`` may do so."""
    if SAME_EVERYWHERE.search(text) or text in same_in(lang) or text in OTHERS or text in NAMES:
        return True
    if lang in ("de", "es") and BORROWED_UNIT.search(text):
        return True
    # a pattern's name with its traditional name beside it (立直 riichi), a player's name
    return bool(re.search(r"[\u3040-\u30ff\u3400-\u9fff]", text))


#: every text a person reads on the page: visible text nodes, the placeholders, titles and
#: labels of visible elements, the options of visible selects
VISIBLE_TEXTS = """() => {
  const out = [];
  const seen = (el) => el && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest("script, style, code, noscript, option, svg")) continue;
    const text = node.textContent.trim();
    if (text && seen(el)) out.push(text);
  }
  for (const el of document.body.querySelectorAll("[placeholder], [aria-label], [title]")) {
    if (!seen(el)) continue;
    for (const name of ["placeholder", "aria-label", "title"]) {
      const v = (el.getAttribute(name) || "").trim();
      if (v) out.push(v);
    }
  }
  for (const select of document.body.querySelectorAll("select")) {
    if (seen(select)) for (const o of select.options) if (o.text.trim()) out.push(o.text.trim());
  }
  return out;
}"""


def post(url: str, body: dict[str, Any], headers: dict[str, str] | None = None) -> Any:
    data = json.dumps(body).encode()
    request = urllib.request.Request(
        url, data=data, headers={"Content-Type": "application/json", **(headers or {})}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


@pytest.fixture(scope="module")
def sheet(base_url: str) -> dict[str, str]:
    """A riichi score sheet with one hand entered (a mangan won on a discard)."""
    made = post(
        f"{base_url}/api/sheets",
        {"variant": "riichi", "length": "east", "players": ["Ann", "Bo", "Cy", "Di"]},
    )
    win = {"type": "win", "from": 1, "wins": [{"player": 0, "han": 5, "fu": 30}]}
    post(
        f"{base_url}/api/sheets/{made['id']}/hands",
        {"steps": [{"type": "riichi", "player": 0}, win]},
        {"X-Sheet-Key": made["key"]},
    )
    return {"id": made["id"], "key": made["key"]}


@pytest.fixture(scope="module")
def account(base_url: str) -> str:
    """An account's name (its page is /players/<name>)."""
    guest = post(f"{base_url}/api/players", {"name": "Player One"})
    post(
        f"{base_url}/api/account/claim",
        {"name": "Player One", "password": "a long enough secret 1"},
        {"Authorization": f"Bearer {guest['token']}"},
    )
    return "Player One"


def open_page(
    browser: Any, url: str, ready: str, act: Any = None, size: tuple = (1280, 800)
) -> Any:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    context.set_default_timeout(10000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_function(ready)
    if act is not None:
        act(page)
    assert errors == [], f"JavaScript errors on {url}: {errors}"
    return page


def calc_scored(page: Any) -> None:
    """Score a hand (riichi: a mangan with riichi and a red five), then open the notation."""
    page.fill("#f-hand", "234567m234p0p5p777z")
    page.check('input[name="situation"][value="riichi"]')
    page.click("#score")
    page.wait_for_selector("#r-total")
    page.click("#notation-help summary")


def calc_refused(page: Any) -> None:
    """Ask for a hand with a tile that does not exist: the error shows next to the hand."""
    page.fill("#f-hand", "234567m234p55p77z9z")
    page.fill("#f-win_tile", "5p")
    page.click("#score")
    page.wait_for_selector("#err-hand:not([hidden])")


def keep_entry(page: Any) -> None:
    """Open the payment table and the entry of a draw."""
    page.click("#keep-payments summary")
    page.click("#keep-entry button.kind[data-kind='draw']")


def cases(sheet: dict[str, str], account: str) -> list[tuple[str, str, str, Any]]:
    """(name, path, what the page is ready on, what is done on it) of every page checked."""
    keep = f"/keep?s={sheet['id']}"
    return [
        (
            "calc-riichi",
            "/calc/riichi",
            "() => document.querySelector('form[data-ready=true]')",
            calc_scored,
        ),
        (
            "calc-refused",
            "/calc/riichi",
            "() => document.querySelector('form[data-ready=true]')",
            calc_refused,
        ),
        (
            "calc-taiwan",
            "/calc/taiwan",
            "() => document.querySelector('form[data-ready=true]')",
            None,
        ),
        (
            "calc-sichuan",
            "/calc/sichuan",
            "() => document.querySelector('form[data-ready=true]')",
            None,
        ),
        ("keep-new", "/keep", "() => !document.querySelector('#keep-new').hidden", None),
        (
            "keep-sheet",
            f"{keep}#key={sheet['key']}",
            "() => document.body.dataset.keepReady",
            keep_entry,
        ),
        ("keep-read", keep, "() => document.body.dataset.keepReady", None),
        ("history", "/history", "() => document.body.dataset.ready", None),
        ("account", "/account", "() => !document.querySelector('#signed-out').hidden", None),
        ("leaderboard", "/leaderboard", "() => document.querySelector('h1')", None),
        (
            "player",
            f"/players/{account.replace(' ', '%20')}",
            "() => document.querySelector('h1')",
            None,
        ),
        ("report", "/report", "() => document.querySelector('#report-form')", None),
        ("not-found", "/no/such/page", "() => document.querySelector('.error-page')", None),
    ]


def with_lang(base_url: str, path: str, lang: str) -> str:
    """Return the address of ``path`` with ``?lang=`` (before its fragment)."""
    bare, _sep, fragment = path.partition("#")
    joiner = "&" if "?" in bare else "?"
    return f"{base_url}{bare}{joiner}lang={lang}" + (f"#{fragment}" if fragment else "")


@pytest.fixture(scope="module")
def english(
    browser: Any, base_url: str, sheet: dict[str, str], account: str
) -> dict[str, set[str]]:
    """The texts of each checked page in English, in the same state, by the page's name: read
    once for the module and compared with each language's."""
    texts = {}
    for name, path, ready, act in cases(sheet, account):
        page = open_page(browser, with_lang(base_url, path, "en"), ready, act)
        texts[name] = set(page.evaluate(VISIBLE_TEXTS))
        page.context.close()
    return texts


@pytest.mark.parametrize("lang", LANGS)
def test_pages_show_no_english_left(
    browser: Any,
    base_url: str,
    sheet: dict[str, str],
    account: str,
    english: dict[str, set[str]],
    lang: str,
) -> None:
    left: dict[str, list[str]] = {}
    for name, path, ready, act in cases(sheet, account):
        english_texts = english[name]
        page = open_page(browser, with_lang(base_url, path, lang), ready, act)
        assert page.evaluate("() => document.documentElement.lang") == lang, name
        shown = page.evaluate(VISIBLE_TEXTS)
        page.context.close()
        # the page has words of its own, and they changed (not a page that failed to draw)
        assert len(shown) > 5, f"{name}: only {shown}"
        same = sorted({t for t in shown if t in english_texts and not allowed(t, lang)})
        if same:
            left[name] = same
    assert left == {}, f"English left in {lang}: {left}"


def calculator_says(
    browser: Any, base_url: str, langs: Any, act: Any, selector: str
) -> dict[str, str]:
    """What the riichi calculator shows at ``selector`` after ``act``, in each of ``langs``."""
    said = {}
    for lang in langs:
        page = open_page(
            browser,
            f"{base_url}/calc/riichi?lang={lang}",
            "() => document.querySelector('form[data-ready=true]')",
            act,
        )
        said[lang] = page.inner_text(selector)
        page.context.close()
    return said


def test_a_refused_hand_is_explained_in_the_pages_language(browser: Any, base_url: str) -> None:
    """The calculator shows the contract's error in the page's language, quoting the input."""
    assert calculator_says(browser, base_url, LANGUAGES, calc_refused, "#err-hand") == {
        "en": "hand: no tile '9z'",
        "de": "hand: es gibt keinen Stein '9z'",
        "es": "hand: no existe la ficha '9z'",
        "zh": "hand：没有 '9z' 这张牌",
    }


#: a five-times yakuman (shared/rules/riichi.md, double yakuman on): four concealed pungs won
#: on the pair (double), four wind pungs (double) and all honours (1); its limit in each language
QUINTUPLE = {
    "en": "quintuple yakuman",
    "de": "fünffaches Yakuman",
    "es": "quíntuple yakuman",
    "zh": "五倍役满",
}


def calc_five_times(page: Any) -> None:
    """Score the five-times yakuman, self-drawn."""
    page.fill("#f-hand", "11122233344455z")
    page.fill("#f-win_tile", "5z")
    page.check('input[name="win"][value="tsumo"]')
    page.click("#score")
    page.wait_for_selector("#r-limit")


def test_a_limit_past_triple_yakuman_is_named_in_the_pages_language(
    browser: Any, base_url: str
) -> None:
    """The riichi calculator names a 5x yakuman hand's limit in words of the page's language
    (limits.js knew only up to triple and showed the limit's key, "quintuple yakuman", in
    English on every page)."""
    said = calculator_says(browser, base_url, QUINTUPLE, calc_five_times, "#r-limit")
    assert said == QUINTUPLE


@pytest.mark.parametrize("lang", ("de", "zh"))
@pytest.mark.parametrize("size", ((1280, 800), (390, 844)))
def test_screenshots_of_the_calculator_and_the_sheet(
    browser: Any, base_url: str, sheet: dict[str, str], lang: str, size: tuple[int, int]
) -> None:
    """Screenshots to look at (/tmp/i18n-forms/), and no page wider than the screen."""
    SHOTS.mkdir(exist_ok=True)
    shots = (
        (
            "calc",
            f"/calc/riichi?lang={lang}",
            "() => document.querySelector('form[data-ready=true]')",
            calc_scored,
        ),
        (
            "keep",
            f"/keep?s={sheet['id']}&lang={lang}#key={sheet['key']}",
            "() => document.body.dataset.keepReady",
            None,
        ),
    )
    for name, path, ready, act in shots:
        page = open_page(browser, f"{base_url}{path}", ready, act, size=size)
        page.screenshot(path=str(SHOTS / f"{name}_{lang}_{size[0]}x{size[1]}.png"), full_page=True)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        page.context.close()
        assert width <= size[0] + 1, f"{name} in {lang} is {width}px wide on a {size[0]}px screen"


#: each visible select (the house rules opened) whose longest option is wider than the room its
#: box gives the words (its width less the padding and about 20 px of arrow): [id, room, words]
CUT_SELECTS_JS = """() => {
  document.querySelectorAll('details').forEach(d => d.open = true);
  const ctx = document.createElement('canvas').getContext('2d');
  const out = [];
  for (const s of document.querySelectorAll('select')) {
    if (!s.offsetParent) continue;
    const cs = getComputedStyle(s);
    ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
    for (const o of s.options) {
      if (ctx.measureText(o.text).width > room) out.push([s.id, Math.round(room), o.text]);
    }
  }
  return out;
}"""


@pytest.mark.parametrize(
    "size", ((360, 740), (390, 844), (1280, 800)), ids=("360", "390", "desktop")
)
def test_every_calculator_s_selects_show_their_words(
    browser: Any, base_url: str, size: tuple[int, int]
) -> None:
    """On a phone and a desktop each select of each calculator, in each language, shows
    whichever option is chosen whole: a German meld "kakan (erweitertes Kong)" or "nicht
    angegeben" was cut to half a select's width on a phone, the Spanish "uno que no reparte"
    on a desktop."""
    from majiang.rules import VARIANTS

    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    cut = {}
    for lang in LANGUAGES:
        for variant in VARIANTS:
            page.goto(f"{base_url}/calc/{variant}?lang={lang}")
            page.wait_for_function("() => document.querySelector('form[data-ready=true]')")
            found = page.evaluate(CUT_SELECTS_JS)
            if found:
                cut[f"{lang} {variant}"] = found
    context.close()
    assert cut == {}


#: Bo (seat 1) entered as winning on Bo's own discard, in the sheet's second hand: the server's
#: refusal as the /keep page shows it (the catalogs' sentence in each language)
OWN_DISCARD = {
    "en": "hand 2: Bo cannot win on their own discard",
    "de": "Spiel 2: Bo kann nicht mit dem eigenen Abwurf gewinnen",
    "es": "mano 2: Bo no puede ganar con su propio descarte",
    "zh": "第 2 局：Bo 不能和自己打出的牌",
}


@pytest.mark.parametrize("lang", OWN_DISCARD)
def test_the_sheet_shows_a_refused_entry_in_the_pages_language(
    browser: Any, base_url: str, sheet: dict[str, str], lang: str
) -> None:
    """The refusal comes from the server (keep.py's InvalidEntry through /api/sheets), asked by
    the page's script: it is in the page's language."""
    url = with_lang(base_url, f"/keep?s={sheet['id']}#key={sheet['key']}", lang)
    page = open_page(browser, url, "() => document.body.dataset.keepReady")
    page.click("#keep-entry button.kind[data-kind='win']")
    page.click("#keep-entry button[data-group='winner'][data-seat='1']")
    page.click("#keep-entry button[data-group='from'][data-seat='1']")
    page.click("#keep-save")
    page.wait_for_function("() => document.querySelector('#keep-error').textContent.trim()")
    said = page.text_content("#keep-error")
    page.context.close()
    assert said == OWN_DISCARD[lang]


#: what a player reads in each visible house-rule field (the house rules opened): a select's
#: options, a text field's value: [field's id, text]
RULE_TEXTS_JS = """() => {
  document.querySelectorAll('details').forEach(d => d.open = true);
  const out = [];
  for (const el of document.querySelectorAll('[data-option]')) {
    if (!el.offsetParent) continue;
    if (el.tagName === 'SELECT') for (const o of el.options) out.push([el.id, o.text]);
    else if (el.type !== 'checkbox') out.push([el.id, el.value]);
  }
  return out;
}"""
#: an option's key as the rules spell it: words joined by "_" (half_spicy, below_zero ...)
OPTION_KEY = re.compile(r"[a-z]+_[a-z_]+")


def test_no_calculator_shows_an_option_key(browser: Any, base_url: str) -> None:
    """Every house rule of every calculator, in every language, reads in player words: the Hong
    Kong point table showed its key, "half_spicy"."""
    from majiang.rules import VARIANTS

    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    keys: dict[str, list[list[str]]] = {}
    fields = 0
    for lang in LANGUAGES:
        for variant in VARIANTS:
            page.goto(f"{base_url}/calc/{variant}?lang={lang}")
            page.wait_for_function("() => document.querySelector('form[data-ready=true]')")
            texts = page.evaluate(RULE_TEXTS_JS)
            fields += len(texts)
            found = [t for t in texts if OPTION_KEY.search(t[1])]
            if found:
                keys[f"{lang} {variant}"] = found
    context.close()
    assert fields > 100  # the house rules were there to read
    assert keys == {}


@pytest.mark.parametrize(
    "size", ((360, 740), (390, 844), (1280, 800)), ids=("360", "390", "desktop")
)
def test_the_home_and_sheet_forms_show_their_selects_words(
    browser: Any, base_url: str, size: tuple[int, int]
) -> None:
    """On a phone and a desktop each select of the home page's Play form and of the score
    sheet's new-sheet form, for each variant's house rules, in each language, shows any option
    whole: Spanish "El asiento más cercano al primer repartidor" and "Partida completa (cuatro
    rondas)" were cut at 360 px, German "Weiterspielen, bis jemand sie hat" on a desktop."""
    from majiang.rules import VARIANTS

    SHOTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    cut = {}
    for lang in LANGUAGES:
        for path, ready, variant_select in (
            ("/", "#play-form[data-ready=true]", "#p-variant"),
            ("/keep", "#keep-new:not([hidden])", "#keep-new select[name=variant]"),
        ):
            page.goto(f"{base_url}{path}?lang={lang}")
            page.wait_for_selector(ready)
            for variant in VARIANTS:
                page.select_option(variant_select, variant)
                found = page.evaluate(CUT_SELECTS_JS)
                if found:
                    cut[f"{lang} {path} {variant}"] = found
            shot = SHOTS / f"selects{path.replace('/', '_')}_{lang}_{size[0]}.png"
            page.screenshot(path=str(shot), full_page=True)
    context.close()
    assert cut == {}, json.dumps(cut, ensure_ascii=False, indent=0)


#: the house-rule refusals a calculator's own fields can bring (the server's 422, field
#: ``rules``): variant -> [(the option the refusal is about, {field id: value typed})]
RULE_REFUSALS = {
    "hk": [
        ("min_fan", {"#o-min_fan": "5", "#o-max_fan": "3"}),  # the minimum above the cap
        ("max_fan", {"#o-max_fan": "14"}),  # past the half-spicy table's end
        ("table", {"#o-table-own": '{"3": 8}'}),  # one's own table missing 4 to 10 fan
        ("table", {"#o-table-own": "spicy"}),  # not a table
        ("stake", {"#o-stake": "0"}),
    ],
    "hk2": [("golden_table", {"#o-golden_table": "abc"})],
    "hkos": [("seat_flower_fan", {"#o-seat_flower_fan": "99"})],
    "taiwan": [("base", {"#o-base": "-1"})],
    "sichuan": [("max_fan", {"#o-max_fan": "99"}), ("base", {"#o-base": "0"})],
}
#: the visible error of the house rules and the option whose field holds it: [text, option]
RULE_ERROR_JS = """(form) => {
  const shown = [...document.querySelectorAll(`${form} .error`)].filter(p => !p.hidden && p.textContent.trim());
  return shown.map(p => {
    const field = p.closest('.field');
    const control = field && field.querySelector('[data-option]');
    return [p.textContent, control ? control.dataset.option : null];
  });
}"""


@pytest.mark.parametrize("lang", ("en", "es"))
def test_a_refused_house_rule_is_shown_at_its_field_in_player_words(
    browser: Any, base_url: str, lang: str
) -> None:
    """A house rule the server refuses (the minimum above the cap, a point table that is not
    one, a number out of bounds) is shown beside that rule's field and names the rules by their
    labels: the page showed "rule 'min_fan' (5) is above rule 'max_fan' (3)" under all of them."""
    from majiang.rules import get_ruleset

    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.set_default_timeout(10000)
    page = context.new_page()
    wrong: dict[str, Any] = {}
    for variant, refusals in RULE_REFUSALS.items():
        keys = set(get_ruleset(variant).options)
        quoted = re.compile("|".join(rf"'{k}'" for k in keys))
        hand, win = (
            ("123m456m789m11122p", "2p") if variant == "sichuan" else ("123m456p789s11122z", "2z")
        )
        for option, typed in refusals:
            page.goto(f"{base_url}/calc/{variant}?lang={lang}")
            page.wait_for_function("() => document.querySelector('form[data-ready=true]')")
            page.fill("#f-hand", hand)
            page.fill("#f-win_tile", win)
            page.evaluate("() => document.querySelector('details.options').open = true")
            for selector, value in typed.items():
                page.fill(selector, value)
            before = page.evaluate("() => document.getElementById('calc').dataset.scored || '0'")
            page.click("#score")
            page.wait_for_function(
                "(n) => (document.getElementById('calc').dataset.scored || '0') !== n", arg=before
            )
            shown = page.evaluate(RULE_ERROR_JS, "#calc")
            if variant == "hk" and option == "min_fan" and lang == "en":
                SHOTS.mkdir(exist_ok=True)
                page.locator("details.options").screenshot(path=str(SHOTS / "rule_error_390.png"))
            keyed = [text for text, _at in shown if OPTION_KEY.search(text) or quoted.search(text)]
            if len(shown) != 1 or shown[0][1] != option or keyed:
                wrong[f"{variant} {typed}"] = shown
    context.close()
    assert wrong == {}, json.dumps(wrong, ensure_ascii=False, indent=0)


#: the house-rule refusals the score sheet's new-sheet form can bring (its number fields keep
#: their bounds themselves): [(the option, {field id: value typed})]
SHEET_RULE_REFUSALS = [
    ("min_fan", {"#ko-min_fan": "5", "#ko-max_fan": "3"}),
    ("table", {"#ko-table-own": '{"3": 8}'}),
]


@pytest.mark.parametrize("lang", ("en", "zh"))
def test_the_new_sheet_shows_a_refused_house_rule_at_its_field_in_player_words(
    browser: Any, base_url: str, lang: str
) -> None:
    """The score sheet's new-sheet form, like the calculators, shows a house rule the server
    refuses beside that rule's field, naming the rules by their labels."""
    from majiang.rules import get_ruleset

    quoted = re.compile("|".join(rf"'{k}'" for k in get_ruleset("hk").options))
    page = open_page(
        browser, f"{base_url}/keep?lang={lang}", "() => !document.getElementById('keep-new').hidden"
    )
    wrong: dict[str, Any] = {}
    for option, typed in SHEET_RULE_REFUSALS:
        page.reload()
        page.wait_for_function("() => !document.getElementById('keep-new').hidden")
        page.select_option("#keep-new select[name=variant]", "hk")
        for i, name in enumerate(("Ann", "Bo", "Cy", "Di")):
            page.locator("#keep-new .keep-name input").nth(i).fill(name)
        page.evaluate("() => document.querySelector('details.keep-rules').open = true")
        for selector, value in typed.items():
            page.fill(selector, value)
        page.click("#keep-new button[type=submit]")
        page.wait_for_function(
            "() => [...document.querySelectorAll('#keep-new .error')].some(p => p.textContent.trim())"
        )
        shown = page.evaluate(RULE_ERROR_JS, "#keep-new")
        keyed = [text for text, _at in shown if OPTION_KEY.search(text) or quoted.search(text)]
        if len(shown) != 1 or shown[0][1] != option or keyed:
            wrong[str(typed)] = shown
    page.context.close()
    assert wrong == {}, json.dumps(wrong, ensure_ascii=False, indent=0)


#: other sentences of the server a calculator shows that named keys: a hand under Hong Kong's
#: minimum ("(rule 'min_fan')"), a liable player with pao off ("the rule pao=false"), Taiwan's
#: robbing a flower without its rule ("robbing_flower needs the rule seven_rob_eighth=true"),
#: the last tile won on a discard ("'last_tile' is a self-drawn win, not 'ron': choose 'tsumo'"):
#: [variant, what to do, the element that shows it]
KEYED_SENTENCES = [
    ("hk", {"#f-hand": "123m456p789s11122z", "#f-win_tile": "2z"}, (), "#r-reason"),
    ("hk", {"#f-hand": "123m456p789s11122z", "#f-win_tile": "2z"}, ("#o-pao", "W"), "#err-liable"),
    (
        "taiwan",
        {"#f-hand": "123m456p789s111z222z33z", "#f-win_tile": "3z"},
        ("robbing_flower",),
        "#err-situation",
    ),
    (
        "hk",
        {"#f-hand": "123m456p789s11122z", "#f-win_tile": "2z"},
        ("last_tile",),
        "#err-situation",
    ),
]
#: the last two of them as the page says them, worked from the catalogs by hand: a rule to turn
#: on in words ("=true" is the API's), the ways of winning as the page's radio buttons name them
PLAYER_SENTENCES = {
    "en": {
        "taiwan": "“Seven bonus tiles robbing the eighth” needs the rule “Seven flowers rob the"
        " eighth” turned on",
        "hk": "“Won on the last wall tile” is a self-drawn win, not “Ron (on a discard)”: choose"
        " “Tsumo (self-drawn)”",
    },
    "de": {
        "taiwan": "“Sieben Bonussteine rauben den achten” braucht die Regel “Sieben Blumen rauben"
        " die achte” eingeschaltet",
        "hk": "“Gewonnen mit dem letzten Stein der Mauer” ist ein selbst gezogener Gewinn, nicht"
        " “Ron (auf einen Abwurf)”: wähle “Tsumo (selbst gezogen)”",
    },
}
#: code in a sentence besides the keys: a rule's value as the API writes it
CODE_VALUE = re.compile(r"=(true|false)\b")


@pytest.mark.parametrize("lang", ("en", "de"))
def test_a_calculator_s_other_refusals_name_no_key(browser: Any, base_url: str, lang: str) -> None:
    """The not-a-win reason and the refusals of the hand's own fields name house rules and
    situations as the page shows them, not by key."""
    from majiang.rules import get_ruleset
    from majiang.web.meta import calculator_meta

    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.set_default_timeout(10000)
    page = context.new_page()
    said = {}
    for variant, typed, extra, where in KEYED_SENTENCES:
        situations = [s["id"] for s in calculator_meta(variant)["situations"]]
        keys = [*get_ruleset(variant).options, *situations, "ron", "tsumo"]
        quoted = re.compile("|".join(rf"'{k}'" for k in keys))
        page.goto(f"{base_url}/calc/{variant}?lang={lang}")
        page.wait_for_function("() => document.querySelector('form[data-ready=true]')")
        for selector, value in typed.items():
            page.fill(selector, value)
        if extra and extra[0] == "#o-pao":
            page.evaluate("() => document.querySelector('details.options').open = true")
            page.uncheck("#o-pao")
            page.check('input[name="win"][value="ron"]')
            page.select_option("#f-seat_wind", "S")
            page.select_option("#f-discarder", "E")
            page.select_option("#f-liable", extra[1])
        elif extra:
            page.check(f'input[name="situation"][value="{extra[0]}"]')
        else:
            page.check('input[name="win"][value="ron"]')
            page.select_option("#f-seat_wind", "S")
            page.select_option("#f-discarder", "E")
        page.click("#score")
        page.wait_for_function("(s) => document.querySelector(s)?.textContent.trim()", arg=where)
        text = page.text_content(where)
        said[f"{variant} {where}"] = text
        assert not OPTION_KEY.search(text) and not quoted.search(text), said
        assert not CODE_VALUE.search(text), said
        if where == "#err-situation":
            assert text == PLAYER_SENTENCES[lang][variant], said
    context.close()


#: a Hong Kong hand under the table's minimum of 3 fan, as the page says it, worked by hand: on
#: the calculator 123m 456p 789s 111z 22z won on the 2z discard by South is 2 fan (concealed
#: hand 1, the round wind East's pung 1, docs/hongkong.md); on the score sheet a win entered
#: as 1 fan; the option named by its field's label (catalogs: "Minimum fan" -> "Mindest-Fan")
BELOW_THE_MINIMUM = {
    "en": (
        "Not a win: not a legal win: 2 fan, the table needs at least 3 (rule “Minimum fan”)",
        "hand 1: 1 fan is below the table's minimum of 3 (rule “Minimum fan”)",
    ),
    "de": (
        "Kein Gewinn: kein gültiger Gewinn: 2 Fan, der Tisch verlangt mindestens 3 (Regel"
        " “Mindest-Fan”)",
        "Spiel 1: 1 Fan liegt unter dem Minimum des Tisches von 3 (Regel “Mindest-Fan”)",
    ),
}


@pytest.mark.parametrize("lang", BELOW_THE_MINIMUM)
def test_a_hand_below_the_minimum_fan_is_refused_in_player_words(
    browser: Any, base_url: str, lang: str
) -> None:
    """The calculator's reason and the score sheet's refusal of a hand under Hong Kong's
    minimum name the house rule as its field does, word for word."""
    calculator, sheet_said = BELOW_THE_MINIMUM[lang]
    page = open_page(
        browser,
        f"{base_url}/calc/hk?lang={lang}",
        "() => document.querySelector('form[data-ready=true]')",
    )
    page.fill("#f-hand", "123m456p789s11122z")
    page.fill("#f-win_tile", "2z")
    page.check('input[name="win"][value="ron"]')
    page.select_option("#f-seat_wind", "S")
    page.select_option("#f-discarder", "E")
    page.click("#score")
    page.wait_for_function("() => document.querySelector('#r-reason')?.textContent.trim()")
    assert page.text_content("#r-reason") == calculator
    page.context.close()

    made = post(
        f"{base_url}/api/sheets",
        {"variant": "hk", "length": "east", "players": ["Ann", "Bo", "Cy", "Di"]},
    )
    url = with_lang(base_url, f"/keep?s={made['id']}#key={made['key']}", lang)
    page = open_page(browser, url, "() => document.body.dataset.keepReady")
    page.click("#keep-entry button.kind[data-kind='win']")
    page.click("#keep-entry button[data-group='winner'][data-seat='0']")
    page.click("#keep-entry button[data-group='from'][data-seat='1']")
    page.fill("#keep-entry input[data-value='fan'][data-seat='0']", "1")
    page.click("#keep-save")
    page.wait_for_function("() => document.querySelector('#keep-error').textContent.trim()")
    said = page.text_content("#keep-error")
    page.context.close()
    assert said == sheet_said


#: requests the calculators refuse that the scoring snapshot's random sets do not make: a
#: house rule turned off (riichi's nagashi mangan, Hong Kong's pao), a discarder on a self-draw,
#: nagashi mangan won on a discard, a hand under the minimum fan
REFUSED_BY_HAND = [
    {"variant": "riichi", "hand": "123m456p789s11122z", "win_tile": "2z", "win": "tsumo",
     "situation": ["nagashi_mangan"], "rules": {"nagashi_mangan": False}},
    {"variant": "riichi", "hand": "123m456p789s11122z", "win_tile": "2z", "win": "ron",
     "situation": ["nagashi_mangan"]},
    {"variant": "hk", "hand": "234m567m678p22z", "win_tile": "2z", "melds": ["pon 555z"],
     "win": "ron", "seat_wind": "S", "liable": "W", "rules": {"pao": False}},
    {"variant": "hk", "hand": "123m456p789s11122z", "win_tile": "2z", "win": "tsumo",
     "discarder": "S"},
    {"variant": "sichuan", "hand": "123m456m789m11122p", "win_tile": "2p", "win": "tsumo",
     "seat_wind": "S", "situation": ["heavenly"]},
]  # fmt: skip


def _refusals(variant: str, situations: list[str]) -> set[str]:
    """Every distinct sentence of the scoring snapshot's requests of ``variant`` (and of
    ``REFUSED_BY_HAND``) that a calculator shows: a refusal's message or a not-a-win reason,
    of the requests its form can send (the situations it offers)."""
    from majiang.errors import MajiangError
    from majiang.scoring import score
    from scoring_snapshot import requests

    said = set()
    family = ("hk", "hk2", "hkos") if variant == "hk" else (variant,)
    asked = [r for v in family for r in requests(v)]
    for req in [*asked, *(r for r in REFUSED_BY_HAND if r["variant"] in family)]:
        if not set(req.get("situation", ())) <= set(situations):
            continue
        try:
            result = score(req)
        except MajiangError as exc:
            said.add(str(exc))
            continue
        if not result["valid"]:
            said.add(result["reason"])
    return said


@pytest.mark.parametrize("variant", ("riichi", "hk", "taiwan", "sichuan"))
def test_no_refusal_on_a_calculator_names_a_key(browser: Any, base_url: str, variant: str) -> None:
    """Every refusal of the snapshot's bad requests, through the calculator's own page-words
    function (calc.js playerWords), names no option, situation, way of winning or request
    field by key, and no rule's value as the API writes it (=true)."""
    from majiang.scoring import ScoreRequest
    from majiang.web.meta import calculator_meta

    situations = [s["id"] for s in calculator_meta(variant)["situations"]]
    fields = [f.name for f in dataclass_fields(ScoreRequest)]
    keys = {*words.OPTION_WORDS, *situations, *fields, "ron", "tsumo"}
    quoted = re.compile("|".join(rf"'{re.escape(k)}'" for k in sorted(keys)))
    sentences = sorted(_refusals(variant, situations))
    page = open_page(
        browser,
        f"{base_url}/calc/{variant}",
        "() => document.querySelector('form[data-ready=true]')",
    )
    shown = page.evaluate(
        "async (said) => said.map((await import('/static/calc.js')).playerWords)",
        sentences,
    )
    page.context.close()
    assert len(shown) == len(sentences) > 0
    keyed = {
        said: text
        for said, text in zip(sentences, shown, strict=True)
        if OPTION_KEY.search(text) or quoted.search(text) or CODE_VALUE.search(text)
    }
    assert keyed == {}, json.dumps(keyed, ensure_ascii=False, indent=0)
