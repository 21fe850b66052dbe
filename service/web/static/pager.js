// A list page's pager (the tournaments list, the leaderboard): its filter form's submit and First page load the list
// from its start, Next page from the cursor the API gave (`next`); a failed load shows the problem's words.
export function pager(form, error, load) {
  const nextButton = document.getElementById("next-page");
  const firstButton = document.getElementById("first-page");
  let next = null;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    load(null);
  });
  nextButton.addEventListener("click", () => load(next));
  firstButton.addEventListener("click", () => load(null));
  return {
    // A page was shown: `cursor` is its `next`, `after` the cursor it was loaded from.
    shown(cursor, after) {
      next = cursor;
      nextButton.disabled = !next;
      firstButton.disabled = !after;
    },
    failed(problem) {
      error.textContent = problem.message;
      error.hidden = false;
    },
  };
}
