// An album page's players: one track at a time, and — when "play the next track" is ticked
// (remembered across visits) — the next track with audio starts when one ends.
(function () {
  "use strict";
  var players = Array.prototype.slice.call(document.querySelectorAll(".tracks audio"));
  var label = document.querySelector(".autoplay-next");
  if (!players.length || !label) return;
  label.hidden = false;
  var toggle = label.querySelector("input");
  try { toggle.checked = localStorage.getItem("lectern.autoplayNext") === "1"; } catch (e) { /* off */ }
  toggle.addEventListener("change", function () {
    try { localStorage.setItem("lectern.autoplayNext", toggle.checked ? "1" : "0"); } catch (e) { /* not remembered */ }
  });

  players.forEach(function (audio, i) {
    var track = audio.closest(".track");
    audio.addEventListener("play", function () {
      players.forEach(function (other) { if (other !== audio && !other.paused) other.pause(); });
      track.classList.add("is-playing");
    });
    audio.addEventListener("pause", function () { track.classList.remove("is-playing"); });
    audio.addEventListener("ended", function () {
      track.classList.remove("is-playing");
      var next = players[i + 1];
      if (toggle.checked && next) {
        next.currentTime = 0;
        next.play().catch(function () { /* the browser wants a click first: the track waits */ });
      }
    });
  });
})();
