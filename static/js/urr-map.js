/* Ultima Ratio Regis' table map (templates/games/ultima-ratio-regis/map_table.html; issue 28): the tools a player of
 * map wargames expects, over what static/js/board.js makes clickable.
 *
 * - Zoom and pan: the frame scrolls (a finger, the wheel, the scroll bars, the arrow keys once it has the focus, or a
 *   drag of the mouse); the sheet's width is the zoom (buttons, Ctrl + wheel or a trackpad's pinch, a pinch of two
 *   fingers, + and − in the frame), kept on the page's root (--urr-map-w) so a new live partial comes in at the
 *   same zoom and board.js keeps its scroll. "Map" zooms to the main map, a mini-map or the World Map.
 * - A thing's name on hover and on a tap (a tip at the pointer; a map area's <title>, a counter's data-name).
 * - Find an area: its name (the list offers the map's names) zooms to it and marks it.
 * - A stack of several units opens on click (or Enter): one counter per unit, downwards, sideways or diagonally
 *   (a preference kept in the browser); its units may then be picked one by one.
 * - Hide counters, or markers, to read the map beneath.
 * - The log is linked to the board: an entry's data-keys (the things it names) light up on the map while the
 *   pointer or the focus is on it; a click on it (not on its links) shows the first of them on the map.
 * - A signed-in user's display preferences (the map's zoom at first: fit width, whole map, 100 %; how stacks open)
 *   are kept on the server as they are used (POST /account/display; the account page sets them without scripts).
 * State across swaps of the live partial lives on <html> (classes, a CSS variable) and in this script.
 */
(function () {
  "use strict";
  if (window.UrrMap) return;  // a swapped live partial brings this script again: the listeners below are set once
  window.UrrMap = true;
  const W = 2330, H = 2265;  // the base map's coordinates (engines/ultima_ratio/mapdraw.py)
  const root = document.documentElement;
  const MIN_MAP_SCALE = 0.6;  // a thing shown from the log or found: at least this zoom (its names readable)
  let scale = null;            // the sheet's width / W; null: the page's own (max(100%, 1800px))
  const fanLayouts = { vertical: [0, 1], horizontal: [1, 0], diagonal: [0.45, 0.55] };
  let fanLayout = "vertical";
  try { fanLayout = localStorage.getItem("urr-fan") || "vertical"; } catch (e) { /* private mode */ }
  if (!fanLayouts[fanLayout]) fanLayout = "vertical";

  function frameOf(map) { return map.querySelector(".urr-map-frame"); }
  function sheetOf(map) { return map.querySelector(".urr-map-sheet"); }
  function currentScale(map) { return sheetOf(map).getBoundingClientRect().width / W; }
  function limits(map) {
    const f = frameOf(map);
    const tall = Math.min(window.innerHeight * 0.78, window.innerHeight - 40);
    return { min: Math.min(f.clientWidth / W, tall / H), max: 2 };
  }

  // the zoom: the sheet's width, keeping the map point at (ox, oy) of the frame where it is
  function zoomTo(map, next, ox, oy) {
    const f = frameOf(map);
    const lim = limits(map);
    next = Math.max(lim.min, Math.min(lim.max, next));
    const was = currentScale(map);
    if (ox === undefined) { ox = f.clientWidth / 2; oy = f.clientHeight / 2; }
    const mx = (f.scrollLeft + ox) / was, my = (f.scrollTop + oy) / was;
    scale = next;
    root.style.setProperty("--urr-map-w", Math.round(W * next) + "px");
    f.scrollLeft = mx * next - ox;
    f.scrollTop = my * next - oy;
    said(map, "");
  }
  function fit(map, how) {
    const f = frameOf(map);
    const lim = limits(map);
    if (how === "width") zoomTo(map, f.clientWidth / W, 0, 0);
    else if (how === "both") zoomTo(map, lim.min, 0, 0);
    else zoomTo(map, 1);
  }
  // show a box of the map (x, y, w, h in its coordinates) in the frame, zooming in to `least` at least
  function show(map, box, least, fitIt) {
    const f = frameOf(map);
    let next = currentScale(map);
    if (fitIt) next = Math.min(f.clientWidth / box[2], Math.min(window.innerHeight * 0.78, f.clientHeight || 1e9) / box[3]);
    if (least && next < least) next = least;
    zoomTo(map, next);
    const s = currentScale(map);
    if (fitIt) { f.scrollLeft = box[0] * s; f.scrollTop = box[1] * s; return; }
    f.scrollLeft = (box[0] + box[2] / 2) * s - f.clientWidth / 2;
    f.scrollTop = (box[1] + box[3] / 2) * s - f.clientHeight / 2;
  }
  function boxOf(map, els) {  // the elements' bounding box in map coordinates
    const sheet = sheetOf(map).getBoundingClientRect();
    const s = sheet.width / W;
    let x1 = Infinity, y1 = Infinity, x2 = -Infinity, y2 = -Infinity;
    els.forEach(function (el) {
      const r = el.getBoundingClientRect();
      if (!r.width && !r.height) return;
      x1 = Math.min(x1, r.left); y1 = Math.min(y1, r.top); x2 = Math.max(x2, r.right); y2 = Math.max(y2, r.bottom);
    });
    if (x1 === Infinity) return null;
    return [(x1 - sheet.left) / s, (y1 - sheet.top) / s, (x2 - x1) / s, (y2 - y1) / s];
  }

  // the things of the board by key (data-key, or each of data-keys)
  function index(scope) {
    const things = new Map();
    scope.querySelectorAll("[data-board] [data-key], [data-board] [data-keys]").forEach(function (el) {
      (el.getAttribute("data-key") || el.getAttribute("data-keys")).split(" ").forEach(function (k) {
        if (!things.has(k)) things.set(k, []);
        things.get(k).push(el);
      });
    });
    return things;
  }
  function nameOf(el) {
    if (el.getAttribute("data-name")) return el.getAttribute("data-name");
    const title = el.querySelector(":scope > title");
    return title ? title.textContent : "";
  }
  function said(map, words) {
    const out = map.querySelector("[data-urr-said]");
    if (out) out.textContent = words;
  }

  // the tip: a thing's name at the pointer
  let tipTimer = null;
  function tip(map, el, x, y, linger) {
    let t = map.querySelector(".urr-tip");
    if (!t) {
      t = document.createElement("div");
      t.className = "urr-tip";
      t.setAttribute("aria-hidden", "true");  // the same words are the thing's accessible name
      map.appendChild(t);
    }
    const name = el ? nameOf(el) : "";
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

  // a stack's units fanned out from its counter, in the chosen layout
  function layFan(fan) {
    const counter = fan.previousElementSibling;
    const rect = counter && counter.querySelector("rect");
    if (!rect) return;
    const w = Number(rect.getAttribute("width")) + 2, h = Number(rect.getAttribute("height")) + 2;
    const [fx, fy] = fanLayouts[fanLayout];
    const units = Array.from(fan.children);
    units.forEach(function (u, i) {
      const dx = fanLayout === "horizontal" ? (i - (units.length - 1) / 2) * w : fx * (i + 1) * w;
      const dy = fanLayout === "horizontal" ? h + 2 : fy * (i + 1) * h;
      u.setAttribute("transform", "translate(" + dx.toFixed(1) + " " + dy.toFixed(1) + ")");
    });
  }
  function toggleFan(counter, open) {
    const fan = counter.nextElementSibling;
    if (!fan || !fan.classList.contains("urr-fan")) return false;
    open = open === undefined ? !fan.classList.contains("urr-open") : open;
    if (open) layFan(fan);
    fan.classList.toggle("urr-open", open);
    counter.setAttribute("aria-expanded", open ? "true" : "false");
    if (open) fan.parentNode.parentNode.appendChild(fan.parentNode);  // drawn above its neighbours
    return true;
  }

  // a counter of several units opens and closes: a button (marked anew for the places a move's answer redrew)
  function focusable(counter) {
    if (!counter.hasAttribute("tabindex")) counter.setAttribute("tabindex", "0");
    if (!counter.hasAttribute("role")) counter.setAttribute("role", "button");
  }
  function stacks(map) {
    map.querySelectorAll(".urr-fan").forEach(function (fan) {
      const counter = fan.previousElementSibling;
      if (counter.hasAttribute("aria-expanded")) return;
      focusable(counter);
      counter.setAttribute("aria-expanded", "false");
    });
  }

  function setUp(map) {
    stacks(map);
    if (map.dataset.urrTools) return;
    map.dataset.urrTools = "1";
    const tools = map.querySelector(".urr-map-tools");
    const f = frameOf(map);
    tools.hidden = false;
    // a signed-in user's preferences, kept on the server (the account page's "Display"), as they are used
    const prefs = tools.dataset;
    function keep(name, value) {
      if (!prefs.prefUrl) return;
      const body = new URLSearchParams({ csrf_token: prefs.csrf, next: "/account" });
      body.set(name, value);
      fetch(prefs.prefUrl, { method: "POST", body: body, credentials: "same-origin", redirect: "manual" }).catch(function () {});
    }
    if (prefs.prefStacks && fanLayouts[prefs.prefStacks]) fanLayout = prefs.prefStacks;
    if (scale !== null) root.style.setProperty("--urr-map-w", Math.round(W * scale) + "px");
    else if (prefs.prefZoom) fit(map, prefs.prefZoom);

    tools.addEventListener("click", function (event) {
      const b = event.target.closest("button");
      if (!b) return;
      const z = b.getAttribute("data-zoom");
      if (z === "in" || z === "out") zoomTo(map, currentScale(map) * (z === "in" ? 1.25 : 0.8));
      else if (z) { fit(map, z); keep("map_zoom", z); }
      const hide = b.getAttribute("data-urr-hide");
      if (hide) {
        const on = root.classList.toggle("urr-hide-" + hide);
        b.setAttribute("aria-pressed", on ? "true" : "false");
      }
      if (b.hasAttribute("data-urr-go")) find(map);
    });
    tools.querySelectorAll("[data-urr-hide]").forEach(function (b) {
      b.setAttribute("aria-pressed", root.classList.contains("urr-hide-" + b.getAttribute("data-urr-hide")) ? "true" : "false");
    });
    const view = tools.querySelector("[data-urr-view]");
    view.addEventListener("change", function () {
      show(map, view.value.split(" ").map(Number), 0, true);
      said(map, view.options[view.selectedIndex].textContent);
    });
    const fanPick = tools.querySelector("[data-urr-fan]");
    fanPick.value = fanLayout;
    fanPick.addEventListener("change", function () {
      fanLayout = fanPick.value;
      try { localStorage.setItem("urr-fan", fanLayout); } catch (e) { /* private mode */ }
      keep("stacks", fanLayout);
      map.querySelectorAll(".urr-fan.urr-open").forEach(layFan);
    });
    const input = tools.querySelector("[data-urr-find]");
    input.addEventListener("keydown", function (event) { if (event.key === "Enter") { event.preventDefault(); find(map); } });
    input.addEventListener("change", function () { if (input.value) find(map); });
    names(map);

    // a counter of several units opens and closes (a click the board takes as a choice opens it too)
    // board.js takes a button's tabindex and role away when it is no longer to be chosen: an opening stack keeps them
    new MutationObserver(function (records) {
      records.forEach(function (r) { if (r.target.hasAttribute("aria-expanded")) focusable(r.target); });
    }).observe(map.querySelector(".urr-overlay"), { attributes: true, attributeFilter: ["tabindex", "role"], subtree: true });
    map.addEventListener("click", function (event) {
      const counter = event.target.closest(".urr-counter");
      if (counter && !dragged) toggleFan(counter);
    });
    map.addEventListener("keydown", function (event) {
      const counter = event.target.closest && event.target.closest(".urr-counter");
      if (counter && (event.key === "Enter" || event.key === " ")) toggleFan(counter);
      // the arrow keys go through the map's highlighted things (and the stacks that open), once one has the focus
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
      if (step && event.target !== f && f.contains(event.target) && event.target.getAttribute("tabindex") === "0") {
        const all = Array.from(f.querySelectorAll('[tabindex="0"]')).filter(function (el) { return el.getClientRects().length; });
        const next = all[(all.indexOf(event.target) + step + all.length) % all.length];
        if (next) { event.preventDefault(); next.focus(); }
      }
      if (event.target === f && (event.key === "+" || event.key === "=" || event.key === "-")) {
        event.preventDefault();
        zoomTo(map, currentScale(map) * (event.key === "-" ? 0.8 : 1.25));
      }
    });

    // names on hover and tap; a counter magnified while Shift is held over it, or after a long press
    let pressTimer = null;
    f.addEventListener("pointermove", function (event) {
      if (event.pointerType !== "mouse" || dragStart) return;
      tip(map, named(event.target, map), event.clientX, event.clientY);
      hovered = [map, event.target, event.clientX, event.clientY];
      if (event.shiftKey) magnify(map, event.target, event.clientX, event.clientY); else unmagnify(map);
    });
    f.addEventListener("pointerleave", function (event) {
      if (event.pointerType === "mouse") { tip(map, null); hovered = null; unmagnify(map); }
    });
    f.addEventListener("pointerup", function (event) {
      clearTimeout(pressTimer);
      if (event.pointerType !== "mouse" && !dragged) tip(map, named(event.target, map), event.clientX, event.clientY, 2500);
    });
    f.addEventListener("pointerdown", function (event) {
      unmagnify(map);
      if (event.pointerType === "mouse" || !counterOf(event.target)) return;
      const at = [event.target, event.clientX, event.clientY];
      pressTimer = setTimeout(function () { if (magnify(map, at[0], at[1], at[2])) dragged = true; }, 500);
    });
    f.addEventListener("pointermove", function (event) {
      if (pressTimer && event.pointerType !== "mouse" && touches.size > 1) clearTimeout(pressTimer);
    });
    f.addEventListener("contextmenu", function (event) { if (lensOf(map)) event.preventDefault(); });

    // Ctrl + wheel (a trackpad's pinch) zooms at the pointer; the wheel alone scrolls
    f.addEventListener("wheel", function (event) {
      if (!event.ctrlKey) return;
      event.preventDefault();
      const r = f.getBoundingClientRect();
      zoomTo(map, currentScale(map) * Math.exp(-event.deltaY / 300), event.clientX - r.left, event.clientY - r.top);
    }, { passive: false });

    // a drag of the mouse pans; two fingers pinch
    let dragStart = null, dragged = false;
    const touches = new Map();
    let pinch = null;
    f.addEventListener("pointerdown", function (event) {
      if (event.pointerType === "mouse") {
        if (event.button !== 0) return;
        dragStart = [event.clientX, event.clientY, f.scrollLeft, f.scrollTop];
        dragged = false;
        return;
      }
      dragged = false;
      touches.set(event.pointerId, [event.clientX, event.clientY]);
      if (touches.size === 2) {
        const [a, b] = Array.from(touches.values());
        const r = f.getBoundingClientRect();
        pinch = { d: Math.hypot(a[0] - b[0], a[1] - b[1]), s: currentScale(map), x: (a[0] + b[0]) / 2 - r.left, y: (a[1] + b[1]) / 2 - r.top };
      }
    });
    f.addEventListener("pointermove", function (event) {
      if (dragStart && event.pointerType === "mouse") {
        const dx = event.clientX - dragStart[0], dy = event.clientY - dragStart[1];
        if (!dragged && Math.hypot(dx, dy) < 6) return;
        dragged = true;
        f.classList.add("urr-dragging");
        f.scrollLeft = dragStart[2] - dx;
        f.scrollTop = dragStart[3] - dy;
        return;
      }
      if (!touches.has(event.pointerId)) return;
      touches.set(event.pointerId, [event.clientX, event.clientY]);
      if (pinch && touches.size === 2) {
        const [a, b] = Array.from(touches.values());
        dragged = true;
        zoomTo(map, pinch.s * Math.hypot(a[0] - b[0], a[1] - b[1]) / pinch.d, pinch.x, pinch.y);
      }
    });
    function up(event) {
      touches.delete(event.pointerId);
      if (touches.size < 2) pinch = null;
      if (event.pointerType === "mouse") { dragStart = null; f.classList.remove("urr-dragging"); }
    }
    f.addEventListener("pointerup", up);
    f.addEventListener("pointercancel", up);
    // the click that ends a drag is no choice
    f.addEventListener("click", function (event) {
      if (dragged) { event.stopPropagation(); event.preventDefault(); dragged = false; }
    }, true);
  }

  // a counter magnified (issue 28 › A counter or card can be magnified): drawn four times its size beside the
  // pointer, with all its words (a stack's units, its leaders)
  const COUNTERS = ".urr-fan-unit, .urr-counter, .urr-leader, .urr-marker, .urr-fortress, .urr-siege, .urr-merchants, .urr-capacity";
  function counterOf(target) { return target.closest ? target.closest(COUNTERS) : null; }
  function lensOf(map) { const l = map.querySelector(".urr-lens"); return l && !l.hidden ? l : null; }
  function magnify(map, target, x, y) {
    const el = counterOf(target);
    if (!el || !map.contains(el)) { unmagnify(map); return false; }
    let lens = map.querySelector(".urr-lens");
    if (!lens) {
      lens = document.createElement("div");
      lens.className = "urr-lens";
      lens.setAttribute("aria-hidden", "true");  // what it says is the counter's accessible name
      map.appendChild(lens);
    }
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
    words.textContent = nameOf(el);
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
      const n = nameOf(el);
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
    const by = function (test) { return all.find(function (el) { return test(nameOf(el).toLowerCase()); }); };
    const hit = by(function (n) { return n === wanted; }) || by(function (n) { return n.startsWith(wanted); }) ||
      by(function (n) { return n.includes(wanted); });
    if (!hit) { said(map, map.querySelector(".urr-map-tools").getAttribute("data-not-found")); return; }
    const key = hit.getAttribute("data-key");
    const els = index(map.closest("#table-live") || document).get(key) || [hit];
    light(els.filter(function (el) { return map.contains(el); }), "urr-found", 4000);
    const box = boxOf(map, [hit]);
    if (box) show(map, box, MIN_MAP_SCALE);
    frameOf(map).scrollIntoView({ block: "nearest" });
    said(map, nameOf(hit));
  }

  let lit = [];
  let litTimer = null;
  function light(els, css, linger) {
    lit.forEach(function (el) { el.classList.remove("urr-lit", "urr-found"); });
    lit = els;
    els.forEach(function (el) { el.classList.add(css); });
    clearTimeout(litTimer);
    if (linger) litTimer = setTimeout(function () { light([], css); }, linger);
  }

  // the log linked to the board: the things an entry names light up; a click on it shows them on the map
  function entryOf(target) {
    const li = target.closest && target.closest("li[data-keys]");
    return li && li.closest(".log-list, .since-list") ? li : null;
  }
  function named_things(li) {
    const live = document.getElementById("table-live");
    if (!live) return [];
    const things = index(live);
    return li.getAttribute("data-keys").split(" ").flatMap(function (k) { return things.get(k) || []; });
  }
  document.addEventListener("pointerover", function (event) {
    const li = entryOf(event.target);
    if (li) light(named_things(li), "urr-lit");
  });
  document.addEventListener("pointerout", function (event) {
    const li = entryOf(event.target);
    if (li && !li.contains(event.relatedTarget)) light([], "urr-lit");
  });
  document.addEventListener("focusin", function (event) {
    const li = entryOf(event.target);
    if (li) light(named_things(li), "urr-lit");
  });
  document.addEventListener("click", function (event) {
    const li = entryOf(event.target);
    if (!li || event.target.closest("a, button")) return;
    const map = document.querySelector("#table-live section.urr-map");
    const els = named_things(li).filter(function (el) { return map && map.contains(el); });
    if (!els.length) return;
    light(els, "urr-found", 4000);
    const first = els.filter(function (el) { return el.getAttribute("data-key") === els[0].getAttribute("data-key") || el.getAttribute("data-keys") === els[0].getAttribute("data-keys"); });
    const box = boxOf(map, first);
    if (box) show(map, box, MIN_MAP_SCALE);
    map.scrollIntoView({ block: "nearest", behavior: "smooth" });
    said(map, nameOf(first[0]));
  });

  // combat die by die (issue 28 › Combat shown die by die): a log entry's rolls as the engine writes them
  // ("Q2:5→1+1": a quality 2 die rolled 5, read 1 on the combat table, +1 of an advantage; battles.py) drawn as dice,
  // each with its quality and its reading; the words stay for screen readers
  const ROLL = /Q(\d):(\d+)\u2192(\d+)(\+1)?/g;
  function dice(scope) {
    scope.querySelectorAll(".log-list .entry-text, .since-list .entry-text").forEach(function (el) {
      ROLL.lastIndex = 0;
      if (el.dataset.dice || !ROLL.test(el.textContent)) return;
      el.dataset.dice = "1";
      const text = el.textContent;
      const out = document.createDocumentFragment();
      let at = 0;
      ROLL.lastIndex = 0;
      for (let m = ROLL.exec(text); m; m = ROLL.exec(text)) {
        out.append(text.slice(at, m.index));
        const die = document.createElement("span");
        die.className = "urr-die urr-die-q" + m[1];
        const face = document.createElement("span");
        face.setAttribute("aria-hidden", "true");
        face.innerHTML = '<b class="urr-die-q">Q' + m[1] + '</b><span class="urr-die-face">' + m[2] +
          '</span><span class="urr-die-read">' + m[3] + (m[4] ? "+1" : "") + "</span>";
        const words = document.createElement("span");
        words.className = "sr-only";
        words.textContent = m[0];
        die.append(face, words);
        out.append(die);
        at = m.index + m[0].length;
      }
      out.append(text.slice(at));
      el.replaceChildren(out);
    });
  }

  // the possessors' colours on the inline base map: each place of the overlay says its area's (data-tint; a move's
  // answer redraws the places it changed), the base map's areas follow (board.css: .urr-tinted)
  function tint(map) {
    const base = map.querySelector("#urr-base svg");
    if (!base) return;
    base.dataset.urrTinted = "1";
    const now = new Map();
    map.querySelectorAll(".urr-overlay .urr-place[data-tint]").forEach(function (pl) { now.set(pl.getAttribute("data-key"), pl.getAttribute("data-tint")); });
    base.querySelectorAll(".urr-tinted").forEach(function (el) {
      if (now.has(el.getAttribute("data-key"))) return;
      el.classList.remove("urr-tinted");
      el.style.removeProperty("--urr-tint");
    });
    now.forEach(function (colour, key) {
      base.querySelectorAll('[data-key="' + key + '"]').forEach(function (el) {
        el.classList.add("urr-tinted");
        el.style.setProperty("--urr-tint", colour);
      });
    });
  }

  function setUpAll() {
    dice(document);
    document.querySelectorAll("#table-live section.urr-map").forEach(function (map) {
      setUp(map);
      names(map);  // the base map came in after the tools were set up
      tint(map);
    });
  }
  document.addEventListener("htmx:afterSettle", setUpAll);
  document.addEventListener("htmx:afterSwap", setUpAll);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUpAll);
  else setUpAll();
  // the base map is made inline by board.js once fetched: its names for the search box then
  new MutationObserver(function () {
    document.querySelectorAll("#table-live section.urr-map").forEach(function (map) {
      names(map);
      const base = map.querySelector("#urr-base svg");
      if (base && !base.dataset.urrTinted) tint(map);
    });
  })
    .observe(document.documentElement, { childList: true, subtree: true });
})();
