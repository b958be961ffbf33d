"""Album pages: tracks in track order with a player each, and "play the next track" carries on
to the next track when one ends (the example album's tracks are short generated tones)."""
from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ALBUM = "albums/{}/index.html"


def album_page(open_page, output_dir):
    # The Shabbat album: the one whose tracks have audio.
    for page in sorted(output_dir.glob("albums/*/index.html")):
        if "<audio" in page.read_text(encoding="utf-8"):
            return open_page(str(page.relative_to(output_dir)))
    raise AssertionError("no album with audio in the example site")


def playing(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('.tracks audio')].map(a => !a.paused && !a.ended)")


def test_tracks_in_order_each_with_a_player(open_page, output_dir):
    driver = album_page(open_page, output_dir)
    numbers = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".track-number")]
    assert numbers == ["1", "2", "3", "4"]
    titles = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".track > a")]
    assert titles == ["שלום עליכם", "הנה מה טוב", "מזמור לדוד", "אדון עולם"]
    assert len(driver.find_elements(By.CSS_SELECTOR, ".track audio")) == 4
    assert driver.find_element(By.CSS_SELECTOR, ".album-cover").get_attribute("naturalWidth") != "0"


def test_autoplay_plays_the_next_track(open_page, output_dir):
    driver = album_page(open_page, output_dir)
    toggle = driver.find_element(By.CSS_SELECTOR, ".autoplay-next input")
    assert toggle.is_displayed()
    if not toggle.is_selected():
        toggle.click()
    driver.execute_script("document.querySelectorAll('.tracks audio')[0].play()")
    # The first track (0.6 s) ends and the second starts by itself.
    WebDriverWait(driver, 10).until(lambda d: playing(d)[1])
    assert driver.execute_script("return document.querySelectorAll('.tracks audio')[0].ended")
    assert "is-playing" in driver.find_elements(By.CSS_SELECTOR, ".track")[1].get_attribute("class")
    driver.execute_script("document.querySelectorAll('.tracks audio').forEach(a => a.pause())")


def test_without_autoplay_the_album_stops_after_a_track(open_page, output_dir):
    driver = album_page(open_page, output_dir)
    toggle = driver.find_element(By.CSS_SELECTOR, ".autoplay-next input")
    if not toggle.is_selected():
        toggle.click()
    driver = album_page(open_page, output_dir)
    toggle = driver.find_element(By.CSS_SELECTOR, ".autoplay-next input")
    assert toggle.is_selected(), "the choice is remembered from the last visit"
    toggle.click()
    driver.execute_script("document.querySelectorAll('.tracks audio')[0].play()")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.querySelectorAll('.tracks audio')[0].ended"))
    # Longer than the gap between two tracks when the next one does start.
    import time
    time.sleep(0.5)
    assert playing(driver) == [False, False, False, False]


def test_the_song_page_plays_its_audio(open_page):
    driver = open_page("songs/hinei-ma-tov/index.html")
    audio = driver.find_element(By.CSS_SELECTOR, ".song-audio audio")
    assert audio.get_attribute("src").endswith("media/audio/hinei-ma-tov.wav")
    driver.execute_script("arguments[0].play()", audio)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return arguments[0].ended", audio))
