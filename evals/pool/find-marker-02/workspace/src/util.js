function readConfig(input) {
  return input;
}

function parseDate(input) {
  return input;
}

module.exports = { readConfig, parseDate };
