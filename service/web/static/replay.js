// A game's history for one viewer, from the replay frames: every version's view, built once by applying
// the frames' patches, so that stepping never refetches (GET /api/v1/games/{id}/replay).
import { getJson } from "./session.js";
import { applyPatch } from "./patch.js";

const CHUNK = 1000; // the most frames the API gives in one request

export class Replay {
  constructor(gameId, viewer) {
    this.gameId = gameId;
    this.viewer = viewer;
    this.states = [null]; // states[v] is the view after version v
    this.lines = [null]; // lines[v] is {version, type, notation, bookmarks}
  }

  get last() {
    return this.states.length - 1;
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
        this.states.push(page.initial);
        this.lines.push({ version: 1, type: "GameCreated", notation: "the game is created", bookmarks: [] });
      }
      for (const frame of page.frames) {
        if (frame.version <= this.last) continue;
        this.states.push(applyPatch(structuredClone(this.states[this.last]), frame.delta));
        this.lines.push(frame);
      }
      if (from === to) break;
    }
  }
}

// Facts the frames do not carry: which versions record an action (the audit's key) and which deviate.
// `known` holds the facts read before (a live game reads only its new events).
export async function eventFacts(gameId, until, known = new Map()) {
  const facts = new Map(known);
  let after = known.size ? Math.max(...known.keys()) : 0;
  while (after < until) {
    const page = await getJson(`/api/v1/games/${encodeURIComponent(gameId)}/events?after=${after}&limit=${CHUNK}`);
    for (const event of page.items) {
      const metadata = event.metadata || {};
      facts.set(event.version, {
        action: Boolean(metadata.action),
        deviations: metadata.deviations || [],
        adjusted: event.type === "StateAdjusted",
        corrected: event.type === "CorrectionApplied",
      });
    }
    if (!page.items.length || !page.next) break;
    after = page.items[page.items.length - 1].version;
  }
  return facts;
}

// The version whose action produced `version`'s event: the nearest version at or before it with an action.
export function actionVersion(facts, version) {
  for (let v = version; v >= 1; v -= 1) if (facts.get(v)?.action) return v;
  return null;
}
