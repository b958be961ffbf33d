// What the page scripts share about text: the one normal form for searching (the song
// library, a shoot list), and counts written in the page's language with the plural forms the
// build put in a `data-forms` attribute (from the string tables: `{"one": …, "other": …}`).
(function () {
  "use strict";
  var lang = document.documentElement.lang || "en";
  var plural = window.Intl && Intl.PluralRules ? new Intl.PluralRules(lang) : null;
  var digits = window.Intl ? new Intl.NumberFormat(lang) : null;
  var finals = { "\u05DA": "\u05DB", "\u05DD": "\u05DE", "\u05DF": "\u05E0", "\u05E3": "\u05E4", "\u05E5": "\u05E6" };

  function number(n) { return digits ? digits.format(n) : String(n); }

  window.lecternText = {
    // Lower case; accents, Hebrew points (niqqud) and cantillation dropped (they are combining
    // marks once decomposed); Hebrew final letters as their plain forms (a prefix typed with ם
    // finds מ inside a word, and the other way round); apostrophes and gershayim dropped; any
    // other punctuation a space between words.
    search: function (text) {
      return text.normalize("NFD").toLowerCase()
        .replace(/\p{M}/gu, "")
        .replace(/[\u05DA\u05DD\u05DF\u05E3\u05E5]/g, function (c) { return finals[c]; })
        .replace(/['\u2019\u02BC\u05F3\u05F4"`]/g, "")
        .replace(/[^\p{L}\p{N}]+/gu, " ")
        .trim();
    },
    // `text` with `{count}` (and each `{name}` of `others`) as this language writes numbers.
    fill: function (text, count, others) {
      var out = text.replace("{count}", number(count));
      for (var name in others || {}) out = out.replace("{" + name + "}", number(others[name]));
      return out;
    },
    // The plural form of `element`'s data-forms for `count`, filled in.
    counted: function (element, count, others) {
      var forms = JSON.parse(element.getAttribute("data-forms"));
      return window.lecternText.fill((plural && forms[plural.select(count)]) || forms.other, count, others);
    },
  };
})();
