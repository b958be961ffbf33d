"""Right-to-left layout and chord-chart geometry, checked in headless Chromium from file://."""

from __future__ import annotations

import pytest

HEBREW_SONG = "songs/hinei-ma-tov/index.html"   # Hebrew song, English UI
ENGLISH_SONG = "songs/amazing-grace/index.html"

# Geometry of the text of the page's main heading (a Range, so a block-level heading's full
# width does not hide where its text actually sits).
HEADING_JS = """
const h = document.querySelector('main h1') || document.querySelector('h1');
if (!h) return null;
const range = document.createRange();
range.selectNodeContents(h);
const t = range.getBoundingClientRect();
const b = h.getBoundingClientRect();
const cs = getComputedStyle(h);
return {
  text: h.textContent.trim().slice(0, 80),
  dirAttr: h.getAttribute('dir'), ownDir: cs.direction, textAlign: cs.textAlign,
  left: t.left, right: t.right, width: t.width,
  boxLeft: b.left + parseFloat(cs.paddingLeft) + parseFloat(cs.borderLeftWidth),
  boxRight: b.right - parseFloat(cs.paddingRight) - parseFloat(cs.borderRightWidth),
  viewport: document.documentElement.clientWidth,
  htmlDir: getComputedStyle(document.documentElement).direction,
};
"""

# For an element: where its first and last visible characters are drawn, and how its text is
# isolated from the surrounding bidi context.
CHAR_ORDER_JS = """
function charOrder(el) {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const nodes = [];
  let n;
  while ((n = walker.nextNode())) if (n.data.trim()) nodes.push(n);
  if (!nodes.length) return null;
  const first = nodes[0], last = nodes[nodes.length - 1];
  const fi = first.data.search(/\\S/);
  const li = last.data.length - 1 - last.data.split('').reverse().join('').search(/\\S/);
  const r1 = document.createRange(); r1.setStart(first, fi); r1.setEnd(first, fi + 1);
  const r2 = document.createRange(); r2.setStart(last, li); r2.setEnd(last, li + 1);
  const a = r1.getBoundingClientRect(), b = r2.getBoundingClientRect();
  return {text: el.textContent.trim(), firstLeft: a.left, lastLeft: b.left,
          sameRow: Math.abs(a.top - b.top) < Math.max(a.height, b.height) / 2};
}
"""


def rect(driver, element):
    return driver.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,"
        "        width: r.width, height: r.height};", element)


def nonempty_chords(driver, scope):
    """The .chord elements under scope that actually hold a chord symbol."""
    return driver.execute_script(
        "return Array.from(arguments[0].querySelectorAll('.chord'))"
        "  .filter(c => c.textContent.trim() !== '');", scope)


# ---------------------------------------------------------------- Hebrew UI


def test_hebrew_home_is_rtl_and_heading_sits_on_the_right(open_page):
    en = open_page("index.html").execute_script(HEADING_JS)
    assert en is not None, "index.html has no h1"
    assert en["htmlDir"] == "ltr", f"index.html computed direction is {en['htmlDir']}"

    driver = open_page("he/index.html")
    direction = driver.execute_script(
        "return getComputedStyle(document.documentElement).direction")
    assert direction == "rtl", f"he/index.html: computed direction of <html> is {direction!r}"
    he = driver.execute_script(HEADING_JS)
    assert he is not None, "he/index.html has no h1"
    assert he["width"] > 0, f"he/index.html: heading {he['text']!r} is not rendered"

    # Start-aligned in RTL: the heading's text hugs the right edge of its box ...
    assert he["boxRight"] - he["right"] <= 2, (
        f"he/index.html: heading {he['text']!r} text ends at x={he['right']:.0f} but its box "
        f"ends at x={he['boxRight']:.0f}: not right-aligned (h1 dir={he['dirAttr']!r}, computed "
        f"direction {he['ownDir']}, text-align {he['textAlign']})")
    # ... which is on the right-hand side of the viewport ...
    assert he["right"] > he["viewport"] / 2, (
        f"he/index.html: heading text right edge x={he['right']:.0f} is in the left half of a "
        f"{he['viewport']}px viewport")
    # ... and further right than the English heading starts.
    assert he["left"] > en["left"], (
        f"he/index.html heading {he['text']!r} starts at x={he['left']:.0f}, not right of the "
        f"English heading {en['text']!r} at x={en['left']:.0f}: layout is not mirrored")


# ---------------------------------------------------------------- Hebrew song, English UI


@pytest.fixture
def hebrew_song(open_page):
    driver = open_page(HEBREW_SONG)
    lyrics = driver.find_elements("css selector", ".lyrics")
    assert lyrics, f"{HEBREW_SONG}: no .lyrics element"
    return driver, lyrics[0]


def test_hebrew_song_page_is_ltr_but_lyrics_are_rtl(hebrew_song):
    driver, lyrics = hebrew_song
    html_dir = driver.execute_script("return document.documentElement.getAttribute('dir')")
    html_computed = driver.execute_script(
        "return getComputedStyle(document.documentElement).direction")
    assert html_dir == "ltr" and html_computed == "ltr", (
        f"{HEBREW_SONG}: the English UI page should be ltr, got dir={html_dir!r} "
        f"(computed {html_computed!r})")
    assert lyrics.get_attribute("dir") == "rtl", (
        f"{HEBREW_SONG}: .lyrics has dir={lyrics.get_attribute('dir')!r}, expected 'rtl'")
    lang = lyrics.get_attribute("lang") or ""
    assert lang.split("-")[0].lower() == "he", (
        f"{HEBREW_SONG}: .lyrics has lang={lang!r}, expected 'he'")
    computed = driver.execute_script("return getComputedStyle(arguments[0]).direction", lyrics)
    assert computed == "rtl", f"{HEBREW_SONG}: .lyrics computed direction is {computed!r}"


def first_line_with_two_chords(driver, lyrics):
    for line in lyrics.find_elements("css selector", ".line"):
        chords = nonempty_chords(driver, line)
        if len(chords) >= 2:
            return line, chords
    return None, []


def test_hebrew_chords_flow_right_to_left(hebrew_song):
    driver, lyrics = hebrew_song
    line, chords = first_line_with_two_chords(driver, lyrics)
    assert line is not None, f"{HEBREW_SONG}: no .line with two or more chords"
    first, second = rect(driver, chords[0]), rect(driver, chords[1])
    assert first["width"] > 0 and second["width"] > 0, f"{HEBREW_SONG}: chords not rendered"
    assert first["left"] >= second["right"] - 1, (
        f"{HEBREW_SONG}: in line {line.text!r}, the first chord {chords[0].text!r} "
        f"(x {first['left']:.0f}–{first['right']:.0f}) is not to the right of the second chord "
        f"{chords[1].text!r} (x {second['left']:.0f}–{second['right']:.0f})")


def test_hebrew_chord_symbols_are_isolated_ltr(hebrew_song):
    driver, lyrics = hebrew_song
    chords = nonempty_chords(driver, lyrics)
    assert chords, f"{HEBREW_SONG}: no chords in .lyrics"
    # Structure: each chord symbol is isolated from the RTL lyrics (a <bdi>, unicode-bidi
    # isolate, or an explicit ltr direction).
    not_isolated = driver.execute_script("""
        return arguments[0].map(c => {
          const inner = c.querySelector('bdi') || c;
          const cs = getComputedStyle(inner);
          // direction: ltr only governs the element's own text if it embeds/isolates, or
          // if the element is block-level (its own paragraph; flex items are blockified).
          const ok = c.querySelector('bdi') !== null
                     || /isolate|plaintext/.test(cs.unicodeBidi)
                     || (cs.direction === 'ltr'
                         && (/embed|override/.test(cs.unicodeBidi) || !/^inline/.test(cs.display)));
          return ok ? null : c.textContent.trim() + ' (direction ' + cs.direction
                             + ', unicode-bidi ' + cs.unicodeBidi + ')';
        }).filter(x => x);""", chords)
    assert not not_isolated, (
        f"{HEBREW_SONG}: chord symbols not isolated from the RTL lyrics: {not_isolated[:10]}")
    # Rendering: every multi-character chord symbol reads left to right (D/F# is drawn "D/F#",
    # not "#D/F").
    reversed_ = driver.execute_script(CHAR_ORDER_JS + """
        return arguments[0].map(charOrder)
          .filter(o => o && o.text.length >= 2 && o.sameRow && !(o.firstLeft < o.lastLeft))
          .map(o => o.text);""", chords)
    assert not reversed_, (
        f"{HEBREW_SONG}: chord symbols drawn right to left (first character not leftmost): "
        f"{reversed_[:10]}")


# ---------------------------------------------------------------- English song


def test_english_chords_sit_above_their_lyric(open_page):
    driver = open_page(ENGLISH_SONG)
    lyrics = driver.find_elements("css selector", ".lyrics")
    assert lyrics, f"{ENGLISH_SONG}: no .lyrics element"
    direction = driver.execute_script("return getComputedStyle(arguments[0]).direction", lyrics[0])
    assert direction == "ltr", f"{ENGLISH_SONG}: .lyrics computed direction is {direction!r}"
    seg = driver.execute_script("""
        return Array.from(arguments[0].querySelectorAll('.seg')).find(s => {
          const c = s.querySelector('.chord'), l = s.querySelector('.lyric');
          return c && l && c.textContent.trim() !== '' && l.textContent.trim() !== '';
        }) || null;""", lyrics[0])
    assert seg is not None, f"{ENGLISH_SONG}: no .seg with both a chord and a lyric"
    chord = rect(driver, seg.find_element("css selector", ".chord"))
    lyric = rect(driver, seg.find_element("css selector", ".lyric"))
    label = f"{seg.find_element('css selector', '.chord').text!r} over " \
            f"{seg.find_element('css selector', '.lyric').text!r}"
    assert chord["height"] > 0 and lyric["height"] > 0, f"{ENGLISH_SONG}: {label} not rendered"
    assert chord["bottom"] <= lyric["top"] + 2, (
        f"{ENGLISH_SONG}: chord {label}: chord bottom y={chord['bottom']:.1f} is below the "
        f"lyric top y={lyric['top']:.1f} (chords must sit above the lyric)")
    assert abs(chord["left"] - lyric["left"]) <= 4, (
        f"{ENGLISH_SONG}: chord {label}: chord left x={chord['left']:.1f} vs lyric left "
        f"x={lyric['left']:.1f} (should align)")


def test_hebrew_chords_sit_above_their_lyric_aligned_to_its_start(hebrew_song):
    """The mirror image of the English check: in RTL a chord starts at its lyric's right edge."""
    driver, lyrics = hebrew_song
    seg = driver.execute_script("""
        return Array.from(arguments[0].querySelectorAll('.seg')).find(s => {
          const c = s.querySelector('.chord'), l = s.querySelector('.lyric');
          return c && l && c.textContent.trim() !== '' && l.textContent.trim() !== '';
        }) || null;""", lyrics)
    assert seg is not None, f"{HEBREW_SONG}: no .seg with both a chord and a lyric"
    chord_el = seg.find_element("css selector", ".chord")
    lyric_el = seg.find_element("css selector", ".lyric")
    chord, lyric = rect(driver, chord_el), rect(driver, lyric_el)
    label = f"{chord_el.text!r} over {lyric_el.text!r}"
    assert chord["height"] > 0 and lyric["height"] > 0, f"{HEBREW_SONG}: {label} not rendered"
    assert chord["bottom"] <= lyric["top"] + 2, (
        f"{HEBREW_SONG}: chord {label}: chord bottom y={chord['bottom']:.1f} is below the "
        f"lyric top y={lyric['top']:.1f} (chords must sit above the lyric)")
    assert abs(chord["right"] - lyric["right"]) <= 4, (
        f"{HEBREW_SONG}: chord {label}: chord right x={chord['right']:.1f} vs lyric right "
        f"x={lyric['right']:.1f} (in RTL the chord should align with the lyric's start, its "
        f"right edge)")
