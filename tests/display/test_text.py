"""display/text.py: Persian runs laid right to left, numbers left to right, tofu found."""

from __future__ import annotations

from display.i18n import Lang
from display.text import Typesetter, bidi_runs


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
