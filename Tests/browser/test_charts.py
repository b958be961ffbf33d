"""A service's chord charts (`services/<id>/charts/`): in the service's key, printable one song
per page."""
from __future__ import annotations

import base64
import re

from selenium.webdriver.common.by import By

CHARTS = "services/2026-11-22-morning/charts/index.html"


def test_charts_show_the_services_key_and_hide_the_site_in_print(open_page):
    driver = open_page(CHARTS)
    charts = driver.find_elements(By.CSS_SELECTOR, "article.chart")
    titles = [c.find_element(By.CSS_SELECTOR, "h2").text for c in charts]
    assert len(titles) == 5 and titles[0].endswith("Amazing Grace")
    # Amazing Grace is written in G; this service sings it in A.
    first_chords = [e.text for e in charts[0].find_elements(By.CSS_SELECTOR, ".chord")][:4]
    assert first_chords == ["A", "A7", "D", "A"]
    assert "(from G)" in charts[0].find_element(By.CSS_SELECTOR, ".chart-key").text

    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        hidden = driver.execute_script(
            "return ['.site-header', '.project-links'].map(s => getComputedStyle(document.querySelector(s)).display)")
        assert hidden == ["none", "none"]
        breaks = driver.execute_script(
            "return [...document.querySelectorAll('article.chart')].map(a => getComputedStyle(a).breakBefore)")
        assert breaks == ["auto"] + ["page"] * 4, "each song after the first starts a new page"
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_printing_gives_a_page_per_song(open_page):
    driver = open_page(CHARTS)
    pdf = base64.b64decode(driver.execute_cdp_cmd("Page.printToPDF", {"preferCSSPageSize": True})["data"])
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    # Five songs, each from the top of a page; a long one may run onto a second page.
    assert 5 <= pages <= 8, pages
