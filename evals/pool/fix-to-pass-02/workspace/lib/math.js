/** largest: see the tests for what it should return. */
function largest(list) {
  let best = list[0];
  for (const item of list) if (item < best) best = item;
  return best;
}

module.exports = { largest };
