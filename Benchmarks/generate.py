#!/usr/bin/env python3
"""Generates the benchmark sites: a Lectern site and the equivalent Hugo site.

    generate.py OUT_DIR [--songs 10000] [--services 520] [--lists 40] [--items 200]

OUT_DIR/lectern is a Lectern site (Content/ with English and Hebrew locales); OUT_DIR/hugo is a
Hugo site with the same Markdown pages in both languages and minimal layouts, so both tools
build the same number of pages from the same text. Deterministic: same arguments, same files.
"""
import argparse
import datetime
import os
import random

HEBREW_WORDS = ["שָׁלוֹם", "אוֹר", "שִׁיר", "לֵב", "אֱמוּנָה", "תְּהִלָּה", "יָם", "שָׁמַיִם", "אֶרֶץ", "חֶסֶד"]
ENGLISH_WORDS = ["grace", "light", "morning", "river", "mercy", "glory", "song", "heart", "faith", "peace",
                 "mountain", "shepherd", "valley", "hope", "joy", "rest"]
CHORDS = ["G", "C", "D", "Em", "Am", "D/F#", "G7", "Cmaj7", "Bm", "A7"]


def words(rng, hebrew, n):
    pool = HEBREW_WORDS if hebrew else ENGLISH_WORDS
    return " ".join(rng.choice(pool) for _ in range(n))


def lyric_line(rng, hebrew):
    parts = []
    for _ in range(3):
        parts.append(f"[{rng.choice(CHORDS)}]{words(rng, hebrew, 2)} ")
    return "".join(parts).rstrip()


def song(rng, i):
    hebrew = i % 10 == 0
    title = (words(rng, hebrew, 3) + f" {i}").title() if not hebrew else words(rng, True, 3) + f" {i}"
    front = [
        "---",
        f'title: "{title}"',
        f"authors: [Author {i % 97}]",
        f"artist: Artist {i % 150}",
        f"key: {rng.choice(['G', 'C', 'D', 'A', 'E'])}",
        f"album: Album {i % 200}",
        f"track: {i % 12 + 1}",
        f"tags: [tag{i % 13}]",
    ]
    if i % 5 == 0:
        front.append(f'alternate_titles: ["{words(rng, hebrew, 2)} {i}"]')
    if hebrew:
        front.append("language: he")
    front.append("---")
    body = []
    for v in range(1, 4):
        body.append(f"## {'בית' if hebrew else 'Verse'} {v}")
        body.append("\n".join(lyric_line(rng, hebrew) for _ in range(4)))
        body.append("")
    body.append(f"## {'פזמון' if hebrew else 'Chorus'}")
    body.append("\n".join(lyric_line(rng, hebrew) for _ in range(4)))
    return title, "\n".join(front) + "\n\n" + "\n".join(body) + "\n"


def service(rng, i, song_count):
    day = datetime.date(2016, 11, 6) + datetime.timedelta(weeks=i)
    items = [f"  - song-{rng.randrange(song_count)}" for _ in range(5)]
    items.insert(2, "  - heading: Scripture Reading\n    text: Psalm 23")
    return f"service-{i}", "\n".join([
        "---", f"title: Sunday Worship {i}", f"date: {day.isoformat()} 10:00", "leader: Dana Levi", "items:",
        *items, "---", f"Notes for week {i}.", ""])


def shoot_list(rng, i, items):
    lines = ["---", f"school: School {i}", f"school_year: {2020 + i % 6}-{2021 + i % 6}",
             "extends: templates/base", "---", "", "## Sports"]
    for j in range(items):
        if j and j % 50 == 0:
            lines.append(f"\n## Category {j // 50}")
        done = rng.random() < 0.4
        lines.append(f"- [{'x' if done else ' '}] Photo {j} of school {i}")
        if done:
            lines.append(f"  - done: 2025-09-{j % 28 + 1:02d}\n  - by: Sam Cohen\n  - images: {j * 10}-{j * 10 + 5}")
    return f"list-{i}", "\n".join(lines) + "\n"


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


HUGO_CONFIG = """baseURL = "https://example.org/"
title = "Benchmark"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
defaultContentLanguage = "en"
[languages]
  [languages.en]
    contentDir = "content/en"
    weight = 1
  [languages.he]
    contentDir = "content/he"
    languageDirection = "rtl"
    weight = 2
[markup.goldmark.renderer]
  unsafe = false
# Lectern also writes a slideshow per song and a slideshow, console and chord charts per
# service: Hugo writes the same pages as extra output formats.
[outputFormats.present]
  mediaType = "text/html"
  path = "present"
  isHTML = true
  permalinkable = true
[outputFormats.console]
  mediaType = "text/html"
  path = "console"
  isHTML = true
  permalinkable = true
[outputFormats.charts]
  mediaType = "text/html"
  path = "charts"
  isHTML = true
  permalinkable = true
"""

HUGO_BASEOF = """<!DOCTYPE html>
<html lang="{{ .Site.Language.Lang }}" dir="{{ .Site.Language.LanguageDirection | default "ltr" }}">
<head><meta charset="utf-8"><title>{{ .Title }} · {{ .Site.Title }}</title></head>
<body><nav>{{ range .Site.Menus.main }}<a href="{{ .URL }}">{{ .Name }}</a>{{ end }}</nav>
<main>{{ block "main" . }}{{ end }}</main></body></html>
"""
HUGO_SINGLE = """{{ define "main" }}<article><h1>{{ .Title }}</h1>{{ with .Params.authors }}<p>{{ delimit . ", " }}</p>{{ end }}{{ .Content }}</article>{{ end }}
"""
HUGO_PRESENT = """<!DOCTYPE html>
<html lang="{{ .Site.Language.Lang }}"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><main><section><h2>{{ .Title }}</h2></section><section>{{ .Content }}</section></main></body></html>
"""
HUGO_LIST = """{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--songs", type=int, default=10000)
    parser.add_argument("--services", type=int, default=520)
    parser.add_argument("--lists", type=int, default=40)
    parser.add_argument("--items", type=int, default=200)
    args = parser.parse_args()
    rng = random.Random(42)
    lectern = os.path.join(args.out, "lectern")
    hugo = os.path.join(args.out, "hugo")
    write(os.path.join(lectern, "Content/site.yaml"),
          "title: Benchmark Chapel\nlocale: en\nlocales: [en, he]\ntimezone: America/New_York\norganization: Bright Studio\n")
    write(os.path.join(hugo, "hugo.toml"), HUGO_CONFIG)
    write(os.path.join(hugo, "layouts/_default/baseof.html"), HUGO_BASEOF)
    write(os.path.join(hugo, "layouts/_default/single.html"), HUGO_SINGLE)
    write(os.path.join(hugo, "layouts/_default/list.html"), HUGO_LIST)
    write(os.path.join(hugo, "layouts/_default/single.present.html"), HUGO_PRESENT)
    write(os.path.join(hugo, "layouts/_default/single.console.html"), HUGO_PRESENT)
    write(os.path.join(hugo, "layouts/_default/single.charts.html"), HUGO_PRESENT)
    write(os.path.join(hugo, "layouts/index.html"), HUGO_LIST)

    outputs = {"songs": "[html, present]", "services": "[html, present, console, charts]", "shootlists": "[html]"}

    def both(kind, name, text, title):
        write(os.path.join(lectern, f"Content/{kind}/{name}.md"), text)
        # Hugo reads the same Markdown (Lectern-only fields are ignored by it), and is told
        # which extra pages to write.
        hugo_text = text.replace("---\n", f"---\noutputs: {outputs[kind]}\n", 1)
        for lang in ["en", "he"]:
            write(os.path.join(hugo, f"content/{lang}/{kind}/{name}.md"), hugo_text)

    for i in range(args.songs):
        title, text = song(rng, i)
        both("songs", f"song-{i}", text, title)
    for i in range(args.services):
        name, text = service(rng, i, args.songs)
        both("services", name, text, None)
    template = ["---", "school: Template", "template: true", "---", "## Sports"] + \
        [f"- [ ] Photo {j} of the template" for j in range(10)]
    write(os.path.join(lectern, "Content/shootlists/templates/base.md"), "\n".join(template) + "\n")
    for i in range(args.lists):
        name, text = shoot_list(rng, i, args.items)
        both("shootlists", name, text, None)


if __name__ == "__main__":
    main()
