// The SVG board: areas at their drawing positions, edges by kind, castles and home areas, control by colour
// and letter (readable in grey scale), pieces by seat and arm with counts. Pieces carry data attributes
// (data-area, data-seat, data-arm, data-count) so that tests and assistive tools read what is drawn.
import { svg } from "./dom.js";

const PALETTE = ["#c0392b", "#2c6fbb", "#2e8b57", "#d4a017", "#7d3c98", "#d35400", "#17a2b8", "#6d4c41"];
const NEUTRAL = "#8a8a8a";
const AREA_R = 16;
const TILE_W = 30;
const TILE_H = 14;

// Seat -> {colour, letter}; letters are unique so that grey-scale prints still tell seats apart.
export function seatStyles(seats) {
  const styles = {};
  const used = new Set();
  seats.forEach((seat, index) => {
    let letter = seat[0].toUpperCase();
    for (const candidate of seat.toUpperCase()) {
      if (!used.has(letter)) break;
      letter = candidate;
    }
    if (used.has(letter)) letter = String(index + 1);
    used.add(letter);
    styles[seat] = { colour: PALETTE[index % PALETTE.length], letter };
  });
  return styles;
}

function styleOf(styles, owner) {
  if (styles[owner]) return styles[owner];
  const name = String(owner).replace(/^neutral:/, "");
  return { colour: NEUTRAL, letter: owner === "royal" ? "R" : name.startsWith("neutral") || owner.startsWith("neutral") ? "N" : name[0].toUpperCase() };
}

export function armLetter(arm) {
  return { cavalry: "c", infantry: "i", archer: "a", lord: "L", knight: "K", footman: "f", ship: "s", siege_engine: "e" }[arm] || arm.slice(0, 2);
}

function box(x, y, w, h) {
  return { left: x, top: y, right: x + w, bottom: y + h };
}

// Where an area's name may stand, in the order tried, each with the box it covers (the baseline sits at 80 % of the
// text's height).
function labelPlaces(area, w, h) {
  const place = (anchor, x, y) => {
    const left = anchor === "middle" ? area.x + x - w / 2 : anchor === "start" ? area.x + x : area.x + x - w;
    return { anchor, x, y, at: box(left, area.y + y - 0.8 * h, w, h) };
  };
  const above = -AREA_R - 4;
  return [
    place("middle", 0, above),
    place("start", AREA_R + 3, 4),
    place("end", -AREA_R - 3, 4),
    place("start", -AREA_R / 2, above),
    place("end", AREA_R / 2, above),
    place("middle", 0, above - h),
  ];
}

// Closer than `gap` counts as touching: two names a hair apart read as one.
function overlaps(a, b, gap = 3) {
  return a.left < b.right + gap && b.left < a.right + gap && a.top < b.bottom && b.top < a.bottom;
}

export class Board {
  // `names`: seat -> the name people call it (the game resource's seats' `name`), for what a screen reader says.
  constructor(root, drawing, rulesetId, seats, names = {}) {
    this.root = root;
    this.names = names;
    this.drawing = drawing;
    this.rulesetId = rulesetId;
    this.styles = seatStyles(seats);
    this.areas = new Map();
    this.draw();
  }

  // Each area's neighbours: the areas an edge of the board joins it to, of any kind (the rules judge the crossing),
  // and a city and the region it lies `within`.
  neighbours() {
    const found = new Map(this.drawing.areas.map((a) => [a.id, new Set()]));
    const within = this.drawing.areas.filter((area) => area.within).map((area) => ({ a: area.id, b: area.within }));
    for (const { a, b } of [...this.drawing.edges, ...within]) {
      found.get(a)?.add(b);
      found.get(b)?.add(a);
    }
    return found;
  }

  draw() {
    // The view box hugs the areas, so that a wide map is not drawn in a square of empty paper.
    const xs = this.drawing.areas.map((a) => a.x);
    const ys = this.drawing.areas.map((a) => a.y);
    const [left, top] = [Math.min(...xs, 0) - 70, Math.min(...ys, 0) - 40];
    const [width, height] = [Math.max(...xs, 1) - left + 70, Math.max(...ys, 1) - top + 70];
    this.root.setAttribute("viewBox", `${left} ${top} ${width} ${height}`);
    // A group, not an image: an image's parts are hidden from screen readers, and its areas are named controls
    // while a map mark is drawn (notes.js).
    this.root.setAttribute("role", "group");
    this.root.setAttribute("aria-label", `Board: ${this.drawing.name || "map"}`);
    const at = new Map(this.drawing.areas.map((a) => [a.id, a]));
    const edges = svg("g", { class: "edges" });
    for (const edge of this.drawing.edges) {
      const a = at.get(edge.a);
      const b = at.get(edge.b);
      if (!a || !b) continue;
      const kind = String(edge.kind).replace(/[^a-z0-9_-]/gi, "");
      edges.append(svg("line", { class: `edge edge-${kind}`, x1: a.x, y1: a.y, x2: b.x, y2: b.y, "data-kind": edge.kind }));
    }
    const areas = svg("g", { class: "areas" });
    for (const area of this.drawing.areas) areas.append(this.drawArea(area));
    const head = svg("marker", { id: "arrowhead", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 6, markerHeight: 6, orient: "auto" }, svg("path", { d: "M0,0 L10,5 L0,10 z" }));
    this.root.replaceChildren(svg("defs", {}, head), svg("g", { class: "map" }, edges, areas), svg("g", { class: "marks" }));
    this.untangleLabels();
  }

  // A name drawn above its spot that would cover a neighbour's name or spot ("Dragonstone" over "Port of Dragonstone")
  // moves to the right of its spot, else to the left, else above but leaning right or left, else a line higher: each
  // name in turn takes the first place that covers fewest names and spots, against where the others stand, in a few
  // rounds (a name moved aside can free its neighbour's place above). The board must be in the page to be measured:
  // if it is not, every name stays above.
  untangleLabels() {
    if (!this.root.isConnected) return;
    const spots = this.drawing.areas.map((a) => box(a.x - AREA_R, a.y - AREA_R, 2 * AREA_R, 2 * AREA_R));
    const names = [];
    for (const area of this.drawing.areas) {
      const { label } = this.areas.get(area.id);
      const size = label.getBBox();
      if (!size.width) return; // not rendered (hidden): nothing to measure
      names.push({ label, places: labelPlaces(area, size.width, size.height) });
    }
    const at = names.map((name) => name.places[0]);
    const covered = (index, place) =>
      at.filter((other, i) => i !== index && overlaps(place.at, other.at)).length + spots.filter((spot) => overlaps(place.at, spot)).length;
    for (let round = 0; round < 3; round++) {
      names.forEach((name, index) => {
        at[index] = name.places.reduce((best, place) => (covered(index, place) < covered(index, best) ? place : best), at[index]);
      });
    }
    names.forEach(({ label }, index) => {
      label.setAttribute("text-anchor", at[index].anchor);
      label.setAttribute("x", at[index].x);
      label.setAttribute("y", at[index].y);
    });
  }

  drawArea(area) {
    const kind = String(area.kind || "land").replace(/[^a-z0-9_-]/gi, "");
    const group = svg("g", { class: `area area-${kind}`, "data-area": area.id, transform: `translate(${area.x} ${area.y})`, tabindex: -1, "aria-label": area.name });
    group.append(svg("title", { text: area.name }));
    const home = this.styles[area.home];
    if (home) group.append(svg("circle", { class: "home", r: AREA_R + 5, stroke: home.colour }));
    const shape = area.castle
      ? svg("rect", { class: "spot castle", x: -AREA_R, y: -AREA_R, width: 2 * AREA_R, height: 2 * AREA_R, rx: 3 })
      : svg("circle", { class: "spot", r: AREA_R });
    const owner = svg("text", { class: "owner", y: 5, "text-anchor": "middle" });
    const label = svg("text", { class: "label", y: -AREA_R - 4, "text-anchor": "middle", text: area.name });
    const pieces = svg("g", { class: "pieces", transform: `translate(0 ${AREA_R + 4})` });
    group.append(shape, owner, label, pieces);
    this.areas.set(area.id, { group, shape, owner, label, pieces, name: area.name });
    return group;
  }

  // Show one view: who controls each area and which pieces stand in it.
  show(control, pieces) {
    this.arms = new Set([...(this.arms || []), ...pieces.map((p) => p.arm)]);
    for (const [id, drawn] of this.areas) {
      const owner = control[id];
      const style = owner ? styleOf(this.styles, owner) : null;
      drawn.shape.setAttribute("fill", style ? style.colour : "#f4f1ea");
      drawn.owner.textContent = style ? style.letter : "";
      if (owner) drawn.group.setAttribute("data-control", owner);
      else drawn.group.removeAttribute("data-control");
      drawn.pieces.replaceChildren();
    }
    const placed = new Map();
    for (const piece of pieces) {
      const drawn = this.areas.get(piece.area);
      if (!drawn) continue;
      const here = placed.get(piece.area) || [];
      placed.set(piece.area, [...here, `${this.nameOf(piece.seat)} ${piece.count} ${piece.arm}`]);
      drawn.pieces.append(this.tile(piece, here.length));
    }
    // What a screen reader says on an area: its name, who holds it, what stands in it.
    for (const [id, drawn] of this.areas) {
      const held = control[id] ? `, held by ${this.nameOf(control[id])}` : "";
      const standing = placed.has(id) ? `; ${placed.get(id).join(", ")}` : "";
      drawn.group.setAttribute("aria-label", `${drawn.name}${held}${standing}`);
    }
  }

  tile(piece, index) {
    const style = styleOf(this.styles, piece.seat);
    const x = (index % 3) * (TILE_W + 2) - (3 * TILE_W) / 2;
    const y = Math.floor(index / 3) * (TILE_H + 2);
    return svg(
      "g",
      { class: "piece", "data-area": piece.area, "data-seat": piece.seat, "data-arm": piece.arm, "data-count": piece.count, transform: `translate(${x} ${y})` },
      svg("title", { text: `${this.nameOf(piece.seat)} ${piece.arm} × ${piece.count}` }),
      svg("rect", { width: TILE_W, height: TILE_H, rx: 2, fill: style.colour }),
      svg("text", { x: TILE_W / 2, y: TILE_H - 3, "text-anchor": "middle", text: `${style.letter}${piece.count}${armLetter(piece.arm)}` }),
    );
  }

  // Each arm shown so far with the letters its tiles carry ("i infantry"), for the legend.
  armLegend() {
    return [...(this.arms || [])].sort().map((arm) => ({ arm, letter: armLetter(arm) }));
  }

  // An area by the name the board's drawing gives it.
  areaName(id) {
    return this.areas.get(id)?.name || String(id).replace(/_/g, " ");
  }

  nameOf(seat) {
    return this.names[seat] || seat;
  }

  legend() {
    return Object.entries(this.styles).map(([seat, style]) => ({ seat, ...style }));
  }
}

const ZOOMS = [1, 1.5, 2, 3, 4];

// Zoom for a map whose labels a phone draws a few pixels high: the board is drawn wider than its frame, which
// scrolls (a finger pans it); the point at the frame's centre stays there. "Fit" shows the whole map again.
export function wireZoom(frame, board, controls) {
  let level = 0;
  const apply = (next) => {
    const centre = [(frame.scrollLeft + frame.clientWidth / 2) / frame.scrollWidth, (frame.scrollTop + frame.clientHeight / 2) / frame.scrollHeight];
    level = Math.max(0, Math.min(ZOOMS.length - 1, next));
    const zoom = ZOOMS[level];
    board.style.width = `${zoom * 100}%`;
    board.style.maxWidth = zoom === 1 ? "" : "none";
    board.style.maxHeight = zoom === 1 ? "" : "none";
    frame.dataset.zoom = String(zoom);
    controls.level.textContent = `${Math.round(zoom * 100)}%`;
    controls.out.disabled = level === 0;
    controls.fit.disabled = level === 0;
    controls.in.disabled = level === ZOOMS.length - 1;
    frame.scrollLeft = centre[0] * frame.scrollWidth - frame.clientWidth / 2;
    frame.scrollTop = centre[1] * frame.scrollHeight - frame.clientHeight / 2;
  };
  controls.in.addEventListener("click", () => apply(level + 1));
  controls.out.addEventListener("click", () => apply(level - 1));
  controls.fit.addEventListener("click", () => apply(0));
  apply(0);
}
