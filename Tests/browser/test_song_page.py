"""The song page's reading controls: transpose in the page, chords on and off, a text size kept
across visits, and the bar with title and key that stays at the top."""
from __future__ import annotations

from selenium.webdriver.common.by import By

SONG = "songs/amazing-grace/index.html"


def first_chords(driver, n=4):
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".lyrics .chord")][:n]


def test_transposing_changes_the_chords_and_the_key(open_page):
    driver = open_page(SONG)
    assert first_chords(driver) == ["G", "G7", "C", "G"]
    up = driver.find_element(By.CSS_SELECTOR, ".transpose-up")
    up.click()
    up.click()
    # Two semitones up from G is A: every chord keeps its degree.
    assert first_chords(driver) == ["A", "A7", "D", "A"]
    assert driver.find_element(By.CSS_SELECTOR, ".song-bar .song-key").text == "A"
    assert driver.find_element(By.CSS_SELECTOR, ".transpose-steps").text == "+2"
    down = driver.find_element(By.CSS_SELECTOR, ".transpose-down")
    for _ in range(3):
        down.click()
    # One below G is spelled F# (G♭ would need C♭): the key's usual name.
    assert first_chords(driver) == ["F#", "F#7", "B", "F#"]
    assert driver.find_element(By.CSS_SELECTOR, ".transpose-steps").text == "\u22121"
    # The table the page reads holds every chord of the song in all twelve keys.
    table = driver.execute_script("return JSON.parse(document.querySelector('script.transpose-table').textContent)")
    assert all(len(v) == 12 for v in table["chords"].values())


def test_capo_line_follows_the_key(open_page):
    driver = open_page("songs/abide-with-me/index.html")
    capo = driver.find_element(By.CSS_SELECTOR, ".song-capo")
    assert capo.text == "Capo 1 (plays in D)"  # written in E♭
    driver.find_element(By.CSS_SELECTOR, ".transpose-up").click()
    assert driver.find_element(By.CSS_SELECTOR, ".song-key").text == "E"
    assert capo.text == "Capo 1 (plays in Eb)"


def test_chords_can_be_hidden_and_stay_hidden(open_page):
    driver = open_page(SONG)
    toggle = driver.find_element(By.CSS_SELECTOR, ".chords-toggle")
    assert toggle.get_attribute("aria-pressed") == "true"
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "false"
    assert all(not e.is_displayed() for e in driver.find_elements(By.CSS_SELECTOR, ".lyrics .chord"))
    driver = open_page("songs/it-is-well/index.html")
    assert all(not e.is_displayed() for e in driver.find_elements(By.CSS_SELECTOR, ".lyrics .chord"))
    driver.find_element(By.CSS_SELECTOR, ".chords-toggle").click()
    assert driver.find_elements(By.CSS_SELECTOR, ".lyrics .chord")[0].is_displayed()


def lyrics_size(driver):
    return driver.execute_script("return parseFloat(getComputedStyle(document.querySelector('.lyrics .lyric')).fontSize)")


def test_text_size_is_kept_over_a_reload(open_page):
    driver = open_page(SONG)
    driver.find_element(By.CSS_SELECTOR, ".font-reset").click()
    normal = lyrics_size(driver)
    for _ in range(3):
        driver.find_element(By.CSS_SELECTOR, ".font-larger").click()
    larger = lyrics_size(driver)
    assert larger > normal * 1.25
    driver.refresh()
    assert abs(lyrics_size(driver) - larger) < 0.5, "the size is remembered"
    # Also on another song, in the other language.
    driver = open_page("he/songs/hinei-ma-tov/index.html")
    assert abs(lyrics_size(driver) - larger) < 0.5
    driver.find_element(By.CSS_SELECTOR, ".font-reset").click()
    assert abs(lyrics_size(driver) - normal) < 0.5


def test_the_bar_stays_at_the_top_while_the_lyrics_scroll(open_page):
    driver = open_page(SONG)
    driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    top = driver.execute_script("return document.querySelector('.song-bar').getBoundingClientRect().top")
    assert abs(top) < 1
    assert driver.find_element(By.CSS_SELECTOR, ".song-bar h1").is_displayed()
