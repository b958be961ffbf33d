#!/usr/bin/env python3
"""The library search benchmark: the size of the search data of a 10,000-song library, and the
time a keystroke's search takes in Chromium.

    Benchmarks/search.py [--lectern PATH] [--songs 10000]

Builds a generated library (the incremental benchmark's songs: a tenth of them Hebrew), opens
`songs/index.html` from file:// in headless Chromium, and types queries letter by letter. For
each keystroke it reads the page's own measure of the search (`lectern-search`: matching every
song, ranking the suggestions, putting the first 200 matching rows in the list), then forces
the style and layout that change causes. Both must fit in one 16 ms frame.
"""
import argparse
import gzip
import os
import pathlib
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
import generate  # noqa: E402  (the benchmark's song generator)
from bench_support import build, chromium, lectern_binary, percentile  # noqa: E402
from generate import write  # noqa: E402

QUERIES = ["amazing", "grace light", "author 4", "artist 12", "album 7", "זמר", "שָׁלוֹם", "xyz"]

TYPE_JS = """
const done = arguments[arguments.length - 1];
const queries = arguments[0];
const field = document.getElementById('song-search');
const search = [], layout = [];
function ran(query) {
  return new Promise(resolve => {
    (function poll() {
      const m = performance.getEntriesByName('lectern-search');
      if (m.length && m[m.length - 1].detail === query) resolve(m[m.length - 1].duration);
      else setTimeout(poll, 5);
    })();
  });
}
(async () => {
  for (const q of queries) {
    for (let i = 1; i <= q.length; i++) {
      field.value = q.slice(0, i);
      field.dispatchEvent(new Event('input', {bubbles: true}));
      search.push([await ran(field.value), field.value]);
      const t0 = performance.now();
      document.body.getBoundingClientRect();   // the style and layout the change needs
      layout.push(performance.now() - t0);
    }
  }
  field.value = '';
  field.dispatchEvent(new Event('input', {bubbles: true}));
  const cleared = await ran('');
  const t0 = performance.now();
  document.body.getBoundingClientRect();
  done({search, layout, cleared: cleared + performance.now() - t0});
})();
"""


def make_site(root: pathlib.Path, songs: int):
    import random
    rng = random.Random(11)
    write(root / "Content/site.yaml", "title: Benchmark Chapel\nlocale: en\nlocales: [en, he]\ntimezone: America/New_York\n")
    for i in range(songs):
        _, text = generate.song(rng, i)
        write(root / f"Content/songs/song-{i}.md", text)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lectern", default=None)
    parser.add_argument("--songs", type=int, default=10000)
    args = parser.parse_args()
    binary = lectern_binary(args.lectern)

    work = pathlib.Path(tempfile.mkdtemp(prefix="lectern-search-"))
    make_site(work, args.songs)
    build(binary, work)
    out = work / "Output"
    data = (out / "songs/search-data.js").read_bytes()
    page = (out / "songs/index.html").read_bytes()

    driver = chromium(1280, 900)
    try:
        results = {}
        for locale in ("", "he/"):
            driver.get((out / f"{locale}songs/index.html").as_uri())
            ready = driver.execute_script(
                "const n = performance.getEntriesByType('navigation')[0];"
                "return {load: n.loadEventEnd, rows: document.querySelectorAll('.song-row').length}")
            results[locale] = (ready, driver.execute_async_script(TYPE_JS, QUERIES))
    finally:
        driver.quit()

    print(f"{args.songs} songs: search data {len(data) / 1024:.0f} KB ({len(gzip.compress(data)) / 1024:.0f} KB gzipped), "
          f"{len(data) / args.songs:.0f} bytes a song; library page {len(page) / 1024:.0f} KB "
          f"({len(gzip.compress(page)) / 1024:.0f} KB gzipped)")
    for locale, (ready, r) in results.items():
        s, queries, lay = [x[0] for x in r["search"]], [x[1] for x in r["search"]], r["layout"]
        total = [a + b for a, b in zip(s, lay)]
        name = locale.rstrip("/") or "en"
        print(f"[{name}] page loaded in {ready['load']:.0f} ms showing {ready['rows']} rows")
        print(f"[{name}] a keystroke's search ({len(s)} keystrokes): median {statistics.median(s):.2f} ms, "
              f"p95 {percentile(s, 95):.2f} ms, max {max(s):.2f} ms; target <= 16 ms")
        print(f"[{name}] search + style and layout: median {statistics.median(total):.2f} ms, "
              f"p95 {percentile(total, 95):.2f} ms, max {max(total):.2f} ms")
        slow = sorted(range(len(s)), key=lambda i: -total[i])[:3]
        print(f"[{name}] emptying the field (back to the first page): {r['cleared']:.0f} ms")
        print(f"[{name}] slowest: " + ", ".join(f"'{queries[i]}' {s[i]:.1f} + {lay[i]:.1f} ms" for i in slow))
    print(f"(site and output in {work})")


if __name__ == "__main__":
    main()
