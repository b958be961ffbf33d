// The hymn-usage page: counts the songs of the services held between two dates. Which
// services count, and each song once per service, was decided by the build (the same rule as
// the song pages and usage.csv); this only keeps the services in the period.
(function () {
  "use strict";
  var period = document.querySelector(".usage-period");
  var dataElement = document.querySelector("script.usage-data");
  if (!period || !dataElement) return;
  period.hidden = false;
  var services = JSON.parse(dataElement.textContent).services; // [["YYYY-MM-DD", [song ids]], …]
  var from = period.querySelector(".usage-from");
  var to = period.querySelector(".usage-to");
  var table = document.querySelector(".usage-table");
  var tbody = table.querySelector("tbody");
  var none = document.querySelector(".usage-none");
  var summary = document.querySelector(".usage-summary");
  var lang = document.documentElement.lang || "en";
  var text = window.lecternText; // text.js
  var dates = window.Intl ? new Intl.DateTimeFormat(lang, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }) : null;
  var rows = {};
  Array.prototype.forEach.call(tbody.rows, function (tr) { rows[tr.getAttribute("data-id")] = tr; });


  function recount() {
    // ISO dates compare as text; an empty field leaves that end open.
    var start = from.value || "0000-00-00", end = to.value || "9999-99-99";
    var counts = {}, last = {}, held = 0;
    services.forEach(function (service) {
      var date = service[0];
      if (date < start || date > end) return;
      held++;
      service[1].forEach(function (id) {
        counts[id] = (counts[id] || 0) + 1;
        if (!last[id] || date > last[id]) last[id] = date;
      });
    });
    var ids = Object.keys(counts).filter(function (id) { return rows[id]; });
    ids.sort(function (a, b) { return counts[b] - counts[a] || rows[a].getAttribute("data-rank") - rows[b].getAttribute("data-rank"); });
    Object.keys(rows).forEach(function (id) { rows[id].hidden = !counts[id]; });
    var fragment = document.createDocumentFragment();
    ids.forEach(function (id) {
      var tr = rows[id];
      tr.querySelector(".usage-count").textContent = text.fill("{count}", counts[id]);
      var time = tr.querySelector(".usage-last time");
      time.setAttribute("datetime", last[id]);
      time.textContent = dates ? dates.format(new Date(last[id] + "T00:00:00Z")) : last[id];
      fragment.appendChild(tr);
    });
    tbody.insertBefore(fragment, tbody.firstChild);
    table.hidden = ids.length === 0;
    none.hidden = ids.length > 0;
    summary.textContent = text.counted(summary, ids.length, { services: held });
  }
  from.addEventListener("change", recount);
  to.addEventListener("change", recount);
  // The browser may bring back the dates chosen before (on Back): count for what they say.
  if (from.value !== from.defaultValue || to.value !== to.defaultValue) recount();
})();
