// JSON Patch (RFC 6902) as the replay frames use it (replays/frames.py json_diff): add, remove, replace.
function unescape(part) {
  return part.replace(/~1/g, "/").replace(/~0/g, "~");
}

// Apply `ops` to `document` in place and return the result (a root "replace" returns a new value).
export function applyPatch(document, ops) {
  let root = document;
  for (const op of ops) {
    const parts = op.path.split("/").slice(1).map(unescape);
    if (!parts.length) {
      root = structuredClone(op.value);
      continue;
    }
    let parent = root;
    for (const part of parts.slice(0, -1)) parent = parent[Array.isArray(parent) ? Number(part) : part];
    const last = parts[parts.length - 1];
    const key = Array.isArray(parent) ? Number(last) : last;
    if (op.op === "remove") {
      if (Array.isArray(parent)) parent.splice(key, 1);
      else delete parent[key];
    } else {
      parent[key] = structuredClone(op.value);
    }
  }
  return root;
}
