function readConfig(input) {
  return input;
}

function hashPassword(input) {
  return input;
}

module.exports = { readConfig, hashPassword };
