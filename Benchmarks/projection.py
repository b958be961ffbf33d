#!/usr/bin/env python3
"""The projection benchmark: next-slide latency in Chromium on a 100-song service, and the
weight of a 10-song service's audience page with its CSS and JS.

    Benchmarks/projection.py [--lectern PATH] [--steps 300]

Builds a generated site (100 songs; a service singing all of them, one singing ten), opens
the 100-song slideshow from file:// in headless Chromium at 1920×1080, and steps through it
with PageDown. For each step it measures, inside the page, the time from the key event to
the end of the style and layout work it causes (what must fit in one 16 ms frame), and to
the next animation frame. Also the time to fit every slide's text at load.
"""
import argparse
import os
import pathlib
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
import generate  # noqa: E402  (the benchmark's song generator)
from bench_support import build, chromium, lectern_binary, percentile  # noqa: E402
from generate import write  # noqa: E402

STEP_JS = """
const done = arguments[arguments.length - 1];
const steps = arguments[0];
const work = [], frame = [];
function nextFrame() { return new Promise(r => requestAnimationFrame(() => r())); }
(async () => {
  for (let i = 0; i < steps; i++) {
    await nextFrame();
    const t0 = performance.now();
    document.dispatchEvent(new KeyboardEvent('keydown', {key: 'PageDown', bubbles: true}));
    document.body.getBoundingClientRect();   // the style and layout the change needs
    work.push(performance.now() - t0);
    await nextFrame();
    frame.push(performance.now() - t0);
  }
  done({work, frame, at: window.lecternDeck.state().slide});
})();
"""

FIT_JS = """
const t0 = performance.now();
window.lecternDeck.refit();
document.body.getBoundingClientRect();
return {ms: performance.now() - t0, slides: window.lecternDeck.slides.length};
"""


def make_site(root: pathlib.Path):
    import random
    rng = random.Random(7)
    write(root / "Content/site.yaml", "title: Benchmark Chapel\nlocale: en\nlocales: [en, he]\n"
          "timezone: America/New_York\nccli_license: \"1234567\"\n")
    for i in range(100):
        _, text = generate.song(rng, i)
        text = text.replace("---\n", "---\nccli: \"%d\"\ncopyright: Public Domain\n" % (1000 + i), 1)
        write(root / f"Content/songs/song-{i}.md", text)
    for name, count in (("hundred-songs", 100), ("ten-songs", 10)):
        items = "\n".join(f"  - song-{i}" for i in range(count))
        write(root / f"Content/services/{name}.md",
              f"---\ntitle: {count} songs\ndate: 2026-11-22 10:00\nitems:\n{items}\n---\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lectern", default=None)
    parser.add_argument("--steps", type=int, default=300)
    args = parser.parse_args()
    binary = lectern_binary(args.lectern)

    work = pathlib.Path(tempfile.mkdtemp(prefix="lectern-projection-"))
    make_site(work)
    build(binary, work)
    out = work / "Output"

    page = out / "services/ten-songs/present/index.html"
    weight = {name: path.stat().st_size for name, path in
              (("page", page), ("present.css", out / "assets/present.css"), ("present.js", out / "assets/present.js"))}
    total = sum(weight.values())

    driver = chromium()
    try:
        driver.get((out / "services/hundred-songs/present/index.html").as_uri())
        driver.execute_script("localStorage.clear()")
        driver.refresh()
        fit = driver.execute_script(FIT_JS)
        result = driver.execute_async_script(STEP_JS, args.steps)
    finally:
        driver.quit()

    w, f = result["work"], result["frame"]
    print(f"audience page of a 10-song service: {total / 1024:.1f} KB "
          f"(page {weight['page'] / 1024:.1f} KB, present.css {weight['present.css'] / 1024:.1f} KB, "
          f"present.js {weight['present.js'] / 1024:.1f} KB); target < 100 KB")
    print(f"100-song service: {fit['slides']} slides; fitting every slide's text: {fit['ms']:.0f} ms")
    print(f"next slide, key to layout done ({len(w)} steps): median {statistics.median(w):.2f} ms, "
          f"p95 {percentile(w, 95):.2f} ms, max {max(w):.2f} ms; target <= 16 ms")
    slow = sorted(range(len(w)), key=lambda i: -w[i])[:3]
    print("slowest steps: " + ", ".join(f"step {i + 1} {w[i]:.1f} ms" for i in slow))
    print(f"next slide, key to the next frame: median {statistics.median(f):.1f} ms, p95 {percentile(f, 95):.1f} ms")
    print(f"(site and output in {work})")


if __name__ == "__main__":
    main()
