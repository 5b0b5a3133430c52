/* The board is the control (progressive enhancement of the table page).
 *
 * Without JavaScript the prompt panel lists every legal action as a small form posting {verb, arg}; that list stays
 * the one place each choice is made. With JavaScript this script reads those forms (their hidden verb and arg) and
 * connects them to the board: every board element carrying data-key="<id>" (or data-keys="<id> <id>") (a card, a seat, a territory, a war, a
 * notable) that an action's arg names becomes clickable. Clicking one selects it; the panel then shows only that
 * thing's choices, grouped by verb (the ability); an ability with several targets highlights them on the board, and
 * clicking a target posts the one form that matches. Actions no board thing names (Leave, Done...) stay listed.
 * Buttons with the same verb and label (interchangeable units) are shown once.
 * The board root may carry data-verb-names='{"verb": "name"}'; an element may carry data-verb-<verb>="name".
 */
(function () {
  "use strict";

  function keysOf(arg) {
    if (arg === null || arg === undefined) return [];
    if (Array.isArray(arg)) return arg.flatMap(keysOf);
    if (typeof arg === "object") return Object.values(arg).flatMap(keysOf);
    return [String(arg)];
  }

  function parse(form) {
    const verb = form.querySelector("input[name=verb]").value;
    let arg = null;
    try { arg = JSON.parse(form.querySelector("input[name=arg]").value); } catch (e) { arg = null; }
    const button = form.querySelector("button");
    return { form: form, verb: verb, keys: keysOf(arg), label: button ? button.textContent.trim() : verb };
  }

  function button(text, css, onclick) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = css;
    b.textContent = text;
    b.addEventListener("click", onclick);
    return b;
  }

  function enhance(live) {
    const board = live.querySelector("[data-board]");
    const list = live.querySelector(".prompt .actions");
    if (!board || !list || list.dataset.enhanced) return;
    list.dataset.enhanced = "1";
    const things = new Map();
    board.querySelectorAll("[data-key], [data-keys]").forEach(function (el) {
      const ks = (el.getAttribute("data-keys") || el.getAttribute("data-key")).split(" ");
      ks.forEach(function (k) {
        if (!things.has(k)) things.set(k, []);
        things.get(k).push(el);
      });
    });
    const seen = new Set();
    const acts = [];
    list.querySelectorAll("form.action-form").forEach(function (form) {
      const a = parse(form);
      const twin = a.verb + "\u0000" + a.label;
      if (seen.has(twin)) { form.hidden = true; form.classList.add("twin"); return; }
      seen.add(twin);
      a.onBoard = a.keys.filter(function (k) { return things.has(k); });
      acts.push(a);
    });
    const boardActs = acts.filter(function (a) { return a.onBoard.length; });
    if (!boardActs.length) return;
    let names = {};
    try { names = JSON.parse(board.getAttribute("data-verb-names") || "{}"); } catch (e) { names = {}; }

    const menu = document.createElement("div");
    menu.className = "board-menu";
    menu.setAttribute("aria-live", "polite");
    list.parentNode.insertBefore(menu, list);
    let picked = null;   // the key of the selected board thing
    let verb = null;     // the chosen ability of it

    function els(k) { return things.get(k) || []; }
    function mark(k, css) { els(k).forEach(function (el) { el.classList.add(css); el.dataset.hit = k; }); }
    function nameOf(k) {
      const el = els(k)[0];
      return el ? (el.getAttribute("data-name") || el.getAttribute("aria-label") || k) : k;
    }
    function verbName(v, group) {
      const el = els(picked)[0];
      return (el && el.getAttribute("data-verb-" + v)) || names[v] || group[0].label;
    }

    function show(visible) {
      acts.forEach(function (a) { a.form.hidden = visible.indexOf(a) < 0; });
    }

    function render() {
      board.querySelectorAll(".pickable, .picked, .target").forEach(function (el) {
        el.classList.remove("pickable", "picked", "target");
        el.removeAttribute("tabindex");
        el.removeAttribute("role");
        delete el.dataset.hit;
      });
      menu.textContent = "";
      if (picked === null) {
        boardActs.forEach(function (a) { mark(a.onBoard[0], "pickable"); });
        const rest = acts.filter(function (a) { return !a.onBoard.length; });
        show(rest);
        const hint = document.createElement("p");
        hint.className = "board-hint";
        hint.textContent = "Click a highlighted " + (board.getAttribute("data-pick-noun") || "card or place") +
          " on the board to choose what to do with it.";
        menu.appendChild(hint);
        menu.appendChild(button(acts.length === 1 ? "List the 1 move" : "List all " + acts.length + " moves", "small board-all", function () {
          show(acts); menu.textContent = "";
          menu.appendChild(button("Back to choosing on the board", "small", function () { render(); }));
        }));
      } else {
        mark(picked, "picked");
        const mine = boardActs.filter(function (a) { return a.onBoard[0] === picked; });
        const head = document.createElement("p");
        head.className = "board-hint";
        const groups = new Map();
        mine.forEach(function (a) { if (!groups.has(a.verb)) groups.set(a.verb, []); groups.get(a.verb).push(a); });
        if (verb === null && groups.size === 1 && mine.length > 1) verb = mine[0].verb;
        if (verb === null) {
          head.textContent = nameOf(picked) + ": choose what to do.";
          menu.appendChild(head);
          const visible = [];
          groups.forEach(function (group, v) {
            if (group.length === 1) { visible.push(group[0]); return; }
            menu.appendChild(button(verbName(v, group) + " \u2192 choose a target (" + group.length + ")",
              "board-verb", function () { verb = v; render(); }));
          });
          show(visible);
        } else {
          const group = groups.get(verb) || [];
          head.textContent = nameOf(picked) + ": " + verbName(verb, group) + " \u2014 click a highlighted target.";
          menu.appendChild(head);
          group.forEach(function (a) { a.onBoard.slice(1).forEach(function (k) { mark(k, "target"); }); });
          show(group);
        }
        menu.appendChild(button("Cancel", "small board-cancel", function () { picked = null; verb = null; render(); }));
      }
      board.querySelectorAll(".pickable, .target").forEach(function (el) {
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
      });
    }

    function choose(k) {
      if (verb !== null && isTarget(k)) {
        const hit = boardActs.filter(function (a) {
          return a.verb === verb && a.onBoard[0] === picked && a.onBoard.slice(1).indexOf(k) >= 0;
        });
        if (hit.length === 1) { hit[0].form.requestSubmit(); return true; }
        show(hit);
        return true;
      }
      if (k === picked) { picked = null; verb = null; render(); return true; }
      if (!isPickable(k)) return false;
      picked = k; verb = null;
      const mine = boardActs.filter(function (a) { return a.onBoard[0] === picked; });
      if (mine.length === 1) { mine[0].form.requestSubmit(); return true; }
      render();
      if (window.innerWidth < 640) menu.scrollIntoView({ block: "nearest", behavior: "smooth" });
      return true;
    }
    function isPickable(k) { return boardActs.some(function (a) { return a.onBoard[0] === k; }); }
    function isTarget(k) { return els(k).some(function (el) { return el.classList.contains("target"); }); }

    function hitKey(event) {
      let el = event.target;
      if (el.closest("a, form, input, select, textarea, summary")) return null;
      while (el && el !== board) {
        if (el.classList && (el.classList.contains("pickable") || el.classList.contains("target") ||
                             el.classList.contains("picked"))) return el.dataset.hit || null;
        el = el.parentElement;
      }
      return null;
    }
    board.addEventListener("click", function (event) {
      const k = hitKey(event);
      if (k !== null && choose(k)) event.preventDefault();
    });
    board.addEventListener("keydown", function (event) {
      if (event.key !== "Enter" && event.key !== " ") return;
      const k = hitKey(event);
      if (k !== null && choose(k)) event.preventDefault();
    });
    board.classList.add("board-enhanced");
    render();
  }

  function enhanceAll() {
    document.querySelectorAll("#table-live").forEach(enhance);
  }

  if (!window.SigloBoard) {
    window.SigloBoard = { enhance: enhanceAll };
    document.addEventListener("htmx:afterSwap", enhanceAll);
    document.addEventListener("htmx:afterSettle", enhanceAll);
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", enhanceAll);
  }
  enhanceAll();
})();
