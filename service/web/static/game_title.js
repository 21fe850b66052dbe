// A game as pages and lists name it: its title, or for a game recorded without one the seats it is played by
// ("Untitled game: Stark, Lannister, Baratheon"), never its id alone (the id stays in the address).
export function gameTitle(game) {
  if (game.title) return game.title;
  const seats = (game.seats || []).map((s) => s.name || s.seat).join(", ");
  return seats ? `Untitled game: ${seats}` : "Untitled game";
}
