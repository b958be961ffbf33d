"""Shoot lists in the browser (filters, search) and the pages people print: a shoot list and an
order of service, printed to PDF by Chromium and read back with `pdftotext`."""
from __future__ import annotations

import base64
import re
import subprocess

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

LIST = "shootlists/lincoln-high-2025/index.html"
SERVICE = "services/2026-11-22-morning/index.html"


def visible_items(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('.check-item')].filter(li => li.offsetParent !== null)"
        ".map(li => ({name: li.querySelector('.check-name').textContent, done: li.classList.contains('is-done'),"
        " required: !li.classList.contains('is-optional')}))")


def test_shoot_list_filters(open_page):
    driver = open_page(LIST)
    every = visible_items(driver)
    assert len(every) == 15
    for show, keep in (("open", lambda i: not i["done"]), ("done", lambda i: i["done"]),
                       ("required-open", lambda i: i["required"] and not i["done"])):
        driver.find_element(By.CSS_SELECTOR, f"[data-show='{show}']").click()
        shown = visible_items(driver)
        assert shown == [i for i in every if keep(i)], show
        status = driver.find_element(By.CSS_SELECTOR, ".list-status").text
        assert status == ("1 item shown" if len(shown) == 1 else f"{len(shown)} items shown")
    # "Done": the Academics category has nothing done, so it is hidden with its heading.
    driver.find_element(By.CSS_SELECTOR, "[data-show='done']").click()
    headings = [h.text for h in driver.find_elements(By.CSS_SELECTOR, ".category h2") if h.is_displayed()]
    assert not any(h.startswith("Academics") for h in headings)
    driver.find_element(By.CSS_SELECTOR, "[data-show='all']").click()
    assert len(visible_items(driver)) == 15


def test_shoot_list_search(open_page):
    driver = open_page(LIST)
    field = driver.find_element(By.CSS_SELECTOR, ".list-search")
    field.send_keys("chess")
    assert [i["name"] for i in visible_items(driver)] == ["Chess club"]
    # Details are searched too: a note, a session number.
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("ladder")
    assert [i["name"] for i in visible_items(driver)] == ["Varsity football team photo"]
    # A photographer's name (a label and its value are separate words).
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("dana")
    names = [i["name"] for i in visible_items(driver)]
    assert names and "Chess club" in names and "Cheerleaders" not in names
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("zebra")
    assert visible_items(driver) == []
    assert driver.find_element(By.CSS_SELECTOR, ".list-no-match").is_displayed()
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.BACKSPACE)
    assert len(visible_items(driver)) == 15


def printed_text(driver, tmp_path, name):
    pdf = base64.b64decode(driver.execute_cdp_cmd("Page.printToPDF", {"preferCSSPageSize": True})["data"])
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(pdf)
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout
    return pages, text.split("\f")


def squeeze(text):
    return " ".join(text.split())


def test_printed_shoot_list_has_every_item_a_header_on_each_page_and_no_navigation(open_page, tmp_path):
    driver = open_page(LIST)
    names = [i["name"] for i in visible_items(driver)]
    pages, texts = printed_text(driver, tmp_path, "shootlist")
    assert pages >= 2
    whole = squeeze(" ".join(texts))
    for name in names:
        assert name in whole, name
    for page in texts[:pages]:
        assert squeeze(page).startswith("Lincoln High School · 2025-2026 · Bright Studio"), page[:200]
    for chrome in ("Shoot lists", "Albums", "Made with Lectern", "Search this list", "Download as a spreadsheet"):
        assert chrome not in whole, chrome
    # Each box is an empty square in print, a filled one when done.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        looks = driver.execute_script(
            "return [...document.querySelectorAll('.check-item input')].slice(0, 3).map(i => {"
            " const s = getComputedStyle(i); return [s.appearance, s.borderTopStyle, s.backgroundColor]; })")
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    assert looks[0] == ["none", "solid", "rgb(0, 0, 0)"]       # done
    assert looks[2] == ["none", "solid", "rgb(255, 255, 255)"]  # open


def test_printed_order_of_service_has_every_item_and_no_navigation(open_page, tmp_path):
    driver = open_page(SERVICE)
    titles = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".order .item-title")]
    assert len(titles) == 7
    _, texts = printed_text(driver, tmp_path, "service")
    whole = squeeze(" ".join(texts))
    for title in titles:
        assert title in whole, title
    assert "Go in peace." in whole and "Welcome to Grace Chapel" in whole
    for chrome in ("Services", "Albums", "Open the console", "Made with Lectern", "Skip to content"):
        assert chrome not in whole, chrome
