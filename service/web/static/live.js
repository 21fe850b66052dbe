// Following a game in progress: GET /api/v1/games/{id}/stream (Server-Sent Events) read with fetch, so that
// the token goes in a header (EventSource cannot send one), resuming with Last-Event-ID after a drop.
import { authHeaders, noteRefusal } from "./session.js";

const RETRY_MS = 2000;
// Answers that a retry cannot change: the token is refused (401; each retry would count as another failed
// authentication of the venue's address, which locks every token there out), may not read (403), or no game (404).
const FINAL = new Set([401, 403, 404]);

function parse(block) {
  const event = { id: null, type: "message", data: "" };
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) continue;
    const [field, ...rest] = line.split(":");
    const value = rest.join(":").replace(/^ /, "");
    if (field === "id") event.id = value;
    else if (field === "event") event.type = value;
    else if (field === "data") event.data += value;
  }
  return event;
}

// Calls onEvents(lastVersion) after each batch of events; onState(text) says whether the page is connected.
export function follow(gameId, lastSeen, onEvents, onState) {
  let last = lastSeen;
  let stopped = false;
  const controller = new AbortController();

  async function once() {
    const headers = authHeaders({ Accept: "text/event-stream", "Last-Event-ID": String(last) });
    const response = await fetch(`/api/v1/games/${encodeURIComponent(gameId)}/stream`, { headers, signal: controller.signal });
    noteRefusal(response);
    if (FINAL.has(response.status)) {
      stopped = true;
      onState(`not following: HTTP ${response.status}`);
      return;
    }
    if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
    onState("live");
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      const blocks = buffer.split("\n\n");
      buffer = blocks.pop();
      let newest = last;
      for (const block of blocks) {
        const event = parse(block);
        if (event.id !== null && Number(event.id) > newest) newest = Number(event.id);
      }
      if (newest > last) {
        last = newest;
        await onEvents(last);
      }
    }
  }

  async function loop() {
    while (!stopped) {
      try {
        await once();
      } catch (error) {
        if (stopped) return;
        onState("reconnecting…");
      }
      if (!stopped) await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  loop();
  return () => {
    stopped = true;
    controller.abort();
  };
}
