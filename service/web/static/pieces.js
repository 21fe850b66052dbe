// What stands where, read from a view (GET .../state or replay frames): pieces by area, seat and arm, and
// who controls each area. Each ruleset's view names these differently; a ruleset without an entry here is
// drawn as a bare map (its status panel still shows everything).

function rulesOf(view) {
  // A seat's or spectator's view is {meta, rules}; the arbiter's is the whole state {version, meta, state}.
  return (view && (view.rules || view.state)) || {};
}

function isCount(value) {
  return typeof value === "number" && Number.isFinite(value) && value > 0;
}

function kardEsKorona(rules) {
  const found = [];
  for (const [area, owners] of Object.entries(rules.units || {})) {
    for (const [seat, arms] of Object.entries(owners || {})) {
      for (const [arm, count] of Object.entries(arms || {})) if (isCount(count)) found.push({ area, seat, arm, count });
    }
  }
  for (const [seat, area] of Object.entries(rules.lords || {})) {
    if (typeof area === "string") found.push({ area, seat, arm: "lord", count: 1 });
  }
  return found;
}

function agot(rules) {
  const found = [];
  for (const unit of Object.values(rules.units || {})) {
    if (unit && typeof unit.area === "string") found.push({ area: unit.area, seat: unit.seat, arm: unit.type, count: 1 });
  }
  return found;
}

function cedofanRv(rules) {
  const found = [];
  for (const piece of Object.values(rules.pieces || {})) {
    if (piece && typeof piece.area === "string") found.push({ area: piece.area, seat: piece.owner, arm: piece.kind, count: 1 });
  }
  return found;
}

function cedofanKards(rules) {
  const found = [];
  for (const army of Object.values(rules.armies || {})) {
    if (!army || typeof army.at !== "string") continue;
    for (const [arm, count] of Object.entries(army.units || {})) {
      if (isCount(count)) found.push({ area: army.at, seat: army.owner, arm, count });
    }
  }
  return found;
}

const PIECES = {
  kard_es_korona: kardEsKorona,
  agot2: agot,
  cedofan_rv: cedofanRv,
  cedofan_kards_bs: cedofanKards,
};

// Merge equal (area, seat, arm) entries so that each is drawn once with its count.
export function pieces(rulesetId, view) {
  const read = PIECES[rulesetId];
  if (!read) return [];
  const merged = new Map();
  for (const piece of read(rulesOf(view))) {
    const key = `${piece.area}\u0000${piece.seat}\u0000${piece.arm}`;
    const seen = merged.get(key);
    if (seen) seen.count += piece.count;
    else merged.set(key, { ...piece });
  }
  return [...merged.values()];
}

function ownerOf(value) {
  if (typeof value === "string") return value;
  if (value && typeof value.owner === "string") return value.owner;
  return null;
}

// Area id -> controlling seat (or a neutral's name), where the view says.
export function control(rulesetId, view) {
  const rules = rulesOf(view);
  const source =
    { kard_es_korona: rules.control, cedofan_rv: rules.places, cedofan_kards_bs: rules.cities, agot2: rules.power_tokens }[
      rulesetId
    ] || {};
  const found = {};
  for (const [area, value] of Object.entries(source)) {
    const owner = ownerOf(value);
    if (owner) found[area] = owner;
  }
  return found;
}
