// A game's history for one viewer, from the replay frames (GET /api/v1/games/{id}/replay): every version's view
// is rebuilt from a checkpoint and the frames' patches held in the page, so that stepping never refetches.
import { getJson } from "./session.js";
import { applyPatch } from "./patch.js";

const CHUNK = 1000; // the most frames the API gives in one request
// One whole state is kept every CHECKPOINT versions; any other is rebuilt from the one before it and at most
// CHECKPOINT - 1 patches, so opening a long game clones a few dozen states, not one per version.
const CHECKPOINT = 32;

export class Replay {
  constructor(gameId, viewer) {
    this.gameId = gameId;
    this.viewer = viewer;
    this.lines = [null]; // lines[v] is {version, type, notation, bookmarks}
    this.deltas = [null]; // deltas[v] turns the view after v - 1 into the view after v
    this.checkpoints = new Map(); // version -> the view after it, never handed out (callers get copies)
    this.newest = null; // the view after the last version, patched in place as frames arrive
    this.cached = null; // the last view rebuilt, {version, view}
  }

  get last() {
    return this.lines.length - 1;
  }

  // Read versions 1..until (the first call) or last+1..until (a live game that moved on).
  async extend(until) {
    const base = encodeURIComponent(this.gameId);
    while (this.last < until) {
      const from = Math.max(1, this.last);
      const to = Math.min(until, from + CHUNK);
      const params = new URLSearchParams({ from: String(from), to: String(to), as: this.viewer });
      const page = await getJson(`/api/v1/games/${base}/replay?${params}`);
      if (this.last === 0) {
        this.newest = page.initial;
        this.checkpoints.set(1, structuredClone(page.initial));
        this.deltas.push(null);
        this.lines.push({ version: 1, type: "GameCreated", notation: "the game is created", bookmarks: [] });
      }
      for (const frame of page.frames) {
        if (frame.version <= this.last) continue;
        this.newest = applyPatch(this.newest, frame.delta);
        this.deltas.push(frame.delta);
        this.lines.push(frame);
        if (frame.version % CHECKPOINT === 0) this.checkpoints.set(frame.version, structuredClone(this.newest));
      }
      this.cached = null;
      if (from === to) break;
    }
  }

  // The view after `version`: a copy of the nearest checkpoint at or before it, patched forward.
  state(version) {
    if (this.cached && this.cached.version === version) return this.cached.view;
    let view;
    if (version === this.last) {
      view = structuredClone(this.newest);
    } else {
      const start = Math.max(1, version - (version % CHECKPOINT));
      view = structuredClone(this.checkpoints.get(start));
      for (let v = start + 1; v <= version; v += 1) view = applyPatch(view, this.deltas[v]);
    }
    this.cached = { version, view };
    return view;
  }
}

// Facts the frames do not carry: which versions record an action (the audit's key) and which deviate.
// `known` holds the facts read before (a live game reads only its new events).
export async function eventFacts(gameId, until, known = new Map()) {
  const facts = new Map(known);
  const versions = [...known.keys()].filter((k) => typeof k === "number");
  let after = versions.length ? Math.max(...versions) : 0;
  while (after < until) {
    const page = await getJson(`/api/v1/games/${encodeURIComponent(gameId)}/events?after=${after}&limit=${CHUNK}`);
    for (const event of page.items) {
      const metadata = event.metadata || {};
      facts.set(event.version, {
        action: Boolean(metadata.action),
        deviations: metadata.deviations || [],
        adjusted: event.type === "StateAdjusted",
        corrected: event.type === "CorrectionApplied",
        // What a ruling's correction strikes: the page draws those versions' lines struck through.
        correction: event.type === "CorrectionApplied" && event.data ? { dispute: event.data.dispute, ruling: event.data.ruling, strikes: event.data.strikes || [] } : null,
        roll: event.type === "DiceRolled" && event.data ? { version: event.version, first_k: event.data.first_k, faces: event.data.faces } : null,
      });
      noteDice(facts, event);
    }
    if (!page.items.length || !page.next) break;
    after = page.items[page.items.length - 1].version;
  }
  return facts;
}

// The game-wide facts of server dice, kept on the map under the key "dice": the commitment and the id rolls
// derive under (GameCreated), the client seeds (ClientSeedAdded) and the seed once revealed (DiceSeedRevealed).
function noteDice(facts, event) {
  const dice = facts.get("dice") || { commitment: null, gameId: null, seed: null, clientSeeds: {} };
  const data = event.data || {};
  if (event.type === "GameCreated" && data.dice === "server") {
    dice.commitment = data.dice_commitment;
    dice.gameId = data.dice_game_id || data.game_id;
  } else if (event.type === "ClientSeedAdded") dice.clientSeeds[data.seat] = data.client_seed;
  else if (event.type === "DiceSeedRevealed") dice.seed = data.seed;
  else return;
  facts.set("dice", dice);
}

// The rolls of the action at `actionAt`: its own event and those after it, until the next action.
export function rollsOf(facts, actionAt) {
  const rolls = [];
  for (let v = actionAt; facts.has(v); v += 1) {
    if (v > actionAt && facts.get(v).action) break;
    if (facts.get(v).roll) rolls.push(facts.get(v).roll);
  }
  return rolls;
}

// The version whose action produced `version`'s event: the nearest version at or before it with an action.
export function actionVersion(facts, version) {
  for (let v = version; v >= 1; v -= 1) if (facts.get(v)?.action) return v;
  return null;
}

// The versions a ruling's correction has struck, each with that ruling: only a dispute's newest correction counts, as
// it strikes all of the dispute's earlier corrections again (service/corrections.py), and an upheld appeal, which does
// not strike the disputed action again, leaves that action standing.
export function struckVersions(facts) {
  const newest = new Map(); // dispute -> its newest correction
  const versions = [...facts.keys()].filter((k) => typeof k === "number").sort((a, b) => a - b);
  for (const v of versions) if (facts.get(v).correction) newest.set(facts.get(v).correction.dispute, facts.get(v).correction);
  const struck = new Map();
  for (const correction of newest.values()) {
    for (const [first, last] of correction.strikes) for (let v = first; v <= last; v += 1) struck.set(v, correction);
  }
  return struck;
}
