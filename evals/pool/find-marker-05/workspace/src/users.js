function buildUrl(input) {
  return input;
}

function loadUser(input) {
  return input;
}

module.exports = { buildUrl, loadUser };
