/* Ultima Ratio Regis' map (static/js/urr-map.js): stacks. A stack of several units opens on click (or Enter): one
 * counter per unit, downwards, sideways or diagonally (a preference kept in the browser, and on the server for a
 * signed-in user); its units may then be picked one by one. The arrow keys go through the map's highlighted things
 * (and the stacks that open), once one has the focus.
 */
(function () {
  "use strict";
  const M = window.UrrMap;
  if (!M || M.stacks) return;
  M.stacks = true;
  const fanLayouts = { vertical: [0, 1], horizontal: [1, 0], diagonal: [0.45, 0.55] };
  let fanLayout = "vertical";
  try { fanLayout = localStorage.getItem("urr-fan") || "vertical"; } catch (e) { /* private mode */ }
  if (!fanLayouts[fanLayout]) fanLayout = "vertical";

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

  M.add("Stacks", function (map, first) {
    stacks(map);
    if (!first) return;
    const f = M.frameOf(map);
    const prefs = map.querySelector(".urr-map-tools").dataset;
    if (prefs.prefStacks && fanLayouts[prefs.prefStacks]) fanLayout = prefs.prefStacks;
    const fanPick = map.querySelector("[data-urr-fan]");
    fanPick.value = fanLayout;
    fanPick.addEventListener("change", function () {
      fanLayout = fanPick.value;
      try { localStorage.setItem("urr-fan", fanLayout); } catch (e) { /* private mode */ }
      M.keep(map, "stacks", fanLayout);
      map.querySelectorAll(".urr-fan.urr-open").forEach(layFan);
    });
    // board.js takes a button's tabindex and role away when it is no longer to be chosen: an opening stack keeps them
    new MutationObserver(function (records) {
      records.forEach(function (r) { if (r.target.hasAttribute("aria-expanded")) focusable(r.target); });
    }).observe(map.querySelector(".urr-overlay"), { attributes: true, attributeFilter: ["tabindex", "role"], subtree: true });
    // (a click the board takes as a choice opens it too)
    map.addEventListener("click", function (event) {
      const counter = event.target.closest(".urr-counter");
      if (counter && !M.dragged) toggleFan(counter);
    });
    map.addEventListener("keydown", function (event) {
      const counter = event.target.closest && event.target.closest(".urr-counter");
      if (counter && (event.key === "Enter" || event.key === " ")) toggleFan(counter);
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
      if (step && event.target !== f && f.contains(event.target) && event.target.getAttribute("tabindex") === "0") {
        const all = Array.from(f.querySelectorAll('[tabindex="0"]')).filter(function (el) { return el.getClientRects().length; });
        const next = all[(all.indexOf(event.target) + step + all.length) % all.length];
        if (next) { event.preventDefault(); next.focus(); }
      }
    });
  });
})();
