"""What the browser benchmarks share: finding the lectern binary and opening headless Chromium."""
import pathlib
import sys

REPO = pathlib.Path(__file__).resolve().parents[1]


def lectern_binary(given=None):
    """`given`, else the newer of the release and debug builds (the pages' bytes are the same)."""
    if given:
        return given
    built = [c for c in (REPO / ".build-release/release/lectern", REPO / ".build/debug/lectern") if c.exists()]
    if not built:
        sys.exit("build lectern first (swift build --product lectern), or pass --lectern")
    return str(max(built, key=lambda c: c.stat().st_mtime))


def build(binary, site):
    """Builds a generated site into its Output/, on the benchmarks' fixed date."""
    import subprocess
    subprocess.run([binary, "build", "--site", str(site), "--date", "2026-11-22", "--quiet"], check=True)


def chromium(width=1920, height=1080):
    """Headless Chromium through chromedriver, at a fixed viewport."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu"):
        options.add_argument(a)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    driver.set_script_timeout(300)
    return driver


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]
