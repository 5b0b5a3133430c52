/* Ultima Ratio Regis' map (static/js/urr-map.js): the log linked to the board. An entry's data-keys (the things it
 * names) light up on the map while the pointer or the focus is on it; a click on it (not on its links) shows the
 * first of them on the map. A battle's rolls in an entry are drawn as dice.
 */
(function () {
  "use strict";
  const M = window.UrrMap;
  if (!M || M.log) return;
  M.log = true;

  // the log linked to the board: the things an entry names light up; a click on it shows them on the map
  function entryOf(target) {
    const li = target.closest && target.closest("li[data-keys]");
    return li && li.closest(".log-list, .since-list") ? li : null;
  }
  function named_things(li) {
    const live = document.getElementById("table-live");
    if (!live) return [];
    const things = M.index(live);
    return li.getAttribute("data-keys").split(" ").flatMap(function (k) { return things.get(k) || []; });
  }
  document.addEventListener("pointerover", function (event) {
    const li = entryOf(event.target);
    if (li) M.light(named_things(li), "urr-lit");
  });
  document.addEventListener("pointerout", function (event) {
    const li = entryOf(event.target);
    if (li && !li.contains(event.relatedTarget)) M.light([], "urr-lit");
  });
  document.addEventListener("focusin", function (event) {
    const li = entryOf(event.target);
    if (li) M.light(named_things(li), "urr-lit");
  });
  document.addEventListener("click", function (event) {
    const li = entryOf(event.target);
    if (!li || event.target.closest("a, button")) return;
    const map = document.querySelector("#table-live section.urr-map");
    const els = named_things(li).filter(function (el) { return map && map.contains(el); });
    if (!els.length) return;
    M.light(els, "urr-found", 4000);
    const first = els.filter(function (el) { return el.getAttribute("data-key") === els[0].getAttribute("data-key") || el.getAttribute("data-keys") === els[0].getAttribute("data-keys"); });
    const box = M.boxOf(map, first);
    if (box) M.show(map, box, M.MIN_MAP_SCALE);
    map.scrollIntoView({ block: "nearest", behavior: "smooth" });
    M.said(map, M.nameOf(first[0]));
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

  // the dice of the entries on the page (the log's new entries come with a move's answer)
  M.add("Log", function () { dice(document); });
})();
