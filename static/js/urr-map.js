/* Ultima Ratio Regis' table map (templates/games/ultima-ratio-regis/map_table.html; issue 28): the tools a player of
 * map wargames expects, over what static/js/board.js makes clickable. This script is their common ground: the map's
 * coordinates and zoom (window.UrrMap: the frame, the sheet, zoomTo / fit / show, the things of the board by key,
 * their names, things lit, the tools' "said" line, a preference kept on the server), and the set-up that runs on the
 * page and after every swap of the live partial. Each concern is a script of its own (loaded after this one),
 * which adds its set-up (UrrMap.add):
 *
 * - urr-map-zoom.js: zoom and pan (buttons, Ctrl + wheel, pinch, drag, keys), the "Map" view, hiding counters or
 *   markers.
 * - urr-map-names.js: a thing's name at the pointer, a counter magnified (Shift, long press), find an area.
 * - urr-map-stacks.js: a stack opens on click in the layout chosen; the arrow keys through the map's things.
 * - urr-map-log.js: the log linked to the board (hover lights, click shows), its battles' dice.
 * - urr-map-tint.js: the possessors' colours on the inline base map.
 *
 * A signed-in user's display preferences (the map's zoom at first: fit width, whole map, 100 %; how stacks open)
 * are kept on the server as they are used (POST /account/display; the account page sets them without scripts).
 * State across swaps of the live partial lives on <html> (classes, a CSS variable) and in these scripts.
 */
(function () {
  "use strict";
  if (window.UrrMap) return;  // a swapped live partial brings this script again: the listeners below are set once
  const W = 2330, H = 2265;  // the base map's coordinates (engines/ultima_ratio/mapdraw.py)
  const root = document.documentElement;
  const M = {
    W: W, H: H, root: root,
    MIN_MAP_SCALE: 0.6,  // a thing shown from the log or found: at least this zoom (its names readable)
    scale: null,         // the sheet's width / W; null: the page's own (max(100%, 1800px))
    dragged: false,      // the pointer's press was a drag or a long press: its click is no choice
    drag: { start: null, touches: new Map() },  // the mouse's drag under way; the fingers on the frame (urr-map-zoom.js)
    watchers: [],        // what follows a change of the page's tree (the base map made inline by board.js): (map)
    setUps: [],          // each concern's [name, set-up of a map: (map, first)] (M.add)
  };
  window.UrrMap = M;

  M.frameOf = function (map) { return map.querySelector(".urr-map-frame"); };
  M.sheetOf = function (map) { return map.querySelector(".urr-map-sheet"); };
  M.currentScale = function (map) { return M.sheetOf(map).getBoundingClientRect().width / W; };
  M.limits = function (map) {
    const f = M.frameOf(map);
    const tall = Math.min(window.innerHeight * 0.78, window.innerHeight - 40);
    return { min: Math.min(f.clientWidth / W, tall / H), max: 2 };
  };
  M.said = function (map, words) {
    const out = map.querySelector("[data-urr-said]");
    if (out) out.textContent = words;
  };

  // the zoom: the sheet's width, keeping the map point at (ox, oy) of the frame where it is
  M.zoomTo = function (map, next, ox, oy) {
    const f = M.frameOf(map);
    const lim = M.limits(map);
    next = Math.max(lim.min, Math.min(lim.max, next));
    const was = M.currentScale(map);
    if (ox === undefined) { ox = f.clientWidth / 2; oy = f.clientHeight / 2; }
    const mx = (f.scrollLeft + ox) / was, my = (f.scrollTop + oy) / was;
    M.scale = next;
    root.style.setProperty("--urr-map-w", Math.round(W * next) + "px");
    f.scrollLeft = mx * next - ox;
    f.scrollTop = my * next - oy;
    M.said(map, "");
  };
  M.fit = function (map, how) {
    const f = M.frameOf(map);
    const lim = M.limits(map);
    if (how === "width") M.zoomTo(map, f.clientWidth / W, 0, 0);
    else if (how === "both") M.zoomTo(map, lim.min, 0, 0);
    else M.zoomTo(map, 1);
  };
  // show a box of the map (x, y, w, h in its coordinates) in the frame, zooming in to `least` at least
  M.show = function (map, box, least, fitIt) {
    const f = M.frameOf(map);
    let next = M.currentScale(map);
    if (fitIt) next = Math.min(f.clientWidth / box[2], Math.min(window.innerHeight * 0.78, f.clientHeight || 1e9) / box[3]);
    if (least && next < least) next = least;
    M.zoomTo(map, next);
    const s = M.currentScale(map);
    if (fitIt) { f.scrollLeft = box[0] * s; f.scrollTop = box[1] * s; return; }
    f.scrollLeft = (box[0] + box[2] / 2) * s - f.clientWidth / 2;
    f.scrollTop = (box[1] + box[3] / 2) * s - f.clientHeight / 2;
  };
  M.boxOf = function (map, els) {  // the elements' bounding box in map coordinates
    const sheet = M.sheetOf(map).getBoundingClientRect();
    const s = sheet.width / W;
    let x1 = Infinity, y1 = Infinity, x2 = -Infinity, y2 = -Infinity;
    els.forEach(function (el) {
      const r = el.getBoundingClientRect();
      if (!r.width && !r.height) return;
      x1 = Math.min(x1, r.left); y1 = Math.min(y1, r.top); x2 = Math.max(x2, r.right); y2 = Math.max(y2, r.bottom);
    });
    if (x1 === Infinity) return null;
    return [(x1 - sheet.left) / s, (y1 - sheet.top) / s, (x2 - x1) / s, (y2 - y1) / s];
  };

  // the things of the board by key (data-key, or each of data-keys)
  M.index = function (scope) {
    const things = new Map();
    scope.querySelectorAll("[data-board] [data-key], [data-board] [data-keys]").forEach(function (el) {
      (el.getAttribute("data-key") || el.getAttribute("data-keys")).split(" ").forEach(function (k) {
        if (!things.has(k)) things.set(k, []);
        things.get(k).push(el);
      });
    });
    return things;
  };
  M.nameOf = function (el) {
    if (el.getAttribute("data-name")) return el.getAttribute("data-name");
    const title = el.querySelector(":scope > title");
    return title ? title.textContent : "";
  };

  // things lit on the map (from the log, or found), for a while
  let lit = [];
  let litTimer = null;
  M.light = function (els, css, linger) {
    lit.forEach(function (el) { el.classList.remove("urr-lit", "urr-found"); });
    lit = els;
    els.forEach(function (el) { el.classList.add(css); });
    clearTimeout(litTimer);
    if (linger) litTimer = setTimeout(function () { M.light([], css); }, linger);
  };

  // a signed-in user's preference, kept on the server (the account page's "Display"), as it is used
  M.keep = function (map, name, value) {
    const prefs = map.querySelector(".urr-map-tools").dataset;
    if (!prefs.prefUrl) return;
    const body = new URLSearchParams({ csrf_token: prefs.csrf, next: "/account" });
    body.set(name, value);
    fetch(prefs.prefUrl, { method: "POST", body: body, credentials: "same-origin", redirect: "manual" }).catch(function () {});
  };

  // each concern's set-up of every map on the page: now (a concern's script may come after the page's set-up), and
  // again after every swap of the live partial (its places redrawn); `first`: that concern's first time on that map
  const MAPS = "#table-live section.urr-map";
  function run(map, name, setUp) {
    const flag = "urrSet" + name;
    const first = !map.dataset[flag];
    map.dataset[flag] = "1";
    setUp(map, first);
  }
  M.add = function (name, setUp) {
    M.setUps.push([name, setUp]);
    document.querySelectorAll(MAPS).forEach(function (map) { run(map, name, setUp); });
  };
  function setUpAll() {
    document.querySelectorAll(MAPS).forEach(function (map) {
      map.querySelector(".urr-map-tools").hidden = false;
      M.setUps.forEach(function (one) { run(map, one[0], one[1]); });
    });
  }
  document.addEventListener("htmx:afterSettle", setUpAll);
  document.addEventListener("htmx:afterSwap", setUpAll);
  new MutationObserver(function () {
    document.querySelectorAll(MAPS).forEach(function (map) { M.watchers.forEach(function (watch) { watch(map); }); });
  }).observe(document.documentElement, { childList: true, subtree: true });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUpAll);
  else setUpAll();
})();
