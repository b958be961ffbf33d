// The song page's reading controls: transpose, chords on/off, text size. Also notes the visit
// for the library's "recently viewed" order. No network, no framework: the chords of every key
// come from the table the build wrote into the page (<script class="transpose-table">), so the
// page spells them exactly as the service charts do.
(function () {
  "use strict";
  var song = document.querySelector("article.song");
  if (!song) return;
  var id = song.getAttribute("data-song-id");

  // localStorage can be missing or full (private windows, file:// in some browsers): every
  // control still works for this visit, it just is not remembered.
  function load(key) { try { return localStorage.getItem(key); } catch (e) { return null; } }
  function save(key, value) { try { localStorage.setItem(key, value); } catch (e) { /* not remembered */ } }

  // Recently viewed: id -> time of the last visit, the newest 200 kept.
  (function rememberVisit() {
    var recent = {};
    try { recent = JSON.parse(load("lectern.recentSongs")) || {}; } catch (e) { recent = {}; }
    recent[id] = Date.now();
    var ids = Object.keys(recent).sort(function (a, b) { return recent[b] - recent[a]; });
    var kept = {};
    ids.slice(0, 200).forEach(function (k) { kept[k] = recent[k]; });
    save("lectern.recentSongs", JSON.stringify(kept));
  })();

  var tools = song.querySelector(".song-tools");
  if (!tools) return;
  tools.hidden = false;
  var lyrics = song.querySelector(".lyrics");

  // Text size: a factor on the lyrics, the same for every song (it suits the reader's eyes
  // and the device, not the song).
  var minScale = 0.7, maxScale = 2.5, step = 0.1;
  var scale = parseFloat(load("lectern.fontScale")) || 1;
  function applyScale() {
    scale = Math.min(maxScale, Math.max(minScale, Math.round(scale * 10) / 10));
    if (lyrics) lyrics.style.setProperty("--lyrics-scale", String(scale));
    save("lectern.fontScale", String(scale));
  }
  tools.querySelector(".font-smaller").addEventListener("click", function () { scale -= step; applyScale(); });
  tools.querySelector(".font-larger").addEventListener("click", function () { scale += step; applyScale(); });
  tools.querySelector(".font-reset").addEventListener("click", function () { scale = 1; applyScale(); });
  applyScale();

  var tableElement = song.querySelector("script.transpose-table");
  if (!tableElement || !lyrics) return;
  var table = JSON.parse(tableElement.textContent);

  // Chords on or off, remembered: a singer wants them off everywhere, a guitarist on.
  var toggle = tools.querySelector(".chords-toggle");
  function applyChords(shown) {
    lyrics.classList.toggle("hide-chords", !shown);
    toggle.setAttribute("aria-pressed", shown ? "true" : "false");
  }
  toggle.addEventListener("click", function () {
    var shown = toggle.getAttribute("aria-pressed") !== "true";
    applyChords(shown);
    save("lectern.showChords", shown ? "1" : "0");
  });
  applyChords(load("lectern.showChords") !== "0");

  // Transpose: semitones from the written key, -11 to +11 (twelve either way is the same key).
  var chords = Array.prototype.slice.call(lyrics.querySelectorAll(".chord bdi"));
  chords.forEach(function (el) { el.setAttribute("data-chord", el.textContent); });
  var keys = song.querySelectorAll(".song-key");
  var capo = song.querySelector(".song-capo bdi");
  var writtenCapo = capo ? capo.textContent : "";
  var output = tools.querySelector(".transpose-steps");
  var steps = 0;
  function applyTranspose() {
    var i = ((steps % 12) + 12) % 12;
    chords.forEach(function (el) {
      var spellings = table.chords[el.getAttribute("data-chord")];
      if (spellings) el.textContent = spellings[i];
    });
    Array.prototype.forEach.call(keys, function (el) { el.textContent = table.keys[i]; });
    if (capo) capo.textContent = table.capo[i] || writtenCapo;
    // U+2212 MINUS SIGN: a hyphen reads as a dash next to a digit.
    output.textContent = steps > 0 ? "+" + steps : steps < 0 ? "\u2212" + (-steps) : "0";
    song.setAttribute("data-transpose", String(steps));
  }
  function move(by) {
    steps += by;
    if (Math.abs(steps) >= 12) steps = 0;
    applyTranspose();
  }
  tools.querySelector(".transpose-up").addEventListener("click", function () { move(1); });
  tools.querySelector(".transpose-down").addEventListener("click", function () { move(-1); });
})();
