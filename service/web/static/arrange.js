// The game page's regions in the order a reader at that width goes through them. Beside the board (a wide screen)
// the Record panel heads the right column, in sight while the map is read. On a phone the page is one column: the
// status first (whose turn, what phase), then the board, the replay, the chapters, the notation and the ruling of
// the line picked, and the Record panel after them, a tap away by the "Record ↓" link at the top, so that the
// game's history is not pushed below a panel a screen or more long. The nodes move, rather than CSS reordering
// them, so the keyboard's and a screen reader's order are the order seen.
const NARROW = "(max-width: 900px)"; // annals.css's one-column width

export function arrange(root) {
  const media = matchMedia(NARROW);
  const $ = (id) => document.getElementById(id);
  const place = () => {
    const active = document.activeElement;
    const boardSide = root.querySelector(".board-side");
    const recordSide = root.querySelector(".record-side");
    const status = root.querySelector("section.status");
    if (media.matches) {
      boardSide.prepend(status);
      recordSide.append($("chapters"), $("notation"), $("audit"), $("recorder"), $("notes"));
    } else {
      boardSide.append(status);
      recordSide.append($("recorder"), $("chapters"), $("notation"), $("notes"), $("audit"));
    }
    // A node moved loses the focus it held: a phone turned sideways keeps the control the finger was on.
    if (active && active !== document.activeElement && root.contains(active)) active.focus({ preventScroll: true });
  };
  place();
  media.addEventListener("change", place);
}
