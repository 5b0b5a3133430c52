/* Ultima Ratio Regis' map (static/js/urr-map.js): the possessors' colours on the inline base map. Each place of the
 * overlay says its area's (its possession square's colour; a move's answer redraws the places it changed,
 * app/live_parts.py), and the base map's areas follow (static/css/board.css: .urr-tinted, under the board's marks). Without JavaScript the base map is
 * a picture, and the overlay's possession squares say who holds what.
 */
(function () {
  "use strict";
  const M = window.UrrMap;
  if (!M || M.tint) return;
  M.tint = true;

  function tint(map) {
    const base = map.querySelector("#urr-base svg");
    if (!base) return;
    base.dataset.urrTinted = "1";
    const now = new Map();
    map.querySelectorAll(".urr-overlay .urr-place > .urr-possession").forEach(function (square) {
      now.set(square.parentNode.getAttribute("data-key"), square.getAttribute("fill"));
    });
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

  M.add("Tint", tint);
  // the base map made inline (board.js) after the page's set-up: coloured then
  M.watchers.push(function (map) {
    const base = map.querySelector("#urr-base svg");
    if (base && !base.dataset.urrTinted) tint(map);
  });
})();
