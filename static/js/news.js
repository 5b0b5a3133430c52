// Another player's move shows on my board (issue 28 › Live: "other players' moves highlight on my board"). When the
// live table is refetched because of news (a GET of its live partial, never my own move's POST), every board thing
// with a data-key (an area, a stack, a card, a track, an office...) that is new or reads differently is marked
// `news` until the next swap; the CSS draws the mark. A thing's reading: its text (an SVG title says what is on the
// map) and its drawn attributes (a counter's colour, a marker's place), never the classes and data the board script
// adds to make it clickable.
(function () {
  "use strict";

  const DRAWN = ["transform", "fill", "stroke", "class", "data-state", "aria-valuenow"];
  const MADE_HERE = /\b(pickable|picked|target|news)\b/g; // board.js's and ours: not the server's

  function reading(el) {
    const parts = [el.textContent.replace(/\s+/g, " ").trim()];
    [el, ...el.querySelectorAll("*")].forEach(function (node) {
      DRAWN.forEach(function (attr) {
        const v = node.getAttribute(attr);
        if (v) parts.push(attr === "class" ? v.replace(MADE_HERE, "").trim() : v);
      });
    });
    return parts.join("|");
  }

  function readings(root) {
    const out = new Map();
    root.querySelectorAll("[data-board] [data-key]").forEach(function (el) {
      const key = el.getAttribute("data-key");
      out.set(key, (out.get(key) || "") + reading(el));
    });
    return out;
  }

  let before = null; // the readings of the table about to be replaced by news
  let swapped = false; // the live table (or, in a partial answer, its head and changed parts) is being swapped

  document.addEventListener("htmx:beforeSwap", function (event) {
    const cfg = event.detail.requestConfig;
    const live = document.getElementById("table-live");
    // a partial answer (app/live_parts.py) is swapped into the live table's head, its sections out of band
    const ours = live && (event.detail.target === live || event.detail.target === document.getElementById("live-head"));
    swapped = swapped || Boolean(ours);
    before = ours && cfg && cfg.verb === "get" ? readings(live) : null;
  });

  document.addEventListener("htmx:afterSettle", function () {
    const live = document.getElementById("table-live");
    if (live && swapped) live.querySelectorAll(".news").forEach(function (el) { el.classList.remove("news"); });
    swapped = false;
    if (!live || before === null) return;
    const was = before;
    before = null;
    if (!was.size) return;
    const now = readings(live);
    now.forEach(function (text, key) {
      if (was.get(key) === text) return;
      live.querySelectorAll('[data-board] [data-key="' + CSS.escape(key) + '"]').forEach(function (el) {
        el.classList.add("news");
      });
    });
  });
})();
