// Entrants by player id as a director tells them apart (qatd): a name two entrants share, case and spacing aside
// (two people of one name, registered with `different_person` or another club), is followed by the club when the
// clubs tell them apart ("Ann (Szeged)"), else by the player id's first 8 characters, as `annals tournament pair`
// prints them ("Gábor Kiss (62af942e)"). Every other entrant is their name alone.
export function entrantNames(entrants) {
  const sameName = (name) => (name || "").split(/\s+/).filter(Boolean).join(" ").toLowerCase();
  const groups = new Map();
  entrants.forEach((e) => groups.set(sameName(e.name), [...(groups.get(sameName(e.name)) || []), e]));
  const names = {};
  groups.forEach((group) => {
    const byClub = group.every((e) => e.club) && new Set(group.map((e) => e.club.toLowerCase())).size === group.length;
    group.forEach((e) => {
      const told = byClub ? e.club : e.player_id.slice(0, 8);
      names[e.player_id] = group.length > 1 ? `${e.name} (${told})` : e.name;
    });
  });
  return names;
}

// The seat a player holds at a round's table by the name players call it ("Felvidék", "Stark"; the round's
// `seat_names`), its id when the answer names none.
export function seatName(table, player) {
  const seat = table.seats[player];
  return seat === undefined ? "" : (table.seat_names || {})[seat] || seat;
}
