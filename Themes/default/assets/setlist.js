// The set list builder on the library page: add songs (one at a time, or every ticked one),
// put them in order by dragging or with the keyboard (Alt+Up/Down on an item), kept in this
// browser (localStorage); present them one after another in the slideshow, or download them as
// a service file that builds as it is (Content/services/).
(function () {
  "use strict";
  var panel = document.querySelector(".setlist");
  var data = window.lecternLibrary;
  if (!panel || !data) return;
  panel.hidden = false;
  var idField = data.fields.indexOf("id"), titleField = data.fields.indexOf("title");
  var titles = {};
  data.songs.forEach(function (row) { titles[row[idField]] = row[titleField]; });

  var list = panel.querySelector(".setlist-items");
  var empty = panel.querySelector(".setlist-empty");
  var help = panel.querySelector(".setlist-help");
  var count = panel.querySelector(".setlist-count");
  var live = panel.querySelector(".setlist-live");
  var actions = panel.querySelector(".setlist-actions");
  var addSelected = document.querySelector(".add-selected");
  var text = function (name, title) { return panel.getAttribute("data-" + name).replace("{title}", title || ""); };

  function stored() {
    try { return (JSON.parse(localStorage.getItem("lectern.setList")) || []).filter(function (id) { return titles[id]; }); } catch (e) { return []; }
  }
  var ids = stored();
  function save() { try { localStorage.setItem("lectern.setList", JSON.stringify(ids)); } catch (e) { /* this visit only */ } }
  // Another tab of the library changed the set: show its version here too.
  window.addEventListener("storage", function (event) {
    if (event.key === "lectern.setList") { ids = stored(); render(); }
  });

  // focus: an item's index (its own button with `button`), or -1 for the panel's heading
  // (when the set emptied).
  function render(focusIndex, button) {
    list.textContent = "";
    ids.forEach(function (id, i) {
      var li = document.createElement("li");
      li.className = "setlist-item";
      li.tabIndex = 0;
      li.draggable = true;
      li.setAttribute("data-id", id);
      var name = document.createElement("span");
      name.className = "setlist-title";
      name.dir = "auto";
      name.textContent = titles[id];
      li.appendChild(name);
      [["up", "\u2191", -1], ["down", "\u2193", 1], ["remove", "\u00D7", 0]].forEach(function (b) {
        var button = document.createElement("button");
        button.type = "button";
        button.className = "setlist-" + b[0];
        button.textContent = b[1];
        button.setAttribute("aria-label", text(b[0], titles[id]));
        button.addEventListener("click", function () { b[2] ? move(i, i + b[2], "setlist-" + b[0]) : remove(i); });
        li.appendChild(button);
      });
      list.appendChild(li);
    });
    empty.hidden = ids.length > 0;
    help.hidden = ids.length === 0;
    actions.hidden = ids.length === 0;
    count.textContent = ids.length ? String(ids.length) : "";
    save();
    if (focusIndex == null) return;
    var item = list.children[focusIndex];
    var target = item ? (button && item.querySelector("." + button)) || item : heading;
    target.focus();
  }
  var heading = panel.querySelector("h2");
  heading.tabIndex = -1;

  // Adds songs; says what happened (one title, how many, or that they were there already).
  function add(newIds) {
    var added = newIds.filter(function (id) { return ids.indexOf(id) < 0; });
    added.forEach(function (id) { ids.push(id); });
    live.textContent = added.length === 0 ? text("already", titles[newIds[0]])
      : added.length === 1 ? text("added", titles[added[0]]) : lecternText.counted(panel, added.length);
    render();
  }
  function remove(i) {
    live.textContent = text("removed", titles[ids[i]]);
    ids.splice(i, 1);
    render(ids.length ? Math.min(i, ids.length - 1) : -1);
  }
  function move(from, to, button) {
    if (to < 0 || to >= ids.length || from === to) return;
    var id = ids.splice(from, 1)[0];
    ids.splice(to, 0, id);
    live.textContent = lecternText.fill(text("moved", titles[id]), 0, { position: to + 1 });
    render(to, button);
  }

  // Keyboard: Up and Down move between items, Alt with them moves the item; Delete removes it.
  list.addEventListener("keydown", function (event) {
    var li = event.target.closest(".setlist-item");
    if (!li || event.target !== li) return;
    var i = Array.prototype.indexOf.call(list.children, li);
    var up = event.key === "ArrowUp", down = event.key === "ArrowDown";
    if ((up || down) && event.altKey) move(i, i + (up ? -1 : 1));
    else if (up && list.children[i - 1]) list.children[i - 1].focus();
    else if (down && list.children[i + 1]) list.children[i + 1].focus();
    else if (event.key === "Delete" || event.key === "Backspace") remove(i);
    else return;
    event.preventDefault();
  });

  // Dragging an item onto another puts it in that one's place.
  var dragged = null;
  list.addEventListener("dragstart", function (event) {
    var li = event.target.closest(".setlist-item");
    if (!li) return;
    dragged = Array.prototype.indexOf.call(list.children, li);
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", li.getAttribute("data-id"));
  });
  list.addEventListener("dragover", function (event) { if (dragged != null) event.preventDefault(); });
  list.addEventListener("drop", function (event) {
    var li = event.target.closest(".setlist-item");
    if (dragged == null || !li) return;
    event.preventDefault();
    move(dragged, Array.prototype.indexOf.call(list.children, li));
    dragged = null;
  });
  list.addEventListener("dragend", function () { dragged = null; });

  // Each row shown in the library gets a tick box (for adding several) and an add button. What
  // is ticked is kept here, not read from the page: a search takes rows out of it.
  var tickedIds = [];
  var boxes = {}; // each equipped row's tick box by song id, rows a search took out included
  function equip(row) {
    if (row.querySelector(".add-to-set")) return;
    var id = row.getAttribute("data-id"), cell = row.querySelector(".song-title");
    var box = document.createElement("input");
    box.type = "checkbox";
    box.className = "row-select";
    box.setAttribute("aria-label", text("select", titles[id]));
    box.checked = tickedIds.indexOf(id) >= 0;
    boxes[id] = box;
    box.addEventListener("change", function () {
      if (box.checked) { if (tickedIds.indexOf(id) < 0) tickedIds.push(id); }
      else tickedIds = tickedIds.filter(function (t) { return t !== id; });
      updateBatch();
    });
    var button = document.createElement("button");
    button.type = "button";
    button.className = "add-to-set";
    button.textContent = "+";
    button.setAttribute("aria-label", text("add", titles[id]));
    button.addEventListener("click", function () { add([id]); });
    cell.insertBefore(button, cell.firstChild);
    cell.insertBefore(box, cell.firstChild);
  }
  function equipShown() { Array.prototype.forEach.call(document.querySelectorAll(".song-list .song-row"), equip); }
  function updateBatch() { addSelected.disabled = tickedIds.length === 0; }
  document.addEventListener("lectern:rows-shown", function () { equipShown(); updateBatch(); });
  addSelected.parentNode.hidden = false;
  addSelected.addEventListener("click", function () {
    // In library order (the ticks may come from several searches).
    var order = {};
    data.songs.forEach(function (row, i) { order[row[idField]] = i; });
    add(tickedIds.slice().sort(function (a, b) { return order[a] - order[b]; }));
    tickedIds.forEach(function (id) { boxes[id].checked = false; });
    tickedIds = [];
    updateBatch();
  });

  // Present: the first song's slideshow, told the rest of the set (present.js goes on to the
  // next song after a song's last slide) and to start from its first slide, on the words, not
  // where an earlier showing of the song stopped.
  panel.querySelector(".setlist-present").addEventListener("click", function () {
    if (!ids.length) return;
    location.href = ids[0] + "/present/index.html#set=" + ids.join(",") + "&from=first";
  });

  // A service file for Content/services/: today at 10:00, the songs as items.
  function pad(n) { return n < 10 ? "0" + n : String(n); }
  panel.querySelector(".setlist-download").addEventListener("click", function () {
    var now = new Date();
    var date = now.getFullYear() + "-" + pad(now.getMonth() + 1) + "-" + pad(now.getDate());
    var lines = ["---", "title: " + JSON.stringify(text("service-title") + " " + date), "date: " + date + " 10:00", "items:"];
    ids.forEach(function (id) { lines.push("  - " + id); });
    lines.push("---", "");
    var link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([lines.join("\n")], { type: "text/markdown" }));
    link.download = "set-list-" + date + ".md";
    document.body.appendChild(link);
    link.click();
    link.remove();
  });
  panel.querySelector(".setlist-clear").addEventListener("click", function () {
    ids = [];
    live.textContent = text("cleared");
    render(-1);
  });

  equipShown();
  updateBatch();
  render();
})();
