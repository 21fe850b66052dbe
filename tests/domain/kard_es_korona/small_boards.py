"""Test boards in the KK board schema, laid out so that rulebook outcomes are easy to work out by hand.

Every lord's province has the same shape (basic: 7 counties; advanced: 10). For province `p`:

    p_k1 (castle) -- p_k2 (castle) -- p_m (mountain) -- next province's p_k1   (the ring)
      |                |
    p_a -----river----- p_b (swamp) -- p_c          p_a -- p_d -- p_b      (E5: A, B, C, D)
      (Tisza)

Edges: k1-a, k1-k2, k2-c, k2-m, a-b (Tisza), a-d, d-b, b-c. The advanced shape adds p_k3 (castle), p_e, p_f
(plains): k2-k3, k3-e, e-f, f-c. The royal centre `kiralyi_terulet` has a castle `pest` and two plains,
`fejer` and `kunsag`; `pest` borders every province's k1, `fejer` borders pest and kunsag.
Special counties: Bihar = tiszahat_d, Nógrád = felvidek_d, Kunság = kunsag, Baranya = szlavonia_a;
Szlavónia's other counties are its closed Dráva-Száva region (5 players).
"""

from __future__ import annotations

from typing import Any

RING = ("felvidek", "tiszahat", "erdely", "delvidek", "szlavonia", "pannonia")
NAMES = {
    "felvidek": "Felvidék",
    "tiszahat": "Tiszahát",
    "erdely": "Erdély",
    "delvidek": "Délvidék",
    "szlavonia": "Szlavónia",
    "pannonia": "Pannónia",
    "kiralyi_terulet": "Királyi terület",
}


def province_board(variant: str = "basic") -> dict[str, Any]:
    """A valid KK board of the shape in the module docstring."""
    areas: list[dict[str, Any]] = []
    edges: list[dict[str, Any]] = []

    def county(cid: str, name: str, province: str, castle: bool, terrain: str, x: int, y: int) -> None:
        areas.append(
            {
                "id": cid,
                "name": name,
                "kind": "county",
                "attributes": {"province": province, "castle": castle, "terrain": terrain},
                "layout": {"x": x, "y": y},
            }
        )

    def edge(a: str, b: str, river: str | None = None) -> None:
        if river:
            edges.append({"a": a, "b": b, "kind": "river", "attributes": {"river": river}})
        else:
            edges.append({"a": a, "b": b, "kind": "land"})

    for index, p in enumerate(RING):
        x = 100 * index
        county(f"{p}_k1", f"{NAMES[p]} K1", p, True, "plain", x, 0)
        county(f"{p}_k2", f"{NAMES[p]} K2", p, True, "plain", x, 10)
        county(f"{p}_a", f"{NAMES[p]} A", p, False, "plain", x, 20)
        county(f"{p}_b", f"{NAMES[p]} B", p, False, "swamp", x, 30)
        county(f"{p}_c", f"{NAMES[p]} C", p, False, "plain", x, 40)
        county(f"{p}_d", f"{NAMES[p]} D", p, False, "plain", x, 50)
        county(f"{p}_m", f"{NAMES[p]} M", p, False, "mountain", x, 60)
        edge(f"{p}_k1", f"{p}_a")
        edge(f"{p}_k1", f"{p}_k2")
        edge(f"{p}_k2", f"{p}_c")
        edge(f"{p}_k2", f"{p}_m")
        edge(f"{p}_a", f"{p}_b", "Tisza")
        edge(f"{p}_a", f"{p}_d")
        edge(f"{p}_d", f"{p}_b")
        edge(f"{p}_b", f"{p}_c")
        if variant == "advanced":
            county(f"{p}_k3", f"{NAMES[p]} K3", p, True, "plain", x, 70)
            county(f"{p}_e", f"{NAMES[p]} E", p, False, "plain", x, 80)
            county(f"{p}_f", f"{NAMES[p]} F", p, False, "plain", x, 90)
            edge(f"{p}_k2", f"{p}_k3")
            edge(f"{p}_k3", f"{p}_e")
            edge(f"{p}_e", f"{p}_f")
            edge(f"{p}_f", f"{p}_c")
        edge(f"{p}_m", f"{RING[(index + 1) % 6]}_k1")
    county("pest", "Pest", "kiralyi_terulet", True, "plain", 300, 300)
    county("fejer", "Fejér", "kiralyi_terulet", False, "plain", 320, 300)
    county("kunsag", "Kunság", "kiralyi_terulet", False, "plain", 340, 300)
    edge("pest", "fejer")
    edge("fejer", "kunsag")
    for p in RING:
        edge("pest", f"{p}_k1")
    provinces: list[dict[str, Any]] = [{"id": p, "name": NAMES[p]} for p in RING]
    provinces.append({"id": "kiralyi_terulet", "name": NAMES["kiralyi_terulet"], "royal": True})
    slavonia = [a["id"] for a in areas if a["attributes"]["province"] == "szlavonia" and a["id"] != "szlavonia_a"]
    return {
        "name": f"Test provinces ({variant})",
        "ruleset": "kard_es_korona",
        "attributes": {
            "variant": variant,
            "approximation": "a test board with every province of the same shape",
            "provinces": provinces,
            "province_ring": list(RING),
            "closed_in_5p": slavonia,
            "special_counties": {
                "baranya": "szlavonia_a",
                "bihar": "tiszahat_d",
                "kunsag": "kunsag",
                "nograd": "felvidek_d",
            },
        },
        "areas": areas,
        "edges": edges,
    }
