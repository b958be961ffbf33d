"""The projector: the audience slideshow and the operator console, driven by keys in headless
Chromium from file://, as a song leader would on Sunday morning."""

from __future__ import annotations

import pathlib
import re
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

SERVICE = "services/2026-11-22-morning"
PRESENT = SERVICE + "/present/index.html"
CONSOLE = SERVICE + "/console/index.html"
SONGS = pathlib.Path(__file__).resolve().parents[2] / "Content" / "songs"

# The order of service of Content/services/2026/2026-11-22-morning.md, with each song's
# sections named by their headings in the order this service sings them.
RUNNING_ORDER = [
    ("free", "Welcome to Grace Chapel"),
    ("song", "hymns/amazing-grace.md", ["Verse 1", "Verse 2", "Verse 3", "Verse 5"]),
    ("heading", "Psalm Reading"),
    ("song", "hebrew/hinei-ma-tov.md", ["בית 1", "פזמון", "פזמון"]),
    ("song", "hebrew/psalm-23.md", ["בית 1", "בית 2", "פזמון", "בית 3", "פזמון", "בית 4"]),
    ("heading", "Sermon"),
    ("song", "hymns/be-thou-my-vision.md", ["Verse 1", "Verse 2", "Verse 4", "Verse 5"]),
    ("song", "hebrew/adon-olam.md", None),  # its own order: the document's
    ("free", "Go in peace."),
]


def normalize(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return re.sub(r"\s+", " ", text).strip()


def song_source(relpath: str):
    """(title, {heading: [paragraph first lines]}, headings in document order) read from the
    Markdown source, chords and emphasis taken out."""
    text = (SONGS / relpath).read_text(encoding="utf-8")
    front, body = text.split("\n---\n", 1)
    title = re.search(r"^title: (.+)$", front, re.M).group(1).strip()
    sections: dict[str, list[str]] = {}
    headings: list[str] = []
    current = None
    paragraph: list[str] = []

    def flush():
        if current is not None and paragraph:
            sections[current].append(normalize(re.sub(r"\[[^\]]*\]|[*_]", "", paragraph[0])))
        paragraph.clear()

    for line in body.splitlines():
        if line.startswith("## "):
            flush()
            current = line[3:].strip()
            headings.append(current)
            sections.setdefault(current, [])
        elif not line.strip():
            flush()
        elif current is not None:
            paragraph.append(line)
    flush()
    return title, sections, headings


def expected_slides() -> list[str]:
    """What each slide of the service must show, in order: a text it starts with."""
    out = []
    for entry in RUNNING_ORDER:
        if entry[0] != "song":
            out.append(entry[1])
            continue
        title, sections, headings = song_source(entry[1])
        out.append(title)
        for heading in entry[2] or headings:
            out.extend(sections[heading])
    return out


# ---- helpers ----

CURRENT_JS = """
const cur = document.querySelector('.stage .slide.current');
const x = innerWidth / 2, y = innerHeight / 2;
// The topmost thing drawn there (the pointer layer over the screen is transparent).
const top = document.elementsFromPoint(x, y).find(e => !e.classList.contains('pointer-layer'));
const visible = Array.from(document.querySelectorAll('.stage .slide'))
  .filter(s => getComputedStyle(s).visibility === 'visible');
return {
  index: cur ? Number(cur.dataset.index) : -1,
  text: cur ? cur.querySelector('.slide-body').innerText : '',
  visible: visible.map(s => Number(s.dataset.index)),
  onTop: top ? (top.closest('.slide') ? 'slide' : (top.closest('.screen') || top).className) : null,
  textVisible: cur ? getComputedStyle(cur.querySelector('.slide-frame')).visibility === 'visible'
                     && getComputedStyle(cur.closest('.stage')).opacity !== '0' : false,
  screen: document.body.dataset.screen,
  count: document.querySelectorAll('.stage .slide').length,
};
"""


def current(driver) -> dict:
    return driver.execute_script(CURRENT_JS)


def press(driver, *keys):
    for key in keys:
        ActionChains(driver).send_keys(key).perform()


def fresh(open_page, relpath, size=(1280, 720)):
    """Open a projection page on a screen of `size` with no remembered position."""
    driver = open_page(relpath)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": False})
    driver.execute_script("localStorage.clear()")
    driver.refresh()
    driver.execute_script("return document.readyState")
    return driver


@pytest.fixture
def screen(browser):
    """Restores the browser's own viewport after a test that emulated a screen size."""
    yield
    for handle in browser.window_handles[1:]:
        browser.switch_to.window(handle)
        browser.close()
    browser.switch_to.window(browser.window_handles[0])
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def wait_for(predicate, timeout=3.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    return predicate()


# ---- stepping through a service ----

def test_stepping_through_the_whole_service_shows_every_slide_in_order(open_page, screen):
    driver = fresh(open_page, PRESENT)
    expected = expected_slides()
    seen = []
    for step in range(len(expected) + 2):
        state = current(driver)
        assert state["visible"] == [state["index"]], f"exactly one slide visible, got {state['visible']}"
        assert state["onTop"] == "slide", "the current slide is what is on the screen"
        if not seen or seen[-1][0] != state["index"]:
            seen.append((state["index"], normalize(state["text"])))
        press(driver, [Keys.PAGE_DOWN, Keys.ARROW_RIGHT, Keys.SPACE, Keys.ARROW_DOWN, Keys.ENTER][step % 5])
    assert len(seen) == len(expected) == current(driver)["count"], [t for _, t in seen]
    for (index, text), start in zip(seen, expected):
        assert text.startswith(start), f"slide {index}: {text[:60]!r} should start with {start!r}"
    # Verse 4 of Amazing Grace is not in this service's order.
    assert not any("The Lord has promised" in text for _, text in seen)
    # Back, by every "previous" key a clicker or keyboard sends, and Home/End.
    for key in (Keys.PAGE_UP, Keys.ARROW_LEFT, Keys.ARROW_UP, Keys.BACKSPACE):
        before = current(driver)["index"]
        press(driver, key)
        assert current(driver)["index"] == before - 1
    press(driver, Keys.HOME)
    assert current(driver)["index"] == 0
    press(driver, Keys.END)
    assert current(driver)["index"] == len(expected) - 1


def test_the_credits_are_on_the_first_and_last_slide_of_each_song(open_page, screen):
    driver = fresh(open_page, PRESENT)
    footers = driver.execute_script(r"""
      return Array.from(document.querySelectorAll('.stage .slide')).map(s => ({
        item: s.dataset.item, kind: s.className, footer: s.querySelector('.slide-footer') ? s.querySelector('.slide-footer').textContent.replace(/\s+/g, ' ') : null}));""")
    amazing = [f for f in footers if f["item"] == "2"]
    assert [f["footer"] is not None for f in amazing] == [True, False, False, False, True]
    assert "CCLI Song # 22025 · CCLI License # 1234567" in amazing[0]["footer"]
    assert "Public Domain" in amazing[-1]["footer"]
    assert all(f["footer"] is None for f in footers if "heading-slide" in f["kind"] or "free-slide" in f["kind"])


def test_a_right_to_left_site_steps_forward_with_the_same_keys(open_page, screen):
    driver = fresh(open_page, "he/" + PRESENT)
    assert driver.execute_script("return document.documentElement.dir") == "rtl"
    for key in (Keys.PAGE_DOWN, Keys.ARROW_RIGHT, Keys.ARROW_DOWN, Keys.SPACE):
        before = current(driver)["index"]
        press(driver, key)
        assert current(driver)["index"] == before + 1, f"{key!r} moves forward in a right-to-left site"
    press(driver, Keys.ARROW_LEFT)
    assert current(driver)["index"] == 3


def test_clicking_the_right_half_goes_forward_and_the_left_half_back(open_page, screen):
    driver = fresh(open_page, PRESENT)
    body = driver.find_element(By.TAG_NAME, "body")
    ActionChains(driver).move_to_element_with_offset(body, 400, 0).click().perform()
    ActionChains(driver).move_to_element_with_offset(body, 400, 0).click().perform()
    assert current(driver)["index"] == 2
    ActionChains(driver).move_to_element_with_offset(body, -400, 0).click().perform()
    assert current(driver)["index"] == 1


# ---- screen states ----

def test_black_and_clear_hide_the_words_and_come_back_without_stale_lyrics(open_page, screen):
    driver = fresh(open_page, PRESENT)
    press(driver, Keys.PAGE_DOWN, Keys.PAGE_DOWN)
    shown = current(driver)
    for key in ("b", "."):
        press(driver, key)
        state = wait_for(lambda: (s := current(driver))["onTop"] == "screen black-screen" and s)
        assert state and state["screen"] == "black", f"{key!r} blacks the screen"
        press(driver, key)
        assert wait_for(lambda: current(driver)["onTop"] == "slide"), f"{key!r} again brings the words back"
        assert current(driver)["index"] == shown["index"]
    for key in ("w", ","):
        press(driver, key)
        state = current(driver)
        assert state["screen"] == "clear" and not state["textVisible"], f"{key!r} clears the words"
        background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        assert background not in ("rgb(0, 0, 0)", "rgba(0, 0, 0, 0)"), "clear keeps the background, unlike black"
        press(driver, key)
        assert current(driver)["textVisible"]
    # Black, move on twice, back: the screen comes back on the new slide, and at no moment
    # during the fade is the old one visible.
    press(driver, "b")
    wait_for(lambda: current(driver)["onTop"] == "screen black-screen")
    press(driver, Keys.PAGE_DOWN, Keys.PAGE_DOWN)
    press(driver, "b")
    samples = [current(driver) for _ in range(8)]
    for sample in samples:
        assert sample["visible"] == [shown["index"] + 2], "only the new slide is under the lifting black screen"
    # Logo screen: the site title.
    press(driver, "l")
    state = wait_for(lambda: (s := current(driver))["onTop"] and "logo-screen" in s["onTop"] and s)
    assert state and driver.find_element(By.CSS_SELECTOR, ".logo-screen").text == "Grace Chapel"
    press(driver, "l")
    assert wait_for(lambda: current(driver)["onTop"] == "slide")


# ---- jumping ----

def test_digits_jump_to_items_and_letters_to_sections(open_page, screen):
    driver = fresh(open_page, PRESENT)
    firsts = driver.execute_script("""
      const firsts = {};
      document.querySelectorAll('.stage .slide').forEach(s => { if (!(s.dataset.item in firsts)) firsts[s.dataset.item] = Number(s.dataset.index); });
      return firsts;""")
    for item in ("5", "3", "9", "2"):
        press(driver, item)
        time.sleep(0.9)  # past the two-digit window
        assert current(driver)["index"] == firsts[item], f"digit {item}"
    # In Amazing Grace: V then 3 is verse 3; V alone, the next verse.
    press(driver, "v", "3")
    assert normalize(current(driver)["text"]).startswith("Through many dangers")
    time.sleep(0.9)
    press(driver, "v")
    assert normalize(current(driver)["text"]).startswith("When we've been there")
    time.sleep(0.9)
    # Hinei Ma Tov (item 4) sings its chorus twice: C goes to the next one, then wraps round.
    press(driver, "4")
    time.sleep(0.9)
    press(driver, "c")
    chorus = current(driver)["index"]
    assert driver.execute_script(f"return document.querySelector('.stage [data-index=\"{chorus}\"]').dataset.section") == "c"
    time.sleep(0.9)
    press(driver, "c")
    assert current(driver)["index"] == chorus + 1
    time.sleep(0.9)
    press(driver, "c")
    assert current(driver)["index"] == chorus
    # A section the song does not have: nothing moves.
    time.sleep(0.9)
    press(driver, "r")
    assert current(driver)["index"] == chorus


def test_question_mark_shows_the_keys(open_page, screen):
    driver = fresh(open_page, PRESENT)
    help_box = driver.find_element(By.CSS_SELECTOR, ".key-help")
    assert not help_box.is_displayed()
    press(driver, "?")
    assert help_box.is_displayed() and "Black screen" in help_box.text
    press(driver, Keys.ESCAPE)
    assert not help_box.is_displayed()


# ---- the console and the audience window together ----

def test_console_and_audience_drive_each_other_and_a_reload_keeps_the_slide(open_page, output_dir, screen):
    driver = fresh(open_page, CONSOLE, size=(1400, 900))
    console = driver.current_window_handle
    driver.switch_to.new_window("tab")
    audience = driver.current_window_handle
    driver.get((output_dir / PRESENT).as_uri())
    assert current(driver)["index"] == 0

    driver.switch_to.window(console)
    press(driver, Keys.PAGE_DOWN, Keys.PAGE_DOWN, Keys.PAGE_DOWN)
    console_now = driver.find_element(By.CSS_SELECTOR, ".current-preview .slide-body").text
    driver.switch_to.window(audience)
    assert wait_for(lambda: current(driver)["index"] == 3), "the console moved the audience screen"
    assert normalize(current(driver)["text"]) == normalize(console_now)

    # From the audience window back to the console: End, then black.
    press(driver, Keys.END, "b")
    last = current(driver)["index"]
    driver.switch_to.window(console)
    assert wait_for(lambda: "Go in peace" in driver.find_element(By.CSS_SELECTOR, ".current-preview .slide-body").text)
    assert driver.find_element(By.CSS_SELECTOR, "[data-action=black]").get_attribute("aria-pressed") == "true"
    assert "at-end" in driver.find_element(By.TAG_NAME, "body").get_attribute("class")

    # A click in the running order, and the buttons.
    driver.find_element(By.CSS_SELECTOR, "[data-action=black]").click()
    driver.find_element(By.CSS_SELECTOR, "[data-goto='5']").click()
    assert driver.find_element(By.CSS_SELECTOR, "[data-goto='5']").get_attribute("aria-current") == "true"
    next_caption = driver.find_element(By.CSS_SELECTOR, ".next-item-caption")
    assert next_caption.is_displayed(), "at the end of a song the console names the next item"
    driver.find_element(By.ID, "stage-message").send_keys("Car KL-123, lights on")
    driver.find_element(By.CSS_SELECTOR, ".message-form button[type=submit]").click()
    driver.switch_to.window(audience)
    assert wait_for(lambda: current(driver)["index"] == 5)
    assert current(driver)["screen"] == "show"
    assert wait_for(lambda: driver.find_element(By.CSS_SELECTOR, ".stage-message").text == "Car KL-123, lights on")

    # Reloading the audience window keeps the slide.
    driver.refresh()
    assert current(driver)["index"] == 5 and current(driver)["visible"] == [5]
    assert last > 5


# ---- legibility ----

FIT_JS = """
const out = [];
const groups = {};
const slides = Array.from(document.querySelectorAll('.stage .slide'));
const cap = parseFloat(getComputedStyle(document.body).getPropertyValue('--fit-max'));
for (const s of slides) {
  const body = s.querySelector('.slide-body'), frame = s.querySelector('.slide-frame');
  const cs = getComputedStyle(frame);
  const room = frame.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
  const r = document.createRange(); r.selectNodeContents(body);
  const box = r.getBoundingClientRect();
  const fs = parseFloat(getComputedStyle(body).fontSize);
  const fits = body.scrollHeight <= room && body.scrollWidth <= body.clientWidth;
  out.push({index: Number(s.dataset.index), group: s.dataset.group, fs, fits,
            inside: box.left >= 0 && box.top >= 0 && box.right <= innerWidth && box.bottom <= innerHeight,
            atCap: fs >= s.clientHeight * cap - 1});
  (groups[s.dataset.group] = groups[s.dataset.group] || []).push(s);
}
// Not smaller than needed: 6% larger, some slide of the group would no longer fit.
const tight = {};
for (const [g, members] of Object.entries(groups)) {
  const fs = parseFloat(getComputedStyle(members[0].querySelector('.slide-body')).fontSize);
  members.forEach(m => m.style.setProperty('--fs', (fs * 1.06) + 'px'));
  tight[g] = members.some(m => {
    const body = m.querySelector('.slide-body'), frame = m.querySelector('.slide-frame');
    const cs = getComputedStyle(frame);
    const room = frame.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
    return body.scrollHeight > room || body.scrollWidth > body.clientWidth;
  });
  members.forEach(m => m.style.setProperty('--fs', fs + 'px'));
}
return {slides: out, tight};
"""


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("prefix", ["", "he/"])
def test_no_slide_overflows_and_no_text_is_smaller_than_it_must_be(open_page, output_dir, screen, size, prefix):
    services = sorted(p.parent.relative_to(output_dir).as_posix()
                      for p in (output_dir / prefix / "services").glob("*/present/index.html"))
    assert len(services) >= 4
    for page in services:
        driver = fresh(open_page, page + "/index.html", size=size)
        assert driver.execute_script("return [innerWidth, innerHeight]") == list(size)
        result = driver.execute_script(FIT_JS)
        for s in result["slides"]:
            assert s["fits"] and s["inside"], f"{page} slide {s['index']} overflows at {size}"
            assert s["fs"] >= 16, f"{page} slide {s['index']}: {s['fs']}px"
        for group, tight in result["tight"].items():
            capped = all(s["atCap"] for s in result["slides"] if s["group"] == group)
            assert tight or capped, f"{page} {group}: the text could be larger at {size}"
        # One size for every lyric slide of a song.
        sizes = {}
        for s in result["slides"]:
            if s["group"].startswith("item-"):
                sizes.setdefault(s["group"], set()).add(s["fs"])
        assert sizes and all(len(v) == 1 for v in sizes.values()), sizes


def test_the_audience_page_works_with_nothing_from_the_network(output_dir):
    """Every resource a projection page names is a file beside it: nothing to fetch."""
    for page in list(output_dir.glob("**/present/index.html")) + list(output_dir.glob("**/console/index.html")):
        html = page.read_text(encoding="utf-8")
        for url in re.findall(r'(?:src|href)="([^"]+)"', html):
            assert not re.match(r"^[a-z]+:", url), f"{page}: {url}"
            assert (page.parent / url.split("#")[0]).exists(), f"{page}: {url} missing"


# ---- a song on its own, direction, motion, the pointer ----

def test_a_songs_own_slideshow_is_its_title_then_its_paragraphs(open_page, screen):
    driver = fresh(open_page, "songs/amazing-grace/present/index.html")
    title, sections, headings = song_source("hymns/amazing-grace.md")
    expected = [title] + [line for heading in headings for line in sections[heading]]
    seen = []
    for _ in expected:
        seen.append(normalize(current(driver)["text"]))
        press(driver, Keys.PAGE_DOWN)
    assert current(driver)["count"] == len(expected)
    for text, start in zip(seen, expected):
        assert text.startswith(start), f"{text[:50]!r} should start with {start!r}"


def test_hebrew_lyrics_are_right_to_left_in_an_english_slideshow(open_page, screen):
    driver = fresh(open_page, PRESENT)
    press(driver, "4")  # Hinei Ma Tov
    press(driver, Keys.PAGE_DOWN)
    geometry = driver.execute_script("""
      const line = document.querySelector('.stage .slide.current .line');
      const r = document.createRange(); r.selectNodeContents(line);
      return {dir: getComputedStyle(line).direction, lang: line.closest('.slide').lang,
              page: document.documentElement.dir, text: line.textContent};""")
    assert geometry == {**geometry, "dir": "rtl", "lang": "he", "page": "ltr"}


def test_reduced_motion_cuts_instead_of_fading(open_page, screen, browser):
    driver = fresh(open_page, PRESENT)
    fade = driver.execute_script("return getComputedStyle(document.querySelector('.black-screen')).transitionDuration")
    assert fade != "0s"
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        fade = driver.execute_script("return getComputedStyle(document.querySelector('.black-screen')).transitionDuration")
        assert fade == "0s"
        press(driver, "b")
        assert current(driver)["onTop"] == "screen black-screen", "black at once, with no fade"
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_the_pointer_hides_when_idle_and_comes_back_when_moved(open_page, screen):
    driver = fresh(open_page, PRESENT)
    cursor = "return getComputedStyle(document.elementFromPoint(innerWidth / 2, innerHeight / 2)).cursor"
    ActionChains(driver).move_to_element(driver.find_element(By.TAG_NAME, "body")).perform()
    assert driver.execute_script(cursor) != "none"
    assert wait_for(lambda: driver.execute_script(cursor) == "none", timeout=5)
    ActionChains(driver).move_by_offset(10, 10).perform()
    assert driver.execute_script(cursor) != "none"


def test_the_order_of_service_links_to_the_console_and_the_slides(open_page):
    driver = open_page(SERVICE + "/index.html")
    links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, ".project-links a")]
    assert [l.rsplit("/", 2)[-2] for l in links] == ["console", "present", "charts"]


def test_f_toggles_full_screen_and_the_text_is_fitted_again(open_page, screen):
    driver = fresh(open_page, PRESENT)
    press(driver, Keys.PAGE_DOWN, Keys.PAGE_DOWN)
    before = driver.execute_script("return getComputedStyle(document.querySelector('.slide.current .slide-body')).fontSize")
    press(driver, "f")
    assert wait_for(lambda: driver.execute_script("return document.fullscreenElement !== null")), "F enters full screen"
    press(driver, "f")
    assert wait_for(lambda: driver.execute_script("return document.fullscreenElement === null")), "F again leaves it"
    after = driver.execute_script("return getComputedStyle(document.querySelector('.slide.current .slide-body')).fontSize")
    assert after == before and current(driver)["index"] == 2


def test_a_hebrew_line_in_a_slide_that_starts_in_english_is_fitted_too(open_page, screen):
    """A song without `language:` takes each line's direction from its text; a long Hebrew line
    under an English one must still fit the screen (it overflows leftwards if mis-measured)."""
    driver = fresh(open_page, PRESENT)
    press(driver, Keys.PAGE_DOWN, Keys.PAGE_DOWN)
    box = driver.execute_script("""
      const slide = document.querySelector('.stage .slide.current');
      slide.setAttribute('dir', 'auto');
      const body = slide.querySelector('.slide-body');
      body.innerHTML = '<span class="line">Hinei ma tov</span>' +
        '<span class="line">' + 'הִנֵּה מַה טּוֹב וּמַה נָּעִים שֶׁבֶת אַחִים גַּם יָחַד '.repeat(3) + '</span>';
      window.lecternDeck.refit();
      const out = [];
      for (const line of body.querySelectorAll('.line')) {
        const r = document.createRange(); r.selectNodeContents(line);
        const b = r.getBoundingClientRect();
        out.push({left: b.left, right: b.right, dir: getComputedStyle(line).unicodeBidi});
      }
      return {lines: out, width: innerWidth};""")
    for line in box["lines"]:
        assert 0 <= line["left"] and line["right"] <= box["width"], box


def test_a_window_opened_on_black_starts_black_with_no_fade(open_page, screen, browser):
    driver = fresh(open_page, PRESENT)
    press(driver, "b")
    driver.refresh()
    opacity = driver.execute_script("return getComputedStyle(document.querySelector('.black-screen')).opacity")
    assert opacity == "1", "no glimpse of the words while a reloaded window fades to black"


def test_section_letter_and_digit_search_from_where_the_letter_was_pressed(open_page, screen):
    """C then 1 on verse 1 of Psalm 23 (v1 v2 c v3 c v4) is the first chorus, not the second:
    the digit searches from where C was pressed, not from where C went."""
    driver = fresh(open_page, PRESENT)
    press(driver, "5")
    time.sleep(0.9)
    press(driver, Keys.PAGE_DOWN)  # on verse 1
    starts = driver.execute_script(
        "return Array.from(document.querySelectorAll('.stage .slide[data-item=\"5\"][data-starts]'))"
        ".map(s => [s.dataset.section, Number(s.dataset.index)])")
    assert [s for s, _ in starts] == ["v1", "v2", "c", "v3", "c", "v4"]
    press(driver, "c", "1")
    assert current(driver)["index"] == starts[2][1]


def test_keys_work_with_a_hebrew_keyboard_layout(open_page, screen):
    """The B key with a Hebrew layout sends 'נ' (code KeyB); the period key 'ץ' (code Period)."""
    driver = fresh(open_page, PRESENT)
    for key, code in (("נ", "KeyB"), ("ץ", "Period")):
        driver.execute_script(
            "document.dispatchEvent(new KeyboardEvent('keydown', {key: arguments[0], code: arguments[1], bubbles: true}))", key, code)
        assert current(driver)["screen"] == "black", code
        driver.execute_script(
            "document.dispatchEvent(new KeyboardEvent('keydown', {key: arguments[0], code: arguments[1], bubbles: true}))", key, code)
        assert current(driver)["screen"] == "show", code
