/* Ultima Ratio Regis' map (static/js/urr-map.js): zoom and pan. The frame scrolls (a finger, the wheel, the scroll
 * bars, the arrow keys once it has the focus, or a drag of the mouse); the sheet's width is the zoom (buttons,
 * Ctrl + wheel or a trackpad's pinch, a pinch of two fingers, + and − in the frame), kept on the page's root
 * (--urr-map-w) so a new live partial comes in at the same zoom and board.js keeps its scroll. "Map" zooms to the
 * main map, a mini-map or the World Map; two buttons hide the counters, or the markers, to read the map beneath.
 */
(function () {
  "use strict";
  const M = window.UrrMap;
  if (!M || M.zoom) return;
  M.zoom = true;
  const root = M.root;

  M.add("Zoom", function (map, first) {
    if (!first) return;
    const tools = map.querySelector(".urr-map-tools");
    const f = M.frameOf(map);
    const prefs = tools.dataset;
    if (M.scale !== null) root.style.setProperty("--urr-map-w", Math.round(M.W * M.scale) + "px");
    else if (prefs.prefZoom) M.fit(map, prefs.prefZoom);

    tools.addEventListener("click", function (event) {
      const b = event.target.closest("button");
      if (!b) return;
      const z = b.getAttribute("data-zoom");
      if (z === "in" || z === "out") M.zoomTo(map, M.currentScale(map) * (z === "in" ? 1.25 : 0.8));
      else if (z) { M.fit(map, z); M.keep(map, "map_zoom", z); }
      const hide = b.getAttribute("data-urr-hide");
      if (hide) {
        const on = root.classList.toggle("urr-hide-" + hide);
        b.setAttribute("aria-pressed", on ? "true" : "false");
      }
    });
    tools.querySelectorAll("[data-urr-hide]").forEach(function (b) {
      b.setAttribute("aria-pressed", root.classList.contains("urr-hide-" + b.getAttribute("data-urr-hide")) ? "true" : "false");
    });
    const view = tools.querySelector("[data-urr-view]");
    view.addEventListener("change", function () {
      M.show(map, view.value.split(" ").map(Number), 0, true);
      M.said(map, view.options[view.selectedIndex].textContent);
    });
    map.addEventListener("keydown", function (event) {
      if (event.target === f && (event.key === "+" || event.key === "=" || event.key === "-")) {
        event.preventDefault();
        M.zoomTo(map, M.currentScale(map) * (event.key === "-" ? 0.8 : 1.25));
      }
    });

    // Ctrl + wheel (a trackpad's pinch) zooms at the pointer; the wheel alone scrolls
    f.addEventListener("wheel", function (event) {
      if (!event.ctrlKey) return;
      event.preventDefault();
      const r = f.getBoundingClientRect();
      M.zoomTo(map, M.currentScale(map) * Math.exp(-event.deltaY / 300), event.clientX - r.left, event.clientY - r.top);
    }, { passive: false });

    // a drag of the mouse pans; two fingers pinch
    const drag = M.drag, touches = drag.touches;
    let pinch = null;
    f.addEventListener("pointerdown", function (event) {
      if (event.pointerType === "mouse") {
        if (event.button !== 0) return;
        drag.start = [event.clientX, event.clientY, f.scrollLeft, f.scrollTop];
        M.dragged = false;
        return;
      }
      M.dragged = false;
      touches.set(event.pointerId, [event.clientX, event.clientY]);
      if (touches.size === 2) {
        const [a, b] = Array.from(touches.values());
        const r = f.getBoundingClientRect();
        pinch = { d: Math.hypot(a[0] - b[0], a[1] - b[1]), s: M.currentScale(map), x: (a[0] + b[0]) / 2 - r.left, y: (a[1] + b[1]) / 2 - r.top };
      }
    });
    f.addEventListener("pointermove", function (event) {
      if (drag.start && event.pointerType === "mouse") {
        const dx = event.clientX - drag.start[0], dy = event.clientY - drag.start[1];
        if (!M.dragged && Math.hypot(dx, dy) < 6) return;
        M.dragged = true;
        f.classList.add("urr-dragging");
        f.scrollLeft = drag.start[2] - dx;
        f.scrollTop = drag.start[3] - dy;
        return;
      }
      if (!touches.has(event.pointerId)) return;
      touches.set(event.pointerId, [event.clientX, event.clientY]);
      if (pinch && touches.size === 2) {
        const [a, b] = Array.from(touches.values());
        M.dragged = true;
        M.zoomTo(map, pinch.s * Math.hypot(a[0] - b[0], a[1] - b[1]) / pinch.d, pinch.x, pinch.y);
      }
    });
    function up(event) {
      touches.delete(event.pointerId);
      if (touches.size < 2) pinch = null;
      if (event.pointerType === "mouse") { drag.start = null; f.classList.remove("urr-dragging"); }
    }
    f.addEventListener("pointerup", up);
    f.addEventListener("pointercancel", up);
    // the click that ends a drag is no choice
    f.addEventListener("click", function (event) {
      if (M.dragged) { event.stopPropagation(); event.preventDefault(); M.dragged = false; }
    }, true);
  });
})();
