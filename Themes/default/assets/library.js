// The song library: search as you type (with up to five suggestions under the field), sort
// and filters over the list the build wrote. The data comes from search-data.js beside the
// page (a script, so it loads from file:// too); the rows stay in the page, so the library
// still lists every song without scripts.
(function () {
  "use strict";
  var data = window.lecternLibrary;
  var tools = document.querySelector(".library-tools");
  var rows = document.querySelector(".song-list");
  if (!data || !tools || !rows) return;
  tools.hidden = false;

  var lang = document.documentElement.lang || "en";
  var field = {};
  data.fields.forEach(function (name, i) { field[name] = i; });

  var text = window.lecternText; // text.js
  var normalize = text.search;   // one normal form for the data and the query

  var rowByID = {};
  Array.prototype.forEach.call(rows.children, function (li) { rowByID[li.getAttribute("data-id")] = li; });

  // Each song's words, each string starting with a space so that " " + prefix finds the start
  // of a word with one indexOf.
  var songs = [];
  data.songs.forEach(function (row, i) {
    var element = rowByID[row[field.id]];
    if (!element) return;
    var title = " " + normalize(row[field.title]);
    var alternates = " " + normalize(row[field.alternate_titles].join(" "));
    var others = " " + normalize([row[field.authors].join(" "), row[field.artist], row[field.album], row[field.first_line]].join(" "));
    songs.push({
      id: row[field.id], row: row, element: element, titleOrder: i,
      title: title, titleAndAlternates: title + alternates, all: title + alternates + others,
      today: element.classList.contains("in-today"),
      href: element.querySelector("a").getAttribute("href"),
    });
  });

  var input = document.getElementById("song-search");
  var list = document.getElementById("song-suggestions");
  // The field becomes a combobox only here: without this script it is a plain search field.
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-controls", "song-suggestions");
  input.setAttribute("aria-expanded", "false");
  var sortSelect = tools.querySelector(".library-sort");
  var filters = Array.prototype.slice.call(tools.querySelectorAll("select[data-filter]"));
  var todayOnly = tools.querySelector(".today-only");
  var status = tools.querySelector(".library-status");
  var noMatch = document.querySelector(".library-no-match");
  var head = document.querySelector(".song-list-head");

  // needles: each query word with a space before it (the start of a word).
  function wordsMatch(haystack, needles) {
    for (var i = 0; i < needles.length; i++) if (haystack.indexOf(needles[i]) < 0) return false;
    return true;
  }

  // Suggestions rank: the title starts with the query, then every word found in the title,
  // then in the title or an alternate title, then anywhere; ties in title order.
  function rank(song, needles, phrase) {
    if (song.title.lastIndexOf(phrase, 0) === 0) return 0;
    if (wordsMatch(song.title, needles)) return 1;
    if (wordsMatch(song.titleAndAlternates, needles)) return 2;
    return 3;
  }

  // The best five in one pass (a full sort of thousands of matches would not fit a frame).
  function before(a, rankA, b) { return rankA < b.rank || (rankA === b.rank && a.titleOrder < b.song.titleOrder); }
  function keepBest(best, song, r) {
    var n = best.length;
    if (n === 5 && !before(song, r, best[4])) return;
    var i = n < 5 ? n : 4;
    while (i > 0 && before(song, r, best[i - 1])) { best[i] = best[i - 1]; i--; }
    best[i] = { song: song, rank: r };
  }

  function filterValue(song, select) {
    var wanted = select.value;
    if (!wanted) return true;
    var value = song.row[field[select.getAttribute("data-filter")]];
    return Array.isArray(value) ? value.indexOf(wanted) >= 0 : value === wanted;
  }

  var activeOption = -1;
  var suggestions = [];

  // The list shows the first `pageSize` songs of the search (or of the whole library) and a
  // button for the rest: a list of 10,000 rows cannot be taken apart or put back within a
  // frame, so a large library is cut to its first page once, as the page opens, and each
  // keystroke then moves at most a page of rows. The page without scripts lists every song.
  var pageSize = parseInt(rows.getAttribute("data-page-size"), 10) || 200;
  var order = songs;            // the chosen sort order
  var expanded = false;         // "show all" pressed for this search
  var lastKey = null;
  var moreButton = document.querySelector(".library-more");

  // One search: which songs match, which rows show, and the suggestions. Timed
  // (performance.measure "lectern-search", its detail the query) so the benchmark can check
  // that a keystroke's search fits in a frame, and tests can wait for what they typed.
  function run() {
    var started = performance.now();
    var phrase = normalize(input.value);
    var needles = phrase ? phrase.split(" ").map(function (t) { return " " + t; }) : [];
    var onlyToday = todayOnly && todayOnly.checked;
    var activeFilters = filters.filter(function (s) { return s.value; });
    var key = phrase + "\n" + onlyToday + "\n" + activeFilters.map(function (s) { return s.value; }).join("\n");
    if (key !== lastKey) expanded = false;
    lastKey = key;
    var matches = [];
    var best = [];
    for (var i = 0; i < order.length; i++) {
      var song = order[i];
      if (onlyToday && !song.today) continue;
      if (needles.length && !wordsMatch(song.all, needles)) continue;
      var kept = true;
      for (var f = 0; kept && f < activeFilters.length; f++) kept = filterValue(song, activeFilters[f]);
      if (!kept) continue;
      matches.push(song);
      if (needles.length) keepBest(best, song, rank(song, needles, " " + phrase));
    }
    var filtered = needles.length > 0 || onlyToday || activeFilters.length > 0;
    showRows(expanded ? matches : matches.slice(0, pageSize), matches.length);
    showSuggestions(best.map(function (b) { return b.song; }));
    status.textContent = filtered ? text.counted(status, matches.length) : "";
    noMatch.hidden = matches.length > 0;
    rows.hidden = head.hidden = matches.length === 0;
    performance.measure("lectern-search", { start: started, end: performance.now(), detail: input.value });
  }

  var shownRows = songs;  // as the page came: every song, in title order
  function showRows(list, total) {
    var same = shownRows.length === list.length && list.every(function (s, i) { return shownRows[i] === s; });
    if (!same) {
      // A new list swapped in for the old one: cheaper than removing the old rows one by one.
      var fresh = rows.cloneNode(false);
      for (var i = 0; i < list.length; i++) fresh.appendChild(list[i].element);
      rows.parentNode.replaceChild(fresh, rows);
      rows = fresh;
      shownRows = list;
      // Other scripts of the page (the set list) add their controls to the rows shown.
      document.dispatchEvent(new CustomEvent("lectern:rows-shown"));
    }
    moreButton.hidden = list.length >= total;
    moreButton.textContent = text.fill(moreButton.getAttribute("data-text"), total);
  }
  moreButton.addEventListener("click", function () {
    var before = rows.children.length;
    expanded = true;
    run();
    // The button hides itself: keep the reader's place on the first row it brought.
    var first = rows.children[before] && rows.children[before].querySelector("a");
    if (first) first.focus();
  });

  function showSuggestions(found) {
    suggestions = found;
    activeOption = -1;
    list.textContent = "";
    found.forEach(function (song, i) {
      var li = document.createElement("li");
      li.id = "song-suggestion-" + i;
      li.setAttribute("role", "option");
      li.setAttribute("aria-selected", "false");
      var a = document.createElement("a");
      a.href = song.href;
      a.tabIndex = -1;
      var title = document.createElement("span");
      title.className = "suggestion-title";
      title.dir = "auto";
      title.textContent = song.row[field.title];
      a.appendChild(title);
      var by = song.row[field.artist] || song.row[field.authors].join(", ");
      if (by) {
        var hint = document.createElement("span");
        hint.className = "suggestion-hint";
        hint.dir = "auto";
        hint.textContent = by;
        a.appendChild(hint);
      }
      li.appendChild(a);
      list.appendChild(li);
    });
    var open = found.length > 0 && document.activeElement === input;
    list.hidden = !open;
    input.setAttribute("aria-expanded", open ? "true" : "false");
    input.removeAttribute("aria-activedescendant");
  }

  function moveActive(by) {
    if (!suggestions.length) return;
    if (list.hidden) { list.hidden = false; input.setAttribute("aria-expanded", "true"); }
    // -1 is the field itself: the arrows go round through it.
    activeOption += by;
    if (activeOption >= suggestions.length) activeOption = -1;
    else if (activeOption < -1) activeOption = suggestions.length - 1;
    Array.prototype.forEach.call(list.children, function (li, i) {
      li.setAttribute("aria-selected", i === activeOption ? "true" : "false");
    });
    if (activeOption >= 0) input.setAttribute("aria-activedescendant", "song-suggestion-" + activeOption);
    else input.removeAttribute("aria-activedescendant");
  }

  // Typing waits for a pause (debounce) so a fast typist's every letter does not redo the work.
  var timer = 0;
  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(run, 80);
  });
  input.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown") { moveActive(1); event.preventDefault(); }
    else if (event.key === "ArrowUp") { moveActive(-1); event.preventDefault(); }
    else if (event.key === "Enter" && activeOption >= 0) { location.href = suggestions[activeOption].href; event.preventDefault(); }
    else if (event.key === "Escape" && !list.hidden) { closeSuggestions(); event.preventDefault(); }
  });
  input.addEventListener("focus", function () { if (suggestions.length) { list.hidden = false; input.setAttribute("aria-expanded", "true"); } });
  input.addEventListener("blur", closeSuggestions);
  // Closed, with nothing chosen: Enter then does not open a suggestion no longer shown.
  function closeSuggestions() {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    activeOption = -1;
    input.removeAttribute("aria-activedescendant");
    Array.prototype.forEach.call(list.children, function (li) { li.setAttribute("aria-selected", "false"); });
  }
  // A click on a suggestion must land before the field's blur hides the list.
  list.addEventListener("mousedown", function (event) { event.preventDefault(); });

  // Sorting moves the rows; the title order is the build's (the locale's collation).
  var collator = window.Intl ? new Intl.Collator(lang, { sensitivity: "base", numeric: true }) : null;
  var pitch = { c: 0, d: 2, e: 4, f: 5, g: 7, a: 9, b: 11, h: 11 };
  function keyOrder(key) {
    var m = /^([A-Ha-h])([#♯b♭]?)(m(?!aj)|min)?/.exec(key || "");
    if (!m) return 99;
    var pc = pitch[m[1].toLowerCase()] + (m[2] === "#" || m[2] === "♯" ? 1 : m[2] ? -1 : 0);
    return ((pc + 12) % 12) * 2 + (m[3] ? 1 : 0);
  }
  function recentVisits() {
    try { return JSON.parse(localStorage.getItem("lectern.recentSongs")) || {}; } catch (e) { return {}; }
  }
  function sortRows() {
    var by = sortSelect.value;
    var ordered = songs.slice();
    if (by === "artist") {
      ordered.sort(function (a, b) {
        var x = a.row[field.artist], y = b.row[field.artist];
        if (!x !== !y) return x ? -1 : 1; // songs with no artist last
        return (x && collator ? collator.compare(x, y) : 0) || a.titleOrder - b.titleOrder;
      });
    } else if (by === "key") {
      ordered.sort(function (a, b) { return keyOrder(a.row[field.key]) - keyOrder(b.row[field.key]) || a.titleOrder - b.titleOrder; });
    } else if (by === "recent") {
      var visits = recentVisits();
      ordered.sort(function (a, b) { return (visits[b.id] || 0) - (visits[a.id] || 0) || a.titleOrder - b.titleOrder; });
    }
    order = by === "title" ? songs : ordered;
    try { localStorage.setItem("lectern.librarySort", by); } catch (e) { /* not remembered */ }
    run();
  }
  sortSelect.addEventListener("change", sortRows);
  filters.forEach(function (select) { select.addEventListener("change", run); });
  if (todayOnly) todayOnly.addEventListener("change", run);

  var savedSort = null;
  try { savedSort = localStorage.getItem("lectern.librarySort"); } catch (e) { savedSort = null; }
  if (savedSort && savedSort !== "title" && sortSelect.querySelector('option[value="' + savedSort + '"]')) {
    sortSelect.value = savedSort;
  }
  // Sorts as chosen (or remembered), and shows what the browser may have restored into the
  // field or the filters on "back".
  sortRows();
})();
