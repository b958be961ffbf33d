// A shoot list's filters (all, open, done, required and still open) and its search, over the
// items the build wrote. A category with nothing to show is hidden with its heading.
(function () {
  "use strict";
  var tools = document.querySelector(".list-tools");
  if (!tools) return;
  tools.hidden = false;
  var normalize = window.lecternText.search; // text.js
  var field = tools.querySelector(".list-search");
  var status = tools.querySelector(".list-status");
  var noMatch = document.querySelector(".list-no-match");
  var buttons = Array.prototype.slice.call(tools.querySelectorAll("[data-show]"));

  // The words of an element's parts with spaces between them: textContent would run a label
  // and its value together ("ByDana Levi"), and words are matched from their start.
  function words(element) {
    var parts = [];
    (function walk(node) {
      if (node.nodeType === 3) parts.push(node.nodeValue);
      else if (node.nodeType === 1 && !node.classList.contains("count")) Array.prototype.forEach.call(node.childNodes, walk);
    })(element);
    return parts.join(" ");
  }

  var categories = Array.prototype.map.call(document.querySelectorAll(".category"), function (section) {
    var name = words(section.querySelector("h2")); // without its done/total count
    return {
      element: section,
      items: Array.prototype.map.call(section.querySelectorAll(".check-item"), function (li) {
        return {
          element: li,
          done: li.classList.contains("is-done"),
          required: !li.classList.contains("is-optional"),
          // Name, description, details and the category: one string of words, each after a space.
          text: " " + normalize(name + " " + words(li)),
        };
      }),
    };
  });

  var show = "all";
  function wanted(item) {
    if (show === "open") return !item.done;
    if (show === "done") return item.done;
    if (show === "required-open") return item.required && !item.done;
    return true;
  }

  function run() {
    var words = normalize(field.value);
    var needles = words ? words.split(" ").map(function (w) { return " " + w; }) : [];
    var shown = 0;
    categories.forEach(function (category) {
      var any = false;
      category.items.forEach(function (item) {
        var visible = wanted(item) && needles.every(function (n) { return item.text.indexOf(n) >= 0; });
        item.element.hidden = !visible;
        if (visible) { any = true; shown++; }
      });
      category.element.hidden = !any;
    });
    var filtered = show !== "all" || needles.length > 0;
    status.textContent = filtered ? window.lecternText.counted(status, shown) : "";
    noMatch.hidden = shown > 0;
  }

  buttons.forEach(function (button) {
    button.addEventListener("click", function () {
      show = button.getAttribute("data-show");
      buttons.forEach(function (b) { b.setAttribute("aria-pressed", b === button ? "true" : "false"); });
      run();
    });
  });
  field.addEventListener("input", run);
  run();
})();
