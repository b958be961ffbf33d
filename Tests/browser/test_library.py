"""The song library (`songs/index.html`): search as you type with suggestions, in English and in
Hebrew (with or without niqqud, final letters or not), sort, filters, today's songs, and the
empty state in the page's language."""
from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait


def search(driver, text):
    field = driver.find_element(By.ID, "song-search")
    # As a user empties the field (clear() would fire no input event).
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.BACKSPACE)
    if text:
        field.send_keys(text)
    # The search waits for a pause in typing: wait until it has run on the whole query.
    WebDriverWait(driver, 5).until(lambda d: d.execute_script(
        "const m = performance.getEntriesByName('lectern-search');"
        "return m.length > 0 && m[m.length - 1].detail === arguments[0]", text))
    return field


def suggestions(driver):
    return [e.find_element(By.CSS_SELECTOR, ".suggestion-title").text
            for e in driver.find_elements(By.CSS_SELECTOR, "#song-suggestions li")
            if e.is_displayed()]


def shown_titles(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('.song-list .song-row')].filter(r => !r.hidden)"
        ".map(r => r.querySelector('a').textContent)")


def test_english_search_suggests_by_title_author_and_first_line(open_page):
    driver = open_page("songs/index.html")
    search(driver, "amaz")
    assert suggestions(driver) == ["Amazing Grace"]
    assert shown_titles(driver) == ["Amazing Grace"]
    # A prefix of each word, anywhere: the author, then a first line.
    search(driver, "newt")
    assert suggestions(driver) == ["Amazing Grace"]
    search(driver, "fast falls")
    assert suggestions(driver) == ["Abide with Me"]
    # Titles that start with the query come first; at most five.
    search(driver, "h")
    found = suggestions(driver)
    assert 1 <= len(found) <= 5 and found[0] == "Holy, Holy, Holy"
    assert len(shown_titles(driver)) >= len(found)
    status = driver.find_element(By.CSS_SELECTOR, ".library-status").text
    assert status == f"{len(shown_titles(driver))} songs found"


def test_a_suggestion_opens_with_the_keyboard(open_page):
    driver = open_page("songs/index.html")
    field = search(driver, "rock")
    field.send_keys(Keys.ARROW_DOWN)
    field.send_keys(Keys.ENTER)
    WebDriverWait(driver, 5).until(lambda d: d.current_url.endswith("songs/rock-of-ages/index.html"))


def test_hebrew_search_with_and_without_niqqud(open_page):
    driver = open_page("he/songs/index.html")
    search(driver, "הנה")
    assert suggestions(driver) == ["הנה מה טוב"]
    # The same word with its points, and the first line's words (written with points) without.
    search(driver, "הִנֵּה")
    assert suggestions(driver) == ["הנה מה טוב"]
    search(driver, "ומה נע")
    assert suggestions(driver) == ["הנה מה טוב"]
    # Cantillation marks are dropped too (U+0591 etnahta, U+05A5 merkha).
    search(driver, "שָׁל\u0591וֹם")
    assert "שלום עליכם" in suggestions(driver)
    # A final letter typed in the middle of a prefix matches its plain form, and the other way round.
    search(driver, "עולמ")
    assert suggestions(driver) == ["אדון עולם"]
    search(driver, "מזמור לדוד")
    assert suggestions(driver) == ["מזמור לדוד"]
    # Latin alternate titles are searched too.
    search(driver, "shir")
    assert suggestions(driver) == ["שיר למעלות"]


def test_no_match_shows_the_empty_state_in_the_page_language(open_page):
    driver = open_page("he/songs/index.html")
    search(driver, "zzzz")
    assert suggestions(driver) == []
    empty = driver.find_element(By.CSS_SELECTOR, ".library-no-match")
    assert empty.is_displayed() and empty.text == "אין שיר שמתאים לחיפוש."
    assert not driver.find_element(By.CSS_SELECTOR, ".song-list").is_displayed()
    search(driver, "")
    assert not empty.is_displayed()
    assert len(shown_titles(driver)) == 15


def test_filters_and_todays_songs(open_page):
    driver = open_page("songs/index.html")
    Select(driver.find_element(By.CSS_SELECTOR, "select[data-filter='album']")).select_by_visible_text("שירי שבת")
    assert sorted(shown_titles(driver)) == sorted(["אדון עולם", "הנה מה טוב", "מזמור לדוד", "שלום עליכם"])
    Select(driver.find_element(By.CSS_SELECTOR, "select[data-filter='album']")).select_by_index(0)
    Select(driver.find_element(By.CSS_SELECTOR, "select[data-filter='language']")).select_by_visible_text("Hebrew")
    assert len(shown_titles(driver)) == 6
    Select(driver.find_element(By.CSS_SELECTOR, "select[data-filter='tags']")).select_by_visible_text("psalms")
    assert sorted(shown_titles(driver)) == sorted(["הנה מה טוב", "מזמור לדוד", "שיר למעלות"])
    Select(driver.find_element(By.CSS_SELECTOR, "select[data-filter='language']")).select_by_index(0)
    Select(driver.find_element(By.CSS_SELECTOR, "select[data-filter='tags']")).select_by_index(0)
    today = driver.execute_script(
        "return [...document.querySelectorAll('.song-row.in-today a')].map(a => a.textContent)")
    assert len(today) == 5
    driver.find_element(By.CSS_SELECTOR, ".today-only").click()
    assert sorted(shown_titles(driver)) == sorted(today)
    driver.find_element(By.CSS_SELECTOR, ".today-only").click()
    assert len(shown_titles(driver)) == 15


def test_sorting_by_title_artist_key_and_recently_viewed(open_page):
    driver = open_page("he/songs/index.html")
    titles = shown_titles(driver)
    # Hebrew alphabetical order on the Hebrew page, Hebrew titles before Latin ones.
    hebrew = [t for t in titles if "\u05d0" <= t[0] <= "\u05ea"]
    assert titles[:len(hebrew)] == hebrew and hebrew == sorted(hebrew)
    sort = Select(driver.find_element(By.CSS_SELECTOR, ".library-sort"))
    sort.select_by_value("key")
    keys = driver.execute_script(
        "return [...document.querySelectorAll('.song-row .song-key-cell')].map(c => c.textContent.trim())")
    # By pitch from C, the major key before the minor one on the same note.
    pitch = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}

    def order(key):
        pc = pitch[key[0]] + (1 if key[1:2] == "#" else -1 if key[1:2] == "b" else 0)
        return (pc % 12, key.endswith("m"))
    assert keys == sorted(keys, key=order), keys
    assert keys.index("D") < keys.index("Dm") < keys.index("Eb")
    sort.select_by_value("artist")
    artists = driver.execute_script(
        "return [...document.querySelectorAll('.song-row .song-artist')].map(c => c.textContent.trim())")
    named = [a for a in artists if a]
    assert artists[:len(named)] == named, "songs with an artist come first"
    # Visit two songs; "recently viewed" puts the last one first.
    open_page("songs/psalm-23/index.html")
    open_page("songs/rock-of-ages/index.html")
    driver = open_page("he/songs/index.html")
    sort = Select(driver.find_element(By.CSS_SELECTOR, ".library-sort"))
    assert sort.first_selected_option.get_attribute("value") == "artist", "the chosen order is remembered"
    sort.select_by_value("recent")
    assert shown_titles(driver)[:2] == ["Rock of Ages", "מזמור לדוד"]
    sort.select_by_value("title")


def test_a_long_list_shows_its_first_page_and_a_button_for_the_rest(open_page, output_dir):
    # The library shows `data-page-size` rows at a time (200 in the theme); a copy of the page
    # beside it with a page size of 3 shows the same behaviour on the example's 15 songs.
    page = (output_dir / "songs/index.html").read_text(encoding="utf-8")
    assert 'data-page-size="200"' in page
    copy = output_dir / "songs/small-pages.html"
    copy.write_text(page.replace('data-page-size="200"', 'data-page-size="3"'), encoding="utf-8")
    try:
        check_page_size(open_page)
    finally:
        copy.unlink()  # the other tests check every page of the build


def check_page_size(open_page):
    driver = open_page("songs/small-pages.html")
    more = driver.find_element(By.CSS_SELECTOR, ".library-more")
    assert shown_titles(driver) == ["Abide with Me", "All Creatures of Our God and King", "Amazing Grace"]
    assert more.is_displayed() and more.text == "Show all 15"
    search(driver, "o")
    found = int(driver.find_element(By.CSS_SELECTOR, ".library-status").text.split()[0])
    assert found > 3 and len(shown_titles(driver)) == 3
    assert more.text == f"Show all {found}"
    more.click()
    assert len(shown_titles(driver)) == found and not more.is_displayed()
    search(driver, "")
    assert len(shown_titles(driver)) == 3 and more.text == "Show all 15"
    more.click()
    assert len(shown_titles(driver)) == 15
