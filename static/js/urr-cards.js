/* Ultima Ratio Regis: a card with several uses opens a small menu (issue 28 › What map-game players expect).
 *
 * A card of the hand beside the map (templates/games/ultima-ratio-regis/board.html: .urr-card data-key="card:<id>")
 * is played by a click when the seat's legal actions have one use of it (static/js/board.js). When they have
 * several for the same card (its points, its event, as a combat card...), a click (or Enter / Space on it) opens a
 * small menu beside the card listing them, each posting its own form of the prompt's list; the arrow keys move in
 * it, Escape or a click elsewhere closes it and gives the focus back to the card. Without JavaScript the prompt's
 * list of actions is the control, as before. The actions acting on a card are read as board.js reads them: a form's
 * data-keys, else the board's data-verb-keys (the verb's first argument naming a "card", or "id": the argument is
 * itself the key, card:<id>).
 */
(function () {
  "use strict";

  function keysOf(form, verbKeys) {
    if (form.hasAttribute("data-keys")) return form.getAttribute("data-keys").split(" ").filter(Boolean);
    const verb = form.querySelector("input[name=verb]").value;
    const spaces = verbKeys[verb];
    if (!spaces) return [];
    let arg = null;
    try { arg = JSON.parse(form.querySelector("input[name=arg]").value); } catch (e) { return []; }
    const args = Array.isArray(arg) ? arg : [arg];
    return spaces.map(function (space, i) {
      if (!space || i >= args.length || args[i] === null || typeof args[i] === "object") return null;
      return space === "id" ? String(args[i]) : space + ":" + args[i];  // "id": the argument is a namespaced key
    }).filter(Boolean);
  }

  // the forms of the prompt's list whose subject is the card (its first key), twins (same verb and label) once
  function usesOf(live, key) {
    const board = live.querySelector("[data-board]");
    let verbKeys = {};
    try { verbKeys = JSON.parse((board && board.getAttribute("data-verb-keys")) || "{}"); } catch (e) { verbKeys = {}; }
    const seen = new Set();
    const out = [];
    live.querySelectorAll(".prompt .actions form.action-form").forEach(function (form) {
      if (keysOf(form, verbKeys)[0] !== key) return;
      const button = form.querySelector("button");
      const label = button ? button.textContent.trim() : form.querySelector("input[name=verb]").value;
      const twin = form.querySelector("input[name=verb]").value + "\u0000" + label;
      if (seen.has(twin)) return;
      seen.add(twin);
      out.push({ form: form, label: label });
    });
    return out;
  }

  let open = null;  // {menu, card}

  function close(refocus) {
    if (!open) return;
    const card = open.card;
    open.menu.remove();
    card.removeAttribute("aria-expanded");
    open = null;
    if (refocus && card.isConnected) card.focus();
  }

  function items() { return open ? Array.from(open.menu.querySelectorAll("[role=menuitem]")) : []; }

  function openMenu(card, uses) {
    close(false);
    const menu = document.createElement("div");
    menu.className = "urr-card-menu";
    menu.setAttribute("role", "menu");
    const name = card.querySelector("strong");
    menu.setAttribute("aria-label", name ? name.textContent.trim() : card.getAttribute("data-key"));
    uses.forEach(function (use) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "urr-card-use";
      b.setAttribute("role", "menuitem");
      b.setAttribute("data-key", card.getAttribute("data-key") + ":" + use.form.querySelector("input[name=verb]").value);
      b.textContent = use.label;
      b.addEventListener("click", function (event) {
        event.stopPropagation();
        close(false);
        use.form.requestSubmit();
      });
      menu.appendChild(b);
    });
    menu.addEventListener("keydown", function (event) {
      const all = items();
      const at = all.indexOf(document.activeElement);
      if (event.key === "Escape") { event.preventDefault(); close(true); }
      else if (event.key === "ArrowDown" || event.key === "ArrowRight") { event.preventDefault(); all[(at + 1) % all.length].focus(); }
      else if (event.key === "ArrowUp" || event.key === "ArrowLeft") { event.preventDefault(); all[(at - 1 + all.length) % all.length].focus(); }
      else if (event.key === "Home") { event.preventDefault(); all[0].focus(); }
      else if (event.key === "End") { event.preventDefault(); all[all.length - 1].focus(); }
      else if (event.key === "Tab") close(false);
    });
    card.after(menu);
    card.setAttribute("aria-expanded", "true");
    card.setAttribute("aria-haspopup", "menu");
    open = { menu: menu, card: card };
    menu.querySelector("[role=menuitem]").focus();
  }

  function cardOf(event) {
    const card = event.target.closest && event.target.closest(".urr-card[data-key]");
    return card && card.closest("#table-live") ? card : null;
  }

  // before board.js's own click (the capture phase): a card of one use is left to it (a click plays it)
  function onActivate(event) {
    if (open && !open.menu.contains(event.target) && event.type === "click") close(false);
    const card = cardOf(event);
    if (!card) return;
    const uses = usesOf(card.closest("#table-live"), card.getAttribute("data-key"));
    if (uses.length < 2) return;
    event.preventDefault();
    event.stopPropagation();
    openMenu(card, uses);
  }

  // a card of several uses says it opens a menu (its accessible name stays the card's)
  function mark() {
    document.querySelectorAll("#table-live .urr-card[data-key]").forEach(function (card) {
      if (usesOf(card.closest("#table-live"), card.getAttribute("data-key")).length > 1) card.setAttribute("aria-haspopup", "menu");
      else card.removeAttribute("aria-haspopup");
    });
  }

  if (!window.SigloUrrCards) {
    window.SigloUrrCards = true;
    document.addEventListener("htmx:afterSettle", mark);
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mark); else mark();
    document.addEventListener("click", onActivate, true);
    document.addEventListener("keydown", function (event) {
      if ((event.key === "Enter" || event.key === " ") && cardOf(event)) onActivate(event);
      else if (event.key === "Escape" && open) close(true);
    }, true);
    document.addEventListener("htmx:beforeSwap", function () { close(false); });
  }
})();
