"""The exports read by other programs: a service's `service.txt` and `service.ics`, a shoot
list's `checklist.csv`, and `songs/usage.csv`. Each is read back with a standard parser
(PyPI's `icalendar`, Python's `csv`), not with Lectern's own code."""
from __future__ import annotations

import csv
import datetime
import io
import zoneinfo

SERVICE = "services/2026-11-22-morning/"


def test_service_text_is_the_order_of_service(output_dir):
    text = (output_dir / SERVICE / "service.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[:3] == ["Sunday Morning Worship", "Sunday, November 22, 2026, 10:00\u202fAM", "Leader: Dana Levi"]
    assert "1. Welcome to Grace Chapel Shalom — today we sing in English and in Hebrew." in lines
    assert "2. Amazing Grace (Key A) — Congregation stands" in lines
    assert "3. Psalm Reading: Psalm 133" in lines
    assert lines[-1] == "9. Go in peace. The Lord bless you and keep you."
    assert "<" not in text and "&amp;" not in text and "**" not in text
    assert "Cantor Levi" not in text, "team notes stay out of what is pasted into an email"


def test_service_calendar_event_parses_with_the_right_local_time(output_dir):
    import icalendar
    raw = (output_dir / SERVICE / "service.ics").read_bytes()
    assert b"\r\n" in raw and b"\n" not in raw.replace(b"\r\n", b"")
    assert all(len(line) <= 75 for line in raw.split(b"\r\n")), "lines are folded at 75 octets"
    calendar = icalendar.Calendar.from_ical(raw)
    events = [c for c in calendar.walk("VEVENT")]
    assert len(events) == 1
    event = events[0]
    start = event.decoded("DTSTART")
    assert start == datetime.datetime(2026, 11, 22, 10, 0, tzinfo=zoneinfo.ZoneInfo("America/New_York"))
    assert start.utcoffset() == datetime.timedelta(hours=-5)
    assert str(event["SUMMARY"]) == "Sunday Morning Worship"
    assert str(event["UID"]) == "service-2026-11-22-morning@gracechapel.example.org"
    assert str(event["URL"]) == "https://gracechapel.example.org/services/2026-11-22-morning/index.html"
    description = str(event["DESCRIPTION"]).splitlines()
    assert description[0] == "Leader: Dana Levi"
    assert "2. Amazing Grace (Key A) — Congregation stands" in description
    timezones = [c for c in calendar.walk("VTIMEZONE")]
    assert [str(t["TZID"]) for t in timezones] == ["America/New_York"]
    # The same event in the Hebrew site: another description, the same UID and time.
    hebrew = icalendar.Calendar.from_ical((output_dir / "he" / SERVICE / "service.ics").read_bytes())
    he_event = next(iter(hebrew.walk("VEVENT")))
    assert str(he_event["UID"]) == str(event["UID"]) and he_event.decoded("DTSTART") == start


def test_a_summer_service_has_the_summer_offset(output_dir, site_dir, tmp_path):
    # A service in July: the VTIMEZONE of its year says daylight saving time (UTC-4).
    import icalendar
    from conftest import build_variant
    site = build_variant(site_dir, tmp_path / "site", {
        "services/2026/2026-07-05-summer.md": "---\ntitle: Summer Evening\ndate: 2026-07-05 19:30\nitems: [amazing-grace]\n---\n"})
    calendar = icalendar.Calendar.from_ical((site / "Output/services/2026-07-05-summer/service.ics").read_bytes())
    start = next(iter(calendar.walk("VEVENT"))).decoded("DTSTART")
    assert start.utcoffset() == datetime.timedelta(hours=-4)
    offsets = {str(c.name): c.decoded("TZOFFSETTO") for c in next(iter(calendar.walk("VTIMEZONE"))).subcomponents}
    assert offsets == {"DAYLIGHT": datetime.timedelta(hours=-4), "STANDARD": datetime.timedelta(hours=-5)}


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.reader(f))


def test_checklist_csv_has_a_row_per_item_with_every_attribute(output_dir, site_dir):
    rows = read_csv(output_dir / "shootlists/lincoln-high-2025/checklist.csv")
    header, items = rows[0], rows[1:]
    assert header == ["Category", "Item", "Id", "Status", "Required", "Done on", "By", "Session", "Images", "Notes"]
    page = (output_dir / "shootlists/lincoln-high-2025/index.html").read_text(encoding="utf-8")
    assert len(items) == page.count('<li class="check-item')
    assert all(len(r) == len(header) for r in items)
    done = [r for r in items if r[3] == "Done"]
    assert done and all(r[5] for r in done), "every done item has its date"


def test_usage_csv_parses(output_dir):
    rows = read_csv(output_dir / "songs/usage.csv")
    assert rows[0] == ["Song", "CCLI #", "Times used", "Last used"]
    assert len(rows) == 16
    assert ["Come, Thou Fount of Every Blessing", "", "1", "2026-11-15"] in rows


def test_upcoming_calendar_has_every_upcoming_service_with_the_same_uids(output_dir):
    import icalendar
    feed = icalendar.Calendar.from_ical((output_dir / "services/upcoming.ics").read_bytes())
    events = {str(e["UID"]): e for e in feed.walk("VEVENT")}
    # From the build date (22 November 2026) on: that morning, Advent, Christmas Eve.
    assert sorted(events) == ["service-2026-11-22-morning@gracechapel.example.org",
                              "service-2026-11-29-advent@gracechapel.example.org",
                              "service-2026-12-24-christmas-eve@gracechapel.example.org"]
    one = icalendar.Calendar.from_ical((output_dir / "services/2026-11-29-advent/service.ics").read_bytes())
    single = next(iter(one.walk("VEVENT")))
    same = events[str(single["UID"])]
    assert same.decoded("DTSTART") == single.decoded("DTSTART")
    assert str(same["DESCRIPTION"]) == str(single["DESCRIPTION"])


def test_services_json_feed(output_dir):
    import json
    feed = json.loads((output_dir / "services/feed.json").read_text(encoding="utf-8"))
    assert feed["version"] == "https://jsonfeed.org/version/1.1"
    assert feed["feed_url"] == "https://gracechapel.example.org/services/feed.json"
    services = {item["_lectern"]["id"]: item for item in feed["items"]}
    pages = {p.parent.name for p in (output_dir / "services").glob("*/index.html")}
    assert set(services) == pages, "one item per published service"
    morning = services["2026-11-22-morning"]
    assert morning["title"] == "Sunday Morning Worship" and morning["content_text"]
    data = morning["_lectern"]
    assert (data["date"], data["time"], data["timezone"], data["leader"]) == ("2026-11-22", "10:00", "America/New_York", "Dana Levi")
    song = next(i for i in data["items"] if i["kind"] == "song")
    assert song == {"kind": "song", "song": "amazing-grace", "title": "Amazing Grace", "key": "A",
                    "order": ["v1", "v2", "v3", "v5"], "note": "Congregation stands", "ccli": "22025"}
    assert [i["kind"] for i in data["items"]][:3] == ["slide", "song", "heading"]


def test_hymn_usage_over_a_chosen_period(open_page):
    from selenium.webdriver.common.by import By

    def table(driver):
        return driver.execute_script(
            "return [...document.querySelectorAll('.usage-table tbody tr')].filter(r => !r.hidden)"
            ".map(r => [r.querySelector('a').textContent, r.querySelector('.usage-count').textContent])")

    def set_date(driver, selector, value):
        driver.execute_script(
            "const f = document.querySelector(arguments[0]); f.value = arguments[1];"
            "f.dispatchEvent(new Event('change', {bubbles: true}));", selector, value)

    driver = open_page("songs/usage.html")
    # The whole archive up to the build date: 8, 15 and 22 November; Amazing Grace twice.
    everything = table(driver)
    assert everything[0] == ["Amazing Grace", "2"] and len(everything) == 10
    assert driver.find_element(By.CSS_SELECTOR, ".usage-summary").text == "10 songs in 3 services"
    set_date(driver, ".usage-from", "2026-11-08")
    set_date(driver, ".usage-to", "2026-11-15")
    assert sorted(table(driver)) == sorted([[t, "1"] for t in (
        "Holy, Holy, Holy", "Amazing Grace", "Abide with Me", "Come, Thou Fount of Every Blessing",
        "It Is Well with My Soul", "Rock of Ages")])
    assert driver.find_element(By.CSS_SELECTOR, ".usage-summary").text == "6 songs in 2 services"
    set_date(driver, ".usage-from", "2026-11-16")
    set_date(driver, ".usage-to", "2026-11-21")
    assert table(driver) == [] and driver.find_element(By.CSS_SELECTOR, ".usage-none").is_displayed()


def test_a_january_service_in_sydney_and_an_empty_upcoming_calendar(site_dir, tmp_path):
    # Each calendar says the offset a year starts in (the change before January 1 is listed),
    # and a calendar with no upcoming service still holds a component (RFC 5545 needs one).
    import icalendar
    from dateutil import tz as dateutil_tz
    from conftest import build_variant, lectern_bin
    yaml = (site_dir / "Content/site.yaml").read_text(encoding="utf-8")
    site = build_variant(site_dir, tmp_path / "site", {
        "site.yaml": yaml.replace("America/New_York", "Australia/Sydney"),
        "services/2027-02-07-summer.md": "---\ntitle: Summer Morning\ndate: 2027-02-07 10:00\nitems: [amazing-grace]\n---\n"})
    raw = (site / "Output/services/2027-02-07-summer/service.ics").read_bytes()
    calendar = icalendar.Calendar.from_ical(raw)
    start = next(iter(calendar.walk("VEVENT"))).decoded("DTSTART")
    assert start.utcoffset() == datetime.timedelta(hours=11)
    # Read with the VTIMEZONE alone (dateutil's tzical, no zone database): still +11.
    zones = dateutil_tz.tzical(io.StringIO(raw.decode("utf-8")))
    local = datetime.datetime(2027, 2, 7, 10, 0, tzinfo=zones.get("Australia/Sydney"))
    assert local.utcoffset() == datetime.timedelta(hours=11)

    import subprocess
    subprocess.run([str(lectern_bin()), "build", "--site", str(site), "--date", "2028-01-01", "--quiet"], check=True)
    empty = icalendar.Calendar.from_ical((site / "Output/services/upcoming.ics").read_bytes())
    assert list(empty.walk("VEVENT")) == [] and len(list(empty.walk("VTIMEZONE"))) == 1
