"""Secret Memorials: drawn unread at the start, read on turns 2 and 3, claimed immediately or at the end of the
game, and the requirement that at least one task be completed (Secret Memorial (Optional); Cooperative Game)."""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.core.types import text
from engines.planet_king import council, court, wars
from engines.planet_king.components import C
from engines.planet_king.flow import choose
from engines.planet_king.scoring import enlightenment

R = "secret_memorial"
OWNER_ROLE = {"hm": "king", "council": "valido"}


def in_use(s: dict) -> bool:
    return not council.solo(s) or s["options"]["secret_memorial"]


def deal(g: Ctx) -> None:
    """Each type's deck is shuffled and one card of each drawn, unread."""
    s = g.s
    for owner in ("hm", "council"):
        cards = sorted(m for m, d in C.MEMORIALS.items() if d["owner"] == owner)
        s["memorials"][owner] = g.choice(cards)
    g.log("log.a_secret_memorial_of_h", rule=R)


def holder(s: dict, owner: str) -> str:
    return "king" if council.solo(s) else OWNER_ROLE[owner]


def org_memorials(g: Ctx) -> None:
    """Cooperative: each player reads his card on turn 2. Solo: one card on turn 2 (the player's choice), the other
    on turn 3. A scenario that starts later (Anni Horribiles) reads them on its second and third turns (ruling
    R-MEMORIAL-TURNS). "No player may see their card until the Organisation phase of the second turn" (lines
    759-760, 763, 956): a one-turn scenario (Iupiter Hispano, Hothead) never reads them, and they are revealed at the
    end (ruling R-MEMORIAL-ONE-TURN)."""
    s = g.s
    nth = s["turn"] - s["first_turn"] + 1
    if not in_use(s) or nth not in (2, 3):
        return
    unread = [o for o in ("hm", "council") if s["memorials"][o] not in s["memorials"]["read"]]
    if not unread:
        return
    if council.solo(s) and nth == 2 and len(unread) == 2:
        choose(g, "king", text("prompt.which_secret_memorial_do_you"), [("read", o) for o in unread], "memorial_read")
        return
    for o in unread:
        read(g, o)


def memorial_read(g: Ctx, verb: str, arg: str) -> None:
    read(g, arg)


def read(g: Ctx, owner: str) -> None:
    s = g.s
    mid = s["memorials"][owner]
    s["memorials"]["read"].append(mid)
    who = holder(s, owner)
    g.show([who], [mid])
    g.log("log.the_reads_his_secret_memorial", who=holder(s, owner), rule=R)
    g.log("log.your_secret_memorial", mid=mid, task=C.MEMORIALS[mid]["task"], to=[who], rule=R)


def task_done(s: dict, mid: str) -> bool:
    """The tasks of content_items.py (CHECKS), as the state stands now."""
    key, _, arg = C.MEMORIALS[mid]["check"].partition(":")
    args = arg.split("|") if arg else []
    if key == "won_war":
        return any(w in args and r == "win" for w, r, *_ in s["war_results"])
    if key == "enlightenment_at_least":
        return enlightenment(s) >= int(args[0])
    if key == "happiness_at_least":
        return s["last_scores"].get("happiness", 0) >= int(args[0])
    if key == "prestige_at_least":
        return s["last_scores"].get("prestige", 0) >= int(args[0])
    if key == "wars_at_least":
        return wars.count_for_instability(s) >= int(args[0])
    if key == "won_war_at_war_with":
        return any(r == "win" and many >= int(args[0]) for _, r, _, many in s["war_results"])
    if key == "heir_alive":
        return any(c["id"] == s["heir"] and not c["sickly"] for c in s["children"])
    if key == "court_painter":
        return s["court"]["painter"] is not None and court.in_play(s, s["court"]["painter"])
    if key == "geniuses_at_court":
        return len(court.court_geniuses(s)) >= int(args[0])
    if key == "war_not_lost":
        return not any(w in args and r == "loss" for w, r, *_ in s["war_results"])
    if key == "union_of_arms_completed":
        return s["union"] >= 2
    if key == "exploration_reached":
        ids = [x["id"] for x in C.TABLES["exploration"]]
        return s["exploration"] >= ids.index(args[0])
    if key == "valtellina_open":
        return not s["flags"]["valtellina_closed"]
    raise ValueError(f"unknown memorial check {key}")


def claim(g: Ctx, owner: str) -> None:
    s = g.s
    mid = s["memorials"][owner]
    s["memorials"]["claimed"].append(mid)
    d = C.MEMORIALS[mid]
    # the red circle for a short scenario (ruling R-MEMORIAL-LENGTH: every scenario under eight turns), the white
    # one for the eight-turn campaign
    vp = d["vp_white"] if s["last_turn"] - s["first_turn"] + 1 >= 8 else d["vp_red"]
    g.show(council.everyone(s), [mid])
    council.victory_points(g, vp, text("why.secret_memorial_completed", name=d["name"]), OWNER_ROLE[owner], R)


def eot_memorials(g: Ctx) -> None:
    """Immediate memorials are claimed at the end of the turn their task is done (once read)."""
    s = g.s
    if not in_use(s):
        return
    for owner in ("hm", "council"):
        mid = s["memorials"][owner]
        if (
            C.MEMORIALS[mid]["immediate"]
            and mid in s["memorials"]["read"]
            and mid not in s["memorials"]["claimed"]
            and task_done(s, mid)
        ):
            claim(g, owner)


def final(g: Ctx) -> bool:
    """End of game: every card not yet claimed is revealed, then claimed if its task is completed, or its black
    circle paid; True if a task was completed. An immediate card counts here too: one never read (a one-turn
    scenario, line 759-760) or in a scenario without an End of Turn phase (Hothead, line 817) had no end of turn to
    be claimed at (ruling R-MEMORIAL-ONE-TURN)."""
    s = g.s
    done = False
    for owner in ("hm", "council"):
        mid = s["memorials"][owner]
        if mid in s["memorials"]["claimed"]:
            done = True
            continue
        g.show(council.everyone(s), [mid])
        if task_done(s, mid):
            claim(g, owner)
            done = True
        else:
            council.victory_points(
                g,
                -C.MEMORIALS[mid]["vp_black"],
                text("why.secret_memorial_not_completed", mid=mid),
                OWNER_ROLE[owner],
                R,
            )
    return done


PROCEDURES = (org_memorials, eot_memorials)
DECISIONS = ((memorial_read, None),)
