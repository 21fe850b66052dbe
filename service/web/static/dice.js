// Server dice proved in the browser (DESIGN §6, domain/dice.py): the revealed seed against the commitment
// published at the game's creation, and each roll re-derived with Web Crypto's HMAC-SHA256 — the reader's own
// computer checks the server, which it need not trust.
const encoder = new TextEncoder();

function bytesOf(hex) {
  return new Uint8Array(hex.match(/../g).map((pair) => parseInt(pair, 16)));
}

function hexOf(buffer) {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function commitmentOf(seedHex) {
  return hexOf(await crypto.subtle.digest("SHA-256", bytesOf(seedHex)));
}

// Roll k: HMAC-SHA256(seed, "<game id>:<k>:<client seeds>"), the first digest byte below 252 gives b % 6 + 1;
// when all 32 are rejected, re-hash with ":<attempt>" appended (domain/dice.py, step 5).
export async function face(seedHex, gameId, k, clientSeeds) {
  const key = await crypto.subtle.importKey("raw", bytesOf(seedHex), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const seeds = Object.keys(clientSeeds).sort().map((seat) => `${seat}=${clientSeeds[seat]}`).join(",");
  const message = `${gameId}:${k}:${seeds}`;
  for (let attempt = 0; attempt < 1000; attempt += 1) {
    const text = attempt ? `${message}:${attempt}` : message;
    const digest = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(text)));
    for (const byte of digest) if (byte < 252) return (byte % 6) + 1;
  }
  throw new Error("no face after 1000 attempts");
}

// What the dice of an action's events show: each roll with its expected face once the seed is revealed.
export async function proveRolls(dice, rolls) {
  if (!dice.seed) return { revealed: false, commitment: dice.commitment, rolls };
  const commitmentOk = (await commitmentOf(dice.seed)) === dice.commitment;
  const checked = [];
  for (const roll of rolls) {
    const expected = [];
    for (let i = 0; i < roll.faces.length; i += 1) expected.push(await face(dice.seed, dice.gameId, roll.first_k + i, dice.clientSeeds));
    checked.push({ ...roll, expected, ok: expected.every((f, i) => f === roll.faces[i]) });
  }
  return { revealed: true, commitment: dice.commitment, commitmentOk, rolls: checked };
}
