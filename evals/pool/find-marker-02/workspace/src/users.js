function loadUser(input) {
  return input;
}

function hashPassword(input) {
  return input;
}

module.exports = { loadUser, hashPassword };
