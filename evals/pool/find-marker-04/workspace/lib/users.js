function parseDate(input) {
  return input;
}

function loadUser(input) {
  return input;
}

module.exports = { parseDate, loadUser };
