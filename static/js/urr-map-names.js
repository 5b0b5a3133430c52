/* Ultima Ratio Regis' map (static/js/urr-map.js): names. A thing's name on hover and on a tap (a tip at the pointer;
 * a map area's <title>, a counter's data-name); a counter magnified while Shift is held over it, or after a long
 * press (issue 28 › A counter or card can be magnified: drawn four times its size beside the pointer, with all its
 * words); find an area: its name (the list offers the map's names) zooms to it and marks it.
 */
(function () {
  "use strict";
  const M = window.UrrMap;
  if (!M || M.names) return;
  M.names = true;

  // a box of the map's own (the tip, the lens), made once: aria-hidden, for what it says is the thing's accessible name
  function boxOf(map, className) {
    let box = map.querySelector("." + className);
    if (!box) {
      box = document.createElement("div");
      box.className = className;
      box.setAttribute("aria-hidden", "true");
      map.appendChild(box);
    }
    return box;
  }

  // the tip: a thing's name at the pointer
  let tipTimer = null;
  function tip(map, el, x, y, linger) {
    const t = boxOf(map, "urr-tip");
    const name = el ? M.nameOf(el) : "";
    clearTimeout(tipTimer);
    if (!name) { t.hidden = true; return; }
    t.textContent = name;
    t.hidden = false;
    const box = map.getBoundingClientRect();
    t.style.left = Math.max(0, Math.min(x - box.left + 12, box.width - t.offsetWidth)) + "px";
    t.style.top = (y - box.top + 16) + "px";
    if (linger) tipTimer = setTimeout(function () { t.hidden = true; }, linger);
  }
  function named(target, map) {
    const el = target.closest && target.closest("[data-key], [data-keys]");
    return el && map.contains(el) ? el : null;
  }

  // a counter magnified
  const COUNTERS = ".urr-fan-unit, .urr-counter, .urr-leader, .urr-marker, .urr-fortress, .urr-siege, .urr-merchants, .urr-capacity";
  function counterOf(target) { return target.closest ? target.closest(COUNTERS) : null; }
  function lensOf(map) { const l = map.querySelector(".urr-lens"); return l && !l.hidden ? l : null; }
  function magnify(map, target, x, y) {
    const el = counterOf(target);
    if (!el || !map.contains(el)) { unmagnify(map); return false; }
    const lens = boxOf(map, "urr-lens");
    const b = el.getBBox();
    const pad = 3, k = 4;
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", [b.x - pad, b.y - pad, b.width + 2 * pad, b.height + 2 * pad].join(" "));
    svg.setAttribute("width", String(Math.round((b.width + 2 * pad) * k)));
    svg.setAttribute("height", String(Math.round((b.height + 2 * pad) * k)));
    svg.setAttribute("class", "urr-overlay-lens");
    const copy = el.cloneNode(true);
    copy.removeAttribute("transform");
    copy.querySelectorAll("title").forEach(function (t) { t.remove(); });
    svg.appendChild(copy);
    const words = document.createElement("p");
    words.textContent = M.nameOf(el);
    lens.replaceChildren(svg, words);
    lens.hidden = false;
    const box = map.getBoundingClientRect();
    lens.style.left = Math.max(0, Math.min(x - box.left + 16, box.width - lens.offsetWidth)) + "px";
    lens.style.top = Math.max(0, y - box.top - lens.offsetHeight - 12) + "px";
    return true;
  }
  function unmagnify(map) {
    const lens = map.querySelector(".urr-lens");
    if (lens) lens.hidden = true;
  }
  let hovered = null;  // [map, the element under the mouse, x, y]
  document.addEventListener("keydown", function (event) {
    if (event.key === "Shift" && hovered && hovered[0].isConnected) magnify(hovered[0], hovered[1], hovered[2], hovered[3]);
  });
  document.addEventListener("keyup", function (event) { if (event.key === "Shift" && hovered) unmagnify(hovered[0]); });

  // the map's names (its areas' and seas'), offered by the search box
  function names(map) {
    const list = map.querySelector("#urr-names");
    const base = map.querySelector("#urr-base svg");
    if (!list || !base || list.children.length) return;
    const seen = new Set();
    base.querySelectorAll('[data-key^="area:"], [data-key^="sea:"]').forEach(function (el) {
      const n = M.nameOf(el);
      if (!n || seen.has(n)) return;
      seen.add(n);
      const o = document.createElement("option");
      o.value = n;
      list.appendChild(o);
    });
  }
  function find(map) {
    const input = map.querySelector("[data-urr-find]");
    const wanted = input.value.trim().toLowerCase();
    if (!wanted) return;
    const base = map.querySelector("#urr-base svg");
    const all = base ? Array.from(base.querySelectorAll('[data-key^="area:"], [data-key^="sea:"]')) : [];
    const by = function (test) { return all.find(function (el) { return test(M.nameOf(el).toLowerCase()); }); };
    const hit = by(function (n) { return n === wanted; }) || by(function (n) { return n.startsWith(wanted); }) ||
      by(function (n) { return n.includes(wanted); });
    if (!hit) { M.said(map, map.querySelector(".urr-map-tools").getAttribute("data-not-found")); return; }
    const key = hit.getAttribute("data-key");
    const els = M.index(map.closest("#table-live") || document).get(key) || [hit];
    M.light(els.filter(function (el) { return map.contains(el); }), "urr-found", 4000);
    const box = M.boxOf(map, [hit]);
    if (box) M.show(map, box, M.MIN_MAP_SCALE);
    M.frameOf(map).scrollIntoView({ block: "nearest" });
    M.said(map, M.nameOf(hit));
  }
  M.watchers.push(names);  // the base map is made inline by board.js once fetched: its names for the search box then

  M.add("Names", function (map, first) {
    names(map);  // the base map came in after the tools were set up
    if (!first) return;
    const tools = map.querySelector(".urr-map-tools");
    const f = M.frameOf(map);
    tools.addEventListener("click", function (event) {
      const b = event.target.closest("button");
      if (b && b.hasAttribute("data-urr-go")) find(map);
    });
    const input = tools.querySelector("[data-urr-find]");
    input.addEventListener("keydown", function (event) { if (event.key === "Enter") { event.preventDefault(); find(map); } });
    input.addEventListener("change", function () { if (input.value) find(map); });

    // names on hover and tap; a counter magnified while Shift is held over it, or after a long press
    let pressTimer = null;
    f.addEventListener("pointermove", function (event) {
      if (event.pointerType !== "mouse" || M.drag.start) return;
      tip(map, named(event.target, map), event.clientX, event.clientY);
      hovered = [map, event.target, event.clientX, event.clientY];
      if (event.shiftKey) magnify(map, event.target, event.clientX, event.clientY); else unmagnify(map);
    });
    f.addEventListener("pointerleave", function (event) {
      if (event.pointerType === "mouse") { tip(map, null); hovered = null; unmagnify(map); }
    });
    f.addEventListener("pointerup", function (event) {
      clearTimeout(pressTimer);
      if (event.pointerType !== "mouse" && !M.dragged) tip(map, named(event.target, map), event.clientX, event.clientY, 2500);
    });
    f.addEventListener("pointerdown", function (event) {
      unmagnify(map);
      if (event.pointerType === "mouse" || !counterOf(event.target)) return;
      const at = [event.target, event.clientX, event.clientY];
      pressTimer = setTimeout(function () { if (magnify(map, at[0], at[1], at[2])) M.dragged = true; }, 500);
    });
    f.addEventListener("pointermove", function (event) {
      if (pressTimer && event.pointerType !== "mouse" && M.drag.touches.size > 1) clearTimeout(pressTimer);
    });
    f.addEventListener("contextmenu", function (event) { if (lensOf(map)) event.preventDefault(); });
  });
})();
