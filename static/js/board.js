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
 * data-listed-verbs="type" keeps those verbs' buttons in the list too (the Planet King's action types, whose
 * buttons say their cube's cost) while their board elements (the cubes) are clickable.
 *
 * Namespaced keys (DESIGN.md › The board and the legal list: "area:oporto", "sea:east-atlantic", "unit:pt-7"): a board
 * whose root carries data-verb-keys='{"verb": ["area", null, ...]}' says which namespace each position of a verb's
 * argument names, so the action ("area", "oporto") acts on data-key="area:oporto" and ("to_sea", [u, s]) on "unit:u"
 * then "sea:s"; "id" says the argument is itself a namespaced key (Ultima Ratio Regis' content ids: ("area", "area:oporto")
 * acts on "area:oporto"); a null position names nothing on the board. A verb it does not list, and every verb of a board
 * without it (15 Días, The Planet King), matches its arguments to the keys as they are, as before.
 * An action's form may itself say which keys it acts on, subject first (data-keys="card:x seat:y", written by the
 * server from the game's presentation: The Planet King, 15 Días); that is used before anything else.
 * A marked element carries data-verb (the verbs it takes part in) besides its class (pickable, picked, target); a
 * data-verb the server wrote (the verbs this seat may use on it now) is kept when the marks change.
 * An element whose data-keys name several things (a stack of units) offers the choices of all of them.
 *
 * A container with data-inline-src="<url>" (a big static picture, e.g. a map whose areas are the board's keys; its
 * <img> in a <noscript>, its accessible name in data-alt) is given the SVG document itself, fetched once a page (and kept by the browser's cache) so its elements
 * can be clicked; a swap of the live partial moves that same SVG element into the new board (no fetch, no parse).
 */
(function () {
  "use strict";
  // the page's words (static/js/site.js, app/i18n.py › SCRIPT_TEXT), English without them
  function t(key, english, fields) { return window.sigloText ? window.sigloText(key, english, fields) : english; }

  function keysOf(arg) {
    if (arg === null || arg === undefined) return [];
    if (Array.isArray(arg)) return arg.flatMap(keysOf);
    if (typeof arg === "object") return Object.values(arg).flatMap(keysOf);
    return [String(arg)];
  }

  function spaced(arg, spaces) {
    const args = Array.isArray(arg) ? arg : [arg];
    const keys = [];
    spaces.forEach(function (space, i) {
      if (space && i < args.length && args[i] !== null && typeof args[i] !== "object") keys.push(space === "id" ? String(args[i]) : space + ":" + args[i]);
    });
    return keys;
  }

  function parse(form, verbKeys) {
    const verb = form.querySelector("input[name=verb]").value;
    let arg = null;
    try { arg = JSON.parse(form.querySelector("input[name=arg]").value); } catch (e) { arg = null; }
    const button = form.querySelector("button");
    const keys = form.hasAttribute("data-keys") ? form.getAttribute("data-keys").split(" ").filter(Boolean)
      : verbKeys === null ? keysOf(arg) : Object.prototype.hasOwnProperty.call(verbKeys, verb) ? spaced(arg, verbKeys[verb]) : [];
    return { form: form, verb: verb, keys: keys, label: button ? (button.getAttribute("data-label") || button.textContent.trim()) : verb };
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
    // a partial answer (app/live_parts.py) may bring a new list beside the same board: the marks, the menu and the
    // listeners of the list before it go
    live.querySelectorAll(".board-menu").forEach(function (m) { m.remove(); });
    board.querySelectorAll(".pickable, .picked, .target").forEach(unmark);
    if (listening.has(board)) listening.get(board)();
    const things = new Map();
    board.querySelectorAll("[data-verb]").forEach(function (el) { if (!served.has(el)) served.set(el, el.dataset.verb); });
    board.querySelectorAll("[data-key], [data-keys]").forEach(function (el) {
      const ks = (el.getAttribute("data-keys") || el.getAttribute("data-key")).split(" ");
      ks.forEach(function (k) {
        if (!things.has(k)) things.set(k, []);
        things.get(k).push(el);
      });
    });
    let verbKeys = null;
    if (board.hasAttribute("data-verb-keys")) {
      try { verbKeys = JSON.parse(board.getAttribute("data-verb-keys")); } catch (e) { verbKeys = {}; }
    }
    const seen = new Set();
    const acts = [];
    list.querySelectorAll("form.action-form").forEach(function (form) {
      const a = parse(form, verbKeys);
      const twin = a.verb + "\u0000" + a.label;
      if (seen.has(twin)) { form.hidden = true; form.classList.add("twin"); return; }
      seen.add(twin);
      a.onBoard = a.keys.filter(function (k) { return things.has(k); });
      acts.push(a);
    });
    const boardActs = acts.filter(function (a) { return a.onBoard.length; });
    if (!boardActs.length) return;
    // verbs whose buttons stay in the list beside their board elements (their labels say more: a cost)
    const listed = (board.getAttribute("data-listed-verbs") || "").split(" ").filter(Boolean);
    let names = {};
    try { names = JSON.parse(board.getAttribute("data-verb-names") || "{}"); } catch (e) { names = {}; }

    const menu = document.createElement("div");
    menu.className = "board-menu";
    menu.setAttribute("aria-live", "polite");
    list.parentNode.insertBefore(menu, list);
    let picked = null;   // the keys of the selected board thing (a stack of units: several)
    let verb = null;     // the chosen ability of it

    function els(k) { return things.get(k) || []; }
    function mark(k, css, verbs) {
      els(k).forEach(function (el) {
        el.classList.add(css);
        const hits = el.dataset.hit ? el.dataset.hit.split(" ") : [];
        if (hits.indexOf(k) < 0) hits.push(k);
        el.dataset.hit = hits.join(" ");
        const had = el.dataset.verb ? el.dataset.verb.split(" ") : [];
        verbs.forEach(function (v) { if (had.indexOf(v) < 0) had.push(v); });
        el.dataset.verb = had.join(" ");
      });
    }
    function nameOf(k) {  // a thing drawn twice (a map's area, its row) is named by whichever names it
      const all = els(k);
      for (const attr of ["data-name", "aria-label"]) {
        const el = all.find(function (e) { return e.getAttribute(attr); });
        if (el) return el.getAttribute(attr);
      }
      const titled = all.find(function (e) { return e.querySelector(":scope > title"); });
      return titled ? titled.querySelector(":scope > title").textContent : k;
    }
    function verbName(v, group) {
      const el = els(picked[0])[0];
      return (el && el.getAttribute("data-verb-" + v)) || names[v] || group[0].label;
    }

    function show(visible) {
      acts.forEach(function (a) { a.form.hidden = visible.indexOf(a) < 0; });
    }

    function render() {
      const focused = board.contains(document.activeElement) ? document.activeElement : null;
      board.querySelectorAll(".pickable, .picked, .target").forEach(unmark);
      menu.textContent = "";
      if (picked === null) {
        boardActs.forEach(function (a) { mark(a.onBoard[0], "pickable", [a.verb]); });
        const rest = acts.filter(function (a) { return !a.onBoard.length || listed.indexOf(a.verb) >= 0; });
        show(rest);
        const hint = document.createElement("p");
        hint.className = "board-hint";
        hint.textContent = t("board.hint", "Click a highlighted {noun} on the board to choose what to do with it.",
          { noun: board.getAttribute("data-pick-noun") || t("board.noun", "card or place") });
        menu.appendChild(hint);
        menu.appendChild(button(acts.length === 1 ? t("board.list_one", "List the 1 move") : t("board.list_all", "List all {n} moves", { n: acts.length }), "small board-all", function () {
          show(acts); menu.textContent = "";
          menu.appendChild(button(t("board.back", "Back to choosing on the board"), "small", function () { render(); }));
        }));
      } else {
        picked.forEach(function (k) { mark(k, "picked", []); });
        const mine = boardActs.filter(function (a) { return picked.indexOf(a.onBoard[0]) >= 0; });
        const head = document.createElement("p");
        head.className = "board-hint";
        const groups = new Map();
        mine.forEach(function (a) { if (!groups.has(a.verb)) groups.set(a.verb, []); groups.get(a.verb).push(a); });
        if (verb === null && groups.size === 1 && mine.length > 1) verb = mine[0].verb;
        if (verb === null) {
          head.textContent = t("board.choose", "{name}: choose what to do.", { name: nameOf(picked[0]) });
          menu.appendChild(head);
          const visible = [];
          groups.forEach(function (group, v) {
            if (group.length === 1) { visible.push(group[0]); return; }
            menu.appendChild(button(t("board.target", "{verb} \u2192 choose a target ({n})", { verb: verbName(v, group), n: group.length }),
              "board-verb", function () { verb = v; render(); }));
          });
          show(visible);
        } else {
          const group = groups.get(verb) || [];
          head.textContent = t("board.click_target", "{name}: {verb} \u2014 click a highlighted target.",
            { name: nameOf(picked[0]), verb: verbName(verb, group) });
          menu.appendChild(head);
          group.forEach(function (a) { a.onBoard.slice(1).forEach(function (k) { mark(k, "target", [verb]); }); });
          show(group);
        }
        menu.appendChild(button(t("board.cancel", "Cancel"), "small board-cancel", function () { picked = null; verb = null; render(); }));
      }
      // a picked thing stays reachable by the keyboard (issue 30): Enter on it again puts it down
      board.querySelectorAll(".pickable, .picked, .target").forEach(function (el) {
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
        if (el.classList.contains("picked")) el.setAttribute("aria-pressed", "true");
      });
      if (focused && focused.getAttribute("tabindex") === "0" && document.activeElement !== focused) focused.focus();
    }

    // ks: the keys of the clicked element that are marked (a stack of units may hold several)
    function choose(ks) {
      if (verb !== null) {
        const hit = boardActs.filter(function (a) {
          return a.verb === verb && picked.indexOf(a.onBoard[0]) >= 0 &&
            a.onBoard.slice(1).some(function (k) { return ks.indexOf(k) >= 0 && isTarget(k); });
        });
        if (hit.length === 1) { hit[0].form.requestSubmit(); return true; }
        if (hit.length) { show(hit); reveal(); return true; }
      }
      if (picked !== null && ks.some(function (k) { return picked.indexOf(k) >= 0; })) {
        picked = null; verb = null; render(); return true;
      }
      const mine = boardActs.filter(function (a) { return ks.indexOf(a.onBoard[0]) >= 0; });
      if (!mine.length) return false;
      picked = ks.filter(function (k) { return mine.some(function (a) { return a.onBoard[0] === k; }); });
      verb = null;
      if (mine.length === 1) { mine[0].form.requestSubmit(); return true; }
      render();
      reveal();
      if (window.innerWidth < 640) menu.scrollIntoView({ block: "nearest", behavior: "smooth" });
      return true;
    }
    // the choices are listed in the side column: a side panel folded to its strip (static/js/site.js) opens for them
    // (for this page: the reader's kept choice is unchanged), or a click on the map would show nothing
    function reveal() {
      const root = document.documentElement;
      if (menu.getClientRects().length || root.dataset.sidePanel !== "collapsed") return;
      root.dataset.sidePanel = "open";
      document.querySelectorAll("[data-side-toggle]").forEach(function (b) { b.setAttribute("aria-expanded", "true"); });
    }
    function isTarget(k) { return els(k).some(function (el) { return el.classList.contains("target"); }); }

    function hitKey(event) {
      let el = event.target;
      if (el.closest("a, form, input, select, textarea, summary")) return null;
      while (el && el !== board) {
        if (el.classList && (el.classList.contains("pickable") || el.classList.contains("target") ||
                             el.classList.contains("picked"))) return el.dataset.hit ? el.dataset.hit.split(" ") : null;
        el = el.parentElement;
      }
      return null;
    }
    function onClick(event) {
      const k = hitKey(event);
      if (k !== null && choose(k)) event.preventDefault();
    }
    function onKey(event) {
      if (event.key !== "Enter" && event.key !== " ") return;
      const k = hitKey(event);
      if (k !== null && choose(k)) event.preventDefault();
    }
    board.addEventListener("click", onClick);
    board.addEventListener("keydown", onKey);
    listening.set(board, function () {
      board.removeEventListener("click", onClick);
      board.removeEventListener("keydown", onKey);
      listening.delete(board);
    });
    board.classList.add("board-enhanced");
    render();
  }

  // the server's data-verb of an element (the verbs this seat may use on it), kept across the marks' changes
  const served = new WeakMap();
  const listening = new WeakMap();  // a board -> how to take its listeners off (a new list beside the same board)
  function unmark(el) {
    el.classList.remove("pickable", "picked", "target");
    el.removeAttribute("tabindex");
    el.removeAttribute("role");
    el.removeAttribute("aria-pressed");
    delete el.dataset.hit;
    if (served.has(el)) el.dataset.verb = served.get(el); else delete el.dataset.verb;
  }

  // undo enhance(live), to do it again over a board that has grown (an inlined map)
  function reset(live) {
    const list = live.querySelector(".prompt .actions");
    if (!list || !list.dataset.enhanced) return;
    live.querySelectorAll(".board-menu").forEach(function (m) { m.remove(); });
    list.querySelectorAll("form.action-form").forEach(function (f) { f.hidden = false; f.classList.remove("twin"); });
    live.querySelectorAll(".pickable, .picked, .target").forEach(unmark);
    delete list.dataset.enhanced;
  }

  const inlined = new Map();  // data-inline-src -> its SVG element, fetched once a page and moved into each new board

  function place(box, svg) {
    box.replaceChildren(svg.isConnected ? svg.cloneNode(true) : svg);
    box.dataset.inlined = "1";
  }

  function inline(box) {
    if (box.dataset.inlined) return;
    const src = box.getAttribute("data-inline-src");
    if (inlined.has(src)) { place(box, inlined.get(src)); return; }  // a swap: the board before it had it
    box.dataset.inlined = "loading";
    fetch(src, { credentials: "same-origin" })
      .then(function (r) { if (!r.ok) throw new Error("HTTP " + r.status); return r.text(); })
      .then(function (text) {
        const svg = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
        if (!svg || svg.nodeName.toLowerCase() !== "svg") throw new Error("not an SVG document");
        svg.removeAttribute("width");
        svg.removeAttribute("height");
        svg.removeAttribute("style");
        svg.setAttribute("role", "group");
        if (box.getAttribute("data-alt")) svg.setAttribute("aria-label", box.getAttribute("data-alt"));
        const mine = document.importNode(svg, true);
        inlined.set(src, mine);
        document.querySelectorAll("[data-inline-src]").forEach(function (other) {
          if (other.getAttribute("data-inline-src") !== src) return;
          place(other, mine);
          const live = other.closest("#table-live");
          if (live) { reset(live); enhance(live); frames(live); }
        });
      })
      .catch(function () { box.dataset.inlined = "failed"; });  // the <img> stays: the list still acts
  }

  // a scrolling frame of the board (data-scroll-frame: a big map) keeps where it was scrolled across swaps, and
  // shows the first highlighted thing in it when that is out of sight
  const frameScroll = new Map();
  function frames(live) {
    live.querySelectorAll("[data-scroll-frame]").forEach(function (frame) {
      const name = frame.getAttribute("data-scroll-frame");
      const was = frameScroll.get(name);
      if (was && !frame.dataset.scrolled) { frame.scrollTop = was[0]; frame.scrollLeft = was[1]; }
      if (!frame.dataset.scrolled) {
        frame.dataset.scrolled = "1";
        frame.addEventListener("scroll", function () { frameScroll.set(name, [frame.scrollTop, frame.scrollLeft]); });
      }
      const first = frame.querySelector(".pickable, .target");
      if (!first) return;
      const f = frame.getBoundingClientRect();
      const r = first.getBoundingClientRect();
      if (r.top < f.top || r.bottom > f.bottom || r.left < f.left || r.right > f.right) {
        frame.scrollTop += (r.top + r.bottom) / 2 - (f.top + f.bottom) / 2;
        frame.scrollLeft += (r.left + r.right) / 2 - (f.left + f.right) / 2;
      }
    });
  }

  function enhanceAll() {
    document.querySelectorAll("[data-inline-src]").forEach(inline);
    document.querySelectorAll("#table-live").forEach(function (live) { enhance(live); frames(live); });
  }

  if (!window.SigloBoard) {
    window.SigloBoard = { enhance: enhanceAll };
    document.addEventListener("htmx:afterSwap", enhanceAll);
    document.addEventListener("htmx:afterSettle", enhanceAll);
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", enhanceAll);
  }
  enhanceAll();
})();
