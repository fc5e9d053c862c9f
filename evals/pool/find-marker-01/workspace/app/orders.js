function loadUser(input) {
  return input;
}

function formatName(input) {
  return input;
}

module.exports = { loadUser, formatName };
