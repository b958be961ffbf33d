"""The set-list builder in the library: add three songs (one, then two ticked together), put
them in order with the keyboard, keep them over a reload, present them one after another, and
download them as a service file that builds with the songs in that order."""
from __future__ import annotations

import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import build_variant, open_file


def set_titles(driver):
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".setlist-items .setlist-title")]


def row(driver, song_id):
    return driver.find_element(By.CSS_SELECTOR, f".song-row[data-id='{song_id}']")


def deck(driver):
    return driver.execute_script("return [document.body.dataset.deck, window.lecternDeck.state().slide, window.lecternDeck.slides.length]")


def test_build_a_set_list_present_it_and_download_it(open_page, output_dir, site_dir, tmp_path):
    driver = open_page("songs/index.html")
    driver.execute_script("localStorage.removeItem('lectern.setList')")
    driver = open_page("songs/index.html")
    assert set_titles(driver) == []
    row(driver, "amazing-grace").find_element(By.CSS_SELECTOR, ".add-to-set").click()
    row(driver, "rock-of-ages").find_element(By.CSS_SELECTOR, ".row-select").click()
    row(driver, "it-is-well").find_element(By.CSS_SELECTOR, ".row-select").click()
    driver.find_element(By.CSS_SELECTOR, ".add-selected").click()
    assert set_titles(driver) == ["Amazing Grace", "It Is Well with My Soul", "Rock of Ages"]

    # The keyboard: Rock of Ages up twice with Alt+Up; focus stays on it.
    items = driver.find_elements(By.CSS_SELECTOR, ".setlist-item")
    items[2].send_keys(Keys.ALT, Keys.ARROW_UP)
    driver.switch_to.active_element.send_keys(Keys.ALT, Keys.ARROW_UP)
    assert set_titles(driver) == ["Rock of Ages", "Amazing Grace", "It Is Well with My Soul"]
    assert driver.switch_to.active_element.get_attribute("data-id") == "rock-of-ages"
    driver.refresh()
    assert set_titles(driver) == ["Rock of Ages", "Amazing Grace", "It Is Well with My Soul"], "kept over a reload"

    # Present: the first song's slideshow; past its last slide, the next song from its first.
    driver.find_element(By.CSS_SELECTOR, ".setlist-present").click()
    WebDriverWait(driver, 5).until(lambda d: "rock-of-ages/present/index.html" in d.current_url)
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.END)
    name, slide, count = deck(driver)
    assert name == "song:rock-of-ages" and slide == count - 1
    body.send_keys(Keys.PAGE_DOWN)
    WebDriverWait(driver, 5).until(lambda d: "amazing-grace/present/index.html" in d.current_url)
    WebDriverWait(driver, 5).until(lambda d: d.execute_script("return !!window.lecternDeck"))
    assert deck(driver)[:2] == ["song:amazing-grace", 0]
    # And back: the previous song at its last slide.
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.PAGE_UP)
    WebDriverWait(driver, 5).until(lambda d: "rock-of-ages/present/index.html" in d.current_url)
    WebDriverWait(driver, 5).until(lambda d: d.execute_script("return !!window.lecternDeck"))
    name, slide, count = deck(driver)
    assert name == "song:rock-of-ages" and slide == count - 1

    # Download the service file, build a copy of the site with it, and read its order of service.
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    driver = open_page("songs/index.html")
    driver.find_element(By.CSS_SELECTOR, ".setlist-download").click()
    deadline = time.monotonic() + 10
    while not list(downloads.glob("*.md")) and time.monotonic() < deadline:
        time.sleep(0.1)
    files = list(downloads.glob("set-list-*.md"))
    assert len(files) == 1
    site = build_variant(site_dir, tmp_path / "site", {"services/" + files[0].name: files[0].read_text(encoding="utf-8")})
    service_id = files[0].stem
    driver = open_file(driver, site / f"Output/services/{service_id}/index.html")
    titles = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".order .item-title")]
    assert titles == ["Rock of Ages", "Amazing Grace", "It Is Well with My Soul"]


def test_dragging_a_song_onto_another_puts_it_in_that_place(open_page):
    driver = open_page("songs/index.html")
    driver.execute_script("localStorage.setItem('lectern.setList', JSON.stringify(['amazing-grace', 'it-is-well', 'rock-of-ages']))")
    driver = open_page("songs/index.html")
    # HTML drag and drop, as the browser fires it: dragstart on the item, dragover and drop on
    # the target, with one DataTransfer.
    driver.execute_script("""
        const items = document.querySelectorAll('.setlist-item');
        const data = new DataTransfer();
        const fire = (type, el) => el.dispatchEvent(new DragEvent(type, {bubbles: true, cancelable: true, dataTransfer: data}));
        fire('dragstart', items[2]);
        fire('dragover', items[0]);
        fire('drop', items[0]);
        fire('dragend', items[2]);
    """)
    assert set_titles(driver) == ["Rock of Ages", "Amazing Grace", "It Is Well with My Soul"]
    assert driver.execute_script("return JSON.parse(localStorage.getItem('lectern.setList'))") == [
        "rock-of-ages", "amazing-grace", "it-is-well"]


def test_ticks_survive_a_search_and_a_set_presented_again_starts_at_its_top(open_page):
    from test_library import search
    driver = open_page("songs/index.html")
    driver.execute_script("localStorage.removeItem('lectern.setList')")
    driver = open_page("songs/index.html")
    row(driver, "rock-of-ages").find_element(By.CSS_SELECTOR, ".row-select").click()
    search(driver, "holy")
    row(driver, "holy-holy-holy").find_element(By.CSS_SELECTOR, ".row-select").click()
    driver.find_element(By.CSS_SELECTOR, ".add-selected").click()
    assert set_titles(driver) == ["Holy, Holy, Holy", "Rock of Ages"]
    live = driver.find_element(By.CSS_SELECTOR, ".setlist-live").get_attribute("textContent")
    assert live == "2 songs added to the set list"
    # Every tick is taken off, on the rows the search had taken out too.
    search(driver, "")
    assert driver.find_elements(By.CSS_SELECTOR, ".row-select:checked") == []
    assert not driver.find_element(By.CSS_SELECTOR, ".add-selected").is_enabled()
    # Present, step into the second song, come back and present again: from the first slide.
    driver.find_element(By.CSS_SELECTOR, ".setlist-present").click()
    WebDriverWait(driver, 5).until(lambda d: "holy-holy-holy/present/index.html" in d.current_url)
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.END)
    body.send_keys(Keys.PAGE_DOWN)
    WebDriverWait(driver, 5).until(lambda d: "rock-of-ages/present/index.html" in d.current_url)
    driver = open_page("songs/index.html")
    driver.find_element(By.CSS_SELECTOR, ".setlist-present").click()
    WebDriverWait(driver, 5).until(lambda d: "holy-holy-holy/present/index.html" in d.current_url)
    WebDriverWait(driver, 5).until(lambda d: d.execute_script("return !!window.lecternDeck"))
    assert deck(driver)[:2] == ["song:holy-holy-holy", 0]
    # The start hint leaves the address: a reload stays where the show is.
    assert "from=first" not in driver.current_url and "set=holy-holy-holy,rock-of-ages" in driver.current_url
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.PAGE_DOWN)
    driver.refresh()
    WebDriverWait(driver, 5).until(lambda d: d.execute_script("return !!window.lecternDeck"))
    assert deck(driver)[:2] == ["song:holy-holy-holy", 1]
