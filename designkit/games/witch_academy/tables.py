"""Tables a designer reads beside the rules (``Game.design_tables``): what each assignment
and request is worth per resource under the current ratio, straight from the CSV tables."""

from __future__ import annotations

import pandas as pd

from designkit.core.game import DesignTable
from designkit.games.witch_academy.params import WitchParams
from designkit.games.witch_academy.scoring import assignment_vp
from designkit.games.witch_academy.state import Ruleset


def design_tables(p: WitchParams) -> list[DesignTable]:
    rules = Ruleset.compile(p)
    ratio = p.assignment_vp_ratio
    rows = []
    for year in range(1, p.rounds + 1):
        for a in rules.year_assignments[year]:
            card = rules.assignments[a]
            cost = sum(n for _, n in card.cost)
            vps = [assignment_vp(card.vp, k, ratio) for k in range(3)]
            rows.append({"id": card.id, "year": year, "cost": card.cost_text(),
                         "resources": cost, "1st VP": vps[0], "2nd VP": vps[1],
                         "3rd+ VP": vps[2], "VP per resource (1st)": round(vps[0] / cost, 2)})
    assignments = pd.DataFrame(rows)
    requests = pd.DataFrame([{"id": e.id, "year": e.year, "cost": e.cost, "VP": e.vp,
                              "VP per resource": round(e.vp / e.cost, 2) if e.cost else None}
                             for y in range(1, p.rounds + 1) for i in rules.year_events[y]
                             for e in (rules.events[i],) if e.type == "request"])
    return [
        DesignTable("Assignments: VP by completion order (LW-10.2)", "課題：達成順ごとのVP",
                    assignments, note=f"ratio {' / '.join(map(str, ratio))} %, rounded down",
                    note_ja=f"比率 {' / '.join(map(str, ratio))} %、端数切り捨て",
                    words_ja=_WORDS_JA),
        DesignTable("Requests: VP per resource (LW-7.5)", "依頼：資源あたりのVP", requests,
                    words_ja=_WORDS_JA),
    ]


#: the tables' column headers in Japanese (the lab's 日本語 mode)
_WORDS_JA = {"id": "ID", "year": "年度", "cost": "コスト", "resources": "資源数",
             "1st VP": "1番目のVP", "2nd VP": "2番目のVP", "3rd+ VP": "3番目以降のVP",
             "VP per resource (1st)": "資源あたりVP（1番目）", "VP": "VP",
             "VP per resource": "資源あたりVP"}
