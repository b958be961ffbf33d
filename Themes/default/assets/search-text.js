// The one normal form for searching text in the browser (the song library, a shoot list):
// lower case; accents, Hebrew points (niqqud) and cantillation dropped (they are combining
// marks once decomposed); Hebrew final letters as their plain forms (a prefix typed with ם
// finds מ inside a word, and the other way round); apostrophes and gershayim dropped; any
// other punctuation a space between words.
(function () {
  "use strict";
  var finals = { "\u05DA": "\u05DB", "\u05DD": "\u05DE", "\u05DF": "\u05E0", "\u05E3": "\u05E4", "\u05E5": "\u05E6" };
  window.lecternSearchText = function (text) {
    return text.normalize("NFD").toLowerCase()
      .replace(/\p{M}/gu, "")
      .replace(/[\u05DA\u05DD\u05DF\u05E3\u05E5]/g, function (c) { return finals[c]; })
      .replace(/['\u2019\u02BC\u05F3\u05F4"`]/g, "")
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
  };
})();
