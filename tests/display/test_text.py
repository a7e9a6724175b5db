"""display/text.py: Persian runs laid right to left, numbers left to right, tofu found."""

from __future__ import annotations

import re

import pytest

from display.i18n import Lang
from display.text import Typesetter, bidi_runs, is_arabic


def test_persian_sentence_with_a_latin_name_keeps_the_name_readable():
    runs = bidi_runs("نوبت Dana")
    # visual order, right to left: the Persian word first (rightmost), the name after it
    assert [r.text for r in runs] == ["نوبت ", "Dana"]
    assert runs[0].rtl and runs[0].arabic_font
    assert not runs[1].rtl and not runs[1].arabic_font


def test_numbers_run_left_to_right_with_their_sign():
    runs = bidi_runs("برداشتن -۱۲ کاشی")
    number = [r for r in runs if "۱" in r.text]
    assert number[0].text == "-۱۲" and not number[0].rtl and number[0].arabic_font


def test_persian_digits_and_rule_text():
    fa = Lang.get("fa")
    assert fa.num(1234) == "۱۲۳۴"
    assert fa.num(3, signed=True) == "+۳"
    assert Lang.get("et").num(-2) == "-2"


def test_missing_glyphs_are_found_and_covered_ones_are_not():
    ts = Typesetter()
    assert ts.missing_glyphs("Õun Été سلام ۱۲۳ (x) 5%") == ""
    assert ts.missing_glyphs("漢") == "漢"


def test_rtl_render_is_wider_than_either_part_alone():
    ts = Typesetter()
    whole = ts.render("نوبت Dana", 30, (255, 255, 255)).get_width()
    name = ts.render("Dana", 30, (255, 255, 255)).get_width()
    assert whole > name + 20


def test_rendered_text_is_cached():
    ts = Typesetter()
    a = ts.render("Kangelased", 24, (1, 2, 3))
    b = ts.render("Kangelased", 24, (1, 2, 3))
    assert a is b and ts.hits == 1 and ts.misses == 1


def test_a_glyph_drawn_from_a_font_that_lacks_it_is_recorded_as_tofu():
    ts = Typesetter()
    ts.render("Dee: ۱ کنش از ۳ مانده", 20, (255, 255, 255))  # Persian digit after a name
    ts.render("MAL-18 قانون", 20, (255, 255, 255))
    assert ts.tofu == set()
    ts.render("Ann 漢", 20, (255, 255, 255))
    assert ts.tofu == {"Ann 漢"}


def test_w7_a_rule_id_stays_in_one_left_to_right_run():
    runs = bidi_runs("بار کشتی (MAL-18)")
    assert any(r.text.startswith("MAL-18") for r in runs)


def test_n0_brackets_around_a_latin_name_stay_with_it():
    runs = bidi_runs("ناخدا: Kai (Henry Morgan)")
    assert runs[-1].text == "Kai (Henry Morgan)" and not runs[-1].rtl
    # a rule id in brackets after Persian words: the brackets follow the paragraph
    runs = bidi_runs("بار کشتی (MAL-18)")
    assert [r.text for r in runs if not r.rtl] == ["MAL-18"]


# -- the simplified bidi against the full Unicode bidi algorithm (python-bidi, test only) --------

MIXED = (  # Persian with Latin names, rule ids and numbers, as the screens put them together
    "Ben ۵ سکه به Ann می‌دهد",
    "Dee از Ann ۳ سکه گرفت (MAL-12)",
    "ناخدا: Henry Morgan (۵)",
    "Lucie و Märt ۱۲ امتیاز",
    "۲ بازیکن: Ann، Ben",  # an Arabic comma between two names is no Persian letter
    "Tiina ۱۲٫۵ سکه",  # the Persian decimal separator stays inside the number
    "Dee: رفتن از ۱،۱ به ۱،۲",  # a place: the Arabic comma between digits joins them
    "۱۰۰٪",
    "ربودن قهرمان: ۳۱%",  # after a Persian word the % sits on the number's left
    "انجام شد: GPIO 19, 5, 6, 13, 26",
    "Ben نخستین ناخداست",
    "فایل /var/lib/table-companion/dice-teach/dice-profile.npz ذخیره شد",
    "Cy باید ضدقهرمان -۴ را بردارد (POW-12)",
    "Dee:\u200f ۱ کنش از ۳ مانده",  # the catalogue's RLM keeps the ۱ off the name (W7)
)


def visual(text: str) -> str:
    """Our runs as one left-to-right string of characters (what the screen shows)."""
    return "".join(r.text[::-1] if r.rtl else r.text for r in reversed(bidi_runs(text)))


def _comparable(shown: str) -> str:
    # python-bidi reorders but does not mirror brackets (UAX #9 L4 is the renderer's, ours
    # draws them mirrored), and a sign stays in front of its number on our screens by choice
    # (display/text.py): compare the order of everything else.
    shown = shown.translate(str.maketrans("()[]", "||##"))
    return re.sub(r"[-+](?=[0-9۰-۹])|(?<=[0-9۰-۹])[-+]", "", shown)


def _screen_texts() -> set[str]:
    import pygame

    from display import screens
    from display.samples import all_samples

    texts: set[str] = set()
    for model in all_samples().values():
        texts.update(screens.render(pygame.Surface((800, 480)), model, "fa").texts)
    return {t for t in texts if any(is_arabic(c) for c in t)}


def test_bidi_matches_the_unicode_bidi_algorithm_on_every_persian_screen_text():
    bidi = pytest.importorskip("bidi", reason="python-bidi (the test extra) is the reference")
    texts = sorted(_screen_texts() | set(MIXED))
    assert len(texts) > 150  # every Persian text of every sample screen, and the mixed ones
    wrong = [
        (t, visual(t), bidi.get_display(t, base_dir="R"))
        for t in texts
        if _comparable(visual(t)) != _comparable(bidi.get_display(t, base_dir="R"))
    ]
    assert wrong == []


def test_a_sign_stays_in_front_of_its_number_where_the_uba_would_move_it():
    assert visual("برداشتن اجباری: ضدقهرمان -۴").startswith("-۴ ")
    assert visual("حمله +۲") == "+۲ هلمح"


def test_a_name_then_a_number_in_persian_reads_name_first():
    fa = Lang.get("fa")
    text = fa("{who}: {n} of 3 actions left", who="Dee", n=1)
    # visual order, right to left: the name, then the count — not "۱ :Dee" (the UBA's W7
    # would glue the digit to the Latin name without the RLM the catalogue puts after it)
    assert [r.text.strip() for r in bidi_runs(text)][:3] == ["Dee", ":\u200f", "۱"]


def test_persian_percent_and_list_separator():
    fa, en = Lang.get("fa"), Lang.get("en")
    assert fa.pct(56) == "۵۶٪" and en.pct(56) == "56%"
    assert "۰" not in fa.sep and fa.sep != en.sep  # a middle dot reads as a Persian zero


def test_percent_and_decimal_separator_follow_the_number_they_belong_to():
    assert visual("۱۰۰٪") == "۱۰۰٪"
    assert visual("ربودن قهرمان: ۳۱%").startswith("%۳۱ ")
    assert visual("ربودن قهرمان: ۳۱٪").startswith("٪۳۱ ")
    assert visual("Tiina ۱۲٫۵ سکه").endswith(" Tiina ۱۲٫۵")
    assert visual("۲ بازیکن: Ann، Ben").startswith("Ann، Ben ")


def test_mixed_persian_latin_and_digits_render_without_tofu():
    ts = Typesetter()
    for text in MIXED:
        surface = ts.render(text, 22, (255, 255, 255))
        assert surface.get_width() > 10 * len(text) // 3
    assert ts.tofu == set()
